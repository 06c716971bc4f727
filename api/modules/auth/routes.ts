import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import { clientAddress } from "../../http/security.ts";
import { clearSessionCookie, setSessionCookie } from "./cookie.ts";
import type { AddressPolicy } from "./address-limit.ts";
import type { LockoutPolicy } from "./lockout.ts";
import { authenticateBody, authenticateResult } from "./schemas.ts";
import { authenticate, signOut } from "./service.ts";
import { issueToken } from "./tokens.ts";
import { changeOwnPassword, changePasswordQuery, changePasswordResult, getSessionUser, sessionUser, userIdParams } from "../users/index.ts";

const tag = "Sign-in";

/**
 * Sign-in, sign-out, the session probe and the change of one's own password (which issues this device a new
 * token; the password itself is the users module's). `limits` is the per-account lockout (failures allowed and the
 * window they are counted in); the lock itself is kept in the database, see lockout.ts. `addressLimits` bounds the
 * failed sign-ins of one client address, see address-limit.ts.
 */
export function authRoutes(limits: LockoutPolicy, addressLimits: AddressPolicy): RouteDef[] {
  return [
    route({
      method: "post", path: "/users/authenticate", permission: "public", tag, body: authenticateBody, errors: [429],
      summary: "Sign in with user id and password; sets the session cookie and answers the user with a token. " +
        "Repeated failures lock the user id for a while (429); so do many failures from one client address (429 with Retry-After)",
      response: authenticateResult,
    }, async ({ c, deps, body }) => {
      const user = await authenticate(deps.db, deps.config, body, { address: clientAddress(c), policy: limits, addressPolicy: addressLimits });
      setSessionCookie(c, user.token, deps.config.sessionTtl);
      return { data: [user], message: "Signed in successfully" };
    }),
    route({
      method: "post", path: "/Users/logOut", permission: "authenticated", tag,
      summary: "Sign out: every token of this user stops working", response: z.object({ message: z.string() }),
    }, async ({ c, deps, caller }) => {
      await signOut(deps.db, caller, clientAddress(c));
      clearSessionCookie(c);
      return { message: "Signed out successfully" };
    }),
    route({
      method: "get", path: "/users/session", permission: "authenticated", tag,
      summary: "The signed-in user of this session (the cookie is not readable by page scripts)",
      response: z.object({ data: sessionUser }),
    }, async ({ deps, caller }) => ({ data: await getSessionUser(deps.db, caller.id) })),
    route({
      method: "put", path: "/Users/changePassword/{userId}", permission: "authenticated", tag: "Users", params: userIdParams, query: changePasswordQuery,
      summary: "Change your own password; other devices are signed out, this one gets a new token", response: changePasswordResult,
    }, async ({ c, deps, params, query, caller }) => {
      const { sessionVersion, message } = await changeOwnPassword(deps.db, caller, params.userId, query, clientAddress(c));
      const token = await issueToken(deps.config.jwtSecret, { sub: String(caller.id), sv: sessionVersion }, deps.config.sessionTtl);
      setSessionCookie(c, token, deps.config.sessionTtl);
      return { data: { token }, message };
    }),
  ];
}
