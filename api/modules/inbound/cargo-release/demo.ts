import type { Db } from "../../../../db/client.ts";
import { seedDemoCounterPayment } from "../../accounting/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { createCroBody } from "./schemas.ts";
import { croCandidates, createCro } from "./service.ts";

/**
 * The release orders of the demo line, made by the Cebu inbound clerk on the cargo the line has discharged: when
 * nothing waiting is paid yet, the consignee of the first waybill pays its collect side at the counter (the arrival
 * notice told them what is due); the first waybill accounting answers paid is released; the unpaid ones stay
 * waiting, marked so on the screen. With no discharged cargo it makes nothing.
 */
export async function seedDemoReleases(db: Db, ctx: DemoContext): Promise<Record<string, number>> {
  const { people, now } = ctx;
  const clerk = people.inbound;
  let { data } = await croCandidates(db, clerk, "");
  // Told by the arrival notice what is due, the consignee of the first waybill waiting pays at the Cebu counter.
  const first = data.find((c) => !c.paid);
  const counterPayments = first && !data.some((c) => c.paid) ? await seedDemoCounterPayment(db, ctx, first.wayBillRef) : 0;
  if (counterPayments > 0) data = (await croCandidates(db, clerk, "")).data;
  const paid = data.find((c) => c.paid);
  if (paid) {
    await createCro(db, clerk, createCroBody.parse({ wayBillRef: paid.wayBillRef, remarks: "Demo release: the consignee's trucker collects" }), now);
  }
  return { counterPayments, cargoReleaseOrders: paid ? 1 : 0, waybillsWaitingUnpaid: data.filter((c) => !c.paid).length };
}
