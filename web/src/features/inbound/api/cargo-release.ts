import { api, API_BASE } from "../../../lib/api.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import type { CroCandidateRow, CroRow } from "../../../../../api/modules/inbound/cargo-release/schemas.ts";
import type { CroStatus } from "../../../../../api/modules/inbound/cargo-release/rules.ts";

/** The calls of the cargo release order screen (001 §7 InBound: CRO and its clearance), and the contracts it reads. */

export type { CroCandidateRow, CroRow } from "../../../../../api/modules/inbound/cargo-release/schemas.ts";
export type { CroStatus } from "../../../../../api/modules/inbound/cargo-release/rules.ts";
export { CRO_PAGE_SIZE, CRO_STATUSES, isUnpaidRefusal } from "../../../../../api/modules/inbound/cargo-release/rules.ts";

const ref = (value: string) => encodeURIComponent(value);

export interface CroQuery {
  skip: number;
  take: number;
  search?: string;
  status?: CroStatus;
}

export const loadCros = (query: CroQuery) => api.post<ListResult<CroRow>>("/InBound/cro/load", query);

/** Discharged waybills of the user's branches with no release order yet, each with accounting's answer. */
export const loadCroCandidates = (search: string) => api.get<{ data: CroCandidateRow[]; message?: string }>("/InBound/cro/candidates", { search });

export const createCro = (wayBillRef: string, remarks: string) => api.post<WriteResult<CroRow>>("/InBound/cro/create", { wayBillRef, remarks });

export const clearCro = (id: string, dateModified: string, cyPullOutCode: string) =>
  api.put<WriteResult<CroRow>>(`/InBound/cro/clear/${ref(id)}`, { dateModified, cyPullOutCode });

/** Where the printed order is served; opened in a new tab, the session cookie goes along. */
export const croPrintUrl = (id: string) => `${API_BASE}/InBound/cro/print/${ref(id)}`;
