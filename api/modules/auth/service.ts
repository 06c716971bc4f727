import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { roleDetails, roles, users } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { CAPABILITY_IDS, type Capability, MENU_IDS, type MenuId } from "../roles/schemas.ts";
import { readUser } from "../users/read.ts";
import type { SessionUser } from "./schemas.ts";
import { verifyPassword } from "./passwords.ts";
import { issueToken, readToken } from "./tokens.ts";

/** The caller of a guarded route, resolved from the token and the database on every request. */
export interface Caller {
  id: number;
  userId: string;
  roleId: string;
  isDat: boolean;
  menus: ReadonlySet<MenuId>;
  capabilities: ReadonlySet<Capability>;
}

export interface SessionSettings {
  jwtSecret: Uint8Array;
  /** Token lifetime in seconds. */
  sessionTtl: number;
}

const WRONG_CREDENTIALS = "Invalid user id or password.";

/** Checks the password and answers the signed-in user with a fresh token; records the device login time. */
export async function authenticate(db: Db, config: SessionSettings, input: { userId: string; password: string }) {
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, sessionVersion: users.sessionVersion, roleActive: roles.isActive })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.userId}) = lower(${input.userId})`);
  // Verify even when the user is unknown so that timing does not tell which user ids exist.
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) throw new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS);
  if (!row.isActive) throw new AppError("FORBIDDEN", "This account is deactivated. Ask your administrator to activate it.");
  if (!row.roleActive) throw new AppError("FORBIDDEN", "Your role is deactivated. Ask your administrator for access.");
  const now = new Date();
  await db.update(users).set({ devicelogin: now }).where(eq(users.id, row.id));
  const token = await issueToken(config.jwtSecret, { sub: String(row.id), sv: row.sessionVersion }, config.sessionTtl);
  const user = await getSessionUser(db, row.id);
  return { ...user, token };
}

/** Revokes every token the user holds by bumping the session version. */
export async function logOut(db: Db, userKey: number): Promise<void> {
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userKey));
}

/** Resolves a bearer or cookie token into the caller, or null when it is missing, invalid, expired or revoked. */
export async function resolveCaller(db: Db, secret: Uint8Array, token: string): Promise<Caller | null> {
  const claims = await readToken(secret, token);
  if (!claims) return null;
  const id = Number(claims.sub);
  if (!Number.isInteger(id)) return null;
  const rows = await db.select({
    userId: users.userId,
    sessionVersion: users.sessionVersion,
    isActive: users.isActive,
    roleCode: roles.roleId,
    roleActive: roles.isActive,
    isDat: roles.isDat,
    type: roleDetails.type,
    menuId: roleDetails.menuId,
    isAllowed: roleDetails.isAllowed,
  }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(roleDetails, eq(roleDetails.roleId, roles.id))
    .where(eq(users.id, id));
  const first = rows[0];
  if (!first || first.sessionVersion !== claims.sv || !first.isActive || !first.roleActive) return null;
  return { id, userId: first.userId, roleId: first.roleCode, isDat: first.isDat, menus: allowedMenus(rows), capabilities: allowedCapabilities(rows) };
}

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
    menus: [...allowedMenus(details)],
    capabilities: [...allowedCapabilities(details)],
    devicelogin: user.devicelogin,
    dateModified: user.dateModified,
  };
}

type DetailRow = { type: string | null; menuId: string | null; isAllowed: boolean | null };

function allowedMenus(rows: DetailRow[]): Set<MenuId> {
  const menus = new Set<MenuId>();
  for (const r of rows) {
    if (r.type === "MENU" && r.menuId && r.isAllowed && (MENU_IDS as readonly string[]).includes(r.menuId)) menus.add(r.menuId as MenuId);
  }
  return menus;
}

function allowedCapabilities(rows: DetailRow[]): Set<Capability> {
  const found = new Set<Capability>();
  for (const r of rows) {
    if (r.type === "CAPABILITY" && r.menuId && r.isAllowed && (CAPABILITY_IDS as readonly string[]).includes(r.menuId)) found.add(r.menuId as Capability);
  }
  return found;
}

// A valid argon2id hash of a random password, verified against when the user id is unknown.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3vC6hQ4Hc4Sg7Y1TqYb3Wq1mBgqV2CwqXQeCRJf0dEk";
