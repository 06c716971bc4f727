import type { Db } from "../../db/client.ts";
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
