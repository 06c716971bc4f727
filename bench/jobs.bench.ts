/**
 * A daily job sharing the embedded database with the API: the booking expiry over 1,000 overdue bookings runs
 * while two clients keep opening a booking (GET /api/Bookings/get/{ref} over HTTP, Deno.serve on the loopback).
 * Prints the requests' p95 while the job runs against the same requests with the server idle, measured in
 * alternating rounds so that noise from other work on the machine falls on both alike. Exits non-zero when the
 * ratio misses its target.
 *
 * Embedded database in a temporary directory, seeded as a first start (the demo line), whose first batch's
 * bookings are copied into 1,000 overdue ones each round. Run: deno run -A bench/jobs.bench.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { expireOverdue } from "../api/modules/bookings/service.ts";
import { firstStart } from "../api/modules/index.ts";
import { migrateDatabase, openDatabase, queryRows } from "../db/client.ts";
import { copyOverdueBookings } from "../tests/support/many-bookings.ts";

const BOOKINGS = Number(Deno.env.get("BENCH_JOB_BOOKINGS") ?? 1_000);
const ROUNDS = Number(Deno.env.get("BENCH_JOB_ROUNDS") ?? 3);
const CLIENTS = 2;
const TARGET = 3;
const PASSWORD = "bench-password-1";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const dir = mkdtempSync(path.join(os.tmpdir(), "lading-bench-jobs-"));
const handle = await openDatabase({ DATA_DIR: dir });
let missed = false;
try {
  await migrateDatabase(handle);
  await firstStart(handle.db, { adminPassword: PASSWORD, linkBase: "http://localhost" });
  const [{ ref }] = await queryRows<{ ref: string }>(handle.db, sql`select booking_ref as ref from bookings order by id limit 1`);
  const app = createApp({ db: handle.db, config: defaultConfig({ version: "bench", jwtSecret: crypto.getRandomValues(new Uint8Array(32)) }), log: () => {} });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const signIn = await fetch(`${base}/api/users/authenticate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "admin", password: PASSWORD }) });
  const token = ((await signIn.json()) as { data: { token: string }[] }).data[0].token;

  const read = async (samples: number[]) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/Bookings/get/${ref}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`Bookings/get answered ${res.status}`);
    await res.json();
    samples.push(performance.now() - started);
  };
  /** CLIENTS readers, each one request after another, until `until` settles (or `count` requests each). */
  const readers = (samples: number[], until: { done: boolean } | number) =>
    Promise.all(Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; typeof until === "number" ? i < until : !until.done; i++) await read(samples);
    }));

  for (let i = 0; i < 20; i++) await read([]); // warm-up
  const idle: number[] = [];
  const busy: number[] = [];
  let jobMs = 0;
  let expired = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    await copyOverdueBookings(handle.db, BOOKINGS, `R${round}`);
    const state = { done: false };
    const started = performance.now();
    const job = expireOverdue(handle.db, { dryRun: false }).finally(() => state.done = true);
    const before = busy.length;
    await Promise.all([job, readers(busy, state)]);
    jobMs += performance.now() - started;
    expired += (await job).data.expired.length;
    // As many idle requests as the job's round had, right after it.
    await readers(idle, Math.max(50, Math.ceil((busy.length - before) / CLIENTS)));
  }
  await server.shutdown();

  const p95Idle = percentile(idle, 95);
  const p95Busy = percentile(busy, 95);
  const ratio = p95Busy / p95Idle;
  console.log(`\nBooking expiry over ${BOOKINGS.toLocaleString("en")} bookings (PGlite), ${ROUNDS} rounds, ${CLIENTS} clients reading a booking`);
  console.table([
    { server: "idle", requests: idle.length, "p50 ms": +percentile(idle, 50).toFixed(2), "p95 ms": +p95Idle.toFixed(2) },
    { server: "job running", requests: busy.length, "p50 ms": +percentile(busy, 50).toFixed(2), "p95 ms": +p95Busy.toFixed(2) },
  ]);
  console.log(`job: ${expired} bookings expired, ${(jobMs / ROUNDS).toFixed(0)} ms a round`);
  missed = !(ratio <= TARGET);
  console.log(`pglite: API p95 while the expiry job runs is ${ratio.toFixed(2)}x idle (target <= ${TARGET})${missed ? "  MISSED" : ""}`);
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
if (missed) Deno.exitCode = 1;
