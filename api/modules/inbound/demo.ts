import type { Db } from "../../../db/client.ts";
import { manilaToday } from "../../shared/dates.ts";
import type { DemoContext } from "../manifest.ts";
import { seedDemoArrivalNotices } from "./arrival-notices/demo.ts";
import { seedDemoReleases } from "./cargo-release/demo.ts";
import { runFreeTimeAccrual } from "./demurrage/service.ts";
import { seedDemoVanOut } from "./inbound-cts/demo.ts";
import { seedDemoDischarge } from "./unload-lists/demo.ts";
import { seedDemoVanIns } from "./van-in/demo.ts";

/**
 * The inbound part of the demo line: the discharge at Cebu (unload list and final inbound tally), the arrival notices,
 * the release orders, the inbound CTS with its delivery receipt, and the van-in of a released van. Last, the night's
 * free-time run for the demo's day, so a fresh installation starts with the charges the nightly job would have
 * written for the cargo the line has discharged.
 */
export async function seedDemoInbound(db: Db, ctx: DemoContext): Promise<Record<string, number>> {
  const discharged = await seedDemoDischarge(db, ctx);
  const announced = await seedDemoArrivalNotices(db, ctx);
  const released = await seedDemoReleases(db, ctx);
  const vanOut = await seedDemoVanOut(db, ctx);
  const returned = await seedDemoVanIns(db, ctx);
  const run = await runFreeTimeAccrual(db, { date: manilaToday(ctx.now), actor: "system", now: ctx.now });
  return { ...discharged, ...announced, ...released, ...vanOut, ...returned, freeTimeCharges: run.charged.length };
}
