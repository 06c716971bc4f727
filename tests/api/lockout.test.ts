import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, signInGuards, users } from "../../db/schema/index.ts";
import { createUser, makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;

const WRONG = { message: "Invalid user id or password.", errors: { "": [] } };
const LOCKED = { message: "Too many failed sign-ins. Try again later or reset your password.", errors: { "": [] } };
const MINUTE = 60_000;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  for (const userId of ["victim", "victim2", "victim3"]) {
    await createUser(handle.db, { userId, password: `${userId}-right-password`, menus: ["MASTERDATA"] });
  }
});
afterAll(() => handle?.close());

interface Answer {
  status: number;
  body: unknown;
  cookie: string | null;
}

/** Every try comes from its own address, as a spread-out guessing run would. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
let addressCounter = 1;

async function attempt(userId: string, password: string): Promise<Answer> {
  const res = await t.call("POST", "/api/users/authenticate", {
    body: { userId, password },
    headers: { "x-forwarded-for": addressOf(addressCounter++) },
  });
  return { status: res.status, body: await res.json(), cookie: res.headers.get("set-cookie") };
}

/** `count` wrong passwords, `batch` of them in flight at a time. */
async function guess(userId: string, count: number, batch = 50): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    answers.push(...await Promise.all(Array.from({ length: size }, (_, i) => attempt(userId, `wrong-guess-${done + i}`))));
  }
  return answers;
}

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

const auditRows = (actor: string, action: string) =>
  handle.db.select().from(auditLog).where(and(eq(auditLog.actor, actor), eq(auditLog.action, action)));

const guardOf = async (userId: string) => (await handle.db.select().from(signInGuards).where(eq(signInGuards.accountKey, userId.toLowerCase())))[0];

/** Lets a running lock (and the failure run before it) end, as if the time had passed. */
async function expireLock(userId: string) {
  await handle.db.update(signInGuards)
    .set({ lockedUntil: sql`now() - interval '1 second'`, windowStart: sql`now() - interval '16 minutes'` })
    .where(eq(signInGuards.accountKey, userId.toLowerCase()));
}

/** Ten wrong passwords one after the other; answers how long the lock they start lasts, in ms. */
async function lockWithTenFailures(userId: string): Promise<number> {
  const before = Date.now();
  const answers: Answer[] = [];
  for (let i = 0; i < 10; i++) answers.push(await attempt(userId, `wrong-${i}`));
  const after = Date.now();
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
  const next = await attempt(userId, `${userId}-right-password`);
  expect(next.status).toBe(429);
  const guard = await guardOf(userId);
  const until = guard.lockedUntil!.getTime();
  // The lock started during the ten tries; its length, to the minute:
  return Math.round((until - (before + after) / 2) / MINUTE) * MINUTE;
}

