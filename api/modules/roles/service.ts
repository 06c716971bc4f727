import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { searchAny, statusFilter } from "../../shared/list-filters.ts";
import type { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { roleDetails, roles, users } from "../../../db/schema/index.ts";
import { recordAudit } from "../../shared/audit.ts";
import { endSessions } from "../users/index.ts";
import { EMPTY_LIST_MESSAGE, type ListQuery, type ListResult, type WriteResult } from "../../shared/contracts.ts";
import { AppError, databaseErrorCode } from "../../shared/errors.ts";
import {
  CAPABILITY_IDS,
  type DetailType,
  detailTypeOf,
  MENU_IDS,
  MENU_LABELS,
  type Role,
  type roleInput,
  type roleUpdateBody,
} from "./schemas.ts";

type RoleValues = z.output<typeof roleInput>;
type RoleUpdateValues = z.output<typeof roleUpdateBody>;
type RoleRecord = typeof roles.$inferSelect;
type DetailValue = { type: DetailType; menuId: string; isAllowed: boolean };

/** Who writes: the signed-in user, the code of their own role (for the lock-out rules) and their address. */
export interface RoleActor {
  userId: string;
  roleId: string;
  address?: string | null;
}

/** Who reads role access: their own role is always readable, any other needs System Account. */
export interface AccessReader {
  roleId: string;
  menus: ReadonlySet<string>;
}

export const ROLE_NOT_FOUND = "Role not found.";
const STALE_MESSAGE = "This role was changed by someone else after you opened it. Reload it and try again.";
const ADMIN_MENU = "SYSTEMACCOUNT";

// ---------------------------------------------------------------------------------------------------------
// Reading

/** Menus in the order of 000 §6, then capabilities in their declared order, so every answer lists them alike. */
function detailRank(d: { type: string; menuId: string }): number {
  if (d.type === "MENU") {
    const i = (MENU_IDS as readonly string[]).indexOf(d.menuId);
    return i < 0 ? 1000 : i;
  }
  const i = (CAPABILITY_IDS as readonly string[]).indexOf(d.menuId);
  return 2000 + (i < 0 ? 1000 : i);
}

function sortDetails<T extends { type: string; menuId: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => detailRank(a) - detailRank(b) || a.menuId.localeCompare(b.menuId));
}

async function detailsOf(db: Db, roleKeys: number[]) {
  if (roleKeys.length === 0) return [];
  return await db.select({ roleKey: roleDetails.roleId, type: roleDetails.type, menuId: roleDetails.menuId, isAllowed: roleDetails.isAllowed })
    .from(roleDetails).where(inArray(roleDetails.roleId, roleKeys));
}

/** The role read model (roleRow): the row, its detail rows and how many users hold it. */
async function readRoles(db: Db, where: SQL | undefined, page?: { skip: number; take: number }): Promise<Role[]> {
  let query = db.select().from(roles).where(where).orderBy(asc(roles.roleId), asc(roles.id)).$dynamic();
  if (page) query = query.limit(page.take).offset(page.skip);
  const rows = await query;
  if (rows.length === 0) return [];
  const keys = rows.map((r) => r.id);
  const details = await detailsOf(db, keys);
  const counts = await db.select({ roleKey: users.roleId, n: count() }).from(users).where(inArray(users.roleId, keys)).groupBy(users.roleId);
  return rows.map((r) => ({
    id: r.id,
    roleId: r.roleId,
    roleName: r.roleName,
    isDat: r.isDat,
    isActive: r.isActive,
    userCreated: r.userCreated,
    userModified: r.userModified,
    dateCreated: r.dateCreated.toISOString(),
    dateModified: r.dateModified.toISOString(),
    roleDetails: sortDetails(details.filter((d) => d.roleKey === r.id))
      .map((d) => ({ type: d.type as DetailType, menuId: d.menuId, isAllowed: d.isAllowed })),
    userCount: Number(counts.find((c) => c.roleKey === r.id)?.n ?? 0),
  }));
}

async function readRole(db: Db, id: number): Promise<Role> {
  const [role] = await readRoles(db, eq(roles.id, id));
  if (!role) throw new AppError("NOT_FOUND", ROLE_NOT_FOUND);
  return role;
}

