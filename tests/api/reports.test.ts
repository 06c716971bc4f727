import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { firstStart } from "../../api/modules/index.ts";
import { comparedPeriods } from "../../api/modules/reports/comparative.ts";
import { addCalendarDays, manilaDate, manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { bookings, voyageSchedules, waybills } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The reports over the demo line of a first start, against sums worked out by hand from its waybills:
 *
 * - DEMO-OPEN (MV-PIONEER, MNL→CEB): two waybills of CUS-001: the split one, freight 21,392.00 and other charges
 *   2,352.00 + 504.00 + 1,848.00 + 750.00 = 5,454.00, revenue 26,846.00; the freight-collect one, freight 21,392.00
 *   and others 4,704.00 (no permit fee), revenue 26,096.00. Freight 42,784.00, others 10,158.00, revenue 52,942.00.
 * - DEMO-LOADING (MV-VOYAGER): three waybills of CUS-004, two to CEB (freight 21,392.00, others 2,352.00 + 504.00 +
 *   1,848.00 = 4,704.00 each; the first had its 504.00 waived, so 4,200.00) and one to DVO (freight 30,912.00, others
 *   4,704.00). Freight 73,696.00, others 13,608.00, revenue 87,304.00, waived 504.00.
 *
 * So: lanes MNL→CEB 21,392 × 4 + 5,454 + 4,704 + 4,200 + 4,704 = 104,630.00 and MNL→DVO 35,616.00; customers
 * CUS-004 87,304.00 and CUS-001 52,942.00; in all freight 116,480.00, others 23,766.00, revenue 140,246.00, waived
 * 504.00.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, path: string) => t.call("GET", `/api${path}`, { token: tokens[who] });

const today = manilaToday();
const period = `dateFrom=${addCalendarDays(today, -30)}&dateTo=${addCalendarDays(today, 30)}`;
let open: typeof voyageSchedules.$inferSelect;
let loading: typeof voyageSchedules.$inferSelect;

beforeAll(async () => {
  handle = await openTestDatabase();
  await firstStart(handle.db, { adminPassword: "demo-admin-password-1", linkBase: "http://localhost:8000" });
  t = makeTestApp(handle.db);
  const people = [
    ["boss", ["VOYAGE", "VOYAGE_FREIGHT_REVENUE_REPORT", "ALL_BRANCHES"], []],
    ["clerk", ["VOYAGE"], ["MNL"]],
    ["cebu", ["VOYAGE", "VOYAGE_FREIGHT_REVENUE_REPORT", "CSR_REPORT"], ["CEB"]],
    ["csr", ["VOYAGE", "CSR_REPORT"], ["MNL"]],
    ["yard", ["OUTBOUND"], ["MNL"]],
  ] as const;
  for (const [who, menus, branchCodes] of people) {
    await createUser(handle.db, { userId: `rpt-${who}`, password: "rpt-password-123", menus, branches: branchCodes });
    tokens[who] = await signIn(t, `rpt-${who}`, "rpt-password-123");
  }
  [open] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-OPEN"));
  [loading] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-LOADING"));
}, 120_000);
afterAll(() => handle?.close());

const figures = (waybills: number, freight: string, otherCharges: string, revenue: string, waived: string) =>
  ({ waybills, freight, otherCharges, revenue, waived });

