import { API_BASE, api } from "../../../lib/api.ts";
import { PAGES } from "../../../lib/paths.ts";
import type { ChargeLine, ListResult, WaiverAction, WaiverDetailRow, WaiverFile, WaiverList, WaiverRow, WaybillSummary, WriteResult } from "./contracts.ts";

/** The calls of the waiver screens (001 §7 WayBillWaiveCharges). */

const ref = (value: string) => encodeURIComponent(value);

/** Where each list is shown: the three working lists on /waiver/draft, the approved one on /waiver/approved (001 §2). */
export function waiverListPath(list: WaiverList): string {
  if (list === "approved") return PAGES.waiversApproved;
  return list === "draft" ? PAGES.waiverDrafts : `${PAGES.waiverDrafts}?list=${list}`;
}

export type WaiverListAnswer = ListResult<WaiverRow> & { isEndorser: boolean; isApprover: boolean };

export const loadWaivers = (query: { list: WaiverList; skip: number; take: number; search?: string }) =>
  api.get<WaiverListAnswer>("/WayBillWaiveCharges/load", { ...query });

export const readWaiver = (waiverNum: string) => api.get<{ data: WaiverDetailRow }>(`/WayBillWaiveCharges/get/${ref(waiverNum)}`);

/** The waybill and the lines the user's branches bill, with what is open to waive ('No Additional Charges' when nothing is). */
export const searchWaybill = (wayBillRef: string) =>
  api.get<{ data: { waybill: WaybillSummary; lines: ChargeLine[]; open: string }; message?: string }>("/WayBillWaiveCharges/search", { wayBillRef });

export interface WaiverLineInput {
  chargeCode: string;
  part: string;
  /** Left out: the whole of what is open on the line. */
  amount?: string;
}

export const createWaiver = (input: { wayBillRef: string; remarks: string; lines: WaiverLineInput[] }) =>
  api.post<WriteResult<WaiverRow>>("/WayBillWaiveCharges/create", input);

export const updateWaiver = (waiverNum: string, input: { dateModified: string; remarks: string; lines: WaiverLineInput[] }) =>
  api.put<WriteResult<WaiverRow>>(`/WayBillWaiveCharges/update/${ref(waiverNum)}`, input);

export const moveWaiver = (waiverNum: string, input: { action: WaiverAction; dateModified: string; remarks?: string }) =>
  api.put<WriteResult<WaiverRow>>(`/WayBillWaiveCharges/updateStatus/${ref(waiverNum)}`, input);

export const deleteWaiver = (id: number) => api.del<WriteResult<{ ids: number[] }>>("/WayBillWaiveCharges/delete", [id]);

export const uploadWaiverFile = (waiverNum: string, file: File) => api.upload<WriteResult<WaiverFile>>(`/WayBillWaiveCharges/upload/${ref(waiverNum)}`, file);

export const removeWaiverFile = (waiverNum: string, fileId: number) =>
  api.del<WriteResult<{ id: number }>>(`/WayBillWaiveCharges/file/${ref(waiverNum)}/${fileId}`);

export const waiverFileUrl = (waiverNum: string, fileId: number) => `${API_BASE}/WayBillWaiveCharges/file/${ref(waiverNum)}/${fileId}`;

/** The waybill copy printed from the waiver: COPY on it unless the user is DAT staff. */
export const waiverWaybillUrl = (waiverNum: string) => `${API_BASE}/WayBillWaiveCharges/printWaybill/${ref(waiverNum)}`;
