import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  auditLog,
  containerVans,
  containerYards,
  hustlings,
  numberSeries,
  ports,
  roles,
  routes,
  truckings,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
} from "../../db/schema/index.ts";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { firstStart } from "../../api/modules/index.ts";
import { DEMO_HUSTLING } from "../../api/modules/hustling/demo.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Hustling (issue 26 point 1; 001 §3, §7, §8, §9): the line's vans hauled at a branch for a voyage, from a yard to
 * another vessel or a port and into another yard. Every refusal is asserted with the text staff read, and with
 * the vans left where they stood.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const year = new Date().getFullYear();

/** A valid ISO 6346 number from its first ten characters. */
const iso = (firstTen: string) => `${firstTen}${containerCheckDigit(firstTen)}`;
const VANS = {
  a: iso("HSTU100001"),
  b: iso("HSTU100002"),
  c: iso("HSTU100003"),
  d: iso("HSTU100004"),
  e: iso("HSTU100005"),
  repair: iso("HSTU100006"),
  elsewhere: iso("HSTU100007"),
  unknown: iso("HSTU100008"),
};

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, `/api${path}`, { token: tokens[who], body });
  return { status: res.status, body: await json(res) };
}

async function yardOf(code: string): Promise<string | null> {
  const [row] = await handle.db.select({ cy: containerVans.cyCode }).from(containerVans).where(eq(containerVans.code, code));
  return row.cy;
}

async function yardsOf(codes: string[]): Promise<Record<string, string | null>> {
  const rows = await handle.db.select({ code: containerVans.code, cy: containerVans.cyCode }).from(containerVans).where(inArray(containerVans.code, codes));
  return Object.fromEntries(codes.map((c) => [c, rows.find((r) => r.code === c)?.cy ?? "missing"]));
}

const hour = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();

/** A hustling of voyage V-HUS-1 at Manila, from yard HY1 to HY2, to the vessel of voyage V-HUS-2. */
const hustling = (overrides: Record<string, unknown> = {}) => ({
  branchCode: "MNL",
  voyageNum: "V-HUS-1",
  toReference: "To Vessel",
  hustVoyageNum: "V-HUS-2",
  fromCyCode: "HY1",
  toCyCode: "HY2",
  truckingCode: "HAUL1",
  dateTimeIn: at(3),
  dateTimeOut: at(1),
  remarks: "Transshipment to the Cebu run",
  lines: [
    { containerVanNum: VANS.a, plateNum: "NBC 1234", driver: "Rodel Mendoza", detailsRemarks: "Seal intact" },
    { containerVanNum: VANS.b, plateNum: "NBC 1235", driver: "Efren Bautista" },
  ],
  ...overrides,
});

async function create(body: unknown, who = "hus") {
  return await call(who, "POST", "/Hustlings/create", body);
}

