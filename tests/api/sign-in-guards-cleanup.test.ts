import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authJobs, GUARD_CLEANUP_JOB } from "../../api/modules/auth/jobs.ts";
import { moduleJobs } from "../../api/modules/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { signInAddressGuards, signInGuards } from "../../db/schema/index.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The sign-in guards (tries per user id, tries per address) keep a row per id or address tried. The daily
 * clean-up forgets those quiet for a day, and only those: a running count, a lock still running or one that
 * ended less than a day ago stays.
 */

let handle: DatabaseHandle;
let t: TestApp;
const NOW = new Date("2026-11-25T19:40:00.000Z"); // 03:40 in Manila, when the job's occurrence falls
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
});
afterAll(() => handle?.close());

describe("the sign-in guards clean-up", () => {
  it("is one of the scheduled jobs", () => {
    expect(moduleJobs.filter((job) => job.name === GUARD_CLEANUP_JOB).map((job) => [job.cron, job.summary]))
      .toEqual([["40 3 * * *", "Forget sign-in guards of user ids and addresses quiet for a day"]]);
  });

  it("forgets the ids and addresses quiet for a day, and keeps every count and lock that still matters", async () => {
    await handle.db.insert(signInGuards).values([
      { accountKey: "quiet.three.days", failures: 2, windowStart: ago(72), lockedUntil: null },
      { accountKey: "lock.ended.two.days.ago", failures: 10, windowStart: ago(72), lockedUntil: ago(48), lockLevel: 3 },
      { accountKey: "lock.ended.an.hour.ago", failures: 10, windowStart: ago(30), lockedUntil: ago(1), lockLevel: 2 },
      { accountKey: "locked.still", failures: 10, windowStart: ago(40), lockedUntil: new Date(NOW.getTime() + 5 * HOUR), lockLevel: 6 },
      { accountKey: "tried.an.hour.ago", failures: 4, windowStart: ago(1), lockedUntil: null },
      { accountKey: "tried.23.hours.ago", failures: 1, windowStart: ago(23), lockedUntil: null },
    ]);
    await handle.db.insert(signInAddressGuards).values([
      { address: "203.0.113.7", failures: 3, windowStart: ago(30), blockedUntil: null },
      { address: "203.0.113.8", failures: 30, windowStart: ago(50), blockedUntil: ago(49) },
      { address: "2001:db8:1:2::/64", failures: 30, windowStart: ago(2), blockedUntil: ago(1) },
      { address: "198.51.100.20", failures: 1, windowStart: ago(5), blockedUntil: null },
    ]);

    const [job] = authJobs;
    const account = await job.run(handle.db, { occurrence: NOW, runner: "test", log: () => {} });
    expect(account).toEqual({ accounts: 2, addresses: 2 });

    const accounts = await handle.db.select({ key: signInGuards.accountKey, level: signInGuards.lockLevel }).from(signInGuards).orderBy(asc(signInGuards.accountKey));
    expect(accounts).toEqual([
      { key: "lock.ended.an.hour.ago", level: 2 },
      { key: "locked.still", level: 6 },
      { key: "tried.23.hours.ago", level: 0 },
      { key: "tried.an.hour.ago", level: 0 },
    ]);
    const addresses = await handle.db.select({ address: signInAddressGuards.address }).from(signInAddressGuards).orderBy(asc(signInAddressGuards.address));
    expect(addresses.map((a) => a.address)).toEqual(["198.51.100.20", "2001:db8:1:2::/64"]);

    // Run again at once: nothing more is quiet.
    expect(await job.run(handle.db, { occurrence: NOW, runner: "test", log: () => {} })).toEqual({ accounts: 0, addresses: 0 });
  });

  it("leaves a locked user id locked: the API still refuses it after the clean-up", async () => {
    await handle.db.insert(signInGuards).values({ accountKey: "nobody.here", failures: 10, windowStart: ago(0), lockedUntil: new Date(Date.now() + HOUR), lockLevel: 1 });
    await authJobs[0].run(handle.db, { occurrence: new Date(), runner: "test", log: () => {} });
    const res = await t.call("POST", "/api/users/authenticate", { body: { userId: "nobody.here", password: "wrong-password-1" } });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Too many failed sign-ins. Try again later or reset your password.");
  });
});
