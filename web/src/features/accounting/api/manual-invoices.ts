import { api, API_BASE } from "../../../lib/api.ts";
import type { BookletRow, ListResult, ManualSiRow, ManualSiStatus, TaxClass, WriteResult } from "./collections-contracts.ts";

/** The calls of the manual sales invoice screen (001 §7 BaseManualSI: one call, its actionType) and of the booklet register. */

export interface ManualSiLineInput {
  chargeCode: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  taxClass?: TaxClass;
}

export interface ManualSiContent {
  invoiceDate: string;
  customerCode?: string;
  buyerName: string;
  buyerAddress: string;
  buyerTin: string;
  buyerVatRegistered?: boolean;
  wayBillRef?: string;
  lines: ManualSiLineInput[];
  remarks: string;
}

export const loadManualSi = (query: { skip: number; take: number; search?: string; status?: ManualSiStatus }) =>
  api.post<ListResult<ManualSiRow>>("/BaseManualSI", { actionType: "list", ...query });

export const createManualSi = (input: ManualSiContent & { branchCode: string; serialNo: string; issue: boolean }) =>
  api.post<WriteResult<ManualSiRow>>("/BaseManualSI", { actionType: "create", ...input });

export const updateManualSi = (row: ManualSiRow, input: ManualSiContent) =>
  api.post<WriteResult<ManualSiRow>>("/BaseManualSI", { actionType: "update", id: row.id, dateModified: row.dateModified, ...input });

export const deleteManualSi = (row: ManualSiRow) => api.post<WriteResult<ManualSiRow>>("/BaseManualSI", { actionType: "delete", id: row.id, dateModified: row.dateModified });

export const issueManualSi = (row: ManualSiRow) => api.post<WriteResult<ManualSiRow>>("/BaseManualSI", { actionType: "issue", id: row.id, dateModified: row.dateModified });

export const cancelManualSi = (row: ManualSiRow, reason: string) =>
  api.post<WriteResult<ManualSiRow>>("/BaseManualSI", { actionType: "cancel", id: row.id, dateModified: row.dateModified, reason });

export interface GapRow {
  serial: string;
  state: "ISSUED" | "CANCELLED" | "DRAFT" | "UNUSED";
  manualSiId: number | null;
}

export const loadGapReport = (query: { branchCode: string; from: string; to: string }) => api.get<{ data: GapRow[] }>("/BaseManualSI/gapReport", query);

/** Where the printed invoice (14-inch legal) is served. */
export const manualSiPrintUrl = (id: number) => `${API_BASE}/BaseManualSI/print/${id}`;

export const loadBooklets = (branchCode?: string) => api.get<{ data: BookletRow[]; message?: string }>("/AtpBooklets/load", branchCode ? { branchCode } : {});

export interface NewBooklet {
  branchCode: string;
  atpNo: string;
  atpDate: string;
  printerName: string;
  printerAccreditationNo: string;
  serialFrom: string;
  serialTo: string;
  serialDigits: number;
  dateReceived: string;
}

export const createBooklet = (input: NewBooklet) => api.post<WriteResult<BookletRow>>("/AtpBooklets/create", input);
