import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";
import { sendNotification } from "../../api/modules/notifications/service.ts";
import { createRole, createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { eq } from "drizzle-orm";
import { userBranches } from "../../db/schema/users.ts";

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
let opsRole: string;

const json = (res: Response) => res.json() as Promise<any>;
const call = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  const admin = await createRole(db, ["SYSTEMACCOUNT"]);
  const ops = await createRole(db, ["OUTBOUND"]);
  opsRole = ops.roleId;
  const waiver = await createRole(db, ["WAIVER", "APPROVER"]);
  const sales = await createRole(db, ["SALESQUOTATION", "SQ_SBM"]);
  // A role of its own, so that nothing sent to a role reaches the user whose bell is counted.
  const bell = await createRole(db, ["OUTBOUND"]);
  const users: [string, number][] = [["n-admin", admin.id], ["n-ops1", ops.id], ["n-ops2", ops.id], ["n-approver", waiver.id], ["n-sbm", sales.id], ["n-sbm2", sales.id], ["n-bell", bell.id]];
  for (const [userId, roleKey] of users) {
    await createUser(db, { userId, password: "notify-password-1", roleKey });
    tokens[userId] = await signIn(t, userId, "notify-password-1");
  }
  // One sales branch manager works for Cebu only.
  const cebu = await ensureBranch(db, "NCEB", "Cebu");
  const sbm = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.userId, "n-sbm") }))!;
  await db.insert(userBranches).values({ userKey: sbm.id, branchId: cebu.id, defaultBranch: true });
});
afterAll(() => handle?.close());

