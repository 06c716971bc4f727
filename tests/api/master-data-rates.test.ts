import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client.ts";
import { areas, charges, freightRates, ports, truckingRates } from "../../db/schema/master-data.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let readerToken: string;

const json = (res: Response) => res.json() as Promise<any>;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await ensureBranch(db, "MNL", "Manila");
  await ensureBranch(db, "CEB", "Cebu");
  await ensureBranch(db, "DVO", "Davao");
  await db.insert(ports).values([
    { code: "MNL01", name: "Manila North", branchCode: "MNL" },
    { code: "CEB01", name: "Cebu Pier", branchCode: "CEB" },
    { code: "DVO01", name: "Davao Sasa", branchCode: "DVO" },
  ]);
  await db.insert(areas).values([
    { code: "QC", name: "Quezon City", branchCode: "MNL", portCode: "MNL01" },
    { code: "MAK", name: "Makati", branchCode: "MNL", portCode: "MNL01" },
  ]);
  const charge = (code: string, name: string, category: string) => ({
    code, name, category, chargeClass: "STD", unitOfMeasure: "perTeu", effectiveDateBasis: "BOOKING",
  });
  await db.insert(charges).values([
    charge("001", "Freight 20", "FREIGHT"),
    charge("002", "Freight 40", "FREIGHT"),
    charge("004", "Arrastre", "PORT"),
    charge("007", "Port fee", "PORT"),
    charge("006", "Trucking tariff", "TRUCKING"),
    charge("099", "Unrated charge", "OTHER"),
  ]);
  await createUser(db, { userId: "md", password: "md-password-1", menus: ["MASTERDATA"] });
  await createUser(db, { userId: "reader", password: "reader-password-1", menus: [] });
  token = await signIn(t, "md", "md-password-1");
  readerToken = await signIn(t, "reader", "reader-password-1");

  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call("POST", path, { token, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await json(res)).data;
  };
  const lane = { branchCodeOrigin: "MNL", branchCodeDestination: "CEB", portCodeOrigin: "MNL01", portCodeDestination: "CEB01" };
  await post("/api/FreightRates", { ...lane, chargeCode: "001", dateEffective: "2026-01-01", stdRateWvat: "11200.00" });
  await post("/api/FreightRates", { ...lane, chargeCode: "001", dateEffective: "2026-03-01", stdRateWvat: "12320.00" });
  await post("/api/FreightRates", { ...lane, chargeCode: "001", dateEffective: "2026-03-02", stdRateWvat: "13440.00" });
  await post("/api/FreightRates", {
    branchCodeOrigin: "MNL", branchCodeDestination: "DVO", portCodeOrigin: "MNL01", portCodeDestination: "DVO01",
    chargeCode: "001", dateEffective: "2026-02-01", stdRateWvat: "20000.00",
  });
  await post("/api/FreightRates", { ...lane, chargeCode: "002", dateEffective: "2026-02-15", stdRateWvat: "22400.00" });

  await post("/api/PortRates", { chargeCode: "004", branchCode: "MNL", portCode: "MNL01", dateEffective: "2026-01-01", stdRateWvat: "1120.00" });
  await post("/api/PortRates", { chargeCode: "004", branchCode: "MNL", portCode: "MNL01", dateEffective: "2026-04-01", stdRateWvat: "1232.00" });
  await post("/api/PortRates", { chargeCode: "004", branchCode: "CEB", portCode: "CEB01", dateEffective: "2026-02-01", stdRateWvat: "900.00" });
  await post("/api/PortRates", { chargeCode: "007", branchCode: "CEB", portCode: "CEB01", dateEffective: "2026-02-01", stdRateWvat: "560.00" });

  const trucking = { chargeCode: "006", branchCode: "MNL", portCode: "MNL01" };
  await post("/api/TruckingRates", {
    ...trucking, areaCode: "QC", dateEffective: "2026-01-01", stdRateWvat: "5600.00", backloadRateWvat: "3360.00", stdRateTandemRates: "8960.00",
  });
  await post("/api/TruckingRates", { ...trucking, areaCode: "QC", dateEffective: "2026-05-01", stdRateWvat: "6720.00" });
  await post("/api/TruckingRates", { ...trucking, areaCode: "MAK", dateEffective: "2026-01-01", stdRateWvat: "4480.00" });
});
afterAll(() => handle?.close());

