/**
 * The customer list at company scale: 1,000,000 customers on PostgreSQL, the list call through the whole stack
 * (routing, token check, validation, service, drizzle, JSON) against the very statements the service sends,
 * run through the raw driver. Samples alternate between the two so that noise from other work on the machine
 * falls on both alike. The full stack's median should stay within 1.5 times the raw query's.
 *
 * PostgreSQL only: BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL names the server. The rows go into a
 * database of their own, dropped at the end. Run: deno run -A bench/customers.bench.ts
 */
import { sql } from "drizzle-orm";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { customerListStatements } from "../api/modules/master-data/customers/service.ts";
import { createAdmin, seedReference } from "../api/modules/users/bootstrap.ts";
import { type DatabaseHandle, migrateDatabase, openDatabase, queryRows } from "../db/client.ts";

const ROWS = Number(Deno.env.get("BENCH_ROWS") ?? 1_000_000);
const SAMPLES = Number(Deno.env.get("BENCH_SAMPLES") ?? 150);
const WARMUP = 15;
const TARGET = 1.5;
const PASSWORD = "bench-password-1";

/** What people type into the customer search: codes, names, e-mail pieces, number fragments, and no search at all. */
const SEARCHES = ["", "zephyrine", "4242", "C0004217", "", "maria.12", "reyes", "pacific cargo 77", "", "santos"];

