import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { GENERIC_ERROR } from "../../api/http/errors.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db, { bodyLimit: 2048, signInAttempts: 3 });
  await ensureBranch(handle.db, "MNL");
  await createUser(handle.db, { userId: "Mixed.Case", password: "mixed-password", menus: ["MASTERDATA"] });
  token = await signIn(t, "Mixed.Case", "mixed-password");
});
afterAll(() => handle?.close());

describe("path words ignore letter case, parameter values keep theirs", () => {
  it("signs in through every spelling of the authenticate path", async () => {
    for (const path of ["/api/USERS/authenticate", "/api/users/authenticate", "/api/Users/Authenticate"]) {
      const res = await t.call("POST", path, { body: { userId: "Mixed.Case", password: "mixed-password" } });
      expect(res.status, path).toBe(200);
      const body = await res.json() as { data: { token: string; userId: string }[] };
      expect(body.data[0].token).toMatch(/^ey/);
      expect(body.data[0].userId).toBe("Mixed.Case");
    }
  });

  it("keeps the case of a path parameter and of query values", async () => {
    const res = await t.call("GET", "/api/USERS/GETCURRENTSYSTEMVERSION/Lading-Web");
    expect(await res.json()).toEqual({ data: { system: "Lading-Web", version: "9.9.9-test" } });
    await t.call("POST", "/api/ports", { token, body: { code: "CaSe1", name: "Case Port", branchCode: "MNL" } });
    const got = await t.call("GET", "/api/PORTS/LOAD?search=CaSe1", { token });
    expect(((await got.json()) as { data: { code: string }[] }).data[0].code).toBe("CaSe1");
    const branch = await t.call("GET", "/api/Ports/getisactiveportsbranch?BranchCode=mnl", { token });
    // Branch codes are values: 'mnl' is not 'MNL'.
    expect(((await branch.json()) as { data: unknown[] }).data).toEqual([]);
  });
});

describe("HTTP conventions", () => {
  it("sets the session cookie HttpOnly and SameSite, and accepts it", async () => {
    const res = await t.call("POST", "/api/users/authenticate", { body: { userId: "mixed.case", password: "mixed-password" } });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/lading_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const value = cookie.split(";")[0];
    const session = await t.call("GET", "/api/users/session", { headers: { cookie: value } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { data: { menus: string[] } }).data.menus).toEqual(["MASTERDATA"]);
  });

  it("writes security headers and one log line per request with id and duration", async () => {
    const before = t.logs.length;
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const lines = t.logs.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
    expect(lines[0].requestId).toBe(res.headers.get("x-request-id"));
    expect(typeof lines[0].ms).toBe("number");
    const https = await t.call("GET", "/api/health", { headers: { "x-forwarded-proto": "https", host: "lading.example.com" } });
    expect(https.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("redirects forwarded plain http to https except on the local machine", async () => {
    const remote = await t.call("GET", "/api/health?x=1", { headers: { "x-forwarded-proto": "http", host: "lading.example.com" } });
    expect(remote.status).toBe(308);
    expect(remote.headers.get("location")).toBe("https://lading.example.com/api/health?x=1");
    const local = await t.call("GET", "/api/health", { headers: { "x-forwarded-proto": "http", host: "localhost:8000" } });
    expect(local.status).toBe(200);
  });

  it("refuses a body over the limit with 413 and a non-JSON body with 415", async () => {
    const big = await t.call("POST", "/api/ports", { token, body: { code: "BIG", name: "x".repeat(5000), branchCode: "MNL" } });
    expect(big.status).toBe(413);
    await expectErrorBody(big);
    const form = await t.call("POST", "/api/ports", { token, body: "code=X", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    await expectErrorBody(form);
    const list = await t.call("GET", "/api/ports/load?search=BIG", { token });
    expect(((await list.json()) as { total: number }).total).toBe(0);
  });

  it("locks a user id after repeated sign-in failures with 429, whatever address the tries come from", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.call("POST", "/api/users/authenticate", {
        body: { userId: "someone", password: "guess-" + i },
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      statuses.push(res.status);
      if (res.status === 429) expect((await expectErrorBody(res)).message).toBe("Too many failed sign-ins. Try again later or reset your password.");
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The lock is per user id: another account from the same address is not affected.
    const other = await t.call("POST", "/api/users/authenticate", {
      body: { userId: "Mixed.Case", password: "mixed-password" },
      headers: { "x-forwarded-for": "198.51.100.5" },
    });
    expect(other.status).toBe(200);
  });

  it("believes only the X-Forwarded-For entries its trusted proxies appended", async () => {
    const lookups = async (app: TestApp, forwarded: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await app.call("GET", "/api/Bookings/shipmentTracking/BK-NONE-2026-000001", { headers: { "x-forwarded-for": forwarded(i) } })).status);
      }
      return statuses;
    };
    // Straight on the internet a client writes whatever it likes in the header; it is ignored.
    const direct = makeTestApp(t.db, { trustedProxies: 0 });
    expect((await lookups(direct, (i) => `192.0.2.${i}`)).at(-1)).toBe(429);
    // Behind one proxy, what the client put before the proxy's own entry does not change who it is.
    const proxied = makeTestApp(t.db, { trustedProxies: 1 });
    expect((await lookups(proxied, (i) => `192.0.2.${i}, 198.51.100.77`)).at(-1)).toBe(429);
    expect((await proxied.call("GET", "/api/Bookings/shipmentTracking/BK-NONE-2026-000001", { headers: { "x-forwarded-for": "198.51.100.78" } })).status).toBe(404);
  });

  it("never writes a query string to the request log", async () => {
    const before = t.logs.length;
    await t.call("PUT", "/api/Users/changePassword/Mixed.Case?oldPass=old-secret-1&password=new-secret-2", { token });
    await t.call("PUT", "/api/Users/ChangePasswordAdmin/Mixed.Case?password=admin-secret-3", { token });
    const lines = t.logs.slice(before);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(lines);
    for (const secret of ["old-secret-1", "new-secret-2", "admin-secret-3", "password="]) expect(text).not.toContain(secret);
    expect(lines.some((l) => l.path === "/api/Users/ChangePasswordAdmin/Mixed.Case")).toBe(true);
  });

  it("answers 500 with a generic message and no stack when the database fails", async () => {
    const broken = await openTestDatabase();
    const b = makeTestApp(broken.db);
    await createUser(broken.db, { userId: "late", password: "late-password", menus: ["MASTERDATA"] });
    const own = await signIn(b, "late", "late-password");
    await broken.close();
    const res = await b.call("GET", "/api/health");
    expect(res.status).toBe(503);
    const failed = await b.call("POST", "/api/users/authenticate", { body: { userId: "late", password: "late-password" } });
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({ message: GENERIC_ERROR, errors: { "": [] } });
    expect(text).not.toMatch(/at |\.ts|Error:/);
    expect(own).toBeTruthy();
    expect(b.logs.some((l) => l.level === "error")).toBe(true);
  });
});