/** Nothing was written: no hustling of the voyage, no number taken, the vans where they were. */
async function expectNothingWritten(voyageNum: string) {
  expect(await handle.db.select({ id: hustlings.id }).from(hustlings).where(eq(hustlings.voyageNum, voyageNum))).toEqual([]);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  for (const code of ["MNL", "CEB", "DVO"]) await ensureBranch(db, code);
  await db.insert(containerYards).values([
    { code: "HY1", name: "Hustle Yard One", branchCode: "MNL" },
    { code: "HY2", name: "Hustle Yard Two", branchCode: "MNL" },
    { code: "HY3", name: "Hustle Yard Three", branchCode: "MNL" },
    { code: "HCEB", name: "Cebu Hustle Yard", branchCode: "CEB" },
  ]);
  await db.insert(ports).values([
    { code: "HPMNL", name: "Manila Hustle Pier", branchCode: "MNL" },
    { code: "HPCEB", name: "Cebu Hustle Pier", branchCode: "CEB" },
  ]);
  await db.insert(vessels).values([
    { code: "HV-ONE", name: "MV Hustle One", vesselType: "Container" },
    { code: "HV-TWO", name: "MV Hustle Two", vesselType: "Container" },
  ]);
  await db.insert(routes).values([
    { code: "H-MNL-CEB", name: "Manila - Cebu", originBranchCode: "MNL", destinationBranchCodes: ["CEB"] },
    { code: "H-CEB-DVO", name: "Cebu - Davao", originBranchCode: "CEB", destinationBranchCodes: ["DVO"] },
  ]);
  const etd = new Date(Date.now() + 5 * 24 * hour);
  const voyage = (voyageNum: string, voyageRef: string, vesselCode: string, routeCode: string, originBranchCode: string) =>
    ({ voyageNum, voyageRef, vesselCode, routeCode, originBranchCode, estimatedTimeDeparture: etd });
  await db.insert(voyageSchedules).values([
    voyage("V-HUS-1", "H1N", "HV-ONE", "H-MNL-CEB", "MNL"),
    voyage("V-HUS-2", "H2N", "HV-TWO", "H-MNL-CEB", "MNL"),
    voyage("V-HUS-3", "H3N", "HV-ONE", "H-MNL-CEB", "MNL"),
    voyage("V-HUS-4", "H4N", "HV-TWO", "H-MNL-CEB", "MNL"),
    voyage("V-HUS-CD", "HCD", "HV-TWO", "H-CEB-DVO", "CEB"),
  ]);
  await db.insert(voyageScheduleDestinations).values([
    ...["V-HUS-1", "V-HUS-2", "V-HUS-3", "V-HUS-4"].map((voyageNum) => ({ voyageNum, seq: 1, destinationBranchCode: "CEB", estimatedTimeArrival: new Date(etd.getTime() + 24 * hour) })),
    { voyageNum: "V-HUS-CD", seq: 1, destinationBranchCode: "DVO", estimatedTimeArrival: new Date(etd.getTime() + 24 * hour) },
  ]);
  await db.insert(truckings).values([
    { code: "HAUL1", name: "Harbor Haulers", plateNum: "NBC 1234", isHauling: true, branchCodes: ["MNL"] },
    { code: "NOHAUL", name: "Door Trucking Only", plateNum: "DAB 4412", isHauling: false, branchCodes: ["MNL"] },
  ]);
  await db.insert(containerVans).values([
    { code: VANS.a, size: "20", vanType: "DRY", condition: "Full", cyCode: "HY1" },
    { code: VANS.b, size: "40", vanType: "REEFER", condition: "Empty", cyCode: "HY1" },
    { code: VANS.c, size: "20", vanType: "DRY", condition: "Empty", cyCode: "HY1" },
    { code: VANS.d, size: "20", vanType: "DRY", condition: "Full", cyCode: "HY1" },
    { code: VANS.e, size: "40", vanType: "DRY", condition: "Empty", cyCode: "HY1" },
    { code: VANS.repair, size: "20", vanType: "DRY", condition: "In Repair", cyCode: "HY1" },
    { code: VANS.elsewhere, size: "20", vanType: "DRY", condition: "Empty", cyCode: "HY3" },
    // A van of the master from before numbers were checked: its check digit is wrong.
    { code: "MSCU1234567", size: "20", vanType: "DRY", condition: "Empty", cyCode: "HY1" },
  ]);
  const people: [string, string[], string[]][] = [
    ["hus", ["HUSTLING"], ["MNL"]],
    ["hus2", ["HUSTLING"], ["MNL"]],
    ["cebu", ["HUSTLING"], ["CEB"]],
    ["voyage", ["VOYAGE"], ["MNL"]],
  ];
  for (const [who, menus, branchList] of people) {
    await createUser(db, { userId: `hus-${who}`, password: "hustling-pass-123", menus: menus as never, branches: branchList });
    tokens[who] = await signIn(t, `hus-${who}`, "hustling-pass-123");
  }
  // DAT staff print originals.
  const dat = await createUser(db, { userId: "hus-dat", password: "hustling-pass-123", menus: ["HUSTLING"], branches: ["MNL"] });
  await db.update(roles).set({ isDat: true }).where(eq(roles.id, dat.roleId));
  tokens.dat = await signIn(t, "hus-dat", "hustling-pass-123");
}, 120_000);
afterAll(() => handle?.close());

let first: any;