describe("revenue per voyage, lane and customer", () => {
  it("adds up the demo voyages' waybills as worked out by hand", async () => {
    const res = await as("boss", `/Bookings/reports/revenue?${period}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.data.map((v: any) => ({ key: v.key, voyageRef: v.voyageRef, vesselCode: v.vesselCode, ...figures(v.waybills, v.freight, v.otherCharges, v.revenue, v.waived) })))
      .toEqual([
        // Earliest departure first: the loading voyage leaves before the open one.
        { key: loading.voyageNum, voyageRef: "DEMO-LOADING", vesselCode: "MV-VOYAGER", ...figures(3, "73696.00", "13608.00", "87304.00", "504.00") },
        // The open voyage: the split waybill (its 750.00 permit fee among the other charges) and the freight-collect one.
        { key: open.voyageNum, voyageRef: "DEMO-OPEN", vesselCode: "MV-PIONEER", ...figures(2, "42784.00", "10158.00", "52942.00", "0.00") },
      ]);
    expect(report.lanes).toEqual([
      { key: "MNL-CEB", label: "MNL → CEB", ...figures(4, "85568.00", "19062.00", "104630.00", "504.00") },
      { key: "MNL-DVO", label: "MNL → DVO", ...figures(1, "30912.00", "4704.00", "35616.00", "0.00") },
    ]);
    expect(report.customers.map((c: any) => [c.key, c.revenue, c.waybills])).toEqual([["CUS-004", "87304.00", 3], ["CUS-001", "52942.00", 2]]);
    expect(report.totals).toEqual(figures(5, "116480.00", "23766.00", "140246.00", "504.00"));
    expect(report.waybills.map((w: any) => w.revenue)).toEqual(["25592.00", "26096.00", "35616.00", "26846.00", "26096.00"]);
    expect(report.message).toBeUndefined();
  });

  it("narrows to a voyage, a vessel or a customer; a period without voyages answers the empty message", async () => {
    const one = await json(await as("boss", `/Bookings/reports/revenue?${period}&voyageNum=${open.voyageNum}`));
    expect(one.totals).toEqual(figures(2, "42784.00", "10158.00", "52942.00", "0.00"));
    const vessel = await json(await as("boss", `/Bookings/reports/revenue?${period}&vesselCode=MV-VOYAGER`));
    expect(vessel.totals.revenue).toBe("87304.00");
    const shipper = await json(await as("boss", `/Bookings/reports/revenue?${period}&customerCode=CUS-001`));
    expect(shipper.data.map((v: any) => v.key)).toEqual([open.voyageNum]);
    const before = await json(await as("boss", `/Bookings/reports/revenue?dateFrom=2000-01-01&dateTo=2000-12-31`));
    expect(before).toMatchObject({ data: [], lanes: [], customers: [], waybills: [], message: "No data found", totals: figures(0, "0.00", "0.00", "0.00", "0.00") });
  });

  it("counts the voyage by its Manila departure day: a period ending the day before the loading voyage leaves leaves it out", async () => {
    const etdDay = manilaDate(loading.estimatedTimeDeparture);
    const upTo = await json(await as("boss", `/Bookings/reports/revenue?dateFrom=${addCalendarDays(etdDay, -5)}&dateTo=${addCalendarDays(etdDay, -1)}`));
    expect(upTo.data.map((v: any) => v.key)).not.toContain(loading.voyageNum);
    const on = await json(await as("boss", `/Bookings/reports/revenue?dateFrom=${etdDay}&dateTo=${etdDay}`));
    expect(on.data.map((v: any) => v.key)).toEqual([loading.voyageNum]);
  });

  it("shows a branch only its own voyages' revenue", async () => {
    const cebu = await json(await as("cebu", `/Bookings/reports/revenue?${period}`));
    expect(cebu).toMatchObject({ data: [], message: "No data found" });
  });

  it("is refused to a role without the voyage freight revenue report role, download included", async () => {
    for (const path of [`/Bookings/reports/revenue?${period}`, `/Bookings/reports/revenue/download?${period}`]) {
      const res = await as("clerk", path);
      expect(res.status, path).toBe(403);
      await expectErrorBody(res);
    }
  });

  it("refuses a period read backwards, one over a year and a date that is not one, on the field to fix", async () => {
    const backwards = await as("boss", "/Bookings/reports/revenue?dateFrom=2026-12-02&dateTo=2026-12-01");
    expect(backwards.status).toBe(400);
    expect((await expectErrorBody(backwards)).errors.dateTo).toEqual(["To date cannot be before the from date"]);
    const long = await as("boss", "/Bookings/reports/revenue?dateFrom=2025-01-01&dateTo=2026-01-02");
    expect((await expectErrorBody(long)).errors.dateTo).toEqual(["The period can be at most 366 days long"]);
    const bad = await as("boss", "/Bookings/reports/revenue?dateFrom=12/01/2026&dateTo=2026-12-01");
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.dateFrom).toEqual(["From date must be a date written YYYY-MM-DD"]);
    // A day that is not one is told on its field, and the period is not judged.
    const impossible = await as("boss", "/Bookings/reports/revenue?dateFrom=2026-02-30&dateTo=2026-13-01");
    expect(impossible.status).toBe(400);
    expect((await expectErrorBody(impossible)).errors).toEqual({ "": [expect.any(String)], dateFrom: ["From date is not a real date"], dateTo: ["To date is not a real date"] });
  });

  it("downloads the same figures as Revenue_Report_{from}_{to}.xlsx with fixed widths", async () => {
    const from = addCalendarDays(today, -30);
    const to = addCalendarDays(today, 30);
    const res = await as("boss", `/Bookings/reports/revenue/download?${period}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`Revenue_Report_${from}_${to}.xlsx`);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["By voyage", "By lane", "By customer", "Waybills"]);
    const rows = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1 });
    expect(rows("By voyage")).toEqual([
      ["Voyage No", "Voyage Ref", "Vessel", "Origin", "ETD", "Waybills", "Freight", "Other Charges", "Revenue", "Waived"],
      [loading.voyageNum, "DEMO-LOADING", "MV-VOYAGER MV Lading Voyager", "MNL", manilaDate(loading.estimatedTimeDeparture), 3, 73696, 13608, 87304, 504],
      [open.voyageNum, "DEMO-OPEN", "MV-PIONEER MV Lading Pioneer", "MNL", manilaDate(open.estimatedTimeDeparture), 2, 42784, 10158, 52942, 0],
      ["Total", "", "", "", "", 5, 116480, 23766, 140246, 504],
    ]);
    expect(rows("By lane")).toEqual([
      ["Lane", "Waybills", "Freight", "Other Charges", "Revenue", "Waived"],
      ["MNL → CEB", 4, 85568, 19062, 104630, 504],
      ["MNL → DVO", 1, 30912, 4704, 35616, 0],
      ["Total", 5, 116480, 23766, 140246, 504],
    ]);
    expect(rows("By customer").map((r) => [r[0], r[5]])).toEqual([["Customer Code", "Revenue"], ["CUS-004", 87304], ["CUS-001", 52942], ["Total", 140246]]);
    expect(rows("Waybills").at(-1)).toEqual(["Total", "", "", "", "", "", "", 116480, 23766, 140246, 504]);
    expect((book.Sheets["By voyage"]["!cols"] ?? []).map((c: { wch?: number }) => c.wch)).toEqual([22, 14, 26, 8, 12, 10, 16, 16, 16, 14]);
  });
});

