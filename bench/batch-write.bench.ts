/**
 * What a batch of bookings costs the database: the statements one request sends, counted at the driver (the
 * counting handle of tests/support/statement-count.ts), for batches of 10 and of 100 bookings: opening the batch
 * (the measure with a target), cloning its bookings and confirming it. A write made once per booking would make
 * the 100 cost more than the 10. Exits non-zero when opening a batch of 100 takes more statements than its target.
 * `tests/api/bookings-statements.test.ts` asserts the same counts exactly.
 *
 * Runs on PGlite (a temporary directory), and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names
 * a server: there in a database of its own made for the run and dropped after it. Each is seeded as a first start;
 * the demo's operations clerk opens the batches on the demo's open voyage over HTTP.
 * Run: deno run -A bench/batch-write.bench.ts
 */
import { eq } from "drizzle-orm";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { firstStart } from "../api/modules/index.ts";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { voyageSchedules } from "../db/schema/index.ts";
import { DEMO_PASSWORD, DEMO_PEOPLE } from "../db/seed/demo.ts";
import { countStatements } from "../tests/support/statement-count.ts";
import { type BenchBackendEnv, onEachBackend } from "./support.ts";

const TARGET = 15;

async function benchBackend(label: string, env: BenchBackendEnv) {
  const handle = await openDatabase(env);
  try {
    await migrateDatabase(handle);
    await firstStart(handle.db, { adminPassword: "bench-password-1", linkBase: "http://localhost" });
    const counter = await countStatements(handle);
    const app = createApp({ db: counter.db, config: defaultConfig({ version: "bench", jwtSecret: crypto.getRandomValues(new Uint8Array(32)) }), log: () => {} });
    const call = async (method: string, path: string, body: unknown, token?: string) => {
      const res = await app.fetch(new Request(`http://bench/api${path}`, {
        method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
      }));
      const answer = await res.json();
      if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const signIn = await call("POST", "/users/authenticate", { userId: DEMO_PEOPLE.ops.userId, password: DEMO_PASSWORD });
    const token = signIn.data[0].token as string;
    const [voyage] = await handle.db.select({ voyageNum: voyageSchedules.voyageNum }).from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-OPEN"));
    const bookings = (n: number) => Array.from({ length: n }, (_, i) => ({
      destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: `Lot ${i + 1}`,
      packaging: "Box", quantity: 100, cargoWeight: "12.500", declaredValue: "250000.00", consigneeName: "Visayan Copra Traders Inc.",
    }));
    const counted = async (work: () => Promise<unknown>) => {
      let result: unknown;
      const statements = await counter.measure(async () => {
        result = await work();
      });
      return { statements, result };
    };
    const row = async (n: number) => {
      const open = await counted(() => call("POST", "/Bookings/batch", { voyageNum: voyage.voyageNum, customerCode: "CUS-001", remarks: "", bookings: bookings(n) }, token));
      // deno-lint-ignore no-explicit-any
      const batch = (open.result as any).data;
      if (batch.bookings.length !== n) throw new Error(`the batch holds ${batch.bookings.length} bookings, not ${n}`);
      // deno-lint-ignore no-explicit-any
      const refs = batch.bookings.map((b: any) => b.bookingRef);
      const clone = await counted(() => call("POST", "/Bookings/clone", { bookingRefs: refs }, token));
      const confirm = await counted(() => call("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef }, token));
      return { open: open.statements, clone: clone.statements, confirm: confirm.statements };
    };
    const ten = await row(10);
    const hundred = await row(100);
    return {
      backend: label,
      "open 10": ten.open, "open 100": hundred.open,
      "clone 10": ten.clone, "clone 100": hundred.clone,
      "confirm 10": ten.confirm, "confirm 100": hundred.confirm,
    };
  } finally {
    await handle.close();
  }
}

const results = await onEachBackend("batch_write", benchBackend);
console.log("\nStatements one request sends for a batch of 10 and of 100 bookings (the session check included)");
console.table(results);
let missed = false;
for (const r of results) {
  const miss = !(r["open 100"] <= TARGET);
  missed ||= miss;
  console.log(`${r.backend}: opening a batch of 100 bookings takes ${r["open 100"]} statements, ${r["open 10"]} for 10 (target <= ${TARGET})${miss ? "  MISSED" : ""}`);
}
if (missed) Deno.exitCode = 1;
