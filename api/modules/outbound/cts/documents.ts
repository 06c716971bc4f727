import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, containerVans, users } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { ctsByNum } from "./service.ts";

/**
 * The printed transfer slip. Staff who are not DAT (documentation) staff print a copy: every page carries COPY,
 * so the original the trucker carries cannot be told apart from a reprint only by someone who should not make one.
 */
export async function ctsSlipFile(db: Db, caller: Caller, ctsNum: string): Promise<DownloadFile> {
  const slip = await ctsByNum(db, ctsNum, caller);
  const [names, [van], people] = await Promise.all([
    db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [slip.branchCode, slip.destinationBranchCode])),
    db.select({ size: containerVans.size, vanType: containerVans.vanType }).from(containerVans).where(eq(containerVans.code, slip.containerVanNum)),
    db.select({ userId: users.userId, name: users.name }).from(users).where(inArray(users.userId, [slip.issuedBy, slip.numberOverrideBy ?? slip.issuedBy])),
  ]);
  const branchName = (code: string) => names.find((b) => b.code === code)?.name ?? code;
  const person = (userId: string) => people.find((p) => p.userId === userId)?.name || userId;
  return await buildDocument("cargoTransferSlip", {
    ctsNum: slip.ctsNum,
    status: slip.status,
    dateIssued: slip.dateIssued,
    branchName: branchName(slip.branchCode),
    bookingRef: slip.bookingRef,
    voyageNum: slip.voyageNum,
    voyageRef: slip.voyageRef,
    vesselName: slip.vesselName,
    shipperName: slip.shipperName,
    consigneeName: slip.consigneeName,
    destinationName: branchName(slip.destinationBranchCode),
    containerVanNum: slip.containerVanNum,
    size: slip.isShipperOwned ? "" : van?.size ?? "",
    vanType: slip.isShipperOwned ? "" : van?.vanType ?? "",
    isShipperOwned: slip.isShipperOwned,
    numberOverride: slip.numberOverrideReason ? { reason: slip.numberOverrideReason, by: person(slip.numberOverrideBy ?? "") } : null,
    truckerName: slip.truckerName,
    plateNum: slip.plateNum,
    driver: slip.driver,
    fromCyName: slip.fromCyName,
    toParty: slip.toParty,
    toName: slip.toName,
    vanStatus: slip.vanStatus,
    damages: slip.damages,
    vanLocator: slip.vanLocator,
    vanLocatorAmount: slip.vanLocatorAmount,
    remarks: slip.remarks,
    issuedBy: person(slip.issuedBy),
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
