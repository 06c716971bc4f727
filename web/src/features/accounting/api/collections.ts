import { api, API_BASE } from "../../../lib/api.ts";
import type {
  CollectionRow,
  CollectionStatus,
  CreateCollectionInput,
  CwtAnswer,
  DayTotalsRow,
  Form2307Row,
  Form2307Status,
  ListResult,
  OpenInvoiceRow,
  PayerRow,
  Receive2307Input,
  SidePaymentRow,
  WriteResult,
} from "./collections-contracts.ts";

/** The calls of the collections screen (001 §7 Collections) and of Form 2307. */

export interface CollectionQuery {
  skip: number;
  take: number;
  search?: string;
  status?: CollectionStatus;
  branchCode?: string;
  collectionDate?: string;
}

export const loadCollections = (query: CollectionQuery) => api.get<ListResult<CollectionRow>>("/Collections/load", { ...query });

export const readCollection = (id: number) => api.get<{ data: CollectionRow }>(`/Collections/get/${id}`);

/** What a collection is made from: rates and the amount received may be left to the server's defaults. */
export type NewCollection = Omit<CreateCollectionInput, "ewtRate" | "wvatRate" | "amountReceived"> & {
  ewtRate?: string;
  wvatRate?: string;
  amountReceived?: string;
};

export const createCollection = (input: NewCollection) => api.post<WriteResult<CollectionRow>>("/Collections/create", input);

/** The spec's delete: the receipt is cancelled with the reason and keeps its number. */
export const cancelCollection = (row: CollectionRow, reason: string) =>
  api.del<WriteResult<CollectionRow>>("/Collections/delete", { id: row.id, reason, dateModified: row.dateModified });

export const loadPayers = (branchCode: string, search = "") => api.get<{ data: PayerRow[]; message?: string }>("/Collections/payers", { branchCode, search });

/** A customer's open invoices, or (search) those billed to a consignee who is not a customer. */
export const loadOpenInvoices = (branchCode: string, payer: { customerCode: string } | { search: string }) =>
  api.get<{ data: OpenInvoiceRow[]; message?: string }>("/Collections/openInvoices", { branchCode, ...payer });

export const calculateCwt = (input: { branchCode: string; customerCode?: string; lines: { invoiceId: number; applied: string }[]; ewtRate?: string; wvatRate?: string }) =>
  api.post<{ data: CwtAnswer }>("/Collections/calculateCWT", input);

export const nextReceiptNumber = (branchCode: string) =>
  api.get<{ data: { receiptNo: string; reserved: boolean }; message: string }>("/Collections/generateReceiptNumber", { branchCode });

export const loadOtherIncomeAccounts = () => api.get<{ data: { code: string; name: string }[] }>("/Collections/otherIncomeAccounts");

export const loadDayTotals = (collectionDate: string, branchCode?: string) =>
  api.get<{ data: DayTotalsRow }>("/Collections/dayTotals", branchCode ? { collectionDate, branchCode } : { collectionDate });

/** A waybill's invoices at the user's branches, and whether each side is paid for release. */
export interface WaybillAccount {
  wayBillRef: string;
  voyageNum: string;
  branchCode: string;
  destinationBranchCode: string;
  modeOfPayment: string;
  customerCode: string;
  consigneeName: string;
  invoices: OpenInvoiceRow[];
  origin: SidePaymentRow;
  destination: SidePaymentRow;
}

export const readWaybillAccount = (wayBillRef: string) =>
  api.get<{ data: WaybillAccount }>(`/Collections/getWayBillRef/${encodeURIComponent(wayBillRef)}`);

/** Where the printed receipt is served; opened in a new tab, the session cookie goes along. */
export const receiptPrintUrl = (id: number) => `${API_BASE}/Collections/print/${id}`;

export interface Form2307Query {
  year: number;
  quarter?: number;
  status?: Form2307Status;
  branchCode?: string;
}

export const loadForm2307 = (query: Form2307Query) => api.get<{ data: Form2307Row[]; message?: string }>("/Collections/form2307", { ...query });

export const receiveForm2307 = (input: Receive2307Input) => api.put<{ data: Form2307Row; message: string }>("/Collections/form2307/receive", input);