describe("rate in force", () => {
  const freight = (query: string) => t.call("GET", `/api/FreightRates/rateInForce?chargeCode=001&portCodeOrigin=MNL01&portCodeDestination=CEB01&${query}`, { token: readerToken });

  it("takes a freight rate effective on the date itself, and not one effective the next day", async () => {
    const onTheDay = await freight("date=2026-03-01");
    expect(onTheDay.status).toBe(200);
    const body = await json(onTheDay);
    expect(body.data.rate).toMatchObject({ dateEffective: "2026-03-01", stdRateWvat: "12320.00", portCodeDestination: "CEB01" });
    // 12320.00 with VAT is 11000.00 net and 1320.00 VAT.
    expect(body.data).toMatchObject({ rateWvat: "12320.00", net: "11000.00", vat: "1320.00" });
    const dayBefore = await json(await freight("date=2026-02-28"));
    expect(dayBefore.data.rate.dateEffective).toBe("2026-01-01");
    const dayAfter = await json(await freight("date=2026-03-02"));
    expect(dayAfter.data.rate.stdRateWvat).toBe("13440.00");
  });

  it("answers 404 with the lane and date when no freight rate is in force yet", async () => {
    const res = await freight("date=2025-12-31");
    expect(res.status).toBe(404);
    const body = await expectErrorBody(res);
    expect(body.message).toContain("No freight rate is in force on 2025-12-31");
    expect(body.message).toContain("from port MNL01");
    expect(body.message).toContain("to port CEB01");
    const otherLane = await t.call("GET", "/api/FreightRates/rateInForce?chargeCode=001&portCodeOrigin=CEB01&portCodeDestination=MNL01&date=2026-06-01", { token });
    expect(otherLane.status).toBe(404);
  });

  it("prices a quantity in the rate unit", async () => {
    const res = await json(await freight("date=2026-03-01&unit=perTeu&quantity=3"));
    expect(res.data.amount).toEqual({ unit: "perTeu", quantity: "3", amountWvat: "36960.00", net: "33000.00", vat: "3960.00" });
    // A charge rated per TEU is not priced per ton.
    const tons = await freight("date=2026-03-01&unit=perTon&quantity=1.5");
    expect(tons.status).toBe(400);
    expect((await expectErrorBody(tons)).errors.unit[0]).toBe("Charge 001 is rated Per TEU; price it with unit perTeu.");
  });

  it("refuses bad lookups with 400 and a field message", async () => {
    const badDate = await freight("date=2026-02-30");
    expect(badDate.status).toBe(400);
    expect((await expectErrorBody(badDate)).errors.date[0]).toContain("not a real date");
    const noDestination = await t.call("GET", "/api/FreightRates/rateInForce?chargeCode=001&portCodeOrigin=MNL01&date=2026-03-01", { token });
    expect(noDestination.status).toBe(400);
    expect((await expectErrorBody(noDestination)).errors.portCodeDestination[0]).toContain("portCodeDestination is required");
    const halfAmount = await freight("date=2026-03-01&unit=perTeu");
    expect(halfAmount.status).toBe(400);
    expect((await expectErrorBody(halfAmount)).errors.quantity[0]).toContain("together");
    const fractionOfTeu = await freight("date=2026-03-01&unit=perTeu&quantity=1.5");
    expect(fractionOfTeu.status).toBe(400);
    expect((await expectErrorBody(fractionOfTeu)).message).toContain("whole number");
    const unknownUnit = await freight("date=2026-03-01&unit=perBox&quantity=1");
    expect(unknownUnit.status).toBe(400);
  });

  it("leaves out a deactivated rate and falls back to the one before it", async () => {
    const [inserted] = await handle.db.insert(freightRates).values({
      chargeCode: "002", portCodeOrigin: "MNL01", portCodeDestination: "CEB01", branchCodeOrigin: "MNL", branchCodeDestination: "CEB",
      dateEffective: "2026-06-01", stdRateWvat: "99999.00", isActive: false,
    }).returning();
    const res = await json(await t.call("GET", "/api/FreightRates/rateInForce?chargeCode=002&portCodeOrigin=MNL01&portCodeDestination=CEB01&date=2026-07-01", { token }));
    expect(res.data.rate.stdRateWvat).toBe("22400.00");
    expect(res.data.rate.id).not.toBe(inserted.id);
  });

  it("finds the port rate of a port on a date, with the same boundary", async () => {
    const on = await t.call("GET", "/api/PortRates/rateInForce?chargeCode=004&portCode=MNL01&date=2026-04-01", { token: readerToken });
    expect(on.status).toBe(200);
    expect((await json(on)).data.rate.stdRateWvat).toBe("1232.00");
    const before = await json(await t.call("GET", "/api/PortRates/rateInForce?chargeCode=004&portCode=MNL01&date=2026-03-31", { token }));
    expect(before.data.rate.stdRateWvat).toBe("1120.00");
    const wrongBranch = await t.call("GET", "/api/PortRates/rateInForce?chargeCode=004&portCode=MNL01&branchCode=CEB&date=2026-04-01", { token });
    expect(wrongBranch.status).toBe(404);
    expect((await expectErrorBody(wrongBranch)).message)
      .toBe("The port rate in force on 2026-04-01 for charge 004, port MNL01 (effective 2026-04-01) is for branch MNL, not CEB.");
    const notYet = await t.call("GET", "/api/PortRates/rateInForce?chargeCode=007&portCode=CEB01&date=2026-01-31", { token });
    expect(notYet.status).toBe(404);
  });

  it("gives the trucking standard, back-load and tandem rates of the rate in force", async () => {
    const url = (extra: string) => `/api/TruckingRates/rateInForce?chargeCode=006&areaCode=QC&portCode=MNL01&branchCode=MNL&date=2026-04-30${extra}`;
    const standard = await json(await t.call("GET", url(""), { token: readerToken }));
    expect(standard.data).toMatchObject({ trip: "standard", rateWvat: "5600.00", net: "5000.00", vat: "600.00" });
    const backload = await json(await t.call("GET", url("&backload=true"), { token }));
    expect(backload.data).toMatchObject({ trip: "backload", rateWvat: "3360.00" });
    const tandem = await json(await t.call("GET", url("&tandem=true&unit=perTeu&quantity=2"), { token }));
    expect(tandem.data).toMatchObject({ trip: "tandem", rateWvat: "8960.00" });
    expect(tandem.data.amount.amountWvat).toBe("17920.00");
  });

  it("does not fall back to the standard rate when the rate in force has no back-load or tandem rate", async () => {
    // From 2026-05-01 the QC rate carries only a standard rate.
    const url = (extra: string) => `/api/TruckingRates/rateInForce?chargeCode=006&areaCode=QC&portCode=MNL01&date=2026-05-01${extra}`;
    expect((await json(await t.call("GET", url(""), { token }))).data.rateWvat).toBe("6720.00");
    const backload = await t.call("GET", url("&backload=true"), { token });
    expect(backload.status).toBe(404);
    expect((await expectErrorBody(backload)).message).toContain("has no back-load rate");
    const tandem = await t.call("GET", url("&tandem=true"), { token });
    expect(tandem.status).toBe(404);
    expect((await expectErrorBody(tandem)).message).toContain("has no tandem rate");
  });

  it("never answers a rate a newer one replaced, even when it matches a branch asked for", async () => {
    // The lane MNL01 -> DVO01 was first filed under origin branch MNL, then re-filed under CEB from 2026-06-01.
    const [newer] = await handle.db.insert(freightRates).values({
      chargeCode: "001", portCodeOrigin: "MNL01", portCodeDestination: "DVO01", branchCodeOrigin: "CEB", branchCodeDestination: "DVO",
      dateEffective: "2026-06-01", stdRateWvat: "21000.00",
    }).returning();
    const url = (extra: string) => `/api/FreightRates/rateInForce?chargeCode=001&portCodeOrigin=MNL01&portCodeDestination=DVO01&date=2026-07-01${extra}`;
    const stale = await t.call("GET", url("&branchCodeOrigin=MNL"), { token });
    expect(stale.status).toBe(404);
    expect((await expectErrorBody(stale)).message).toContain("is for origin branch CEB, not MNL");
    const current = await json(await t.call("GET", url("&branchCodeOrigin=ceb"), { token }));
    expect(current.data.rate.id).toBe(newer.id);
    await handle.db.delete(freightRates).where(eq(freightRates.id, newer.id));
  });

  it("finds the rate whatever the letter case of the codes", async () => {
    const res = await t.call("GET", "/api/PortRates/rateInForce?chargeCode=004&portCode=mnl01&date=2026-04-01", { token });
    expect(res.status).toBe(200);
    expect((await json(res)).data.rate.stdRateWvat).toBe("1232.00");
  });

  it("refuses a back-load tandem trip, an unknown flag value and a missing area", async () => {
    const both = await t.call("GET", "/api/TruckingRates/rateInForce?chargeCode=006&areaCode=QC&portCode=MNL01&date=2026-04-30&backload=true&tandem=true", { token });
    expect(both.status).toBe(400);
    expect((await expectErrorBody(both)).message).toContain("no back-load tandem rate");
    const badFlag = await t.call("GET", "/api/TruckingRates/rateInForce?chargeCode=006&areaCode=QC&portCode=MNL01&backload=yes", { token });
    expect(badFlag.status).toBe(400);
    expect((await expectErrorBody(badFlag)).errors.backload[0]).toContain("true or false");
    const noArea = await t.call("GET", "/api/TruckingRates/rateInForce?chargeCode=006&portCode=MNL01&date=2026-04-30", { token });
    expect(noArea.status).toBe(400);
    // An area's rates differ by port, so the port must be named.
    const noPort = await t.call("GET", "/api/TruckingRates/rateInForce?chargeCode=006&areaCode=QC&date=2026-04-30", { token });
    expect(noPort.status).toBe(400);
    expect((await expectErrorBody(noPort)).errors.portCode[0]).toBe("portCode is required");
    const noneForArea = await t.call("GET", "/api/TruckingRates/rateInForce?chargeCode=006&areaCode=MAK&portCode=MNL01&date=2025-12-31", { token });
    expect(noneForArea.status).toBe(404);
    expect((await expectErrorBody(noneForArea)).message).toBe("No trucking rate is in force on 2025-12-31 for charge 006, area MAK, port MNL01.");
  });
});

