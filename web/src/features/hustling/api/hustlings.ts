import { api, API_BASE } from "../../../lib/api.ts";
import type { Picked } from "../../../lib/data/pickers.ts";
import type { CreateHustlingInput, HustlingRow, HustlingVoyageRow, ListResult, UpdateHustlingInput, WriteResult } from "./contracts.ts";

/** The calls of the hustling screens (001 §7 Hustlings), and the vans and truckers they pick from. */

const ref = (value: string) => encodeURIComponent(value);

export interface HustlingQuery {
  skip: number;
  take: number;
  search?: string;
  branchCode?: string;
}

export const loadHustlings = (query: HustlingQuery) => api.get<ListResult<HustlingRow>>("/Hustlings/load", { ...query });

/** The active voyages leaving from or calling at a branch, each with its hustling there if it has one. */
export const loadHustlingVoyages = (branchCode: string, search = "") =>
  api.get<{ data: HustlingVoyageRow[]; message?: string }>("/Hustlings/voyages", { branchCode, search });

/** The voyage's hustling at a branch, or null when it has none yet. */
export const readHustlingOfVoyage = (branchCode: string, voyageNum: string) =>
  api.get<{ data: HustlingRow | null }>(`/Hustlings/readHeader/${ref(voyageNum)}`, { branchCode });

export const createHustling = (input: CreateHustlingInput) => api.post<WriteResult<HustlingRow>>("/Hustlings/create", input);

export const updateHustling = (hustlingCstNum: string, input: UpdateHustlingInput) =>
  api.put<WriteResult<HustlingRow>>(`/Hustlings/update/${ref(hustlingCstNum)}`, input);

export const deleteHustling = (id: number) => api.del<WriteResult<{ ids: number[] }>>("/Hustlings/delete", [id]);

/** Where the printed slip is served; opened in a new tab, the session cookie goes along. */
export const hustlingPrintUrl = (hustlingCstNum: string) => `${API_BASE}/Hustlings/print/${ref(hustlingCstNum)}`;

// Vans and truckers ---------------------------------------------------------------------------------------

export type ContainerVan = Picked<"containerVans">;
export type Trucking = Picked<"truckings">;

/** How many vans the picker offers at once; a search narrows them. */
export const VANS_OFFERED = 50;

/** The full or empty active vans at a yard that a hustling may move (searchCVHustling), matching the search. */
export const loadHustlingVans = (cyCode: string, search: string) =>
  api.get<ListResult<ContainerVan>>("/ContainerVans/searchCVHustling", { cyCode, search, skip: 0, take: VANS_OFFERED });

/** The active hauling truckers of a branch (hustlingTrucker/{branch}). */
export const loadHustlingTruckers = (branchCode: string) =>
  api.get<{ data: Trucking[]; message?: string }>(`/Truckings/hustlingTrucker/${ref(branchCode)}`);

/** The plates of a trucker as a list: "NBC 1234, NBC 1235" gives both. */
export const platesOf = (trucking: Trucking | undefined): string[] =>
  (trucking?.plateNum ?? "").split(/[,;/]/).map((p) => p.trim()).filter(Boolean);
