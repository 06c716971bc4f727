import { and, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { searchAny, statusFilter } from "../../shared/list-filters.ts";
import type { Db } from "../../../db/client.ts";
import { branches, containerYards, roles, userBranches, userCys, users } from "../../../db/schema/index.ts";
import { recordAudit } from "../../shared/audit.ts";
import { EMPTY_LIST_MESSAGE, type ListQuery, type ListResult, type WriteResult } from "../../shared/contracts.ts";
import { AppError, databaseErrorCode } from "../../shared/errors.ts";
import type { Caller } from "../../http/route.ts";
import { endSessions, getSessionUser } from "./session.ts";
import { queueEmail } from "../email/index.ts";
import { queueAccountLink, type RequestContext } from "./account.ts";
import { readUser, readUsers } from "./read.ts";
import { type SessionUser, USER_MESSAGES, type User } from "./schemas.ts";

/**
 * The users of 000 §3 and §7 "Users": the administrator's screen (load, create, update, delete, activate) and
 * what a signed-in user changes about themselves (CY, branch, dark mode, profile). Administrative changes
 * bump the session version so the user signs in again; self-service changes do not.
 */

export const USER_NOT_FOUND = "User not found.";
export const CY_EMPTY = "Error: CY is Empty";
export const BRANCH_ID_NOT_FOUND = "Error: ID not found! Please try to re-Login and try again.";
const STALE_USER = "This user was changed by someone else after you opened it. Reload it and try again.";

/** The fields an administrator sends for one user (schemas.ts userInput, after parsing). */
export interface UserFields {
  userId: string;
  name: string;
  email: string;
  roleId: string;
  branches: { id: number; defaultBranch: boolean }[];
  allCy: string[];
  userCy?: string | null;
}

function isAdmin(caller: Caller): boolean {
  return caller.menus.has("SYSTEMACCOUNT");
}

/** Reads and writes about one user are open to that user and to whoever manages users. */
function requireSelfOrAdmin(caller: Caller, id: number): void {
  if (caller.id !== id && !isAdmin(caller)) {
    throw new AppError("FORBIDDEN", "You can only view or change your own account.");
  }
}

function requireSelf(caller: Caller, id: number): void {
  if (caller.id !== id) throw new AppError("FORBIDDEN", "You can only change your own account.");
}

async function mustRead(db: Db, id: number): Promise<User> {
  const user = await readUser(db, id);
  if (!user) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  return user;
}

async function findRow(db: Db, id: number) {
  const [row] = await db.select({ id: users.id, userId: users.userId, roleKey: users.roleId, isActive: users.isActive, userCy: users.userCy })
    .from(users).where(eq(users.id, id));
  if (!row) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Administrator's screen

export async function loadUsers(db: Db, query: ListQuery): Promise<ListResult<User>> {
  const parts: (SQL | undefined)[] = [statusFilter(users.isActive, query.filter)];
  parts.push(searchAny([users.userId, users.name, users.email, roles.roleName], query.search));
  const where = and(...parts);
  const [data, [{ total }]] = await Promise.all([
    readUsers(db, where, { skip: query.skip, take: query.take }),
    db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
  ]);
  const result: ListResult<User> = { data, total: Number(total) };
  if (data.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

export async function getUser(db: Db, caller: Caller, id: number): Promise<{ data: User }> {
  requireSelfOrAdmin(caller, id);
  return { data: await mustRead(db, id) };
}

interface Assignments {
  roleKey: number;
  roleCode: string;
  branchIds: number[];
  defaultBranchId: number | null;
  /** The stored spelling of each CY code. */
  cyCodes: string[];
  userCy: string | null;
}

/**
 * Checks the role, branches and CYs an administrator assigns and turns codes into keys. Deactivated entries
 * are refused when newly given; ones the user already holds may stay, so editing a name never forces a
 * reshuffle of old assignments.
 */
async function resolveAssignments(
  db: Db,
  input: UserFields,
  current?: { roleKey: number; branchIds: number[]; cyCodes: string[]; userCy: string | null },
): Promise<Assignments> {
  const [role] = await db.select({ id: roles.id, roleId: roles.roleId, isActive: roles.isActive })
    .from(roles).where(sql`lower(${roles.roleId}) = lower(${input.roleId})`);
  if (!role) {
    throw new AppError("VALIDATION", `Role ${input.roleId} does not exist.`, { roleId: [`Role ${input.roleId} does not exist`] });
  }
  if (!role.isActive && role.id !== current?.roleKey) {
    throw new AppError("VALIDATION", `Role ${role.roleId} is deactivated. Choose an active role.`, { roleId: [`Role ${role.roleId} is deactivated`] });
  }

  const branchIds = input.branches.map((b) => b.id);
  if (branchIds.length) {
    const found = await db.select({ id: branches.id, code: branches.code, isActive: branches.isActive }).from(branches).where(inArray(branches.id, branchIds));
    const missing = branchIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) {
      const text = `Branch with id ${missing.join(", ")} does not exist`;
      throw new AppError("VALIDATION", `${text}.`, { branches: [text] });
    }
    const inactive = found.filter((f) => !f.isActive && !current?.branchIds.includes(f.id));
    if (inactive.length) {
      const text = `Branch ${inactive.map((f) => f.code).join(", ")} is deactivated`;
      throw new AppError("VALIDATION", `${text}. Choose active branches.`, { branches: [text] });
    }
  }

  const wanted = [...new Set(input.allCy.map((c) => c.toLowerCase()))];
  let cyCodes: string[] = [];
  if (wanted.length) {
    const found = await db.select({ code: containerYards.code, isActive: containerYards.isActive }).from(containerYards)
      .where(inArray(sql`lower(${containerYards.code})`, wanted));
    const missing = input.allCy.filter((c) => !found.some((f) => f.code.toLowerCase() === c.toLowerCase()));
    if (missing.length) {
      const text = `Container yard ${[...new Set(missing)].join(", ")} does not exist`;
      throw new AppError("VALIDATION", `${text}.`, { allCy: [text] });
    }
    const inactive = found.filter((f) => !f.isActive && !current?.cyCodes.includes(f.code));
    if (inactive.length) {
      const text = `Container yard ${inactive.map((f) => f.code).join(", ")} is deactivated`;
      throw new AppError("VALIDATION", `${text}. Choose active container yards.`, { allCy: [text] });
    }
    cyCodes = found.map((f) => f.code);
  }

  // An absent userCy keeps the current one while it is still among the user's CYs.
  const chosen = input.userCy === undefined ? current?.userCy ?? null : input.userCy;
  const userCy = chosen ? cyCodes.find((c) => c.toLowerCase() === chosen.toLowerCase()) ?? null : null;
  if (input.userCy && !userCy) {
    throw new AppError("VALIDATION", "userCy must be one of the user's CYs (allCy).", { userCy: ["userCy must be one of the user's CYs (allCy)"] });
  }

  return {
    roleKey: role.id,
    roleCode: role.roleId,
    branchIds,
    defaultBranchId: input.branches.find((b) => b.defaultBranch)?.id ?? null,
    cyCodes,
    userCy,
  };
}

async function writeAssignments(tx: Db, userKey: number, a: Assignments): Promise<void> {
  await tx.delete(userBranches).where(eq(userBranches.userKey, userKey));
  if (a.branchIds.length) {
    await tx.insert(userBranches).values(a.branchIds.map((branchId) => ({ userKey, branchId, defaultBranch: branchId === a.defaultBranchId })));
  }
  await tx.delete(userCys).where(eq(userCys.userKey, userKey));
  if (a.cyCodes.length) await tx.insert(userCys).values(a.cyCodes.map((cyCode) => ({ userKey, cyCode })));
}

function duplicateUserId(userId: string): AppError {
  return new AppError("CONFLICT", `User id ${userId} already exists.`, { userId: [`User id ${userId} already exists`] });
}

async function refuseTakenUserId(db: Db, userId: string, exceptId?: number): Promise<void> {
  const [taken] = await db.select({ id: users.id, userId: users.userId }).from(users)
    .where(and(sql`lower(${users.userId}) = lower(${userId})`, exceptId === undefined ? undefined : ne(users.id, exceptId)));
  if (taken) throw duplicateUserId(userId);
}

/** A unique violation that slipped past the check (a concurrent insert) gives the same 409. */
async function guardUserId<R>(userId: string, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw duplicateUserId(userId);
    throw err;
  }
}

/**
 * POST /users/multipleInsert: users are created without a password; each gets a set-up link by email, queued
 * in the same transaction, so either every user and message exists or none does.
 */
export async function createUsers(db: Db, inputs: UserFields[], caller: Caller, ctx: RequestContext): Promise<WriteResult<User[]>> {
  const seen = new Set<string>();
  for (const input of inputs) {
    const key = input.userId.toLowerCase();
    if (seen.has(key)) {
      throw new AppError("VALIDATION", `User id ${input.userId} is listed more than once.`, { userId: [`User id ${input.userId} is listed more than once`] });
    }
    seen.add(key);
    await refuseTakenUserId(db, input.userId);
  }
  const resolved: Assignments[] = [];
  for (const input of inputs) resolved.push(await resolveAssignments(db, input));

  const now = new Date();
  const keys = await guardUserId(inputs.map((i) => i.userId).join(", "), () =>
    db.transaction(async (tx) => {
      const created: number[] = [];
      for (const [index, input] of inputs.entries()) {
        const a = resolved[index];
        const [row] = await tx.insert(users).values({
          userId: input.userId,
          name: input.name,
          email: input.email,
          roleId: a.roleKey,
          userCy: a.userCy,
          userCreated: caller.userId,
          userModified: caller.userId,
          dateCreated: now,
          dateModified: now,
        }).returning({ id: users.id });
        await writeAssignments(tx, row.id, a);
        await queueAccountLink(tx, { id: row.id, userId: input.userId, name: input.name, email: input.email }, "SETUP", ctx.linkBase, caller.userId);
        await recordAudit(tx, {
          actor: caller.userId, action: "USER_CREATED", target: `user:${input.userId}`,
          detail: { roleId: a.roleCode, branches: a.branchIds, allCy: a.cyCodes, setupEmailQueued: true }, address: ctx.address,
        });
        created.push(row.id);
      }
      return created;
    })
  );
  const data = await readUsers(db, inArray(users.id, keys));
  return { data, message: USER_MESSAGES.added };
}

/**
 * PUT /users/update/{id}: replaces the user's fields, branches and CYs. The user's tokens stop working, so
 * they sign in again and see the change ("User Changes: Please Login Again").
 */
export async function updateUser(
  db: Db,
  id: number,
  input: UserFields & { dateModified: string; isActive?: boolean },
  caller: Caller,
  address: string | null,
): Promise<WriteResult<User>> {
  const before = await mustRead(db, id);
  const row = await findRow(db, id);
  if (input.isActive === false && id === caller.id) {
    throw new AppError("VALIDATION", "You cannot deactivate your own account.", { isActive: ["You cannot deactivate your own account"] });
  }
  await refuseTakenUserId(db, input.userId, id);
  const a = await resolveAssignments(db, input, {
    roleKey: row.roleKey,
    branchIds: before.branches.map((b) => b.id),
    cyCodes: before.allCy.map((c) => c.code),
    userCy: before.userCy,
  });
  const now = new Date();
  await guardUserId(input.userId, () =>
    db.transaction(async (tx) => {
      const updated = await tx.update(users).set({
        userId: input.userId,
        name: input.name,
        email: input.email,
        roleId: a.roleKey,
        userCy: a.userCy,
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        ...endSessions,
        userModified: caller.userId,
        dateModified: now,
      }).where(and(eq(users.id, id), eq(users.dateModified, new Date(input.dateModified)))).returning({ id: users.id });
      if (updated.length === 0) throw new AppError("CONFLICT", STALE_USER);
      await writeAssignments(tx, id, a);
      await recordAudit(tx, {
        actor: caller.userId, action: "USER_UPDATED", target: `user:${input.userId}`,
        detail: {
          ...(before.userId !== input.userId ? { renamedFrom: before.userId } : {}),
          name: input.name, email: input.email, branches: a.branchIds, allCy: a.cyCodes, userCy: a.userCy,
          ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        },
        address,
      });
      if (before.roleId !== a.roleCode) {
        await recordAudit(tx, { actor: caller.userId, action: "USER_ROLE_CHANGED", target: `user:${input.userId}`, detail: { from: before.roleId, to: a.roleCode }, address });
      }
      if (input.isActive !== undefined && input.isActive !== before.isActive) {
        await recordAudit(tx, { actor: caller.userId, action: input.isActive ? "USER_ACTIVATED" : "USER_DEACTIVATED", target: `user:${input.userId}`, address });
      }
    })
  );
  return { data: await mustRead(db, id), message: USER_MESSAGES.updated };
}

/** DELETE /users/delete: all or none; an administrator cannot remove their own account. */
export async function deleteUsers(db: Db, ids: number[], caller: Caller, address: string | null): Promise<WriteResult<{ ids: number[] }>> {
  const unique = [...new Set(ids)];
  if (unique.includes(caller.id)) {
    throw new AppError("VALIDATION", "You cannot delete your own account; nothing was deleted.", { ids: ["Your own account is in the list"] });
  }
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: users.id, userId: users.userId }).from(users).where(inArray(users.id, unique));
    const missing = unique.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError("NOT_FOUND", `User with id ${missing.join(", ")} was not found; nothing was deleted.`);
    try {
      await tx.delete(users).where(inArray(users.id, unique));
    } catch (err) {
      if (databaseErrorCode(err) === "23503") {
        throw new AppError("CONFLICT", "A user in the list is referenced by other records and cannot be deleted. Deactivate the user instead.");
      }
      throw err;
    }
    for (const f of found) await recordAudit(tx, { actor: caller.userId, action: "USER_DELETED", target: `user:${f.userId}`, address });
  });
  return { data: { ids: unique }, message: USER_MESSAGES.deleted };
}

