import { api, requestFile } from "../../../lib/api.ts";
import type { DetailInput, DetailRow, HeaderListRow, HeaderWithDetails, ListResult, ScheduleInput, ScheduleRow, WriteResult } from "./contracts.ts";

/** The calls of the voyage screens (001 §7 VoyageSchedules and VesselUpdates). */

export interface ScheduleQuery {
  skip: number;
  take: number;
  search?: string;
  filter?: string;
  dateFrom?: string;
  dateTo?: string;
  branchCode?: string;
  vesselCode?: string;
}

export const loadSchedules = (query: ScheduleQuery) => api.get<ListResult<ScheduleRow>>("/VoyageSchedules/load", { ...query });

export const readSchedule = (voyageNum: string) =>
  api.get<{ data: ScheduleRow }>(`/VoyageSchedules/getVoyageV1/${encodeURIComponent(voyageNum)}`);

export const createSchedule = (input: ScheduleInput) => api.post<WriteResult<ScheduleRow>>("/VoyageSchedules/createcheduleV1", input);

export const updateSchedule = (id: number, input: ScheduleInput & { dateModified?: string }) =>
  api.put<WriteResult<ScheduleRow>>(`/VoyageSchedules/updateV1/${id}`, input);

export const deleteSchedules = (ids: number[]) => api.del<{ message: string }>("/VoyageSchedules/delete", { ids });

export const activateSchedule = (id: number, isActive: boolean) =>
  api.put<WriteResult<ScheduleRow>>(`/VoyageSchedules/activate/${id}`, undefined, { query: { isActive } });

export const approveSchedule = (id: number) => api.put<WriteResult<ScheduleRow>>(`/VoyageSchedules/approve/${id}`);

export const setCroStatus = (id: number, croStatus: string) =>
  api.put<WriteResult<ScheduleRow>>(`/VoyageSchedules/updateCROStatus/${id}`, { croStatus });

/** voyage_schedule.xlsx for the voyages departing from DateFrom to DateTo (Manila dates). */
export const scheduleWorkbook = (DateFrom: string, DateTo: string) => requestFile("/VoyageSchedules/GenerateReports", { DateFrom, DateTo });

// Vessel updates ------------------------------------------------------------------------------------------

export interface HeaderQuery {
  skip: number;
  take: number;
  search?: string;
  vesselCode?: string;
  voyageNum?: string;
}

export const loadHeaders = (query: HeaderQuery) => api.post<ListResult<HeaderListRow>>("/VesselUpdates/loadVesselUpdateHeaderV1", query);

/** The server takes the header's id or its vuid, so the read page asks with the vuid of its address. */
export const readHeader = (vuid: string) =>
  api.get<{ data: HeaderWithDetails }>(`/VesselUpdates/getVesselHeaderDetails/${encodeURIComponent(vuid)}`);

export const createHeader = (input: { vesselCode: string; voyageNum: string; remarks: string }) =>
  api.post<WriteResult<HeaderWithDetails>>("/VesselUpdates/CreateVesselHeader", input);

export const deleteHeaders = (ids: number[]) => api.del<{ message: string }>("/VesselUpdates/delete", { ids });

export const addDetails = (vuid: string, details: DetailInput[]) =>
  api.post<WriteResult<DetailRow[]>>("/VesselUpdates/CreateVesselDetails", { vuid, details });

export const updateDetail = (id: number, detail: DetailInput, dateModified: string) =>
  api.put<WriteResult<DetailRow>>(`/VesselUpdates/updateVesselDetails/${id}`, { ...detail, dateModified });

export const deleteDetail = (id: number) => api.del<{ message: string }>(`/VesselUpdates/deleteDetails/${id}`);