export async function loadRoles(db: Db, query: ListQuery): Promise<ListResult<Role>> {
  const parts: (SQL | undefined)[] = [statusFilter(roles.isActive, query.filter)];
  parts.push(searchAny([roles.roleId, roles.roleName], query.search));
  const where = and(...parts);
  const data = await readRoles(db, where, { skip: query.skip, take: query.take });
  const [{ total }] = await db.select({ total: count() }).from(roles).where(where);
  const result: ListResult<Role> = { data, total: Number(total) };
  if (data.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

export async function listActiveRoles(db: Db): Promise<Role[]> {
  return await readRoles(db, eq(roles.isActive, true));
}

export async function getRole(db: Db, id: number): Promise<Role> {
  return await readRole(db, id);
}

/** A role by its code; an exact spelling wins over one that differs only in letter case. */
async function findByCode(db: Db, code: string): Promise<RoleRecord | undefined> {
  const rows = await db.select().from(roles).where(sql`lower(${roles.roleId}) = lower(${code})`);
  return rows.find((r) => r.roleId === code) ?? rows[0];
}

/** {roleId} of PUT /Roles/update: the code; a purely numeric value that is no code is the numeric id. */
async function resolveRoleKey(db: Db, key: string): Promise<number> {
  const byCode = await findByCode(db, key);
  if (byCode) return byCode.id;
  if (/^\d{1,9}$/.test(key)) {
    const [byId] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, Number(key)));
    if (byId) return byId.id;
  }
  throw new AppError("NOT_FOUND", ROLE_NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------------------
// Rules shared by the writes

function detailKey(d: DetailValue): string {
  return `${d.type}:${d.menuId}:${d.isAllowed}`;
}

/** Derives each row's type from its id and refuses unknown ids and ids given twice (field names as sent). */
function normalizeDetails(list: readonly { menuId: string; isAllowed: boolean }[], field: string): DetailValue[] {
  const seen = new Set<string>();
  const out: DetailValue[] = [];
  list.forEach((d, i) => {
    const type = detailTypeOf(d.menuId);
    if (!type) {
      throw new AppError("VALIDATION", `Unknown menu or capability '${d.menuId}'.`, { [`${field}.${i}.menuId`]: [`Unknown menu or capability '${d.menuId}'`] });
    }
    if (seen.has(d.menuId)) {
      throw new AppError("VALIDATION", `${d.menuId} is listed more than once in the role details.`, {
        [`${field}.${i}.menuId`]: [`${d.menuId} is listed more than once`],
      });
    }
    seen.add(d.menuId);
    out.push({ type, menuId: d.menuId, isAllowed: d.isAllowed });
  });
  return sortDetails(out);
}

function allowed(details: readonly DetailValue[], type: DetailType): string[] {
  return details.filter((d) => d.type === type && d.isAllowed).map((d) => d.menuId);
}

function duplicateCode(code: string, field: string): AppError {
  return new AppError("CONFLICT", `Role code ${code} already exists.`, { [field]: [`Role code ${code} already exists`] });
}

async function refuseDuplicateCode(db: Db, code: string, field: string, exceptId?: number) {
  const [dup] = await db.select({ id: roles.id }).from(roles).where(sql`lower(${roles.roleId}) = lower(${code})`);
  if (dup && dup.id !== exceptId) throw duplicateCode(code, field);
}

/** A unique violation that slipped past the check (two saves at once) answers the same 409. */
async function guardUnique<R>(code: string, field: string, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw duplicateCode(code, field);
    throw err;
  }
}

/**
 * Ends the sessions of everyone holding the role: their next request gets 401 and the client asks them to sign
 * in again, so the menus and flags they work with are never older than the role. Answers how many were ended.
 */
async function endSessionsOfRole(db: Db, roleKey: number, now: Date): Promise<number> {
  const bumped = await db.update(users)
    .set({ ...endSessions, dateModified: now })
    .where(eq(users.roleId, roleKey))
    .returning({ id: users.id });
  return bumped.length;
}

/** A new dateModified that always differs from the one it replaces, so a second save from the same read is stale. */
function nextStamp(previous: Date): Date {
  return new Date(Math.max(Date.now(), previous.getTime() + 1));
}

async function lockRole(db: Db, id: number): Promise<RoleRecord> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", ROLE_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Writing

async function insertRole(db: Db, input: RoleValues, details: DetailValue[], actor: RoleActor, prefix: string): Promise<number> {
  await refuseDuplicateCode(db, input.roleId, `${prefix}roleId`);
  const now = new Date();
  const [row] = await guardUnique(input.roleId, `${prefix}roleId`, () =>
    db.insert(roles).values({
      roleId: input.roleId,
      roleName: input.roleName,
      isDat: input.isDat,
      userCreated: actor.userId,
      userModified: actor.userId,
      dateCreated: now,
      dateModified: now,
    }).returning()
  );
  if (details.length) await db.insert(roleDetails).values(details.map((d) => ({ roleId: row.id, ...d })));
  await recordAudit(db, {
    actor: actor.userId,
    action: "ROLE_CREATED",
    target: `role:${row.roleId}`,
    detail: { roleName: row.roleName, isDat: row.isDat, menus: allowed(details, "MENU"), capabilities: allowed(details, "CAPABILITY") },
    address: actor.address,
  });
  return row.id;
}

/** POST /Roles and POST /Roles/multipleInsert: every role is written, or none (one transaction). */
export async function createRoles(db: Db, inputs: RoleValues[], actor: RoleActor, options: { indexed: boolean }): Promise<Role[]> {
  const prefix = (i: number) => (options.indexed ? `${i}.` : "");
  // Everything that can be checked without the database is checked first.
  const normalized = inputs.map((input, i) => normalizeDetails(input.roleDetails, `${prefix(i)}roleDetails`));
  const codes = new Map<string, number>();
  inputs.forEach((input, i) => {
    const lower = input.roleId.toLowerCase();
    if (codes.has(lower)) {
      throw new AppError("VALIDATION", `Role code ${input.roleId} is given more than once; nothing was saved.`, {
        [`${prefix(i)}roleId`]: [`Role code ${input.roleId} is given more than once`],
      });
    }
    codes.set(lower, i);
  });
  const ids = await db.transaction(async (tx) => {
    const out: number[] = [];
    for (const [i, input] of inputs.entries()) out.push(await insertRole(tx, input, normalized[i], actor, prefix(i)));
    return out;
  });
  const created = await readRoles(db, inArray(roles.id, ids));
  return ids.map((id) => created.find((r) => r.id === id)!);
}

export async function createRole(db: Db, input: RoleValues, actor: RoleActor): Promise<WriteResult<Role>> {
  const [role] = await createRoles(db, [input], actor, { indexed: false });
  return { data: role, message: "Role added successfully" };
}

/**
 * PUT /Roles/update/{roleId}: the role row and the complete new list of details (the old rows are replaced).
 * Refuses a stale dateModified, a code that another role has, and any change that would lock the caller out.
 */
export async function updateRole(db: Db, key: string, body: RoleUpdateValues, actor: RoleActor): Promise<WriteResult<Role>> {
  const { tblRoles, tblRoleDetails } = body;
  const details = normalizeDetails(tblRoleDetails, "tblRoleDetails");
  const id = await db.transaction(async (tx) => {
    const current = await lockRole(tx, await resolveRoleKey(tx, key));
    if (current.dateModified.getTime() !== new Date(tblRoles.dateModified).getTime()) {
      throw new AppError("CONFLICT", STALE_MESSAGE);
    }
    if (current.roleId === actor.roleId) {
      if (!details.some((d) => d.type === "MENU" && d.menuId === ADMIN_MENU && d.isAllowed)) {
        throw new AppError(
          "CONFLICT",
          `You cannot remove ${MENU_LABELS.SYSTEMACCOUNT} from your own role ${current.roleId}: you would lose access to users and roles. Ask another administrator to do it.`,
          { tblRoleDetails: [`${MENU_LABELS.SYSTEMACCOUNT} must stay allowed on your own role`] },
        );
      }
      if (tblRoles.isActive === false) {
        throw new AppError("CONFLICT", `You cannot deactivate your own role ${current.roleId}. Ask another administrator to do it.`, {
          "tblRoles.isActive": ["Your own role must stay active"],
        });
      }
    }
    if (tblRoles.roleId !== current.roleId) await refuseDuplicateCode(tx, tblRoles.roleId, "tblRoles.roleId", current.id);

    const before = (await detailsOf(tx, [current.id])).map((d) => ({ type: d.type as DetailType, menuId: d.menuId, isAllowed: d.isAllowed }));
    const beforeKeys = new Set(before.map(detailKey));
    const detailsChanged = before.length !== details.length || details.some((d) => !beforeKeys.has(detailKey(d)));
    const isActive = tblRoles.isActive ?? current.isActive;
    const deactivated = current.isActive && !isActive;
    const now = nextStamp(current.dateModified);

    const [updated] = await guardUnique(tblRoles.roleId, "tblRoles.roleId", () =>
      tx.update(roles).set({
        roleId: tblRoles.roleId,
        roleName: tblRoles.roleName,
        isDat: tblRoles.isDat,
        isActive,
        userModified: actor.userId,
        dateModified: now,
      }).where(and(eq(roles.id, current.id), eq(roles.dateModified, current.dateModified))).returning({ id: roles.id })
    );
    if (!updated) throw new AppError("CONFLICT", STALE_MESSAGE);
    if (detailsChanged) {
      await tx.delete(roleDetails).where(eq(roleDetails.roleId, current.id));
      if (details.length) await tx.insert(roleDetails).values(details.map((d) => ({ roleId: current.id, ...d })));
    }
    const sessionsEnded = detailsChanged || current.isDat !== tblRoles.isDat || deactivated ? await endSessionsOfRole(tx, current.id, now) : 0;

    await recordAudit(tx, {
      actor: actor.userId,
      action: "ROLE_UPDATED",
      target: `role:${tblRoles.roleId}`,
      detail: describeChanges(current, tblRoles, isActive, before, details, sessionsEnded),
      address: actor.address,
    });
    return current.id;
  });
  return { data: await readRole(db, id), message: "Role updated successfully" };
}

/** What an update changed, for the audit log: fields from/to, and menus and capabilities added or removed. */
function describeChanges(
  current: RoleRecord,
  next: { roleId: string; roleName: string; isDat: boolean },
  isActive: boolean,
  before: DetailValue[],
  after: DetailValue[],
  sessionsEnded: number,
): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  if (current.roleId !== next.roleId) detail.roleId = { from: current.roleId, to: next.roleId };
  if (current.roleName !== next.roleName) detail.roleName = { from: current.roleName, to: next.roleName };
  if (current.isDat !== next.isDat) detail.isDat = { from: current.isDat, to: next.isDat };
  if (current.isActive !== isActive) detail.isActive = { from: current.isActive, to: isActive };
  for (const type of ["MENU", "CAPABILITY"] as const) {
    const was = allowed(before, type);
    const now = allowed(after, type);
    const added = now.filter((m) => !was.includes(m));
    const removed = was.filter((m) => !now.includes(m));
    const word = type === "MENU" ? "Menus" : "Capabilities";
    if (added.length) detail[`added${word}`] = added;
    if (removed.length) detail[`removed${word}`] = removed;
  }
  detail.sessionsEnded = sessionsEnded;
  return detail;
}

