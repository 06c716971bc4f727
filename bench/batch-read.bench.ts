/**
 * A batch of 500 bookings read through the whole stack (GET /api/Bookings/batch/{ref} over HTTP: token check,
 * service, JSON) against the same rows read on the raw driver (the batch, its bookings, their charge lines).
 * Samples alternate between the paths so that noise from other work on the machine falls on all alike. Exits
 * non-zero when the p50 ratio misses its target.
 *
 * A third path measures the floor under any service: the same raw reads answered over HTTP as JSON by a bare
 * handler (no token check, no validation, no service, no shaping), fetched and parsed the way the stack's
 * answer is. It shows how much of the stack's time the transport alone takes: on PostgreSQL, where the three
 * reads take a few milliseconds, sending a megabyte of JSON and reading it back costs about as much again.
 *
 * PGlite in a temporary directory, and PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server:
 * there in a database of its own made for the run and dropped after it. Each is seeded as a first start (the
 * demo line); the demo's first batch's bookings and charges are copied into one batch of 500.
 * Run: deno run -A bench/batch-read.bench.ts
 */
import { sql } from "drizzle-orm";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { firstStart } from "../api/modules/index.ts";
import { type DatabaseHandle, migrateDatabase, openDatabase, queryRows } from "../db/client.ts";
import { type BenchBackendEnv, onEachBackend } from "./support.ts";

const BOOKINGS = Number(Deno.env.get("BENCH_BATCH_BOOKINGS") ?? 500);
const SAMPLES = Number(Deno.env.get("BENCH_BATCH_SAMPLES") ?? 60);
const TARGET = 1.5;
const PASSWORD = "bench-password-1";
const BATCH = "BB-BENCH-500";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One batch of BOOKINGS bookings copied from the demo's first batch (every column, new references), with their charges. */
async function seedBigBatch(handle: DatabaseHandle) {
  const [template] = await queryRows<{ ref: string; n: number }>(handle.db, sql`
    select booking_batch_ref as ref, count(*)::int as n from bookings group by booking_batch_ref order by min(id) limit 1`);
  const columnsOf = async (table: string) =>
    (await queryRows<{ name: string }>(handle.db, sql`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name <> 'id' order by ordinal_position`)).map((c) => c.name);
  const copyOf = (columns: string[], replace: Record<string, string>) => columns.map((c) => replace[c] ?? `t.${c}`).join(", ");
  const quoted = `'${template.ref.replaceAll("'", "''")}'`;
  const batchColumns = await columnsOf("booking_batches");
  await handle.db.execute(sql.raw(`
    insert into booking_batches (${batchColumns.join(", ")})
    select ${copyOf(batchColumns, { booking_batch_ref: `'${BATCH}'`, status: `'Draft'`, link_token_hash: "null" })}
    from booking_batches t where t.booking_batch_ref = ${quoted}`));
  const bookingColumns = await columnsOf("bookings");
  await handle.db.execute(sql.raw(`
    insert into bookings (${bookingColumns.join(", ")})
    select ${copyOf(bookingColumns, {
    booking_ref: `t.booking_ref || '-B' || g`,
    booking_batch_ref: `'${BATCH}'`,
    public_id: `md5(t.public_id || '-B' || g)`,
    status: `'Draft'`,
  })}
    from bookings t cross join generate_series(1, ${Math.ceil(BOOKINGS / template.n)}) g
    where t.booking_batch_ref = ${quoted}
    order by g, t.id
    limit ${BOOKINGS}`));
  const chargeColumns = (await columnsOf("booking_charges")).filter((c) => c !== "booking_ref");
  await handle.db.execute(sql.raw(`
    insert into booking_charges (booking_ref, ${chargeColumns.join(", ")})
    select b.booking_ref, ${chargeColumns.map((c) => `c.${c}`).join(", ")}
    from bookings b join booking_charges c on c.booking_ref = regexp_replace(b.booking_ref, '-B[0-9]+$', '')
    where b.booking_batch_ref = '${BATCH}'
    order by b.id, c.id`));
  const [{ n, lines }] = await queryRows<{ n: number; lines: number }>(handle.db, sql`
    select count(*)::int as n, (select count(*)::int from booking_charges where booking_ref in (select booking_ref from bookings where booking_batch_ref = ${BATCH})) as lines
    from bookings where booking_batch_ref = ${BATCH}`);
  return { bookings: n, lines };
}

/** The same rows on the raw driver: the batch, its bookings in order, their charge lines in order. */
const RAW = [
  `select * from booking_batches where booking_batch_ref = $1`,
  `select * from bookings where booking_batch_ref = $1 order by id`,
  `select * from booking_charges where booking_ref in (select booking_ref from bookings where booking_batch_ref = $1) order by id`,
];