describe("ReadListByCode", () => {
  it("lists every freight rate of a charge, newest date effective first", async () => {
    const res = await t.call("GET", "/api/FreightRates/ReadListByCode/001", { token: readerToken });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.total).toBe(4);
    expect(body.data.map((r: any) => r.dateEffective)).toEqual(["2026-03-02", "2026-03-01", "2026-02-01", "2026-01-01"]);
    expect(body.data.every((r: any) => r.chargeCode === "001")).toBe(true);
  });

  it("lists port and trucking rates of a charge the same way", async () => {
    const port = await json(await t.call("GET", "/api/PortRates/ReadListByCode/004", { token }));
    expect(port.data.map((r: any) => [r.dateEffective, r.portCode])).toEqual([
      ["2026-04-01", "MNL01"], ["2026-02-01", "CEB01"], ["2026-01-01", "MNL01"],
    ]);
    const trucking = await json(await t.call("GET", "/api/TruckingRates/ReadListByCode/006", { token }));
    expect(trucking.data[0]).toMatchObject({ dateEffective: "2026-05-01", areaCode: "QC" });
    expect(trucking.total).toBe(3);
  });

  it("answers an empty list for a charge without rates and 404 for an unknown charge", async () => {
    const empty = await json(await t.call("GET", "/api/PortRates/ReadListByCode/099", { token }));
    expect(empty.data).toEqual([]);
    expect(empty.message).toContain("no port rates for charge 099");
    const unknown = await t.call("GET", "/api/FreightRates/ReadListByCode/NOPE", { token });
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toBe("Charge NOPE was not found.");
  });
});

