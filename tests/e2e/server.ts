import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-e2e-data-"));
  const baseURL = `http://127.0.0.1:${port}`;
  // PUBLIC_URL: the links the server writes by itself (the demo line's e-mails at first start) lead where the tests
  // reach it, as the links of a request do.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: baseURL, ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent" };
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

  const launch = async () => {
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
        await stop();
        throw new Error(`The server exited before it was ready:\n${output}`);
      }
      try {
        if ((await fetch(`${baseURL}/api/health`)).status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop();
    throw new Error(`The server did not become healthy within 90 s:\n${output}`);
  };

  await launch();
  return {
    baseURL,
    output: () => output,
    stop,
    restart: async (between, env = {}) => {
      await kill();
      await between?.(dataDir);
      Object.assign(childEnv, env);
      await launch();
    },
  };
}
