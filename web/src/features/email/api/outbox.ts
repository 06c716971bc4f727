import type { OutboxMessage, OutboxStatus, OutboxSummary } from "../../../../../api/modules/email/schemas.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";

export type { OutboxMessage, OutboxStatus, OutboxSummary };
export { OUTBOX_STATUSES, RETRYABLE_STATUSES } from "../../../../../api/modules/email/schemas.ts";

export interface OutboxQuery {
  skip: number;
  take: number;
  search?: string;
  /** Empty: every status. */
  status?: OutboxStatus | "";
}

export const loadOutbox = (query: OutboxQuery) => api.get<ListResult<OutboxSummary>>("/email/outbox", { ...query });

export const getOutboxMessage = (id: number) => api.get<{ data: OutboxMessage }>(`/email/outbox/${id}`);

export const retryOutboxMessage = (id: number) => api.post<WriteResult<OutboxSummary>>(`/email/outbox/retry/${id}`);
