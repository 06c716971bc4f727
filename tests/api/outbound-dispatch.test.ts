import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstStart } from "../../api/modules/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, dispatchLists, emailOutbox, notifications, statusHistory, voyageSchedules } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Outbound dispatch lists (001 §4, §7; issue 22 item 7): the door pick-ups of a voyage at its origin, made as a
 * draft, sent to the branch's dispatch team (a notification each, an e-mail each through the outbox) with the
 * lines kept as sent, archived, and read back from the archive.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let year: number;
let doorRefs: string[];
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
async function call(who: string, method: string, path: string, body?: unknown) {
  const res = who in tokens ? await t.call(method, `/api${path}`, { token: tokens[who], body }) : await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

/** A confirmed batch of the given bookings on the world's voyage; answers their references. */
async function booked(list: Record<string, unknown>[], voyageNum = w.voyageNum): Promise<string[]> {
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum, customerCode: "PHT", remarks: "", bookings: list });
  expect(opened.status, JSON.stringify(await opened.clone().json())).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  return batch.bookings.map((b: any) => b.bookingRef);
}

/** A dispatch list's row as stored, to show a refusal changed nothing. */
const stored = async (dispatchNum: string) => (await handle.db.select().from(dispatchLists).where(eq(dispatchLists.dispatchNum, dispatchNum)))[0];
const outboxOf = async (dispatchNum: string) =>
  await handle.db.select().from(emailOutbox).where(sql`${emailOutbox.meta}->>'dispatchNum' = ${dispatchNum}`).orderBy(asc(emailOutbox.toAddress));

const DOOR = { ...DTD_BOOKING, pickUpDate: "2026-12-01", pickUpTime: "08:30", remarks: "Gate 2, ask for Mang Ben" };

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  // The Manila dispatch team: the yard clerk and a dispatcher. Cebu's outbound clerk and Manila's booking staff
  // are not on it.
  await createUser(handle.db, { userId: "dl-dispatcher", password: "dl-password-1", menus: ["OUTBOUND"], branches: ["MNL"] });
  await createUser(handle.db, { userId: "dl-cebu", password: "dl-password-1", menus: ["OUTBOUND"], branches: ["CEB"] });
  tokens.dispatcher = await signIn(t, "dl-dispatcher", "dl-password-1");
  tokens.cebu = await signIn(t, "dl-cebu", "dl-password-1");
  doorRefs = await booked([DOOR, { ...DOOR, pickUpTime: "13:00", remarks: "" }, PTP_BOOKING]);
  doorRefs = doorRefs.slice(0, 2);
  year = Number(w.voyageNum.split("-")[2]);
}, 120_000);
afterAll(() => handle?.close());

