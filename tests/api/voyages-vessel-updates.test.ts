import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  notifications,
  routes,
  userBranches,
  vesselUpdateDetails,
  vesselUpdateHeaders,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
} from "../../db/schema/index.ts";
import { createUser, ensureBranch, expectErrorBody, type Grant, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The VesselUpdates calls (001 §7): headers per vessel and voyage, their status activities (001 §9), and the
 * notice to the users who follow the voyage. The voyages are written straight into the tables so these tests
 * stand on their own.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

const VOYAGE = "VOY-VUO-2026-000001";
const OTHER_VOYAGE = "VOY-VUO-2026-000002";

const headerCount = async () => Number((await handle.db.select({ n: count() }).from(vesselUpdateHeaders))[0].n);
const detailCount = async () => Number((await handle.db.select({ n: count() }).from(vesselUpdateDetails))[0].n);
const noticeCount = async () =>
  Number((await handle.db.select({ n: count() }).from(notifications).where(eq(notifications.title, "Vessel Updates")))[0].n);
const snapshot = async () => ({ headers: await headerCount(), details: await detailCount(), notices: await noticeCount() });

const detail = (overrides: Record<string, unknown> = {}) => ({
  vesselStatus: "Docking", activity: "Loading", activityAt: "2026-07-01T08:00:00+08:00", branchCode: "VUO", remarks: "", ...overrides,
});

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  const branchIds: Record<string, number> = {};
  for (const code of ["VUO", "VUD", "VUX"]) branchIds[code] = (await ensureBranch(db, code)).id;
  await db.insert(routes).values({ code: "VU-RT", name: "Origin to destination", originBranchCode: "VUO", destinationBranchCodes: ["VUD"] });
  await db.insert(vessels).values([
    { code: "VUV1", name: "MV Lading Star", vesselType: "Container" },
    { code: "VUV2", name: "MV Second Wind", vesselType: "Container" },
  ]);
  await db.insert(voyageSchedules).values([
    { voyageNum: VOYAGE, voyageRef: "V-118N", vesselCode: "VUV1", routeCode: "VU-RT", originBranchCode: "VUO", estimatedTimeDeparture: new Date("2026-07-01T00:00:00Z") },
    { voyageNum: OTHER_VOYAGE, voyageRef: "V-220S", vesselCode: "VUV2", routeCode: "VU-RT", originBranchCode: "VUO", estimatedTimeDeparture: new Date("2026-07-03T00:00:00Z") },
  ]);
  await db.insert(voyageScheduleDestinations).values([
    { voyageNum: VOYAGE, seq: 1, destinationBranchCode: "VUD", estimatedTimeArrival: new Date("2026-07-03T00:00:00Z") },
    { voyageNum: OTHER_VOYAGE, seq: 1, destinationBranchCode: "VUD", estimatedTimeArrival: new Date("2026-07-05T00:00:00Z") },
  ]);
  // clerk records the updates; the two followers hold the Voyage menu at the voyage's ends; "elsewhere" holds
  // it at a branch the voyage never calls at; "sales" sits at the origin without the Voyage menu.
  const people: [string, Grant[], string][] = [
    ["clerk", ["VOYAGE"], "VUO"],
    ["atOrigin", ["VOYAGE"], "VUO"],
    ["atDestination", ["VOYAGE"], "VUD"],
    ["elsewhere", ["VOYAGE"], "VUX"],
    ["sales", ["SALESQUOTATION"], "VUO"],
  ];
  for (const [who, grants, branch] of people) {
    const user = await createUser(db, { userId: `vu-${who}`, password: "vu-password-123", menus: grants });
    await db.insert(userBranches).values({ userKey: user.id, branchId: branchIds[branch], defaultBranch: true });
    tokens[who] = await signIn(t, `vu-${who}`, "vu-password-123");
  }
});
afterAll(() => handle?.close());

let header: { id: number; vuid: string };

describe("permission", () => {
  it("answers 403 on every vessel update call to a role without the Voyage menu", async () => {
    const calls: [string, string, unknown?][] = [
      ["POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { skip: 0, take: 20 }],
      ["GET", "/VesselUpdates/getVesselHeaderDetails/1"],
      ["POST", "/VesselUpdates/CreateVesselHeader", { vesselCode: "VUV1", voyageNum: VOYAGE, remarks: "" }],
      ["POST", "/VesselUpdates/CreateVesselDetails", { vuid: "VU-VUO-2026-000001", details: [detail()] }],
      ["PUT", "/VesselUpdates/updateVesselDetails/1", detail()],
      ["DELETE", "/VesselUpdates/deleteDetails/1"],
      ["DELETE", "/VesselUpdates/delete", [1]],
    ];
    for (const [method, path, body] of calls) {
      const res = await as("sales", method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await expectErrorBody(res)).message).toContain("Your role does not have");
    }
    expect(await snapshot()).toEqual({ headers: 0, details: 0, notices: 0 });
  });
});

