import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { firstStart } from "../../api/modules/index.ts";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import { openDatabase } from "../../db/client.ts";
import { dwellTimeReport } from "../../api/modules/inbound/dwell-time/service.ts";
import { EVERY_BRANCH } from "../../api/shared/branch-scope.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * `lading report revenue`: the revenue workbook written from the same service and builder as the screen's
 * download, on the demo line (tests/api/reports.test.ts works its sums out by hand).
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
const today = manilaToday();
const from = addCalendarDays(today, -30);
const to = addCalendarDays(today, 30);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lading-report-"));
  env = { DATA_DIR: dataDir };
  const migrated = await lading(["db", "migrate"], env);
  expect(migrated.code, migrated.stderr).toBe(0);
  const handle = await openDatabase(env);
  try {
    await firstStart(handle.db, { adminPassword: "report-cli-admin-1", linkBase: "http://localhost:8000" });
  } finally {
    await handle.close();
  }
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("lading report revenue", () => {
  it("writes the revenue workbook of the demo voyages into a directory under its own name", async () => {
    const run = await lading(["report", "revenue", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `Revenue_Report_${from}_${to}.xlsx`);
    expect(run.stdout.trim()).toBe(`Wrote 5 waybills to ${file}`);
    const book = XLSX.read(readFileSync(file), { type: "buffer", cellStyles: true });
    expect(book.SheetNames).toEqual(["By voyage", "By lane", "By customer", "Waybills"]);
    const lanes = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By lane"]!, { header: 1 });
    expect(lanes).toEqual([
      ["Lane", "Waybills", "Freight", "Other Charges", "Revenue", "Waived"],
      ["MNL → CEB", 4, 85568, 19062, 104630, 504],
      ["MNL → DVO", 1, 30912, 4704, 35616, 0],
      ["Total", 5, 116480, 23766, 140246, 504],
    ]);
    expect((book.Sheets["By lane"]!["!cols"] ?? []).map((c: { wch?: number }) => c.wch)).toEqual([16, 10, 16, 16, 16, 14]);
  });

  it("narrows to a branch, and refuses a period read backwards with the field's message", async () => {
    const cebu = path.join(dataDir, "cebu.xlsx");
    const run = await lading(["report", "revenue", "--from", from, "--to", to, "--branch", "CEB", "--out", cebu], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`Wrote 0 waybills to ${cebu}`);
    const book = XLSX.read(readFileSync(cebu), { type: "buffer" });
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By voyage"]!, { header: 1 }).at(-1)).toEqual(["Total", "", "", "", "", 0, 0, 0, 0, 0]);

    const backwards = await lading(["report", "revenue", "--from", to, "--to", from, "--out", dataDir], env);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr.trim()).toBe("Error: To date cannot be before the from date");
  });

  it("writes the booking report and bookings by CSR of the demo bookings", async () => {
    const bookings = await lading(["report", "bookings", "--from", from, "--to", to, "--out", dataDir], env);
    expect(bookings.code, bookings.stderr).toBe(0);
    const bookingsFile = path.join(dataDir, `Booking_Report_${from}_${to}.xlsx`);
    expect(bookings.stdout.trim()).toBe(`Wrote 20 bookings to ${bookingsFile}`);
    const statuses = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(bookingsFile), { type: "buffer" }).Sheets["By status"]!, { header: 1 });
    expect(statuses.at(-1)).toEqual(["Total", 20]);

    const csr = await lading(["report", "csr", "--from", from, "--to", to, "--out", dataDir], env);
    expect(csr.code, csr.stderr).toBe(0);
    const csrFile = path.join(dataDir, `Bookings_by_CSR_${from}_${to}.xlsx`);
    expect(csr.stdout.trim()).toBe(`Wrote 20 bookings to ${csrFile}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(csrFile), { type: "buffer" }).Sheets["Bookings by CSR"]!, { header: 1 });
    expect(rows.map((r) => [r[0], r[2], r.at(-1)])).toEqual([["CSR", "Bookings", "Amount"], ["demo.ops", 20, 523046], ["Total", 20, 523046]]);
  });

  it("writes comparative revenue, the demo voyages all in this period", async () => {
    const run = await lading(["report", "comparative-revenue", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `Comparative_Revenue_${from}_${to}.xlsx`);
    expect(run.stdout.trim()).toBe(`Wrote 2 lanes to ${file}`);
    const lanes = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["By lane"]!, { header: 1 });
    expect(lanes.slice(1)).toEqual([["MNL → CEB", 104630, 0, 0], ["MNL → DVO", 35616, 0, 0], ["Total", 140246, 0, 0]]);
  });

  it("writes the operation report of the demo voyages", async () => {
    const run = await lading(["report", "operation", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `Operation_Report_${from}_${to}.xlsx`);
    expect(run.stdout.trim()).toBe(`Wrote 5 voyages to ${file}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["Operation report"]!, { header: 1 });
    expect(rows.at(-1)).toEqual(["Total", "", "", "", "", "", 16, 16, 6, 5, 4, 3, 1, "", ""]);
  });

  it("writes tally sheet finalization of the demo voyages", async () => {
    const run = await lading(["report", "tally-finalization", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `Tally_Sheet_Finalization_${from}_${to}.xlsx`);
    expect(run.stdout.trim()).toBe(`Wrote 2 tally sheets to ${file}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["Tally sheet finalization"]!, { header: 1 });
    expect(rows.map((r) => [r[2], r[8], r[9]])).toEqual([["Status", "Full Vans", "Empty Vans"], ["Open", 1, 0], ["Final", 2, 1], ["", 3, 1]]);
  });

  it("writes the voyage history of the demo voyages", async () => {
    const run = await lading(["report", "voyage-history", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `Voyage_History_${from}_${to}.xlsx`);
    expect(run.stdout.trim()).toBe(`Wrote 5 voyages to ${file}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["Voyage history"]!, { header: 1 });
    expect(rows[1]?.slice(7, 8).concat(rows[1]?.slice(11, 14))).toEqual([30, -60, 0, "Arrived"]);
  });

  it("writes the SQ-based commodity report: the demo bookings name no commodity, so one row", async () => {
    const run = await lading(["report", "sq-commodity", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `SQ_Commodity_Report_${from}_${to}.xlsx`);
    expect(run.stdout.trim()).toBe(`Wrote 16 bookings to ${file}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["By commodity"]!, { header: 1, defval: "" });
    expect(rows.slice(1)).toEqual([["", "No commodity", "", 2, 16, 3400, 16, 523046], ["Total", "", "", 2, 16, 3400, 16, 523046]]);
  });
});

describe("lading report dwell-time", () => {
  it("writes the dwell time workbook of the demo line's discharged cargo, the figures of the screen's report", async () => {
    const run = await lading(["report", "dwell-time", "--from", from, "--to", to, "--out", dataDir], env);
    expect(run.code, run.stderr).toBe(0);
    const file = path.join(dataDir, `Dwell_Time_${from}_${to}.xlsx`);
    const handle = await openDatabase(env);
    let report;
    try {
      report = await dwellTimeReport(handle.db, EVERY_BRANCH, { dateFrom: from, dateTo: to });
    } finally {
      await handle.close();
    }
    expect(report.totals.waybills).toBeGreaterThan(0);
    expect(run.stdout.trim()).toBe(`Wrote ${report.totals.waybills} waybill${report.totals.waybills === 1 ? "" : "s"} to ${file}`);
    const book = XLSX.read(readFileSync(file), { type: "buffer" });
    const groups = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By voyage and branch"]!, { header: 1, defval: null });
    const t = report.totals;
    expect(groups.at(-1)).toEqual([
      "Total", "", "", "", t.waybills, t.released, t.averageDaysToRelease, t.longestDaysToRelease, t.vannedIn, t.averageDaysToVanIn, t.longestDaysToVanIn,
    ]);
    expect(groups.slice(1, -1).map((g) => g[0])).toEqual(report.data.map((g) => g.voyageNum));
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Waybills!, { header: 1 })).toHaveLength(report.waybills.length + 1);
  });

  it("refuses a period read backwards with the field's message", async () => {
    const backwards = await lading(["report", "dwell-time", "--from", to, "--to", from, "--out", dataDir], env);
    expect(backwards.code).not.toBe(0);
    expect(backwards.stderr).toContain("To date cannot be before the from date");
  });
});