describe("writing a hustling", () => {
  it("numbers it from the branch's HUS series, names what it points at, and moves its vans from the from yard to the to yard", async () => {
    const { status, body } = await create(hustling());
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe("Hustling Successfully Created");
    first = body.data;
    expect(first).toMatchObject({
      hustlingCstNum: `HUS-MNL-${year}-000001`, branchCode: "MNL", branchName: "Branch MNL", voyageNum: "V-HUS-1", voyageRef: "H1N",
      hustVessel: "MV Hustle One", toReference: "To Vessel", hustVoyageNum: "V-HUS-2", hustVoyageRef: "H2N", tovesselName: "MV Hustle Two",
      toPortCode: null, toPortName: null, fromCyCode: "HY1", fromCyName: "Hustle Yard One", toCyCode: "HY2", toCyName: "Hustle Yard Two",
      truckingCode: "HAUL1", truckerName: "Harbor Haulers", remarks: "Transshipment to the Cebu run", userCreated: "hus-hus",
    });
    expect(first.lines).toEqual([
      { lineNo: 1, containerVanNum: VANS.a, containerType: "DRY", size: "20", plateNum: "NBC 1234", driver: "Rodel Mendoza", detailsRemarks: "Seal intact" },
      { lineNo: 2, containerVanNum: VANS.b, containerType: "REEFER", size: "40", plateNum: "NBC 1235", driver: "Efren Bautista", detailsRemarks: "" },
    ]);
    expect(await yardsOf([VANS.a, VANS.b, VANS.c])).toEqual({ [VANS.a]: "HY2", [VANS.b]: "HY2", [VANS.c]: "HY1" });
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "HUSTLING_CREATED"));
    expect(audit).toMatchObject({ actor: "hus-hus", target: `hustling:HUS-MNL-${year}-000001` });
    expect((audit.detail as any).moved).toEqual([
      { code: VANS.a, from: "HY1", to: "HY2" },
      { code: VANS.b, from: "HY1", to: "HY2" },
    ]);
  });

  it("reads it back by number, by the voyage's header, and in the voyage list of the branch", async () => {
    const got = await call("hus2", "GET", `/Hustlings/get/${first.hustlingCstNum}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(first);
    const header = await call("hus2", "GET", "/Hustlings/readHeader/V-HUS-1?branchCode=MNL");
    expect(header.body.data.hustlingCstNum).toBe(first.hustlingCstNum);
    expect((await call("hus2", "GET", "/Hustlings/readHeader/V-HUS-3?branchCode=MNL")).body).toEqual({ data: null });
    const voyages = await call("hus", "GET", "/Hustlings/voyages?branchCode=MNL");
    expect(voyages.status).toBe(200);
    // Voyages leaving from Manila; the Cebu-Davao one neither leaves from nor calls at it.
    expect(voyages.body.data.map((v: any) => [v.voyageNum, v.vesselName, v.hustlingCstNum]).sort()).toEqual([
      ["V-HUS-1", "MV Hustle One", first.hustlingCstNum],
      ["V-HUS-2", "MV Hustle Two", null],
      ["V-HUS-3", "MV Hustle One", null],
      ["V-HUS-4", "MV Hustle Two", null],
    ]);
    // Cebu is a call of the Manila voyages: Cebu staff see them there.
    const atCebu = await call("cebu", "GET", "/Hustlings/voyages?branchCode=CEB");
    expect(atCebu.body.data.map((v: any) => v.voyageNum).sort()).toEqual(["V-HUS-1", "V-HUS-2", "V-HUS-3", "V-HUS-4", "V-HUS-CD"]);
  });

  it("lists the branch's hustlings 20 a page, searched by van number too", async () => {
    const list = await call("hus", "GET", "/Hustlings/load");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data.map((h: any) => h.hustlingCstNum)).toEqual([first.hustlingCstNum]);
    const byVan = await call("hus", "GET", `/Hustlings/load?skip=0&take=20&search=${VANS.b.slice(0, 8).toLowerCase()}`);
    expect(byVan.body.data.map((h: any) => h.hustlingCstNum)).toEqual([first.hustlingCstNum]);
    const none = await call("hus", "GET", "/Hustlings/load?search=no-such-van");
    expect(none.body).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("refuses a second hustling of the voyage at the branch, naming the first", async () => {
    const { status, body } = await create(hustling({ lines: [{ containerVanNum: VANS.c, plateNum: "NBC 1", driver: "A" }] }));
    expect(status).toBe(409);
    expect(body.message).toBe(`Voyage V-HUS-1 already has hustling ${first.hustlingCstNum} at branch MNL; change that one.`);
    expect(await yardOf(VANS.c)).toBe("HY1");
  });
});

describe("what a hustling refuses, changing nothing", () => {
  const onV3 = (overrides: Record<string, unknown>) => hustling({ voyageNum: "V-HUS-3", hustVoyageNum: "V-HUS-4", ...overrides });
  const line = (containerVanNum: string) => ({ containerVanNum, plateNum: "NBC 1234", driver: "Rodel Mendoza" });

  it.each([
    ["a van number that fails ISO 6346", { lines: [line(VANS.c), line("mscu 123456-7")] }, "Line 2: MSCU1234567 is not a valid container number: its check digit should be 6.", "lines.1.containerVanNum"],
    ["a number that is no container number", { lines: [line("ABC123")] }, "Line 1: ABC123 is not a container number: it takes 3 letters of the owner, a category letter (U, J or Z) and 7 digits.", "lines.0.containerVanNum"],
    ["a van the line does not have", { lines: [line(VANS.unknown)] }, `Container van ${VANS.unknown} is not a van of the line.`, "lines.0.containerVanNum"],
    ["a van being repaired", { lines: [line(VANS.c), line(VANS.repair)] }, `Container van ${VANS.repair} is In Repair; only a full or empty van is hustled.`, "lines.1.containerVanNum"],
    ["a van at another yard", { lines: [line(VANS.elsewhere)] }, `Container van ${VANS.elsewhere} is at yard HY3, not at HY1, the yard the vans leave.`, "lines.0.containerVanNum"],
    ["a trucker who does not haul", { truckingCode: "NOHAUL" }, "Trucker NOHAUL is not an active hauling trucker of branch MNL.", "truckingCode"],
    ["a voyage on the same vessel", { hustVoyageNum: "V-HUS-1" }, "Voyage V-HUS-1 is on the same vessel, MV Hustle One; the vans go to another vessel.", "hustVoyageNum"],
    ["a voyage that does not touch the branch", { voyageNum: "V-HUS-CD" }, "Voyage V-HUS-CD neither leaves from nor calls at branch MNL.", "voyageNum"],
    ["a to yard of another branch for a vessel at the branch", { toCyCode: "HCEB" }, "Container yard HCEB is not a yard of branch MNL; vans hustled to a vessel stay at the branch.", "toCyCode"],
    ["a to yard away from the port", { toReference: "To Port", hustVoyageNum: "", toPortCode: "HPCEB", toCyCode: "HY2" }, "Container yard HY2 is not a yard of branch CEB; vans going to port HPCEB go to a yard of its branch.", "toCyCode"],
    ["a from yard of another branch", { fromCyCode: "HCEB" }, "Container yard HCEB is not a yard of branch MNL; the vans leave a yard of the hustling's branch.", "fromCyCode"],
    ["a branch the clerk does not work for", { branchCode: "CEB" }, "You do not work for branch CEB.", "branchCode"],
  ])("refuses %s", async (_what, overrides, message, field) => {
    const before = await yardsOf(Object.values(VANS));
    const { status, body } = await create(onV3(overrides));
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.message).toBe(message);
    expect(body.errors[field]).toEqual([message.replace(/^Line \d+: /, "")]);
    await expectNothingWritten("V-HUS-3");
    expect(await yardsOf(Object.values(VANS))).toEqual(before);
  });

  it.each([
    ["a vessel without its voyage", { hustVoyageNum: "" }, "hustVoyageNum", "Choose the voyage of the vessel the vans go to"],
    ["a port without the port", { toReference: "To Port", hustVoyageNum: "" }, "toPortCode", "Choose the port the vans go to"],
    ["time out before time in", { dateTimeIn: at(1), dateTimeOut: at(2) }, "dateTimeOut", "Date and time out cannot be before date and time in"],
    ["a van listed twice", { lines: [line(VANS.c), line(VANS.c.toLowerCase())] }, "lines.1.containerVanNum", `Container van ${VANS.c} is listed twice`],
    ["no van at all", { lines: [] }, "lines", "Add at least one container van"],
    ["a line without its driver", { lines: [{ containerVanNum: VANS.c, plateNum: "NBC 1" }] }, "lines.0.driver", "driver is required"],
    ["a destination that is neither", { toReference: "To Moon" }, "toReference", "toReference must be To Vessel or To Port"],
  ])("refuses %s with the field named", async (_what, overrides, field, message) => {
    const { status, body } = await create(onV3(overrides));
    expect(status).toBe(400);
    expect(body.message).toBe("Please correct the invalid fields.");
    expect(body.errors[field]).toEqual([message]);
    await expectNothingWritten("V-HUS-3");
  });

  it("answers a branch without a hauling trucker with the spec's words", async () => {
    await handle.db.insert(containerYards).values({ code: "HCEB2", name: "Cebu Yard Two", branchCode: "CEB" });
    const { status, body } = await create(hustling({
      branchCode: "CEB", voyageNum: "V-HUS-CD", toReference: "To Port", hustVoyageNum: "", toPortCode: "HPCEB", fromCyCode: "HCEB", toCyCode: "HCEB2",
    }), "cebu");
    expect(status).toBe(400);
    expect(body.message).toBe("No Authorized Trucker on CEB Branch");
    expect(body.errors.truckingCode).toEqual(["No Authorized Trucker on CEB Branch"]);
  });

  it("took no number for any refused hustling", async () => {
    const [series] = await handle.db.select({ last: numberSeries.lastValue }).from(numberSeries)
      .where(and(eq(numberSeries.series, "HUS"), eq(numberSeries.branchCode, "MNL")));
    expect(series.last).toBe(1);
  });

  it("is closed to staff without the HUSTLING menu", async () => {
    const res = await t.call("POST", "/api/Hustlings/create", { token: tokens.voyage, body: hustling({ voyageNum: "V-HUS-3" }) });
    expect(res.status).toBe(403);
    await expectErrorBody(res);
    expect((await call("voyage", "GET", "/Hustlings/load")).status).toBe(403);
  });
});

describe("changing a hustling", () => {
  it("refuses a stale dateModified with 409 and moves nothing", async () => {
    const stale = new Date(new Date(first.dateModified).getTime() - 1000).toISOString();
    const { branchCode: _b, voyageNum: _v, ...details } = hustling();
    const { status, body } = await call("hus", "PUT", `/Hustlings/update/${first.hustlingCstNum}`, {
      ...details, dateModified: stale, lines: [{ containerVanNum: VANS.c, plateNum: "X", driver: "Y" }],
    });
    expect(status).toBe(409);
    expect(body.message).toBe("This hustling was changed by someone else after you opened it. Reload it and try again.");
    expect(await yardsOf([VANS.a, VANS.b, VANS.c])).toEqual({ [VANS.a]: "HY2", [VANS.b]: "HY2", [VANS.c]: "HY1" });
  });

  it("takes a van off (back to the from yard), adds one (out to the to yard) and keeps the one on both", async () => {
    const { status, body } = await call("hus2", "PUT", `/Hustlings/update/${first.hustlingCstNum}`, {
      toReference: "To Vessel", hustVoyageNum: "V-HUS-2", fromCyCode: "HY1", toCyCode: "HY2", truckingCode: "HAUL1",
      dateTimeIn: first.dateTimeIn, dateTimeOut: first.dateTimeOut, remarks: "One van stays for the next sailing", dateModified: first.dateModified,
      lines: [
        { containerVanNum: VANS.a, plateNum: "NBC 1234", driver: "Rodel Mendoza", detailsRemarks: "Seal intact" },
        { containerVanNum: VANS.c, plateNum: "NDA 7781", driver: "Jun Abellana" },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("Hustling Successfully Updated");
    expect(body.data.remarks).toBe("One van stays for the next sailing");
    expect(body.data.lines.map((l: any) => [l.lineNo, l.containerVanNum, l.driver])).toEqual([[1, VANS.a, "Rodel Mendoza"], [2, VANS.c, "Jun Abellana"]]);
    expect(await yardsOf([VANS.a, VANS.b, VANS.c])).toEqual({ [VANS.a]: "HY2", [VANS.b]: "HY1", [VANS.c]: "HY2" });
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "HUSTLING_CHANGED"));
    expect(audit.actor).toBe("hus-hus2");
    expect((audit.detail as any).header).toEqual({ before: { remarks: "Transshipment to the Cebu run" }, after: { remarks: "One van stays for the next sailing" } });
    expect((audit.detail as any).movedBack).toEqual([{ code: VANS.b, from: "HY2", to: "HY1" }]);
    expect((audit.detail as any).movedOut).toEqual([{ code: VANS.c, from: "HY1", to: "HY2" }]);
    first = body.data;
  });

  it("moves every van to the new to yard when the to yard changes, and can send them to a port instead", async () => {
    const { status, body } = await call("hus", "PUT", `/Hustlings/update/${first.hustlingCstNum}`, {
      toReference: "To Port", toPortCode: "HPMNL", fromCyCode: "HY1", toCyCode: "HY3", truckingCode: "HAUL1",
      dateTimeIn: first.dateTimeIn, dateTimeOut: first.dateTimeOut, remarks: first.remarks, dateModified: first.dateModified,
      lines: first.lines,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ toReference: "To Port", toPortCode: "HPMNL", toPortName: "Manila Hustle Pier", hustVoyageNum: null, tovesselName: null, toCyCode: "HY3" });
    expect(await yardsOf([VANS.a, VANS.c])).toEqual({ [VANS.a]: "HY3", [VANS.c]: "HY3" });
    first = body.data;
  });
});

describe("branch scope", () => {
  it("answers another branch's hustling exactly as one that does not exist, for every call", async () => {
    const missing = `HUS-MNL-${year}-999999`;
    const num = first.hustlingCstNum;
    const got = await call("cebu", "GET", `/Hustlings/get/${num}`);
    const none = await call("cebu", "GET", `/Hustlings/get/${missing}`);
    expect([got.status, none.status]).toEqual([404, 404]);
    expect(none.body.message).toBe(`Hustling ${missing} was not found.`);
    expect(got.body).toEqual({ ...none.body, message: `Hustling ${num} was not found.` });
    const print = await t.call("GET", `/api/Hustlings/print/${num}`, { token: tokens.cebu });
    expect(print.status).toBe(404);
    expect((await json(print)).message).toBe(`Hustling ${num} was not found.`);
    const update = await call("cebu", "PUT", `/Hustlings/update/${num}`, {
      toReference: "To Port", toPortCode: "HPMNL", fromCyCode: "HY1", toCyCode: "HY3", truckingCode: "HAUL1",
      dateTimeIn: first.dateTimeIn, dateTimeOut: first.dateTimeOut, remarks: "", dateModified: first.dateModified, lines: first.lines,
    });
    expect(update.status).toBe(404);
    expect(update.body.message).toBe(`Hustling ${num} was not found.`);
    const del = await call("cebu", "DELETE", "/Hustlings/delete", [first.id]);
    expect(del.status).toBe(404);
    expect(del.body.message).toBe(`Hustling with id ${first.id} was not found; nothing was deleted.`);
    expect((await call("cebu", "DELETE", "/Hustlings/delete", [999_999])).body.message).toBe("Hustling with id 999999 was not found; nothing was deleted.");
    expect((await call("cebu", "GET", "/Hustlings/load")).body.total).toBe(0);
    expect((await call("cebu", "GET", "/Hustlings/readHeader/V-HUS-1?branchCode=MNL")).body).toEqual({ data: null });
    expect(await yardsOf([VANS.a, VANS.c])).toEqual({ [VANS.a]: "HY3", [VANS.c]: "HY3" });
  });
});

/** OCR text without white space or the table's rules: tesseract splits and joins words now and then, and reads a rule as |. */
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |]/g, "");

describe("the cargo transfer (hustling) slip", () => {
  it("prints the header, the container lines and the issuing user's name; an original for DAT staff", async () => {
    const res = await t.call("GET", `/api/Hustlings/print/${first.hustlingCstNum}`, { token: tokens.dat });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`${first.hustlingCstNum}.pdf`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // One column of lines: each label stays with its value, each table row with its cells.
    const pdf = await renderPdf(bytes, { pageSegmentation: 4 });
    expect(pdf.pageCount).toBe(1);
    const text = squeeze(pdf.pages[0].text ?? "");
    for (const expected of [
      "cargo transfer slip (hustling)",
      `hustling no. ${first.hustlingCstNum}`,
      "voyage v-hus-1",
      "voyage ref. h1n",
      "vessel mv hustle one",
      "to port manila hustle pier",
      "from cy hustle yard one",
      "to cy hustle yard three",
      "trucker harbor haulers",
      `${VANS.a} dry 20 ft nbc 1234 rodel mendoza seal intact`,
      `${VANS.c} dry 20 ft nda 7781 jun abellana`,
      "issued by",
      "user hus-hus",
    ]) expect(text).toContain(squeeze(expected));
    expect(text.indexOf(VANS.a.toLowerCase())).toBeLessThan(text.indexOf(VANS.c.toLowerCase()));
    expect(text).not.toContain("copy");
    expect(await watermarkText(bytes, 1)).not.toContain("copy");
  }, 60_000);

  it("is a copy for staff who are not DAT", async () => {
    const res = await t.call("GET", `/api/Hustlings/print/${first.hustlingCstNum}`, { token: tokens.hus2 });
    expect(res.status).toBe(200);
    expect(await watermarkText(new Uint8Array(await res.arrayBuffer()), 1)).toBe("copy");
  }, 60_000);
});

describe("deleting a hustling", () => {
  it("puts its vans back in the from yard, leaves a van moved on since where it is, and keeps the record in the audit log", async () => {
    // Someone moved van c on from the to yard after the hustling.
    await handle.db.update(containerVans).set({ cyCode: "HY2" }).where(eq(containerVans.code, VANS.c));
    const { status, body } = await call("hus2", "DELETE", "/Hustlings/delete", { ids: [first.id] });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ data: { ids: [first.id] }, message: "Hustling Deleted Successfully." });
    expect(await yardsOf([VANS.a, VANS.c])).toEqual({ [VANS.a]: "HY1", [VANS.c]: "HY2" });
    expect((await call("hus", "GET", `/Hustlings/get/${first.hustlingCstNum}`)).status).toBe(404);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "HUSTLING_DELETED"));
    expect(audit.target).toBe(`hustling:${first.hustlingCstNum}`);
    expect((audit.detail as any).before.lines.map((l: any) => l.containerVanNum)).toEqual([VANS.a, VANS.c]);
    expect((audit.detail as any).leftWhereTheyAre).toEqual([VANS.c]);
    // The list reloads from the start (skip 0, take 20) and is empty now.
    expect((await call("hus", "GET", "/Hustlings/load?skip=0&take=20")).body).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("lets the voyage have a hustling again, numbered next", async () => {
    const { status, body } = await create(hustling({ lines: [{ containerVanNum: VANS.d, plateNum: "NBC 1", driver: "Ana" }] }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.hustlingCstNum).toBe(`HUS-MNL-${year}-000002`);
    expect(await yardOf(VANS.d)).toBe("HY2");
  });
});

describe("the demo line's hustling", () => {
  let demo: DatabaseHandle;
  beforeAll(async () => {
    demo = await openTestDatabase();
    await firstStart(demo.db, { adminPassword: "first-start-admin-1", linkBase: "http://localhost:8000" });
  }, 60_000);
  afterAll(() => demo?.close());

  it("hauls two Manila vans from the open voyage's vessel to another, and their yard follows", async () => {
    const [row] = await demo.db.select().from(hustlings);
    expect(row).toMatchObject({ branchCode: "MNL", toReference: "To Vessel", fromCyCode: "MNL-CY1", toCyCode: "MNL-CY2", userCreated: "demo.hustler" });
    const voyages = await demo.db.select({ voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, vesselCode: voyageSchedules.vesselCode })
      .from(voyageSchedules).where(inArray(voyageSchedules.voyageNum, [row.voyageNum, row.hustVoyageNum!]));
    const ref = (num: string) => voyages.find((v) => v.voyageNum === num)!;
    expect([ref(row.voyageNum).voyageRef, ref(row.hustVoyageNum!).voyageRef]).toEqual(["DEMO-OPEN", "DEMO-DRAFT"]);
    expect(ref(row.voyageNum).vesselCode).not.toBe(ref(row.hustVoyageNum!).vesselCode);
    const vans = await demo.db.select({ code: containerVans.code, cy: containerVans.cyCode }).from(containerVans)
      .where(inArray(containerVans.code, DEMO_HUSTLING.lines.map((l) => l.containerVanNum)));
    expect(vans.map((v) => v.cy)).toEqual(["MNL-CY2", "MNL-CY2"]);
  });
});
