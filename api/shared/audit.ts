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

/** Writes one audit row; pass the transaction of the change so the row lands with it or not at all. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const detail = entry.detail ? Object.fromEntries(Object.entries(entry.detail).filter(([key]) => !SECRET_KEYS.test(key))) : null;
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    detail,
    address: entry.address ?? null,
  });
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
  const detail = entry.detail ? Object.fromEntries(Object.entries(entry.detail).filter(([k]) => !SECRET_KEYS.test(k))) : null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    if ((await addToLatest(tx)).length > 0) return;
    await tx.insert(auditLog).values({ actor, action: entry.action, target, detail, address });
  });
}
