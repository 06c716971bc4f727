#!/usr/bin/env node
// The CLI runs on the project's Deno, like the server; this launcher is what npm links as `lading`.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const deno = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "deno.cmd" : "deno");
const child = spawn(deno, ["run", "-A", "--config", path.join(root, "deno.json"), path.join(root, "cli", "main.ts"), ...process.argv.slice(2)], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("error", (err) => {
  console.error(`Could not start Deno (${deno}): ${err.message}. Run npm install first.`);
  process.exit(1);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : 15) : 1)));
