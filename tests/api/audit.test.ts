import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../api/shared/audit.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let auditorToken: string;

const CLERK_PASSWORD = "clerk-Secret-pass-1";
const WRONG_PASSWORD = "not-the-clerk-pass-2";
const AUDITOR_PASSWORD = "auditor-Secret-pass-3";
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The clerk's password now: the users module's password routes may change it below. */
let clerkPassword = CLERK_PASSWORD;
/** Every token handed out in this file, to look for in the log afterwards. */
const tokensSeen: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await createUser(handle.db, { userId: "clerk", password: CLERK_PASSWORD, menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "auditor", password: AUDITOR_PASSWORD, menus: ["SYSTEMACCOUNT"] });
  auditorToken = await signIn(t, "auditor", AUDITOR_PASSWORD);
  tokensSeen.push(auditorToken);
});
afterAll(() => handle?.close());

const from = (address: string) => ({ "x-forwarded-for": address });
const rowsOf = (actor: string, action: string) =>
  handle.db.select().from(auditLog).where(and(eq(auditLog.actor, actor), eq(auditLog.action, action)));

interface AuditPage {
  data: { id: number; at: string; actor: string | null; action: string; target: string | null; detail: Record<string, unknown> | null; address: string | null }[];
  total: number;
  message?: string;
}

async function load(query: string, token = auditorToken): Promise<AuditPage> {
  const res = await t.call("GET", `/api/audit/load${query}`, { token });
  expect(res.status, query).toBe(200);
  return await res.json() as AuditPage;
}

