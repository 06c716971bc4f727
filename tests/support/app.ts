import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { createApp } from "../../api/app.ts";
import { defaultConfig, type AppConfig } from "../../api/http/config.ts";
import { hashPassword } from "../../api/modules/users/passwords.ts";
import { type Capability, MENU_IDS, type MenuId } from "../../api/modules/roles/schemas.ts";
import type { Db } from "../../db/client.ts";
import { branches, roleDetails, roles, userBranches, users } from "../../db/schema/index.ts";

export const TEST_SECRET = new TextEncoder().encode("test-secret-test-secret-test-secret-0123");

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Test requests stand for requests through one proxy, so each test can pose as its own client address.
  return defaultConfig({ version: "9.9.9-test", jwtSecret: TEST_SECRET, trustedProxies: 1, ...overrides });
}

export interface TestApp {
  app: Hono;
  db: Db;
  logs: Record<string, unknown>[];
  /** app.request with a JSON body and an optional bearer token. */
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

export function makeTestApp(db: Db, overrides: Partial<AppConfig> = {}): TestApp {
  const logs: Record<string, unknown>[] = [];
  const app = createApp({ db, config: testConfig(overrides), log: (line) => logs.push(line) });
  return {
    app,
    db,
    logs,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      return await app.request(path, { method, headers, body });
    },
  };
}

let roleCounter = 0;

/** What a test role may hold: menus and capabilities alike. */
export type Grant = MenuId | Capability;
const isMenu = (grant: Grant): grant is MenuId => (MENU_IDS as readonly string[]).includes(grant);

/** A role granting exactly these grants. */
export async function createRole(db: Db, grants: readonly Grant[], roleId = `R${++roleCounter}_${Date.now() % 100000}`) {
  const [role] = await db.insert(roles).values({ roleId, roleName: `Role ${roleId}` }).returning();
  if (grants.length) {
    await db.insert(roleDetails).values(grants.map((menuId) => ({ roleId: role.id, menuId, type: isMenu(menuId) ? "MENU" : "CAPABILITY" })));
  }
  return role;
}

/**
 * The stored hash of a test user's password: argon2id as the app stores it, at the smallest cost the format
 * allows, and made once per password. Sign-in verifies it with the app's own code, which reads the cost from the
 * hash, so it takes a millisecond instead of the 75 ms of the app's cost: the PGlite API suite alone makes or
 * checks some 1,400 password hashes. The app's own hashing (accounts, the first administrator, the demo staff) keeps
 * its cost, which tests/unit/http.test.ts checks.
 */
const fixtureHashes = new Map<string, Promise<string>>();
export function fixturePasswordHash(password: string): Promise<string> {
  let hash = fixtureHashes.get(password);
  if (!hash) {
    hash = hashPassword(password, { memorySize: 8, iterations: 1 });
    fixtureHashes.set(password, hash);
  }
  return hash;
}

/**
 * A user with a role; `branches` are branch codes (made when missing) for the user's branch list, the first
 * one the default. Records of other branches answer 404 to the user (api/shared/branch-scope.ts).
 */
export async function createUser(
  db: Db,
  options: { userId: string; password: string; menus?: readonly Grant[]; roleKey?: number; branches?: readonly string[] },
) {
  const roleKey = options.roleKey ?? (await createRole(db, options.menus ?? [])).id;
  const [user] = await db.insert(users).values({
    userId: options.userId,
    name: `User ${options.userId}`,
    email: `${options.userId}@example.test`,
    passwordHash: await fixturePasswordHash(options.password),
    roleId: roleKey,
  }).returning();
  for (const [i, code] of (options.branches ?? []).entries()) {
    const branch = await ensureBranch(db, code);
    await db.insert(userBranches).values({ userKey: user.id, branchId: branch.id, defaultBranch: i === 0 });
  }
  return user;
}

export async function signIn(t: TestApp, userId: string, password: string): Promise<string> {
  const res = await t.call("POST", "/api/users/authenticate", { body: { userId, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = await res.json() as { data: { token: string }[] };
  return body.data[0].token;
}

export async function ensureBranch(db: Db, code: string, name = `Branch ${code}`) {
  const [found] = await db.select().from(branches).where(eq(branches.code, code));
  if (found) return found;
  const [row] = await db.insert(branches).values({ code, name }).returning();
  return row;
}

/** Every API error answers this body. */
export async function expectErrorBody(res: Response): Promise<{ message: string; errors: Record<string, string[]> }> {
  const body = await res.json() as { message: string; errors: Record<string, string[]> };
  if (typeof body.message !== "string" || !body.message) throw new Error(`error body without message: ${JSON.stringify(body)}`);
  if (!body.errors || !Array.isArray(body.errors[""])) throw new Error(`error body without errors[""]: ${JSON.stringify(body)}`);
  return body;
}
