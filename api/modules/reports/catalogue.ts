import type { z } from "zod";
import type { Capability, MenuId } from "../../shared/permissions.ts";
import {
  bookingWorkbook,
  comparativeWorkbook,
  csrWorkbook,
  operationWorkbook,
  type ReportWorkbook,
  revenueWorkbook,
  sqCommodityWorkbook,
  tallyFinalizationWorkbook,
  voyageHistoryWorkbook,
} from "./documents.ts";
import {
  bookingReportQuery,
  comparativeRevenueQuery,
  operationQuery,

  type ReportName,
  revenueQuery,
  sqCommodityQuery,
  tallyFinalizationQuery,
  voyageHistoryQuery,
} from "./schemas.ts";

/** A report that a period alone runs: what a role may subscribe to and `lading report` writes. */
export interface CatalogueEntry {
  title: string;
  permission: MenuId | Capability;
  query: z.ZodType<{ dateFrom: string; dateTo: string }>;
  workbook: ReportWorkbook<never, unknown>;
}

const entry = <Q extends { dateFrom: string; dateTo: string }>(
  title: string,
  permission: MenuId | Capability,
  query: z.ZodType<Q>,
  workbook: ReportWorkbook<Q, unknown>,
): CatalogueEntry => ({ title, permission, query, workbook: workbook as ReportWorkbook<never, unknown> });

/** Every report by the name its command and subscriptions use, with the permission that reads it. */
export const REPORT_CATALOGUE: Record<ReportName, CatalogueEntry> = {
  "revenue": entry("Revenue report", "VOYAGE_FREIGHT_REVENUE_REPORT", revenueQuery, revenueWorkbook),
  "comparative-revenue": entry("Comparative revenue", "VOYAGE_FREIGHT_REVENUE_REPORT", comparativeRevenueQuery, comparativeWorkbook),
  "operation": entry("Operation report", "VOYAGE", operationQuery, operationWorkbook),
  "tally-finalization": entry("Tally sheet finalization", "OUTBOUND", tallyFinalizationQuery, tallyFinalizationWorkbook),
  "voyage-history": entry("Voyage history", "VOYAGE", voyageHistoryQuery, voyageHistoryWorkbook),
  "bookings": entry("Booking report", "VOYAGE", bookingReportQuery, bookingWorkbook),
  "csr": entry("Bookings by CSR", "CSR_REPORT", bookingReportQuery, csrWorkbook),
  "sq-commodity": entry("SQ-based commodity", "VOYAGE", sqCommodityQuery, sqCommodityWorkbook),
};

/** Runs a catalogue report for a period within a scope (the query checked as the route checks it). */
export function catalogueWorkbook(name: ReportName) {
  const e = REPORT_CATALOGUE[name];
  return e.workbook as unknown as ReportWorkbook<{ dateFrom: string; dateTo: string }, unknown>;
}