/** PUT /users/activation/{id}?isActive: a deactivated user is signed out at once. */
export async function setActivation(db: Db, id: number, isActive: boolean, caller: Caller, address: string | null): Promise<WriteResult<User>> {
  const row = await findRow(db, id);
  if (!isActive && id === caller.id) {
    throw new AppError("VALIDATION", "You cannot deactivate your own account.", { isActive: ["You cannot deactivate your own account"] });
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({
      isActive,
      ...(isActive ? {} : endSessions),
      userModified: caller.userId,
      dateModified: new Date(),
    }).where(eq(users.id, id));
    await recordAudit(tx, { actor: caller.userId, action: isActive ? "USER_ACTIVATED" : "USER_DEACTIVATED", target: `user:${row.userId}`, address });
  });
  return { data: await mustRead(db, id), message: isActive ? USER_MESSAGES.activated : USER_MESSAGES.deactivated };
}

// ---------------------------------------------------------------------------------------------------------
// What a signed-in user changes about themselves (no session bump)

/** PUT /Users/updateUserCy/{id}: the CY the user works at now, one of their allCy. */
export async function updateUserCy(
  db: Db,
  id: number,
  input: { userCy?: string | null },
  caller: Caller,
  address: string | null,
): Promise<WriteResult<SessionUser>> {
  requireSelfOrAdmin(caller, id);
  const wanted = input.userCy?.trim();
  if (!wanted) throw new AppError("VALIDATION", CY_EMPTY, { userCy: [CY_EMPTY] });
  const user = await mustRead(db, id);
  const cy = user.allCy.find((c) => c.code.toLowerCase() === wanted.toLowerCase());
  if (!cy) {
    const text = `CY ${wanted} is not one of the CYs assigned to ${user.userId}`;
    throw new AppError("VALIDATION", `${text}. Choose one of the listed CYs.`, { userCy: [text] });
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ userCy: cy.code, userModified: caller.userId, dateModified: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, { actor: caller.userId, action: "USER_CY_CHANGED", target: `user:${user.userId}`, detail: { from: user.userCy, to: cy.code }, address });
  });
  return { data: await getSessionUser(db, id), message: USER_MESSAGES.cyUpdated };
}

