import type { Db } from "../../../db/client.ts";
import type { ScheduledJob } from "../../shared/schedule.ts";
import { claimRun } from "../../shared/jobs.ts";
import { manilaDate } from "../master-data/index.ts";
import { expireOverdue } from "./service.ts";

export const BOOKING_EXPIRY_JOB = "booking-expire";

/**
 * The daily expiry of bookings nobody confirmed in time: whichever server claims the day runs it. Answers what
 * it did, or null when another server (or an earlier run today) has it.
 */
export async function runDailyBookingExpiry(db: Db, runner: string, now = new Date()) {
  if (!await claimRun(db, BOOKING_EXPIRY_JOB, manilaDate(now), runner)) return null;
  return await expireOverdue(db, { dryRun: false, now });
}

/** The module's scheduled jobs, for its manifest. */
export const bookingJobs: ScheduledJob[] = [{
  name: BOOKING_EXPIRY_JOB,
  cron: "10 0 * * *",
  summary: "Expire bookings nobody confirmed in time",
  run: async (db, { occurrence, runner }) => {
    const done = await runDailyBookingExpiry(db, runner, occurrence);
    return done ? { expired: done.data.expired.length } : undefined;
  },
}];