describe("the operation report", () => {
  it("follows each demo voyage's cargo from booking to vessel, as the demo line made it", async () => {
    const res = await as("clerk", `/Bookings/reports/operation?${period}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    const stage = (bookings: number, cts: number, waybills: number, onLoadList: number, loadedFull: number, loadedEmpty: number) =>
      ({ bookings, teu: bookings, cts, waybills, onLoadList, loadedFull, loadedEmpty });
    // Every voyage leaving in the period, earliest first: the arrived and at-sea voyages carry nothing of the line's.
    expect(report.data.map((v: any) => [v.voyageRef, { ...stage(v.bookings, v.cts, v.waybills, v.onLoadList, v.loadedFull, v.loadedEmpty), teu: v.teu }]))
      .toEqual([
        ["DEMO-ARRIVED", stage(0, 0, 0, 0, 0, 0)],
        ["DEMO-AT-SEA", stage(0, 0, 0, 0, 0, 0)],
        // Three bookings out of the yard and billed, two of the waybills on the open release, one van counted so far.
        ["DEMO-LOADING", stage(3, 3, 3, 2, 1, 0)],
        // Thirteen live bookings (of seventeen: three expired, one cloned), three slips, two waybills loaded with an empty van.
        ["DEMO-OPEN", stage(13, 3, 2, 2, 2, 1)],
        ["DEMO-DRAFT", stage(0, 0, 0, 0, 0, 0)],
      ]);
    expect(report.data.find((v: any) => v.voyageRef === "DEMO-OPEN").finalTallyAt).toBe(open.finalTallyAt!.toISOString());
    expect(report.totals).toEqual(stage(16, 6, 5, 4, 3, 1));

    const file = await as("clerk", `/Bookings/reports/operation/download?${period}`);
    expect(file.headers.get("content-disposition")).toContain(`Operation_Report_${addCalendarDays(today, -30)}_${addCalendarDays(today, 30)}.xlsx`);
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array", cellStyles: true });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Operation report"], { header: 1 });
    expect(rows.at(-1)).toEqual(["Total", "", "", "", "", "", 16, 16, 6, 5, 4, 3, 1, "", ""]);
    expect(rows.find((r) => r[1] === "DEMO-LOADING")?.slice(6, 13)).toEqual([3, 3, 3, 3, 2, 1, 0]);
    expect((book.Sheets["Operation report"]["!cols"] ?? []).length).toBe(15);
    const cebu = await json(await as("cebu", `/Bookings/reports/operation?${period}`));
    expect(cebu).toMatchObject({ data: [], message: "No data found" });
  });
});

describe("tally sheet finalization", () => {
  it("lists the demo voyages' loading sheets: the loading voyage's still open, the open voyage's made final", async () => {
    const res = await as("yard", `/Bookings/reports/tallySheetFinalization?${period}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.data.map((s: any) => [s.voyageRef, s.tallySheetType, s.status, s.destinationBranchCode, s.full, s.empty])).toEqual([
      ["DEMO-LOADING", "Loading", "Open", "CEB", 1, 0],
      ["DEMO-OPEN", "Loading", "Final", "CEB", 2, 1],
    ]);
    const [loadingSheet, finalSheet] = report.data;
    expect([loadingSheet.dateFinalized, loadingSheet.finalizedBy, loadingSheet.minutesToFinal]).toEqual([null, "", null]);
    expect(finalSheet.dateFinalized).not.toBeNull();
    expect(finalSheet.finalizedBy).not.toBe("");
    expect(finalSheet.minutesToFinal).toBeGreaterThanOrEqual(0);
    expect(Date.parse(finalSheet.lastCounted) <= Date.parse(finalSheet.dateFinalized)).toBe(true);
    expect(report.totals).toEqual({ sheets: 2, final: 1, open: 1, full: 3, empty: 1 });

    const file = await as("yard", `/Bookings/reports/tallySheetFinalization/download?${period}`);
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Tally sheet finalization"], { header: 1 });
    expect(rows).toHaveLength(4);
    expect(rows.at(-1)?.slice(0, 10)).toEqual(["Total", "1 final, 1 open", "", "", "", "", "", "", 3, 1]);
    // The outbound menu's report: the voyage menu alone does not open it.
    expect((await as("clerk", `/Bookings/reports/tallySheetFinalization?${period}`)).status).toBe(403);
  });
});