async function rawRunner(handle: DatabaseHandle, url?: string) {
  if (handle.kind === "postgres") {
    const { default: postgres } = await import("postgres");
    const client = postgres(url!, { max: 4, onnotice: () => {} });
    return { run: () => Promise.all(RAW.map((text) => client.unsafe(text, [BATCH]))), close: () => client.end() };
  }
  // PGlite is one connection: reach the very client drizzle uses.
  // deno-lint-ignore no-explicit-any
  const client = (handle.db as any).$client;
  return { run: () => Promise.all(RAW.map((text) => client.query(text, [BATCH]))), close: async () => {} };
}

async function benchBackend(label: string, env: BenchBackendEnv) {
  const handle = await openDatabase(env, { poolSize: 4 });
  try {
    await migrateDatabase(handle);
    await firstStart(handle.db, { adminPassword: PASSWORD, linkBase: "http://localhost" });
    const seeded = await seedBigBatch(handle);
    const app = createApp({ db: handle.db, config: defaultConfig({ version: "bench", jwtSecret: crypto.getRandomValues(new Uint8Array(32)) }), log: () => {} });
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
    const base = `http://127.0.0.1:${server.addr.port}`;
    const signIn = await fetch(`${base}/api/users/authenticate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "admin", password: PASSWORD }) });
    const token = ((await signIn.json()) as { data: { token: string }[] }).data[0].token;
    const raw = await rawRunner(handle, env.DATABASE_URL);
    const bare = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async () => {
      const [batch, bookings, charges] = await raw.run();
      // deno-lint-ignore no-explicit-any
      const rows = (r: any) => r.rows ?? r;
      return Response.json({ data: { batch: rows(batch)[0], bookings: rows(bookings), charges: rows(charges) } });
    });
    const viaBare = async () => {
      const res = await fetch(`http://127.0.0.1:${bare.addr.port}/`);
      const body = await res.json() as { data: { bookings: unknown[] } };
      if (body.data.bookings.length !== seeded.bookings) throw new Error(`the bare handler answered ${body.data.bookings.length} bookings`);
    };
    const viaStack = async () => {
      const res = await fetch(`${base}/api/Bookings/batch/${BATCH}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`Bookings/batch answered ${res.status}: ${await res.text()}`);
      const body = await res.json() as { data: { bookings: unknown[] } };
      if (body.data.bookings.length !== seeded.bookings) throw new Error(`the batch read answered ${body.data.bookings.length} bookings`);
    };
    const stack: number[] = [];
    const direct: number[] = [];
    const floor: number[] = [];
    const WARM = 10;
    for (let i = 0; i < SAMPLES + WARM; i++) {
      const order = [["stack", "raw", "floor"], ["raw", "floor", "stack"], ["floor", "stack", "raw"]][i % 3];
      for (const which of order) {
        const started = performance.now();
        if (which === "stack") await viaStack();
        else if (which === "raw") await raw.run();
        else await viaBare();
        const ms = performance.now() - started;
        if (i >= WARM) (which === "stack" ? stack : which === "raw" ? direct : floor).push(ms);
      }
    }
    await bare.shutdown();
    await raw.close();
    await server.shutdown();
    return {
      backend: label,
      bookings: seeded.bookings,
      "charge lines": seeded.lines,
      "stack p50 ms": +percentile(stack, 50).toFixed(2),
      "stack p95 ms": +percentile(stack, 95).toFixed(2),
      "raw p50 ms": +percentile(direct, 50).toFixed(2),
      "raw p95 ms": +percentile(direct, 95).toFixed(2),
      "p50 ratio": +(percentile(stack, 50) / percentile(direct, 50)).toFixed(2),
      "p95 ratio": +(percentile(stack, 95) / percentile(direct, 95)).toFixed(2),
      "floor p50 ms": +percentile(floor, 50).toFixed(2),
      "floor ÷ raw": +(percentile(floor, 50) / percentile(direct, 50)).toFixed(2),
      "stack ÷ floor": +(percentile(stack, 50) / percentile(floor, 50)).toFixed(2),
    };
  } finally {
    await handle.close();
  }
}

const results = await onEachBackend("batch_read", benchBackend);
console.log(`\nBatch read, ${BOOKINGS} bookings with their charges, ${SAMPLES} samples each, full stack against the raw driver`);
console.table(results);
let missed = false;
for (const r of results) {
  const miss = !(r["p50 ratio"] <= TARGET);
  missed ||= miss;
  console.log(`${r.backend}: batch read of ${r.bookings} bookings, full-stack p50 is ${r["p50 ratio"]}x the raw driver's (target <= ${TARGET})${miss ? "  MISSED" : ""}`);
}
if (missed) Deno.exitCode = 1;
