import type { AuditAction, AuditRow } from "../../../../../api/modules/audit/schemas.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";

export { AUDIT_ACTIONS } from "../../../../../api/modules/audit/schemas.ts";
export type { AuditAction, AuditRow };

export interface AuditQuery {
  skip: number;
  take: number;
  search?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

export const loadAudit = (query: AuditQuery) => api.get<ListResult<AuditRow>>("/audit/load", { ...query });