describe("headers", () => {
  it("lists nothing at first, with the empty-list message", async () => {
    const res = await as("clerk", "POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { skip: 0, take: 20 });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: [], total: 0, message: "No data found" });
  });

  it("refuses an unknown vessel, an unknown voyage and another vessel's voyage, writing nothing", async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ vesselCode: "NOPE", voyageNum: VOYAGE }, "vesselCode", "Vessel NOPE does not exist"],
      [{ vesselCode: "VUV1", voyageNum: "VOY-NONE" }, "voyageNum", "Voyage VOY-NONE does not exist"],
      [{ vesselCode: "VUV1", voyageNum: OTHER_VOYAGE }, "voyageNum", `Voyage ${OTHER_VOYAGE} is sailed by vessel VUV2, not VUV1`],
    ];
    for (const [body, field, text] of refusals) {
      const res = await as("clerk", "POST", "/VesselUpdates/CreateVesselHeader", { ...body, remarks: "" });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await expectErrorBody(res);
      expect(error.message).toContain(text);
      expect(error.errors[field]).toEqual([text]);
    }
    const missing = await as("clerk", "POST", "/VesselUpdates/CreateVesselHeader", { voyageNum: VOYAGE });
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.vesselCode).toEqual(["Vessel is required"]);
    expect(await snapshot()).toEqual({ headers: 0, details: 0, notices: 0 });
  });

  it("creates one header per vessel and voyage, numbered from the origin branch's VU series", async () => {
    const res = await as("clerk", "POST", "/VesselUpdates/CreateVesselHeader", { vesselCode: "vuv1", voyageNum: VOYAGE, remarks: "Northbound" });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.vuid).toMatch(/^VU-VUO-\d{4}-000001$/);
    expect(body.message).toBe(`Vessel update ${body.data.vuid} created`);
    expect(body.data).toMatchObject({
      vesselCode: "VUV1", vesselName: "MV Lading Star", voyageNum: VOYAGE, voyageRef: "V-118N", remarks: "Northbound", userCreated: "vu-clerk", details: [],
    });
    header = body.data;

    const again = await as("clerk", "POST", "/VesselUpdates/CreateVesselHeader", { vesselCode: "VUV1", voyageNum: VOYAGE, remarks: "" });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toContain(header.vuid);
    expect(await headerCount()).toBe(1);
  });
});

