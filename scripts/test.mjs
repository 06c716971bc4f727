#!/usr/bin/env node
// npm test: build the web app once (the browser and start-up suites serve that build), then run every suite.
//
// The suites run with TMPDIR pointing at a folder of the project (tmp/test-run-<pid>, ignored by git), so
// nothing they or the programs they start (Deno, PGlite, Chromium) write there lands in the system's temporary
// folder. A test that makes a scratch folder removes it: one of ours (lading-*) still there afterwards fails
// the run. The folder is removed either way.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const scratch = path.join(root, "tmp", `test-run-${process.pid}`);
mkdirSync(scratch, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, TMPDIR: scratch, ...env } }).status ?? 1;

let status = run(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
if (status === 0) status = run(bin("vitest"), ["run", ...process.argv.slice(2)], { LADING_SKIP_BUILD: "1" });
const leftovers = readdirSync(scratch).filter((name) => name.startsWith("lading-"));
if (leftovers.length > 0) {
  console.error(`The tests left temporary folders behind: ${leftovers.join(", ")}. Remove each one where it is made.`);
  if (status === 0) status = 1;
}
rmSync(scratch, { recursive: true, force: true });
try {
  // tmp/ itself goes too when no other run is using it.
  if (readdirSync(path.join(root, "tmp")).length === 0) rmSync(path.join(root, "tmp"), { recursive: true, force: true });
} catch { /* already gone */ }
process.exit(status);
