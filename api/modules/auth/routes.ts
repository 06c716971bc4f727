import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import { clientAddress } from "../../http/security.ts";
import { AttemptLimiter } from "../../http/rate-limit.ts";
import { authenticateBody, authenticateResult, SESSION_COOKIE, sessionUser } from "./schemas.ts";
import { authenticate, getSessionUser, logOut } from "./service.ts";

const tag = "Sign-in";

export function authRoutes(limits: { attempts: number; windowMs: number }): RouteDef[] {
  const limiter = new AttemptLimiter(limits.attempts, limits.windowMs);
  return [
    route({
      method: "post", path: "/users/authenticate", permission: "public", tag, body: authenticateBody,
      summary: "Sign in with user id and password; sets the session cookie and answers the user with a token",
      response: authenticateResult,
    }, async ({ c, deps, body }) => {
      const key = `${clientAddress(c)}|${body.userId.toLowerCase()}`;
      limiter.hit(key);
      const user = await authenticate(deps.db, deps.config, body);
      limiter.reset(key);
      setCookie(c, SESSION_COOKIE, user.token, {
        httpOnly: true,
        sameSite: "Strict",
        path: "/api",
        secure: new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https",
        maxAge: deps.config.sessionTtl,
      });
      return { data: [user], message: "Signed in successfully" };
    }),
    route({
      method: "post", path: "/Users/logOut", permission: "authenticated", tag,
      summary: "Sign out: every token of this user stops working", response: z.object({ message: z.string() }),
    }, async ({ c, deps, caller }) => {
      await logOut(deps.db, caller.id);
      deleteCookie(c, SESSION_COOKIE, { path: "/api" });
      return { message: "Signed out successfully" };
    }),
    route({
      method: "get", path: "/users/session", permission: "authenticated", tag,
      summary: "The signed-in user of this session (the cookie is not readable by page scripts)",
      response: z.object({ data: sessionUser }),
    }, async ({ deps, caller }) => ({ data: await getSessionUser(deps.db, caller.id) })),
  ];
}
