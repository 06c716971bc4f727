import type { Db } from "../../../../db/client.ts";
import type { DemoContext } from "../../manifest.ts";
import { createCroBody } from "./schemas.ts";
import { croCandidates, createCro } from "./service.ts";

/**
 * The release orders of the demo line, made by the Cebu inbound clerk on the cargo the line has discharged: the
 * first waybill accounting answers paid is released; the unpaid ones stay waiting, marked so on the screen. With no
 * discharged cargo it makes nothing.
 */
export async function seedDemoReleases(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const clerk = people.inbound;
  const { data } = await croCandidates(db, clerk, "");
  const paid = data.find((c) => c.paid);
  if (paid) {
    await createCro(db, clerk, createCroBody.parse({ wayBillRef: paid.wayBillRef, remarks: "Demo release: the consignee's trucker collects" }), now);
  }
  return { cargoReleaseOrders: paid ? 1 : 0, waybillsWaitingUnpaid: data.filter((c) => !c.paid).length };
}
