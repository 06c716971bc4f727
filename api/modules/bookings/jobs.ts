import type { Db } from "../../../db/client.ts";
import { claimRun } from "../../shared/jobs.ts";
import { manilaDate } from "../../shared/dates.ts";
import { occurrenceOnDay, type ScheduledJob } from "../../shared/schedule.ts";
import { expireOverdue } from "./service.ts";

export const BOOKING_EXPIRY_JOB = "booking-expire";

/** The daily expiry of bookings nobody confirmed in time, as of its occurrence. */
const bookingExpiryJob: ScheduledJob = {
  name: BOOKING_EXPIRY_JOB,
  cron: "10 0 * * *",
  summary: "Expire bookings nobody confirmed in time",
  run: async (db, { occurrence }) => {
    const done = await expireOverdue(db, { dryRun: false, now: occurrence });
    return { expired: done.data.expired.length };
  },
};

/**
 * The daily expiry run by hand for the day of `now`: it claims that day's occurrence of the job, so whichever
 * runner gets it runs it and the others skip it. Answers what it did, or null when the occurrence is taken.
 */
export async function runDailyBookingExpiry(db: Db, runner: string, now = new Date()) {
  const occurrence = occurrenceOnDay(bookingExpiryJob.cron, now, manilaDate);
  if (!occurrence || !await claimRun(db, BOOKING_EXPIRY_JOB, occurrence, runner)) return null;
  return await expireOverdue(db, { dryRun: false, now });
}

/** The module's scheduled jobs, for its manifest. */
export const bookingJobs: ScheduledJob[] = [bookingExpiryJob];
