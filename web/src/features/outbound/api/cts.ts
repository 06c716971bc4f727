import { api, API_BASE } from "../../../lib/api.ts";
import type { Picked } from "../../../lib/data/pickers.ts";
import type { CtsCandidate, CtsRow, CtsStatus, IssueCtsInput, ListResult, WriteResult } from "./contracts.ts";

/** The calls of the cargo transfer slip screen (001 §7 OutBound: CTS), and the vans and truckers it picks from. */

const ref = (value: string) => encodeURIComponent(value);

export interface CtsQuery {
  skip: number;
  take: number;
  search?: string;
  status?: CtsStatus;
}

export const loadCts = (query: CtsQuery) => api.post<ListResult<CtsRow>>("/OutBound/cts/load", query);

export const readCts = (ctsNum: string) => api.get<{ data: CtsRow }>(`/OutBound/cts/get/${ref(ctsNum)}`);

/** Bookings whose ATW is issued and whose van has not left: what a slip can be issued for. */
export const loadCtsCandidates = (search: string) =>
  api.get<{ data: CtsCandidate[]; message?: string }>("/OutBound/cts/candidates", { search });

export const issueCts = (input: IssueCtsInput) => api.post<WriteResult<CtsRow>>("/OutBound/cts/create", input);

export const cancelCts = (ctsNum: string, dateModified: string) =>
  api.put<WriteResult<CtsRow>>(`/OutBound/cts/cancel/${ref(ctsNum)}`, { dateModified });

/** Where the printed slip is served; opened in a new tab, the session cookie goes along. */
export const ctsPrintUrl = (ctsNum: string) => `${API_BASE}/OutBound/cts/print/${ref(ctsNum)}`;

// Vans and truckers ---------------------------------------------------------------------------------------

export type ContainerVan = Picked<"containerVans">;
export type Trucking = Picked<"truckings">;
export type ContainerYard = Picked<"containerYards">;

/** How many free vans the picker offers at once; a search narrows them. */
export const VANS_OFFERED = 50;

/** Free, empty, active vans at a branch's yards that a slip may take; with a search, those matching it. */
export const loadFreeVans = (branchCode: string, search: string) =>
  search
    ? api.get<ListResult<ContainerVan>>("/ContainerVans/searchCVCTS", { branchCode, search, skip: 0, take: VANS_OFFERED })
    : api.get<ListResult<ContainerVan>>("/ContainerVans/loadCVCTS", { branchCode, skip: 0, take: VANS_OFFERED });

/** The active truckers authorised at a branch; with none, the server's message says so. */
export const loadAuthorizedTruckers = (branchCode: string) =>
  api.get<{ data: Trucking[]; message?: string }>("/Truckings/getAuthorizedTrucking", { branchCode });

/** The plates of a trucker as a list: "NBC 1234, NBC 1235" gives both. */
export const platesOf = (trucking: Trucking | undefined): string[] =>
  (trucking?.plateNum ?? "").split(/[,;/]/).map((p) => p.trim()).filter(Boolean);
