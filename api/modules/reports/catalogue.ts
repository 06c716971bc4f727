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

type Period = { dateFrom: string; dateTo: string; branchCode?: string };

/**
 * A report that a period alone runs, by the name of its command: what `lading report <name>` writes and a role
 * may subscribe to, with the permission that reads it.
 */
export interface CatalogueEntry {
  title: string;
  permission: MenuId | Capability;
  query: z.ZodType<Period>;
  workbook: ReportWorkbook<Period, unknown>;
  /** `lading report <name>`: its description, what the period's dates are, what --branch narrows to. */
  description: string;
  dates: "departure" | "booking";
  branch: string;
  /** What the command counts once the file is written: how many, and of what. */
  counted: (report: unknown) => number;
  unit: string;
}

function entry<Q extends Period, R>(e: Omit<CatalogueEntry, "query" | "workbook" | "counted"> & {
  query: z.ZodType<Q>;
  workbook: ReportWorkbook<Q, R>;
  counted: (report: R) => number;
}): CatalogueEntry {
  return e as unknown as CatalogueEntry;
}

const VOYAGE_BRANCH = "only the voyages of this origin branch";
const BOOKING_BRANCH = "only the bookings of this branch";

export const REPORT_CATALOGUE: Record<ReportName, CatalogueEntry> = {
  "revenue": entry({
    title: "Revenue report", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", query: revenueQuery, workbook: revenueWorkbook,
    description: "write Revenue_Report_{from}_{to}.xlsx: revenue per voyage, lane and customer of the voyages departing from --from to --to (Manila dates)",
    dates: "departure", branch: VOYAGE_BRANCH, counted: (r) => r.waybills.length, unit: "waybill",
  }),
  "comparative-revenue": entry({
    title: "Comparative revenue", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", query: comparativeRevenueQuery, workbook: comparativeWorkbook,
    description:
      "write Comparative_Revenue_{from}_{to}.xlsx: the revenue of the period per lane and customer beside the period before and the same dates a year earlier",
    dates: "departure", branch: VOYAGE_BRANCH, counted: (r) => r.data.length, unit: "lane",
  }),
  "operation": entry({
    title: "Operation report", permission: "VOYAGE", query: operationQuery, workbook: operationWorkbook,
    description: "write Operation_Report_{from}_{to}.xlsx: every voyage departing from --from to --to and how far its cargo has come",
    dates: "departure", branch: VOYAGE_BRANCH, counted: (r) => r.data.length, unit: "voyage",
  }),
  "tally-finalization": entry({
    title: "Tally sheet finalization", permission: "OUTBOUND", query: tallyFinalizationQuery, workbook: tallyFinalizationWorkbook,
    description: "write Tally_Sheet_Finalization_{from}_{to}.xlsx: the tally sheets of the voyages departing from --from to --to and their final tallies",
    dates: "departure", branch: "only the sheets tallied at this branch", counted: (r) => r.totals.sheets, unit: "tally sheet",
  }),
  "voyage-history": entry({
    title: "Voyage history", permission: "VOYAGE", query: voyageHistoryQuery, workbook: voyageHistoryWorkbook,
    description: "write Voyage_History_{from}_{to}.xlsx: the voyages departing from --from to --to, planned against actual departure and arrival",
    dates: "departure", branch: VOYAGE_BRANCH, counted: (r) => r.data.length, unit: "voyage",
  }),
  "bookings": entry({
    title: "Booking report", permission: "VOYAGE", query: bookingReportQuery, workbook: bookingWorkbook,
    description: "write Booking_Report_{from}_{to}.xlsx: the bookings dated from --from to --to, with the count per status (Manila dates)",
    dates: "booking", branch: BOOKING_BRANCH, counted: (r) => r.totals.bookings, unit: "booking",
  }),
  "csr": entry({
    title: "Bookings by CSR", permission: "CSR_REPORT", query: bookingReportQuery, workbook: csrWorkbook,
    description: "write Bookings_by_CSR_{from}_{to}.xlsx: the bookings dated from --from to --to per CSR who made them (Manila dates)",
    dates: "booking", branch: BOOKING_BRANCH, counted: (r) => r.totals.bookings, unit: "booking",
  }),
  "sq-commodity": entry({
    title: "SQ-based commodity", permission: "VOYAGE", query: sqCommodityQuery, workbook: sqCommodityWorkbook,
    description: "write SQ_Commodity_Report_{from}_{to}.xlsx: the bookings priced from a quotation dated from --from to --to, per commodity (Manila dates)",
    dates: "booking", branch: BOOKING_BRANCH, counted: (r) => r.totals.bookings, unit: "booking",
  }),
};
