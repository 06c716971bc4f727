import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * Dwell time (001 §7; issue 24 item 8): the Manila calendar days from the final inbound tally (stage 6) to the
 * cargo release order (7) and to the van-in (9), per voyage and destination branch, read from the cargo stages as
 * the inbound documents record them (here recorded directly, as those documents would). Every figure below is
 * worked out by hand:
 *
 * Voyage V-201S, all four discharged at Cebu Tue 15 Apr 2025 09:00 Manila:
 *   A1 released Thu 17 Apr (2 days), van in Sun 20 Apr (5 days);
 *   A2 released Fri 18 Apr 23:30 Manila, still the 18th though the 19th is near (3 days); van in 25 Apr 01:00
 *      Manila, which is 24 Apr in UTC: it counts on the Manila date (10 days);
 *   A3 released the same afternoon (0 days), no van-in yet; A4 neither released nor back.
 *   Released 3: (2 + 3 + 0) / 3 = 1.67 -> 1.7, longest 3. Vanned in 2: (5 + 10) / 2 = 7.5, longest 10.
 * Voyage V-202S: B1 discharged Sun 20 Apr 08:00, released 21 Apr (1 day), van in 23 Apr (3 days); B3 discharged
 *   30 Apr 23:30 Manila (15:30 UTC, still in the period), waiting; B2 discharged 31 Mar 23:30 Manila, before the
 *   period, left out.
 *   Released 1: 1.0; vanned in 1: 3.0.
 * In all: 6 waybills; released 4: (2 + 3 + 0 + 1) / 4 = 1.5, longest 3; vanned in 3: (5 + 10 + 3) / 3 = 6.0, longest 10.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let voyageB: string;
const A: { wayBillRef: string; bookingRef: string; containerVanNum: string }[] = [];
const B: { wayBillRef: string; bookingRef: string; containerVanNum: string }[] = [];
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);
const as = (who: string, path: string) => t.call("GET", `/api${path}`, { token: tokens[who] });
const PERIOD = "dateFrom=2025-04-01&dateTo=2025-04-30";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await openYard(handle.db);
  const etd = new Date(Date.now() + 12 * 86_400_000);
  const second = await w.call("staff", "POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef: "V-202S", vesselCode: "LADY", routeCode: "MNL-CEB", estimatedTimeDeparture: etd.toISOString(),
    destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: new Date(etd.getTime() + 86_400_000).toISOString() }],
  });
  expect(second.status).toBe(201);
  voyageB = (await json(second)).data.voyageNum;
  A.push(...await waybillsOf(w, (await bookingsWithVansOut(handle.db, w, 4)).refs));
  B.push(...await waybillsOf(w, (await bookingsWithVansOut(handle.db, w, 3, voyageB)).refs));

  const stage = (ref: string, n: number, at: Date) => recordCargoStage(handle.db, ref, n, at);
  for (const a of A) await stage(a.bookingRef, 6, manila("2025-04-15"));
  await stage(A[0].bookingRef, 7, manila("2025-04-17", "10:00"));
  await stage(A[0].bookingRef, 9, manila("2025-04-20", "14:00"));
  await stage(A[1].bookingRef, 7, manila("2025-04-18", "23:30"));
  await stage(A[1].bookingRef, 9, manila("2025-04-25", "01:00"));
  await stage(A[2].bookingRef, 7, manila("2025-04-15", "16:00"));
  await stage(B[0].bookingRef, 6, manila("2025-04-20", "08:00"));
  await stage(B[0].bookingRef, 7, manila("2025-04-21"));
  await stage(B[0].bookingRef, 9, manila("2025-04-23"));
  await stage(B[1].bookingRef, 6, manila("2025-03-31", "23:30"));
  await stage(B[1].bookingRef, 7, manila("2025-04-02"));
  await stage(B[2].bookingRef, 6, manila("2025-04-30", "23:30"));

  for (const [who, branch, menus] of [["ceb", "CEB", ["INBOUND"]], ["mnl", "MNL", ["INBOUND"]], ["voy", "CEB", ["VOYAGE"]]] as const) {
    await createUser(handle.db, { userId: `dw-${who}`, password: "dw-password-123", menus: [...menus], branches: [branch] });
    tokens[who] = await signIn(t, `dw-${who}`, "dw-password-123");
  }
}, 180_000);
afterAll(() => handle?.close());

const GROUP_A = {
  voyageRef: "V-201S", vesselName: "MV Lady of Manila", destinationBranchCode: "CEB",
  waybills: 4, released: 3, vannedIn: 2, averageDaysToRelease: 1.7, averageDaysToVanIn: 7.5, longestDaysToRelease: 3, longestDaysToVanIn: 10,
};
const GROUP_B = {
  voyageRef: "V-202S", vesselName: "MV Lady of Manila", destinationBranchCode: "CEB",
  waybills: 2, released: 1, vannedIn: 1, averageDaysToRelease: 1, averageDaysToVanIn: 3, longestDaysToRelease: 1, longestDaysToVanIn: 3,
};
const TOTALS = { waybills: 6, released: 4, vannedIn: 3, averageDaysToRelease: 1.5, averageDaysToVanIn: 6, longestDaysToRelease: 3, longestDaysToVanIn: 10 };

