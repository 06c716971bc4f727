import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, customers, loadListEntries, loadListReleases, users, waybills } from "../../../../db/schema/index.ts";
import type { BranchScope } from "../../../shared/branch-scope.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import { AppError } from "../../../shared/errors.ts";
import type { Caller } from "../../auth/index.ts";
import type { LoadListLine } from "../../../../templates/documents/load-list.ts";
// One rule names the sheet of every voyage workbook (001 §9), the voyage's documents' own.
import { voyageSheetName } from "../voyage-documents/rules.ts";
import { consigneeNameOnWaybill, shipperNameOnWaybill } from "../../../shared/waybill-names.ts";
import { releaseRecord, voyageHeader, voyageInScope } from "./service.ts";

/**
 * What the load list printout and Load_List.xlsx show: the waybills on the voyage's list now (on a release
 * that was not cancelled), or on the one release asked for, in the order they went on.
 */
async function loadListContent(db: Db, scope: BranchScope, voyageNum: string, releaseId: string) {
  const voyage = await voyageInScope(db, voyageNum, scope);
  const release = releaseId ? await releaseRecord(db, releaseId, scope) : null;
  if (release && release.voyageNum !== voyage.voyageNum) {
    // A release of another voyage is not part of this voyage's list: it answers as one that does not exist.
    throw new AppError("NOT_FOUND", `Release ${releaseId} was not found.`);
  }
  const [header, rows, names] = await Promise.all([
    voyageHeader(db, voyage),
    db.select({
      wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, releaseId: loadListEntries.releaseId,
      shipperName: shipperNameOnWaybill,
      consigneeName: consigneeNameOnWaybill,
      destinationBranchCode: waybills.destinationBranchCode, containerVanNum: waybills.containerVanNum, tandemVan: waybills.tandemContainerVanNum,
      size: waybills.size, sealNum: waybills.sealNum,
      goods: waybills.goods, quantity: waybills.quantity, quantityTeu: waybills.quantityTeu, cargoWeight: waybills.cargoWeight,
      modeOfDelivery: waybills.modeOfDelivery, modeOfPayment: waybills.modeOfPayment, status: waybills.status,
    }).from(loadListEntries)
      .innerJoin(loadListReleases, eq(loadListReleases.releaseId, loadListEntries.releaseId))
      .innerJoin(waybills, eq(waybills.wayBillRef, loadListEntries.wayBillRef))
      .innerJoin(customers, eq(customers.code, waybills.customerCode))
      .where(and(
        eq(loadListReleases.voyageNum, voyage.voyageNum),
        sql`${loadListReleases.releaseType} <> 'Draft'`,
        release ? eq(loadListReleases.releaseId, release.releaseId) : undefined,
        isNull(loadListEntries.dateRemoved),
      ))
      .orderBy(asc(loadListEntries.id)),
    db.select({ code: branches.code, name: branches.name }).from(branches),
  ]);
  const branchName = (code: string) => names.find((b) => b.code === code)?.name ?? code;
  // A tandem waybill's two vans are printed together: "LADU1234565 / LADU1234570".
  const lines: LoadListLine[] = rows.map(({ destinationBranchCode, tandemVan, ...r }) => ({
    ...r, containerVanNum: [r.containerVanNum, tandemVan].filter(Boolean).join(" / "), destination: branchName(destinationBranchCode),
  }));
  return { voyage, header, release, lines };
}

/** The load list of a voyage (or of one release) as a PDF on A4 landscape. */
export async function loadListPdf(db: Db, caller: Caller, voyageNum: string, releaseId: string): Promise<DownloadFile> {
  const [{ header, release, lines }, [person]] = await Promise.all([
    loadListContent(db, caller, voyageNum, releaseId),
    db.select({ name: users.name }).from(users).where(eq(users.userId, caller.userId)),
  ]);
  return await buildDocument("loadList", {
    voyageNum: header.voyageNum,
    voyageRef: header.voyageRef,
    vesselName: header.vesselName,
    routeCode: header.routeCode,
    originName: header.originBranchName,
    destinations: header.destinations.map((d) => d.destinationBranchName),
    estimatedTimeDeparture: header.estimatedTimeDeparture,
    release: release ? { releaseId: release.releaseId, releaseType: release.releaseType } : null,
    lines,
    printedBy: person?.name || caller.userId,
    generatedAt: new Date(),
  });
}

/**
 * Load_List.xlsx: the same waybills, on a sheet named by the voyage workbook rule (001 §9), with how many it lists
 * (the CLI says so). Takes a scope rather than a caller, so the CLI can export any voyage's (EVERY_BRANCH).
 */
export async function loadListWorkbook(db: Db, scope: BranchScope, voyageNum: string, releaseId = ""): Promise<{ file: DownloadFile; waybills: number }> {
  const { voyage, header, release, lines } = await loadListContent(db, scope, voyageNum, releaseId);
  const title = [
    `Load List: ${header.voyageRef} (${header.voyageNum})`,
    header.vesselName,
    [header.originBranchName, ...header.destinations.map((d) => d.destinationBranchName)].join(" to "),
    release ? `release ${release.releaseId} (${release.releaseType})` : "every release",
  ].join(", ");
  const file = await buildDocument("loadListWorkbook", {
    sheetName: voyageSheetName({ remarks: voyage.remarks, voyageNum: voyage.voyageNum, routes: voyage.routeCode, finalTally: voyage.finalTallyAt?.toISOString() ?? null }),
    title,
    lines,
  });
  return { file, waybills: lines.length };
}
