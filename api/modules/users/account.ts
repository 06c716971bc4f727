import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { accountTokens, users } from "../../../db/schema/index.ts";
import { recordAudit } from "../../shared/audit.ts";
import { AppError } from "../../shared/errors.ts";
import { passwordProblem } from "./password-policy.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { Caller } from "../../http/route.ts";
import { endSessions } from "./session.ts";
import { queueEmail } from "../email/index.ts";
import { USER_MESSAGES } from "./schemas.ts";
import { randomToken, sha256Hex } from "../../shared/tokens.ts";
import { PAGES, pathTo } from "../../shared/page-paths.ts";

/**
 * The account life cycle: set-up and reset links, setting and changing passwords. A link carries a random
 * token; only its SHA-256 is stored, so a copy of the database hands out no working link.
 */
export type TokenPurpose = "SETUP" | "RESET";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  SETUP: 72 * 60 * 60 * 1000,
  RESET: 60 * 60 * 1000,
};

/** One answer for every way a link can be wrong, so the answer does not tell which. */
export const INVALID_LINK = "This link is invalid or has expired. Ask for a new one.";
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";

export interface RequestContext {
  /** Where links in email point: the configured public address or the caller's origin, without a trailing slash. */
  linkBase: string;
  /** Client address for the audit row. */
  address: string | null;
}

/** 256 random bits as URL-safe text, and the hash that is stored for it. */
export async function newAccountToken(): Promise<{ token: string; tokenHash: string }> {
  const token = randomToken(32);
  return { token, tokenHash: await sha256Hex(token) };
}

export function setupLink(linkBase: string, userId: string, token: string): string {
  return `${linkBase}${pathTo(PAGES.accountSetup, { userId, token })}`;
}

/**
 * Stores a prepared token for the user and voids the user's older unused tokens of the same purpose, so
 * only the newest link of each kind works. Run it in the transaction that also queues the email.
 */
