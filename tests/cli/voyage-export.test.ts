import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { firstStart } from "../../api/modules/index.ts";
import { manilaDate } from "../../api/shared/dates.ts";
import { openDatabase } from "../../db/client.ts";
import { loadListReleases, tallySheetLines, tallySheets, voyageSchedules, waybills } from "../../db/schema/index.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * `lading export voyage`: the voyage's reports and its load list written to a directory from the same services as
 * the web's downloads, on the demo line's open voyage: its waybill on a released load list, loaded through its final
 * tally with its van and an empty van, and one more empty van counted on that sheet here.
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
let voyageNum: string;
let wayBillRef: string;
let waybill: typeof waybills.$inferSelect;
/** The open voyage's freight-collect waybill, loaded beside the first. */
let collect: typeof waybills.$inferSelect;
let releaseId: string;
let finalTallyDay: string;

function sheet(file: string) {
  const book = XLSX.read(readFileSync(file), { type: "buffer", cellStyles: true });
  const first = book.Sheets[book.SheetNames[0]];
  return {
    names: book.SheetNames,
    rows: XLSX.utils.sheet_to_json<(string | number | null)[]>(first, { header: 1, defval: null, blankrows: true }),
    widths: (first["!cols"] ?? []).map((c: { wch?: number }) => c.wch),
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lading-voyage-export-"));
  env = { DATA_DIR: dataDir };
  const migrated = await lading(["db", "migrate"], env);
  expect(migrated.code, migrated.stderr).toBe(0);
  const handle = await openDatabase(env);
  try {
    await firstStart(handle.db, { adminPassword: "voyage-export-admin-1", linkBase: "http://localhost:8000" });
    const [open] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-OPEN"));
    voyageNum = open.voyageNum;
    const [wb, second] = await handle.db.select().from(waybills).where(and(eq(waybills.voyageNum, voyageNum), ne(waybills.status, "Cancelled")))
      .orderBy(asc(waybills.id));
    wayBillRef = wb.wayBillRef;
    waybill = wb;
    collect = second;
    [{ releaseId }] = await handle.db.select({ releaseId: loadListReleases.releaseId }).from(loadListReleases).where(eq(loadListReleases.voyageNum, voyageNum));
    // The demo's final tally for Cebu counted the two waybills' vans and one empty van; a second empty van is added.
    const [ts] = await handle.db.select().from(tallySheets)
      .where(and(eq(tallySheets.voyageNum, voyageNum), eq(tallySheets.tallySheetType, "Loading"), eq(tallySheets.destinationBranchCode, "CEB")));
    const counted = await handle.db.select().from(tallySheetLines).where(eq(tallySheetLines.tallySheetId, ts.id));
    expect(counted.map((l) => [l.wayBillRef, l.containerType])).toEqual([[wayBillRef, "FL"], [collect.wayBillRef, "FL"], [null, "MT"]]);
    await handle.db.insert(tallySheetLines).values({
      tallySheetId: ts.id, entryId: "export-e3", containerVanNum: "LDGU2010042", containerType: "MT", size: "20", timeTallied: new Date(),
    });
    finalTallyDay = manilaDate(open.finalTallyAt!);
  } finally {
    await handle.close();
  }
}, 180_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("lading export voyage", () => {
  it("writes every report of the voyage and its load list into the directory, each saying what it holds", async () => {
    const out = path.join(dataDir, "reports");
    const run = await lading(["export", "voyage", voyageNum, "--out", out], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split("\n")).toEqual([
      `Wrote 2 waybills to ${path.join(out, `Buildup-${voyageNum}.pdf`)}`,
      `Wrote 2 waybills to ${path.join(out, "Buildup.xlsx")}`,
      `Wrote 2 waybills to ${path.join(out, "Load_List.xlsx")}`,
      `Wrote 2 waybills to ${path.join(out, "Coasting_Manifest.xlsx")}`,
      `Wrote 2 waybills to ${path.join(out, "Loading_Report.xlsx")}`,
      `Wrote 2 empty vans to ${path.join(out, "Empty_Container_Report.xlsx")}`,
      `Wrote 2 waybills to ${path.join(out, "Cargo_Costing_Manifest.xlsx")}`,
    ]);
    expect(readdirSync(out).sort()).toEqual([
      `Buildup-${voyageNum}.pdf`, "Buildup.xlsx", "Cargo_Costing_Manifest.xlsx", "Coasting_Manifest.xlsx", "Empty_Container_Report.xlsx", "Load_List.xlsx",
      "Loading_Report.xlsx",
    ]);
    expect(readFileSync(path.join(out, `Buildup-${voyageNum}.pdf`)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // With the final-tally date the whole name passes 31 characters: the number loses its VOY- and the date is compact.
    const tab = `${voyageNum.replace(/^VOY-/, "")} MNL-CEB ${finalTallyDay.slice(2).replace(/-/g, "")}`;
    const loading = sheet(path.join(out, "Loading_Report.xlsx"));
    expect(loading.names).toEqual([tab]);
    expect(loading.rows.slice(3)).toEqual([["Destination", "Cargo", "TEU", "Goods"], ["Cebu", "2 x 20 FULLS LOADED", 2, ""], ["Total", "", 2, ""]]);
    expect(loading.widths).toEqual([16, 24, 7, 40]);
    const empties = sheet(path.join(out, "Empty_Container_Report.xlsx"));
    expect([empties.names, empties.rows[3].slice(0, 2)]).toEqual([[tab], ["Cebu", "2 x 20 EMPTIES"]]);
    const buildup = sheet(path.join(out, "Buildup.xlsx"));
    expect(buildup.rows.slice(4, 6).map((r) => [r[2], r[3], r[32]])).toEqual([[wayBillRef, "Loaded", "Yes"], [collect.wayBillRef, "Loaded", "Yes"]]);
    const manifest = sheet(path.join(out, "Coasting_Manifest.xlsx"));
    expect([manifest.rows[4][1], manifest.rows[5][1]]).toEqual([wayBillRef, collect.wayBillRef]);
    const costing = sheet(path.join(out, "Cargo_Costing_Manifest.xlsx"));
    expect([costing.rows[4][1], costing.rows[5][1], costing.rows[6][0]]).toEqual([wayBillRef, collect.wayBillRef, "Total"]);

    // The load list: the title naming the voyage, its vessel, route and every release, the heads, the two waybills.
    const list = sheet(path.join(out, "Load_List.xlsx"));
    expect(list.names).toEqual([tab]);
    expect(list.rows[0][0]).toBe(`Load List: DEMO-OPEN (${voyageNum}), MV Lading Pioneer, Manila to Cebu, every release`);
    expect(list.rows[1]).toEqual([
      "No.", "Waybill No.", "Booking Ref", "Release", "Shipper", "Consignee", "Destination", "Van No.", "Size", "Seal No.", "Goods", "Quantity", "TEU",
      "Weight (tons)", "Mode of Delivery", "Mode of Payment", "Status",
    ]);
    expect(list.rows.slice(2)).toEqual([[
      1, wayBillRef, waybill.bookingRef, releaseId, "Pacific Harbor Trading Corp.", waybill.consigneeName, "Cebu", "LDGU2010020", "20",
      "MNL-0456712", waybill.goods, waybill.quantity, 1, Number(waybill.cargoWeight), waybill.modeOfDelivery, waybill.modeOfPayment, "Loaded",
    ], [
      2, collect.wayBillRef, collect.bookingRef, releaseId, "Pacific Harbor Trading Corp.", collect.consigneeName, "Cebu", "LDGU2010159", "20",
      "MNL-0456713", "Dried mangoes", 500, 1, 12.5, "PTP", "C", "Loaded",
    ]]);
    expect(list.widths).toEqual([6, 22, 22, 22, 32, 32, 16, 14, 6, 14, 30, 10, 6, 13, 16, 16, 14]);
  }, 120_000);

  it("writes only the reports asked for, and refuses a report it does not know", async () => {
    const out = path.join(dataDir, "loading-only");
    const run = await lading(["export", "voyage", voyageNum, "--report", "load-list", "empties", "--out", out], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split("\n")).toEqual([
      `Wrote 2 waybills to ${path.join(out, "Load_List.xlsx")}`,
      `Wrote 2 empty vans to ${path.join(out, "Empty_Container_Report.xlsx")}`,
    ]);
    expect(readdirSync(out).sort()).toEqual(["Empty_Container_Report.xlsx", "Load_List.xlsx"]);
    const wrong = await lading(["export", "voyage", voyageNum, "--report", "stowage", "--out", out], env);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Unknown report stowage: choose from buildup|load-list|manifest|loading|empties|costing.");
    const missing = await lading(["export", "voyage", "VOY-MNL-1999-000001", "--report", "load-list", "--out", out], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Voyage VOY-MNL-1999-000001 was not found.");
  }, 120_000);
});
