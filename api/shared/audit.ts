import { and, desc, eq, gte, sql, type SQLWrapper } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import type { AuditAction } from "./audit-actions.ts";

export { AUDIT_ACTIONS, type AuditAction } from "./audit-actions.ts";

export interface AuditEntry {
  actor: string | null;
  action: AuditAction;
  target?: string | null;
  /** Facts about the change; callers must never put a password, hash or token here. */
  detail?: Record<string, unknown>;
  address?: string | null;
}

const SECRET_KEYS = /pass|token|hash|secret/i;

/** Writes several audit rows in one insert (one per record a change moved); nothing when the list is empty. */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((entry) => ({
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ? withoutSecrets(entry.detail) : null,
    address: entry.address ?? null,
  })));
}

function withoutSecrets(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !SECRET_KEYS.test(key)));
}

/** Bookkeeping columns every table carries; a change of them alone is no change worth a row. */
const BOOKKEEPING = new Set(["id", "userCreated", "userModified", "dateCreated", "dateModified"]);

/** A stored value as the log keeps it: dates as ISO text, the rest as JSON has it. */
function logged(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(logged(a)) === JSON.stringify(logged(b));

/**
 * The fields that differ between a record before and after a change, each side holding only those fields; null
 * when nothing but bookkeeping changed. A new record (before null) lists all its fields after; a removed one
 * lists them all before.
 */
export function changedValues(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } | null {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !BOOKKEEPING.has(k));
  const changed = keys.filter((k) => before === null || after === null || !same(before[k], after[k]));
  if (changed.length === 0) return null;
  const side = (row: Record<string, unknown> | null) => row === null ? null : Object.fromEntries(changed.map((k) => [k, logged(row[k])]));
  return { before: side(before), after: side(after) };
}

/**
 * The lines that differ between two sets of lines (a lane's or a booking's charges), keyed by `key`: a changed
 * line shows its changed fields on each side, an added one is null before, a removed one null after. Null when
 * the two sets are the same.
 */
export function changedLines<R extends Record<string, unknown>>(
  before: readonly R[],
  after: readonly R[],
  key: (line: R) => string,
  fields: readonly (keyof R & string)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const pick = (line: R | undefined) => line ? Object.fromEntries(fields.map((f) => [f, line[f]])) : null;
  const was = new Map(before.map((l) => [key(l), pick(l)]));
  const now = new Map(after.map((l) => [key(l), pick(l)]));
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const k of [...new Set([...was.keys(), ...now.keys()])]) {
    const diff = changedValues(was.get(k) ?? null, now.get(k) ?? null);
    if (!diff) continue;
    out.before[k] = diff.before;
    out.after[k] = diff.after;
  }
  return Object.keys(out.before).length === 0 ? null : out;
}

/** Writes one audit row; pass the transaction of the change so the row lands with it or not at all. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Repeats of one event within this long of its first occurrence are counted in the first one's row. */
export const AUDIT_REPEAT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Writes an event that a client can repeat as often as it likes (a sign-in refused while locked): a repeat of
 * the same action, actor, target and address within `windowMs` of the row's first occurrence adds one to that
 * row's `repeats` and sets its `last_at`, instead of adding a row. So a client hammering a lock grows the log by
 * one row per window, however fast it tries. The detail kept is the first occurrence's.
 *
 * Parallel repeats of one key are serialised by a transaction-scoped advisory lock on the key, so they land in
 * one row on PostgreSQL too (two servers included); pass the caller's transaction when there is one.
 */
export async function recordAuditRepeat(db: Executor, entry: AuditEntry, windowMs = AUDIT_REPEAT_WINDOW_MS): Promise<void> {
  const actor = entry.actor;
  const target = entry.target ?? null;
  const address = entry.address ?? null;
  const same = (column: SQLWrapper, value: string | null) => sql`${column} is not distinct from ${value}`;
  // One statement adds to the row when there is one; parallel repeats wait on its row lock and each add one.
  const addToLatest = (tx: Executor) =>
    tx.update(auditLog).set({ repeats: sql`${auditLog.repeats} + 1`, lastAt: sql`now()` })
      .where(eq(auditLog.id, sql`(${
        tx.select({ id: auditLog.id }).from(auditLog)
          .where(and(
            eq(auditLog.action, entry.action),
            gte(auditLog.at, sql`now() - (${windowMs}::double precision * interval '1 millisecond')`),
            same(auditLog.actor, actor),
            same(auditLog.target, target),
            same(auditLog.address, address),
          ))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(1)
      })`))
      .returning({ id: auditLog.id });
  if ((await addToLatest(db)).length > 0) return;
  // No row yet: the first writers of a key take turns, so exactly one inserts and the others add to its row.
  const key = JSON.stringify(["audit-repeat", entry.action, actor, target, address]);
  const detail = entry.detail ? withoutSecrets(entry.detail) : null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    if ((await addToLatest(tx)).length > 0) return;
    await tx.insert(auditLog).values({ actor, action: entry.action, target, detail, address });
  });
}
