import type { Db } from "../../../../db/client.ts";
import { type DownloadFile, workbookFile } from "../../../shared/files.ts";
import type { SoundingReportQuery } from "./schemas.ts";
import { soundingReport } from "./service.ts";

/** The monthly sounding report of a vessel as a workbook named for the vessel and the month. */
export async function soundingReportWorkbook(db: Db, query: SoundingReportQuery): Promise<DownloadFile> {
  const [template, report] = await Promise.all([import("../../../../templates/exports/sounding-report.ts"), soundingReport(db, query)]);
  return workbookFile(template.buildSoundingReportWorkbook(report), template.soundingReportFileName(report));
}
