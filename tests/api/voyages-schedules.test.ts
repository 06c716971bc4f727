import { eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, branches, routes, vessels, vesselUpdateDetails, vesselUpdateHeaders, voyageScheduleDestinations, voyageSchedules } from "../../db/schema/index.ts";
import { createRole, createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { historyOf } from "../../api/shared/workflow.ts";
import { croWorkflow } from "../../api/modules/voyages/schedules/workflow.ts";

/** Voyage schedules through the API: the route's rules, approval, activation, CRO status, delete and the report. */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

const VOYAGE = {
  voyageRef: "V-118N",
  vesselCode: "LADY",
  routeCode: "MNL-CEB-DVO",
  estimatedTimeDeparture: "2026-12-01T20:00:00+08:00",
  remarks: "Christmas run",
  destinations: [
    { destinationBranchCode: "CEB", estimatedTimeArrival: "2026-12-02T18:00:00+08:00" },
    { destinationBranchCode: "DVO", estimatedTimeArrival: "2026-12-04T06:00:00+08:00" },
  ],
};
const create = (body: unknown = VOYAGE) => as("ops", "POST", "/VoyageSchedules/createcheduleV1", body);
const voyageCount = async () => (await handle.db.select().from(voyageSchedules)).length;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await db.insert(branches).values([{ code: "MNL", name: "Manila" }, { code: "CEB", name: "Cebu" }, { code: "DVO", name: "Davao" }, { code: "ILO", name: "Iloilo" }]);
  await db.insert(routes).values([
    { code: "MNL-CEB-DVO", name: "Manila - Cebu - Davao", originBranchCode: "MNL", destinationBranchCodes: ["CEB", "DVO"] },
    { code: "MNL-ILO", name: "Manila - Iloilo", originBranchCode: "MNL", destinationBranchCodes: ["ILO"], isActive: false },
  ]);
  await db.insert(vessels).values([
    { code: "LADY", name: "MV Lady of Manila", vesselType: "Container" },
    { code: "OLD", name: "MV Retired", vesselType: "Container", isActive: false },
  ]);
  for (const [who, menus] of [["ops", ["VOYAGE"]], ["ops2", ["VOYAGE"]], ["sales", ["SALESQUOTATION"]]] as const) {
    const role = await createRole(db, [...menus]);
    await createUser(db, { userId: `vs-${who}`, password: "vs-password-123", roleKey: role.id });
    tokens[who] = await signIn(t, `vs-${who}`, "vs-password-123");
  }
});
afterAll(() => handle?.close());

