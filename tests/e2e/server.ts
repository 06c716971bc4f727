import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../support/free-port.ts";
import { REPO_ROOT } from "../support/repo.ts";

export interface RunningServer {
  baseURL: string;
  output: () => string;
  stop: () => Promise<void>;
  /**
   * Stops the process and starts it again on the same port and data, as an operator's restart would; `between`
   * runs while it is down, with the data directory (a test writing what another part of the product would have),
   * and settings given in `env` are set (or changed) for the new process, as an operator may before a restart.
   */
  restart: (between?: (dataDir: string) => Promise<void>, env?: Record<string, string>) => Promise<void>;
}


/**
 * Starts the real API server (serving the built web app) on a free port with a fresh embedded database, and
 * answers once /api/health says it is up.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  let port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-e2e-data-"));
  let baseURL = `http://127.0.0.1:${port}`;
  // PUBLIC_URL: the links the server writes by itself (the demo line's e-mails at first start) lead where the tests
  // reach it, as the links of a request do.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: baseURL, ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", NO_COLOR: "1" };
  // A PostgreSQL URL in the caller's environment would point every run at one shared database.
  delete childEnv.DATABASE_URL;
  // The test runner sets a BASE_URL of its own (Vite's); a server posts to BASE only when a test says so.
  if (!env.BASE_URL) delete childEnv.BASE_URL;
  let output = "";
  let child: ChildProcess;
  let exited: Promise<void>;

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    await kill();
    rmSync(dataDir, { recursive: true, force: true });
  };

  /**
   * Starts the server on `port` and waits until it is up. Up means this very process said it listens, then answered
   * /api/health: another test's server that took the same port meanwhile would answer the health check as well.
   */
  const launchOnce = async (): Promise<"up" | "port taken"> => {
    const from = output.length;
    const own = () => output.slice(from);
    child = spawn(path.join(REPO_ROOT, "node_modules/.bin/deno"), ["run", "-A", "api/main.ts"], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        if (/AddrInUse|Address already in use/.test(own())) return "port taken";
        await stop();
        throw new Error(`The server exited before it was ready:\n${output}`);
      }
      try {
        if (own().includes(`is running at http://localhost:${port}`) && (await fetch(`${baseURL}/api/health`)).status === 200) return "up";
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop();
    throw new Error(`The server did not become healthy within 90 s:\n${output}`);
  };

  /** A first start moves to another free port when its own was taken in the meantime; a restart keeps its port. */
  const launch = async (firstStart: boolean) => {
    for (let attempt = 1; ; attempt++) {
      if ((await launchOnce()) === "up") return;
      if (!firstStart || attempt === 3) {
        await stop();
        throw new Error(`Port ${port} was taken:\n${output}`);
      }
      // A fresh database as well: the one begun holds links to the port it could not have.
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir);
      port = await freePort();
      baseURL = `http://127.0.0.1:${port}`;
      childEnv.PORT = String(port);
      if (!env.PUBLIC_URL) childEnv.PUBLIC_URL = baseURL;
    }
  };

  await launch(true);
  return {
    baseURL,
    output: () => output,
    stop,
    restart: async (between, env = {}) => {
      await kill();
      await between?.(dataDir);
      Object.assign(childEnv, env);
      await launch(false);
    },
  };
}
