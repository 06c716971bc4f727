import { api } from "../../../lib/api.ts";
import type { ArchivedInvoice, ListResult, PostingRow, PostingStatus, ReconciliationAnswer } from "./contracts.ts";

/** The calls of the postings screens (001 §2 /CROAccounting/Posting/voyage/{voyageNum}) and of the SI archive. */

const ref = (value: string | number) => encodeURIComponent(String(value));

export type PostingList = ListResult<PostingRow> & { baseConfigured: boolean };

export const loadVoyagePostings = (voyageNum: string, query: { skip: number; take: number; status?: PostingStatus; search?: string }) =>
  api.get<PostingList>(`/CROAccounting/Posting/voyage/${ref(voyageNum)}`, { ...query });

export const loadPostingExceptions = (query: { skip: number; take: number; search?: string }) =>
  api.get<PostingList>("/CROAccounting/Posting/exceptions", { ...query });

export const retryPosting = (id: number) => api.put<{ data: PostingRow; message: string }>(`/CROAccounting/Posting/retry/${ref(id)}`);

export const loadReconciliation = (query: { date?: string; voyageNum?: string }) =>
  api.get<ReconciliationAnswer>("/CROAccounting/Posting/reconciliation", { ...query });

export const loadArchiveYears = () => api.get<{ data: { year: number; count: number; total: string }[] }>("/SIPostingArchiving/years");
export const loadArchiveMonths = (year: number) => api.get<{ data: { month: number; count: number; total: string }[] }>("/SIPostingArchiving/months", { year });
export const loadArchiveVessels = (year: number, month: number) =>
  api.get<{ data: { vesselCode: string; vesselName: string; count: number; total: string }[] }>("/SIPostingArchiving/vessels", { year, month });
export const loadArchiveVoyages = (year: number, month: number, vesselCode: string) =>
  api.get<{ data: { voyageNum: string; voyageRef: string; count: number; total: string }[] }>("/SIPostingArchiving/voyages", { year, month, vesselCode });
export const loadArchive = (query: { year: number; month?: number; vesselCode?: string; voyageNum?: string; search?: string; skip: number; take: number }) =>
  api.get<ListResult<ArchivedInvoice>>("/SIPostingArchiving/list", { ...query });
