/**
 * The API while someone downloads a big workbook: the trucking master (GET /api/Truckings/download) over 20,000
 * truckings is downloaded again and again by one client while two others keep reading a page of ports (a cheap
 * GET), against the same reads with the server idle. Idle and busy rounds alternate so that noise from other
 * work on the machine falls on both alike. Prints the reads' p95 while the download runs ÷ idle and exits
 * non-zero when it misses its target.
 *
 * The server builds documents in its pool of workers (api/shared/document-pool.ts), sized as api/main.ts sizes
 * it; BENCH_DOCUMENT_WORKERS=0 builds them on the request thread instead, to see what the pool saves.
 *
 * Runs on PGlite (a temporary directory), and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names
 * a database: the truckings it adds there are coded BENCH-DL-… and removed at the end.
 * Run: deno run -A bench/downloads.bench.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { createAdmin } from "../api/modules/users/bootstrap.ts";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { startDocumentWorkers, stopDocumentWorkers } from "../api/shared/document-pool.ts";
import { loadDocumentWorkers } from "../api/settings.ts";

const TRUCKINGS = Number(Deno.env.get("BENCH_DOWNLOAD_ROWS") ?? 20_000);
const ROUNDS = Number(Deno.env.get("BENCH_DOWNLOAD_ROUNDS") ?? 3);
const DOWNLOADS_PER_ROUND = 2;
const CLIENTS = 2;
const TARGET = 3;
const PASSWORD = "bench-password-1";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function benchBackend(label: string, env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  const handle = await openDatabase(env);
  try {
    await migrateDatabase(handle);
    await createAdmin(handle.db, { password: PASSWORD, reset: true });
    await handle.db.execute(sql`delete from truckings where code like 'BENCH-DL-%'`);
    await handle.db.execute(sql.raw(`
      insert into truckings (code, name, address, contact_person, contact_num, plate_num, is_hauling, is_authorized, branch_codes)
      select 'BENCH-DL-' || lpad(g::text, 6, '0'),
             (array['North Star','Island','Harbor','Metro','Southern'])[1 + g % 5] || ' Trucking ' || g,
             g || ' Rizal Avenue, ' || (array['Tondo, Manila','Mandaue, Cebu','Lanang, Davao City'])[1 + g % 3],
             'Contact ' || g, '0917' || lpad(g::text, 7, '0'), 'ABC ' || (1000 + g % 9000),
             g % 3 = 0, g % 4 <> 0, case g % 3 when 0 then array['MNL'] when 1 then array['CEB','DVO'] else array['ILO'] end
      from generate_series(1, ${TRUCKINGS}) g`));

    const app = createApp({ db: handle.db, config: defaultConfig({ version: "bench", jwtSecret: crypto.getRandomValues(new Uint8Array(32)) }), log: () => {} });
    const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
    const base = `http://127.0.0.1:${server.addr.port}`;
    const signIn = await fetch(`${base}/api/users/authenticate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "admin", password: PASSWORD }) });
    const token = ((await signIn.json()) as { data: { token: string }[] }).data[0].token;
    const headers = { authorization: `Bearer ${token}` };

    const read = async (samples: number[]) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/ports/load?skip=0&take=20`, { headers });
      if (res.status !== 200) throw new Error(`ports/load answered ${res.status}`);
      await res.json();
      samples.push(performance.now() - started);
    };
    const readers = (samples: number[], until: { done: boolean } | number) =>
      Promise.all(Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; typeof until === "number" ? i < until : !until.done; i++) await read(samples);
      }));
    let downloadMs = 0;
    let downloadBytes = 0;
    const download = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/api/Truckings/download`, { headers });
      if (res.status !== 200) throw new Error(`Truckings/download answered ${res.status}`);
      downloadBytes = (await res.arrayBuffer()).byteLength;
      downloadMs += performance.now() - started;
    };

    await download(); // warm-up: the workbook code paths, the query plan
    for (let i = 0; i < 20; i++) await read([]);
    const idle: number[] = [];
    const busy: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const state = { done: false };
      const before = busy.length;
      const downloads = (async () => {
        for (let i = 0; i < DOWNLOADS_PER_ROUND; i++) await download();
      })().finally(() => state.done = true);
      await Promise.all([downloads, readers(busy, state)]);
      await readers(idle, Math.max(50, Math.ceil((busy.length - before) / CLIENTS)));
    }
    await server.shutdown();
    const ratio = percentile(busy, 95) / percentile(idle, 95);
    return {
      backend: label,
      "idle reads": idle.length,
      "idle p95 ms": +percentile(idle, 95).toFixed(2),
      "reads during downloads": busy.length,
      "busy p95 ms": +percentile(busy, 95).toFixed(2),
      "download ms": Math.round(downloadMs / (ROUNDS * DOWNLOADS_PER_ROUND + 1)),
      "workbook kB": Math.round(downloadBytes / 1024),
      ratio: +ratio.toFixed(2),
    };
  } finally {
    await handle.db.execute(sql`delete from truckings where code like 'BENCH-DL-%'`).catch(() => {});
    await handle.close();
  }
}

const pool = loadDocumentWorkers({ LADING_DOCUMENT_WORKERS: Deno.env.get("BENCH_DOCUMENT_WORKERS") });
if (pool) startDocumentWorkers(pool);
const results = [];
const dir = mkdtempSync(path.join(os.tmpdir(), "lading-bench-downloads-"));
try {
  results.push(await benchBackend("pglite", { DATA_DIR: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = Deno.env.get("BENCH_DATABASE_URL") ?? Deno.env.get("TEST_DATABASE_URL");
if (pgUrl) results.push(await benchBackend("postgres", { DATABASE_URL: pgUrl }));
else console.log("PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to include it.");

stopDocumentWorkers();
console.log(`\nA page of ports read by ${CLIENTS} clients while a third downloads the trucking master of ${TRUCKINGS.toLocaleString("en")} rows (${ROUNDS} rounds of ${DOWNLOADS_PER_ROUND} downloads; ${pool ? `${pool.workers} document worker${pool.workers === 1 ? "" : "s"}` : "built on the request thread"})`);
console.table(results);
let missed = false;
for (const r of results) {
  const miss = !(r.ratio <= TARGET);
  missed ||= miss;
  console.log(`${r.backend}: API p95 while a ${TRUCKINGS.toLocaleString("en")}-row workbook downloads is ${r.ratio.toFixed(2)}x idle (target <= ${TARGET})${miss ? "  MISSED" : ""}`);
}
if (missed) Deno.exitCode = 1;