/** DELETE /Roles/delete: all or none; a role that users still hold, or the caller's own role, stays. */
export async function deleteRoles(db: Db, ids: number[], actor: RoleActor): Promise<WriteResult<{ ids: number[] }>> {
  const unique = [...new Set(ids)];
  return await db.transaction(async (tx) => {
    const found = await tx.select({ id: roles.id, roleId: roles.roleId, roleName: roles.roleName }).from(roles)
      .where(inArray(roles.id, unique)).orderBy(asc(roles.roleId)).for("update");
    if (found.length !== unique.length) {
      const missing = unique.filter((id) => !found.some((f) => f.id === id));
      throw new AppError("NOT_FOUND", `Role with id ${missing.join(", ")} was not found; nothing was deleted.`);
    }
    const own = found.find((r) => r.roleId === actor.roleId);
    if (own) {
      throw new AppError("CONFLICT", `You cannot delete your own role ${own.roleId}; nothing was deleted.`);
    }
    const held = await tx.select({ roleKey: users.roleId, n: count() }).from(users).where(inArray(users.roleId, unique)).groupBy(users.roleId);
    if (held.length) {
      const reasons = found.filter((r) => held.some((h) => h.roleKey === r.id)).map((r) => {
        const n = Number(held.find((h) => h.roleKey === r.id)!.n);
        return `Role ${r.roleId} is held by ${n} ${n === 1 ? "user" : "users"}`;
      });
      throw new AppError("CONFLICT", `${reasons.join("; ")}. Move them to another role first; nothing was deleted.`);
    }
    try {
      await tx.delete(roles).where(inArray(roles.id, unique));
    } catch (err) {
      // A user given the role after the check above (another instance) keeps it from being deleted.
      if (databaseErrorCode(err) === "23503") throw new AppError("CONFLICT", "A role you chose was just given to a user. Reload and try again; nothing was deleted.");
      throw err;
    }
    for (const r of found) {
      await recordAudit(tx, { actor: actor.userId, action: "ROLE_DELETED", target: `role:${r.roleId}`, detail: { id: r.id, roleName: r.roleName }, address: actor.address });
    }
    return { data: { ids: unique }, message: "Role deleted successfully" };
  });
}

