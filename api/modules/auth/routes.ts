import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import { clientAddress } from "../../http/security.ts";
import { clearSessionCookie, setSessionCookie } from "./cookie.ts";
import type { LockoutPolicy } from "./lockout.ts";
import { authenticateBody, authenticateResult, sessionUser } from "./schemas.ts";
import { authenticate, getSessionUser, signOut } from "./service.ts";

const tag = "Sign-in";

/**
 * Sign-in, sign-out and the session probe. `limits` is the per-account lockout (failures allowed and the
 * window they are counted in); the lock itself is kept in the database, see lockout.ts.
 */
export function authRoutes(limits: LockoutPolicy): RouteDef[] {
  return [
    route({
      method: "post", path: "/users/authenticate", permission: "public", tag, body: authenticateBody,
      summary: "Sign in with user id and password; sets the session cookie and answers the user with a token. " +
        "Repeated failures lock the user id for a while (429)",
      response: authenticateResult,
    }, async ({ c, deps, body }) => {
      const user = await authenticate(deps.db, deps.config, body, { address: clientAddress(c), policy: limits });
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
  ];
}
