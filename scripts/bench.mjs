#!/usr/bin/env node
// npm run bench: every bench/*.bench.ts (the ports list and, on PostgreSQL, the 1,000,000-customer search through
// the whole stack against the raw driver, live notifications, the API while a job runs, workbooks, documents,
// bookings...), then the sign-in page's JS. Each prints its measures beside their targets and exits non-zero on a
// miss; every measure still runs, and the bench exits 1 at the end when any missed.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const misses = [];
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) misses.push(args.find((a) => a.startsWith("bench/")) ?? args.join(" "));
};
const deno = path.join(root, "node_modules/.bin/deno");
// A new measure is a new file: the runner finds it. --expose-gc lets a measure settle memory between samples.
for (const file of readdirSync(path.join(root, "bench")).filter((f) => f.endsWith(".bench.ts")).sort()) {
  run(deno, ["run", "-A", "--v8-flags=--expose-gc", `bench/${file}`]);
}
run(process.execPath, ["bench/bundle-size.mjs"]);
if (misses.length > 0) {
  console.log(`\nMissed a target or failed: ${misses.join(", ")}`);
  process.exitCode = 1;
}
