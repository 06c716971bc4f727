/**
 * Ports list through the whole stack (HTTP, token check, validation, service, drizzle) against the same SQL
 * sent through the raw driver, on a generated table of 100,000 ports. Runs on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server. Samples alternate between the two paths so that
 * noise from other work on the machine falls on both alike. Run: npm run bench
 */
import { sql } from "drizzle-orm";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { createAdmin, seedReference } from "../api/modules/users/bootstrap.ts";
import { type DatabaseHandle, migrateDatabase, openDatabase, queryRows } from "../db/client.ts";

const ROWS = Number(Deno.env.get("BENCH_ROWS") ?? 100_000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 300);
const PASSWORD = "bench-password-1";

const SEARCHES = ["", "", "harbor", "P0042", "cebu", "", "wharf 7", "Davao"];

/** The SQL the ports load call sends (see api/shared/crud.ts), written out for the raw driver. */
const COLUMNS = `id, code, name, branch_code, location, is_active, user_created, user_modified, date_created, date_modified`;
const rawQueries = (search: string, skip: number) => {
  if (!search) {
    return {
      page: { text: `select ${COLUMNS} from ports order by code asc limit $1 offset $2`, params: [20, skip] },
      count: { text: `select count(*) from ports`, params: [] as unknown[] },
    };
  }
  const pattern = `%${search}%`;
  const where = `(code ilike $1 or name ilike $1 or branch_code ilike $1 or location ilike $1)`;
  return {
    page: { text: `select ${COLUMNS} from ports where ${where} order by code asc limit $2 offset $3`, params: [pattern, 20, skip] },
    count: { text: `select count(*) from ports where ${where}`, params: [pattern] },
  };
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function generate(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedReference(handle.db);
  await createAdmin(handle.db, { password: PASSWORD, reset: true });
  await handle.db.execute(sql`insert into branches (code, name) values ('MNL','Manila'),('CEB','Cebu'),('DVO','Davao'),('ILO','Iloilo') on conflict do nothing`);
  const [{ n }] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ports`);
  if (n >= ROWS) return;
  await handle.db.execute(sql`delete from ports`);
  await handle.db.execute(sql.raw(`
    insert into ports (code, name, branch_code, location)
    select 'P' || lpad(g::text, 6, '0'),
           (array['North Harbor','South Harbor','Wharf','Pier','Terminal'])[1 + g % 5] || ' ' || g,
           (array['MNL','CEB','DVO','ILO'])[1 + g % 4],
           (array['Manila','Cebu City','Davao City','Iloilo City'])[1 + g % 4] || ' zone ' || (g % 97)
    from generate_series(1, ${ROWS}) g`));
  await handle.db.execute(sql`analyze ports`);
}

async function rawRunner(handle: DatabaseHandle, url?: string) {
  if (handle.kind === "postgres") {
    const { default: postgres } = await import("postgres");
    const client = postgres(url!, { max: 4, onnotice: () => {} });
    return {
      run: (q: ReturnType<typeof rawQueries>) =>
        Promise.all([client.unsafe(q.page.text, q.page.params as never[]), client.unsafe(q.count.text, q.count.params as never[])]),
      close: () => client.end(),
    };
  }
  // PGlite is one connection: reach the very client drizzle uses.
  // deno-lint-ignore no-explicit-any
  const client = (handle.db as any).$client;
  return {
    run: (q: ReturnType<typeof rawQueries>) => Promise.all([client.query(q.page.text, q.page.params), client.query(q.count.text, q.count.params)]),
    close: async () => {},
  };
}

async function benchBackend(label: string, env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  const handle = await openDatabase(env, { poolSize: 4 });
  await generate(handle);
  const app = createApp({ db: handle.db, config: defaultConfig({ version: "bench", jwtSecret: crypto.getRandomValues(new Uint8Array(32)) }), log: () => {} });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const signIn = await fetch(`${base}/api/users/authenticate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "admin", password: PASSWORD }) });
  const token = ((await signIn.json()) as { data: { token: string }[] }).data[0].token;
  const raw = await rawRunner(handle, env.DATABASE_URL);

  const viaStack = async (search: string, skip: number) => {
    const res = await fetch(`${base}/api/ports/load?skip=${skip}&take=20&search=${encodeURIComponent(search)}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`load answered ${res.status}`);
    await res.json();
  };
  const stack: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const search = SEARCHES[i % SEARCHES.length];
    const skip = (i * 7919) % 2000;
    const order = i % 2 === 0 ? ["stack", "raw"] : ["raw", "stack"];
    for (const which of order) {
      const started = performance.now();
      if (which === "stack") await viaStack(search, skip);
      else await raw.run(rawQueries(search, skip));
      const ms = performance.now() - started;
      if (i >= 20) (which === "stack" ? stack : direct).push(ms);
    }
  }
  await raw.close();
  await server.shutdown();
  await handle.close();
  const row = {
    backend: label,
    "stack p50 ms": +percentile(stack, 50).toFixed(2),
    "stack p95 ms": +percentile(stack, 95).toFixed(2),
    "raw p50 ms": +percentile(direct, 50).toFixed(2),
    "raw p95 ms": +percentile(direct, 95).toFixed(2),
    "p50 ratio": +(percentile(stack, 50) / percentile(direct, 50)).toFixed(2),
    "p95 ratio": +(percentile(stack, 95) / percentile(direct, 95)).toFixed(2),
  };
  return row;
}

const results = [];
const dataDir = Deno.env.get("BENCH_DATA_DIR") ?? ".bench";
results.push(await benchBackend("pglite", { DATA_DIR: dataDir }));
const pgUrl = Deno.env.get("BENCH_DATABASE_URL") ?? Deno.env.get("TEST_DATABASE_URL");
if (pgUrl) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const [{ exists }] = await admin`select exists(select 1 from pg_database where datname = 'lading_bench') as exists`;
  if (!exists) await admin.unsafe("create database lading_bench");
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = "/lading_bench";
  results.push(await benchBackend("postgres", { DATABASE_URL: url.toString() }));
} else {
  console.log("PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to include it.");
}
console.log(`\nPorts list, ${ROWS.toLocaleString("en")} rows, ${SAMPLES} samples each, take 20, searches and pages mixed`);
console.table(results);
for (const r of results) console.log(`${r.backend}: full-stack p50 is ${r["p50 ratio"]}x the raw query's (target <= 1.5)`);
