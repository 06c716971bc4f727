import { and, count, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, notifications, roleDetails, roles, userBranches, users } from "../../../db/schema/index.ts";
import { EMPTY_LIST_MESSAGE, type ListResult, type WriteResult } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import type { Capability, MenuId } from "../../shared/permissions.ts";
import { deliverWebPush } from "./push.ts";
import { announce, asRow } from "./relay.ts";
import type { NotificationRow } from "./schemas.ts";

/** Who is asking: notifications are always read as the caller's own. */
export interface Reader {
  userId: string;
  roleId: string;
}

/** Whom a notification goes to. Every way given adds recipients; only active users of active roles receive it. */
export interface Recipients {
  /** Every user of this role (its code). */
  roleId?: string;
  /** These users (their user ids). */
  userIds?: readonly string[];
  /**
   * Every user whose role grants this menu and at least one of these capabilities (either may be left out,
   * not both), optionally only those assigned to one branch or to any of several.
   */
  holders?: { menu?: MenuId; capabilities?: readonly Capability[]; branchCode?: string; branchCodes?: readonly string[] };
  /** Leave whoever caused it out, even when they qualify (they know already). */
  leaveOutSender?: boolean;
}

export interface NotificationInput extends Recipients {
  title: string;
  message: string;
  url?: string;
  /** The user id of whoever caused it; "system" for work the server does by itself. */
  sender: string;
}

/** Active users of active roles, as (userId, role code) pairs. */
const activeUsers = (db: Db) =>
  db.select({ userId: users.userId, roleCode: roles.roleId }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .$dynamic();

const isLive = and(eq(users.isActive, true), eq(roles.isActive, true));

async function resolveRecipients(db: Db, to: Recipients): Promise<{ userId: string; roleCode: string }[]> {
  const found = new Map<string, string>();
  if (to.roleId !== undefined) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(sql`lower(${roles.roleId}) = lower(${to.roleId})`);
    if (!role) throw new AppError("VALIDATION", `Role ${to.roleId} does not exist.`, { roleId: [`Role ${to.roleId} does not exist`] });
    for (const u of await activeUsers(db).where(and(isLive, eq(users.roleId, role.id)))) found.set(u.userId, u.roleCode);
  }
  const named = [...new Set(to.userIds ?? [])];
  if (named.length > 0) {
    const rows = await activeUsers(db).where(and(isLive, inArray(sql`lower(${users.userId})`, named.map((u) => u.toLowerCase()))));
    const missing = named.filter((u) => !rows.some((r) => r.userId.toLowerCase() === u.toLowerCase()));
    if (missing.length > 0) {
      const text = `No active user ${missing.join(", ")}`;
      throw new AppError("VALIDATION", `${text}.`, { userIds: [text] });
    }
    for (const u of rows) found.set(u.userId, u.roleCode);
  }
  if (to.holders) {
    const { menu, capabilities, branchCode, branchCodes } = to.holders;
    // A filter of neither would reach every user: a caller's mistake, not a broadcast.
    if (!menu && !capabilities?.length) throw new Error("Notification holders need a menu or at least one capability");
    const parts: (SQL | undefined)[] = [isLive];
    if (capabilities?.length) {
      parts.push(sql`exists (select 1 from ${roleDetails} where ${roleDetails.roleId} = ${roles.id} and ${roleDetails.isAllowed}
        and ${roleDetails.type} = 'CAPABILITY' and ${inArray(roleDetails.menuId, [...capabilities])})`);
    }
    if (menu) {
      parts.push(sql`exists (select 1 from ${roleDetails} where ${roleDetails.roleId} = ${roles.id} and ${roleDetails.isAllowed}
        and ${roleDetails.type} = 'MENU' and ${roleDetails.menuId} = ${menu})`);
    }
    const inBranches = [...(branchCode ? [branchCode] : []), ...(branchCodes ?? [])].map((c) => c.toLowerCase());
    if (branchCode !== undefined || branchCodes !== undefined) {
      if (inBranches.length === 0) return [...found].map(([userId, roleCode]) => ({ userId, roleCode }));
      parts.push(sql`exists (select 1 from ${userBranches} join ${branches} on ${branches.id} = ${userBranches.branchId}
        where ${userBranches.userKey} = ${users.id} and ${inArray(sql`lower(${branches.code})`, inBranches)})`);
    }
    for (const u of await activeUsers(db).where(and(...parts))) found.set(u.userId, u.roleCode);
  }
  return [...found].map(([userId, roleCode]) => ({ userId, roleCode }));
}

/**
 * Sends a notification: one row per recipient, then straight to their open streams, on this server and, on
 * PostgreSQL, on every other server (relay.ts). This is the call every module makes when work changes hands.
 * Call it with the database after the work's own transaction has committed, so nobody is told of work that was
 * then rolled back. Answers the rows written (none when nobody qualified).
 */
