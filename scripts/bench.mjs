#!/usr/bin/env node
// npm run bench: the ports list and, on PostgreSQL, the 1,000,000-customer search through the whole stack against
// the raw driver, a broadcast to 500 open notification streams, a 50,000-row workbook beside a CSV, then the
// sign-in page's JS. Every measure runs even when an earlier one misses its target; the run exits 1 if any did.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const misses = [];
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) misses.push(args.find((a) => a.startsWith("bench/")) ?? args.join(" "));
};
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/ports.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "bench/customers.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "--v8-flags=--expose-gc", "bench/notifications.bench.ts"]);
run(path.join(root, "node_modules/.bin/deno"), ["run", "-A", "--v8-flags=--expose-gc", "bench/workbook.bench.ts"]);
run(process.execPath, ["bench/bundle-size.mjs"]);
if (misses.length > 0) {
  console.log(`\nMissed a target or failed: ${misses.join(", ")}`);
  process.exitCode = 1;
}
