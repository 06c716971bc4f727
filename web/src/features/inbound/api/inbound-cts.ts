import { api, API_BASE } from "../../../lib/api.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import type { InboundCtsCandidateRow, InboundCtsRow } from "../../../../../api/modules/inbound/inbound-cts/schemas.ts";
import type { InboundCtsStatus } from "../../../../../api/modules/inbound/inbound-cts/rules.ts";
import type { CdrRow } from "../../../../../api/modules/inbound/delivery-receipts/schemas.ts";

/** The calls of the inbound CTS screen (001 §7 InBound: inbound CTS) and of the cargo delivery receipt made from it. */

export type { InboundCtsCandidateRow, InboundCtsRow } from "../../../../../api/modules/inbound/inbound-cts/schemas.ts";
export type { InboundCtsStatus } from "../../../../../api/modules/inbound/inbound-cts/rules.ts";
export type { CdrRow } from "../../../../../api/modules/inbound/delivery-receipts/schemas.ts";
export { INBOUND_CTS_PAGE_SIZE, INBOUND_CTS_STATUSES } from "../../../../../api/modules/inbound/inbound-cts/rules.ts";
export { DAMAGE_CLAIM_NOTE } from "../../../../../api/modules/inbound/delivery-receipts/rules.ts";

const ref = (value: string) => encodeURIComponent(value);

export interface InboundCtsQuery {
  skip: number;
  take: number;
  search?: string;
  status?: InboundCtsStatus;
}

export const loadInboundCts = (query: InboundCtsQuery) => api.post<ListResult<InboundCtsRow>>("/InBound/cts/load", query);

/** Released waybills of the user's branches with no slip standing, each with whether its release order is cleared. */
export const loadInboundCtsCandidates = (search: string) =>
  api.get<{ data: InboundCtsCandidateRow[]; message?: string }>("/InBound/cts/candidates", { search });

export interface IssueInboundCts {
  wayBillRef: string;
  truckingCode: string;
  plateNum: string;
  driver: string;
  dateTimeOut?: string;
  remarks?: string;
}

export const issueInboundCts = (input: IssueInboundCts) => api.post<WriteResult<InboundCtsRow>>("/InBound/cts/create", input);

export const cancelInboundCts = (ctsNum: string, dateModified: string, reason: string) =>
  api.put<WriteResult<InboundCtsRow>>(`/InBound/cts/cancel/${ref(ctsNum)}`, { dateModified, reason });

export interface CreateCdr {
  wayBillRef: string;
  receivedBy: string;
  consigneeAreaName?: string;
  dateReleased?: string;
  remarks?: string;
}

export const createCdr = (input: CreateCdr) => api.post<WriteResult<CdrRow>>("/InBound/deliveryReceipt/create", input);

/** Where the printouts are served; opened in a new tab, the session cookie goes along. */
export const inboundCtsPrintUrl = (ctsNum: string) => `${API_BASE}/InBound/cts/print/${ref(ctsNum)}`;
export const cdrPrintUrl = (id: string) => `${API_BASE}/InBound/deliveryReceipt/print/${ref(id)}`;