describe("scheduling a voyage", () => {
  it("numbers it from the origin branch's series and keeps the route's calls with their ETAs", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const { data, message } = await json(res);
    expect(data.voyageNum).toMatch(/^VOY-MNL-2026-\d{6}$/);
    expect(message).toBe(`Voyage ${data.voyageNum} added successfully`);
    expect(data).toMatchObject({
      voyageRef: "V-118N", vesselName: "MV Lady of Manila", originBranchCode: "MNL", originBranchName: "Manila",
      estimatedTimeDeparture: "2026-12-01T12:00:00.000Z", approvedBy: null, croStatus: "Open", isActive: true,
    });
    expect(data.destinations).toEqual([
      { seq: 1, destinationBranchCode: "CEB", destinationBranchName: "Cebu", estimatedTimeArrival: "2026-12-02T10:00:00.000Z" },
      { seq: 2, destinationBranchCode: "DVO", destinationBranchName: "Davao", estimatedTimeArrival: "2026-12-03T22:00:00.000Z" },
    ]);
    const read = await json(await as("ops", "GET", `/VoyageSchedules/getVoyageV1/${data.voyageNum}`));
    expect(read.data.destinations).toHaveLength(2);
    expect((await as("sales", "GET", `/VoyageSchedules/get/${data.voyageNum}`)).status).toBe(200);
  });

  it("refuses an unknown or inactive vessel, an inactive route, a destination off the route or out of order, and an ETA before the ETD; nothing is written", async () => {
    const before = await voyageCount();
    const cases: [unknown, string, string][] = [
      [{ ...VOYAGE, vesselCode: "GHOST" }, "vesselCode", "Vessel GHOST does not exist or is inactive."],
      [{ ...VOYAGE, vesselCode: "OLD" }, "vesselCode", "Vessel OLD does not exist or is inactive."],
      [{ ...VOYAGE, routeCode: "MNL-ILO", destinations: [{ destinationBranchCode: "ILO", estimatedTimeArrival: "2026-12-03T06:00:00+08:00" }] }, "routeCode",
        "Route MNL-ILO does not exist or is inactive."],
      [{ ...VOYAGE, destinations: [{ destinationBranchCode: "ILO", estimatedTimeArrival: "2026-12-03T06:00:00+08:00" }] }, "destinations.0.destinationBranchCode",
        "ILO is not a destination of route MNL-CEB-DVO (CEB, DVO)."],
      [{ ...VOYAGE, destinations: [...VOYAGE.destinations].reverse() }, "destinations.1.destinationBranchCode",
        "Destinations follow route MNL-CEB-DVO's calling order: CEB, DVO."],
      [{ ...VOYAGE, destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: "2026-12-01T19:00:00+08:00" }] }, "destinations.0.estimatedTimeArrival",
        "The ETA at CEB must be after the departure (ETD)."],
      [{ ...VOYAGE, destinations: [VOYAGE.destinations[0], { destinationBranchCode: "DVO", estimatedTimeArrival: "2026-12-02T17:00:00+08:00" }] },
        "destinations.1.estimatedTimeArrival", "The ETA at DVO must be after the ETA at CEB."],
    ];
    for (const [body, field, text] of cases) {
      const res = await create(body);
      expect(res.status, text).toBe(400);
      const error = await expectErrorBody(res);
      expect(error.message).toBe(text);
      expect(error.errors[field]).toEqual([text]);
    }
    const malformed = await create({ ...VOYAGE, estimatedTimeDeparture: "1 Dec 2026", destinations: [] });
    expect(malformed.status).toBe(400);
    const body = await expectErrorBody(malformed);
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["estimatedTimeDeparture", "destinations"]));
    expect(await voyageCount()).toBe(before);
  });

  it("lists by departure dates in Manila, branch of call and vessel", async () => {
    const early = await json(await create({ ...VOYAGE, voyageRef: "V-100S", estimatedTimeDeparture: "2026-11-30T23:30:00+08:00",
      destinations: [{ destinationBranchCode: "DVO", estimatedTimeArrival: "2026-12-03T08:00:00+08:00" }] }));
    const list = (q: string) => as("ops", "GET", `/VoyageSchedules/load?${q}`).then(json);
    // 23:30 in Manila on 30 November is still 30 November there, though it is the 30th 15:30 UTC.
    expect((await list("dateFrom=2026-11-30&dateTo=2026-11-30")).data.map((v: any) => v.voyageNum)).toEqual([early.data.voyageNum]);
    expect((await list("dateFrom=2026-12-01&dateTo=2026-12-01")).data.every((v: any) => v.voyageRef === "V-118N")).toBe(true);
    expect((await list("branchCode=ceb&take=200")).data.map((v: any) => v.voyageNum)).not.toContain(early.data.voyageNum);
    expect((await list("branchCode=DVO&take=200")).data.map((v: any) => v.voyageNum)).toContain(early.data.voyageNum);
    expect((await list("vesselCode=OLD")).message).toBe("No data found");
    expect((await as("ops", "GET", "/VoyageSchedules/load?dateFrom=2026-12-02&dateTo=2026-12-01")).status).toBe(400);
    expect((await as("sales", "GET", "/VoyageSchedules/load")).status).toBe(403);
  });
});

