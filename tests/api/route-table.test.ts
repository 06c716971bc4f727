import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../api/app.ts";
import { honoPath } from "../../api/http/route.ts";
import { CAPABILITY_IDS, MENU_IDS } from "../../api/modules/roles/schemas.ts";
import { ADMIN_ROLE } from "../../db/seed/reference.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, type Grant, makeTestApp, signIn, testConfig, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
const routes = apiRoutes({ config: testConfig() });
const GRANTS: readonly string[] = [...MENU_IDS, ...CAPABILITY_IDS];
/** Routes that ask for a menu or a capability. */
const grantRoutes = routes.filter((r) => GRANTS.includes(r.spec.permission));

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
});
afterAll(() => handle?.close());

/** A concrete path for a route pattern: every {param} becomes 1. */
const concrete = (path: string) => "/api" + path.replace(/\{\w+\}/g, "1");

describe("the route table", () => {
  it("declares a permission on every route", () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const { spec } of routes) {
      const allowed = spec.permission === "public" || spec.permission === "authenticated" || GRANTS.includes(spec.permission);
      expect(allowed, `${spec.method.toUpperCase()} ${spec.path} declares '${spec.permission}'`).toBe(true);
    }
  });

  it("has no two routes on the same method and path, whatever the letter case", () => {
    const seen = new Set<string>();
    for (const { spec } of routes) {
      const key = `${spec.method} ${honoPath(spec.path).toLowerCase().replace(/:\w+/g, ":")}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it("the seeded administrator role holds every menu id, and only capabilities that exist", () => {
    expect([...ADMIN_ROLE.menus].sort()).toEqual([...MENU_IDS].sort());
    for (const capability of ADMIN_ROLE.capabilities) expect(CAPABILITY_IDS).toContain(capability);
  });

  it("answers 403 on every menu or capability route to a role without it, and lets a role with it through", async () => {
    const menus = [...new Set(grantRoutes.map((r) => r.spec.permission as Grant))];
    expect(menus.length).toBeGreaterThan(0);
    for (const menu of menus) {
      const others = MENU_IDS.filter((m) => m !== menu);
      await createUser(handle.db, { userId: `without-${menu}`, password: "password-123", menus: others });
      await createUser(handle.db, { userId: `with-${menu}`, password: "password-123", menus: [menu] });
      const without = await signIn(t, `without-${menu}`, "password-123");
      const withIt = await signIn(t, `with-${menu}`, "password-123");
      for (const { spec } of grantRoutes.filter((r) => r.spec.permission === menu)) {
        const denied = await t.call(spec.method.toUpperCase(), concrete(spec.path), { token: without, body: spec.body ? {} : undefined });
        expect(denied.status, `${spec.method} ${spec.path} without ${menu}`).toBe(403);
        const body = await denied.json() as { message: string };
        expect(body.message).toContain("Your role does not have");
        const allowed = await t.call(spec.method.toUpperCase(), concrete(spec.path), { token: withIt, body: spec.body ? {} : undefined });
        expect([401, 403], `${spec.method} ${spec.path} with ${menu}`).not.toContain(allowed.status);
      }
    }
  });

  it("answers 401 on every route that is not public when no token is sent", async () => {
    for (const { spec } of routes.filter((r) => r.spec.permission !== "public")) {
      const res = await t.call(spec.method.toUpperCase(), concrete(spec.path), { body: spec.body ? {} : undefined });
      expect(res.status, `${spec.method} ${spec.path}`).toBe(401);
    }
  });
});

describe("OpenAPI", () => {
  it("lists every route with its permission", async () => {
    const res = await t.call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json() as { openapi: string; paths: Record<string, Record<string, { "x-permission": string; parameters: unknown[] }>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const { spec } of routes) {
      const op = doc.paths["/api" + spec.path]?.[spec.method];
      expect(op, `${spec.method} ${spec.path}`).toBeDefined();
      expect(op["x-permission"]).toBe(spec.permission);
    }
    const count = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBe(routes.length);
    // Generated from the validators: the list query's bound shows up in the document.
    const load = doc.paths["/api/ports/load"].get as unknown as { parameters: { name: string; schema: { maximum?: number } }[] };
    expect(load.parameters.find((p) => p.name === "take")?.schema.maximum).toBe(200);
  });

  it("renders the browsable docs page", async () => {
    const res = await t.call("GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    for (const { spec } of routes) expect(html).toContain(`/api${spec.path}`.replace(/&/g, "&#38;"));
  });
});