export async function storeAccountToken(tx: Db, userKey: number, purpose: TokenPurpose, tokenHash: string, now = new Date()): Promise<Date> {
  await tx.update(accountTokens).set({ usedAt: now })
    .where(and(eq(accountTokens.userKey, userKey), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await tx.insert(accountTokens).values({ userKey, purpose, tokenHash, expiresAt, dateCreated: now });
  return expiresAt;
}

interface MailUser {
  id: number;
  userId: string;
  name: string;
  email: string;
}

/** A fresh link of the given kind for the user, and its message in the outbox; inside the caller's transaction. */
export async function queueAccountLink(tx: Db, user: MailUser, purpose: TokenPurpose, linkBase: string, requestedBy: string | null): Promise<void> {
  const { token, tokenHash } = await newAccountToken();
  await storeAccountToken(tx, user.id, purpose, tokenHash);
  const link = setupLink(linkBase, user.userId, token);
  if (purpose === "SETUP") {
    await queueEmail(tx, {
      to: user.email, template: "setup", requestedBy,
      data: { name: user.name, userId: user.userId, link, expiresHours: TOKEN_LIFETIME_MS.SETUP / 3_600_000 },
      meta: { userId: user.userId },
    });
  } else {
    await queueEmail(tx, {
      to: user.email, template: "reset", requestedBy,
      data: { name: user.name, userId: user.userId, link, expiresMinutes: TOKEN_LIFETIME_MS.RESET / 60_000 },
      meta: { userId: user.userId },
    });
  }
}

function refusePassword(password: string, userId: string, field = "password"): void {
  const problem = passwordProblem(password, userId);
  if (problem) throw new AppError("VALIDATION", problem, { [field]: [problem] });
}

/**
 * POST /users/setup/{userId}: sets the password with a set-up or reset link. The token is spent in the same
 * transaction as the password change, and every other open link of the user stops working with it.
 */
export async function setupAccount(db: Db, userId: string, input: { token: string; password: string }, address: string | null): Promise<{ message: string }> {
  refusePassword(input.password, userId);
  const tokenHash = await sha256Hex(input.token);
  const now = new Date();
  const [found] = await db.select({ tokenId: accountTokens.id, userKey: users.id, userId: users.userId, purpose: accountTokens.purpose })
    .from(accountTokens).innerJoin(users, eq(users.id, accountTokens.userKey))
    .where(and(
      eq(accountTokens.tokenHash, tokenHash),
      inArray(accountTokens.purpose, ["SETUP", "RESET"]),
      isNull(accountTokens.usedAt),
      gt(accountTokens.expiresAt, now),
      eq(users.isActive, true),
      sql`lower(${users.userId}) = lower(${userId})`,
    ));
  if (!found) throw new AppError("VALIDATION", INVALID_LINK);
  // Hashed only for a link that exists (argon2 is costly), and before the transaction so that stays short.
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Claiming the row with usedAt still empty makes a link good for one use even when two requests race.
    const claimed = await tx.update(accountTokens).set({ usedAt: now })
      .where(and(eq(accountTokens.id, found.tokenId), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .returning({ id: accountTokens.id });
    if (claimed.length === 0) throw new AppError("VALIDATION", INVALID_LINK);
    await tx.update(accountTokens).set({ usedAt: now })
      .where(and(eq(accountTokens.userKey, found.userKey), isNull(accountTokens.usedAt), ne(accountTokens.id, found.tokenId)));
    await tx.update(users).set({
      passwordHash,
      ...endSessions,
      userModified: found.userId,
      dateModified: now,
    }).where(eq(users.id, found.userKey));
    await recordAudit(tx, { actor: found.userId, action: "USER_PASSWORD_SET", target: `user:${found.userId}`, detail: { via: found.purpose }, address });
  });
  return { message: USER_MESSAGES.setup };
}

/**
 * POST /users/requestPasswordReset: answers the same whatever the user id. Both paths make and hash a token
 * and look the user up, so the time taken tells little about which user ids exist.
 */
export async function requestPasswordReset(db: Db, input: { userId: string }, ctx: RequestContext): Promise<{ message: string }> {
  const { token, tokenHash } = await newAccountToken();
  const [user] = await db.select({ id: users.id, userId: users.userId, name: users.name, email: users.email, isActive: users.isActive })
    .from(users).where(sql`lower(${users.userId}) = lower(${input.userId})`);
  if (user) {
    const eligible = user.isActive && user.email.trim() !== "";
    await db.transaction(async (tx) => {
      if (eligible) {
        await storeAccountToken(tx, user.id, "RESET", tokenHash);
        await queueEmail(tx, {
          to: user.email, template: "reset", requestedBy: user.userId,
          data: { name: user.name, userId: user.userId, link: setupLink(ctx.linkBase, user.userId, token), expiresMinutes: TOKEN_LIFETIME_MS.RESET / 60_000 },
          meta: { userId: user.userId },
        });
      }
      await recordAudit(tx, {
        actor: null, action: "USER_RESET_REQUESTED", target: `user:${user.userId}`,
        detail: { emailQueued: eligible }, address: ctx.address,
      });
    });
  }
  return { message: USER_MESSAGES.resetRequested };
}

/**
 * PUT /Users/changePassword/{userId}: the signed-in user changes their own password. Every other device is
 * signed out; answers the new session version, for which auth issues this device a new token.
 */
export async function changeOwnPassword(
  db: Db,
  caller: Caller,
  userId: string,
  input: { oldPass: string; password: string },
  address: string | null,
): Promise<{ sessionVersion: number; message: string }> {
  if (userId.toLowerCase() !== caller.userId.toLowerCase()) {
    throw new AppError("FORBIDDEN", "You can change only your own password.");
  }
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (!row) throw new AppError("NOT_FOUND", "User not found.");
  if (!(await verifyPassword(input.oldPass, row.passwordHash))) {
    throw new AppError("VALIDATION", WRONG_CURRENT_PASSWORD, { oldPass: [WRONG_CURRENT_PASSWORD] });
  }
  if (input.password === input.oldPass) {
    const message = "The new password must be different from the current one.";
    throw new AppError("VALIDATION", message, { password: [message] });
  }
  refusePassword(input.password, caller.userId);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const sessionVersion = await db.transaction(async (tx) => {
    // Changing the password counts as a new sign-in of this device, so its login time moves with the record.
    const [updated] = await tx.update(users).set({
      passwordHash,
      ...endSessions,
      devicelogin: now,
      userModified: caller.userId,
      dateModified: now,
    }).where(eq(users.id, caller.id)).returning({ sessionVersion: users.sessionVersion });
    await tx.update(accountTokens).set({ usedAt: now })
      .where(and(eq(accountTokens.userKey, caller.id), eq(accountTokens.purpose, "RESET"), isNull(accountTokens.usedAt)));
    await recordAudit(tx, { actor: caller.userId, action: "USER_PASSWORD_CHANGED", target: `user:${caller.userId}`, address });
    return updated.sessionVersion;
  });
  return { sessionVersion, message: USER_MESSAGES.passwordChanged };
}

/** PUT /Users/ChangePasswordAdmin/{userId}: an administrator sets a user's password; the user's tokens stop working. */
export async function adminSetPassword(db: Db, caller: Caller, userId: string, password: string, address: string | null): Promise<{ message: string }> {
  const [user] = await db.select({ id: users.id, userId: users.userId }).from(users).where(sql`lower(${users.userId}) = lower(${userId})`);
  if (!user) throw new AppError("NOT_FOUND", "User not found.");
  refusePassword(password, user.userId);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({
      passwordHash,
      ...endSessions,
      userModified: caller.userId,
      dateModified: now,
    }).where(eq(users.id, user.id));
    await recordAudit(tx, { actor: caller.userId, action: "USER_PASSWORD_RESET_BY_ADMIN", target: `user:${user.userId}`, address });
  });
  return { message: USER_MESSAGES.passwordChanged };
}

