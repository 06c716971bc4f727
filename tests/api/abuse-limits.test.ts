import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "../../api/modules/auth/address-limit.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, signInAddressGuards, signInGuards } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
/** The same app with a lower limit per address, where a test is about how the count works rather than its size. */
let small: TestApp;
let auditorToken: string;

const WRONG = { message: "Invalid user id or password.", errors: { "": [] } };
const LOCKED = { message: "Too many failed sign-ins. Try again later or reset your password.", errors: { "": [] } };
const blockedBody = (minutes: number) => ({
  message: `Too many failed sign-ins from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  errors: { "": [] },
});

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  small = makeTestApp(handle.db, { signInAddressAttempts: 5 });
  await createUser(handle.db, { userId: "office-clerk", password: "office-clerk-password", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "sprayed-real", password: "sprayed-real-password", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "locked-one", password: "locked-one-password", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "abuse-auditor", password: "abuse-auditor-password", menus: ["SYSTEMACCOUNT"] });
  auditorToken = await signIn(t, "abuse-auditor", "abuse-auditor-password");
});
afterAll(() => handle?.close());

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
  cookie: string | null;
}

async function attempt(address: string, userId: string, password: string, app = t): Promise<Answer> {
  const res = await app.call("POST", "/api/users/authenticate", { body: { userId, password }, headers: { "x-forwarded-for": address } });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after"), cookie: res.headers.get("set-cookie") };
}

const guardOf = async (address: string) =>
  (await handle.db.select().from(signInAddressGuards).where(eq(signInAddressGuards.address, address)))[0];

const auditRows = (action: string, where = sql`true`) =>
  handle.db.select().from(auditLog).where(and(eq(auditLog.action, action), where)).orderBy(auditLog.id);

describe("sign-in limit per client address (password spraying)", () => {
  it("refuses an address after 30 wrong passwords on 40 distinct user ids, with Retry-After; other addresses are not slowed", async () => {
    const sprayer = "198.51.100.7";
    const answers: Answer[] = [];
    for (let i = 0; i < 40; i++) {
      // One of the sprayed user ids is real: its answer looks like every other one.
      const userId = i === 35 ? "sprayed-real" : `spray-${i}`;
      answers.push(await attempt(sprayer, userId, "Summer2026!"));
    }
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(401));
    for (const a of answers.slice(0, 30)) expect(a).toEqual({ status: 401, body: WRONG, retryAfter: null, cookie: null });

    const refused = answers.slice(30);
    expect(refused.map((a) => a.status)).toEqual(Array(10).fill(429));
    const guard = await guardOf(sprayer);
    const remaining = (guard.blockedUntil!.getTime() - Date.now()) / 1000;
    // The block lasts one window, 15 minutes, from the 31st try.
    expect(remaining).toBeGreaterThan(14 * 60);
    expect(remaining).toBeLessThanOrEqual(15 * 60);
    for (const a of refused) {
      expect(a.body).toEqual(blockedBody(15));
      expect(a.cookie).toBeNull();
      expect(a.retryAfter).toMatch(/^\d+$/);
      // Whole seconds to the end of the block, rounded up, as the database saw it when it answered.
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(Math.floor(remaining));
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(15 * 60);
    }

    // Blocked, the right password of a real user from that address is refused too: no password is checked.
    const right = await attempt(sprayer, "sprayed-real", "sprayed-real-password");
    expect(right.status).toBe(429);
    expect(right.body).toEqual(blockedBody(15));

    // Another address is not slowed: a wrong password is a plain 401, and the right one signs in.
    expect(await attempt("198.51.100.8", "spray-41", "Summer2026!")).toEqual({ status: 401, body: WRONG, retryAfter: null, cookie: null });
    const clean = await attempt("192.0.2.44", "sprayed-real", "sprayed-real-password");
    expect(clean.status).toBe(200);
    expect(clean.cookie).toMatch(/lading_session=/);

    // The block and the refusals are audited: one row for the block, one row counting the 11 refusals.
    const blocks = await auditRows("ADDRESS_BLOCKED", eq(auditLog.address, sprayer));
    expect(blocks.map((r) => ({ actor: r.actor, target: r.target, repeats: r.repeats }))).toEqual([{ actor: null, target: `address:${sprayer}`, repeats: 1 }]);
    const throttled = await auditRows("SIGN_IN_THROTTLED", eq(auditLog.address, sprayer));
    expect(throttled.map((r) => ({ actor: r.actor, target: r.target, repeats: r.repeats }))).toEqual([{ actor: null, target: `address:${sprayer}`, repeats: 11 }]);
    // No sprayed user id is locked by it: each failed once.
    const [{ worst }] = await handle.db.select({ worst: sql<number>`max(${signInGuards.failures})` }).from(signInGuards)
      .where(sql`${signInGuards.accountKey} like 'spray-%' or ${signInGuards.accountKey} = 'sprayed-real'`);
    expect(worst).toBe(1);
  });

  it("says in minutes when to come back, and lets the address in once the block has ended", async () => {
    const sprayer = "198.51.100.20";
    for (let i = 0; i < 5; i++) expect((await attempt(sprayer, `later-${i}`, "Winter2026!", small)).status).toBe(401);
    expect((await attempt(sprayer, "later-5", "Winter2026!", small)).body).toEqual(blockedBody(15));

    await handle.db.update(signInAddressGuards).set({ blockedUntil: sql`now() + interval '299 seconds'` }).where(eq(signInAddressGuards.address, sprayer));
    const fiveMinutes = await attempt(sprayer, "later-31", "Winter2026!");
    expect(fiveMinutes.status).toBe(429);
    expect(fiveMinutes.body).toEqual(blockedBody(5));
    expect(Number(fiveMinutes.retryAfter)).toBeGreaterThanOrEqual(297);
    expect(Number(fiveMinutes.retryAfter)).toBeLessThanOrEqual(299);

    await handle.db.update(signInAddressGuards).set({ blockedUntil: sql`now() + interval '40 seconds'` }).where(eq(signInAddressGuards.address, sprayer));
    expect((await attempt(sprayer, "later-32", "Winter2026!")).body).toEqual(blockedBody(1));

    // The block ends: the address starts a new run.
    await handle.db.update(signInAddressGuards).set({ blockedUntil: sql`now() - interval '1 second'` }).where(eq(signInAddressGuards.address, sprayer));
    expect(await attempt(sprayer, "later-33", "Winter2026!")).toEqual({ status: 401, body: WRONG, retryAfter: null, cookie: null });
    expect((await guardOf(sprayer)).failures).toBe(1);
    expect((await guardOf(sprayer)).blockedUntil).toBeNull();
  });

  it("a shared office address: successful sign-ins never count, so 29 typos and many sign-ins leave room for one more typo", async () => {
    const office = "203.0.113.50";
    for (let i = 0; i < 3; i++) expect((await attempt(office, `colleague-${i}`, "typo")).status).toBe(401);
    // As if 26 more colleagues had mistyped in the same quarter hour.
    await handle.db.update(signInAddressGuards).set({ failures: 29 }).where(eq(signInAddressGuards.address, office));
    for (let i = 0; i < 3; i++) {
      const ok = await attempt(office, "office-clerk", "office-clerk-password");
      expect(ok.status).toBe(200);
      expect(ok.cookie).toMatch(/lading_session=/);
    }
    expect((await guardOf(office)).failures).toBe(29);
    expect(await attempt(office, "colleague-29", "typo")).toEqual({ status: 401, body: WRONG, retryAfter: null, cookie: null });
    expect((await attempt(office, "colleague-30", "typo")).status).toBe(429);
  });

  it("counts a window from the first failure: failures older than the window start a new run", async () => {
    const office = "203.0.113.60";
    for (let i = 0; i < 4; i++) expect((await attempt(office, `slow-${i}`, "typo", small)).status).toBe(401);
    await handle.db.update(signInAddressGuards).set({ windowStart: sql`now() - interval '15 minutes 1 second'` }).where(eq(signInAddressGuards.address, office));
    for (let i = 0; i < 5; i++) expect((await attempt(office, `slow-again-${i}`, "typo", small)).status).toBe(401);
    expect((await guardOf(office)).failures).toBe(5);
    expect((await attempt(office, "slow-again-5", "typo", small)).status).toBe(429);
  });

  it("holds when the tries of one address run in parallel: exactly the limit reach the password check", async () => {
    const burst = "198.51.100.99";
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(burst, `burst-${i}`, "Autumn2026!", small)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    for (const a of answers.filter((x) => x.status === 429)) expect(a.body).toEqual(blockedBody(15));
  });

  it("counts an IPv6 client by its /64 network, and IPv4 written as IPv6 as IPv4", () => {
    expect(addressKey("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:0db8:00aa:00bb:ffff::9")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("[2001:db8:aa:bb::1]")).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey(null)).toBe("unknown");
  });

  it("two addresses of one IPv6 /64 share one count", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(`2001:db8:5:6::${(i + 1).toString(16)}`, `v6-${i}`, "typo", small)).status).toBe(401);
    const next = await attempt("2001:db8:5:6:ffff:ffff:ffff:ffff", "v6-5", "typo", small);
    expect(next.status).toBe(429);
    expect((await attempt("2001:db8:5:7::1", "v6-6", "typo", small)).status).toBe(401);
  });
});

describe("repeated refusals in the audit log", () => {
  it("locked sign-ins repeated 25 times, in parallel, leave exactly one audit row with repeats 25; the address keeps its room", async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < 10; i++) expect((await attempt(address, "locked-one", `wrong-${i}`)).status).toBe(401);
    const refused = await Promise.all(Array.from({ length: 25 }, () => attempt(address, "locked-one", "locked-one-password")));
    for (const a of refused) expect(a).toEqual({ status: 429, body: LOCKED, retryAfter: null, cookie: null });

    const rows = await auditRows("SIGN_IN_LOCKED", eq(auditLog.actor, "locked-one"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "locked-one", target: "user:locked-one", address, repeats: 25 });
    expect(rows[0].lastAt!.getTime()).toBeGreaterThanOrEqual(rows[0].at.getTime());

    // A locked user id checks no password, so those tries took no room of the address: the count is the 10
    // wrong passwords, and (with the count moved on to 29) the 30th failure is still answered as usual.
    expect((await guardOf(address)).failures).toBe(10);
    await handle.db.update(signInAddressGuards).set({ failures: 29 }).where(eq(signInAddressGuards.address, address));
    expect((await attempt(address, "after-lock-29", "typo")).status).toBe(401);
    expect((await attempt(address, "after-lock-30", "typo")).status).toBe(429);

    // The audit screen's answer carries the count and the latest time.
    const res = await t.call("GET", "/api/audit/load?action=SIGN_IN_LOCKED&search=locked-one", { token: auditorToken });
    expect(res.status).toBe(200);
    const page = await res.json() as { data: { actor: string; repeats: number; lastAt: string | null; at: string }[]; total: number };
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ actor: "locked-one", repeats: 25, lastAt: rows[0].lastAt!.toISOString(), at: rows[0].at.toISOString() });
  });

  it("starts a new row once the hour of the first one has passed, and keeps rows of other addresses apart", async () => {
    const address = "192.0.2.78";
    await attempt(address, "locked-one", "locked-one-password");
    await attempt(address, "locked-one", "locked-one-password");
    const [first] = await auditRows("SIGN_IN_LOCKED", and(eq(auditLog.actor, "locked-one"), eq(auditLog.address, address)));
    expect(first.repeats).toBe(2);

    await handle.db.update(auditLog).set({ at: sql`now() - interval '61 minutes'` }).where(eq(auditLog.id, first.id));
    await attempt(address, "locked-one", "locked-one-password");
    const rows = await auditRows("SIGN_IN_LOCKED", and(eq(auditLog.actor, "locked-one"), eq(auditLog.address, address)));
    expect(rows.map((r) => r.repeats)).toEqual([2, 1]);
    expect(rows[1].lastAt).toBeNull();
    const [other] = await auditRows("SIGN_IN_LOCKED", and(eq(auditLog.actor, "locked-one"), eq(auditLog.address, "192.0.2.77")));
    expect(other.repeats).toBe(25);

    // A row that happened once reads repeats 1 and no latest time.
    const res = await t.call("GET", `/api/audit/load?action=SIGN_IN_LOCKED&search=locked-one&take=10`, { token: auditorToken });
    const page = await res.json() as { data: { address: string; repeats: number; lastAt: string | null }[] };
    expect(page.data.filter((r) => r.address === address).map((r) => [r.repeats, r.lastAt === null])).toEqual([[1, true], [2, false]]);
  });
});
