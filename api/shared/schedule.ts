import type { Db } from "../../db/client.ts";

/** What a scheduled job is handed when one of its occurrences is due. */
export interface JobContext {
  /** The occurrence being run: the instant its cron expression named (not when the timer fired). */
  occurrence: Date;
  /** Who runs it ("host:pid"), written with the claim for the operator reading the table. */
  runner: string;
  log: (line: Record<string, unknown>) => void;
}

/**
 * A job a module runs on a timetable. Modules list theirs in their manifest; the server's timer and
 * `lading schedule` run the same list, and each occurrence is claimed in the database so it runs once.
 */
export interface ScheduledJob {
  /** Stable name, the key of the claim: "sq-expire". */
  name: string;
  /** Five-field cron expression read in Asia/Manila time: "5 0 * * *" is 00:05 every day. */
  cron: string;
  /** One line for `lading schedule --list` and the log. */
  summary: string;
  /** Does the work of one occurrence; answers a short account for the log. */
  run(db: Db, ctx: JobContext): Promise<Record<string, unknown> | void>;
}