describe("the audit log records", () => {
  it("a sign-in, a failed sign-in, a permission denial and a log-out: one row each, with actor, UTC time and address", async () => {
    const started = Date.now();
    const signedIn = await t.call("POST", "/api/users/authenticate", { body: { userId: "clerk", password: CLERK_PASSWORD }, headers: from("203.0.113.7") });
    expect(signedIn.status).toBe(200);
    const token = ((await signedIn.json()) as { data: { token: string }[] }).data[0].token;
    tokensSeen.push(token);

    const failed = await t.call("POST", "/api/users/authenticate", { body: { userId: "  Clerk ", password: WRONG_PASSWORD }, headers: from("203.0.113.8") });
    expect(failed.status).toBe(401);

    const denied = await t.call("GET", "/api/audit/load?take=5", { token, headers: from("203.0.113.9") });
    expect(denied.status).toBe(403);

    const out = await t.call("POST", "/api/Users/logOut", { token, headers: from("203.0.113.10") });
    expect(out.status).toBe(200);
    const finished = Date.now();

    const expected = [
      { actor: "clerk", action: "SIGN_IN", address: "203.0.113.7" },
      // The user id as typed (trimmed): a failure must not reveal the real account's spelling.
      { actor: "Clerk", action: "SIGN_IN_FAILED", address: "203.0.113.8", detail: { reason: "bad-credentials" } },
      { actor: "clerk", action: "PERMISSION_DENIED", address: "203.0.113.9", target: "GET /api/audit/load", detail: { permission: "SYSTEMACCOUNT" } },
      { actor: "clerk", action: "LOG_OUT", address: "203.0.113.10" },
    ];
    for (const want of expected) {
      const rows = await rowsOf(want.actor, want.action);
      expect(rows, want.action).toHaveLength(1);
      expect(rows[0]).toMatchObject(want);
      expect(rows[0].at.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(rows[0].at.getTime()).toBeLessThanOrEqual(finished + 1000);
    }

    // Read back through the API: times are ISO 8601 in UTC.
    const page = await load("?take=10&search=clerk");
    expect(page.data.map((r) => r.action)).toEqual(["LOG_OUT", "PERMISSION_DENIED", "SIGN_IN_FAILED", "SIGN_IN"]);
    for (const row of page.data) {
      expect(row.at).toMatch(UTC);
      expect(row.address).toMatch(/^203\.0\.113\.\d+$/);
    }
  });

  it("holds no password and no token anywhere", async () => {
    // Password changes too: whatever the users module writes must not carry the new password.
    const adminSet = await t.call("PUT", "/api/Users/ChangePasswordAdmin/clerk?password=Fresh-Admin-Chosen-4", { token: auditorToken });
    if (adminSet.status === 200) clerkPassword = "Fresh-Admin-Chosen-4";
    const clerkToken = await signIn(t, "clerk", clerkPassword);
    tokensSeen.push(clerkToken);
    const ownSet = await t.call("PUT", `/api/Users/changePassword/clerk?oldPass=${clerkPassword}&password=Own-Chosen-Pass-5`, { token: clerkToken });
    if (ownSet.status === 200) {
      clerkPassword = "Own-Chosen-Pass-5";
      tokensSeen.push(((await ownSet.json()) as { data: { token: string } }).data.token);
    }
    await t.call("POST", "/api/users/authenticate", { body: { userId: "auditor", password: "Typo-Of-Auditor-6" } });

    const all = await handle.db.select().from(auditLog);
    expect(all.length).toBeGreaterThan(5);
    const text = JSON.stringify(all);
    for (const secret of [CLERK_PASSWORD, WRONG_PASSWORD, AUDITOR_PASSWORD, "Fresh-Admin-Chosen-4", "Own-Chosen-Pass-5", "Typo-Of-Auditor-6"]) {
      expect(text, "a password in the audit log").not.toContain(secret);
    }
    for (const token of tokensSeen) {
      expect(text, "a token in the audit log").not.toContain(token);
      expect(text, "a token signature in the audit log").not.toContain(token.split(".")[2]);
    }
  });
});

describe("GET /audit/load", () => {
  it("pages newest first, filters by action, search and time", async () => {
    for (let i = 0; i < 25; i++) {
      await recordAudit(handle.db, { actor: "pager", action: "USER_UPDATED", target: `user:paged-${String(i).padStart(2, "0")}`, detail: { field: "name" }, address: "192.0.2.1" });
    }
    const first = await load("?skip=0&take=20&action=USER_UPDATED");
    expect(first.total).toBe(25);
    expect(first.data).toHaveLength(20);
    expect(first.data[0].target).toBe("user:paged-24");
    expect(first.data[0]).toMatchObject({ actor: "pager", action: "USER_UPDATED", detail: { field: "name" }, address: "192.0.2.1" });
    const second = await load("?skip=20&take=20&action=USER_UPDATED");
    expect(second.data.map((r) => r.target)).toEqual(["user:paged-04", "user:paged-03", "user:paged-02", "user:paged-01", "user:paged-00"]);
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const searched = await load("?search=PAGED-1");
    expect(searched.data.map((r) => r.target).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `user:paged-1${i}`));
    const signIns = await load("?action=SIGN_IN&take=200");
    expect(signIns.total).toBeGreaterThan(0);
    expect(signIns.data.every((r) => r.action === "SIGN_IN")).toBe(true);

    const now = Date.now();
    const recent = await load(`?action=USER_UPDATED&from=${new Date(now - 60_000).toISOString()}&to=${new Date(now + 60_000).toISOString()}`);
    expect(recent.total).toBe(25);
    const tomorrow = new Date(now + 86_400_000).toISOString().slice(0, 10);
    const future = await load(`?from=${tomorrow}`);
    expect(future).toEqual({ data: [], total: 0, message: "No more data to load" });
    const byDay = await load(`?action=USER_UPDATED&to=${new Date(now).toISOString().slice(0, 10)}`);
    expect(byDay.total).toBe(25);
  });

  it("refuses a caller without System Account (403), no caller (401) and bad input (400)", async () => {
    const clerkToken = await signIn(t, "clerk", clerkPassword);
    const denied = await t.call("GET", "/api/audit/load", { token: clerkToken });
    expect(denied.status).toBe(403);
    expect((await expectErrorBody(denied)).message).toBe("Your role does not have access to System Account.");
    expect((await t.call("GET", "/api/audit/load")).status).toBe(401);

    for (const query of ["?take=0", "?take=1000", "?skip=-1", "?action=NOT_AN_ACTION", "?from=yesterday", "?to=2026-13-45",
      "?from=2026-02-01&to=2026-01-01"]) {
      const res = await t.call("GET", `/api/audit/load${query}`, { token: auditorToken });
      expect(res.status, query).toBe(400);
      await expectErrorBody(res);
    }
  });
});
