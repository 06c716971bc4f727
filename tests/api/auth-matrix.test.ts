import { eq, inArray } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../api/app.ts";
import type { RouteDef } from "../../api/http/route.ts";
import { hashPassword } from "../../api/modules/users/passwords.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../api/modules/auth/schemas.ts";
import { issueToken } from "../../api/modules/auth/tokens.ts";
import { CAPABILITY_IDS, MENU_IDS } from "../../api/modules/roles/schemas.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, users } from "../../db/schema/index.ts";
import { createRole, type Grant, makeTestApp, signIn, TEST_SECRET, testConfig, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The authorization matrix, generated from the route table: every route is called anonymously, with an
 * expired, a tampered and a revoked token, and as users with and without the route's menu. Routes added
 * later are covered without touching this file.
 */

/**
 * "authenticated" routes whose handlers allow only the caller's own record (or, for some, anyone with
 * System Account) by the id in the path. Called by another user with a foreign id they may answer 403 (or
 * 404, or 400 for the body this test sends); they must still never answer 401.
 */
const SELF_ONLY_ROUTES = [
  { method: "get", path: "/users/{id}", reason: "a user reads their own record; System Account reads any" },
  { method: "put", path: "/Users/updateUserCy/{id}", reason: "a user chooses only their own CY" },
  { method: "put", path: "/Users/updateUserBranch/{id}", reason: "a user chooses only their own default branch" },
  { method: "put", path: "/Users/updateDarkMode/{id}", reason: "a user saves only their own dark mode" },
  { method: "put", path: "/users/profile/{id}", reason: "a user edits only their own profile" },
  { method: "put", path: "/Users/changePassword/{userId}", reason: "a user changes only their own password" },
] as const;

const SIGN_IN = "Sign in to continue.";
const ENDED = "Your session has ended. Please sign in again.";
const CHANGED = "User Changes: Please Login Again";
const PASSWORD = "matrix-password-1";

const routes = apiRoutes({ config: testConfig() });
const isCapability = (p: string): p is Grant => (CAPABILITY_IDS as readonly string[]).includes(p);
/** The menus, and the capabilities some route asks for: each gets a user who has only it and one who lacks only it. */
const GRANTS: Grant[] = [...MENU_IDS, ...new Set(routes.map((r) => r.spec.permission).filter(isCapability))];
const isGrant = (p: string): p is Grant => (GRANTS as string[]).includes(p);
const sameRoute = (a: { method: string; path: string }, b: { method: string; path: string }) =>
  a.method.toLowerCase() === b.method.toLowerCase() && a.path.toLowerCase() === b.path.toLowerCase();

let handle: DatabaseHandle;
let t: TestApp;
/** users.id of each test user by name: plain (no grant), all (every grant), lacks-<GRANT>, has-<GRANT>. */
const keys = new Map<string, number>();
const tokens = new Map<string, { sv: number; token: string }>();
let expired: string;
let tamperedSignature: string;
let tamperedPayload: string;
let revoked: string;

const b64url = (text: string) => btoa(text).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const unb64url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  // One hash for all: every user is created in a blink, and only the revoked token needs a real sign-in.
  const passwordHash = await hashPassword(PASSWORD);
  const add = async (name: string, grants: Grant[]) => {
    const role = await createRole(handle.db, grants);
    const [row] = await handle.db.insert(users).values({ userId: name, name, email: `${name}@example.test`, passwordHash, roleId: role.id }).returning();
    keys.set(name, row.id);
  };
  await add("plain", []);
  await add("all", GRANTS);
  await add("revoked", GRANTS);
  for (const grant of GRANTS) {
    await add(`lacks-${grant}`, GRANTS.filter((g) => g !== grant));
    await add(`has-${grant}`, [grant]);
  }

  const allKey = keys.get("all")!;
  expired = await new SignJWT({ sv: 1 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(allKey))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(TEST_SECRET);
  const good = await issueToken(TEST_SECRET, { sub: String(allKey), sv: 1 }, 3600);
  const [header, payload, signature] = good.split(".");
  const flipAt = Math.floor(signature.length / 2);
  tamperedSignature = `${header}.${payload}.${signature.slice(0, flipAt)}${signature[flipAt] === "A" ? "B" : "A"}${signature.slice(flipAt + 1)}`;
  const claims = JSON.parse(unb64url(payload));
  tamperedPayload = `${header}.${b64url(JSON.stringify({ ...claims, sub: String(keys.get("plain")) }))}.${signature}`;

  revoked = await signIn(t, "revoked", PASSWORD);
  const out = await t.call("POST", "/api/Users/logOut", { token: revoked });
  if (out.status !== 200) throw new Error(`log-out failed: ${out.status}`);
});
afterAll(() => handle?.close());

/**
 * A valid token of a test user. Re-issued whenever the user's session version moved, because a route
 * called earlier (a log-out, a password change) may have revoked the previous one.
 */
