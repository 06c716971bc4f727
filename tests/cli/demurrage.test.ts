import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { openDatabase } from "../../db/client.ts";
import { auditLog, companyPolicies, freeTimeCharges, holidays } from "../../db/schema/index.ts";
import { makeTestApp } from "../support/app.ts";
import { seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * `lading demurrage run`: the nightly accrual run by hand on a database of its own, with two waybills to Cebu whose
 * cargo was discharged (final inbound tally) on Tue 15 Apr 2025, one of them trucked out on Thu 24 Apr; the 2025
 * calendar and the test rates of the domain notes (3 free days, demurrage 500, storage 900).
 */

const launcher = path.join(root, "cli", "lading.mjs");

function lading(args: string[], env: { DATA_DIR: string }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ...env };
  delete childEnv.DATABASE_URL;
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
let env: { DATA_DIR: string };
let W1: string;
let W2: string;

async function written() {
  const handle = await openDatabase(env);
  try {
    const rows = await handle.db.select().from(freeTimeCharges).orderBy(asc(freeTimeCharges.id));
    const audits = await handle.db.select().from(auditLog).where(inArray(auditLog.action, ["FREE_TIME_CHARGED", "FREE_TIME_CHANGED"]));
    return { rows: rows.map((r) => `${r.wayBillRef} ${r.chargeType} ${r.days} ${r.amount} ${r.userCreated}`), audits: audits.length };
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lading-demurrage-"));
  env = { DATA_DIR: dataDir };
  const migrated = await lading(["db", "migrate"], env);
  expect(migrated.code, migrated.stderr).toBe(0);
  const handle = await openDatabase(env);
  try {
    const w = await seedBookingWorld(handle.db, makeTestApp(handle.db), { yard: ["OUTBOUND"] });
    await openYard(handle.db);
    const { refs } = await bookingsWithVansOut(handle.db, w, 2);
    const [one, two] = await waybillsOf(w, refs);
    [W1, W2] = [one.wayBillRef, two.wayBillRef];
    await handle.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
    await handle.db.insert(companyPolicies).values([
      { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
      { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
      { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
      { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
    ]);
    await recordCargoStage(handle.db, one.bookingRef, 6, new Date("2025-04-15T09:00:00+08:00"));
    await recordCargoStage(handle.db, two.bookingRef, 6, new Date("2025-04-15T09:00:00+08:00"));
    await recordCargoStage(handle.db, two.bookingRef, 8, new Date("2025-04-24T10:00:00+08:00"));
  } finally {
    await handle.close();
  }
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("lading demurrage run", () => {
  it("--dry-run prints what it would charge and writes nothing", async () => {
    const run = await lading(["demurrage", "run", "--date", "2025-04-25", "--dry-run"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split("\n")).toEqual([
      `${W1} CEB storage: 3 days 2,700.00`,
      `${W1} CEB demurrage: 3 days 1,500.00`,
      `${W2} CEB storage: 2 days 1,800.00 final`,
      `${W2} CEB demurrage: 2 days 1,000.00 final`,
      "Dry run for 2025-04-25: would add 4, change 0, leave 0 as they are. Nothing was written.",
    ]);
    expect(await written()).toEqual({ rows: [], audits: 0 });
  }, 60_000);

  it("charges the day, and a second run on the same day charges nothing more", async () => {
    const first = await lading(["demurrage", "run", "--date", "2025-04-25"], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim().split("\n").at(-1)).toBe("Free time for 2025-04-25: 4 added, 0 changed, 0 unchanged.");
    const again = await lading(["demurrage", "run", "--date", "2025-04-25"], env);
    expect(again.stdout.trim().split("\n")).toEqual(["Free time for 2025-04-25: 0 added, 0 changed, 4 unchanged."]);
    expect(await written()).toEqual({
      rows: [`${W1} STO 3 2700.00 cli`, `${W1} DEM 3 1500.00 cli`, `${W2} STO 2 1800.00 cli`, `${W2} DEM 2 1000.00 cli`],
      audits: 4,
    });
    const next = await lading(["demurrage", "run", "--date", "2025-04-26", "--dry-run"], env);
    expect(next.stdout.trim().split("\n")).toEqual([
      `${W1} CEB storage: 4 days 3,600.00, was 3 days 2,700.00`,
      `${W1} CEB demurrage: 4 days 2,000.00, was 3 days 1,500.00`,
      "Dry run for 2025-04-26: would add 0, change 2, leave 2 as they are. Nothing was written.",
    ]);
  }, 60_000);

  it("refuses a date that is not one", async () => {
    const run = await lading(["demurrage", "run", "--date", "2025-02-30"], env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe("Error: --date must be a date written YYYY-MM-DD.");
  }, 60_000);
});
