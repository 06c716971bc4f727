import { inArray } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { inboundCtsByNum } from "./service.ts";

/**
 * The printed inbound transfer slip: the outbound slip's builder (templates/documents/cargo-transfer-slip.ts) with
 * its inbound variant. A copy (COPY on every page) unless printed by DAT staff.
 */
export async function inboundCtsPdf(db: Db, caller: Caller, ctsNum: string): Promise<DownloadFile> {
  const slip = await inboundCtsByNum(db, ctsNum, caller);
  const names = await db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [slip.branchCode, slip.originBranchCode]));
  const branchName = (code: string) => names.find((b) => b.code === code)?.name ?? code;
  return await buildDocument("cargoTransferSlip", {
    ctsNum: slip.ctsNum,
    status: slip.status,
    dateIssued: slip.dateIssued,
    branchName: branchName(slip.branchCode),
    bookingRef: slip.tandemBookingRef ? `${slip.bookingRef} / ${slip.tandemBookingRef}` : slip.bookingRef,
    voyageNum: slip.voyageNum,
    voyageRef: slip.voyageRef,
    vesselName: slip.vesselName,
    shipperName: slip.shipperName,
    consigneeName: slip.consigneeName,
    destinationName: branchName(slip.branchCode),
    containerVanNum: slip.containerVanNum,
    size: slip.size,
    vanType: "",
    isShipperOwned: false,
    numberOverride: null,
    truckerName: slip.truckerName,
    plateNum: slip.plateNum,
    driver: slip.driver,
    fromCyName: slip.fromCyName,
    toParty: "Consignee",
    toName: slip.toName,
    vanStatus: "Laden",
    damages: [],
    vanLocator: "",
    vanLocatorAmount: "0",
    remarks: slip.remarks,
    issuedBy: slip.issuedByName,
    generatedAt: new Date(),
    copy: !caller.isDat,
    inbound: { wayBillRef: slip.wayBillRef, cargoReleaseOrderId: slip.cargoReleaseOrderId, originName: branchName(slip.originBranchCode), dateTimeOut: slip.dateTimeOut },
  });
}
