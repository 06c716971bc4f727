import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { resolveSession, SESSION_COOKIE, USER_MESSAGES } from "../modules/auth/index.ts";
import { CAPABILITIES, type Capability, MENU_LABELS, type MenuId } from "../shared/permissions.ts";
import { recordAudit } from "../shared/audit.ts";
import { AppError } from "../shared/errors.ts";
import type { Caller, Deps, Permission } from "./route.ts";
import { clientAddress } from "./security.ts";

export const SIGN_IN_MESSAGE = "Sign in to continue.";
/** A token that is malformed, forged or expired. */
export const SIGNED_OUT_MESSAGE = "Your session has ended. Please sign in again.";

export function sessionToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  return getCookie(c, SESSION_COOKIE);
}

/** Resolves the caller and enforces the route's declared permission; a refusal by menu is audited. */
export async function authorize(c: Context, deps: Deps, permission: Permission): Promise<Caller | undefined> {
  if (permission === "public") return undefined;
  const token = sessionToken(c);
  if (!token) throw new AppError("UNAUTHENTICATED", SIGN_IN_MESSAGE);
  const session = await resolveSession(deps.db, deps.config.jwtSecret, token);
  if ("problem" in session) {
    // A genuine token revoked by a sign-out or a change to the user or the role gets the users module's text.
    throw new AppError("UNAUTHENTICATED", session.problem === "revoked" ? USER_MESSAGES.sessionChanged : SIGNED_OUT_MESSAGE);
  }
  const { caller } = session;
  if (permission !== "authenticated" && !holds(caller, permission)) {
    await recordAudit(deps.db, {
      actor: caller.userId,
      action: "PERMISSION_DENIED",
      target: `${c.req.method} ${new URL(c.req.url).pathname}`,
      detail: { permission },
      address: clientAddress(c),
    });
    throw new AppError("FORBIDDEN", refusal(permission));
  }
  return caller;
}

const isMenu = (permission: MenuId | Capability): permission is MenuId => permission in MENU_LABELS;

function holds(caller: Caller, permission: MenuId | Capability): boolean {
  return isMenu(permission) ? caller.menus.has(permission) : caller.capabilities.has(permission);
}

function refusal(permission: MenuId | Capability): string {
  if (isMenu(permission)) return `Your role does not have access to ${MENU_LABELS[permission]}.`;
  const label = CAPABILITIES.find((c) => c.id === permission)?.label ?? permission;
  return `Your role does not have the ${label} permission.`;
}
