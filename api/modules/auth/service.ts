import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, roleDetails, roles, userBranches, users } from "../../../db/schema/index.ts";
import { type AuditAction, recordAudit, recordAuditRepeat } from "../../shared/audit.ts";
import type { BranchScope } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { type Capability, grantedCapabilities, grantedMenus, type MenuId } from "../../shared/permissions.ts";
import { getSessionUser, logOut, verifyPassword } from "../users/index.ts";
import { type AddressPolicy, addressBlocked, addressKey, releaseAddressAttempt, reserveAddressAttempt } from "./address-limit.ts";
import { accountKey, clearAttempts, isLocked, LOCKED_MESSAGE, lockIfOverLimit, type LockoutPolicy, reserveAttempt } from "./lockout.ts";
import { issueToken, readToken } from "./tokens.ts";

/**
 * The caller of a guarded route, resolved from the token and the database on every request. It carries the
 * user's branch scope (api/shared/branch-scope.ts), so a service filters records by branch without a read.
 */
export interface Caller extends BranchScope {
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

export const WRONG_CREDENTIALS = "Invalid user id or password.";

export interface SignInContext {
  /** The client address for the audit log (clientAddress() of api/http/security.ts). */
  address: string | null;
  policy: LockoutPolicy;
  /** The limit on failed sign-ins from one client address, whatever user ids they name. */
  addressPolicy: AddressPolicy;
}

/**
 * Checks the password and answers the signed-in user with a fresh token; records the device login time.
 *
 * A locked account key is refused before anything else (429, one text for every key); then an address that
 * failed too often (429 with Retry-After, see address-limit.ts). A wrong password, an unknown user id and a
 * user without a password yet all fail alike (401), each after one argon2 verification, so neither the answer
 * nor its timing tells which user ids exist. Every outcome is written to the audit log.
 */
export async function authenticate(db: Db, config: SessionSettings, input: { userId: string; password: string }, context: SignInContext) {
  const key = accountKey(input.userId);
  const typed = input.userId.trim().slice(0, 50);
  const audit = (action: AuditAction, detail?: Record<string, unknown>) =>
    recordAudit(db, { actor: typed, action, target: `user:${key}`, detail, address: context.address });

  const locked = async () => {
    await recordAuditRepeat(db, { actor: typed, action: "SIGN_IN_LOCKED", target: `user:${key}`, address: context.address });
    return new AppError("RATE_LIMITED", LOCKED_MESSAGE);
  };
  // A try at a locked user id checks no password, so it is refused before it takes a place in the address's
  // count: a colleague pressing Sign in on a locked account, even many times at once, does not block the office.
  if (await isLocked(db, key)) throw await locked();

  const from = addressKey(context.address);
  const spot = await reserveAddressAttempt(db, from, context.addressPolicy);
  if (!spot.allowed) {
    if (spot.started) {
      await recordAudit(db, {
        actor: null, action: "ADDRESS_BLOCKED", target: `address:${from}`, address: context.address,
        detail: { seconds: spot.retryAfterSeconds, attempts: context.addressPolicy.attempts },
      });
    }
    // Without the user id: a sprayer names a new one each try, and one row per address and window is enough.
    await recordAuditRepeat(db, { actor: null, action: "SIGN_IN_THROTTLED", target: `address:${from}`, address: context.address });
    throw addressBlocked(spot.retryAfterSeconds);
  }

  const reservation = await reserveAttempt(db, key, context.policy);
  if (!reservation.allowed) {
    // Locked while this try waited: it guesses nothing either, so the address gets its place back.
    await releaseAddressAttempt(db, from);
    if (reservation.overLimit) await startLock(db, key, context.policy, audit);
    throw await locked();
  }

  const [row] = await db.select({
    id: users.id,
    userId: users.userId,
    passwordHash: users.passwordHash,
    isActive: users.isActive,
    sessionVersion: users.sessionVersion,
    roleActive: roles.isActive,
  }).from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.userId}) = lower(${key})`);
  // Verify even when the user is unknown or has no password yet, so that timing does not tell them apart.
  const verified = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  const failed = async (reason: string) => {
    await audit("SIGN_IN_FAILED", { reason, failures: reservation.failures });
    await startLock(db, key, context.policy, audit);
  };
  if (!row || !row.passwordHash || !verified) {
    await failed("bad-credentials");
    throw new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS);
  }
  // The password was right, so telling the user why they cannot enter gives nothing away.
  if (!row.isActive) {
    await failed("inactive");
    throw new AppError("FORBIDDEN", "This account is deactivated. Ask your administrator to activate it.");
  }
  if (!row.roleActive) {
    await failed("role-inactive");
    throw new AppError("FORBIDDEN", "Your role is deactivated. Ask your administrator for access.");
  }
  await clearAttempts(db, key);
  await releaseAddressAttempt(db, from);
  const now = new Date();
  await db.update(users).set({ devicelogin: now }).where(eq(users.id, row.id));
  await recordAudit(db, { actor: row.userId, action: "SIGN_IN", target: `user:${row.userId}`, address: context.address });
  const token = await issueToken(config.jwtSecret, { sub: String(row.id), sv: row.sessionVersion }, config.sessionTtl);
  const user = await getSessionUser(db, row.id);
  return { ...user, token };
}

async function startLock(
  db: Db,
  key: string,
  policy: LockoutPolicy,
  audit: (action: AuditAction, detail?: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const lock = await lockIfOverLimit(db, key, policy);
  if (lock) await audit("ACCOUNT_LOCKED", { until: lock.until.toISOString(), failures: lock.failures, lockLevel: lock.lockLevel });
}

/** The caller's own sign-out: every token of theirs stops working, and the log-out is audited. */
export async function signOut(db: Db, caller: Pick<Caller, "id" | "userId">, address: string | null): Promise<void> {
  await logOut(db, caller.id);
  await recordAudit(db, { actor: caller.userId, action: "LOG_OUT", target: `user:${caller.userId}`, address });
}

/**
 * What a presented token amounts to: the caller, or why there is none. "invalid" is a token that is
 * malformed, forged, expired or of another issuer; "revoked" is a genuine token that no longer counts
 * because the user signed out, was changed (session version bumped), deactivated or deleted, or the role
 * was deactivated.
 */
export type SessionCheck = { caller: Caller } | { problem: "invalid" | "revoked" };

export async function resolveSession(db: Db, secret: Uint8Array, token: string): Promise<SessionCheck> {
  const claims = await readToken(secret, token);
  if (!claims) return { problem: "invalid" };
  const id = Number(claims.sub);
  if (!Number.isInteger(id)) return { problem: "invalid" };
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
    // The branch list rides along in the same statement (one subquery, not a join that would multiply the
    // role's detail rows), so the session still costs one round trip per request.
    branchCodes: sql<string[]>`array(select ${branches.code} from ${userBranches} join ${branches} on ${branches.id} = ${userBranches.branchId} where ${userBranches.userKey} = ${users.id} order by ${branches.code})`,
  }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(roleDetails, eq(roleDetails.roleId, roles.id))
    .where(eq(users.id, id));
  const first = rows[0];
  if (!first || first.sessionVersion !== claims.sv || !first.isActive || !first.roleActive) return { problem: "revoked" };
  const capabilities = grantedCapabilities(rows);
  return {
    caller: {
      id,
      userId: first.userId,
      roleId: first.roleCode,
      isDat: first.isDat,
      menus: grantedMenus(rows),
      capabilities,
      branchCodes: first.branchCodes,
      allBranches: capabilities.has("ALL_BRANCHES"),
    },
  };
}

/**
 * The caller a user is once signed in, resolved exactly as a session is (menus, capabilities and whatever else
 * a session carries), for work done in a user's name without a request: the demo line of the first start.
 */
export async function callerOfUser(db: Db, userKey: number): Promise<Caller> {
  const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userKey));
  if (!row) throw new AppError("NOT_FOUND", `User ${userKey} was not found.`);
  // A secret of this call alone: the token never leaves it.
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const session = await resolveSession(db, secret, await issueToken(secret, { sub: String(userKey), sv: row.sessionVersion }, 60));
  if (!("caller" in session)) throw new AppError("FORBIDDEN", `User ${userKey} cannot work: the account or its role is deactivated.`);
  return session.caller;
}

// A valid argon2id hash of a random password, verified against when the user id is unknown.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3vC6hQ4Hc4Sg7Y1TqYb3Wq1mBgqV2CwqXQeCRJf0dEk";