describe("details", () => {
  const add = (details: unknown[], vuid = header.vuid) => as("clerk", "POST", "/VesselUpdates/CreateVesselDetails", { vuid, details });

  it("refuses an activity that is not of its status, naming the allowed ones", async () => {
    const res = await add([detail({ vesselStatus: "In Transit", activity: "Loading" })]);
    expect(res.status).toBe(400);
    const error = await expectErrorBody(res);
    expect(error.errors["details.0.activity"][0]).toBe("Loading is not an activity of In Transit; choose one of In Transit, Repair, Shelter");
    expect(error.errors[""][0]).toContain("choose one of In Transit, Repair, Shelter");
    const status = await add([detail({ vesselStatus: "Sailing" })]);
    expect(status.status).toBe(400);
    expect((await expectErrorBody(status)).errors["details.0.vesselStatus"][0]).toContain("Docking, In Transit, Anchorage, Drydocking");
    expect(await snapshot()).toEqual({ headers: 1, details: 0, notices: 0 });
  });

  it("refuses an ATD before the ATA, bad dates, an unknown branch, an unknown vuid and an empty list; all or nothing", async () => {
    const cases: [unknown[], number, string][] = [
      [[detail({ actualTimeArrival: "2026-07-01T10:00:00+08:00", actualTimeDeparture: "2026-07-01T09:59:00+08:00" })], 400, "ATD cannot be before ATA"],
      [[detail(), detail({ activityAt: "yesterday" })], 400, "Activity date and time must be a date and time"],
      [[detail(), detail({ branchCode: "ZZZ" })], 400, "Branch ZZZ does not exist (detail 2 of those sent)"],
      [[], 400, "Add at least one detail"],
    ];
    for (const [details, status, text] of cases) {
      const res = await add(details);
      expect(res.status, text).toBe(status);
      expect(JSON.stringify(await expectErrorBody(res))).toContain(text);
    }
    const unknown = await add([detail()], "VU-NOWHERE");
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toContain("VU-NOWHERE");
    expect(await snapshot()).toEqual({ headers: 1, details: 0, notices: 0 });
  });

  it("adds activities, answers them in the order they happened, and notifies the voyage's followers only", async () => {
    const res = await add([
      detail({ vesselStatus: "In Transit", activity: "In Transit", activityAt: "2026-07-01T18:00:00+08:00", branchCode: null }),
      detail({ vesselStatus: "Docking", activity: "Loading", activityAt: "2026-07-01T06:00:00+08:00" }),
      detail({
        vesselStatus: "Docking", activity: "Awaiting Departure", activityAt: "2026-07-01T12:00:00+08:00",
        actualTimeArrival: "2026-07-01T05:00:00+08:00", actualTimeDeparture: "2026-07-01T13:00:00+08:00", remarks: "Cast off late",
      }),
    ]);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe(`Vessel update details added to ${header.vuid}`);
    expect(body.data.map((d: any) => d.activity)).toEqual(["Loading", "Awaiting Departure", "In Transit"]);

    const read = await json(await as("clerk", "GET", `/VesselUpdates/getVesselHeaderDetails/${header.id}`));
    // The read screen's address carries the vuid; the same call answers it.
    const byVuid = await json(await as("clerk", "GET", `/VesselUpdates/getVesselHeaderDetails/${header.vuid.toLowerCase()}`));
    expect(byVuid.data).toEqual(read.data);
    expect(read.data.vuid).toBe(header.vuid);
    expect(read.data.details.map((d: any) => [d.vesselStatus, d.activity, d.activityAt])).toEqual([
      ["Docking", "Loading", "2026-06-30T22:00:00.000Z"],
      ["Docking", "Awaiting Departure", "2026-07-01T04:00:00.000Z"],
      ["In Transit", "In Transit", "2026-07-01T10:00:00.000Z"],
    ]);
    expect(read.data.details[1]).toMatchObject({
      branchCode: "VUO", actualTimeArrival: "2026-06-30T21:00:00.000Z", actualTimeDeparture: "2026-07-01T05:00:00.000Z", remarks: "Cast off late",
    });
    expect(read.data.details[2].branchCode).toBeNull();

    const notes = await handle.db.select().from(notifications).where(eq(notifications.title, "Vessel Updates"));
    expect(notes.map((n) => n.userId).sort()).toEqual(["vu-atDestination", "vu-atOrigin"]);
    for (const note of notes) {
      expect(note.sender).toBe("vu-clerk");
      expect(note.url).toBe(`/voyage/vessel_updates/read/${header.vuid}`);
      expect(note.message).toBe(
        `MV Lading Star on voyage V-118N (${VOYAGE}): Docking - Loading at VUO; Docking - Awaiting Departure at VUO; In Transit - In Transit.`,
      );
    }
  });

  it("lists the header with the vessel's name, voyage reference, latest activity and detail count; searches and filters", async () => {
    const list = await json(await as("clerk", "POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { skip: 0, take: 20 }));
    expect(list.total).toBe(1);
    expect(list.message).toBeUndefined();
    expect(list.data[0]).toMatchObject({
      vuid: header.vuid, vesselName: "MV Lading Star", voyageRef: "V-118N", detailCount: 3,
      lastActivity: { vesselStatus: "In Transit", activity: "In Transit", activityAt: "2026-07-01T10:00:00.000Z" },
    });
    const found = await json(await as("clerk", "POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { skip: 0, take: 20, search: "lading star" }));
    expect(found.data.map((h: any) => h.vuid)).toEqual([header.vuid]);
    const byVoyage = await json(await as("clerk", "POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { voyageNum: VOYAGE.toLowerCase() }));
    expect(byVoyage.total).toBe(1);
    const other = await json(await as("clerk", "POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { skip: 0, take: 20, vesselCode: "VUV2" }));
    expect(other).toEqual({ data: [], total: 0, message: "No data found" });
    const bad = await as("clerk", "POST", "/VesselUpdates/loadVesselUpdateHeaderV1", { skip: -1, take: 500 });
    expect(bad.status).toBe(400);
    const errors = (await expectErrorBody(bad)).errors;
    expect(errors.skip).toEqual(["skip cannot be negative"]);
    expect(errors.take).toEqual(["take can be at most 200"]);
    expect((await as("clerk", "GET", "/VesselUpdates/getVesselHeaderDetails/999999")).status).toBe(404);
  });

  it("updates one detail under the same rules, and refuses a stale edit", async () => {
    const details = (await json(await as("clerk", "GET", `/VesselUpdates/getVesselHeaderDetails/${header.id}`))).data.details;
    const first = details[0];
    const before = await handle.db.select().from(vesselUpdateDetails).where(eq(vesselUpdateDetails.id, first.id));
    const refusals: [Record<string, unknown>, string][] = [
      [detail({ vesselStatus: "Anchorage", activity: "Loading" }), "choose one of For Loading, For Unloading, Repair"],
      [detail({ actualTimeArrival: "2026-07-02T00:00:00Z", actualTimeDeparture: "2026-07-01T00:00:00Z" }), "ATD cannot be before ATA"],
      [detail({ branchCode: "ZZZ" }), "Branch ZZZ does not exist"],
    ];
    for (const [body, text] of refusals) {
      const res = await as("clerk", "PUT", `/VesselUpdates/updateVesselDetails/${first.id}`, body);
      expect(res.status, text).toBe(400);
      expect(JSON.stringify(await expectErrorBody(res))).toContain(text);
    }
    expect(await handle.db.select().from(vesselUpdateDetails).where(eq(vesselUpdateDetails.id, first.id))).toEqual(before);

    // Moved to the evening, the first activity becomes the last.
    const res = await as("clerk", "PUT", `/VesselUpdates/updateVesselDetails/${first.id}`, {
      ...detail({ vesselStatus: "Anchorage", activity: "Waiting Berthing Window", activityAt: "2026-07-02T20:00:00+08:00", branchCode: "VUD" }),
      dateModified: first.dateModified,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe(`Vessel update details of ${header.vuid} updated`);
    expect(body.data).toMatchObject({ activity: "Waiting Berthing Window", branchCode: "VUD", userModified: "vu-clerk" });
    const after = (await json(await as("clerk", "GET", `/VesselUpdates/getVesselHeaderDetails/${header.id}`))).data.details;
    expect(after.map((d: any) => d.id)).toEqual([details[1].id, details[2].id, first.id]);

    const stale = await as("clerk", "PUT", `/VesselUpdates/updateVesselDetails/${first.id}`, { ...detail(), dateModified: first.dateModified });
    expect(stale.status).toBe(409);
    expect((await json(await as("clerk", "GET", `/VesselUpdates/getVesselHeaderDetails/${header.id}`))).data.details.at(-1).activity)
      .toBe("Waiting Berthing Window");
    expect((await as("clerk", "PUT", "/VesselUpdates/updateVesselDetails/999999", detail())).status).toBe(404);
    // Editing does not announce anything new.
    expect(await noticeCount()).toBe(2);
  });

  it("deletes one detail", async () => {
    const details = (await json(await as("clerk", "GET", `/VesselUpdates/getVesselHeaderDetails/${header.id}`))).data.details;
    const res = await as("clerk", "DELETE", `/VesselUpdates/deleteDetails/${details[0].id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(`Vessel update detail deleted from ${header.vuid}`);
    expect(await detailCount()).toBe(2);
    expect((await as("clerk", "DELETE", `/VesselUpdates/deleteDetails/${details[0].id}`)).status).toBe(404);
    expect(await detailCount()).toBe(2);
  });
});

describe("removing headers", () => {
  it("refuses a list with an unknown id and removes nothing, then removes headers with their details", async () => {
    const second = await json(await as("clerk", "POST", "/VesselUpdates/CreateVesselHeader", { vesselCode: "VUV2", voyageNum: OTHER_VOYAGE, remarks: "" }));
    expect(second.data.vuid).toMatch(/^VU-VUO-\d{4}-000002$/);

    const unknown = await as("clerk", "DELETE", "/VesselUpdates/delete", [header.id, 999999]);
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toContain("999999");
    expect(await snapshot()).toEqual({ headers: 2, details: 2, notices: 2 });
    const empty = await as("clerk", "DELETE", "/VesselUpdates/delete", []);
    expect(empty.status).toBe(400);

    const res = await as("clerk", "DELETE", "/VesselUpdates/delete", { ids: [header.id] });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { vuids: [header.vuid] }, message: `Vessel update ${header.vuid} deleted` });
    expect(await handle.db.select().from(vesselUpdateDetails).where(eq(vesselUpdateDetails.vuid, header.vuid))).toEqual([]);
    const left = await handle.db.select({ vuid: vesselUpdateHeaders.vuid }).from(vesselUpdateHeaders)
      .where(and(inArray(vesselUpdateHeaders.id, [header.id, second.data.id])));
    expect(left).toEqual([{ vuid: second.data.vuid }]);
    // The pair is free again: a new header for it takes the next number.
    const reopened = await as("clerk", "POST", "/VesselUpdates/CreateVesselHeader", { vesselCode: "VUV1", voyageNum: VOYAGE, remarks: "" });
    expect(reopened.status).toBe(201);
    expect((await json(reopened)).data.vuid).toMatch(/^VU-VUO-\d{4}-000003$/);
  });
});
