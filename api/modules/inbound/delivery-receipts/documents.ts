import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { cdrById } from "./service.ts";

/** The printed cargo delivery receipt (001 §9) with the damage-claim note; a copy (COPY) unless printed by DAT staff. */
export async function cdrPdf(db: Db, caller: Caller, cargoDeliveryReceiptId: string): Promise<DownloadFile> {
  const cdr = await cdrById(db, cargoDeliveryReceiptId, caller);
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.code, cdr.branchCode));
  return await buildDocument("cargoDeliveryReceipt", {
    cargoDeliveryReceiptId: cdr.cargoDeliveryReceiptId,
    dateReleased: cdr.dateReleased,
    branchName: branch?.name ?? cdr.branchCode,
    wayBillRef: cdr.wayBillRef,
    bookingRef: cdr.bookingRef,
    ctsNum: cdr.ctsNum,
    voyageNum: cdr.voyageNum,
    voyageRef: cdr.voyageRef,
    vesselName: cdr.vesselName,
    shipperName: cdr.shipperName,
    consigneeName: cdr.consigneeName,
    consigneeAreaName: cdr.consigneeAreaName,
    containerVanNum: cdr.containerVanNum,
    sealNum: cdr.sealNum,
    goods: cdr.goods,
    truckerName: cdr.truckerName,
    plateNum: cdr.plateNum,
    driver: cdr.driver,
    receivedBy: cdr.receivedBy,
    remarks: cdr.remarks,
    note: cdr.note,
    issuedBy: cdr.issuedByName,
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
