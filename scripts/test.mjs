#!/usr/bin/env node
// npm test: build the web app once (the browser and start-up suites serve that build), then run every suite.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
run(bin("vitest"), ["run", ...process.argv.slice(2)], { LADING_SKIP_BUILD: "1" });