describe("voyage history", () => {
  it("sets each demo voyage's schedule beside the departure and arrival its vessel updates record", async () => {
    const res = await as("clerk", `/Bookings/reports/voyageHistory?${period}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    // The arrived voyage left 30 minutes late and reached Cebu an hour early; the one at sea left 30 minutes late.
    expect(report.data.map((v: any) => [v.voyageRef, v.stage, v.departureDelayMinutes, v.lastPortBranchCode, v.arrivalDelayMinutes, v.reguides])).toEqual([
      ["DEMO-ARRIVED", "Arrived", 30, "CEB", -60, 0],
      ["DEMO-AT-SEA", "At sea", 30, "DVO", null, 0],
      ["DEMO-LOADING", "Not departed", null, "DVO", null, 0],
      ["DEMO-OPEN", "Not departed", null, "CEB", null, 0],
      ["DEMO-DRAFT", "Not departed", null, "DVO", null, 0],
    ]);
    expect(report.totals).toEqual({ voyages: 5, departed: 2, arrived: 1, lateDepartures: 2, lateArrivals: 0 });
    const file = await as("clerk", `/Bookings/reports/voyageHistory/download?${period}`);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array" }).Sheets["Voyage history"], { header: 1 });
    expect(rows.slice(1).map((r) => [r[1], r[7], r[11], r[13]])).toEqual([
      ["DEMO-ARRIVED", 30, -60, "Arrived"], ["DEMO-AT-SEA", 30, undefined, "At sea"], ["DEMO-LOADING", undefined, undefined, "Not departed"],
      ["DEMO-OPEN", undefined, undefined, "Not departed"], ["DEMO-DRAFT", undefined, undefined, "Not departed"],
    ]);
  });
});

describe("comparative revenue", () => {
  it("sets a period beside the one before it and the same dates a year earlier, a leap day falling back to the 28th", () => {
    expect(comparedPeriods("2028-02-01", "2028-02-29")).toEqual({
      current: { dateFrom: "2028-02-01", dateTo: "2028-02-29" },
      previous: { dateFrom: "2028-01-03", dateTo: "2028-01-31" },
      lastYear: { dateFrom: "2027-02-01", dateTo: "2027-02-28" },
    });
  });

  it("puts the open voyage in this period and the loading voyage in the one before, per lane and customer", async () => {
    // From the day after the loading voyage leaves to the day the open one leaves; the period before, as long, ends
    // on the loading voyage's day.
    const loadingDay = manilaDate(loading.estimatedTimeDeparture);
    const openDay = manilaDate(open.estimatedTimeDeparture);
    const res = await as("boss", `/Bookings/reports/comparativeRevenue?dateFrom=${addCalendarDays(loadingDay, 1)}&dateTo=${openDay}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.periods.previous.dateTo).toBe(loadingDay);
    const row = (key: string, label: string, current: string, previous: string) => ({ key, label, current, previous, lastYear: "0.00" });
    expect(report.data).toEqual([row("MNL-CEB", "MNL → CEB", "52942.00", "51688.00"), row("MNL-DVO", "MNL → DVO", "0.00", "35616.00")]);
    expect(report.customers).toEqual([
      row("CUS-001", expect.any(String), "52942.00", "0.00"),
      row("CUS-004", expect.any(String), "0.00", "87304.00"),
    ]);
    expect(report.totals).toEqual({ key: "", label: "All", current: "52942.00", previous: "87304.00", lastYear: "0.00" });

    const file = await as("boss", `/Bookings/reports/comparativeRevenue/download?dateFrom=${addCalendarDays(loadingDay, 1)}&dateTo=${openDay}`);
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["By lane", "By customer"]);
    const lanes = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By lane"], { header: 1 });
    expect(lanes.slice(1)).toEqual([["MNL → CEB", 52942, 51688, 0], ["MNL → DVO", 0, 35616, 0], ["Total", 52942, 87304, 0]]);
    expect(lanes[0][1]).toBe(`This period (${addCalendarDays(loadingDay, 1)} to ${openDay})`);
    expect((book.Sheets["By lane"]["!cols"] ?? []).map((c: { wch?: number }) => c.wch)).toEqual([34, 34, 34, 34]);
    expect((await as("clerk", `/Bookings/reports/comparativeRevenue?${period}`)).status).toBe(403);
  });
});

