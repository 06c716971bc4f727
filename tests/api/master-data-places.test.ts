import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { branches, holidays, routes } from "../../db/schema/master-data.ts";
import { assertRouteFollowed, checkRouteFollowed } from "../../api/modules/master-data/places/service.ts";
import { nationalHolidays } from "../../api/modules/accounting/pdc/service.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let plainToken: string;

const json = (res: Response) => res.json() as Promise<any>;

async function post(path: string, body: unknown, expected = 201) {
  const res = await t.call("POST", path, { token, body });
  if (res.status !== expected) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await json(res)).data;
}
const get = (path: string, who = token) => t.call("GET", path, { token: who });

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  for (const [code, name] of [["MNL", "Manila"], ["CEB", "Cebu"], ["DVO", "Davao"], ["ILO", "Iloilo"]]) {
    await ensureBranch(handle.db, code, name);
  }
  await handle.db.update(branches).set({ baseBranchId: "BR-0001" }).where(eq(branches.code, "MNL"));
  // Routes are kept from the Voyage screens, so the clerk holds both menus.
  await createUser(handle.db, { userId: "md", password: "md-password-1", menus: ["MASTERDATA", "VOYAGE"] });
  await createUser(handle.db, { userId: "plain", password: "plain-password-1", menus: [] });
  token = await signIn(t, "md", "md-password-1");
  plainToken = await signIn(t, "plain", "plain-password-1");
});
afterAll(() => handle?.close());

describe("branches and areas", () => {
  it("answers a branch's accounting base id, and 404 when it is unknown or not linked", async () => {
    const ok = await t.call("POST", "/api/Branches/getBranchIdFromBase", { token: plainToken, body: { branchCode: "mnl" } });
    expect(ok.status).toBe(200);
    // No BASE is configured here: the local mirror answers.
    expect((await json(ok)).data).toEqual({ branchCode: "MNL", branchName: "Manila", baseBranchId: "BR-0001", source: "mirror" });

    const unlinked = await t.call("POST", "/api/Branches/getBranchIdFromBase", { token, body: { branchCode: "CEB" } });
    expect(unlinked.status).toBe(404);
    expect((await expectErrorBody(unlinked)).message).toContain("no accounting base id");
    const unknown = await t.call("POST", "/api/Branches/getBranchIdFromBase", { token, body: { branchCode: "ZZZ" } });
    expect(unknown.status).toBe(404);
    const empty = await t.call("POST", "/api/Branches/getBranchIdFromBase", { token, body: {} });
    expect(empty.status).toBe(400);
    expect((await expectErrorBody(empty)).errors.branchCode[0]).toBe("Branch code is required");
  });

  it("lists only the active areas of the branch asked for", async () => {
    await post("/api/areas", { code: "A-TON", name: "Tondo", branchCode: "MNL" });
    await post("/api/areas", { code: "A-BIN", name: "Binondo", branchCode: "MNL" });
    const closed = await post("/api/areas", { code: "A-OLD", name: "Old Port", branchCode: "MNL" });
    await post("/api/areas", { code: "A-MAN", name: "Mandaue", branchCode: "CEB" });
    expect((await t.call("PUT", `/api/areas/activate/${closed.id}?isActive=false`, { token })).status).toBe(200);

    const res = await get("/api/areas/getIsActiveAreas?BranchCode=MNL", plainToken);
    expect(res.status).toBe(200);
    expect((await json(res)).data.map((a: any) => a.code)).toEqual(["A-BIN", "A-TON"]);

    const missing = await get("/api/areas/getIsActiveAreas");
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.BranchCode[0]).toBe("BranchCode is required");
    expect((await get("/api/areas/getIsActiveAreas?BranchCode=ZZZ")).status).toBe(404);
  });
});

