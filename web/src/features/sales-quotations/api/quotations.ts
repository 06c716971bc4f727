import { API_BASE, api, requestFile } from "../../../lib/api.ts";
import type {
  ChargeRow,
  CreateQuotationInput,
  FullQuotation,
  LaneInput,
  LaneRow,
  ListResult,
  QuotationRow,
  SqAction,
  SqList,
  TermRow,
  WriteResult,
} from "./contracts.ts";

/** The calls of the sales-quotation screens (001 §7 SalesQuotations and SalesQuotationDocuments). */

const ref = (sqRefNum: string) => encodeURIComponent(sqRefNum);

export interface QuotationQuery {
  skip: number;
  take: number;
  search?: string;
  filter?: string;
}

/** One role's list (AE, SM, AUD, FA, SBM) or the archive. */
export const loadQuotations = (list: SqList, query: QuotationQuery) =>
  api.get<ListResult<QuotationRow>>(`/SalesQuotations/load${list}`, { ...query });

export const createQuotation = (input: CreateQuotationInput) => api.post<WriteResult<QuotationRow>>("/SalesQuotations", input);

export const readQuotation = (sqRefNum: string) => api.get<{ data: FullQuotation }>(`/SalesQuotations/read/${ref(sqRefNum)}`);

/** A step of the approval chain; 403 when it is not the caller's turn, 409 when the quotation moved on. */
export const updateStatus = (id: number, action: SqAction, remarks: string) =>
  api.put<WriteResult<QuotationRow>>(`/SalesQuotations/updateSqStatusWthSBMV2/${id}`, { action, remarks });

export const amendQuotation = (sqRefNum: string, remarks: string) =>
  api.post<WriteResult<QuotationRow>>("/SalesQuotations/SQAmended", { sqRefNum, remarks });

export const deactivateQuotation = (sqRefNum: string, remarks: string) =>
  api.post<WriteResult<QuotationRow>>("/SalesQuotations/deactivateSQ", { sqRefNum, remarks });

export const archiveQuotation = (sqRefNum: string, remarks: string) =>
  api.put<WriteResult<QuotationRow>>("/SalesQuotations/addToArchive", { sqRefNum, remarks });

// Terms ---------------------------------------------------------------------------------------------------

export interface PolicyTerm {
  policyCode: string;
  description: string;
  standardValue: string;
}

export const termsOfCargoType = (cargoTypeCode: string, on?: string) =>
  api.get<{ data: PolicyTerm[] }>("/SalesQuotations/getTermsByCargoTypeCode", { cargoTypeCode, on });

export const createTerms = (sqRefNum: string, requested: { policyCode: string; requestedValue: string }[]) =>
  api.post<WriteResult<TermRow[]>>("/SalesQuotations/CreateSQWTerms", { sqRefNum, requested });

export const updateTerm = (id: number, values: { requestedValue: string; appliedValue?: string }) =>
  api.put<WriteResult<TermRow>>(`/SalesQuotations/UpdateSqWTerms/${id}`, values);

export const deleteTerms = (ids: number[]) => api.del<{ message: string }>("/SalesQuotations/deleteSqWTerms", { ids });

// Lanes ---------------------------------------------------------------------------------------------------

export interface PricedLane {
  charges: ChargeRow[];
  total: string;
  standardTotal: string;
}

/** The lane priced from the rate tables as it would be saved; nothing is written. */
export const priceLane = (lane: LaneInput, cargoTypeCode: string, sqDate?: string) =>
  api.post<{ data: PricedLane }>("/SalesQuotations/generateChargeWithTandemRates", { ...lane, cargoTypeCode, sqDate });

export const insertLanes = (sqRefNum: string, documents: LaneInput[]) =>
  api.post<WriteResult<LaneRow[]>>("/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum, documents });

export const updateLane = (sqdocNum: string, lane: LaneInput) =>
  api.put<WriteResult<LaneRow>>(`/SalesQuotationDocuments/UpdateManyDocsWAreas/${encodeURIComponent(sqdocNum)}`, lane);

export const deleteLane = (id: number) => api.del<{ message: string }>(`/SalesQuotationDocuments/deleteDocsWArea/${id}`);

// Presentation, printout, viewer, downloads ---------------------------------------------------------------

/** What the printout shows, as data: the names behind the codes and the approvals. */
export interface PresentationData {
  sqRefNum: string;
  status: string;
  branchName: string;
  customerName: string;
  customerAddress: string;
  cargoType: string;
  accountExecutive: string;
  approvals: { action: string; toStatus: string; actor: string; date: string; remarks: string }[];
}

export const presentationData = (sqRefNum: string) =>
  api.post<{ data: PresentationData }>("/SalesQuotations/getPresData", { sqRefNum });

/** Where the printout PDF is served; opened in a new tab, the session cookie goes along. */
export const printoutUrl = (sqRefNum: string) => `${API_BASE}/SalesQuotations/printout/${ref(sqRefNum)}`;

export const approvedOfCustomer = (customerCode: string, search?: string) =>
  api.get<{ data: FullQuotation[]; message?: string }>("/SalesQuotations/searchCustSQViewer", { customerCode, search });

/** Every quotation of a customer as a workbook. */
export const customerWorkbook = (customerCode: string) =>
  requestFile("/SalesQuotations/downloadAllSQperCustomer", undefined, { method: "POST", body: { customerCode } });

// Memoranda

export interface Memo {
  memoRef: string;
  memoDate: string;
  subject: string;
  sqRefNums: string[];
}

/** The approved quotations no memorandum has announced yet. */
export const memoCandidates = () => api.post<{ data: QuotationRow[] }>("/SalesQuotations/getListSQforMemo", {});
export const writeMemo = (input: { sqRefNums: string[]; subject: string; body: string }) =>
  api.post<{ data: Memo; message: string }>("/SalesQuotations/proceedtoSQMemoV1", input);
export const memoUrl = (memoRef: string) => `${API_BASE}/SalesQuotations/memo/${ref(memoRef)}`;
