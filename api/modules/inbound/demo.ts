import type { Db } from "../../../db/client.ts";
import { manilaToday } from "../../shared/dates.ts";
import type { DemoContext } from "../manifest.ts";
import { seedDemoArrivalNotices } from "./arrival-notices/demo.ts";
import { seedDemoReleases } from "./cargo-release/demo.ts";
import { runFreeTimeAccrual } from "./demurrage/service.ts";
import { seedDemoDischarge } from "./unload-lists/demo.ts";

/**
 * The inbound part of the demo line: the discharge at Cebu (unload list and final inbound tally); its other documents
 * (arrival notices, release orders, van-in) will add their records here; last, the night's free-time run for the demo's day, so a
 * fresh installation starts with the charges the nightly job would have written for the cargo the line has discharged.
 */
export async function seedDemoInbound(db: Db, ctx: DemoContext): Promise<Record<string, number>> {
  const discharged = await seedDemoDischarge(db, ctx);
  const announced = await seedDemoArrivalNotices(db, ctx);
  const released = await seedDemoReleases(db, ctx);
  const run = await runFreeTimeAccrual(db, { date: manilaToday(ctx.now), actor: "system", now: ctx.now });
  return { ...discharged, ...announced, ...released, freeTimeCharges: run.charged.length };
}
