import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { containerYards, waybills } from "../../../../db/schema/index.ts";
import { cargoStageTimes, recordCargoStage } from "../../bookings/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { listCros } from "../cargo-release/service.ts";
import { VAN_OUT_STAGE } from "./rules.ts";
import { createVanInBody } from "./schemas.ts";
import { createVanIn, listVanIns } from "./service.ts";

/**
 * The van-in of the demo line, made by the Cebu inbound clerk: the van of the first released waybill comes back
 * empty to a Cebu yard. Until the inbound CTS sends vans out in the demo, the van-out (stage 8) of that waybill is
 * recorded here, as the slip records it, at the moment of its release. With nothing released it makes nothing.
 */
export async function seedDemoVanIns(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const clerk = people.inbound;
  let { data: out } = await listVanIns(db, clerk, { skip: 0, take: 1, search: "", state: "Out" });
  if (out.length === 0) {
    // The first released waybill whose van has not gone out yet: sent out at the moment of its release.
    const { data: released } = await listCros(db, clerk, { skip: 0, take: 20, search: "", status: undefined });
    for (const cro of [...released].reverse()) {
      const bookingRefs = await bookingsOfWaybill(db, cro.wayBillRef);
      if ((await cargoStageTimes(db, bookingRefs, [VAN_OUT_STAGE])).size > 0) continue;
      for (const ref of bookingRefs) await recordCargoStage(db, ref, VAN_OUT_STAGE, new Date(cro.dateReleased));
      out = (await listVanIns(db, clerk, { skip: 0, take: 1, search: cro.wayBillRef, state: "Out" })).data;
      break;
    }
  }
  const van = out[0];
  if (!van) return { vanIns: 0 };
  const [yard] = await db.select({ code: containerYards.code }).from(containerYards)
    .where(and(eq(containerYards.branchCode, van.branchCode), eq(containerYards.isActive, true))).orderBy(asc(containerYards.code)).limit(1);
  if (!yard) return { vanIns: 0 };
  await createVanIn(db, clerk, createVanInBody.parse({
    wayBillRef: van.wayBillRef, dateReturned: now.toISOString(), cyCode: yard.code,
    tandemCodeIds: [van.containerVanNum, van.tandemContainerVanNum].filter(Boolean),
    damages: [{ vanPart: "Door Assembly", damageType: "Scratched" }], remarks: "Demo van-in: returned empty by the consignee's trucker",
  }), now);
  return { vanIns: 1 };
}

async function bookingsOfWaybill(db: Db, wayBillRef: string): Promise<string[]> {
  const [wb] = await db.select({ bookingRef: waybills.bookingRef, tandem: waybills.tandemBookingRef }).from(waybills).where(eq(waybills.wayBillRef, wayBillRef));
  return wb ? [wb.bookingRef, wb.tandem].filter((r): r is string => !!r) : [];
}