describe("dwell time per voyage and destination branch", () => {
  it("averages the days to release and to van-in of the cargo discharged in the period, by Manila dates", async () => {
    const res = await as("ceb", `/InBound/dwellTime?${PERIOD}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBeUndefined();
    expect(body.data).toEqual([{ voyageNum: w.voyageNum, ...GROUP_A }, { voyageNum: voyageB, ...GROUP_B }]);
    expect(body.totals).toEqual(TOTALS);
    expect(body.waybills.map((r: any) => [r.wayBillRef, r.daysToRelease, r.daysToVanIn])).toEqual([
      [A[0].wayBillRef, 2, 5], [A[1].wayBillRef, 3, 10], [A[2].wayBillRef, 0, null], [A[3].wayBillRef, null, null],
      [B[0].wayBillRef, 1, 3], [B[2].wayBillRef, null, null],
    ]);
    expect(body.waybills[1]).toMatchObject({
      bookingRef: A[1].bookingRef, voyageRef: "V-201S", containerVanNum: A[1].containerVanNum, destinationBranchCode: "CEB",
      discharged: "2025-04-15T01:00:00.000Z", released: "2025-04-18T15:30:00.000Z", vanIn: "2025-04-24T17:00:00.000Z",
    });
  });

  it("narrows to one voyage and one destination, and answers no data for a branch without any", async () => {
    const one = await json(await as("ceb", `/InBound/dwellTime?${PERIOD}&voyageNum=${voyageB}&destinationBranchCode=ceb`));
    expect(one.data).toEqual([{ voyageNum: voyageB, ...GROUP_B }]);
    const { voyageRef: _r, vesselName: _v, destinationBranchCode: _b, ...figuresB } = GROUP_B;
    expect(one.totals).toEqual(figuresB);
    // The period starting the day after A's discharge leaves A out and keeps B.
    const later = await json(await as("ceb", "/InBound/dwellTime?dateFrom=2025-04-16&dateTo=2025-04-30"));
    expect(later.data.map((g: any) => g.voyageNum)).toEqual([voyageB]);
    // Manila's staff see none of Cebu's cargo.
    const mnl = await json(await as("mnl", `/InBound/dwellTime?${PERIOD}`));
    expect(mnl).toMatchObject({ data: [], waybills: [], message: "No data found", totals: { waybills: 0, averageDaysToRelease: null } });
  });

  it("is the same answer under the Bookings reports' spelling", async () => {
    const a = await json(await as("ceb", `/InBound/dwellTime?${PERIOD}`));
    const b = await json(await as("ceb", `/Bookings/reports/dwellTime?${PERIOD}`));
    expect(b).toEqual(a);
  });

  it("refuses a backwards or malformed period with the field named, and callers without the inbound menu", async () => {
    const backwards = await as("ceb", "/InBound/dwellTime?dateFrom=2025-04-30&dateTo=2025-04-01");
    expect(backwards.status).toBe(400);
    expect((await expectErrorBody(backwards)).errors.dateTo).toEqual(["To date cannot be before the from date"]);
    const bad = await as("ceb", "/InBound/dwellTime?dateFrom=April&dateTo=2025-04-01");
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.dateFrom).toEqual(["From date must be a date written YYYY-MM-DD"]);
    expect((await as("voy", `/InBound/dwellTime?${PERIOD}`)).status).toBe(403);
  });
});

describe("the dwell time workbook", () => {
  it("downloads Dwell_Time_{from}_{to}.xlsx with the groups, the totals and the waybills, days as numbers, widths fixed", async () => {
    const res = await as("ceb", `/InBound/dwellTime/download?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("Dwell_Time_2025-04-01_2025-04-30.xlsx");
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["By voyage and branch", "Waybills"]);
    const groups = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By voyage and branch"], { header: 1, defval: null });
    expect(groups).toEqual([
      ["Voyage No", "Voyage Ref", "Vessel", "Branch", "Waybills", "Released", "Avg Days to Release", "Max Days to Release", "Vanned In",
        "Avg Days to Van-In", "Max Days to Van-In"],
      [w.voyageNum, "V-201S", "MV Lady of Manila", "CEB", 4, 3, 1.7, 3, 2, 7.5, 10],
      [voyageB, "V-202S", "MV Lady of Manila", "CEB", 2, 1, 1, 1, 1, 3, 3],
      ["Total", "", "", "", 6, 4, 1.5, 3, 3, 6, 10],
    ]);
    expect(book.Sheets["By voyage and branch"]["!cols"]?.map((c) => c.wch)).toEqual([22, 14, 22, 8, 10, 10, 18, 18, 10, 18, 18]);
    const waybills = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Waybills, { header: 1, defval: null });
    expect(waybills).toHaveLength(7);
    expect(waybills[2]).toEqual([
      A[1].wayBillRef, A[1].bookingRef, w.voyageNum, "V-201S", "CEB", expect.any(String), A[1].containerVanNum, "2025-04-15 09:00",
      "2025-04-18 23:30", 3, "2025-04-25 01:00", 10,
    ]);
    expect(waybills[4]).toEqual([
      A[3].wayBillRef, A[3].bookingRef, w.voyageNum, "V-201S", "CEB", expect.any(String), A[3].containerVanNum, "2025-04-15 09:00", "", null, "", null,
    ]);
  });
});
