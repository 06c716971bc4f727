import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { ports, users } from "../../db/schema/index.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, TEST_SECRET, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let userKey: number;
let port: { id: number; code: string; name: string; dateModified: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await ensureBranch(handle.db, "MNL");
  userKey = (await createUser(handle.db, { userId: "clerk", password: "clerk-password", menus: ["MASTERDATA"] })).id;
  token = await signIn(t, "clerk", "clerk-password");
  const res = await t.call("POST", "/api/ports", { token, body: { code: "ERR1", name: "Error Port", branchCode: "MNL" } });
  port = (await res.json() as any).data;
});
afterAll(() => handle?.close());

/** Snapshot of the table every case must leave untouched. */
const snapshot = () => handle.db.select().from(ports).orderBy(ports.id);

async function expectUnchanged(work: () => Promise<void>) {
  const before = await snapshot();
  await work();
  expect(await snapshot()).toEqual(before);
}

const sign = (claims: Record<string, unknown>, options: { alg?: string; secret?: Uint8Array; exp?: number; iss?: string; aud?: string } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? "HS256" })
    .setSubject(String(userKey))
    .setIssuer(options.iss ?? "lading")
    .setAudience(options.aud ?? "lading-api")
    .setIssuedAt()
    .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(options.secret ?? TEST_SECRET);

describe("bad input gets its status and the error body, and changes nothing", () => {
  it("malformed JSON: 400", async () => {
    await expectUnchanged(async () => {
      const res = await t.call("POST", "/api/ports", { token, body: "{\"code\": \"X\", " });
      expect(res.status).toBe(400);
      expect((await expectErrorBody(res)).message).toMatch(/Malformed JSON/);
    });
  });

  it("a missing field: 400 naming it", async () => {
    await expectUnchanged(async () => {
      const res = await t.call("POST", "/api/ports", { token, body: { code: "NEW1", branchCode: "MNL" } });
      expect(res.status).toBe(400);
      const body = await expectErrorBody(res);
      expect(body.errors.name).toEqual(["Port name is required"]);
      expect(body.errors[""]).toEqual(["name: Port name is required"]);
    });
  });

  it("a wrong field: 400 naming it", async () => {
    await expectUnchanged(async () => {
      const res = await t.call("POST", "/api/ports", { token, body: { code: "bad code!", name: "N", branchCode: "MNL" } });
      expect(res.status).toBe(400);
      expect((await expectErrorBody(res)).errors.code[0]).toMatch(/only letters, digits/);
      const take = await t.call("GET", "/api/ports/load?take=100000", { token });
      expect(take.status).toBe(400);
      expect((await expectErrorBody(take)).errors.take[0]).toBe("take can be at most 200");
      const id = await t.call("GET", "/api/ports/get/abc", { token });
      expect(id.status).toBe(400);
    });
  });

  it("an unknown id: 404", async () => {
    await expectUnchanged(async () => {
      const get = await t.call("GET", "/api/ports/get/424242", { token });
      expect(get.status).toBe(404);
      expect((await expectErrorBody(get)).message).toBe("Port with id 424242 was not found.");
      const upd = await t.call("PUT", "/api/ports/update/424242", { token, body: { name: "X", dateModified: port.dateModified } });
      expect(upd.status).toBe(404);
      const act = await t.call("PUT", "/api/ports/activate/424242?isActive=false", { token });
      expect(act.status).toBe(404);
    });
  });

  it("a duplicate code, in any letter case: 409", async () => {
    await expectUnchanged(async () => {
      const res = await t.call("POST", "/api/ports", { token, body: { code: "err1", name: "Twin", branchCode: "MNL" } });
      expect(res.status).toBe(409);
      expect((await expectErrorBody(res)).message).toBe("Port code err1 already exists.");
    });
  });

  it("a stale dateModified: 409", async () => {
    await expectUnchanged(async () => {
      const res = await t.call("PUT", `/api/ports/update/${port.id}`, { token, body: { name: "Late", dateModified: "2020-01-01T00:00:00.000Z" } });
      expect(res.status).toBe(409);
      await expectErrorBody(res);
    });
  });

  it("a missing dateModified on update: 400", async () => {
    await expectUnchanged(async () => {
      const res = await t.call("PUT", `/api/ports/update/${port.id}`, { token, body: { name: "NoStamp" } });
      expect(res.status).toBe(400);
      expect((await expectErrorBody(res)).errors.dateModified).toBeDefined();
    });
  });

  it("an unknown route: 404", async () => {
    const res = await t.call("GET", "/api/ports/frobnicate/1", { token });
    expect(res.status).toBe(404);
    expect((await expectErrorBody(res)).message).toContain("/api/ports/frobnicate/1");
  });
});

