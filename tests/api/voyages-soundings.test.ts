import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { branches, routes, vessels, voyageScheduleDestinations, voyageSchedules, voyageSoundings } from "../../db/schema/index.ts";
import { createRole, createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Soundings and the monthly sounding report against a fixture worked out by hand: two complete voyages of
 * MV Lady in December 2026, one without its arrival sounding, one leaving on 1 January in Manila (out of the
 * month though it is still 31 December in UTC), and another vessel's voyage.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

const voyage = (voyageNum: string, vesselCode: string, etd: string, calls: string[]) => ({ voyageNum, vesselCode, etd, calls });
const VOYAGES = [
  voyage("VOY-1", "LADY", "2026-12-01T20:00:00+08:00", ["CEB", "DVO"]),
  voyage("VOY-2", "LADY", "2026-12-31T23:30:00+08:00", ["CEB"]),
  voyage("VOY-3", "LADY", "2026-12-15T08:00:00+08:00", ["CEB"]),
  voyage("VOY-4", "LADY", "2027-01-01T00:30:00+08:00", ["CEB"]),
  voyage("VOY-5", "STAR", "2026-12-10T08:00:00+08:00", ["CEB"]),
];
const sounding = (voyageNum: string, soundingType: string, branchCode: string, takenAt: string, [fuelOil, dieselOil, lubeOil, freshWater]: string[]) =>
  ({ voyageNum, soundingType, branchCode, takenAt, fuelOil, dieselOil, lubeOil, freshWater });
const SOUNDINGS = [
  sounding("VOY-1", "Departure", "MNL", "2026-12-01T19:00:00+08:00", ["50000.00", "8000.00", "1200.50", "30000.00"]),
  sounding("VOY-1", "Arrival", "CEB", "2026-12-02T18:00:00+08:00", ["41250.25", "7000.00", "1180.00", "25000.00"]),
  sounding("VOY-1", "Arrival", "DVO", "2026-12-04T06:00:00+08:00", ["33500.75", "6100.00", "1150.25", "21000.00"]),
  sounding("VOY-2", "Departure", "MNL", "2026-12-31T22:00:00+08:00", ["45000", "7000", "1100", "28000"]),
  sounding("VOY-2", "Arrival", "CEB", "2027-01-01T20:00:00+08:00", ["39000.50", "6500.50", "1090", "25000"]),
  sounding("VOY-3", "Departure", "MNL", "2026-12-15T07:00:00+08:00", ["47000", "7500", "1150", "29000"]),
  sounding("VOY-5", "Departure", "MNL", "2026-12-10T07:00:00+08:00", ["1", "1", "1", "1"]),
  sounding("VOY-5", "Arrival", "CEB", "2026-12-11T07:00:00+08:00", ["0", "0", "0", "0"]),
];

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await db.insert(branches).values([{ code: "MNL", name: "Manila" }, { code: "CEB", name: "Cebu" }, { code: "DVO", name: "Davao" }]);
  await db.insert(routes).values({ code: "MNL-CEB-DVO", name: "Manila - Cebu - Davao", originBranchCode: "MNL", destinationBranchCodes: ["CEB", "DVO"] });
  await db.insert(vessels).values([{ code: "LADY", name: "MV Lady", vesselType: "Container" }, { code: "STAR", name: "MV Star", vesselType: "Container" }]);
  for (const v of VOYAGES) {
    await db.insert(voyageSchedules).values({
      voyageNum: v.voyageNum, voyageRef: `R-${v.voyageNum}`, vesselCode: v.vesselCode, routeCode: "MNL-CEB-DVO", originBranchCode: "MNL",
      estimatedTimeDeparture: new Date(v.etd),
    });
    await db.insert(voyageScheduleDestinations).values(v.calls.map((c, i) => ({
      voyageNum: v.voyageNum, seq: i + 1, destinationBranchCode: c, estimatedTimeArrival: new Date(Date.parse(v.etd) + (i + 1) * 86_400_000),
    })));
  }
  for (const [who, grants] of [["clerk", ["VOYAGE"]], ["chief", ["VOYAGE", "SOUNDING_REPORT"]]] as const) {
    const role = await createRole(db, [...grants]);
    await createUser(db, { userId: `snd-${who}`, password: "snd-password-123", roleKey: role.id });
    tokens[who] = await signIn(t, `snd-${who}`, "snd-password-123");
  }
});
afterAll(() => handle?.close());