const serverUrl = Deno.env.get("BENCH_DATABASE_URL") ?? Deno.env.get("DATABASE_URL") ?? Deno.env.get("TEST_DATABASE_URL");
if (!serverUrl) {
  console.log("Customers bench skipped: it runs on PostgreSQL only. Set DATABASE_URL or TEST_DATABASE_URL=postgres://...");
  Deno.exit(0);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * A million customers in one statement. The trigram indexes are dropped for the load and built again from
 * their own definitions afterwards: one bulk build is several times faster than a million index updates.
 */
async function load(handle: DatabaseHandle) {
  const db = handle.db;
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'customers' and indexdef ilike '%gin_trgm_ops%'`,
  );
  for (const ix of indexes) await db.execute(sql.raw(`drop index ${ix.indexname}`));
  await db.execute(sql.raw(`
    insert into customers (code, company, first_name, middle_initial, last_name, address, contact_num, customer_contact_email,
                           customer_type, is_payor, is_collection_payor, is_per_bag, account_executive_id, branch_code)
    select 'C' || lpad(g::text, 7, '0'),
           (array['Pacific','Harbor','Island','Metro','Visayas','Mindanao','Luzon','Bay','Coral','Summit'])[1 + g % 10] || ' ' ||
             (array['Cargo','Trading','Foods','Logistics','Hardware','Marine','Agri','Supply'])[1 + (g / 10) % 8] || ' ' || g,
           (array['Maria','Jose','Ana','Juan','Rosa','Pedro','Liza','Carlo','Grace','Ramon','Nina','Paolo'])[1 + g % 12],
           (array['A','B','C','D','E'])[1 + g % 5],
           (array['Reyes','Santos','Cruz','Garcia','Mendoza','Torres','Flores','Villanueva','Ramos','Aquino',
                  'Castillo','Rivera','Bautista','Dela Cruz','Navarro','Salazar','Domingo','Ocampo','Pascual','Tan'])[1 + (g / 7) % 20],
           g || ' Rizal Avenue, Barangay ' || (g % 900) || ', ' ||
             (array['Manila','Cebu City','Davao City','Iloilo City','Cagayan de Oro'])[1 + g % 5],
           '09' || lpad((g::bigint * 7919 % 1000000000)::text, 9, '0'),
           lower((array['Maria','Jose','Ana','Juan','Rosa','Pedro','Liza','Carlo','Grace','Ramon','Nina','Paolo'])[1 + g % 12])
             || '.' || g || '@example.ph',
           (array['SHIPPER','CONSIGNEE','BOTH'])[1 + g % 3],
           g % 3 <> 0,
           g % 5 = 0,
           g % 11 = 0,
           'ae' || (g % 40),
           (array['MNL','CEB','DVO','ILO'])[1 + g % 4]
    from generate_series(1, ${ROWS}) g`));
  await db.execute(sql.raw(`
    insert into customers (code, company, customer_contact_email, customer_type)
    values ('Z0000001', 'Zephyrine Shipping', 'ops@zephyrine.example', 'BOTH'),
           ('Z0000002', 'Old Zephyrine Lines', 'desk@zephyrine-lines.example', 'SHIPPER')`));
  await db.execute(sql.raw(`set maintenance_work_mem = '256MB'`));
  for (const ix of indexes) await db.execute(sql.raw(ix.indexdef));
  await db.execute(sql`analyze customers`);
}

async function main(url: string) {
  const name = `lading_bench_customers_${Deno.pid}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  let handle: DatabaseHandle | undefined;
  let raw: ReturnType<typeof postgres> | undefined;
  try {
    const started = performance.now();
    handle = await openDatabase({ DATABASE_URL: target.toString() }, { poolSize: 4 });
    await migrateDatabase(handle);
    await seedReference(handle.db);
    await createAdmin(handle.db, { password: PASSWORD, reset: true });
    await handle.db.execute(sql`insert into branches (code, name) values ('MNL','Manila'),('CEB','Cebu'),('DVO','Davao'),('ILO','Iloilo') on conflict do nothing`);
    await load(handle);
    console.log(`Loaded ${ROWS.toLocaleString("en")} customers and analyzed in ${elapsed(started)}`);

    const app = createApp({
      db: handle.db,
      config: defaultConfig({ version: "bench", jwtSecret: crypto.getRandomValues(new Uint8Array(32)) }),
      log: () => {},
    });
    const signIn = await app.request("/api/users/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: "admin", password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const token = ((await signIn.json()) as { data: { token: string }[] }).data[0].token;
    raw = postgres(target.toString(), { max: 4, onnotice: () => {} });
    const direct = raw;

    // The screen's reload: active customers, a page of 20, searched and paged.
    const queryOf = (i: number) => ({ skip: ((i * 7919) % 50) * 20, take: 20, search: SEARCHES[i % SEARCHES.length], isActive: true });

    const viaStack = async (q: ReturnType<typeof queryOf>) => {
      const res = await app.request("/api/Customers/load", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(q),
      });
      if (res.status !== 200) throw new Error(`Customers/load answered ${res.status}: ${await res.text()}`);
      await res.json();
    };
    const viaDriver = async (q: ReturnType<typeof queryOf>) => {
      const { page, count } = customerListStatements(handle!.db, { ...q, search: q.search || undefined });
      const p = page.toSQL();
      const c = count.toSQL();
      await Promise.all([direct.unsafe(p.sql, p.params as never[]), direct.unsafe(c.sql, c.params as never[])]);
    };

    const stack: number[] = [];
    const driver: number[] = [];
    const sampling = performance.now();
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      const q = queryOf(i);
      const order = i % 2 === 0 ? ["stack", "raw"] : ["raw", "stack"];
      for (const which of order) {
        const t0 = performance.now();
        if (which === "stack") await viaStack(q);
        else await viaDriver(q);
        const ms = performance.now() - t0;
        if (i >= WARMUP) (which === "stack" ? stack : driver).push(ms);
      }
    }
    console.log(`Sampled ${SAMPLES} list calls each way in ${elapsed(sampling)}`);

    const ratio = percentile(stack, 50) / percentile(driver, 50);
    console.log(`\nCustomers list (POST /api/Customers/load), ${ROWS.toLocaleString("en")} rows, take 20, searches and pages mixed`);
    console.table([
      { path: "full stack", "p50 ms": +percentile(stack, 50).toFixed(2), "p95 ms": +percentile(stack, 95).toFixed(2) },
      { path: "raw SQL", "p50 ms": +percentile(driver, 50).toFixed(2), "p95 ms": +percentile(driver, 95).toFixed(2) },
    ]);
    const pass = ratio <= TARGET;
    console.log(`p50(full) / p50(raw) = ${ratio.toFixed(2)} (target <= ${TARGET}): ${pass ? "PASS" : "FAIL"}`);
    return pass;
  } finally {
    await raw?.end();
    await handle?.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const passed = await main(serverUrl);
if (!passed) Deno.exit(1);
