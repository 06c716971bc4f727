import { api, requestFile } from "../../../lib/api.ts";
// Types only: they vanish from the bundle, so the screen follows the report's answer without loading server code.
import type {
  AeSummaryInput,
  agingReport,
  AgingInput,
  aeSummary,
  CustomersPerAeInput,
  customersPerAe,
} from "../../../../../api/modules/sales-quotations/reports.ts";

/** The report calls of the sales-quotation module (001 §7) and the workbook of each. */

export type AeSummaryReport = Awaited<ReturnType<typeof aeSummary>>;
export type CustomersPerAeReport = Awaited<ReturnType<typeof customersPerAe>>;
export type AgingReport = Awaited<ReturnType<typeof agingReport>>;
export type AeSummaryRow = AeSummaryReport["data"][number];
export type CustomerPerAeRow = CustomersPerAeReport["data"][number];
export type AgingRow = AgingReport["data"][number];
export type AgingSummaryRow = AgingReport["summary"][number];

/** What the screen sends: the zod outputs, with the optional branch left out rather than blank. */
export type AeSummaryQuery = Pick<AeSummaryInput, "dateFrom" | "dateTo"> & { branchCode?: string };
export type CustomersPerAeQuery = Pick<CustomersPerAeInput, "dateFrom" | "dateTo" | "userId"> & { branchCode?: string };
export type AgingQuery = Pick<AgingInput, "asOf"> & { branchCode?: string };

export const searchAe = (query: AeSummaryQuery) => api.post<AeSummaryReport>("/SalesQuotations/searchAeV1", query);
export const searchCustomersPerAe = (query: CustomersPerAeQuery) =>
  api.post<CustomersPerAeReport>("/SalesQuotations/searchCustomerperAeV1", query);
export const agingOfQuotations = (query: AgingQuery) => api.post<AgingReport>("/SalesQuotations/agingReportAeV1", query);

// The server builds each workbook from the same query, so the browser never loads the spreadsheet library.
export const aeSummaryWorkbook = (query: AeSummaryQuery) => requestFile("/SalesQuotations/searchAeV1/download", query);
export const customersPerAeWorkbook = (query: CustomersPerAeQuery) => requestFile("/SalesQuotations/searchCustomerperAeV1/download", query);
export const agingWorkbook = (query: AgingQuery) => requestFile("/SalesQuotations/agingReportAeV1/download", query);
