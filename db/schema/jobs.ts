import { date, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/** One row per scheduled job and day it ran: the server that writes it runs the job, any other skips it. */
export const jobRuns = pgTable("job_runs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  job: text("job").notNull(),
  runDate: date("run_date").notNull(),
  /** Which process ran it, for the operator reading the table. */
  runner: text("runner").notNull(),
  dateCreated: timestamp("date_created", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [unique("job_runs_job_day").on(t.job, t.runDate)]);