/**
 * PUT /Users/updateUserBranch/{id}: makes one branch the user's single default, adding it to their branches
 * when it is new. The old default is cleared first: the partial unique index allows one default per user.
 */
export async function updateUserBranch(
  db: Db,
  id: number,
  input: { id: number; defaultBranch: boolean },
  caller: Caller,
  address: string | null,
): Promise<WriteResult<SessionUser>> {
  requireSelfOrAdmin(caller, id);
  if (!input.defaultBranch) {
    const text = "Choose exactly one branch as the default";
    throw new AppError("VALIDATION", `${text}.`, { defaultBranch: [text] });
  }
  const user = await mustRead(db, id);
  const [branch] = await db.select({ id: branches.id, code: branches.code, isActive: branches.isActive }).from(branches).where(eq(branches.id, input.id));
  if (!branch) throw new AppError("VALIDATION", BRANCH_ID_NOT_FOUND, { id: [BRANCH_ID_NOT_FOUND] });
  if (!branch.isActive) {
    const text = `Branch ${branch.code} is deactivated`;
    throw new AppError("VALIDATION", `${text}. Choose another branch.`, { id: [text] });
  }
  const previous = user.branches.find((b) => b.defaultBranch)?.branchCode ?? null;
  await db.transaction(async (tx) => {
    await tx.update(userBranches).set({ defaultBranch: false }).where(and(eq(userBranches.userKey, id), eq(userBranches.defaultBranch, true)));
    const updated = await tx.update(userBranches).set({ defaultBranch: true })
      .where(and(eq(userBranches.userKey, id), eq(userBranches.branchId, branch.id))).returning({ id: userBranches.id });
    if (updated.length === 0) await tx.insert(userBranches).values({ userKey: id, branchId: branch.id, defaultBranch: true });
    await tx.update(users).set({ userModified: caller.userId, dateModified: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, {
      actor: caller.userId, action: "USER_BRANCH_CHANGED", target: `user:${user.userId}`,
      detail: { from: previous, to: branch.code, added: updated.length === 0 }, address,
    });
  });
  return { data: await getSessionUser(db, id), message: USER_MESSAGES.branchUpdated };
}

/** PUT /Users/updateDarkMode/{id}: stored per user (000 §4). */
export async function updateDarkMode(db: Db, id: number, darkMode: boolean, caller: Caller, address: string | null): Promise<WriteResult<SessionUser>> {
  requireSelf(caller, id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ darkMode, userModified: caller.userId, dateModified: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, { actor: caller.userId, action: "USER_PROFILE_UPDATED", target: `user:${caller.userId}`, detail: { darkMode }, address });
  });
  return { data: await getSessionUser(db, id), message: "Dark mode saved" };
}

