import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import type { DatabaseHandle } from "../../db/client.ts";
import { voyageSchedules } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, onLoadList, openYard, tallied, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * The voyage's documents through the API (001 §9): a voyage from Manila to Cebu with three full 20' vans
 * counted onto the vessel and made final, two empty 20' vans counted with them, and a fourth waybill not yet on
 * the load list. Every workbook is downloaded and read back; the build-up report is read from its page image.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let year: number;
let loaded: { wayBillRef: string; bookingRef: string; containerVanNum: string }[];
let waiting: { wayBillRef: string; bookingRef: string; containerVanNum: string };
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, path: string) => (who in tokens ? t.call("GET", `/api${path}`, { token: tokens[who] }) : w.call(who, "GET", path));

/** The final tally was made at 10:00 Manila time on 28 November 2026. */
const FINAL_TALLY = new Date("2026-11-28T02:00:00.000Z");

async function workbook(path: string, who = "yard") {
  const res = await as(who, path);
  expect(res.status, path).toBe(200);
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  return {
    disposition: res.headers.get("content-disposition"),
    sheetNames: book.SheetNames,
    rows: XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, { header: 1, defval: null, blankrows: true }),
    widths: (sheet["!cols"] ?? []).map((c: { wch?: number }) => c.wch),
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await openYard(handle.db);
  // A clerk of the port of call sees the voyage's documents; one of a branch the voyage does not touch does not.
  await createUser(handle.db, { userId: "vd-cebu", password: "vd-password-1", menus: ["OUTBOUND"], branches: ["CEB"] });
  await createUser(handle.db, { userId: "vd-davao", password: "vd-password-1", menus: ["OUTBOUND"], branches: ["DVO"] });
  tokens.cebu = await signIn(t, "vd-cebu", "vd-password-1");
  tokens.davao = await signIn(t, "vd-davao", "vd-password-1");

  const { refs } = await bookingsWithVansOut(handle.db, w, 4);
  const bills = await waybillsOf(w, refs);
  loaded = bills.slice(0, 3);
  waiting = bills[3];
  await onLoadList(handle.db, w.voyageNum, loaded.map((b) => b.wayBillRef));
  await tallied(handle.db, w.voyageNum, [
    ...loaded.map((b, i) => ({ wayBillRef: b.wayBillRef, bookingRef: b.bookingRef, containerVanNum: b.containerVanNum, sealNum: `SEAL-${i + 1}` })),
    { containerVanNum: "LDGU2010037" },
    { containerVanNum: "LDGU2010042" },
  ], { final: true, at: FINAL_TALLY });
  await handle.db.update(voyageSchedules).set({ remarks: "Typhoon reroute" }).where(eq(voyageSchedules.voyageNum, w.voyageNum));
  year = Number(w.voyageNum.split("-")[2]);
}, 180_000);
afterAll(() => handle?.close());

