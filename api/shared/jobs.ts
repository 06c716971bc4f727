import type { Db } from "../../db/client.ts";
import { jobRuns } from "../../db/schema/index.ts";

/**
 * Claims one occurrence of a scheduled job: true for the one runner that wrote the claim, false for every other
 * (and for a second run of the same occurrence), so however many servers and `lading schedule` processes run
 * the jobs, each occurrence runs once.
 */
export async function claimRun(db: Db, job: string, occurrence: Date, runner: string): Promise<boolean> {
  const claimed = await db.insert(jobRuns).values({ job, occurrence, runner }).onConflictDoNothing().returning({ id: jobRuns.id });
  return claimed.length === 1;
}