describe("tokens", () => {
  const attempt = (auth?: string) =>
    t.call("POST", "/api/ports", { body: { code: "TOK1", name: "Token Port", branchCode: "MNL" }, headers: auth ? { authorization: auth } : {} });

  async function expect401(auth?: string) {
    await expectUnchanged(async () => {
      const res = await attempt(auth);
      expect(res.status).toBe(401);
      await expectErrorBody(res);
    });
  }

  it("no token: 401", () => expect401());
  it("an expired token: 401", async () => expect401(`Bearer ${await sign({ sv: 1 }, { exp: Math.floor(Date.now() / 1000) - 10 })}`));
  it("a token signed with another algorithm: 401", async () => {
    await expect401(`Bearer ${await sign({ sv: 1 }, { alg: "HS512", secret: new Uint8Array(64).fill(7) })}`);
    // alg "none": header and payload without a signature.
    const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const exp = Math.floor(Date.now() / 1000) + 600;
    await expect401(`Bearer ${enc({ alg: "none", typ: "JWT" })}.${enc({ sub: String(userKey), sv: 1, iss: "lading", aud: "lading-api", exp })}.`);
  });
  it("a tampered token: 401", async () => {
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")));
    payload.sub = "999";
    const forged = btoa(JSON.stringify(payload)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    await expect401(`Bearer ${h}.${forged}.${s}`);
    await expect401(`Bearer ${h}.${p}.${s.slice(0, -2)}xx`);
  });
  it("a token of another issuer or audience: 401", async () => {
    await expect401(`Bearer ${await sign({ sv: 1 }, { iss: "someone-else" })}`);
    await expect401(`Bearer ${await sign({ sv: 1 }, { aud: "another-app" })}`);
  });
  it("a token revoked by log-out: 401", async () => {
    const own = await signIn(t, "clerk", "clerk-password");
    expect((await t.call("GET", "/api/ports/load", { token: own })).status).toBe(200);
    const out = await t.call("POST", "/api/Users/logOut", { token: own });
    expect(out.status).toBe(200);
    await expect401(`Bearer ${own}`);
    const [row] = await handle.db.select().from(users).where(eq(users.id, userKey));
    expect(row.sessionVersion).toBeGreaterThan(1);
  });
  it("a wrong password: 401 and no token", async () => {
    const res = await t.call("POST", "/api/users/authenticate", { body: { userId: "clerk", password: "nope-nope" } });
    expect(res.status).toBe(401);
    expect((await expectErrorBody(res)).message).toBe("Invalid user id or password.");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
  it("a deactivated user cannot sign in and loses the session", async () => {
    await createUser(handle.db, { userId: "leaver", password: "leaver-password", menus: ["MASTERDATA"] });
    const own = await signIn(t, "leaver", "leaver-password");
    await handle.db.update(users).set({ isActive: false }).where(eq(users.userId, "leaver"));
    expect((await t.call("GET", "/api/ports/load", { token: own })).status).toBe(401);
    const res = await t.call("POST", "/api/users/authenticate", { body: { userId: "leaver", password: "leaver-password" } });
    expect(res.status).toBe(403);
  });
});
