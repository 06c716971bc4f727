import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { resolveCaller } from "../modules/auth/service.ts";
import { MENU_LABELS } from "../modules/roles/schemas.ts";
import { SESSION_COOKIE } from "../modules/auth/schemas.ts";
import { AppError } from "../shared/errors.ts";
import type { Caller, Deps, Permission } from "./route.ts";

export const SIGNED_OUT_MESSAGE = "Your session has ended. Please sign in again.";

export function sessionToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  return getCookie(c, SESSION_COOKIE);
}

/** Resolves the caller and enforces the route's declared permission. */
export async function authorize(c: Context, deps: Deps, permission: Permission): Promise<Caller | undefined> {
  if (permission === "public") return undefined;
  const token = sessionToken(c);
  if (!token) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  const caller = await resolveCaller(deps.db, deps.config.jwtSecret, token);
  if (!caller) throw new AppError("UNAUTHENTICATED", SIGNED_OUT_MESSAGE);
  if (permission !== "authenticated" && !caller.menus.has(permission)) {
    throw new AppError("FORBIDDEN", `Your role does not have access to ${MENU_LABELS[permission]}.`);
  }
  return caller;
}
