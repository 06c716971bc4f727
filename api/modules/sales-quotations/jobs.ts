import type { Db } from "../../../db/client.ts";
import type { ScheduledJob } from "../../shared/schedule.ts";
import { claimRun } from "../../shared/jobs.ts";
import { manilaDate } from "../master-data/index.ts";
import { expireQuotations } from "./service.ts";

export const EXPIRY_JOB = "sq-expire";

/**
 * The daily expiry of quotations: whichever server claims the day runs it, the others skip it. Answers what it
 * did, or null when another server (or an earlier run today) has it.
 */
export async function runDailyExpiry(db: Db, runner: string, now = new Date()) {
  const day = manilaDate(now);
  if (!await claimRun(db, EXPIRY_JOB, day, runner)) return null;
  return await expireQuotations(db, { today: day, actor: "system" });
}

/** The module's scheduled jobs, for its manifest. */
export const salesQuotationJobs: ScheduledJob[] = [{
  name: EXPIRY_JOB,
  cron: "5 0 * * *",
  summary: "Expire quotations past their validity",
  run: async (db, { occurrence, runner }) => {
    const done = await runDailyExpiry(db, runner, occurrence);
    return done ? { expired: done.data.expired.length } : undefined;
  },
}];
