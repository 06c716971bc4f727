import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, createApp } from "../../api/app.ts";
import { honoPath, route } from "../../api/http/route.ts";
import type { LadingModule } from "../../api/modules/index.ts";
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
    // Two sign-ins per menu (each a password hash) and two calls per guarded route: several hundred requests.
  }, 120_000);

  it("answers 401 on every route that is not public when no token is sent", async () => {
    for (const { spec } of routes.filter((r) => r.spec.permission !== "public")) {
      const res = await t.call(spec.method.toUpperCase(), concrete(spec.path), { body: spec.body ? {} : undefined });
      expect(res.status, `${spec.method} ${spec.path}`).toBe(401);
    }
  });
});

describe("route order", () => {
  /** Two modules whose routes overlap: a fixed word and a parameter in the same place. */
  const byId: LadingModule = {
    name: "by-id",
    routes: [
      route({ method: "get", path: "/users/{id}", permission: "public", tag: "T", summary: "one" }, ({ c }) => ({ route: "id", id: c.req.param("id") })),
      route({ method: "get", path: "/things/{kind}/list", permission: "public", tag: "T", summary: "kind" }, ({ c }) => ({ route: "kind", kind: c.req.param("kind") })),
    ],
    jobs: [],
  };
  const fixed: LadingModule = {
    name: "fixed",
    routes: [
      route({ method: "get", path: "/users/load", permission: "public", tag: "T", summary: "load" }, () => ({ route: "load" })),
      route({ method: "get", path: "/things/all/{page}", permission: "public", tag: "T", summary: "all" }, ({ c }) => ({ route: "all", page: c.req.param("page") })),
    ],
    jobs: [],
  };

  it("tries fixed words before parameters, whatever order the modules are listed in", async () => {
    for (const modules of [[byId, fixed], [fixed, byId]]) {
      const app = createApp({ db: handle.db, config: testConfig(), log: () => {} }, { modules });
      const get = async (path: string) => await (await app.request(path)).json();
      expect(await get("/api/users/load")).toEqual({ route: "load" });
      expect(await get("/api/users/42")).toEqual({ route: "id", id: "42" });
      expect(await get("/api/things/all/3")).toEqual({ route: "all", page: "3" });
      expect(await get("/api/things/boxes/list")).toEqual({ route: "kind", kind: "boxes" });
    }
  });

  it("lists the app's routes with every fixed word ahead of a parameter in the same place", () => {
    const shape = (path: string) => path.split("/").filter(Boolean).map((s) => (s.startsWith("{") ? "{}" : s.toLowerCase()));
    routes.forEach((later, j) => {
      for (const earlier of routes.slice(0, j)) {
        const a = shape(earlier.spec.path);
        const b = shape(later.spec.path);
        if (earlier.spec.method !== later.spec.method || a.length !== b.length) continue;
        const differ = a.findIndex((s, i) => s !== b[i]);
        // A later route may not hold a fixed word where an earlier one that could match the same path has a parameter.
        if (differ >= 0 && a[differ] === "{}" && b[differ] !== "{}" && a.every((s, i) => s === b[i] || s === "{}" || b[i] === "{}")) {
          expect.fail(`${later.spec.method} ${later.spec.path} comes after ${earlier.spec.path}`);
        }
      }
    });
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