describe("a pick-up list", () => {
  let draft: any;
  let sent: any;

  it("offers the voyage's door bookings at its origin, not the port-to-port one", async () => {
    const res = await call("yard", "GET", `/OutBound/dispatch/preview?voyageNum=${w.voyageNum}`);
    expect(res.status).toBe(200);
    const line = {
      bookingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), customer: "Pacific Harbor Trading", destination: "Cebu",
      address: "12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106", modeOfDelivery: "DTD",
    };
    expect(res.body).toEqual({
      branchCode: "MNL",
      data: [
        { ...line, bookingRef: doorRefs[0], remarks: "Gate 2, ask for Mang Ben" },
        { ...line, bookingRef: doorRefs[1], remarks: "" },
      ],
    });
  });

  it("is made as a draft numbered from the branch's DL series, one draft at a time", async () => {
    const made = await call("yard", "POST", "/OutBound/dispatch/create", { voyageNum: w.voyageNum, remarks: "Morning run" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    draft = made.body.data;
    expect(made.body.message).toBe(`Dispatch list DL-MNL-${year}-000001 created successfully`);
    expect(draft).toMatchObject({
      dispatchNum: `DL-MNL-${year}-000001`, direction: "Outbound", status: "Draft", voyageNum: w.voyageNum, voyageRef: "V-201S",
      vesselName: "MV Lady of Manila", branchCode: "MNL", branchName: "Manila", remarks: "Morning run", dateSent: null, sentBy: null, userCreated: "bk-yard",
    });
    expect(draft.lines.map((l: any) => l.bookingRef)).toEqual(doorRefs);
    const again = await call("yard", "POST", "/OutBound/dispatch/create", { voyageNum: w.voyageNum });
    expect([again.status, again.body.message]).toEqual([409, `Voyage ${w.voyageNum} already has draft dispatch list DL-MNL-${year}-000001 at MNL; send that one.`]);
  });

  it("is not sent on a stale read, and nothing changes", async () => {
    const stale = await call("yard", "PUT", `/OutBound/dispatch/send/${draft.dispatchNum}`, { dateModified: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(`Dispatch list ${draft.dispatchNum} was changed by someone else after you opened it. Reload it and try again.`);
    const row = await stored(draft.dispatchNum);
    expect([row.status, row.lines, row.dateSent]).toEqual(["Draft", [], null]);
    expect(await outboxOf(draft.dispatchNum)).toEqual([]);
  });

  it("is sent to the branch's dispatch team: its lines kept, a notification and an e-mail each", async () => {
    const res = await call("yard", "PUT", `/OutBound/dispatch/send/${draft.dispatchNum}`, { dateModified: draft.dateModified, remarks: "Trucks leave at 7" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Dispatch list ${draft.dispatchNum} sent to the dispatch team of MNL; e-mailed to 2 people.`);
    sent = res.body.data;
    expect(sent).toMatchObject({ status: "Sent", sentBy: "bk-yard", remarks: "Trucks leave at 7" });
    expect(sent.dateSent).not.toBeNull();
    const row = await stored(draft.dispatchNum);
    expect(row.lines.map((l) => l.bookingRef)).toEqual(doorRefs);

    const mails = await outboxOf(draft.dispatchNum);
    expect(mails.map((m) => [m.toAddress, m.subject, m.requestedBy])).toEqual([
      ["bk-yard@example.test", `Pick-up list ${draft.dispatchNum}: voyage ${w.voyageNum} at MNL`, "bk-yard"],
      ["dl-dispatcher@example.test", `Pick-up list ${draft.dispatchNum}: voyage ${w.voyageNum} at MNL`, "bk-yard"],
    ]);
    const lines = mails[1].textBody.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "Hello User dl-dispatcher,",
      "",
      `Pick-up list ${draft.dispatchNum} of voyage ${w.voyageNum} (V-201S, MV Lady of Manila) at MNL: 2 door bookings.`,
      "Remarks: Trucks leave at 7",
      "",
    ]);
    expect(lines[5]).toBe(`1. ${doorRefs[0]}, booked ${sent.lines[0].bookingDate}: Pacific Harbor Trading, 12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106 (DTD, to Cebu). Gate 2, ask for Mang Ben`);
    expect(lines[6]).toBe(`2. ${doorRefs[1]}, booked ${sent.lines[1].bookingDate}: Pacific Harbor Trading, 12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106 (DTD, to Cebu)`);

    // The sender knows; the rest of the team is told. Nobody outside it is.
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Pick-up list sent"));
    expect(told.map((n) => [n.userId, n.sender, n.url, n.message])).toEqual([[
      "dl-dispatcher", "bk-yard", `/outbound/dispatchModule?dispatchNum=${draft.dispatchNum}`,
      `Pick-up list ${draft.dispatchNum} of voyage ${w.voyageNum} at MNL: 2 door bookings to handle.`,
    ]]);
    const history = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "dispatch-list"), eq(statusHistory.recordId, draft.id)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor])).toEqual([["send", "Draft", "Sent", "bk-yard"]]);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `dispatch-list:${draft.dispatchNum}`));
    expect(audit.map((a) => [a.action, (a.detail as any).before, (a.detail as any).after])).toEqual([["STATUS_CHANGED", { status: "Draft" }, { status: "Sent" }]]);
  });

  it("keeps the lines it was sent with when another door booking comes", async () => {
    const [later] = await booked([{ ...DOOR, pickUpTime: "17:00", remarks: "Booked after the list went" }]);
    const read = await call("dispatcher", "GET", `/OutBound/dispatch/get/${draft.dispatchNum}`);
    expect(read.body.data.lines.map((l: any) => l.bookingRef)).toEqual(doorRefs);
    const preview = await call("yard", "GET", `/OutBound/dispatch/preview?voyageNum=${w.voyageNum}`);
    expect(preview.body.data.map((l: any) => l.bookingRef)).toEqual([...doorRefs, later]);
    const twice = await call("yard", "PUT", `/OutBound/dispatch/send/${draft.dispatchNum}`, { dateModified: read.body.data.dateModified });
    expect([twice.status, twice.body.message]).toEqual([409, `Dispatch list ${draft.dispatchNum} is Sent; only a Draft list is sent.`]);
  });

  it("is archived once sent, leaves the lists in work and is read from the archive as it was sent", async () => {
    const next = (await call("yard", "POST", "/OutBound/dispatch/create", { voyageNum: w.voyageNum })).body.data;
    const early = await call("yard", "PUT", `/OutBound/dispatch/archive/${next.dispatchNum}`, { dateModified: next.dateModified });
    expect([early.status, early.body.message]).toEqual([409, "This dispatch list is Draft; it cannot be moved to Archived from there. Reload it to see its state."]);
    expect((await stored(next.dispatchNum)).status).toBe("Draft");

    const res = await call("dispatcher", "PUT", `/OutBound/dispatch/archive/${sent.dispatchNum}`, { dateModified: sent.dateModified });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Dispatch list ${sent.dispatchNum} archived successfully`);
    expect(res.body.data).toMatchObject({ status: "Archived", archivedBy: "dl-dispatcher" });

    const current = await call("yard", "POST", "/OutBound/dispatch/load", {});
    expect(current.body.data.map((d: any) => [d.dispatchNum, d.status])).toEqual([[next.dispatchNum, "Draft"]]);
    const archive = await call("yard", "POST", "/OutBound/dispatch/load", { view: "archive" });
    expect(archive.body.total).toBe(1);
    expect(archive.body.data.map((d: any) => [d.dispatchNum, d.status, d.remarks, d.lines.map((l: any) => l.bookingRef)]))
      .toEqual([[sent.dispatchNum, "Archived", "Trucks leave at 7", doorRefs]]);
    const byVoyage = await call("yard", "POST", "/OutBound/dispatch/load", { view: "archive", voyageNum: "VOY-MNL-1999-000001" });
    expect(byVoyage.body).toEqual({ data: [], total: 0, message: "No more data to load" });
  });
});

describe("refusals", () => {
  it("answers another branch's list as one that does not exist", async () => {
    const [list] = await handle.db.select().from(dispatchLists).orderBy(asc(dispatchLists.id)).limit(1);
    const foreign = await t.call("GET", `/api/OutBound/dispatch/get/${list.dispatchNum}`, { token: tokens.cebu });
    const missing = await t.call("GET", "/api/OutBound/dispatch/get/DL-MNL-1999-000001", { token: tokens.cebu });
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect((await expectErrorBody(foreign)).message).toBe(`Dispatch list ${list.dispatchNum} was not found.`);
    const archive = await call("cebu", "PUT", `/OutBound/dispatch/archive/${list.dispatchNum}`, { dateModified: list.dateModified.toISOString() });
    expect(archive.status).toBe(404);
    expect((await call("cebu", "POST", "/OutBound/dispatch/load", { view: "archive" })).body).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("makes a voyage's pick-up list at its origin only, and only for its staff", async () => {
    const elsewhere = await call("yard", "POST", "/OutBound/dispatch/create", { voyageNum: w.voyageNum, branchCode: "CEB" });
    expect([elsewhere.status, elsewhere.body.errors.branchCode]).toEqual([400, [`The pick-ups of voyage ${w.voyageNum} are dispatched from its origin, MNL.`]]);
    const outsider = await call("cebu", "POST", "/OutBound/dispatch/create", { voyageNum: w.voyageNum });
    expect([outsider.status, outsider.body.errors.voyageNum]).toEqual([400, [`You do not work for branch MNL, where the dispatch list of voyage ${w.voyageNum} is made.`]]);
    const unknown = await call("yard", "POST", "/OutBound/dispatch/create", { voyageNum: "VOY-MNL-1999-000001" });
    expect([unknown.status, unknown.body.errors.voyageNum]).toEqual([400, ["Voyage VOY-MNL-1999-000001 does not exist."]]);
  });

  it("refuses malformed input with the field named, and a list with no door booking to send", async () => {
    const noVoyage = await call("yard", "POST", "/OutBound/dispatch/create", {});
    expect([noVoyage.status, noVoyage.body.errors.voyageNum]).toEqual([400, ["voyageNum is required"]]);
    const noDate = await call("yard", "PUT", `/OutBound/dispatch/send/DL-MNL-${year}-000002`, { remarks: 7 });
    expect(noDate.status).toBe(400);
    expect(Object.keys(noDate.body.errors).sort()).toEqual(["", "dateModified", "remarks"]);
    const badView = await call("yard", "POST", "/OutBound/dispatch/load", { view: "everything" });
    expect([badView.status, badView.body.errors.view]).toEqual([400, ["view must be current or archive"]]);

    // A voyage with no door booking at all.
    const etd = new Date(Date.now() + 20 * 86_400_000);
    const other = (await json(await w.call("staff", "POST", "/VoyageSchedules/createcheduleV1", {
      voyageRef: "V-202S", vesselCode: "LADY", routeCode: "MNL-CEB", estimatedTimeDeparture: etd.toISOString(),
      destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: new Date(etd.getTime() + 86_400_000).toISOString() }],
    }))).data.voyageNum;
    const empty = (await call("yard", "POST", "/OutBound/dispatch/create", { voyageNum: other })).body.data;
    expect(empty.lines).toEqual([]);
    const nothing = await call("yard", "PUT", `/OutBound/dispatch/send/${empty.dispatchNum}`, { dateModified: empty.dateModified });
    expect([nothing.status, nothing.body.message]).toEqual([409, `Dispatch list ${empty.dispatchNum} has no door booking to send: voyage ${other} has none at MNL.`]);
    expect((await stored(empty.dispatchNum)).status).toBe("Draft");
  });
});

describe("the demo line", () => {
  let demo: DatabaseHandle;
  beforeAll(async () => {
    demo = await openTestDatabase();
    await firstStart(demo.db, { adminPassword: "dispatch-demo-admin-1", linkBase: "http://localhost:8000" });
  }, 60_000);
  afterAll(() => demo?.close());

  it("has a pick-up list of the open voyage archived after the first run, and one sent with the third booking", async () => {
    const [open] = await demo.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "DEMO-OPEN"));
    const lists = await demo.db.select().from(dispatchLists).where(eq(dispatchLists.voyageNum, open.voyageNum)).orderBy(asc(dispatchLists.id));
    expect(lists.map((l) => [l.status, l.direction, l.branchCode, l.sentBy, l.lines.length, l.lines.map((x) => x.modeOfDelivery)])).toEqual([
      ["Archived", "Outbound", "MNL", "demo.yard", 2, ["DTD", "DTD"]],
      ["Sent", "Outbound", "MNL", "demo.yard", 3, ["DTD", "DTD", "DTD"]],
    ]);
    expect(lists[1].lines.slice(0, 2)).toEqual(lists[0].lines);
  });
});