/**
 * POST /Users/sendEmail/{id}?template: queues a set-up link, a reset link or a free-text message for a user.
 * A new link voids the older unused one of its kind.
 */
export async function sendUserEmail(
  db: Db,
  caller: Caller,
  id: number,
  template: "setup" | "reset" | "generic",
  content: { subject?: string; message?: string } | undefined,
  ctx: RequestContext,
): Promise<{ message: string }> {
  const [user] = await db.select({ id: users.id, userId: users.userId, name: users.name, email: users.email, isActive: users.isActive })
    .from(users).where(eq(users.id, id));
  if (!user) throw new AppError("NOT_FOUND", "User not found.");
  if (user.email.trim() === "") {
    throw new AppError("VALIDATION", `User ${user.userId} has no email address. Add one before sending email.`, { email: ["The user has no email address"] });
  }
  if (template === "generic") {
    const missing: Record<string, string[]> = {};
    if (!content?.subject) missing.subject = ["subject is required for this template"];
    if (!content?.message) missing.message = ["message is required for this template"];
    if (Object.keys(missing).length) throw new AppError("VALIDATION", "A generic email needs a subject and a message.", missing);
  } else if (!user.isActive) {
    throw new AppError("VALIDATION", `User ${user.userId} is deactivated. Activate the user before sending a ${template === "setup" ? "set-up" : "reset"} link.`);
  }
  await db.transaction(async (tx) => {
    if (template === "generic") {
      await queueEmail(tx, {
        to: user.email, template: "generic", requestedBy: caller.userId,
        data: { name: user.name, subject: content!.subject!, message: content!.message! },
        meta: { userId: user.userId },
      });
    } else {
      await queueAccountLink(tx, user, template === "setup" ? "SETUP" : "RESET", ctx.linkBase, caller.userId);
    }
    await recordAudit(tx, { actor: caller.userId, action: "USER_EMAIL_SENT", target: `user:${user.userId}`, detail: { template }, address: ctx.address });
  });
  return { message: USER_MESSAGES.emailSent };
}
