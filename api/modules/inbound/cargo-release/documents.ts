import { inArray } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { croById } from "./service.ts";

/** The printed cargo release order (001 §9); a copy (COPY on every page) unless printed by DAT staff. */
export async function croPdf(db: Db, caller: Caller, cargorReleaseOrderId: string): Promise<DownloadFile> {
  const cro = await croById(db, cargorReleaseOrderId, caller);
  const names = await db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [cro.branchCode, cro.originBranchCode]));
  const branchName = (code: string) => names.find((b) => b.code === code)?.name ?? code;
  return await buildDocument("cargoReleaseOrder", {
    cargorReleaseOrderId: cro.cargorReleaseOrderId,
    status: cro.status,
    dateReleased: cro.dateReleased,
    branchName: branchName(cro.branchCode),
    wayBillRef: cro.wayBillRef,
    bookingRef: cro.bookingRef,
    voyageNum: cro.voyageNum,
    voyageRef: cro.voyageRef,
    vesselName: cro.vesselName,
    originName: branchName(cro.originBranchCode),
    shipperName: cro.shipperName,
    consigneeName: cro.consigneeName,
    containerVanNum: cro.containerVanNum,
    sealNum: cro.sealNum,
    size: cro.size,
    goods: cro.goods,
    modeOfPayment: cro.modeOfPayment,
    paidReason: cro.paidReason,
    note: cro.note,
    storageTeu: cro.storageTeu,
    storageDueDate: cro.storageDueDate,
    storagePerDay: cro.storagePerDay,
    storageAmount: cro.storageAmount,
    remarks: cro.remarks,
    releasedBy: cro.releasedByName,
    cleared: cro.cleared,
    clearedBy: cro.clearedByName ?? "",
    cyPullOutName: cro.cyPullOutName ?? "",
    dateCleared: cro.dateCleared,
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