/** PUT /Roles/activation/{id}?isActive: deactivating ends the sessions of the role's users. */
export async function setRoleActive(db: Db, id: number, isActive: boolean, actor: RoleActor): Promise<WriteResult<Role>> {
  await db.transaction(async (tx) => {
    const current = await lockRole(tx, id);
    if (!isActive && current.roleId === actor.roleId) {
      throw new AppError("CONFLICT", `You cannot deactivate your own role ${current.roleId}. Ask another administrator to do it.`);
    }
    const now = nextStamp(current.dateModified);
    await tx.update(roles).set({ isActive, userModified: actor.userId, dateModified: now }).where(eq(roles.id, id));
    const sessionsEnded = current.isActive && !isActive ? await endSessionsOfRole(tx, id, now) : 0;
    await recordAudit(tx, {
      actor: actor.userId,
      action: isActive ? "ROLE_ACTIVATED" : "ROLE_DEACTIVATED",
      target: `role:${current.roleId}`,
      detail: { from: current.isActive, to: isActive, sessionsEnded },
      address: actor.address,
    });
  });
  return { data: await readRole(db, id), message: `Role ${isActive ? "activated" : "deactivated"} successfully` };
}

// ---------------------------------------------------------------------------------------------------------
// Access reads (RoleDetails)

