import type { Db } from "../../../../db/client.ts";
import type { BranchScope } from "../../../shared/branch-scope.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import { dispatchByNum } from "../../outbound/index.ts";

/**
 * An inbound dispatch list as DeliveryList.xlsx, the delivery list's workbook (the one the bookings' inbound
 * delivery list downloads), built in the document pool: a draft's lines as they stand, a sent list's as sent.
 */
export async function dispatchWorkbook(db: Db, scope: BranchScope, dispatchNum: string): Promise<DownloadFile> {
  const list = await dispatchByNum(db, scope, "Inbound", dispatchNum);
  const lines = list.lines.map((l) => ({
    ...l, pickUpDate: null, pickUpTime: "", truckerName: "", plateNum: "", status: list.status,
  }));
  return await buildDocument("deliveryList", { branchCode: `${list.branchCode} ${list.dispatchNum}`, lines });
}