async function refreshTokens() {
  const rows = await handle.db.select({ id: users.id, userId: users.userId, sv: users.sessionVersion })
    .from(users).where(inArray(users.id, [...keys.values()]));
  for (const row of rows) {
    if (tokens.get(row.userId)?.sv === row.sv) continue;
    tokens.set(row.userId, { sv: row.sv, token: await issueToken(TEST_SECRET, { sub: String(row.id), sv: row.sv }, 3600) });
  }
}
const tokenOf = (name: string) => tokens.get(name)!.token;

/** A concrete path: each {param} gets 999999, or "nobody" where the route's validator wants no number. */
function concretePath(route: RouteDef): string {
  const names = [...route.spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const values: Record<string, string> = Object.fromEntries(names.map((name) => [name, "999999"]));
  const parsed = route.spec.params?.safeParse(values);
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      if (name in values) values[name] = "nobody";
    }
  }
  return "/api" + route.spec.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
}

describe("authorization matrix", () => {
  it("lists only routes that exist among the self-only exceptions", () => {
    const missing = SELF_ONLY_ROUTES.filter((e) => !routes.some((r) => sameRoute(r.spec, e)));
    expect(missing, "listed as self-only but not in the route table").toEqual([]);
    for (const e of SELF_ONLY_ROUTES) {
      expect(routes.find((r) => sameRoute(r.spec, e))!.spec.permission, `${e.method} ${e.path}`).toBe("authenticated");
    }
  });

  it("answers every route as its permission says, for every kind of caller", async () => {
    const mismatches: string[] = [];
    let grantRoutes = 0;
    for (const route of routes) {
      const { spec } = route;
      const name = `${spec.method.toUpperCase()} ${spec.path} [${spec.permission}]`;
      const permission = spec.permission as string;
      if (permission !== "public" && permission !== "authenticated" && !isGrant(permission)) {
        mismatches.push(`${name}: declares no known permission`);
        continue;
      }
      await refreshTokens();
      const path = concretePath(route);
      const call = async (token?: string) => {
        const res = await t.call(spec.method.toUpperCase(), path, { token, body: spec.body ? {} : undefined });
        // An event stream stays open; its status tells all there is to know here.
        if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
          await res.body?.cancel();
          return { status: res.status, message: "" };
        }
        const text = await res.text();
        let message = "";
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? "";
        } catch {
          // Not every route answers JSON (the docs page is HTML).
        }
        return { status: res.status, message };
      };
      const expectThat = (who: string, answer: { status: number; message: string }, ok: boolean, wanted: string) => {
        if (!ok) mismatches.push(`${name} as ${who}: got ${answer.status} "${answer.message}", wanted ${wanted}`);
      };
      const notRefused = (who: string, answer: { status: number; message: string }) =>
        expectThat(who, answer, answer.status !== 401 && answer.status !== 403, "neither 401 nor 403");

      const anonymous = await call();
      const withExpired = await call(expired);
      const withTamperedSignature = await call(tamperedSignature);
      const withTamperedPayload = await call(tamperedPayload);
      const withRevoked = await call(revoked);

      if (permission === "public") {
        // Public routes do not look at tokens: none of these may be refused.
        for (const [who, answer] of [["anonymous", anonymous], ["an expired token", withExpired], ["a tampered signature", withTamperedSignature],
          ["a tampered payload", withTamperedPayload], ["a revoked token", withRevoked]] as const) notRefused(who, answer);
        notRefused("a signed-in user", await call(tokenOf("plain")));
        continue;
      }

      expectThat("anonymous", anonymous, anonymous.status === 401 && anonymous.message === SIGN_IN, `401 "${SIGN_IN}"`);
      for (const [who, answer] of [["an expired token", withExpired], ["a tampered signature", withTamperedSignature],
        ["a tampered payload", withTamperedPayload]] as const) {
        expectThat(who, answer, answer.status === 401 && answer.message === ENDED, `401 "${ENDED}"`);
      }
      expectThat("a revoked token", withRevoked, withRevoked.status === 401 && withRevoked.message === CHANGED, `401 "${CHANGED}"`);

      if (isGrant(permission)) {
        grantRoutes++;
        const without = await call(tokenOf(`lacks-${permission}`));
        expectThat(`a user without ${permission}`, without, without.status === 403 && without.message.startsWith("Your role does not have"), "403");
        notRefused(`a user with only ${permission}`, await call(tokenOf(`has-${permission}`)));
        continue;
      }

      // "authenticated": any valid user gets past the guard.
      notRefused("a user with every grant", await call(tokenOf("all")));
      const plain = await call(tokenOf("plain"));
      if (SELF_ONLY_ROUTES.some((e) => sameRoute(spec, e))) {
        expectThat("a user without menus, on a foreign id", plain, plain.status !== 401, "anything but 401 (403 or 404 expected)");
      } else {
        notRefused("a user without menus", plain);
      }
    }
    expect(mismatches).toEqual([]);
    expect(grantRoutes).toBeGreaterThan(0);

    // Every refusal by menu or capability left its audit row, naming the permission.
    const denied = await handle.db.select().from(auditLog).where(eq(auditLog.action, "PERMISSION_DENIED"));
    expect(denied).toHaveLength(grantRoutes);
    expect(denied.every((row) => row.actor?.startsWith("lacks-") && row.actor === `lacks-${(row.detail as { permission: string }).permission}`)).toBe(true);
  });
});
