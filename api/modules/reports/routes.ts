import { fileResponse } from "../../http/files.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { documentTreeOf } from "./document-tree.ts";
import { revenueWorkbook } from "./documents.ts";
import { revenueReport } from "./revenue.ts";
import { documentTree, documentTreeParams, revenueQuery, revenueReport as revenueAnswer } from "./schemas.ts";

/**
 * The booking reports of 001 §7. Each report is a GET with its filter in the query and a /download beside it
 * that answers the same figures as a workbook. Reading revenue needs the voyage freight revenue report role
 * (001 §6); the rest are the voyage menu's, within the caller's branches.
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
    method: "get", path: "/Bookings/reports/documentTree/{bookingRef}", permission: "VOYAGE", tag, params: documentTreeParams,
    summary: "The document tree of a booking: its quotation, the booking, transfer slips, waybill, load list, tally and the " +
      "documents after them that exist, in chain order, each with the page that shows it",
    response: documentTree,
  }, ({ deps, params, caller }) => documentTreeOf(deps.db, caller, params.bookingRef)),
];

