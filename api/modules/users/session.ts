import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { roleDetails, users } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { grantedCapabilities, grantedMenus } from "../../shared/permissions.ts";
import { readUser } from "./read.ts";
import type { SessionUser } from "./schemas.ts";

/*
 * A user's sessions belong to the user record: every token carries the session version it was issued with, and
 * bumping the version ends them all. Auth issues and checks the tokens; users, roles and auth end sessions here.
 */

/**
 * Spread into a users update to end every session of the user: tokens carry the session version they were
 * issued with, and a token with an older one is refused (401 'User Changes: Please Login Again').
 */
export const endSessions = { sessionVersion: sql`${users.sessionVersion} + 1` };

/** Revokes every token the user holds by bumping the session version. */
export async function logOut(db: Db, userKey: number): Promise<void> {
  await db.update(users).set(endSessions).where(eq(users.id, userKey));
}

/** The signed-in user as the web app keeps it: the user record with the menus and capabilities of the role. */
export async function getSessionUser(db: Db, id: number): Promise<SessionUser> {
  const user = await readUser(db, id);
  if (!user) throw new AppError("NOT_FOUND", "User not found.");
  const details = await db.select({ type: roleDetails.type, menuId: roleDetails.menuId, isAllowed: roleDetails.isAllowed })
    .from(roleDetails).innerJoin(users, eq(users.roleId, roleDetails.roleId)).where(eq(users.id, id));
  return {
    id: user.id,
    userId: user.userId,
    name: user.name,
    email: user.email,
    roleId: user.roleId,
    roleName: user.roleName,
    isDat: user.isDat,
    darkMode: user.darkMode,
    userCy: user.userCy,
    userCyName: user.userCyName,
    branches: user.branches,
    allCy: user.allCy,
    menus: [...grantedMenus(details)],
    capabilities: [...grantedCapabilities(details)],
    devicelogin: user.devicelogin,
    dateModified: user.dateModified,
  };
}