export async function sendNotification(db: Db, input: NotificationInput): Promise<NotificationRow[]> {
  const everyone = await resolveRecipients(db, input);
  const recipients = input.leaveOutSender ? everyone.filter((r) => r.userId.toLowerCase() !== input.sender.toLowerCase()) : everyone;
  if (recipients.length === 0) return [];
  const written = await db.insert(notifications).values(recipients.map((r) => ({
    title: input.title,
    message: input.message,
    url: input.url ?? "",
    userId: r.userId,
    roleId: input.roleId ?? r.roleCode,
    sender: input.sender,
  }))).returning();
  const rows = written.map(asRow);
  // A notification that could not be announced to the other servers still reaches their streams on reconnect.
  await announce(db, rows);
  // Push services answer in their own time; the work that caused the notification does not wait for them.
  deliverWebPush(db, rows).catch(() => {});
  return rows;
}

/** The route's answer to a send: who received it, or a refusal when nobody would. */
export function sentAnswer(rows: NotificationRow[], nobody: string): WriteResult<{ recipients: number; ids: number[] }> {
  if (rows.length === 0) throw new AppError("VALIDATION", nobody, { "": [nobody] });
  const recipients = rows.length;
  return { data: { recipients, ids: rows.map((r) => r.id) }, message: `Notification sent to ${recipients} user${recipients === 1 ? "" : "s"}` };
}

/** The earlier client passed roleId and userId itself; they may only name the caller. */
export function assertOwn(reader: Reader, asked: { roleId?: string; userId?: string }): void {
  const foreignUser = asked.userId && asked.userId.toLowerCase() !== reader.userId.toLowerCase();
  const foreignRole = asked.roleId && asked.roleId.toLowerCase() !== reader.roleId.toLowerCase();
  if (foreignUser || foreignRole) throw new AppError("FORBIDDEN", "You can only read your own notifications.");
}

const mine = (reader: Reader) => eq(notifications.userId, reader.userId);
const mineUnread = (reader: Reader) => and(mine(reader), eq(notifications.isViewed, false));

/** Unread notifications of the caller, newest first (the dropdown; at most 100). */
export async function unreadOf(db: Db, reader: Reader): Promise<ListResult<NotificationRow>> {
  const where = mineUnread(reader);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(100),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return withEmpty({ data: rows.map(asRow), total: Number(total) });
}

/** Every notification of the caller, a page at a time, newest first (the /notifications page). */
export async function allOf(db: Db, reader: Reader, page: { skip: number; take: number }): Promise<ListResult<NotificationRow>> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(notifications).where(mine(reader)).orderBy(desc(notifications.id)).limit(page.take).offset(page.skip),
    db.select({ total: count() }).from(notifications).where(mine(reader)),
  ]);
  return withEmpty({ data: rows.map(asRow), total: Number(total) });
}

function withEmpty(result: ListResult<NotificationRow>): ListResult<NotificationRow> {
  if (result.data.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

/** The caller's notifications written after `afterId`, oldest first: what a reconnecting stream missed. */
export async function missedSince(db: Db, reader: Reader, afterId: number): Promise<NotificationRow[]> {
  const rows = await db.select().from(notifications).where(and(mine(reader), gt(notifications.id, afterId)))
    .orderBy(notifications.id).limit(200);
  return rows.map(asRow);
}

/**
 * How many ids of unread notifications a stream's count brings along. A notification reaches a stream's live feed
 * just after it is written, so one the count already includes is among the user's newest unread ones.
 */
const COUNTED_IDS = 1_000;

/**
 * The caller's unread count as a stream opens, with the ids it includes (the newest), read in one statement so
 * both see the same rows: a notification written while the stream opens can reach it live as well as through
 * this count, and the stream sends it only if the count missed it.
 */
export async function unreadAtConnect(db: Db, reader: Reader): Promise<{ unread: number; counted: number[] }> {
  const [row] = await db.select({
    unread: count(),
    ids: sql<number[] | null>`(array_agg(${notifications.id} order by ${notifications.id} desc))[1:${sql.raw(String(COUNTED_IDS))}]`,
  }).from(notifications).where(mineUnread(reader));
  return { unread: Number(row?.unread ?? 0), counted: (row?.ids ?? []).map(Number) };
}

/** Unread notices of the caller, for the bell's badge. */
export async function countUnread(db: Db, reader: Reader): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(mineUnread(reader));
  return Number(row?.n ?? 0);
}

/** Marks one of the caller's notifications viewed; another user's is a 404, as if it did not exist. */
export async function markViewed(db: Db, reader: Reader, id: number): Promise<WriteResult<NotificationRow>> {
  const [row] = await db.update(notifications).set({ isViewed: true })
    .where(and(eq(notifications.id, id), mine(reader))).returning();
  if (!row) throw new AppError("NOT_FOUND", `Notification ${id} was not found.`);
  return { data: asRow(row), message: "Notification viewed" };
}

/** Clear Notification: every unread notification of the caller becomes viewed. */
export async function clearAll(db: Db, reader: Reader): Promise<WriteResult<{ cleared: number }>> {
  const rows = await db.update(notifications).set({ isViewed: true })
    .where(mineUnread(reader)).returning({ id: notifications.id });
  return { data: { cleared: rows.length }, message: "Notifications cleared" };
}
