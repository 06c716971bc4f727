import { fileResponse } from "../../http/files.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { bookingReport, csrReport } from "./bookings.ts";
import { comparativeRevenue } from "./comparative.ts";
import { operationReport } from "./operations.ts";
import { tallyFinalizationReport } from "./tally-finalization.ts";
import { voyageHistoryReport } from "./voyage-history.ts";
import { documentTreeOf } from "./document-tree.ts";
import { bookingWorkbook, comparativeWorkbook, csrWorkbook, operationWorkbook, revenueWorkbook, tallyFinalizationWorkbook,
  voyageHistoryWorkbook } from "./documents.ts";
import { revenueReport } from "./revenue.ts";
import {
  bookingReport as bookingAnswer,
  bookingReportQuery,
  comparativeRevenueQuery,
  comparativeRevenueReport as comparativeAnswer,
  csrReport as csrAnswer,
  documentTree,
  documentTreeParams,
  operationQuery,
  operationReport as operationAnswer,
  revenueQuery,
  revenueReport as revenueAnswer,
  tallyFinalizationQuery,
  tallyFinalizationReport as tallyFinalizationAnswer,
  voyageHistoryQuery,
  voyageHistoryReport as voyageHistoryAnswer,
} from "./schemas.ts";

/**
 * The booking reports of 001 §7. Each report is a GET with its filter in the query and a /download beside it
 * that answers the same figures as a workbook. Reading revenue needs the voyage freight revenue report role
 * (001 §6) and bookings by CSR the CSR Report role; the rest are the voyage menu's. All read within the caller's
 * branches.
 */

const tag = "Reports";

export const reportRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Bookings/reports/revenue", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", tag, query: revenueQuery,
    summary: "Revenue per voyage, lane and customer: the waybills of the voyages departing in a period (Manila dates), " +
      "freight and other charges as due after approved overrides and waivers, VAT included, and what was waived",
    response: revenueAnswer,
  }, ({ deps, query, caller }) => revenueReport(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/revenue/download", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", tag, query: revenueQuery,
    summary: "The revenue report as Revenue_Report_{from}_{to}.xlsx: a sheet by voyage, by lane, by customer and the waybills",
  }, async ({ deps, query, caller }) => fileResponse((await revenueWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/comparativeRevenue", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", tag, query: comparativeRevenueQuery,
    summary: "Comparative revenue: the revenue of a period per lane, per customer and in all beside the period of the same length " +
      "before it and the same dates a year earlier",
    response: comparativeAnswer,
  }, ({ deps, query, caller }) => comparativeRevenue(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/comparativeRevenue/download", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", tag,
    query: comparativeRevenueQuery,
    summary: "Comparative revenue as Comparative_Revenue_{from}_{to}.xlsx: a sheet per lane and per customer",
  }, async ({ deps, query, caller }) => fileResponse((await comparativeWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/operation", permission: "VOYAGE", tag, query: operationQuery,
    summary: "The operation report: every voyage departing in a period and how far its cargo has come (live bookings and TEU, " +
      "transfer slips issued, waybills, on the load list, full and empty vans counted on board)",
    response: operationAnswer,
  }, ({ deps, query, caller }) => operationReport(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/operation/download", permission: "VOYAGE", tag, query: operationQuery,
    summary: "The operation report as Operation_Report_{from}_{to}.xlsx",
  }, async ({ deps, query, caller }) => fileResponse((await operationWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/tallySheetFinalization", permission: "OUTBOUND", tag, query: tallyFinalizationQuery,
    summary: "Tally sheet finalization: the tally sheets of the voyages departing in a period with their vans, when counting began " +
      "and ended, and when and by whom each was made final",
    response: tallyFinalizationAnswer,
  }, ({ deps, query, caller }) => tallyFinalizationReport(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/tallySheetFinalization/download", permission: "OUTBOUND", tag, query: tallyFinalizationQuery,
    summary: "Tally sheet finalization as Tally_Sheet_Finalization_{from}_{to}.xlsx",
  }, async ({ deps, query, caller }) => fileResponse((await tallyFinalizationWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/voyageHistory", permission: "VOYAGE", tag, query: voyageHistoryQuery,
    summary: "Voyage history: the voyages departing in a period, each with its ETD and ETA at the last port beside the actual " +
      "departure and arrival the vessel updates record, minutes late or early, and its reguides",
    response: voyageHistoryAnswer,
  }, ({ deps, query, caller }) => voyageHistoryReport(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/voyageHistory/download", permission: "VOYAGE", tag, query: voyageHistoryQuery,
    summary: "Voyage history as Voyage_History_{from}_{to}.xlsx",
  }, async ({ deps, query, caller }) => fileResponse((await voyageHistoryWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/bookings", permission: "VOYAGE", tag, query: bookingReportQuery,
    summary: "The booking report: the bookings dated in a period with their quantity, TEU and charges, and the count per status " +
      "(Expired and Cloned bookings are counted but add nothing to the quantity, TEU or amount)",
    response: bookingAnswer,
  }, ({ deps, query, caller }) => bookingReport(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/bookings/download", permission: "VOYAGE", tag, query: bookingReportQuery,
    summary: "The booking report as Booking_Report_{from}_{to}.xlsx",
  }, async ({ deps, query, caller }) => fileResponse((await bookingWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/byCsr", permission: "CSR_REPORT", tag, query: bookingReportQuery,
    summary: "Bookings by CSR: the bookings dated in a period per staff member who made them, counted by status, with their TEU and charges",
    response: csrAnswer,
  }, ({ deps, query, caller }) => csrReport(deps.db, caller, query)),
  route({
    method: "get", path: "/Bookings/reports/byCsr/download", permission: "CSR_REPORT", tag, query: bookingReportQuery,
    summary: "Bookings by CSR as Bookings_by_CSR_{from}_{to}.xlsx",
  }, async ({ deps, query, caller }) => fileResponse((await csrWorkbook(deps.db, caller, query)).file)),
  route({
    method: "get", path: "/Bookings/reports/documentTree/{bookingRef}", permission: "VOYAGE", tag, params: documentTreeParams,
    summary: "The document tree of a booking: its quotation, the booking, transfer slips, waybill, load list, tally and the " +
      "documents after them that exist, in chain order, each with the page that shows it",
    response: documentTree,
  }, ({ deps, params, caller }) => documentTreeOf(deps.db, caller, params.bookingRef)),
];

