import { manilaDate } from "../../../shared/dates.ts";
import type { ScheduledJob } from "../../../shared/schedule.ts";
import { runFreeTimeAccrual } from "./service.ts";

export const FREE_TIME_JOB = "demurrage-accrue";

/**
 * The nightly accrual of storage, demurrage and detention, for the Manila day that has just begun: a part of a
 * day counts whole, so the day is charged from its first minute.
 */
export const freeTimeJob: ScheduledJob = {
  name: FREE_TIME_JOB,
  cron: "20 0 * * *",
  summary: "Charge storage, demurrage and detention past the free days",
  run: async (db, { occurrence }) => {
    const done = await runFreeTimeAccrual(db, { date: manilaDate(occurrence), actor: "system", now: occurrence });
    return {
      date: done.date,
      charged: done.charged.filter((c) => c.change === "new").length,
      changed: done.charged.filter((c) => c.change === "changed").length,
      unchanged: done.unchanged,
      problems: done.problems.length,
    };
  },
};
