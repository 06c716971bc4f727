import { z } from "zod";
import { fileResponse } from "../../http/files.ts";
import { type Permission, route, type RouteDef } from "../../http/route.ts";
import type { Db } from "../../../db/client.ts";
import type { BranchScope } from "../../shared/branch-scope.ts";
import { bookingReport, csrReport } from "./bookings.ts";
import { comparativeRevenue } from "./comparative.ts";
import { documentTreeOf } from "./document-tree.ts";
import { operationReport } from "./operations.ts";
import { revenueReport } from "./revenue.ts";
import { sqCommodityReport } from "./sq-commodity.ts";
import { listSubscriptions, subscribe, unsubscribe } from "./subscriptions.ts";
import { tallyFinalizationReport } from "./tally-finalization.ts";
import { voyageHistoryReport } from "./voyage-history.ts";
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
  sqCommodityQuery,
  sqCommodityReport as sqCommodityAnswer,
  reportSubscription,
  reportSubscriptionList,
  subscriptionBody,
  subscriptionParams,
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

interface ReportPair<Q extends z.ZodType, R> {
  path: string;
  permission: Permission;
  query: Q;
  response: z.ZodType;
  summary: string;
  /** What the download answers, e.g. "The operation report as Operation_Report_{from}_{to}.xlsx". */
  download: string;
  read: (db: Db, scope: BranchScope, query: z.output<Q>) => Promise<R>;
  workbook: ReportWorkbook<z.output<Q>, R>;
}

/**
 * A report's two routes: its answer at `path` and, at `path/download` behind the same permission and filter, the
 * same answer as its workbook.
 */
function reportRoutePair<Q extends z.ZodType, R>(p: ReportPair<Q, R>): RouteDef[] {
  return [
    route({ method: "get", path: p.path, permission: p.permission, tag, query: p.query, summary: p.summary, response: p.response },
      ({ deps, query, caller }) => p.read(deps.db, caller, query as z.output<Q>)),
    route({ method: "get", path: `${p.path}/download`, permission: p.permission, tag, query: p.query, summary: p.download },
      async ({ deps, query, caller }) => fileResponse((await p.workbook(deps.db, caller, query as z.output<Q>)).file)),
  ];
}

export const reportRoutes: RouteDef[] = [
  ...reportRoutePair({
    path: "/Bookings/reports/revenue", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", query: revenueQuery, response: revenueAnswer,
    summary: "Revenue per voyage, lane and customer: the waybills of the voyages departing in a period (Manila dates), " +
      "freight and other charges as due after approved overrides and waivers, VAT included, and what was waived",
    download: "The revenue report as Revenue_Report_{from}_{to}.xlsx: a sheet by voyage, by lane, by customer and the waybills",
    read: revenueReport, workbook: revenueWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/comparativeRevenue", permission: "VOYAGE_FREIGHT_REVENUE_REPORT", query: comparativeRevenueQuery,
    response: comparativeAnswer,
    summary: "Comparative revenue: the revenue of a period per lane, per customer and in all beside the period of the same length " +
      "before it and the same dates a year earlier",
    download: "Comparative revenue as Comparative_Revenue_{from}_{to}.xlsx: a sheet per lane and per customer",
    read: comparativeRevenue, workbook: comparativeWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/operation", permission: "VOYAGE", query: operationQuery, response: operationAnswer,
    summary: "The operation report: every voyage departing in a period and how far its cargo has come (live bookings and TEU, " +
      "transfer slips issued, waybills, on the load list, full and empty vans counted on board)",
    download: "The operation report as Operation_Report_{from}_{to}.xlsx",
    read: operationReport, workbook: operationWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/tallySheetFinalization", permission: "OUTBOUND", query: tallyFinalizationQuery, response: tallyFinalizationAnswer,
    summary: "Tally sheet finalization: the tally sheets of the voyages departing in a period with their vans, when counting began " +
      "and ended, and when and by whom each was made final",
    download: "Tally sheet finalization as Tally_Sheet_Finalization_{from}_{to}.xlsx",
    read: tallyFinalizationReport, workbook: tallyFinalizationWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/voyageHistory", permission: "VOYAGE", query: voyageHistoryQuery, response: voyageHistoryAnswer,
    summary: "Voyage history: the voyages departing in a period, each with its ETD and ETA at the last port beside the actual " +
      "departure and arrival the vessel updates record, minutes late or early, and its reguides",
    download: "Voyage history as Voyage_History_{from}_{to}.xlsx",
    read: voyageHistoryReport, workbook: voyageHistoryWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/bookings", permission: "VOYAGE", query: bookingReportQuery, response: bookingAnswer,
    summary: "The booking report: the bookings dated in a period with their quantity, TEU and charges, and the count per status " +
      "(Expired and Cloned bookings are counted but add nothing to the quantity, TEU or amount)",
    download: "The booking report as Booking_Report_{from}_{to}.xlsx",
    read: bookingReport, workbook: bookingWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/byCsr", permission: "CSR_REPORT", query: bookingReportQuery, response: csrAnswer,
    summary: "Bookings by CSR: the bookings dated in a period per staff member who made them, counted by status, with their TEU and charges",
    download: "Bookings by CSR as Bookings_by_CSR_{from}_{to}.xlsx",
    read: csrReport, workbook: csrWorkbook,
  }),
  ...reportRoutePair({
    path: "/Bookings/reports/sqCommodity", permission: "VOYAGE", query: sqCommodityQuery, response: sqCommodityAnswer,
    summary: "SQ-based commodity: the bookings priced from a sales quotation dated in a period, per commodity booked, with the " +
      "quotations, bookings, quantity, TEU and charges (Expired and Cloned bookings left out)",
    download: "The SQ-based commodity report as SQ_Commodity_Report_{from}_{to}.xlsx",
    read: sqCommodityReport, workbook: sqCommodityWorkbook,
  }),
  route({
    method: "get", path: "/Bookings/reports/documentTree/{bookingRef}", permission: "VOYAGE", tag, params: documentTreeParams,
    summary: "The document tree of a booking: its quotation, the booking, transfer slips, waybill, load list, tally and the " +
      "documents after them that exist, in chain order, each with the page that shows it",
    response: documentTree,
  }, ({ deps, params, caller }) => documentTreeOf(deps.db, caller, params.bookingRef)),
  // Scheduled reports: the route is open to any signed-in user; the service asks for the permission of the report.
  route({
    method: "get", path: "/Bookings/reports/subscriptions", permission: "authenticated", tag,
    summary: "The roles subscribed to the reports the caller may read, weekly or monthly, with who receives each and the last period sent",
    response: reportSubscriptionList,
  }, ({ deps, caller }) => listSubscriptions(deps.db, caller)),
  route({
    method: "post", path: "/Bookings/reports/subscriptions", permission: "authenticated", tag, body: subscriptionBody, status: 201,
    summary: "Subscribe a role to a report weekly or monthly (the caller needs the report's permission, the role too)",
    response: z.object({ data: reportSubscription, message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => subscribe(deps.db, caller, body)),
  route({
    method: "delete", path: "/Bookings/reports/subscriptions/{id}", permission: "authenticated", tag, params: subscriptionParams,
    summary: "End a role's subscription to a report",
    response: z.object({ message: z.string() }),
  }, ({ deps, params, caller }) => unsubscribe(deps.db, caller, params.id)),
];
