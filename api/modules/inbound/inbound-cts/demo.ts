import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { cargoReleaseOrders, containerYards } from "../../../../db/schema/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { clearCro, croById } from "../cargo-release/service.ts";
import { createCdr } from "../delivery-receipts/service.ts";
import { createCdrBody } from "../delivery-receipts/schemas.ts";
import { issueInboundCtsBody } from "./schemas.ts";
import { issueInboundCts } from "./service.ts";

/**
 * The van-out of the demo line at Cebu, made by the inbound clerk through the services: the last waybill the line has
 * released (cargo release orders) is cleared at a Cebu yard, trucked out on an inbound CTS (stage 8) and received by
 * the consignee (cargo delivery receipt). With nothing released it makes nothing.
 */
export async function seedDemoVanOut(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const clerk = people.inbound;
  const released = await db.select({ id: cargoReleaseOrders.cargoReleaseOrderId, branchCode: cargoReleaseOrders.branchCode }).from(cargoReleaseOrders)
    .where(eq(cargoReleaseOrders.branchCode, "CEB")).orderBy(asc(cargoReleaseOrders.id));
  if (released.length === 0) return { inboundCts: 0, cargoDeliveryReceipts: 0 };
  const last = released[released.length - 1];
  let cro = await croById(db, last.id, clerk);
  if (!cro.cleared) {
    const [yard] = await db.select({ code: containerYards.code }).from(containerYards)
      .where(and(eq(containerYards.branchCode, cro.branchCode), eq(containerYards.isActive, true))).orderBy(asc(containerYards.code)).limit(1);
    if (!yard) return { inboundCts: 0, cargoDeliveryReceipts: 0 };
    cro = (await clearCro(db, clerk, cro.cargorReleaseOrderId, { dateModified: cro.dateModified, cyPullOutCode: yard.code })).data;
  }
  const slip = (await issueInboundCts(db, clerk, issueInboundCtsBody.parse({
    wayBillRef: cro.wayBillRef, truckingCode: "TRK-003", plateNum: "GAB 3390", driver: "Rey Cabahug", remarks: "Demo van-out to the consignee's warehouse",
  }), now)).data;
  await createCdr(db, clerk, createCdrBody.parse({
    wayBillRef: slip.wayBillRef, receivedBy: "Warehouse supervisor",
    remarks: "Received sealed, no visible damage",
  }), now);
  return { inboundCts: 1, cargoDeliveryReceipts: 1 };
}
