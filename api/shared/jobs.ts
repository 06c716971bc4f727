import type { Db } from "../../db/client.ts";
import { jobRuns } from "../../db/schema/index.ts";

/**
 * Claims a scheduled job's run for a day: true for the one server that wrote the claim, false for every other
 * (and for a second run the same day), so several instances never run the same daily job twice.
 */
export async function claimRun(db: Db, job: string, day: string, runner: string): Promise<boolean> {
  const claimed = await db.insert(jobRuns).values({ job, runDate: day, runner }).onConflictDoNothing().returning({ id: jobRuns.id });
  return claimed.length === 1;
}
