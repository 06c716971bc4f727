import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * `npm start` stopped the way a process manager or a container stops it: one SIGTERM to npm. npm passes it to
 * the shell it runs the script in, not further, so this checks that every process it started is gone and the
 * port is closed, not only npm.
 */
const started: ChildProcess[] = [];
const leftovers = new Set<number>();
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch { /* already gone */ }
  }
  for (const child of started) child.kill("SIGKILL");
});


/** Every process below `pid`, read from ps. */
function descendants(pid: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

describe("npm start", () => {
  it("stops the server with it on SIGTERM: no process of it left, the port closed", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-stop-"));
    try {
      const port = await freePort();
      const npm = spawn("npm", ["start"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "silent", LADING_ADMIN_PASSWORD: "stop-test-password" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.push(npm);
      let output = "";
      npm.stdout!.on("data", (d) => (output += d));
      npm.stderr!.on("data", (d) => (output += d));
      for (let i = 0; i < 1200; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
        } catch { /* not listening yet */ }
        if (npm.exitCode !== null) throw new Error(`npm start exited: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await portOpen(port)).toBe(true);
      const tree = descendants(npm.pid!);
      // npm, its shell, scripts/start.mjs and the server (the deno launcher may add its own binary).
      expect(tree.length).toBeGreaterThanOrEqual(3);
      tree.forEach((pid) => leftovers.add(pid));

      const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
      npm.kill("SIGTERM");
      await exited;
      let remaining = tree.filter(alive);
      for (let i = 0; i < 150 && remaining.length > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        remaining = tree.filter(alive);
      }
      expect(remaining).toEqual([]);
      expect(await portOpen(port)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
