import cron from "node-cron";
import type { Db } from "../../db/client.ts";
import { claimRun } from "./jobs.ts";

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

/** The time zone every job's cron line is read in. */
export const JOB_TIME_ZONE = "Asia/Manila";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type Matcher = { match(date: Date): boolean; destroy(): void | Promise<void> };

/**
 * node-cron's reading of a five-field expression in Manila time. The task is never started (it only answers
 * whether a minute matches) and is taken out of node-cron's registry at once.
 */
function matcherOf(expression: string): Matcher {
  if (expression.trim().split(/\s+/).length !== 5) {
    throw new Error(`A job's cron line has five fields (minute hour day month weekday): "${expression}"`);
  }
  const task = cron.createTask(expression, () => {}, { timezone: JOB_TIME_ZONE });
  void task.destroy();
  return task;
}

/** The first whole minute strictly after `instant`. */
function minuteAfter(instant: Date): number {
  return Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
}

/** Every occurrence of `expression` after `after` and at or before `upTo`, oldest first. */
export function occurrencesBetween(expression: string | Matcher, after: Date, upTo: Date): Date[] {
  const matcher = typeof expression === "string" ? matcherOf(expression) : expression;
  const found: Date[] = [];
  for (let at = minuteAfter(after); at <= upTo.getTime(); at += MINUTE_MS) {
    const date = new Date(at);
    if (matcher.match(date)) found.push(date);
  }
  return found;
}

/** The first occurrence of `expression` after `after`, looking `horizonMs` ahead; null when there is none so soon. */
export function nextOccurrence(expression: string | Matcher, after: Date, horizonMs = 2 * DAY_MS): Date | null {
  const matcher = typeof expression === "string" ? matcherOf(expression) : expression;
  for (let at = minuteAfter(after); at <= after.getTime() + horizonMs; at += MINUTE_MS) {
    const date = new Date(at);
    if (matcher.match(date)) return date;
  }
  return null;
}

/**
 * The first occurrence of `expression` on the business day of `instant`, for a daily job run by hand for "today".
 * `dayOf` names an instant's business day (Manila's, from the dates helpers); the day lies within a day of it.
 */
export function occurrenceOnDay(expression: string, instant: Date, dayOf: (instant: Date) => string): Date | null {
  const day = dayOf(instant);
  const around = occurrencesBetween(expression, new Date(instant.getTime() - DAY_MS), new Date(instant.getTime() + DAY_MS));
  return around.find((o) => dayOf(o) === day) ?? null;
}

/** What became of one occurrence in one runner. */
export interface OccurrenceOutcome {
  job: string;
  occurrence: Date;
  /** ran: this runner claimed and ran it; taken: another runner (or an earlier run) has it; failed: see the log. */
  outcome: "ran" | "taken" | "failed";
}

export interface JobRunnerOptions {
  db: Db;
  jobs: readonly ScheduledJob[];
  /** Who runs ("host:pid"), written with each claim. */
  runner: string;
  log: (line: Record<string, unknown>) => void;
  /** Occurrences after this instant are due at the first tick; by default the moment the runner is made. */
  since?: Date;
}

export interface JobRunner {
  /**
   * Runs every occurrence due since the previous tick up to `now`: claims each in the database and runs only
   * what it claimed, one after another. A failing job is logged and the others go on. Ticks of one runner
   * never overlap (a tick waits for the one before).
   */
  tick(now?: Date): Promise<OccurrenceOutcome[]>;
  /** The next occurrence of any job after `after` (within two days), for a timer to wake at. */
  nextOccurrence(after: Date): Date | null;
  /** Starts node-cron tasks, one per job, each ticking the runner when its job is due (`lading schedule`). */
  startCron(): void;
  /** Starts a plain timer that sleeps until the next occurrence and ticks (the server). */
  startTimer(): void;
  /** Stops the tasks or the timer and waits for a tick under way to finish. */
  stop(): Promise<void>;
}

/** The claim-and-run core both runners share: the server's timer and `lading schedule` under node-cron. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, jobs, runner, log } = options;
  const names = new Set(jobs.map((j) => j.name));
  if (names.size !== jobs.length) throw new Error("Two scheduled jobs share a name; each name keys its claims.");
  const matchers = jobs.map((job) => matcherOf(job.cron));
  let last = options.since ?? new Date();
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tasks: { stop(): void | Promise<void>; destroy(): void | Promise<void> }[] = [];
  const time = () => new Date().toISOString();

  async function runOne(job: ScheduledJob, occurrence: Date): Promise<OccurrenceOutcome> {
    const at = occurrence.toISOString();
    try {
      if (!await claimRun(db, job.name, occurrence, runner)) return { job: job.name, occurrence, outcome: "taken" };
    } catch (error) {
      log({ level: "error", time: time(), event: "job-claim-failed", job: job.name, occurrence: at, error: messageOf(error) });
      return { job: job.name, occurrence, outcome: "failed" };
    }
    try {
      const account = await job.run(db, { occurrence, runner, log });
      log({ level: "info", time: time(), event: "job-done", job: job.name, occurrence: at, ...account });
      return { job: job.name, occurrence, outcome: "ran" };
    } catch (error) {
      // The claim stays: a failed occurrence is reported, not run again by another runner.
      log({ level: "error", time: time(), event: "job-failed", job: job.name, occurrence: at, error: messageOf(error) });
      return { job: job.name, occurrence, outcome: "failed" };
    }
  }

  async function runDue(now: Date): Promise<OccurrenceOutcome[]> {
    if (now.getTime() <= last.getTime()) return [];
    const due = jobs.flatMap((job, i) => occurrencesBetween(matchers[i], last, now).map((occurrence) => ({ job, occurrence })))
      .sort((a, b) => a.occurrence.getTime() - b.occurrence.getTime());
    last = now;
    const outcomes: OccurrenceOutcome[] = [];
    for (const { job, occurrence } of due) outcomes.push(await runOne(job, occurrence));
    return outcomes;
  }

  function tick(now = new Date()): Promise<OccurrenceOutcome[]> {
    const done = queue.then(() => runDue(now));
    queue = done.catch(() => {});
    return done;
  }

  function nextOf(after: Date): Date | null {
    const next = matchers.map((m) => nextOccurrence(m, after)).filter((d): d is Date => d !== null);
    return next.length === 0 ? null : new Date(Math.min(...next.map((d) => d.getTime())));
  }

  function arm() {
    if (stopped) return;
    const next = nextOf(new Date());
    // With nothing due within two days the timer wakes once a day to look again.
    const delay = next ? Math.max(0, next.getTime() - Date.now()) : DAY_MS;
    timer = setTimeout(() => {
      void tick(new Date()).catch((error) => log({ level: "error", time: time(), event: "job-tick-failed", error: messageOf(error) }))
        .finally(arm);
    }, delay);
  }

  return {
    tick,
    nextOccurrence: nextOf,
    startCron() {
      for (const job of jobs) {
        tasks.push(cron.schedule(job.cron, async (context) => {
          // node-cron fires on the minute it matched; never tick before that minute.
          const now = new Date(Math.max(Date.now(), context.date.getTime()));
          await tick(now);
        }, { timezone: JOB_TIME_ZONE, name: job.name }));
      }
    },
    startTimer() {
      arm();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const task of tasks) {
        await task.stop();
        await task.destroy();
      }
      await queue;
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
