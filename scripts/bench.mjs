#!/usr/bin/env node
// npm run bench: the ports list and, on PostgreSQL, the 1,000,000-customer search through the whole stack against
// the raw driver, a broadcast to 500 open notification streams (and, on PostgreSQL, across two servers), the API
// while the daily booking expiry runs and while a big workbook downloads, the long-list PDF against a short one,
// then the sign-in page's JS. PostgreSQL joins when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. A measure
// that misses its target exits non-zero; every measure still runs, and
// the bench exits 1 at the end when any missed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const missed = [];
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) missed.push(args.find((a) => a.startsWith("bench/")));
};
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/ports.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/customers.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "--v8-flags=--expose-gc", "bench/notifications.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/jobs.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/downloads.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/documents.bench.ts"]);
run(process.execPath, ["bench/bundle-size.mjs"]);
if (missed.length > 0) {
  console.log(`\nMissed a target or failed: ${missed.join(", ")}`);
  process.exitCode = 1;
}
