import { api, API_BASE } from "../../../lib/api.ts";
import type { WriteResult } from "./contracts.ts";
import type {
  CargoLocationInput,
  CountedVanRow,
  PlacementRow,
  PlaceVanInput,
  StowagePlanView,
} from "../../../../../api/modules/outbound/stowage/schemas.ts";

/** The calls of the stowage plan screen (001 §7 OutBound: stowage plan). */

export type { CargoLocationInput, CountedVanRow, PlacementRow, PlaceVanInput, StowagePlanView };

const ref = (value: string) => encodeURIComponent(value);

export const readStowagePlan = (voyageNum: string) => api.get<{ data: StowagePlanView }>(`/OutBound/stowage/get/${ref(voyageNum)}`);

export const startStowagePlan = (voyageNum: string, vesselStowagePlanId?: number) =>
  api.post<WriteResult<StowagePlanView>>(`/OutBound/stowage/start/${ref(voyageNum)}`, vesselStowagePlanId ? { vesselStowagePlanId } : {});

export const placeVan = (voyageNum: string, input: PlaceVanInput) =>
  api.put<WriteResult<StowagePlanView>>(`/OutBound/stowage/place/${ref(voyageNum)}`, input);

export const moveVan = (voyageNum: string, input: PlaceVanInput) =>
  api.put<WriteResult<StowagePlanView>>(`/OutBound/stowage/move/${ref(voyageNum)}`, input);

export const removePlacement = (voyageNum: string, dateModified: string, placementId: number) =>
  api.put<WriteResult<StowagePlanView>>(`/OutBound/stowage/remove/${ref(voyageNum)}`, { dateModified, placementId });

export const recordCargoLocation = (voyageNum: string, input: CargoLocationInput) =>
  api.put<WriteResult<StowagePlanView>>(`/OutBound/stowage/location/${ref(voyageNum)}`, input);

/** Where the printed plan is served; opened in a new tab, the session cookie goes along. */
export const stowagePrintUrl = (voyageNum: string) => `${API_BASE}/OutBound/stowage/print/${ref(voyageNum)}`;
