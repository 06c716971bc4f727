import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { shipperOf, vanInById } from "./service.ts";

/** The printed van-in clearance (001 §9), with the detention settled on the return day; a copy unless printed by DAT staff. */
export async function vanInClearancePdf(db: Db, caller: Caller, vanInId: string): Promise<DownloadFile> {
  const vanIn = await vanInById(db, vanInId, caller);
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.code, vanIn.branchCode));
  return await buildDocument("vanInClearance", {
    vanInId: vanIn.vanInId ?? "",
    branchName: branch?.name ?? vanIn.branchCode,
    wayBillRef: vanIn.wayBillRef,
    bookingRef: vanIn.bookingRef,
    tandemBookingRef: vanIn.tandemBookingRef ?? "",
    voyageNum: vanIn.voyageNum,
    shipperName: await shipperOf(db, vanIn.wayBillRef),
    consigneeName: vanIn.consigneeName,
    size: vanIn.size,
    tandemCodeIds: vanIn.tandemCodeIds,
    vanOut: vanIn.vanOut,
    dateReturned: vanIn.dateReturned ?? "",
    cyName: vanIn.cyName ?? vanIn.cyCode ?? "",
    damages: vanIn.damages,
    remarks: vanIn.remarks,
    detentionLastFreeDay: vanIn.detentionLastFreeDay,
    detentionDays: vanIn.detentionDays,
    detentionAmount: vanIn.detentionAmount,
    detentionProblem: vanIn.detentionProblem,
    receivedBy: vanIn.receivedByName ?? "",
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