describe("the voyage's reports", () => {
  it("sums up what each report holds, with the sheet name made by the rule", async () => {
    const res = await as("yard", `/OutBound/voyageReports/summary/${w.voyageNum}`);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({
      // "VOY-MNL-<year>-000001 MNL-CEB 2026-11-28" is 38 characters: the date goes short, then the number loses VOY-.
      sheetName: `MNL-${year}-000001 MNL-CEB 261128`,
      waybills: 4, onBoard: 3, empties: 2, teu: 4,
    });
    expect(data.header).toMatchObject({
      voyageNum: w.voyageNum, voyageRef: "V-201S", voyageBranches: ["MNL", "CEB"], vessel: "MV Lady of Manila", routes: "MNL-CEB",
      remarks: "Typhoon reroute", finalTally: FINAL_TALLY.toISOString(), origin: "Manila",
    });
    expect(data.header.destinations.map((d: any) => [d.branchCode, d.branchName])).toEqual([["CEB", "Cebu"]]);
  });

  it("counts the three full 20' vans as '3 x 20 FULLS LOADED' in Loading_Report.xlsx", async () => {
    const book = await workbook(`/OutBound/voyageReports/loadingReport/${w.voyageNum}`);
    expect(book.disposition).toBe('attachment; filename="Loading_Report.xlsx"');
    expect(book.sheetNames).toEqual([`MNL-${year}-000001 MNL-CEB 261128`]);
    expect(book.rows[0][0]).toBe(`Loading report: Typhoon reroute ${w.voyageNum} MNL-CEB 2026-11-28`);
    expect(book.rows.slice(3)).toEqual([
      ["Destination", "Cargo", "TEU", "Goods"],
      ["Cebu", "3 x 20 FULLS LOADED", 3, ""],
      ["Total", "", 3, ""],
    ]);
    expect(book.widths).toEqual([16, 24, 7, 40]);
  });

  it("counts the two empty 20' vans as '2 x 20 EMPTIES' in the empty container report, and lists them", async () => {
    const book = await workbook(`/OutBound/voyageReports/emptyContainers/${w.voyageNum}`);
    expect(book.disposition).toBe('attachment; filename="Empty_Container_Report.xlsx"');
    expect(book.sheetNames).toEqual([`MNL-${year}-000001 MNL-CEB 261128`]);
    expect(book.rows[3].slice(0, 2)).toEqual(["Cebu", "2 x 20 EMPTIES"]);
    expect(book.rows.slice(6).map((r) => r.slice(1, 9))).toEqual([
      ["LDGU2010037", "20", "Cebu", "", "Northline Haulers", "ABC 1235", "Efren Bautista", "Manila South Harbor CY"],
      ["LDGU2010042", "20", "Cebu", "", "Northline Haulers", "ABC 1235", "Efren Bautista", "Manila South Harbor CY"],
    ]);
    expect(book.widths).toEqual([5, 14, 6, 16, 14, 24, 11, 20, 22, 17]);
  });

  it("lists every waybill in Buildup.xlsx and only those on board in Coasting_Manifest.xlsx", async () => {
    const buildup = await workbook(`/OutBound/voyageReports/buildupExcel/${w.voyageNum}`);
    expect(buildup.disposition).toBe('attachment; filename="Buildup.xlsx"');
    expect(buildup.sheetNames).toEqual([`MNL-${year}-000001 MNL-CEB 261128`]);
    expect(buildup.rows.slice(4, 8).map((r) => [r[2], r[3], r[4], r[6], r[8], r[15], r[17], r[32]])).toEqual([
      ...loaded.map((b, i) => [b.wayBillRef, "Loaded", b.bookingRef, "Pacific Harbor Trading", "FCL", b.containerVanNum, `SEAL-${i + 1}`, "Yes"]),
      [waiting.wayBillRef, "Draft", waiting.bookingRef, "Pacific Harbor Trading", "FCL", waiting.containerVanNum, "SEAL-4", ""],
    ]);
    expect(buildup.rows[9][0]).toBe("4 waybills, 4 TEU, 50.000 tons");
    expect(buildup.widths).toHaveLength(34);

    const manifest = await workbook(`/OutBound/voyageReports/coastingManifest/${w.voyageNum}`);
    expect(manifest.disposition).toBe('attachment; filename="Coasting_Manifest.xlsx"');
    expect(manifest.rows.slice(4).map((r) => [r[1], r[4], r[5], r[6], r[7], r[10], r[13], r[14]])).toEqual([
      ...loaded.map((b) => [b.wayBillRef, "Manila", "Cebu", b.containerVanNum, "20", 1, 12.5, 250000]),
      [null, null, null, null, null, 3, 37.5, 750000],
    ]);
    expect(manifest.widths).toEqual([5, 21, 28, 28, 12, 14, 14, 6, 14, 10, 6, 26, 9, 12, 15, 9, 9, 36]);
  });

  it("adds up the waybills' charges in the cargo costing manifest", async () => {
    const book = await workbook(`/OutBound/voyageReports/costingManifest/${w.voyageNum}`);
    expect(book.disposition).toBe('attachment; filename="Cargo_Costing_Manifest.xlsx"');
    // Each waybill, priced from the port-to-port lane for 1 TEU: freight 12,500.00, arrastre 1,120.00 at Manila and
    // 980.00 at Cebu, all prepaid (tests/support/sq-pricing.ts).
    const each = [12500, 1120, 980, 0, 0, 0, 14600, 0, 0, 0, 14600];
    expect(book.rows.slice(4).map((r) => [r[1], ...r.slice(9)])).toEqual([
      ...[...loaded, waiting].map((b) => [b.wayBillRef, ...each]),
      [null, 50000, 4480, 3920, 0, 0, 0, 58400, 0, 0, 0, 58400],
    ]);
    expect(book.rows.at(-1)![0]).toBe("Total");
  });

  it("prints the build-up report on landscape A4, a copy for staff who are not DAT", async () => {
    const res = await as("yard", `/OutBound/voyageReports/buildup/${w.voyageNum}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Buildup-${w.voyageNum}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await renderPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pages[0].width).toBeGreaterThan(pdf.pages[0].height);
    const text = normaliseOcr(pdf.pages[0].text ?? "").replace(/ /g, "");
    for (const expected of [
      `voyage: ${w.voyageNum} (v-201s)`, "vessel: mv lady of manila", "final tally: 2026-11-28 10:00", "remarks: typhoon reroute", "to cebu (ceb)",
      ...[...loaded, waiting].map((b) => b.wayBillRef), "4 waybills, 4 teu, 50.000 tons",
    ]) expect(text).toContain(normaliseOcr(expected).replace(/ /g, ""));
    expect(await watermarkText(bytes, 1)).toBe("copy");
  }, 60_000);
});

describe("who sees a voyage's documents", () => {
  it("lets the staff of a port of call read them, and answers a branch the voyage does not touch as if there were no such voyage", async () => {
    expect((await as("cebu", `/OutBound/voyageReports/loadingReport/${w.voyageNum}`)).status).toBe(200);
    const foreign = await as("davao", `/OutBound/voyageReports/loadingReport/${w.voyageNum}`);
    const missing = await as("yard", "/OutBound/voyageReports/loadingReport/VOY-MNL-1999-000001");
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(foreign)).message).toBe(`Voyage ${w.voyageNum} was not found.`);
    expect((await expectErrorBody(missing)).message).toBe("Voyage VOY-MNL-1999-000001 was not found.");
    for (const path of ["summary", "buildup", "buildupExcel", "coastingManifest", "emptyContainers", "costingManifest"]) {
      expect((await as("davao", `/OutBound/voyageReports/${path}/${w.voyageNum}`)).status, path).toBe(404);
    }
  });

  it("lists the voyage to the staff of its branches with its waybills and final tally, and not to others", async () => {
    const list = async (who: string, body: unknown) => {
      const res = who in tokens
        ? await t.call("POST", "/api/OutBound/voyages/load", { token: tokens[who], body })
        : await w.call(who, "POST", "/OutBound/voyages/load", body);
      return { status: res.status, body: await json(res) };
    };
    const mine = await list("yard", { search: w.voyageNum });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((v: any) => [v.voyageNum, v.vesselName, v.waybills, v.finalTallyAt, v.destinations.map((d: any) => d.branchCode), v.state, v.atOrigin]))
      .toEqual([[w.voyageNum, "MV Lady of Manila", 4, FINAL_TALLY.toISOString(), ["CEB"], "Final tally", true]]);
    // The port of call's staff see it too, for its reports: its loading is the origin's work.
    expect((await list("cebu", {})).body.data.map((v: any) => [v.voyageNum, v.atOrigin])).toEqual([[w.voyageNum, false]]);
    expect(await list("davao", {})).toEqual({ status: 200, body: { data: [], total: 0, message: "No more data to load" } });
    const bad = await list("yard", { take: 0, skip: -1 });
    expect(bad.status).toBe(400);
    expect([bad.body.errors.skip, bad.body.errors.take]).toEqual([["skip cannot be negative"], ["take must be at least 1"]]);
  });
});
