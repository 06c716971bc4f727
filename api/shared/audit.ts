import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";

/** Actions written to the audit log; one word each so the log can be filtered. */
export const AUDIT_ACTIONS = [
  "SIGN_IN", "SIGN_IN_FAILED", "SIGN_IN_LOCKED", "ACCOUNT_LOCKED", "LOG_OUT", "PERMISSION_DENIED",
  "USER_CREATED", "USER_UPDATED", "USER_DELETED", "USER_ACTIVATED", "USER_DEACTIVATED", "USER_ROLE_CHANGED",
  "USER_PASSWORD_SET", "USER_PASSWORD_CHANGED", "USER_PASSWORD_RESET_BY_ADMIN", "USER_RESET_REQUESTED", "USER_EMAIL_SENT",
  "USER_BRANCH_CHANGED", "USER_CY_CHANGED", "USER_PROFILE_UPDATED",
  "ROLE_CREATED", "ROLE_UPDATED", "ROLE_DELETED", "ROLE_ACTIVATED", "ROLE_DEACTIVATED",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
