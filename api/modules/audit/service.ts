import { and, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { searchAny } from "../../shared/list-filters.ts";
import type { Db } from "../../../db/client.ts";
import { auditLog } from "../../../db/schema/index.ts";
import { EMPTY_LIST_MESSAGE, type ListResult } from "../../shared/contracts.ts";
import { type AuditQuery, type AuditRow, endOf, startOf } from "./schemas.ts";

/**
 * The rows of one record: a target is "kind:reference", so kind and record together match it whole (any
 * letter case), a kind alone matches its prefix and a record alone the part after the first colon.
 */
function recordFilter(kind: string | undefined, record: string | undefined): SQL | undefined {
  if (kind && record) return sql`lower(${auditLog.target}) = lower(${`${kind}:${record}`})`;
  if (kind) return sql`starts_with(${auditLog.target}, ${`${kind}:`})`;
  if (record) return sql`lower(substr(${auditLog.target}, strpos(${auditLog.target}, ':') + 1)) = lower(${record})`;
  return undefined;
}

/** One page of the audit log, newest first. */
export async function loadAudit(db: Db, query: AuditQuery): Promise<ListResult<AuditRow>> {
  const parts: (SQL | undefined)[] = [];
  parts.push(searchAny([auditLog.actor, auditLog.target], query.search));
  if (query.action) parts.push(eq(auditLog.action, query.action));
  parts.push(recordFilter(query.kind, query.record));
  if (query.from) parts.push(gte(auditLog.at, startOf(query.from)));
  if (query.to) parts.push(lte(auditLog.at, endOf(query.to)));
  const where = and(...parts);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).offset(query.skip).limit(query.take),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    detail: row.detail ?? null,
    address: row.address,
    repeats: row.repeats,
    lastAt: row.lastAt?.toISOString() ?? null,
  }));
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}
