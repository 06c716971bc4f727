import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { voyageSchedules, waybills } from "../../../db/schema/index.ts";
import type { DemoContext } from "../manifest.ts";
import { createCroAccounting, generateWaybillInvoices, postCro } from "./invoices/service.ts";

/**
 * The accounting part of the demo line, on the waybill the outbound demo made (its charges split between Manila
 * and Cebu): the Manila cashier bills the prepaid side and posts it (no BASE is configured, so its postings wait
 * HELD on the postings screen), and Cebu's billing of the collect side is generated and still Draft. The voyage
 * being loaded has its prepaid waybills billed too, not yet posted, so the cashiers have invoices to collect.
 */
export async function seedDemoAccounting(db: Db, { people }: DemoContext): Promise<Record<string, number>> {
  const { cashier } = people;
  const [waybill] = await db.select({ voyageNum: waybills.voyageNum, origin: waybills.branchCode, destination: waybills.destinationBranchCode })
    .from(waybills).innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .where(and(eq(voyageSchedules.voyageRef, "DEMO-OPEN"))).orderBy(asc(waybills.id)).limit(1);
  if (!waybill) return { croAccountings: 0, invoices: 0 };
  const origin = (await createCroAccounting(db, cashier, { voyageNum: waybill.voyageNum, branchCode: waybill.origin, side: "Origin", remarks: "" })).data;
  const prepaid = await generateWaybillInvoices(db, cashier, origin.id, {});
  await postCro(db, cashier, origin.id, null);
  const destination = (await createCroAccounting(db, cashier, {
    voyageNum: waybill.voyageNum, branchCode: waybill.destination, side: "Destination", remarks: "Collect charges, billed on arrival",
  })).data;
  const collect = await generateWaybillInvoices(db, cashier, destination.id, {});
  let croAccountings = 2;
  let invoices = prepaid.data.length + collect.data.length;
  const [loading] = await db.select({ voyageNum: voyageSchedules.voyageNum, origin: voyageSchedules.originBranchCode }).from(voyageSchedules)
    .where(eq(voyageSchedules.voyageRef, "DEMO-LOADING"));
  if (loading) {
    const record = (await createCroAccounting(db, cashier, { voyageNum: loading.voyageNum, branchCode: loading.origin, side: "Origin", remarks: "" })).data;
    invoices += (await generateWaybillInvoices(db, cashier, record.id, {})).data.length;
    croAccountings += 1;
  }
  return { croAccountings, invoices };
}