describe("commodities by category", () => {
  beforeAll(async () => {
    await post("/api/CommodityCategories", { code: "GEN", name: "General cargo" });
    await post("/api/CommodityCategories", { code: "HAZ", name: "Hazardous" });
    const old = await post("/api/CommodityCategories", { code: "OLD", name: "Retired" });
    for (let i = 0; i < 25; i++) {
      await post("/api/CommodityGoods/create", { code: `G${String(i).padStart(2, "0")}`, name: `Goods ${i}`, categoryCode: "GEN" });
    }
    await post("/api/CommodityGoods/create", { code: "H01", name: "Paint", categoryCode: "HAZ", isDangerousCargo: true });
    const off = await post("/api/CommodityGoods/create", { code: "H02", name: "Fireworks", categoryCode: "HAZ", isDangerousCargo: true });
    await post("/api/CommodityGoods/create", { code: "O01", name: "Old stock", categoryCode: "OLD" });
    expect((await t.call("PUT", `/api/CommodityGoods/activate/${off.id}?isActive=false`, { token })).status).toBe(200);
    expect((await t.call("PUT", `/api/CommodityCategories/activate/${old.id}?isActive=false`, { token })).status).toBe(200);
  });

  it("getAllCommodity lists active goods of active categories with the category name", async () => {
    const res = await get("/api/CommodityGoods/getAllCommodity", plainToken);
    expect(res.status).toBe(200);
    const data = (await json(res)).data as any[];
    const codes = data.map((c) => c.code);
    expect(codes).toHaveLength(26);
    expect(codes).toContain("H01");
    expect(codes).not.toContain("H02");
    expect(codes).not.toContain("O01");
    expect(data.find((c) => c.code === "H01")).toMatchObject({ categoryCode: "HAZ", categoryName: "Hazardous", isDangerousCargo: true });
  });

  it("loadByCategory pages the goods of one category, with search and status filter", async () => {
    const page1 = await json(await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "GEN", skip: 0, take: 20 } }));
    expect(page1.total).toBe(25);
    expect(page1.data).toHaveLength(20);
    expect(page1.category.name).toBe("General cargo");
    const page2 = await json(await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "gen", skip: 20, take: 20 } }));
    expect(page2.data.map((c: any) => c.code)).toEqual(["G20", "G21", "G22", "G23", "G24"]);
    const searched = await json(await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "GEN", search: "goods 1" } }));
    expect(searched.total).toBe(11); // Goods 1 and Goods 10 to 19
    const active = await json(await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "HAZ", filter: "IsActive" } }));
    expect(active.data.map((c: any) => c.code)).toEqual(["H01"]);
    const all = await json(await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "HAZ" } }));
    expect(all.total).toBe(2);
  });

  it("loadByCategory refuses bad input and an unknown category, and needs the master-data menu", async () => {
    const unknown = await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "NOPE" } });
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toContain("NOPE");
    const noCategory = await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { take: 10 } });
    expect(noCategory.status).toBe(400);
    expect((await expectErrorBody(noCategory)).errors.categoryCode[0]).toBe("Category code is required");
    const tooMany = await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "GEN", take: 5000 } });
    expect(tooMany.status).toBe(400);
    const badFilter = await t.call("POST", "/api/CommodityGoods/loadByCategory", { token, body: { categoryCode: "GEN", filter: "Maybe" } });
    expect(badFilter.status).toBe(400);
    const denied = await t.call("POST", "/api/CommodityGoods/loadByCategory", { token: plainToken, body: { categoryCode: "GEN" } });
    expect(denied.status).toBe(403);
  });

  it("readCommodityByCategory answers the category with its active goods", async () => {
    const res = await t.call("POST", "/api/CommodityGoods/readCommodityByCategory", { token: plainToken, body: { categoryCode: "HAZ" } });
    expect(res.status).toBe(200);
    const data = (await json(res)).data;
    expect(data).toMatchObject({ code: "HAZ", name: "Hazardous" });
    expect(data.commodities.map((c: any) => c.code)).toEqual(["H01"]);
    expect((await t.call("POST", "/api/CommodityGoods/readCommodityByCategory", { token, body: { categoryCode: "NOPE" } })).status).toBe(404);
    expect((await t.call("POST", "/api/CommodityGoods/readCommodityByCategory", { token, body: { categoryCode: "  " } })).status).toBe(400);
  });
});

