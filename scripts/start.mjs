#!/usr/bin/env node
// npm start: build the web app when its sources are newer than the build, then run the API server on Deno.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "web/dist/index.html");
const bin = (name) => path.join(root, "node_modules/.bin", name);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "api/modules", "api/shared", "templates", "package.json"];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log("Building the web app...");
  const result = spawnSync(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(bin("deno"), ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-sys", "--allow-ffi", "api/main.ts"], {
  cwd: root,
  stdio: "inherit",
});

// Stopping: the server closes its connections and the database, then exits, and so does this script with its
// code. A server that has not gone within STOP_GRACE_MS of the signal is killed.
const STOP_GRACE_MS = 10_000;
let stopping = false;
function stop(signal) {
  if (!stopping) setTimeout(() => server.kill("SIGKILL"), STOP_GRACE_MS).unref();
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));
// `npm start` runs this script under `sh -c`, and a SIGTERM to npm reaches that shell, which dies without
// passing it on: this script is left to init and the server would go on serving. So a lost parent stops it too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop("SIGTERM");
}, 250).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 0)));
