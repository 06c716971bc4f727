import { api, requestFile } from "../../lib/api.ts";
// Types only: the screens follow the server's contracts without loading zod or server code into the bundle.
import type {
  BookingReport,
  BookingReportQuery,
  ComparativeRevenueQuery,
  ComparativeRevenueReport,
  CsrReport,
  DocumentTree,
  OperationQuery,
  OperationReport,
  RevenueQuery,
  RevenueReport,
  SqCommodityQuery,
  SqCommodityReport,
  TallyFinalizationQuery,
  TallyFinalizationReport,
  VoyageHistoryQuery,
  VoyageHistoryReport,
} from "../../../../api/modules/reports/schemas.ts";

/** The calls of the reports module. */

export type { BookingReport, BookingReportQuery, ComparativeRevenueQuery, ComparativeRevenueReport, CsrReport, DocumentTree, OperationQuery, OperationReport, RevenueQuery, RevenueReport };
export type { SqCommodityQuery, SqCommodityReport };
export type { TallyFinalizationQuery, TallyFinalizationReport, VoyageHistoryQuery, VoyageHistoryReport };
export type RevenueVoyage = RevenueReport["data"][number];
export type RevenueGroup = RevenueReport["lanes"][number];

export const revenueReport = (query: RevenueQuery) => api.get<RevenueReport>("/Bookings/reports/revenue", { ...query });
// The server builds the workbook from the same filter in its document pool; the browser never loads the spreadsheet library.
export const revenueWorkbook = (query: RevenueQuery) => requestFile("/Bookings/reports/revenue/download", { ...query });

export const documentTree = (bookingRef: string) =>
  api.get<DocumentTree>(`/Bookings/reports/documentTree/${encodeURIComponent(bookingRef)}`);

export const bookingReport = (query: BookingReportQuery) => api.get<BookingReport>("/Bookings/reports/bookings", { ...query });
export const bookingWorkbook = (query: BookingReportQuery) => requestFile("/Bookings/reports/bookings/download", { ...query });
export const csrReport = (query: BookingReportQuery) => api.get<CsrReport>("/Bookings/reports/byCsr", { ...query });
export const csrWorkbook = (query: BookingReportQuery) => requestFile("/Bookings/reports/byCsr/download", { ...query });

export const comparativeRevenue = (query: ComparativeRevenueQuery) =>
  api.get<ComparativeRevenueReport>("/Bookings/reports/comparativeRevenue", { ...query });
export const comparativeWorkbook = (query: ComparativeRevenueQuery) => requestFile("/Bookings/reports/comparativeRevenue/download", { ...query });

export const operationReport = (query: OperationQuery) => api.get<OperationReport>("/Bookings/reports/operation", { ...query });
export const operationWorkbook = (query: OperationQuery) => requestFile("/Bookings/reports/operation/download", { ...query });

export const tallyFinalization = (query: TallyFinalizationQuery) =>
  api.get<TallyFinalizationReport>("/Bookings/reports/tallySheetFinalization", { ...query });
export const tallyFinalizationWorkbook = (query: TallyFinalizationQuery) => requestFile("/Bookings/reports/tallySheetFinalization/download", { ...query });

export const voyageHistory = (query: VoyageHistoryQuery) => api.get<VoyageHistoryReport>("/Bookings/reports/voyageHistory", { ...query });
export const voyageHistoryWorkbook = (query: VoyageHistoryQuery) => requestFile("/Bookings/reports/voyageHistory/download", { ...query });

export const sqCommodity = (query: SqCommodityQuery) => api.get<SqCommodityReport>("/Bookings/reports/sqCommodity", { ...query });
export const sqCommodityWorkbook = (query: SqCommodityQuery) => requestFile("/Bookings/reports/sqCommodity/download", { ...query });

export type { ReportSubscription, ReportSubscriptionList, SubscriptionBody } from "../../../../api/modules/reports/schemas.ts";
import type { ReportSubscription, ReportSubscriptionList, SubscriptionBody } from "../../../../api/modules/reports/schemas.ts";
export const reportSubscriptions = () => api.get<ReportSubscriptionList>("/Bookings/reports/subscriptions");
export const subscribeRole = (body: SubscriptionBody) => api.post<{ data: ReportSubscription; message: string }>("/Bookings/reports/subscriptions", body);
export const unsubscribeRole = (id: number) => api.del<{ message: string }>(`/Bookings/reports/subscriptions/${id}`);
