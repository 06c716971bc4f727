import type { AuditAction, AuditRecordKind, AuditRow } from "../../../../../api/modules/audit/schemas.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";

export { AUDIT_ACTIONS, AUDIT_RECORD_KINDS } from "../../../../../api/modules/audit/schemas.ts";
export type { AuditAction, AuditRecordKind, AuditRow };

export interface AuditQuery {
  skip: number;
  take: number;
  search?: string;
  action?: AuditAction;
  /** One record: its kind and reference (or id); a kind alone lists every record of it. */
  kind?: AuditRecordKind;
  record?: string;
  from?: string;
  to?: string;
}

export const loadAudit = (query: AuditQuery) => api.get<ListResult<AuditRow>>("/audit/load", { ...query });
