import { api, API_BASE } from "../../../lib/api.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import type { VanInDamage, VanInRow } from "../../../../../api/modules/inbound/van-in/schemas.ts";
import type { VanInState } from "../../../../../api/modules/inbound/van-in/rules.ts";

/** The calls of the van-in screen (001 §7 InBound: van-in), and the contracts it reads. */

export type { VanInDamage, VanInRow } from "../../../../../api/modules/inbound/van-in/schemas.ts";
export type { VanInState } from "../../../../../api/modules/inbound/van-in/rules.ts";
export { VAN_IN_PAGE_SIZE, VAN_IN_STATES } from "../../../../../api/modules/inbound/van-in/rules.ts";
export { DAMAGE_PARTS, DAMAGE_TYPES } from "../../../../../api/shared/reference-lists.ts";

const ref = (value: string) => encodeURIComponent(value);

export interface VanInQuery {
  skip: number;
  take: number;
  search?: string;
  state?: VanInState;
}

export const loadVanIns = (query: VanInQuery) => api.post<ListResult<VanInRow>>("/InBound/vanIn/load", query);

export interface VanInInput {
  wayBillRef: string;
  /** An ISO timestamp with its offset; left out, the moment it is recorded. */
  dateReturned?: string;
  cyCode: string;
  tandemCodeIds: string[];
  damages: VanInDamage[];
  remarks: string;
}

export const createVanIn = (input: VanInInput) => api.post<WriteResult<VanInRow>>("/InBound/vanIn/create", input);

/** Where the printed van-in clearance is served; opened in a new tab, the session cookie goes along. */
export const vanInPrintUrl = (id: string) => `${API_BASE}/InBound/vanIn/print/${ref(id)}`;