/** Opens the caller's stream and collects its events until `until` says enough (or the time runs out). */
async function listen(
  who: string,
  until: (events: { event: string; id?: string; data: any }[]) => boolean,
  options: { headers?: Record<string, string>; waitMs?: number } = {},
) {
  const headers = options.headers ?? {};
  const res = await t.call("GET", "/api/Notifications/stream", { token: tokens[who], headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const events: { event: string; id?: string; data: any }[] = [];
  let buffer = "";
  const decoder = new TextDecoder();
  /** Reads until `stop` says enough or the wait is over; the events gather across calls. */
  const next = async (stop = until, waitMs = options.waitMs ?? 5_000) => {
    const deadline = Date.now() + waitMs;
    while (!stop(events) && Date.now() < deadline) {
      const { value, done } = await Promise.race([
        reader.read(),
        new Promise<{ value: undefined; done: true }>((r) => setTimeout(() => r({ value: undefined, done: true }), Math.max(0, deadline - Date.now()))),
      ]);
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const field = (name: string) => block.split("\n").find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        if (!field("data")) continue;
        events.push({ event: field("event") ?? "message", id: field("id"), data: JSON.parse(field("data")!) });
      }
    }
    return events;
  };
  return { next, close: () => reader.cancel() };
}

/**
 * What the page's bell shows after these events: the last unread count, plus one for each unread notification
 * sent after it (web/src/features/notifications/api/live.ts).
 */
function bellAfter(events: { event: string; data: any }[]): number | undefined {
  const at = events.findLastIndex((e) => e.event === "unread");
  if (at < 0) return undefined;
  return events[at].data.unread + events.slice(at + 1).filter((e) => e.event === "notification" && !e.data.isViewed).length;
}

/** Lets the event loop go round this many times. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

const unreadOfUser = async (who: string) => (await json(await call(who, "GET", "/notifications/unreadCount"))).data.unread as number;

describe("sending", () => {
  it("sends to every active user of a role and to named users, each with their own copy", async () => {
    const res = await call("n-admin", "POST", "/Notifications/CreateWebPush", {
      title: "Load List", message: "Voyage 12 load list is ready", url: "/outbound/loadList/12", roleId: opsRole, userIds: ["n-approver"],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Notification sent to 3 users");
    const rows = await handle.db.select().from(notifications);
    expect(rows.map((r) => r.userId).sort()).toEqual(["n-approver", "n-ops1", "n-ops2"]);
    expect(rows.every((r) => r.sender === "n-admin" && r.title === "Load List")).toBe(true);
  });

  it("refuses bad input with 400, a role with nobody in it, and callers without System Account", async () => {
    const before = (await handle.db.select().from(notifications)).length;
    const cases: [unknown, string][] = [
      [{ message: "x", roleId: opsRole }, "title"],
      [{ title: "T", message: "x" }, "roleId"],
      [{ title: "T", message: "x", roleId: opsRole, url: "https://elsewhere.example/phish" }, "url"],
      [{ title: "T", message: "x", roleId: "NO-SUCH-ROLE" }, "roleId"],
      [{ title: "T", message: "x", userIds: ["nobody-here"] }, "userIds"],
    ];
    for (const [body, field] of cases) {
      const res = await call("n-admin", "POST", "/Notifications/CreateWebPush", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await expectErrorBody(res)).errors[field], JSON.stringify(body)).toBeDefined();
    }
    const empty = await createRole(handle.db, ["INBOUND"]);
    const nobody = await call("n-admin", "POST", "/Notifications/CreateWebPush", { title: "T", message: "x", roleId: empty.roleId });
    expect(nobody.status).toBe(400);
    expect((await expectErrorBody(nobody)).message).toContain("has no active user");
    const denied = await call("n-ops1", "POST", "/Notifications/CreateWebPush", { title: "T", message: "x", roleId: opsRole });
    expect(denied.status).toBe(403);
    expect((await handle.db.select().from(notifications)).length).toBe(before);
  });

  it("tells the waiver approvers of waived charges, and the sales branch managers of a branch of a quotation", async () => {
    const waived = await call("n-approver", "POST", "/Notifications/CreateWaivedChargesLog", { wayBillRef: "WB-1", chargeCodes: ["009", "010"] });
    expect(waived.status).toBe(201);
    const [wv] = await handle.db.select().from(notifications).where(eq(notifications.title, "Waiver"));
    expect(wv).toMatchObject({ userId: "n-approver", message: "Waybill WB-1: charges 009, 010 waived.", url: "/waiver/draft" });
    expect((await call("n-approver", "POST", "/Notifications/CreateWaivedChargesLog", { wayBillRef: "WB-1", chargeCodes: [] })).status).toBe(400);

    const sq = await call("n-sbm", "POST", "/Notifications/createSQnotificationWithSBM", { sqRefNum: "SQ-7", branchCode: "NCEB" });
    expect(sq.status).toBe(201);
    const toSbm = await handle.db.select().from(notifications).where(eq(notifications.title, "Sales Quotation"));
    expect(toSbm.map((r) => r.userId)).toEqual(["n-sbm"]);
    const everyBranch = await json(await call("n-sbm", "POST", "/Notifications/createSQnotificationWithSBM", { sqRefNum: "SQ-8" }));
    expect(everyBranch.data.recipients).toBe(2);
    expect((await call("n-ops1", "POST", "/Notifications/createSQnotificationWithSBM", { sqRefNum: "SQ-8" })).status).toBe(403);
  });
});

describe("reading", () => {
  it("lists the caller's unread notifications and all of them a page at a time", async () => {
    const unread = await json(await call("n-ops1", "GET", "/Notifications/getDataMongoByRoleId"));
    expect(unread.data.map((r: any) => r.title)).toEqual(["Load List"]);
    await sendNotification(handle.db, { title: "Vessel Updates", message: "MV Pioneer arrived", sender: "system", userIds: ["n-ops1"] });
    const all = await json(await call("n-ops1", "GET", "/Notifications/getAllDataMongoByRoleId?skip=0&take=1"));
    expect(all.total).toBe(2);
    expect(all.data.map((r: any) => r.title)).toEqual(["Vessel Updates"]);
    const second = await json(await call("n-ops1", "GET", "/Notifications/getAllDataMongoByRoleId?skip=1&take=1"));
    expect(second.data.map((r: any) => r.title)).toEqual(["Load List"]);
    expect((await call("n-ops1", "GET", "/Notifications/getAllDataMongoByRoleId?take=500")).status).toBe(400);
  });

  it("refuses reading another user's or another role's notifications", async () => {
    const other = await call("n-ops1", "GET", "/Notifications/getDataMongoByRoleId?userId=n-ops2");
    expect(other.status).toBe(403);
    expect((await expectErrorBody(other)).message).toBe("You can only read your own notifications.");
    expect((await call("n-ops1", "GET", "/Notifications/getAllDataMongoByRoleId?roleId=ADMIN")).status).toBe(403);
    expect((await call("n-ops1", "GET", `/Notifications/getDataMongoByRoleId?userId=n-ops1&roleId=${opsRole}`)).status).toBe(200);
    expect((await t.call("GET", "/api/Notifications/getDataMongoByRoleId")).status).toBe(401);
  });

  it("marks one viewed (never another user's) and clears the rest", async () => {
    const mine = (await json(await call("n-ops2", "GET", "/Notifications/getDataMongoByRoleId"))).data[0];
    const theirs = (await json(await call("n-ops1", "GET", "/Notifications/getDataMongoByRoleId"))).data[0];
    expect((await call("n-ops2", "PUT", `/Notifications/updateIsViewed/${theirs.id}`)).status).toBe(404);
    const viewed = await call("n-ops2", "PUT", `/Notifications/updateIsViewed/${mine.id}`);
    expect(viewed.status).toBe(200);
    expect((await json(viewed)).data.isViewed).toBe(true);
    expect((await call("n-ops2", "PUT", "/Notifications/updateIsViewed/abc")).status).toBe(400);

    expect((await json(await call("n-ops1", "GET", "/notifications/unreadCount"))).data.unread).toBe(2);
    const cleared = await json(await call("n-ops1", "PUT", "/Notifications/clearAll"));
    expect(cleared.data.cleared).toBe(2);
    expect((await json(await call("n-ops1", "GET", "/Notifications/getDataMongoByRoleId"))).data).toEqual([]);
    expect((await json(await call("n-ops1", "GET", "/notifications/unreadCount"))).data.unread).toBe(0);
    // Another user's are untouched.
    expect((await json(await call("n-approver", "GET", "/notifications/unreadCount"))).data.unread).toBeGreaterThan(0);
  });
});

describe("the stream", () => {
  it("starts with the unread count and delivers a new notification as it is sent, to its recipient only", async () => {
    const ops2 = await listen("n-ops2", (e) => e.some((x) => x.event === "notification"));
    // Nothing is due to this one: a short wait shows nothing arrives.
    const approver = await listen("n-approver", (e) => e.some((x) => x.event === "notification"), { waitMs: 600 });
    await new Promise((r) => setTimeout(r, 100));
    const sent = await sendNotification(handle.db, { title: "Booking Changes", message: "BC-1 for approval", sender: "n-admin", userIds: ["n-ops2"] });
    const events = await ops2.next();
    expect(events[0]).toMatchObject({ event: "unread" });
    const delivered = events.find((e) => e.event === "notification")!;
    expect(delivered.id).toBe(String(sent[0].id));
    expect(delivered.data).toMatchObject({ title: "Booking Changes", message: "BC-1 for approval", userId: "n-ops2", isViewed: false });
    ops2.close();
    const others = await approver.next();
    expect(others.filter((e) => e.event === "notification")).toEqual([]);
    approver.close();
  });

  it("sends a reconnecting stream what it missed since its Last-Event-ID", async () => {
    const before = await sendNotification(handle.db, { title: "Waiver", message: "one", sender: "system", userIds: ["n-ops2"] });
    const missed = await sendNotification(handle.db, { title: "Waiver", message: "two", sender: "system", userIds: ["n-ops2"] });
    const again = await listen("n-ops2", (e) => e.some((x) => x.event === "notification"), { headers: { "Last-Event-ID": String(before[0].id) } });
    const events = (await again.next()).filter((e) => e.event === "notification");
    again.close();
    expect(events.map((e) => e.data.message)).toEqual(["two"]);
    expect(events[0].id).toBe(String(missed[0].id));
  });

  it("counts what a reconnecting stream missed once: the count comes after the catch-up and includes it", async () => {
    const last = await sendNotification(handle.db, { title: "Waiver", message: "three", sender: "system", userIds: ["n-ops2"] });
    await sendNotification(handle.db, { title: "Waiver", message: "four", sender: "system", userIds: ["n-ops2"] });
    const again = await listen("n-ops2", (e) => e.some((x) => x.event === "unread") && e.some((x) => x.event === "notification"), {
      headers: { "Last-Event-ID": String(last[0].id) },
    });
    const events = await again.next();
    again.close();
    expect(bellAfter(events)).toBe(await unreadOfUser("n-ops2"));
    expect(events.map((e) => e.event === "unread" ? "unread" : e.data.message)).toEqual(["four", "unread"]);
  });

  it("counts a notification sent while the stream opens once, whether the count or the live feed brings it", async () => {
    // Each round sends one as a stream opens, a little later each time (a turn of the event loop more), so that
    // some land before the stream listens, some between its listening and its count, and some after the count.
    for (let round = 0; round < 40; round++) {
      const expected = (await unreadOfUser("n-bell")) + 1;
      const [stream] = await Promise.all([
        listen("n-bell", (e) => (bellAfter(e) ?? 0) >= expected, { waitMs: 3_000 }),
        turns(round).then(() =>
          sendNotification(handle.db, { title: "Vessel Updates", message: `Round ${round}`, sender: "system", userIds: ["n-bell"] })
        ),
      ]);
      await stream.next();
      // A second copy would come right behind the first: give it the time to.
      const settled = await stream.next(() => false, 100);
      stream.close();
      expect(bellAfter(settled), `round ${round}`).toBe(expected);
    }
  });

  it("ends a stream at its next heartbeat once its session has ended", async () => {
    const quick = makeTestApp(handle.db, { streamHeartbeatMs: 150 });
    const own = await signIn(quick, "n-sbm2", "notify-password-1");
    const res = await quick.call("GET", "/api/Notifications/stream", { token: own });
    const reader = res.body!.getReader();
    await reader.read();
    expect((await quick.call("POST", "/api/Users/logOut", { token: own })).status).toBe(200);
    const ended = await Promise.race([
      (async () => {
        while (!(await reader.read()).done) { /* heartbeats until the check */ }
        return true;
      })(),
      new Promise<boolean>((r) => setTimeout(() => r(false), 3_000)),
    ]);
    expect(ended).toBe(true);
  });

  it("refuses a stream without a session", async () => {
    expect((await t.call("GET", "/api/Notifications/stream")).status).toBe(401);
  });
});
