import { integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * One row per occurrence of a scheduled job that a runner claimed: the runner that writes it runs that
 * occurrence, every other runner (another server, `lading schedule`) finds it taken and skips it.
 */
export const jobRuns = pgTable("job_runs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  job: text("job").notNull(),
  /** The instant the job's cron line named (00:05 Manila of a day), not when a timer happened to fire. */
  occurrence: timestamp("occurrence", { withTimezone: true, precision: 3 }).notNull(),
  /** Which process ran it, for the operator reading the table. */
  runner: text("runner").notNull(),
  dateCreated: timestamp("date_created", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [unique("job_runs_job_occurrence").on(t.job, t.occurrence)]);
