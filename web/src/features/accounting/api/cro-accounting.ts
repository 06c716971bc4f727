import { api, API_BASE } from "../../../lib/api.ts";
import type {
  BillingSide,
  CroAccountingDetail,
  DailyTotalsAnswer,
  GenerateAnswer,
  InvoiceRow,
  ListResult,
  PostedAnswer,
  PostingRow,
  VoyageRow,
  WaybillSideRow,
  WriteResult,
} from "./contracts.ts";

/** The calls of the CRO accounting screens (001 §7 CRO accounting). */

const ref = (value: string | number) => encodeURIComponent(String(value));

export interface VoyageQuery {
  skip: number;
  take: number;
  search?: string;
  branchCode?: string;
  side?: BillingSide;
}

export const loadVoyages = (query: VoyageQuery) => api.get<ListResult<VoyageRow>>("/CROAccounting/listVoyages", { ...query });

export const readCroAccounting = (id: number | string) => api.get<{ data: CroAccountingDetail }>(`/CROAccounting/get/${ref(id)}`);

export const loadCroWaybills = (id: number) => api.get<{ data: WaybillSideRow[]; message?: string }>(`/CROAccounting/listWaybills/${ref(id)}`);

export const createCroAccounting = (input: { voyageNum: string; branchCode: string; side: BillingSide; remarks?: string }) =>
  api.post<WriteResult<CroAccountingDetail>>("/CROAccounting", input);

export const updateCroStatus = (id: number, action: "post" | "reopen", dateModified: string) =>
  api.put<WriteResult<CroAccountingDetail>>(`/CROAccounting/updateStatus/${ref(id)}`, { action, dateModified });

export const deleteCroAccounting = (id: number) => api.del<{ message: string }>("/CROAccounting/delete", [id]);

export const generateInvoices = (id: number) => api.post<GenerateAnswer>(`/CROAccounting/generateWaybillInvoice/${ref(id)}`, {});

export const postCro = (id: number) =>
  api.put<{ data: CroAccountingDetail; postings: PostingRow[]; custDetails: unknown[]; message: string }>(`/CROAccounting/postCRO/${ref(id)}`);

export const postCroToBase = (id: number) => api.post<PostedAnswer>(`/CROAccounting/postCROToBase/${ref(id)}`);

export const cancelInvoice = (invoiceNo: string, dateModified: string, reason: string) =>
  api.put<WriteResult<InvoiceRow>>(`/CROAccounting/invoice/cancel/${ref(invoiceNo)}`, { dateModified, reason });

export const loadDailyTotals = (date?: string) => api.get<DailyTotalsAnswer>("/CROAccounting/dailyTotals", { date });

/** Where the printed invoice is served; opened in a new tab, the session cookie goes along. */
export const invoicePrintUrl = (invoiceNo: string) => `${API_BASE}/CROAccounting/invoice/print/${ref(invoiceNo)}`;
