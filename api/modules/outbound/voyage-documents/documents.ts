import type { Db } from "../../../../db/client.ts";
import type { BranchScope } from "../../../shared/branch-scope.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { VoyageReportName } from "./rules.ts";
import { voyageReport } from "./service.ts";

/**
 * The voyage's printout and workbooks, each built by its entry of templates/builders.ts from the one report of
 * service.ts. The build-up printout of someone who is not DAT staff is a copy (COPY on every page); the CLI,
 * which is nobody's, prints the original.
 */

export interface ReportReader extends BranchScope {
  isDat: boolean;
}

/** The build-up report (A4 landscape PDF). */
export async function buildupPdf(db: Db, reader: ReportReader, voyageNum: string): Promise<DownloadFile> {
  return await buildDocument("buildupReport", { ...(await voyageReport(db, voyageNum, reader)), copy: !reader.isDat });
}

/** Buildup.xlsx: every waybill of the voyage. */
export async function buildupWorkbook(db: Db, scope: BranchScope, voyageNum: string): Promise<DownloadFile> {
  return await buildDocument("buildupWorkbook", await voyageReport(db, voyageNum, scope));
}

/** Coasting_Manifest.xlsx: the cargo counted onto the vessel. */
export async function coastingManifest(db: Db, scope: BranchScope, voyageNum: string): Promise<DownloadFile> {
  return await buildDocument("coastingManifest", await voyageReport(db, voyageNum, scope));
}

/** Loading_Report.xlsx: the full vans by size ('3 x 20 FULLS LOADED'), rolling cargo and breakbulk. */
export async function loadingReport(db: Db, scope: BranchScope, voyageNum: string): Promise<DownloadFile> {
  return await buildDocument("loadingReport", await voyageReport(db, voyageNum, scope));
}

/** The empty container report ('2 x 20 EMPTIES'). */
export async function emptyContainerReport(db: Db, scope: BranchScope, voyageNum: string): Promise<DownloadFile> {
  return await buildDocument("emptyContainerReport", await voyageReport(db, voyageNum, scope));
}

/** The cargo costing manifest: each waybill's charges by part and payment side, with totals. */
export async function costingManifest(db: Db, scope: BranchScope, voyageNum: string): Promise<DownloadFile> {
  return await buildDocument("costingManifest", await voyageReport(db, voyageNum, scope));
}

/** A file of a report and what it counts, for the line the CLI prints ("Wrote 3 waybills to ./Buildup.xlsx"). */
export interface ReportFile {
  report: VoyageReportName;
  file: DownloadFile;
  count: number;
  noun: string;
}

/**
 * Every file of the named reports, from one reading of the voyage (`lading export voyage`): the build-up gives
 * its printout and its workbook, each other report its workbook.
 */
export async function voyageReportFiles(db: Db, reader: ReportReader, voyageNum: string, names: readonly VoyageReportName[]): Promise<ReportFile[]> {
  const report = await voyageReport(db, voyageNum, reader);
  const onBoard = report.lines.filter((l) => l.onBoard).length;
  const files: ReportFile[] = [];
  for (const name of names) {
    if (name === "buildup") {
      files.push({ report: name, file: await buildDocument("buildupReport", { ...report, copy: !reader.isDat }), count: report.lines.length, noun: "waybill" });
      files.push({ report: name, file: await buildDocument("buildupWorkbook", report), count: report.lines.length, noun: "waybill" });
    } else if (name === "manifest") files.push({ report: name, file: await buildDocument("coastingManifest", report), count: onBoard, noun: "waybill" });
    else if (name === "loading") files.push({ report: name, file: await buildDocument("loadingReport", report), count: onBoard, noun: "waybill" });
    else if (name === "empties") files.push({ report: name, file: await buildDocument("emptyContainerReport", report), count: report.empties.length, noun: "empty van" });
    else files.push({ report: name, file: await buildDocument("costingManifest", report), count: report.lines.length, noun: "waybill" });
  }
  return files;
}
