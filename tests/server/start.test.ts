import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * Runs what a newcomer runs: `npm start` (scripts/start.mjs) serving the built app on a port, then stops and
 * starts it again to show the data is kept. On PGlite always, on PostgreSQL when TEST_DATABASE_URL is set.
 */
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));


async function start(env: Record<string, string>) {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch { /* not listening yet */ }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    output: () => output,
    stop: () => new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }),
  };
}

async function signIn(base: string, password: string) {
  const res = await fetch(`${base}/api/users/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: "admin", password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string }[] }).data[0].token;
}

async function startStopStart(env: Record<string, string>) {
  const password = "first-start-password";
  const first = await start({ ...env, LADING_ADMIN_PASSWORD: password });
  expect(first.output()).toContain(`running at http://localhost:`);
  const page = await fetch(`${first.base}/signin`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('id="root"');
  const token = await signIn(first.base, password);
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const demo = (await (await fetch(`${first.base}/api/ports/load?take=200`, { headers: auth })).json()) as { total: number };
  expect(demo.total).toBeGreaterThan(5);
  // The demo line, as the administrator sees it on the first start.
  expect(first.output()).toContain("Demo line: 5 voyages, 7 quotations, 17 bookings;");
  const total = async (path: string, body?: unknown) =>
    ((await (await fetch(`${first.base}/api${path}`, { method: body ? "POST" : "GET", headers: auth, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { total: number }).total;
  expect(await total("/VoyageSchedules/load?take=50")).toBe(5);
  expect(await total("/SalesQuotations/loadSBM?take=50")).toBe(7);
  expect(await total("/Bookings/load", { take: 200 })).toBe(20);
  const created = await fetch(`${first.base}/api/ports`, { method: "POST", headers: auth, body: JSON.stringify({ code: "KEEP1", name: "Kept Port", branchCode: "MNL" }) });
  expect(created.status).toBe(201);
  await first.stop();

  const second = await start(env);
  expect(second.output()).not.toContain("Loaded the demo data set");
  const token2 = await signIn(second.base, password);
  const kept = (await (await fetch(`${second.base}/api/ports/load?search=KEEP1`, { headers: { authorization: `Bearer ${token2}` } })).json()) as { total: number };
  expect(kept.total).toBe(1);
  await second.stop();
}

describe("npm start", () => {
  it("serves the app on PGlite, and keeps the data across a restart", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-start-"));
    try {
      await startStopStart({ DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("does the same on PostgreSQL with DATABASE_URL", async () => {
    const { default: postgres } = await import("postgres");
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `lading_start_${Date.now()}`;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/" + name;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-start-pg-"));
    try {
      await startStopStart({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
