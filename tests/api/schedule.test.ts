import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingJobs } from "../../api/modules/bookings/jobs.ts";
import { runDailyExpiry, salesQuotationJobs } from "../../api/modules/sales-quotations/jobs.ts";
import { createJobRunner, occurrencesBetween, type ScheduledJob } from "../../api/shared/schedule.ts";
import type { DatabaseHandle, Db } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

/**
 * The scheduler: each occurrence of each job is claimed in the database and runs once, however many runners
 * tick at once. The runners are driven by a fake clock (tick(now) called directly), as `lading schedule` and
 * the servers' timers would call it. On PostgreSQL every runner has a connection of its own, so the claims
 * really race; PGlite has one connection, where the same assertions hold with the runners interleaved.
 */

let handle: DatabaseHandle;
const MINUTE = 60_000;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

/** `n` connections to the test database: separate postgres.js clients on PostgreSQL, the one PGlite otherwise. */
async function connections(n: number): Promise<{ dbs: Db[]; close: () => Promise<void> }> {
  if (backend !== "postgres") return { dbs: Array.from({ length: n }, () => handle.db), close: async () => {} };
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = "/" + handle.location;
  // Commits wait for no disk flush (locks and visibility are as ever): the test is about claims, not durability.
  const clients = Array.from({ length: n }, () =>
    postgres(url.toString(), { max: 2, onnotice: () => {}, connection: { synchronous_commit: "off" } })
  );
  return {
    dbs: clients.map((c) => drizzle(c, { schema }) as unknown as Db),
    close: async () => void await Promise.all(clients.map((c) => c.end())),
  };
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quiet = () => {};
const key = (job: string, occurrence: Date) => `${job} ${occurrence.toISOString()}`;

describe("scheduled jobs", () => {
  it("runs each occurrence of each job exactly once across three runners over 1,000 ticks", { timeout: 300_000 }, async () => {
    const seed = Number(process.env.SCHEDULE_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    // The product's jobs, and a half-hourly one so that claims race well over a thousand times.
    const probe: ScheduledJob = { name: "test-half-hour", cron: "*/30 * * * *", summary: "Counts", run: async () => {} };
    const executions: { job: string; occurrence: string; runner: string }[] = [];
    const counted = [...salesQuotationJobs, ...bookingJobs, probe].map((job): ScheduledJob => ({
      ...job,
      run: async (db, ctx) => {
        executions.push({ job: job.name, occurrence: ctx.occurrence.toISOString(), runner: ctx.runner });
        return await job.run(db, ctx);
      },
    }));
    const start = new Date("2026-03-01T00:00:00.000Z");
    const { dbs, close } = await connections(3);
    const names = ["schedule-cli:1", "server-a:2", "server-b:3"];
    const runners = dbs.map((db, i) => createJobRunner({ db, jobs: counted, runner: names[i], log: quiet, since: start }));
    let now = start.getTime();
    const outcomes: string[] = [];
    try {
      for (let tick = 0; tick < 1000; tick++) {
        now += MINUTE + Math.floor(next() * 89 * MINUTE); // 1 to 90 minutes on, at any millisecond
        const last = tick === 999;
        // All three tick at once; now and then one of them is late and catches up at its next tick.
        const ticking = runners.filter(() => last || next() < 0.8);
        const results = await Promise.all(ticking.map((r) => r.tick(new Date(now))));
        outcomes.push(...results.flat().map((o) => o.outcome));
      }
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await close();
    }
    const end = new Date(now);
    const due = counted.flatMap((job) => occurrencesBetween(job.cron, start, end).map((o) => key(job.name, o))).sort();
    // Independent of the scheduler's own reading of cron lines: half hours after the start, up to the end.
    expect(due.filter((k) => k.startsWith("test-half-hour ")).length).toBe(Math.floor((now - start.getTime()) / (30 * MINUTE)));
    expect(due.filter((k) => k.startsWith("sq-expire ")).length).toBeGreaterThan(25);

    const context = `seed ${seed}`;
    // Every occurrence ran, none twice, nothing else ran.
    expect(executions.map((e) => key(e.job, new Date(e.occurrence))).sort(), context).toEqual(due);
    expect(outcomes.filter((o) => o === "ran").length, context).toBe(due.length);
    expect(outcomes.filter((o) => o === "failed"), context).toEqual([]);
    // The claims say the same: one row per occurrence, naming the runner that ran it.
    const claims = await handle.db.select().from(schema.jobRuns).orderBy(asc(schema.jobRuns.id));
    const byKey = (rows: { job: string; occurrence: string; runner: string }[]) =>
      rows.map((r) => `${r.job} ${r.occurrence} ${r.runner}`).sort();
    expect(byKey(claims.map((c) => ({ job: c.job, occurrence: c.occurrence.toISOString(), runner: c.runner }))), context).toEqual(byKey(executions));
    // Every runner won some of the races.
    for (const name of names) expect(executions.some((e) => e.runner === name), `${context}: ${name}`).toBe(true);
    await handle.db.delete(schema.jobRuns);
  });

  it("logs a failing job and goes on with the others; the failed occurrence stays claimed", async () => {
    const ran: string[] = [];
    const lines: Record<string, unknown>[] = [];
    const jobs: ScheduledJob[] = [
      { name: "test-fails", cron: "0 9 * * *", summary: "Fails", run: async () => { throw new Error("the mail server is down"); } },
      { name: "test-works", cron: "0 9 * * *", summary: "Works", run: async () => void ran.push("works") },
    ];
    const since = new Date("2026-04-01T00:00:00Z"); // 08:00 in Manila
    const first = createJobRunner({ db: handle.db, jobs, runner: "a", log: (l) => lines.push(l), since });
    const outcomes = await first.tick(new Date("2026-04-01T01:30:00Z"));
    expect(outcomes.map((o) => [o.job, o.occurrence.toISOString(), o.outcome])).toEqual([
      ["test-fails", "2026-04-01T01:00:00.000Z", "failed"],
      ["test-works", "2026-04-01T01:00:00.000Z", "ran"],
    ]);
    expect(ran).toEqual(["works"]);
    expect(lines.map((l) => [l.level, l.event, l.job, l.error])).toEqual([
      ["error", "job-failed", "test-fails", "the mail server is down"],
      ["info", "job-done", "test-works", undefined],
    ]);
    // Another runner over the same hour finds both taken; the same runner ticking again finds nothing new.
    const second = createJobRunner({ db: handle.db, jobs, runner: "b", log: quiet, since });
    expect((await second.tick(new Date("2026-04-01T02:00:00Z"))).map((o) => o.outcome)).toEqual(["taken", "taken"]);
    expect(await first.tick(new Date("2026-04-01T02:00:00Z"))).toEqual([]);
    await Promise.all([first.stop(), second.stop()]);
  });

  it("shares the claim of a day's expiry between a run by hand and the scheduler", async () => {
    // 09:00 on 2 May in Manila: the run by hand claims that day's 00:05 occurrence.
    expect(await runDailyExpiry(handle.db, "by-hand", new Date("2026-05-02T01:00:00Z"))).not.toBeNull();
    const runner = createJobRunner({ db: handle.db, jobs: salesQuotationJobs, runner: "scheduler", log: quiet, since: new Date("2026-05-01T12:00:00Z") });
    expect((await runner.tick(new Date("2026-05-02T12:00:00Z"))).map((o) => [o.job, o.occurrence.toISOString(), o.outcome])).toEqual([
      ["sq-expire", "2026-05-01T16:05:00.000Z", "taken"],
    ]);
    await runner.stop();
  });

  it("refuses two jobs of one name, since the name keys the claims", () => {
    const job: ScheduledJob = { name: "twice", cron: "0 * * * *", summary: "", run: async () => {} };
    expect(() => createJobRunner({ db: handle.db, jobs: [job, job], runner: "a", log: quiet })).toThrow("Two scheduled jobs share a name; each name keys its claims.");
  });
});
