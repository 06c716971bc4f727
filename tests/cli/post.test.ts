import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueuePosting } from "../../api/modules/accounting/index.ts";
import { openDatabase } from "../../db/client.ts";
import { postings } from "../../db/schema/index.ts";
import { type BaseServer, startBaseServer } from "../support/base-server.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * `lading post [--voyage <n>] [--dry-run]`: the postings waiting for BASE sent from the command line, with a
 * progress bar, under their keys; held while no BASE is configured.
 */

const launcher = path.join(root, "cli", "lading.mjs");

function lading(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  // The test runner's own BASE_URL (Vite's) is no BASE.
  for (const name of ["DATABASE_URL", "DATA_DIR", "BASE_URL", "BASE_API_KEY"]) delete childEnv[name];
  Object.assign(childEnv, env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], { cwd: root, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
let base: BaseServer;
const keys = ["INVOICE:9001:r1", "INVOICE:9002:r1"];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lading-post-"));
  base = await startBaseServer();
  const seeded = await lading(["db", "seed"], { DATA_DIR: dataDir });
  expect(seeded.code, seeded.stderr).toBe(0);
  // Two invoices' postings as the outbox holds them (the invoices themselves are not needed to send them).
  const handle = await openDatabase({ DATA_DIR: dataDir });
  try {
    for (const [i, gross] of ["1120.00", "2240.00"].entries()) {
      await handle.db.transaction((tx) => enqueuePosting(tx, {
        docType: "INVOICE", docId: 9001 + i, revision: 1, reference: `SI-MNL-2026-00900${i + 1}`, branchCode: "MNL", documentDate: "2026-11-27",
        totals: { gross, vat: "0.00", ewt: "0.00", wvat: "0.00", cash: "0.00" }, payload: { n: i }, requestedBy: "cli-test",
      }));
    }
  } finally {
    await handle.close();
  }
}, 180_000);

afterAll(async () => {
  await base?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("lading post", () => {
  it("holds the waiting postings and sends nothing while no BASE is configured", async () => {
    const run = await lading(["post"], { DATA_DIR: dataDir });
    expect([run.code, run.stdout.trim()]).toEqual([0, "BASE_URL is not set: nothing was sent. 2 postings are now held (HELD); they go out once BASE is configured."]);
    const half = await lading(["post"], { DATA_DIR: dataDir, BASE_URL: base.url });
    expect(half.stdout.trim()).toBe("BASE_URL is set but BASE_API_KEY is not: nothing was sent. 0 postings are now held (HELD); they go out once BASE is configured.");
    expect(base.sends()).toEqual([]);
  });

  it("lists what it would send with --dry-run, then sends it with a progress bar, each under its key, once", async () => {
    const env = { DATA_DIR: dataDir, BASE_URL: base.url, BASE_API_KEY: base.apiKey };
    const dry = await lading(["post", "--dry-run"], env);
    expect(dry.stdout).toContain("Would post 2:");
    for (const key of keys) expect(dry.stdout).toContain(key);
    expect(base.sends()).toEqual([]);
    const other = await lading(["post", "--voyage", "NO-SUCH-VOYAGE"], env);
    expect(other.stdout.trim()).toBe("Nothing is waiting to be posted.");

    const run = await lading(["post"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("\r[###############...............] 1/2\r[##############################] 2/2\n");
    expect(run.stdout).toContain(`Posted 2 of 2 to ${base.url}; 0 to try again later, 0 refused.`);
    expect(keys.map((k) => base.countOf(k))).toEqual([1, 1]);
    const handle = await openDatabase({ DATA_DIR: dataDir });
    try {
      for (const key of keys) expect((await handle.db.select().from(postings).where(eq(postings.idempotencyKey, key)))[0].status).toBe("CONFIRMED");
    } finally {
      await handle.close();
    }
    const again = await lading(["post"], env);
    expect(again.stdout.trim()).toBe("Nothing is waiting to be posted.");
    expect(base.sends()).toEqual(keys);
  });
});
