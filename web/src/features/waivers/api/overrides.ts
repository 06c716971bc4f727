import { api } from "../../../lib/api.ts";
import { PAGES } from "../../../lib/paths.ts";
import type { ChargeLine, ListResult, OverrideAction, OverrideDetailRow, OverrideList, OverrideRow, WaybillSummary, WriteResult } from "./contracts.ts";

/** The calls of the override screens (001 §7 WayBillOverRideCharges). */

const ref = (value: string) => encodeURIComponent(value);

/** Every override list is shown on /overrideCharge/draft (001 §2), the drafts without a word in the address. */
export const overrideListPath = (list: OverrideList) => (list === "draft" ? PAGES.overrideDrafts : `${PAGES.overrideDrafts}?list=${list}`);

export type OverrideListAnswer = ListResult<OverrideRow> & { isApprover: boolean };

export const loadOverrides = (query: { list: OverrideList; skip: number; take: number; search?: string }) =>
  api.get<OverrideListAnswer>("/WayBillOverRideCharges/load", { ...query });

export const readOverride = (overrideNum: string) => api.get<{ data: OverrideDetailRow }>(`/WayBillOverRideCharges/get/${ref(overrideNum)}`);

export const overrideWaybill = (wayBillRef: string) =>
  api.get<{ data: { waybill: WaybillSummary; lines: ChargeLine[] }; message?: string }>(`/WayBillOverRideCharges/getWaybill/${ref(wayBillRef)}`);

export const createOverride = (input: { wayBillRef: string; chargeCode: string; part: string; newValue: string; reason: string }) =>
  api.post<WriteResult<OverrideRow>>("/WayBillOverRideCharges/create", input);

export const updateOverride = (overrideNum: string, input: { dateModified: string; newValue: string; reason: string }) =>
  api.put<WriteResult<OverrideRow>>(`/WayBillOverRideCharges/update/${ref(overrideNum)}`, input);

export const moveOverride = (overrideNum: string, input: { action: OverrideAction; dateModified: string; remarks?: string }) =>
  api.put<WriteResult<OverrideRow>>(`/WayBillOverRideCharges/updateStatus/${ref(overrideNum)}`, input);

export const deleteOverride = (id: number) => api.del<WriteResult<{ ids: number[] }>>("/WayBillOverRideCharges/delete", [id]);