describe("lists", () => {
  it("groups freight rates by charge with their counts and lanes", async () => {
    const res = await t.call("GET", "/api/FreightRates/groupByCharge", { token: readerToken });
    expect(res.status).toBe(200);
    const body = await json(res);
    const byCode = Object.fromEntries(body.data.map((g: any) => [g.chargeCode, g]));
    expect(byCode["001"]).toMatchObject({ chargeName: "Freight 20", count: 4, activeCount: 4, latestDateEffective: "2026-03-02" });
    expect(byCode["001"].lanes).toEqual([
      { portCodeOrigin: "MNL01", portCodeDestination: "CEB01", branchCodeOrigin: "MNL", branchCodeDestination: "CEB", count: 3, latestDateEffective: "2026-03-02" },
      { portCodeOrigin: "MNL01", portCodeDestination: "DVO01", branchCodeOrigin: "MNL", branchCodeDestination: "DVO", count: 1, latestDateEffective: "2026-02-01" },
    ]);
    expect(byCode["099"]).toBeUndefined();
    const toDavao = await json(await t.call("GET", "/api/FreightRates/groupByCharge?portCodeDestination=DVO01", { token }));
    expect(toDavao.data).toHaveLength(1);
    expect(toDavao.data[0]).toMatchObject({ chargeCode: "001", count: 1 });
  });

  it("groups port and trucking rates by charge, counting inactive ones apart", async () => {
    const port = await json(await t.call("GET", "/api/PortRates/groupByCharge", { token }));
    expect(port.data.map((g: any) => [g.chargeCode, g.count])).toEqual([["004", 3], ["007", 1]]);
    expect(port.data[0].lanes.map((l: any) => [l.portCode, l.count])).toEqual([["CEB01", 1], ["MNL01", 2]]);
    const [off] = await handle.db.insert(truckingRates).values({
      chargeCode: "006", areaCode: "MAK", portCode: "MNL01", branchCode: "MNL", dateEffective: "2026-08-01", stdRateWvat: "1.00", isActive: false,
    }).returning();
    const trucking = await json(await t.call("GET", "/api/TruckingRates/groupByCharge", { token }));
    expect(trucking.data).toHaveLength(1);
    expect(trucking.data[0]).toMatchObject({ chargeCode: "006", count: 4, activeCount: 3 });
    const activeOnly = await json(await t.call("GET", "/api/TruckingRates/groupByCharge?filter=IsActive", { token }));
    expect(activeOnly.data[0].count).toBe(3);
    const list = await json(await t.call("GET", "/api/TruckingRates?filter=IsInactive", { token }));
    expect(list.data.map((r: any) => r.id)).toEqual([off.id]);
  });

  it("lists rates up to 200 at a time with filters and search, and pages on with skip and take", async () => {
    const res = await t.call("GET", "/api/FreightRates?chargeCode=001&portCodeOrigin=MNL01", { token: readerToken });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.total).toBe(4);
    // Within a lane the newest rate comes first.
    expect(body.data.map((r: any) => [r.portCodeDestination, r.dateEffective])).toEqual([
      ["CEB01", "2026-03-02"], ["CEB01", "2026-03-01"], ["CEB01", "2026-01-01"], ["DVO01", "2026-02-01"],
    ]);
    const search = await json(await t.call("GET", "/api/PortRates?search=ceb", { token }));
    expect(search.data.map((r: any) => r.chargeCode).sort()).toEqual(["004", "007"]);
    const none = await json(await t.call("GET", "/api/PortRates?chargeCode=099", { token }));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });

    const second = await json(await t.call("GET", "/api/FreightRates?chargeCode=001&portCodeOrigin=MNL01&skip=1&take=2", { token }));
    expect(second.total).toBe(4);
    expect(second.data.map((r: any) => r.dateEffective)).toEqual(["2026-03-01", "2026-01-01"]);
    const ofCharge = await json(await t.call("GET", "/api/FreightRates/ReadListByCode/001?take=1", { token }));
    expect(ofCharge.data).toHaveLength(1);
    expect(ofCharge.total).toBe(4);
    expect((await t.call("GET", "/api/FreightRates?take=201", { token })).status).toBe(400);
  });

  it("refuses bad list input with 400 and changes nothing", async () => {
    const before = await json(await t.call("GET", "/api/FreightRates", { token }));
    const badFilter = await t.call("GET", "/api/FreightRates/groupByCharge?filter=Sometimes", { token });
    expect(badFilter.status).toBe(400);
    expect((await expectErrorBody(badFilter)).message).toContain("Unknown filter");
    const longCode = await t.call("GET", `/api/PortRates?chargeCode=${"X".repeat(31)}`, { token });
    expect(longCode.status).toBe(400);
    const blankCode = await t.call("GET", "/api/TruckingRates/ReadListByCode/%20", { token });
    expect(blankCode.status).toBe(400);
    // A rate for a port that does not exist is refused by the shared create and leaves the list as it was.
    const badCreate = await t.call("POST", "/api/FreightRates", {
      token,
      body: { chargeCode: "001", portCodeOrigin: "ZZZ01", portCodeDestination: "CEB01", branchCodeOrigin: "MNL", branchCodeDestination: "CEB", dateEffective: "2026-09-01", stdRateWvat: "1.00" },
    });
    expect(badCreate.status).toBe(400);
    const after = await json(await t.call("GET", "/api/FreightRates", { token }));
    expect(after.total).toBe(before.total);
  });

  it("requires sign-in", async () => {
    for (const path of ["/api/FreightRates", "/api/PortRates/groupByCharge", "/api/TruckingRates/ReadListByCode/006", "/api/PortRates/rateInForce?chargeCode=004&portCode=MNL01"]) {
      expect((await t.call("GET", path)).status).toBe(401);
    }
  });
});
