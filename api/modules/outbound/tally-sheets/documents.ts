import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, users, vessels, voyageSchedules } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { LOADING_SIDE, sheetByNum, type TallySide } from "./service.ts";

/** The printed tally sheet: the sheet, its voyage and every van counted on it, in the order they were counted. */
export async function tallySheetPdf(db: Db, caller: Caller, tallySheetNum: string, side: TallySide = LOADING_SIDE): Promise<DownloadFile> {
  const sheet = await sheetByNum(db, tallySheetNum, caller, side);
  const people = [caller.userId, ...(sheet.finalizedBy ? [sheet.finalizedBy] : [])];
  const [[voyage], names, persons] = await Promise.all([
    db.select({ voyageRef: voyageSchedules.voyageRef, vesselName: vessels.name }).from(voyageSchedules)
      .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(eq(voyageSchedules.voyageNum, sheet.voyageNum)),
    db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [sheet.branchCode, sheet.destinationBranchCode])),
    db.select({ userId: users.userId, name: users.name }).from(users).where(inArray(users.userId, people)),
  ]);
  const branchName = (code: string) => names.find((b) => b.code === code)?.name ?? code;
  const person = (userId: string) => persons.find((p) => p.userId === userId)?.name || userId;
  return await buildDocument("tallySheet", {
    tallySheetNum: sheet.tallySheetNum,
    tallySheetType: sheet.tallySheetType,
    status: sheet.status,
    voyageNum: sheet.voyageNum,
    voyageRef: voyage?.voyageRef ?? "",
    vesselName: voyage?.vesselName ?? "",
    branchName: branchName(sheet.branchCode),
    destinationName: branchName(sheet.destinationBranchCode),
    timeStarted: sheet.timeStarted,
    timeFinished: sheet.timeFinished,
    finalized: sheet.dateFinalized ? { at: sheet.dateFinalized, by: person(sheet.finalizedBy ?? "") } : null,
    remarks: sheet.remarks,
    lines: sheet.lines.map((l) => ({
      containerVanNum: l.containerVanNum, containerType: l.containerType, size: l.size, sealNum: l.sealNum, wayBillRef: l.wayBillRef ?? "",
      bookingRef: l.bookingRef ?? "", truckerName: l.truckerName, plateNum: l.plateNum, driver: l.driver, cyPullOutName: l.cyPullOutName,
      timeTallied: l.timeTallied, remarks: l.remarks,
    })),
    printedBy: person(caller.userId),
    generatedAt: new Date(),
  });
}