/**
 * The demo line's twenty bookings, all dated today and made by demo.ops at Manila: Draft 4, Sent 1, Confirmed 4,
 * ATW Issued 1, Outbound CTS Issued 4, At Vessel Loaded 2, Expired 3, Cloned 1. The sixteen live ones carry one TEU
 * each; their quantities add up to 3,400 (the freight-collect booking's 500 among them) and their charges to
 * 12 × 31,846.00 + 41,366.00 (the Davao booking) + 3 × 33,176.00 = 523,046.00.
 */
const DEMO_STATUSES = {
  "Draft": 4, "Sent": 1, "Confirmed": 4, "ATW Issued": 1, "Outbound CTS Issued": 4, "At Vessel Loaded": 2, "Expired": 3, "Cloned": 1,
};
const DEMO_BOOKINGS = { bookings: 20, live: 16, quantity: 3400, teu: 16, amount: "523046.00", statuses: DEMO_STATUSES };

describe("the booking report and bookings by CSR", () => {
  it("counts the demo bookings by status and adds up the live ones as worked out by hand", async () => {
    const res = await as("clerk", `/Bookings/reports/bookings?${period}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.totals).toEqual(DEMO_BOOKINGS);
    expect(report.data).toHaveLength(20);
    expect(report.data.filter((b: any) => b.destinationBranchCode === "DVO").map((b: any) => [b.status, b.amount, b.csr, b.csrName]))
      .toEqual([["Outbound CTS Issued", "41366.00", "demo.ops", expect.any(String)]]);
    const loading = await json(await as("clerk", `/Bookings/reports/bookings?${period}&voyageNum=${(await loadingVoyage()).voyageNum}`));
    expect(loading.totals).toMatchObject({ bookings: 3, live: 3, amount: "105058.00", statuses: expect.objectContaining({ "Outbound CTS Issued": 3 }) });
  });

  it("gives each CSR their bookings; a role without the CSR Report role is refused", async () => {
    const res = await as("csr", `/Bookings/reports/byCsr?${period}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.data.map((r: any) => ({ ...r, csrName: undefined }))).toEqual([{ csr: "demo.ops", csrName: undefined, ...DEMO_BOOKINGS }]);
    expect(report.totals).toEqual(DEMO_BOOKINGS);
    const cebu = await json(await as("cebu", `/Bookings/reports/byCsr?${period}`));
    expect(cebu).toMatchObject({ data: [], message: "No data found" });
    for (const path of [`/Bookings/reports/byCsr?${period}`, `/Bookings/reports/byCsr/download?${period}`]) {
      const refused = await as("clerk", path);
      expect(refused.status, path).toBe(403);
      await expectErrorBody(refused);
    }
  });

  it("downloads both as workbooks with the same figures", async () => {
    const bookingsFile = await as("clerk", `/Bookings/reports/bookings/download?${period}`);
    expect(bookingsFile.headers.get("content-disposition")).toContain(`Booking_Report_${addCalendarDays(today, -30)}_${addCalendarDays(today, 30)}.xlsx`);
    const book = XLSX.read(new Uint8Array(await bookingsFile.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["Bookings", "By status"]);
    const lines = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Bookings"], { header: 1 });
    expect(lines).toHaveLength(22);
    expect(lines.at(-1)).toEqual(["Total (live bookings)", "", "", "", "", "", "", "", "", "", "", 3400, 16, 523046]);
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By status"], { header: 1 })).toEqual([
      ["Status", "Bookings"], ...Object.entries(DEMO_STATUSES), ["Total", 20],
    ]);
    expect((book.Sheets["By status"]["!cols"] ?? []).map((c: { wch?: number }) => c.wch)).toEqual([22, 10]);

    const csrFile = await as("csr", `/Bookings/reports/byCsr/download?${period}`);
    const csrBook = XLSX.read(new Uint8Array(await csrFile.arrayBuffer()), { type: "array" });
    const csrRows = XLSX.utils.sheet_to_json<unknown[]>(csrBook.Sheets["Bookings by CSR"], { header: 1 });
    expect(csrRows[0]).toEqual(["CSR", "Name", "Bookings", ...Object.keys(DEMO_STATUSES), "Live", "Quantity", "TEU", "Amount"]);
    expect(csrRows.at(-1)).toEqual(["Total", "", 20, ...Object.values(DEMO_STATUSES), 16, 3400, 16, 523046]);
  });
});