describe("recording soundings", () => {
  it("records each sounding, and lists a voyage's in the order taken", async () => {
    for (const body of SOUNDINGS) {
      const res = await as("clerk", "POST", "/VoyageSoundings/create", body);
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
    const listed = await json(await as("clerk", "GET", "/VoyageSoundings/ofVoyage/VOY-1"));
    expect(listed.data.map((s: any) => `${s.soundingType} ${s.branchCode}`)).toEqual(["Departure MNL", "Arrival CEB", "Arrival DVO"]);
    expect(listed.data[0]).toMatchObject({ fuelOil: "50000.00", lubeOil: "1200.50" });
  });

  it("refuses an arrival at the origin, a port the voyage does not call at, a second one at a port and bad volumes; nothing is written", async () => {
    const before = (await handle.db.select().from(voyageSoundings)).length;
    const base = SOUNDINGS[3];
    const origin = await as("clerk", "POST", "/VoyageSoundings/create", { ...base, soundingType: "Arrival" });
    expect(origin.status).toBe(400);
    expect((await expectErrorBody(origin)).errors.branchCode[0]).toBe("An arrival sounding of voyage VOY-2 is taken at CEB, not MNL.");
    expect((await as("clerk", "POST", "/VoyageSoundings/create", { ...base, branchCode: "DVO" })).status).toBe(400);
    const twice = await as("clerk", "POST", "/VoyageSoundings/create", base);
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toBe("Voyage VOY-2 already has a departure sounding at MNL; change that one instead.");
    const negative = await as("clerk", "POST", "/VoyageSoundings/create", { ...base, voyageNum: "VOY-4", fuelOil: "-5" });
    expect(negative.status).toBe(400);
    expect((await expectErrorBody(negative)).errors.fuelOil).toBeDefined();
    expect((await as("clerk", "POST", "/VoyageSoundings/create", { ...base, voyageNum: "VOY-404" })).status).toBe(400);
    expect((await handle.db.select().from(voyageSoundings)).length).toBe(before);
  });
});

describe("the sounding report", () => {
  it("works out each voyage's use and the month's totals as computed by hand", async () => {
    const res = await as("chief", "GET", "/VoyageSoundings/report?year=2026&month=12&vesselCode=lady");
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report).toMatchObject({ vesselCode: "LADY", vesselName: "MV Lady", voyages: 3, incomplete: 1 });
    expect(report.data.map((r: any) => r.voyageNum)).toEqual(["VOY-1", "VOY-3", "VOY-2"]);
    // VOY-1: departure at Manila less the last arrival (Davao), not the stop at Cebu.
    expect(report.data[0].consumed).toEqual({ fuelOil: "16499.25", dieselOil: "1900.00", lubeOil: "50.25", freshWater: "9000.00" });
    expect(report.data[0].arrival.branchCode).toBe("DVO");
    expect(report.data[1]).toMatchObject({ voyageNum: "VOY-3", arrival: null, consumed: null });
    expect(report.data[2].consumed).toEqual({ fuelOil: "5999.50", dieselOil: "499.50", lubeOil: "10.00", freshWater: "3000.00" });
    expect(report.totals).toEqual({ fuelOil: "22498.75", dieselOil: "2399.50", lubeOil: "60.25", freshWater: "12000.00" });
    const january = await json(await as("chief", "GET", "/VoyageSoundings/report?year=2027&month=1&vesselCode=LADY"));
    expect(january.data.map((r: any) => r.voyageNum)).toEqual(["VOY-4"]);
    expect((await json(await as("chief", "GET", "/VoyageSoundings/report?year=2026&month=11&vesselCode=LADY"))).message).toBe("No data found");
  });

  it("is for holders of the Sounding Report role, and checks its parameters", async () => {
    expect((await as("clerk", "GET", "/VoyageSoundings/report?year=2026&month=12&vesselCode=LADY")).status).toBe(403);
    expect((await as("chief", "GET", "/VoyageSoundings/report?year=2026&month=13&vesselCode=LADY")).status).toBe(400);
    expect((await as("chief", "GET", "/VoyageSoundings/report?year=2026&month=12&vesselCode=GHOST")).status).toBe(400);
  });

  it("downloads as a workbook, read back with the same figures", async () => {
    const res = await as("chief", "GET", "/VoyageSoundings/report/download?year=2026&month=12&vesselCode=LADY");
    expect(res.headers.get("content-disposition")).toContain("Sounding_Report_2026-12_LADY.xlsx");
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(rows.map((r) => [r["Voyage No"], r["Fuel Oil Used"] ?? null])).toEqual([["VOY-1", 16499.25], ["VOY-3", null], ["VOY-2", 5999.5], ["Total", 22498.75]]);
    expect(rows[0]).toMatchObject({ ETD: "2026-12-01", "Departure Port": "MNL", "Fuel Oil at Departure": 50000, "Arrival Port": "DVO", "Fresh Water Used": 9000 });
  });
});
