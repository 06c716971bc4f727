import { api, API_BASE } from "../../../lib/api.ts";
import type { ListResult, UpdateWaybillInput, WaybillRow, WaybillStatus, WriteResult } from "./contracts.ts";

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

/** A booking whose van is out on a transfer slip and that has no waybill yet. */
export interface WaybillCandidate {
  bookingRef: string;
  ctsNum: string;
  voyageNum: string;
  branchCode: string;
  containerVanNum: string;
  shipperName: string;
}

export const loadWaybills = (query: WaybillQuery) => api.post<ListResult<WaybillRow>>("/OutBound/waybill/load", query);

export const readWaybill = (wayBillRef: string) => api.get<{ data: WaybillRow }>(`/OutBound/waybill/get/${ref(wayBillRef)}`);

export const loadWaybillCandidates = (search: string) =>
  api.get<{ data: WaybillCandidate[]; message?: string }>("/OutBound/waybill/candidates", { search });

export const createWaybill = (bookingRef: string) => api.post<WriteResult<WaybillRow>>("/OutBound/waybill/create", { bookingRef });

export const updateWaybill = (wayBillRef: string, input: UpdateWaybillInput) =>
  api.put<WriteResult<WaybillRow>>(`/OutBound/waybill/update/${ref(wayBillRef)}`, input);

/** Where the printed waybill is served; opened in a new tab, the session cookie goes along. */
export const waybillPrintUrl = (wayBillRef: string) => `${API_BASE}/OutBound/waybill/print/${ref(wayBillRef)}`;

/** The trucker's copy, without amounts, on legal or letter paper. */
export const truckerWaybillPrintUrl = (wayBillRef: string, layout: "legal" | "letter") =>
  `${API_BASE}/OutBound/waybill/printTrucker/${ref(wayBillRef)}?layout=${layout}`;