async function loadingVoyage() {
  const [voyage] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-LOADING"));
  return voyage;
}

describe("the document tree of a booking", () => {
  it("lists every document of the demo booking's chain in order, from the quotation to the van back, with the pages that show them", async () => {
    const [bill] = await handle.db.select().from(waybills).where(eq(waybills.status, "Loaded"));
    const [booking] = await handle.db.select().from(bookings).where(eq(bookings.bookingRef, bill.bookingRef));
    const res = await as("clerk", `/Bookings/reports/documentTree/${booking.bookingRef}`);
    expect(res.status).toBe(200);
    const tree = await json(res);
    expect(tree).toMatchObject({ bookingRef: booking.bookingRef, voyageNum: open.voyageNum, customerCode: "CUS-001" });
    expect(tree.data.map((n: any) => [n.label, n.reference])).toEqual([
      ["Sales quotation", booking.sqRefNum],
      ["Booking", booking.bookingRef],
      ["Cargo transfer slip", bill.ctsNum],
      ["Waybill", bill.wayBillRef],
      ["Load list", expect.stringMatching(/^RL-MNL-\d{4}-\d{6}$/)],
      ["Tally sheet", expect.stringMatching(/^TS-MNL-\d{4}-\d{6}$/)],
      ["Unload list", expect.stringMatching(/^UL-CEB-\d{4}-\d{6}$/)],
      ["Tally sheet", expect.stringMatching(/^TS-CEB-\d{4}-\d{6}$/)],
      ["Cargo release order", expect.stringMatching(/^CRO-CEB-\d{4}-000001$/)],
      ["Cargo transfer slip", expect.stringMatching(/^ICTS-CEB-\d{4}-000001$/)],
      ["Delivery receipt", expect.stringMatching(/^CDR-CEB-\d{4}-000001$/)],
      ["Van-in", expect.stringMatching(/^VI-CEB-\d{4}-000001$/)],
    ]);
    expect(tree.data.map((n: any) => n.link)).toEqual([
      `/sales_quotation/draft/read/${booking.sqRefNum}`,
      `/voyage/bookings/${open.voyageNum}/${booking.bookingBatchRef}`,
      `/outbound/cts?search=${bill.ctsNum}`,
      `/outbound/waybill?search=${bill.wayBillRef}`,
      `/outbound/loadList/${open.voyageNum}/read/${tree.data[4].reference}`,
      `/outbound/tallySheet/${open.voyageNum}`,
      `/inbound/unloadList/${open.voyageNum}`,
      `/inbound/tallySheet/${open.voyageNum}`,
      `/inbound/cargoReleaseOrder?search=${tree.data[8].reference}`,
      `/inbound/cts?search=${tree.data[9].reference}`,
      `/inbound/cts?search=${tree.data[9].reference}`,
      `/inbound/van_in?search=${tree.data[11].reference}`,
    ]);
    expect(tree.data.map((n: any) => n.status)).toEqual([
      "FA Approved", "At Vessel Loaded", "Issued", "Loaded", "Final Release", "Final", "Final Release", "Final", "Cleared", "Issued", "Received", "Returned",
    ]);
    expect(tree.missing).toEqual([]);
  });

  it("answers a booking of another branch as one that does not exist", async () => {
    const [bill] = await handle.db.select().from(waybills).where(eq(waybills.status, "Loaded"));
    const other = await as("cebu", `/Bookings/reports/documentTree/${bill.bookingRef}`);
    const missing = await as("cebu", "/Bookings/reports/documentTree/BK-NONE-0000-000000");
    expect([other.status, missing.status]).toEqual([404, 404]);
    expect((await expectErrorBody(other)).message).toBe(`Booking ${bill.bookingRef} was not found.`);
    expect((await expectErrorBody(missing)).message).toBe("Booking BK-NONE-0000-000000 was not found.");
  });
});