describe("sign-in lockout", () => {
  it("locks an account after at most 10 of 1,000 wrong passwords from many addresses, and refuses the right one while locked", async () => {
    const known = await guess("victim", 1000);
    const unknown = await guess("nobody-such", 1000);

    for (const answers of [known, unknown]) {
      const counts = tally(answers);
      expect(counts[401]).toBeLessThanOrEqual(10);
      expect(counts[401]).toBeGreaterThan(0);
      expect(counts[429]).toBe(1000 - counts[401]);
      for (const a of answers) {
        expect(a.body).toEqual(a.status === 401 ? WRONG : LOCKED);
        expect(a.cookie).toBeNull();
      }
    }
    // A user id that does not exist is locked the same way, after as many failures.
    expect(tally(unknown)).toEqual(tally(known));

    const right = await attempt("victim", "victim-right-password");
    expect(right).toEqual({ status: 429, body: LOCKED, cookie: null });
    expect(await attempt("nobody-such", "victim-right-password")).toEqual(right);
    // The lock holds for every spelling of the user id.
    expect((await attempt(" VICTIM ", "victim-right-password")).status).toBe(429);

    const failures = await auditRows("victim", "SIGN_IN_FAILED");
    expect(failures).toHaveLength(tally(known)[401]);
    expect(failures.length).toBeLessThanOrEqual(10);
    for (const row of failures) expect(row.detail).toMatchObject({ reason: "bad-credentials" });
    const locks = await auditRows("victim", "ACCOUNT_LOCKED");
    expect(locks).toHaveLength(1);
    const until = new Date(locks[0].detail!.until as string).getTime();
    expect(until - locks[0].at.getTime()).toBeGreaterThan(14 * MINUTE);
    expect(until - locks[0].at.getTime()).toBeLessThanOrEqual(15 * MINUTE);
    const refused = await auditRows("victim", "SIGN_IN_LOCKED");
    expect(refused).toHaveLength(1000 - failures.length + 1);
    // Each row names the address the try came from.
    expect(new Set(refused.map((r) => r.address)).size).toBe(refused.length);
    expect(refused.every((r) => /^10\.\d+\.\d+\.\d+$/.test(r.address ?? ""))).toBe(true);

    const ghostLocks = await auditRows("nobody-such", "ACCOUNT_LOCKED");
    expect(ghostLocks).toHaveLength(1);
    expect(await auditRows("nobody-such", "SIGN_IN_FAILED")).toHaveLength(tally(unknown)[401]);
  });

  it("answers an unknown user id, and a user without a password yet, exactly as a known one at every step", async () => {
    await handle.db.insert(users).values({
      userId: "newcomer", name: "Not set up yet", email: "newcomer@example.test",
      roleId: (await handle.db.select({ roleId: users.roleId }).from(users).where(eq(users.userId, "victim2")))[0].roleId,
    });
    for (let step = 0; step < 13; step++) {
      const known = await attempt("victim2", `wrong-${step}`);
      const unknown = await attempt("ghost-two", `wrong-${step}`);
      const newcomer = await attempt("newcomer", `wrong-${step}`);
      expect(unknown, `step ${step}`).toEqual(known);
      expect(newcomer, `step ${step}`).toEqual(known);
      expect(known.status).toBe(step < 10 ? 401 : 429);
    }
    const right = await attempt("victim2", "victim2-right-password");
    expect(right).toEqual(await attempt("ghost-two", "victim2-right-password"));
    expect(right.status).toBe(429);
  });

  it("lets the right password in after the lock ends; locks in a row double up to 24 hours, and a sign-in starts them over", async () => {
    expect(await lockWithTenFailures("victim3")).toBe(15 * MINUTE);
    await expireLock("victim3");
    expect(await lockWithTenFailures("victim3")).toBe(30 * MINUTE);
    await expireLock("victim3");
    expect(await lockWithTenFailures("victim3")).toBe(60 * MINUTE);
    expect((await guardOf("victim3")).lockLevel).toBe(3);
    // However many locks came before, one lasts at most 24 hours.
    await handle.db.update(signInGuards).set({ lockLevel: 12 }).where(eq(signInGuards.accountKey, "victim3"));
    await expireLock("victim3");
    expect(await lockWithTenFailures("victim3")).toBe(24 * 60 * MINUTE);
    await expireLock("victim3");

    const right = await attempt("victim3", "victim3-right-password");
    expect(right.status).toBe(200);
    expect(right.cookie).toMatch(/lading_session=/);
    expect(await guardOf("victim3")).toBeUndefined();
    const signIns = await auditRows("victim3", "SIGN_IN");
    expect(signIns).toHaveLength(1);
    expect(signIns[0].address).toMatch(/^10\./);
    expect(await auditRows("victim3", "ACCOUNT_LOCKED")).toHaveLength(4);

    // After a successful sign-in the next lock is a first lock again.
    expect(await lockWithTenFailures("victim3")).toBe(15 * MINUTE);
  });

  it("a failure run starts over after a quiet window, so scattered typos do not lock", async () => {
    for (let i = 0; i < 9; i++) expect((await attempt("typo-prone", `wrong-${i}`)).status).toBe(401);
    await handle.db.update(signInGuards).set({ windowStart: sql`now() - interval '16 minutes'` }).where(eq(signInGuards.accountKey, "typo-prone"));
    for (let i = 0; i < 9; i++) expect((await attempt("typo-prone", `wrong-again-${i}`)).status).toBe(401);
    expect((await guardOf("typo-prone")).lockedUntil).toBeNull();
    expect((await attempt("typo-prone", "wrong-last")).status).toBe(401);
    expect((await attempt("typo-prone", "wrong-after")).status).toBe(429);
  });
});