/** The role a reader asked about: their own, or any other when they hold System Account. */
async function roleForReader(db: Db, code: string, reader: AccessReader): Promise<RoleRecord> {
  const admin = reader.menus.has(ADMIN_MENU);
  // Refused before the lookup, so that a reader without System Account cannot probe which role codes exist.
  if (!admin && code.toLowerCase() !== reader.roleId.toLowerCase()) throw forbiddenRead();
  const role = await findByCode(db, code);
  if (!role) throw new AppError("NOT_FOUND", ROLE_NOT_FOUND);
  if (!admin && role.roleId !== reader.roleId) throw forbiddenRead();
  return role;
}

function forbiddenRead(): AppError {
  return new AppError("FORBIDDEN", `You can read the access of your own role only; other roles need ${MENU_LABELS.SYSTEMACCOUNT}.`);
}

async function accessRows(db: Db, roleKey: number): Promise<DetailValue[]> {
  const rows = await detailsOf(db, [roleKey]);
  return sortDetails(rows).map((d) => ({ type: d.type as DetailType, menuId: d.menuId, isAllowed: d.isAllowed }));
}

/** GET /RoleDetails/getAccessByMenuSet: one answer per requested id; an id the role has no row for is not allowed. */
export async function accessByMenuSet(db: Db, code: string, menuSet: string, reader: AccessReader) {
  const requested = [...new Set(menuSet.split(",").map((s) => s.trim()).filter(Boolean))];
  if (requested.length === 0) {
    throw new AppError("VALIDATION", "MenuSet must name at least one menu id.", { MenuSet: ["Give menu ids separated by commas"] });
  }
  const unknown = requested.filter((m) => !detailTypeOf(m));
  if (unknown.length) {
    const message = `Unknown menu or capability ${unknown.map((m) => `'${m}'`).join(", ")}`;
    throw new AppError("VALIDATION", `${message}.`, { MenuSet: [message] });
  }
  const role = await roleForReader(db, code, reader);
  const rows = await accessRows(db, role.id);
  return requested.map((menuId) => ({
    menuId,
    isAllowed: rows.find((r) => r.menuId === menuId && r.type === detailTypeOf(menuId))?.isAllowed ?? false,
  }));
}

/** POST /RoleDetails/getAccessByMenuIdV1: every detail row of the role. */
export async function accessOfRole(db: Db, code: string, reader: AccessReader): Promise<DetailValue[]> {
  const role = await roleForReader(db, code, reader);
  return await accessRows(db, role.id);
}

/** GET /RoleDetails/getRoleMenuAccess: the detail rows of one type. */
export async function accessOfRoleByType(db: Db, code: string, type: DetailType, reader: AccessReader): Promise<DetailValue[]> {
  return (await accessOfRole(db, code, reader)).filter((d) => d.type === type);
}
