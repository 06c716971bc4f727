import { api } from "../../../lib/api.ts";
// Types only: the screen follows the report's answer without loading server code.
import type { vesselHistory } from "../../../../../api/modules/voyages/schedules/vessel-history.ts";

/** The vessel history report of the voyages module: planned against actual times of a vessel's voyages. */

export type VesselHistoryReport = Awaited<ReturnType<typeof vesselHistory>>;
export type VesselHistoryVoyage = VesselHistoryReport["data"][number];

export interface VesselHistoryQuery {
  vesselCode: string;
  dateFrom: string;
  dateTo: string;
}

export const loadVesselHistory = (query: VesselHistoryQuery) => api.get<VesselHistoryReport>("/VoyageSchedules/vesselHistory", { ...query });