describe("after scheduling", () => {
  it("approves once, by someone other than who scheduled it: a second approval changes nothing", async () => {
    const { data } = await json(await create());
    const own = await as("ops", "PUT", `/VoyageSchedules/approve/${data.id}`);
    expect(own.status).toBe(403);
    expect((await json(own)).message).toBe("You drafted this voyage; another person must approve it.");
    expect((await json(await as("ops", "GET", `/VoyageSchedules/get/${data.voyageNum}`))).data.approvedBy).toBeNull();
    const first = await json(await as("ops2", "PUT", `/VoyageSchedules/approve/${data.id}`));
    expect(first.message).toBe(`Voyage ${data.voyageNum} approved successfully`);
    expect(first.data.approvedBy).toBe("vs-ops2");
    const audited = (await handle.db.select().from(auditLog).where(eq(auditLog.target, `voyage:${data.voyageNum}`)))
      .map((r) => [r.actor, r.action, r.detail]);
    expect(audited).toEqual([["vs-ops2", "VOYAGE_APPROVED", { recordId: data.id, before: { approvedBy: null }, after: { approvedBy: "vs-ops2" } }]]);
    const again = await as("ops", "PUT", `/VoyageSchedules/approve/${data.id}`);
    expect(again.status).toBe(200);
    const second = await json(again);
    expect(second.message).toBe(`Voyage ${data.voyageNum} was already approved by vs-ops2`);
    expect(second.data.dateApproved).toBe(first.data.dateApproved);
    expect((await as("ops", "PUT", "/VoyageSchedules/approve/999999")).status).toBe(404);
  });

  it("updates the voyage and its calls, deactivates, sets the CRO status", async () => {
    const { data } = await json(await create());
    const changed = await as("ops", "PUT", `/VoyageSchedules/updateV1/${data.id}`, {
      ...VOYAGE, voyageRef: "V-118N-R", destinations: [{ destinationBranchCode: "DVO", estimatedTimeArrival: "2026-12-04T09:00:00+08:00" }],
    });
    expect(changed.status).toBe(200);
    expect((await json(changed)).data).toMatchObject({ voyageNum: data.voyageNum, voyageRef: "V-118N-R", destinations: [expect.objectContaining({ destinationBranchCode: "DVO" })] });
    // An edit made on what was read before that change is refused.
    const stale = await as("ops", "PUT", `/VoyageSchedules/updateV1/${data.id}`, { ...VOYAGE, voyageRef: "LATE", dateModified: data.dateModified });
    expect(stale.status).toBe(409);
    const bad = await as("ops", "PUT", `/VoyageSchedules/updateV1/${data.id}`, { ...VOYAGE, vesselCode: "GHOST" });
    expect(bad.status).toBe(400);
    expect((await json(await as("ops", "GET", `/VoyageSchedules/get/${data.voyageNum}`))).data.voyageRef).toBe("V-118N-R");
    const off = await json(await as("ops", "PUT", `/VoyageSchedules/activate/${data.id}?isActive=false`));
    expect(off.data.isActive).toBe(false);
    expect((await as("ops", "PUT", `/VoyageSchedules/approve/${data.id}`)).status).toBe(409);
    expect((await as("ops", "PUT", `/VoyageSchedules/activate/${data.id}?isActive=maybe`)).status).toBe(400);
    const closed = await json(await as("ops", "PUT", `/VoyageSchedules/updateCROStatus/${data.id}`, { croStatus: "Closed" }));
    expect(closed.data.croStatus).toBe("Closed");
    expect((await as("ops", "PUT", `/VoyageSchedules/updateCROStatus/${data.id}`, { croStatus: "Lost" })).status).toBe(400);
  });

  it("moves the CRO status through its workflow, with a history row per change and none for a repeat", async () => {
    const { data } = await json(await create());
    const setTo = async (croStatus: string) => {
      const res = await as("ops", "PUT", `/VoyageSchedules/updateCROStatus/${data.id}`, { croStatus });
      expect(res.status).toBe(200);
      return await json(res);
    };
    expect((await setTo("Closed")).message).toBe(`CRO status of voyage ${data.voyageNum} set to Closed`);
    expect((await setTo("Closed")).data.croStatus).toBe("Closed");
    expect((await setTo("Open")).data.croStatus).toBe("Open");
    const history = await historyOf(handle.db, croWorkflow, data.id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor])).toEqual([
      ["closeCro", "Open", "Closed", "vs-ops"],
      ["openCro", "Closed", "Open", "vs-ops"],
    ]);
    const [row] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.id, data.id));
    expect(row.userModified).toBe("vs-ops");
  });

  it("deletes a voyage nothing is recorded on, and refuses one with vessel updates", async () => {
    const free = (await json(await create())).data;
    const used = (await json(await create())).data;
    await handle.db.insert(vesselUpdateHeaders).values({ vuid: "VU-TEST-1", vesselCode: "LADY", voyageNum: used.voyageNum });
    const refused = await as("ops", "DELETE", "/VoyageSchedules/delete", { ids: [free.id, used.id] });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toContain(`Voyage ${used.voyageNum} has vessel updates recorded`);
    expect(await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.id, free.id))).toHaveLength(1);
    expect((await as("ops", "DELETE", "/VoyageSchedules/delete", { ids: [free.id] })).status).toBe(200);
    expect(await handle.db.select().from(voyageScheduleDestinations).where(eq(voyageScheduleDestinations.voyageNum, free.voyageNum))).toEqual([]);
  });

  it("writes voyage_schedule.xlsx for the departures from DateFrom to DateTo, read back row by row", async () => {
    const res = await as("ops", "GET", "/VoyageSchedules/GenerateReports?DateFrom=2026-11-30&DateTo=2026-11-30");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("voyage_schedule.xlsx");
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows).toEqual([expect.objectContaining({
      No: 1, "Voyage Ref": "V-100S", Vessel: "MV Lady of Manila", Origin: "Manila", ETD: "2026-11-30 23:30", "Destinations (ETA)": "Davao (2026-12-03 08:00)",
    })]);
    expect(sheet["!cols"]?.map((c: { wch?: number }) => c.wch)).toEqual([6, 22, 14, 24, 18, 18, 48, 14, 11, 8, 36]);
    expect((await as("ops", "GET", "/VoyageSchedules/GenerateReports?DateFrom=2026-12-02&DateTo=2026-12-01")).status).toBe(400);
  });

  it("writes voyage_schedule.xlsx without a date range at once: the 30 days either side of today", async () => {
    const day = 86_400_000;
    const leaving = (days: number) => new Date(Date.now() + days * day).toISOString();
    const voyage = (voyageRef: string, days: number) => ({
      ...VOYAGE, voyageRef, estimatedTimeDeparture: leaving(days),
      destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: leaving(days + 1) }],
    });
    for (const [ref, days] of [["V-SOON", 3], ["V-LATELY", -20], ["V-FAR", 45], ["V-LONG-AGO", -45]] as const) {
      expect((await create(voyage(ref, days))).status).toBe(201);
    }
    const started = Date.now();
    const res = await as("ops", "GET", "/VoyageSchedules/GenerateReports");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="voyage_schedule.xlsx"');
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    expect(Date.now() - started).toBeLessThan(15_000);
    const refs = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]).map((r) => String(r["Voyage Ref"]));
    expect(refs.filter((r) => ["V-SOON", "V-LATELY", "V-FAR", "V-LONG-AGO"].includes(r))).toEqual(["V-LATELY", "V-SOON"]);
    // Empty values are no dates; one date reaches 60 days from it; more than a year is refused.
    expect((await as("ops", "GET", "/VoyageSchedules/GenerateReports?DateFrom=&DateTo=")).status).toBe(200);
    const from = new Date(Date.now() - 30 * day).toISOString().slice(0, 10);
    const oneEnd = XLSX.read(new Uint8Array(await (await as("ops", "GET", `/VoyageSchedules/GenerateReports?DateFrom=${from}`)).arrayBuffer()), { type: "array" });
    const oneEndRefs = XLSX.utils.sheet_to_json<Record<string, unknown>>(oneEnd.Sheets[oneEnd.SheetNames[0]]).map((r) => String(r["Voyage Ref"]));
    expect(oneEndRefs.filter((r) => ["V-SOON", "V-LATELY", "V-FAR", "V-LONG-AGO"].includes(r))).toEqual(["V-LATELY", "V-SOON"]);
    const tooLong = await as("ops", "GET", "/VoyageSchedules/GenerateReports?DateFrom=2026-01-01&DateTo=2027-01-02");
    expect(tooLong.status).toBe(400);
    expect((await expectErrorBody(tooLong)).errors.DateTo).toEqual(["The range can be at most 366 days long"]);
  });

  it("reports the vessel's history: planned ETD and ETAs beside the ATD and ATAs recorded, minutes late", async () => {
    const { data } = await json(await create({ ...VOYAGE, voyageRef: "V-HIST", estimatedTimeDeparture: "2027-02-01T20:00:00+08:00",
      destinations: [
        { destinationBranchCode: "CEB", estimatedTimeArrival: "2027-02-02T18:00:00+08:00" },
        { destinationBranchCode: "DVO", estimatedTimeArrival: "2027-02-04T06:00:00+08:00" },
      ] }));
    await handle.db.insert(vesselUpdateHeaders).values({ vuid: "VU-HIST-1", vesselCode: "LADY", voyageNum: data.voyageNum });
    const detail = (activity: string, at: string, branchCode: string, times: { ata?: string; atd?: string }) => ({
      vuid: "VU-HIST-1", vesselStatus: "Docking", activity, activityAt: new Date(at), branchCode,
      actualTimeArrival: times.ata ? new Date(times.ata) : null, actualTimeDeparture: times.atd ? new Date(times.atd) : null,
    });
    await handle.db.insert(vesselUpdateDetails).values([
      detail("Awaiting Departure", "2027-02-01T21:00:00+08:00", "MNL", { atd: "2027-02-01T21:30:00+08:00" }),
      detail("Unloading", "2027-02-02T17:00:00+08:00", "CEB", { ata: "2027-02-02T17:15:00+08:00" }),
    ]);
    const history = await json(await as("ops", "GET", "/VoyageSchedules/vesselHistory?vesselCode=LADY&dateFrom=2027-02-01&dateTo=2027-02-28"));
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ voyageNum: data.voyageNum, actualTimeDeparture: "2027-02-01T13:30:00.000Z", minutesLateDeparture: 90 });
    expect(history.data[0].calls).toEqual([
      expect.objectContaining({ branchCode: "CEB", actualTimeArrival: "2027-02-02T09:15:00.000Z", minutesLate: -45 }),
      expect.objectContaining({ branchCode: "DVO", actualTimeArrival: null, minutesLate: null }),
    ]);
    expect((await json(await as("ops", "GET", "/VoyageSchedules/vesselHistory?vesselCode=LADY&dateFrom=2027-03-01&dateTo=2027-03-31"))).message)
      .toBe("No data found");
    expect((await as("ops", "GET", "/VoyageSchedules/vesselHistory?vesselCode=GHOST&dateFrom=2027-02-01&dateTo=2027-02-28")).status).toBe(400);
    expect((await as("ops", "GET", "/VoyageSchedules/vesselHistory?vesselCode=LADY&dateFrom=2027-02-28&dateTo=2027-02-01")).status).toBe(400);
  });
});