describe("routes", () => {
  beforeAll(async () => {
    await post("/api/Routes", { code: "R1", name: "Manila south loop", originBranchCode: "MNL", destinationBranchCodes: ["CEB", "DVO"] });
    const r2 = await post("/api/Routes", { code: "R2", name: "Manila to Iloilo", originBranchCode: "MNL", destinationBranchCodes: ["ILO"] });
    await post("/api/Routes", { code: "R3", name: "Manila to Davao direct", originBranchCode: "MNL", destinationBranchCodes: ["DVO"] });
    await post("/api/Routes", { code: "R4", name: "Cebu to Manila", originBranchCode: "CEB", destinationBranchCodes: ["MNL"] });
    expect((await t.call("PUT", `/api/Routes/activate/${r2.id}?isActive=false`, { token })).status).toBe(200);
  });

  it("getRoute answers a route by code with its branches named in calling order", async () => {
    const res = await get("/api/Routes/getRoute/r1", plainToken);
    expect(res.status).toBe(200);
    const data = (await json(res)).data;
    expect(data).toMatchObject({ code: "R1", originBranchCode: "MNL", originBranchName: "Manila", destinationBranchCodes: ["CEB", "DVO"] });
    expect(data.destinations).toEqual([{ code: "CEB", name: "Cebu" }, { code: "DVO", name: "Davao" }]);
    const missing = await get("/api/Routes/getRoute/NOPE");
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(missing)).message).toBe("Route NOPE was not found.");
  });

  it("getRouteDestination lists the destinations of the origin's active routes only", async () => {
    const res = await get("/api/Routes/getRouteDestination?OriginBranchCode=MNL", plainToken);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual([
      { destinationBranchCode: "CEB", destinationBranchName: "Cebu", routeCodes: ["R1"] },
      { destinationBranchCode: "DVO", destinationBranchName: "Davao", routeCodes: ["R1", "R3"] },
    ]);
    const cebu = await json(await get("/api/Routes/getRouteDestination?BranchCode=CEB"));
    expect(cebu.data.map((d: any) => d.destinationBranchCode)).toEqual(["MNL"]);
    const none = await json(await get("/api/Routes/getRouteDestination?OriginBranchCode=ILO"));
    expect(none.data).toEqual([]);

    const missing = await get("/api/Routes/getRouteDestination");
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.OriginBranchCode[0]).toBe("OriginBranchCode is required");
    expect((await get("/api/Routes/getRouteDestination?OriginBranchCode=ZZZ")).status).toBe(404);
  });

  it("validateRoute accepts destinations that follow an active route in its calling order", async () => {
    const check = async (originBranchCode: string, destinationBranchCodes: string[]) => {
      const res = await t.call("POST", "/api/Routes/validateRoute", { token: plainToken, body: { originBranchCode, destinationBranchCodes } });
      expect(res.status).toBe(200);
      return (await json(res)).data;
    };
    expect(await check("MNL", ["CEB", "DVO"])).toMatchObject({ valid: true, routeCodes: ["R1"] });
    expect(await check("mnl", ["dvo"])).toMatchObject({ valid: true, routeCodes: ["R1", "R3"], destinationBranchCodes: ["DVO"] });
    const reversed = await check("MNL", ["DVO", "CEB"]);
    expect(reversed.valid).toBe(false);
    expect(reversed.message).toContain("No active route from MNL");
    // R2 reaches Iloilo but is inactive.
    expect((await check("MNL", ["ILO"])).valid).toBe(false);
    expect((await check("CEB", ["DVO"])).valid).toBe(false);
  });

  it("validateRoute refuses malformed pairs with 400 and changes nothing", async () => {
    const before = await handle.db.select().from(routes);
    const refuse = async (body: unknown, field: string, text: string) => {
      const res = await t.call("POST", "/api/Routes/validateRoute", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await expectErrorBody(res);
      expect(err.errors[field]?.[0], JSON.stringify(err)).toContain(text);
    };
    await refuse({ originBranchCode: "MNL", destinationBranchCodes: [] }, "destinationBranchCodes", "at least one destination");
    await refuse({ destinationBranchCodes: ["CEB"] }, "originBranchCode", "Origin branch is required");
    await refuse({ originBranchCode: "MNL", destinationBranchCodes: ["CEB", "ceb"] }, "destinationBranchCodes", "more than once");
    await refuse({ originBranchCode: "MNL", destinationBranchCodes: ["MNL"] }, "destinationBranchCodes", "cannot also be a destination");
    await refuse({ originBranchCode: "MNL", destinationBranchCodes: ["ZZZ"] }, "destinationBranchCodes", "Branch ZZZ does not exist");
    await refuse({ originBranchCode: "QQQ", destinationBranchCodes: ["CEB"] }, "originBranchCode", "Branch QQQ does not exist");
    expect(await handle.db.select().from(routes)).toEqual(before);
  });

  it("the service check other modules call refuses a voyage off every active route", async () => {
    await expect(checkRouteFollowed(handle.db, "MNL", ["CEB"])).resolves.toMatchObject({ valid: true });
    await expect(assertRouteFollowed(handle.db, "MNL", ["CEB", "DVO"])).resolves.toMatchObject({ routeCodes: ["R1"] });
    await expect(assertRouteFollowed(handle.db, "MNL", ["ILO"])).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("calendar", () => {
  // The week of 2026-06-08 (Monday) to 2026-06-14 (Sunday): Independence Day on Friday the 12th is national,
  // Cebu also closes on Wednesday the 10th.
  beforeAll(async () => {
    await post("/api/Calendar/holidays", { holidayDate: "2026-06-12", name: "Independence Day" });
    await post("/api/Calendar/holidays", { holidayDate: "2026-06-10", name: "Cebu charter day", branchCode: "CEB" });
    await post("/api/Calendar/holidays", { holidayDate: "2026-12-25", name: "Christmas Day" });
    const dropped = await post("/api/Calendar/holidays", { holidayDate: "2026-06-09", name: "Cancelled holiday", branchCode: "CEB" });
    expect((await t.call("PUT", `/api/Calendar/holidays/activate/${dropped.id}?isActive=false`, { token })).status).toBe(200);
    await post("/api/Calendar/holidays", { holidayDate: "2025-12-25", name: "Christmas Day" });
    // Davao rests on Saturdays.
    await post("/api/Calendar/workSchedules", { branchCode: "DVO", dayOfWeek: 6, isWorkingDay: false, startTime: "08:00", endTime: "12:00" });
  });

  it("readLocalHolidaybyBranch answers national holidays with the branch's own, and only national ones elsewhere", async () => {
    const res = await get("/api/Calendar/readLocalHolidaybyBranch?BranchCode=CEB&year=2026", plainToken);
    expect(res.status).toBe(200);
    const cebu = (await json(res)).data;
    expect(cebu).toMatchObject({ branchCode: "CEB", dateFrom: "2026-01-01", dateTo: "2026-12-31" });
    expect(cebu.holidays.map((h: any) => [h.holidayDate, h.name, h.isNational])).toEqual([
      ["2026-06-10", "Cebu charter day", false],
      ["2026-06-12", "Independence Day", true],
      ["2026-12-25", "Christmas Day", true],
    ]);
    for (const branch of ["MNL", "DVO", "ILO"]) {
      const other = (await json(await get(`/api/Calendar/readLocalHolidaybyBranch?BranchCode=${branch}&year=2026`))).data;
      expect(other.holidays.map((h: any) => h.holidayDate), branch).toEqual(["2026-06-12", "2026-12-25"]);
    }
    const ranged = (await json(await get("/api/Calendar/readLocalHolidaybyBranch?BranchCode=CEB&dateFrom=2026-06-01&dateTo=2026-06-11"))).data;
    expect(ranged.holidays.map((h: any) => h.holidayDate)).toEqual(["2026-06-10"]);
  });

  it("readLocalHolidaybyBranch refuses bad input", async () => {
    const cases: [string, number][] = [
      ["year=2026", 400],
      ["BranchCode=CEB&year=abc", 400],
      ["BranchCode=CEB&dateFrom=2026-06-01", 400],
      ["BranchCode=CEB&dateFrom=2026-06-10&dateTo=2026-06-01", 400],
      ["BranchCode=CEB&dateFrom=2026-02-30&dateTo=2026-03-01", 400],
      ["BranchCode=CEB&year=2026&dateFrom=2026-01-01&dateTo=2026-02-01", 400],
      ["BranchCode=CEB&dateFrom=2025-01-01&dateTo=2026-12-31", 400],
      ["BranchCode=ZZZ&year=2026", 404],
    ];
    for (const [query, status] of cases) {
      const res = await get(`/api/Calendar/readLocalHolidaybyBranch?${query}`);
      expect(res.status, query).toBe(status);
      await expectErrorBody(res);
    }
  });

  it("counts working days across a branch holiday, a national holiday and a Sunday", async () => {
    const week = "dateFrom=2026-06-08&dateTo=2026-06-14";
    const cebu = (await json(await get(`/api/Calendar/workingDays?BranchCode=CEB&${week}`, plainToken))).data;
    expect(cebu.workingDayCount).toBe(4);
    expect(cebu.days.filter((d: any) => d.isWorkingDay).map((d: any) => d.date)).toEqual(["2026-06-08", "2026-06-09", "2026-06-11", "2026-06-13"]);
    expect(cebu.days.filter((d: any) => !d.isWorkingDay).map((d: any) => [d.date, d.reason])).toEqual([
      ["2026-06-10", "Holiday: Cebu charter day"],
      ["2026-06-12", "Holiday: Independence Day"],
      ["2026-06-14", "Rest day"],
    ]);
    const manila = (await json(await get(`/api/Calendar/workingDays?BranchCode=MNL&${week}`))).data;
    expect(manila.workingDayCount).toBe(5);
    // Davao's own schedule makes Saturday a rest day as well.
    const davao = (await json(await get(`/api/Calendar/workingDays?BranchCode=DVO&${week}`))).data;
    expect(davao.workSchedule).toEqual([1, 2, 3, 4, 5]);
    expect(davao.workingDayCount).toBe(4);
    expect(davao.days[5]).toEqual({ date: "2026-06-13", weekday: 6, isWorkingDay: false, reason: "Rest day" });
  });

  it("answers for a single date, and the national holiday closes every branch", async () => {
    for (const branch of ["MNL", "CEB", "DVO", "ILO"]) {
      const day = (await json(await get(`/api/Calendar/workingDays?BranchCode=${branch}&date=2026-06-12`))).data;
      expect(day.workingDayCount, branch).toBe(0);
      expect(day.days[0]).toMatchObject({ date: "2026-06-12", isWorkingDay: false, reason: "Holiday: Independence Day" });
    }
    const plainDay = (await json(await get("/api/Calendar/workingDays?BranchCode=CEB&date=2026-06-11"))).data;
    expect(plainDay.days[0].isWorkingDay).toBe(true);
  });

  it("workingDays refuses bad input", async () => {
    const cases: [string, number][] = [
      ["date=2026-06-12", 400],
      ["BranchCode=CEB", 400],
      ["BranchCode=CEB&date=12/06/2026", 400],
      ["BranchCode=CEB&date=2026-06-12&dateFrom=2026-06-01&dateTo=2026-06-30", 400],
      ["BranchCode=CEB&dateFrom=2026-06-30&dateTo=2026-06-01", 400],
      ["BranchCode=ZZZ&date=2026-06-12", 404],
    ];
    for (const [query, status] of cases) {
      const res = await get(`/api/Calendar/workingDays?${query}`);
      expect(res.status, query).toBe(status);
      await expectErrorBody(res);
    }
  });

  it("addWorkingDays steps over holidays, rest days and the branch's own schedule", async () => {
    const add = async (branch: string, date: string, days: number) => {
      const res = await get(`/api/Calendar/addWorkingDays?BranchCode=${branch}&date=${date}&days=${days}`, plainToken);
      expect(res.status).toBe(200);
      return (await json(res)).data.result;
    };
    // From Tuesday the 9th: Cebu skips Wednesday (its own), Friday (national) and Sunday.
    expect(await add("CEB", "2026-06-09", 3)).toBe("2026-06-15");
    expect(await add("MNL", "2026-06-09", 3)).toBe("2026-06-13");
    expect(await add("DVO", "2026-06-09", 3)).toBe("2026-06-15");
    expect(await add("CEB", "2026-06-09", 0)).toBe("2026-06-09");
    // Crossing the year: Christmas Day and the Sunday after it.
    expect(await add("MNL", "2026-12-24", 2)).toBe("2026-12-28");
  });

  it("addWorkingDays refuses bad input", async () => {
    const cases: [string, number][] = [
      ["BranchCode=CEB&date=2026-06-09&days=-1", 400],
      ["BranchCode=CEB&date=2026-06-09&days=1.5", 400],
      ["BranchCode=CEB&date=2026-06-09&days=9999", 400],
      ["BranchCode=CEB&date=2026-02-30&days=1", 400],
      ["BranchCode=CEB&date=9999-12-31&days=1", 400],
      ["BranchCode=CEB&days=1", 400],
      ["date=2026-06-09&days=1", 400],
      ["BranchCode=ZZZ&date=2026-06-09&days=1", 404],
    ];
    for (const [query, status] of cases) {
      const res = await get(`/api/Calendar/addWorkingDays?${query}`);
      expect(res.status, query).toBe(status);
      await expectErrorBody(res);
    }
  });

  it("refuses a second national holiday on the same date and leaves the calendar as it was", async () => {
    const before = await handle.db.select().from(holidays);
    const res = await t.call("POST", "/api/Calendar/holidays", { token, body: { holidayDate: "2026-06-12", name: "Again" } });
    expect(res.status).toBe(409);
    await expectErrorBody(res);
    const sameDayLocal = await t.call("POST", "/api/Calendar/holidays", { token, body: { holidayDate: "2026-06-12", name: "Local too", branchCode: "ZZZ" } });
    expect(sameDayLocal.status).toBe(400);
    expect(await handle.db.select().from(holidays)).toEqual(before);
  });

  it("the holidays screen's list shows national holidays under a branch filter, by year", async () => {
    const cebu = await json(await get("/api/Calendar/holidays/loadForBranch?forBranch=CEB&year=2026&take=50"));
    expect(cebu.data.map((h: any) => [h.holidayDate, h.branchCode])).toEqual([
      ["2026-06-09", "CEB"],
      ["2026-06-10", "CEB"],
      ["2026-06-12", null],
      ["2026-12-25", null],
    ]);
    const active = await json(await get("/api/Calendar/holidays/loadForBranch?forBranch=CEB&year=2026&filter=IsActive"));
    expect(active.total).toBe(3);
    const manila = await json(await get("/api/Calendar/holidays/loadForBranch?forBranch=MNL&year=2026"));
    expect(manila.data.map((h: any) => h.holidayDate)).toEqual(["2026-06-12", "2026-12-25"]);
    const byDate = await json(await get("/api/Calendar/holidays/loadForBranch?search=2025-12"));
    expect(byDate.data.map((h: any) => h.name)).toEqual(["Christmas Day"]);
    const everything = await json(await get("/api/Calendar/holidays/loadForBranch?take=50"));
    expect(everything.total).toBe(5);
    const none = await json(await get("/api/Calendar/holidays/loadForBranch?year=2030"));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
    expect((await get("/api/Calendar/holidays/loadForBranch?year=20x6")).status).toBe(400);
    expect((await get("/api/Calendar/holidays/loadForBranch?forBranch=ZZZ")).status).toBe(404);
    expect((await get("/api/Calendar/holidays/loadForBranch", plainToken)).status).toBe(403);
  });

  it("types a holiday: REGULAR unless told, a special working day leaves every branch and the banks open", async () => {
    const regular = await post("/api/Calendar/holidays", { holidayDate: "2027-01-01", name: "New Year's Day" });
    expect(regular.holidayType).toBe("REGULAR");
    const edsa = await post("/api/Calendar/holidays", { holidayDate: "2027-02-25", name: "EDSA People Power Revolution Anniversary", holidayType: "SPECIAL_WORKING" });
    expect(edsa.holidayType).toBe("SPECIAL_WORKING");
    const wrong = await t.call("POST", "/api/Calendar/holidays", { token, body: { holidayDate: "2027-02-26", name: "Typo", holidayType: "SPECIAL" } });
    expect(wrong.status).toBe(400);
    expect((await expectErrorBody(wrong)).errors.holidayType).toEqual(["Type must be one of REGULAR, SPECIAL_NON_WORKING, SPECIAL_WORKING"]);
    expect(await handle.db.select().from(holidays).where(eq(holidays.holidayDate, "2027-02-26"))).toEqual([]);

    const listed = (await json(await get("/api/Calendar/readLocalHolidaybyBranch?BranchCode=CEB&dateFrom=2027-01-01&dateTo=2027-02-28"))).data;
    expect(listed.holidays.map((h: any) => [h.holidayDate, h.holidayType])).toEqual([["2027-01-01", "REGULAR"], ["2027-02-25", "SPECIAL_WORKING"]]);
    const day = async () => (await json(await get("/api/Calendar/workingDays?BranchCode=CEB&date=2027-02-25"))).data.days[0];
    expect(await day()).toEqual({ date: "2027-02-25", weekday: 4, isWorkingDay: true, reason: null });
    expect(await nationalHolidays(handle.db, "2027-01-01", "2027-02-28")).toEqual(["2027-01-01"]);

    // Proclaimed a special non-working day after all: the branches and the banks close.
    const changed = await t.call("PUT", `/api/Calendar/holidays/update/${edsa.id}`, { token, body: { dateModified: edsa.dateModified, holidayType: "SPECIAL_NON_WORKING" } });
    expect(changed.status).toBe(200);
    expect(await day()).toEqual({ date: "2027-02-25", weekday: 4, isWorkingDay: false, reason: "Holiday: EDSA People Power Revolution Anniversary" });
    expect(await nationalHolidays(handle.db, "2027-01-01", "2027-02-28")).toEqual(["2027-01-01", "2027-02-25"]);
  });
});
