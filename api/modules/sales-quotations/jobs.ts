import type { Db } from "../../../db/client.ts";
import { claimRun } from "../../shared/jobs.ts";
import { manilaDate } from "../../shared/dates.ts";
import { occurrenceOnDay, type ScheduledJob } from "../../shared/schedule.ts";
import { expireQuotations } from "./service.ts";

export const EXPIRY_JOB = "sq-expire";

/** The daily expiry of quotations past their validity, run for the Manila day of its occurrence. */
const expiryJob: ScheduledJob = {
  name: EXPIRY_JOB,
  cron: "5 0 * * *",
  summary: "Expire quotations past their validity",
  run: async (db, { occurrence }) => {
    const done = await expireQuotations(db, { today: manilaDate(occurrence), actor: "system" });
    return { expired: done.data.expired.length };
  },
};

/**
 * The daily expiry run by hand for the day of `now`: it claims that day's occurrence of the job, so whichever
 * runner gets it (the scheduler or a call like this) runs it and the others skip it. Answers what it did, or
 * null when the day's occurrence is already taken.
 */
export async function runDailyExpiry(db: Db, runner: string, now = new Date()) {
  const occurrence = occurrenceOnDay(expiryJob.cron, now, manilaDate);
  if (!occurrence || !await claimRun(db, EXPIRY_JOB, occurrence, runner)) return null;
  return await expireQuotations(db, { today: manilaDate(now), actor: "system" });
}

/** The module's scheduled jobs, for its manifest. */
export const salesQuotationJobs: ScheduledJob[] = [expiryJob];