/** PUT /users/profile/{id}: the user's own name and email (/myAccount/edit/{id}). */
export async function updateProfile(
  db: Db,
  id: number,
  input: { name: string; email: string; dateModified: string },
  caller: Caller,
  address: string | null,
): Promise<WriteResult<SessionUser>> {
  requireSelf(caller, id);
  const before = await mustRead(db, id);
  await db.transaction(async (tx) => {
    const updated = await tx.update(users).set({ name: input.name, email: input.email, userModified: caller.userId, dateModified: new Date() })
      .where(and(eq(users.id, id), eq(users.dateModified, new Date(input.dateModified)))).returning({ id: users.id });
    if (updated.length === 0) throw new AppError("CONFLICT", "Your account was changed after you opened this page. Reload it and try again.");
    await recordAudit(tx, {
      actor: caller.userId, action: "USER_PROFILE_UPDATED", target: `user:${caller.userId}`,
      detail: { name: input.name, email: input.email, previousEmail: before.email }, address,
    });
  });
  return { data: await getSessionUser(db, id), message: USER_MESSAGES.updated };
}

/** POST /users/HelpSupport: the message goes to the support mailbox with who sent it. */
export async function sendHelpMessage(
  db: Db,
  caller: Caller,
  input: { subject: string; message: string },
  supportEmail: string,
  address: string | null,
): Promise<{ message: string }> {
  const sender = await mustRead(db, caller.id);
  await db.transaction(async (tx) => {
    await queueEmail(tx, {
      to: supportEmail, template: "help", requestedBy: caller.userId,
      data: { fromName: sender.name, fromUserId: sender.userId, fromEmail: sender.email, subject: input.subject || "Help and support", message: input.message },
      meta: { userId: sender.userId },
    });
    await recordAudit(tx, { actor: caller.userId, action: "USER_EMAIL_SENT", target: `user:${caller.userId}`, detail: { template: "help", to: supportEmail }, address });
  });
  return { message: USER_MESSAGES.helpSent };
}
