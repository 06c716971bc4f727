import type { Db } from "../../../db/client.ts";
import { manilaToday } from "../../shared/dates.ts";
import type { DemoContext } from "../manifest.ts";
import { runFreeTimeAccrual } from "./demurrage/service.ts";

/**
 * The inbound part of the demo line. Its documents (unload lists, the inbound tally, release orders, van-in) will
 * add their records here; last, the night's free-time run for the demo's day, so a fresh installation starts with
 * the charges the nightly job would have written for the cargo the line has discharged.
 */
export async function seedDemoInbound(db: Db, { now }: DemoContext): Promise<Record<string, number>> {
  const run = await runFreeTimeAccrual(db, { date: manilaToday(now), actor: "system", now });
  return { freeTimeCharges: run.charged.length };
}
