import { api, API_BASE } from "../../../lib/api.ts";
import type { ListResult, UpdateWaybillInput, WaybillCandidate, WaybillRow, WaybillStatus, WriteResult } from "./contracts.ts";

/** The calls of the waybill screen (001 §7 OutBound: way bill). */

const ref = (value: string) => encodeURIComponent(value);

export interface WaybillQuery {
  skip: number;
  take: number;
  search?: string;
  voyageNum?: string;
  status?: WaybillStatus;
  branchCode?: string;
}

export type { WaybillCandidate };

export const loadWaybills = (query: WaybillQuery) => api.post<ListResult<WaybillRow>>("/OutBound/waybill/load", query);

export const readWaybill = (wayBillRef: string) => api.get<{ data: WaybillRow }>(`/OutBound/waybill/get/${ref(wayBillRef)}`);

export const loadWaybillCandidates = (search: string) =>
  api.get<{ data: WaybillCandidate[]; message?: string }>("/OutBound/waybill/candidates", { search });

/** A waybill for the booking; on a tandem lane, for its partner's 20' van as well. */
export const createWaybill = (bookingRef: string, tandemBookingRef?: string) =>
  api.post<WriteResult<WaybillRow>>("/OutBound/waybill/create", { bookingRef, ...(tandemBookingRef ? { tandemBookingRef } : {}) });

export const updateWaybill = (wayBillRef: string, input: UpdateWaybillInput) =>
  api.put<WriteResult<WaybillRow>>(`/OutBound/waybill/update/${ref(wayBillRef)}`, input);

/** Where the printed waybill is served; opened in a new tab, the session cookie goes along. */
export const waybillPrintUrl = (wayBillRef: string) => `${API_BASE}/OutBound/waybill/print/${ref(wayBillRef)}`;

/** The trucker's copy, without amounts, on legal or letter paper. */
export const truckerWaybillPrintUrl = (wayBillRef: string, layout: "legal" | "letter") =>
  `${API_BASE}/OutBound/waybill/printTrucker/${ref(wayBillRef)}?layout=${layout}`;
