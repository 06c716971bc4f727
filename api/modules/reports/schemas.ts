import { z } from "zod";
import { daysBetween, isBusinessDate } from "../../shared/dates.ts";
import { wholeNumber } from "../../shared/contracts.ts";
import { dateText } from "../../shared/fields.ts";

/**
 * Contracts of the report calls (001 §7 Bookings' reports); zod and pure files only, so the web imports them.
 * A report takes a period and the filters its screen offers, and answers its rows and totals; the workbook of
 * each is the same answer laid out in sheets.
 */

/** A report's period is at most a year and a day: longer ones are a job for several workbooks. */
export const REPORT_MAX_DAYS = 366;

const NO_DATA = "No data found";
export { NO_DATA };

/** A filter left empty by a screen ("" or null) is no filter. */
const optionalCode = (label: string, max = 30) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: `${label} must be text` }).trim().min(1, `${label} cannot be blank`).max(max, `${label} can be at most ${max} characters`).optional(),
  );

/** A date shaped YYYY-MM-DD that is a real day; a value not even shaped like one is told so once. */
const dateField = (label: string) =>
  z.string({ error: `${label} is required` }).trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date written YYYY-MM-DD`, abort: true })
    .pipe(dateText(label));

const period = {
  dateFrom: dateField("From date"),
  dateTo: dateField("To date"),
};

function checkPeriod(v: { dateFrom: string; dateTo: string }, ctx: z.RefinementCtx) {
  // A date refused on its own field says so there; the period is judged only between two real days.
  if (!isBusinessDate(v.dateFrom) || !isBusinessDate(v.dateTo)) return;
  if (v.dateTo < v.dateFrom) ctx.addIssue({ code: "custom", message: "To date cannot be before the from date", path: ["dateTo"] });
  else if (daysBetween(v.dateFrom, v.dateTo) >= REPORT_MAX_DAYS) {
    ctx.addIssue({ code: "custom", message: `The period can be at most ${REPORT_MAX_DAYS} days long`, path: ["dateTo"] });
  }
}

/**
 * What a report over a period answers: its rows (under data, as the list screens read them), their totals, the
 * period asked for, and the message shown when no row falls in it.
 */
const periodReport = <Row extends z.ZodType, Totals extends z.ZodType>(row: Row, totals: Totals) =>
  z.object({ data: z.array(row), totals, dateFrom: z.string(), dateTo: z.string(), message: z.string().optional() });

// ---------------------------------------------------------------------------------------------------------
// Revenue per voyage, lane and customer

/**
 * The revenue report's filter: the voyages departing (ETD, Manila) in the period, narrowed by the origin branch,
 * one voyage, one vessel or one shipper.
 */
export const revenueQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  voyageNum: optionalCode("voyageNum", 40),
  vesselCode: optionalCode("vesselCode"),
  customerCode: optionalCode("customerCode"),
}).superRefine(checkPeriod);
export type RevenueQuery = z.infer<typeof revenueQuery>;

/**
 * What a group of waybills brought in, in pesos as decimal text, VAT included as the lines are: freight and the
 * other charges as due (after approved overrides and waivers), their sum the revenue, and what waivers forgave.
 */
export const revenueFigures = z.object({
  waybills: z.number(),
  freight: z.string(),
  otherCharges: z.string(),
  revenue: z.string(),
  waived: z.string(),
});
export type RevenueFigures = z.infer<typeof revenueFigures>;

export const revenueGroupRow = revenueFigures.extend({ key: z.string(), label: z.string() });
export type RevenueGroupRow = z.infer<typeof revenueGroupRow>;

export const revenueVoyageRow = revenueGroupRow.extend({
  voyageRef: z.string(),
  vesselCode: z.string(),
  vesselName: z.string(),
  originBranchCode: z.string(),
  estimatedTimeDeparture: z.string(),
});
export type RevenueVoyageRow = z.infer<typeof revenueVoyageRow>;

export const revenueWaybillRow = revenueFigures.omit({ waybills: true }).extend({
  wayBillRef: z.string(),
  status: z.string(),
  voyageNum: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
});
export type RevenueWaybillRow = z.infer<typeof revenueWaybillRow>;

/** The voyages (data), earliest departure first, with the same revenue per lane, per customer and per waybill. */
export const revenueReport = periodReport(revenueVoyageRow, revenueFigures).extend({
  lanes: z.array(revenueGroupRow),
  customers: z.array(revenueGroupRow),
  waybills: z.array(revenueWaybillRow),
  branchCode: z.string().nullable(),
});
export type RevenueReport = z.infer<typeof revenueReport>;

// ---------------------------------------------------------------------------------------------------------
// The document tree of a booking

/** The chain of a booking's documents, in the order the cargo makes them (001 §7 document tree). */
export const DOCUMENT_KINDS = [
  { kind: "quotation", label: "Sales quotation" },
  { kind: "booking", label: "Booking" },
  { kind: "cts", label: "Cargo transfer slip" },
  { kind: "waybill", label: "Waybill" },
  { kind: "loadList", label: "Load list" },
  { kind: "tally", label: "Tally sheet" },
  { kind: "unloadList", label: "Unload list" },
  { kind: "cro", label: "Cargo release order" },
  { kind: "deliveryReceipt", label: "Delivery receipt" },
  { kind: "vanIn", label: "Van-in" },
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]["kind"];

export const documentTreeParams = z.object({
  bookingRef: z.string({ error: "bookingRef is required" }).trim().min(1, "bookingRef is required").max(40, "bookingRef can be at most 40 characters"),
});

export const documentNode = z.object({
  kind: z.string(),
  label: z.string(),
  reference: z.string(),
  status: z.string(),
  /** When it was made or issued, ISO. */
  date: z.string().nullable(),
  /** The web page that shows it. */
  link: z.string(),
  /** What else names it: the van, the voyage, the release type. */
  detail: z.string(),
});
export type DocumentNode = z.infer<typeof documentNode>;

export const documentTree = z.object({
  bookingRef: z.string(),
  voyageNum: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  /** Every document of the chain that exists, in chain order (one kind may have several, a cancelled slip and its successor). */
  data: z.array(documentNode),
  /** The kinds of the chain not made yet. */
  missing: z.array(z.string()),
});
export type DocumentTree = z.infer<typeof documentTree>;

// ---------------------------------------------------------------------------------------------------------
// The booking report and bookings by CSR

/**
 * The booking statuses in their order (bookings/rules.ts holds the workflow; the report only counts them). A
 * booking Expired or Cloned (replaced by its clone) is counted under its status but carries no TEU or amount
 * into the totals: those are what the line still expects to carry.
 */
export const REPORT_BOOKING_STATUSES = ["Draft", "Sent", "Confirmed", "ATW Issued", "Outbound CTS Issued", "At Vessel Loaded", "Expired", "Cloned"] as const;
export const CLOSED_BOOKING_STATUSES: readonly string[] = ["Expired", "Cloned"];

/** The bookings dated (booking date) in the period, narrowed by branch, voyage, vessel, shipper or the CSR who made them. */
export const bookingReportQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  voyageNum: optionalCode("voyageNum", 40),
  vesselCode: optionalCode("vesselCode"),
  customerCode: optionalCode("customerCode"),
  csr: optionalCode("csr", 50),
}).superRefine(checkPeriod);
export type BookingReportQuery = z.infer<typeof bookingReportQuery>;

export const bookingTotals = z.object({
  /** Every booking of the answer, whatever its status. */
  bookings: z.number(),
  /** Those not Expired or Cloned, and their quantity, TEU and charges (VAT included). */
  live: z.number(),
  quantity: z.number(),
  teu: z.number(),
  amount: z.string(),
  /** Bookings per status, every status named. */
  statuses: z.record(z.string(), z.number()),
});
export type BookingTotals = z.infer<typeof bookingTotals>;

export const bookingReportRow = z.object({
  bookingRef: z.string(),
  bookingDate: z.string(),
  status: z.string(),
  voyageNum: z.string(),
  vesselCode: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  csr: z.string(),
  csrName: z.string(),
  modeOfDelivery: z.string(),
  quantity: z.number(),
  teu: z.number(),
  amount: z.string(),
});
export type BookingReportRow = z.infer<typeof bookingReportRow>;

export const bookingReport = periodReport(bookingReportRow, bookingTotals);
export type BookingReport = z.infer<typeof bookingReport>;

export const csrReportRow = bookingTotals.extend({ csr: z.string(), csrName: z.string() });
export type CsrReportRow = z.infer<typeof csrReportRow>;

/** One row per CSR, most bookings first. */
export const csrReport = periodReport(csrReportRow, bookingTotals);
export type CsrReport = z.infer<typeof csrReport>;

// ---------------------------------------------------------------------------------------------------------
// Comparative revenue

/** The revenue report's filter, less the one voyage: voyages differ from one period to the next. */
export const comparativeRevenueQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  vesselCode: optionalCode("vesselCode"),
  customerCode: optionalCode("customerCode"),
}).superRefine(checkPeriod);
export type ComparativeRevenueQuery = z.infer<typeof comparativeRevenueQuery>;

const periodRange = z.object({ dateFrom: z.string(), dateTo: z.string() });

/** Revenue (decimal text, VAT included) of a lane, a customer or all, in each of the three periods. */
export const comparedRow = z.object({
  key: z.string(),
  label: z.string(),
  current: z.string(),
  previous: z.string(),
  lastYear: z.string(),
});
export type ComparedRow = z.infer<typeof comparedRow>;

export const comparativeRevenueReport = z.object({
  /** The period asked for, the one of the same length just before it, and the same dates a year earlier. */
  periods: z.object({ current: periodRange, previous: periodRange, lastYear: periodRange }),
  /** Per lane, biggest this period first. */
  data: z.array(comparedRow),
  customers: z.array(comparedRow),
  totals: comparedRow,
  message: z.string().optional(),
});
export type ComparativeRevenueReport = z.infer<typeof comparativeRevenueReport>;

// ---------------------------------------------------------------------------------------------------------
// The operation report

/** The voyages departing (ETD, Manila) in the period, narrowed by origin branch, vessel or one voyage. */
export const operationQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  voyageNum: optionalCode("voyageNum", 40),
  vesselCode: optionalCode("vesselCode"),
}).superRefine(checkPeriod);
export type OperationQuery = z.infer<typeof operationQuery>;

/** How far each voyage's cargo has come: booked, out of the yard, billed, listed, counted on board. */
export const operationCounts = z.object({
  /** Live bookings (not Expired or Cloned) and their TEU. */
  bookings: z.number(),
  teu: z.number(),
  /** Issued cargo transfer slips. */
  cts: z.number(),
  /** Waybills not cancelled. */
  waybills: z.number(),
  /** Waybills on a release of the load list now. */
  onLoadList: z.number(),
  /** Vans counted on the loading tally sheets: full and empty. */
  loadedFull: z.number(),
  loadedEmpty: z.number(),
});
export type OperationCounts = z.infer<typeof operationCounts>;

export const operationRow = operationCounts.extend({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselCode: z.string(),
  routeCode: z.string(),
  originBranchCode: z.string(),
  estimatedTimeDeparture: z.string(),
  finalTallyAt: z.string().nullable(),
  croStatus: z.string(),
});
export type OperationRow = z.infer<typeof operationRow>;

export const operationReport = periodReport(operationRow, operationCounts);
export type OperationReport = z.infer<typeof operationReport>;

// ---------------------------------------------------------------------------------------------------------
// Tally sheet finalization

/** The tally sheets of the voyages departing in the period, narrowed by the tallying branch or one voyage. */
export const tallyFinalizationQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  voyageNum: optionalCode("voyageNum", 40),
}).superRefine(checkPeriod);
export type TallyFinalizationQuery = z.infer<typeof tallyFinalizationQuery>;

export const tallyFinalizationRow = z.object({
  tallySheetNum: z.string(),
  tallySheetType: z.string(),
  status: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  estimatedTimeDeparture: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  /** Vans counted (taken-back lines left out): full and empty. */
  full: z.number(),
  empty: z.number(),
  firstCounted: z.string().nullable(),
  lastCounted: z.string().nullable(),
  dateFinalized: z.string().nullable(),
  finalizedBy: z.string(),
  /** Whole minutes from the last van counted to the final tally; null while the sheet is open. */
  minutesToFinal: z.number().nullable(),
});
export type TallyFinalizationRow = z.infer<typeof tallyFinalizationRow>;

export const tallyFinalizationReport = periodReport(
  tallyFinalizationRow,
  z.object({ sheets: z.number(), final: z.number(), open: z.number(), full: z.number(), empty: z.number() }),
);
export type TallyFinalizationReport = z.infer<typeof tallyFinalizationReport>;

// ---------------------------------------------------------------------------------------------------------
// Voyage history

/** The voyages departing (ETD, Manila) in the period, narrowed by origin branch or vessel. */
export const voyageHistoryQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  vesselCode: optionalCode("vesselCode"),
}).superRefine(checkPeriod);
export type VoyageHistoryQuery = z.infer<typeof voyageHistoryQuery>;

export const voyageHistoryRow = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselCode: z.string(),
  routeCode: z.string(),
  originBranchCode: z.string(),
  estimatedTimeDeparture: z.string(),
  /** The first actual departure the vessel updates record at the origin; null until one is. */
  actualTimeDeparture: z.string().nullable(),
  /** Whole minutes late (negative: early). */
  departureDelayMinutes: z.number().nullable(),
  lastPortBranchCode: z.string(),
  estimatedTimeArrival: z.string().nullable(),
  actualTimeArrival: z.string().nullable(),
  arrivalDelayMinutes: z.number().nullable(),
  /** Vessel changes and voyage transfers made on it. */
  reguides: z.number(),
  /** "Not departed", "At sea" or "Arrived", from the actual times recorded. */
  stage: z.string(),
  croStatus: z.string(),
});
export type VoyageHistoryRow = z.infer<typeof voyageHistoryRow>;

export const voyageHistoryReport = periodReport(
  voyageHistoryRow,
  z.object({ voyages: z.number(), departed: z.number(), arrived: z.number(), lateDepartures: z.number(), lateArrivals: z.number() }),
);
export type VoyageHistoryReport = z.infer<typeof voyageHistoryReport>;

// ---------------------------------------------------------------------------------------------------------
// SQ-based commodity

/** The bookings priced from a sales quotation, dated (booking date) in the period, narrowed by branch or shipper. */
export const sqCommodityQuery = z.object({
  ...period,
  branchCode: optionalCode("branchCode"),
  customerCode: optionalCode("customerCode"),
}).superRefine(checkPeriod);
export type SqCommodityQuery = z.infer<typeof sqCommodityQuery>;

export const sqCommodityFigures = z.object({
  /** The quotations the bookings were priced from (each counted once). */
  quotations: z.number(),
  bookings: z.number(),
  quantity: z.number(),
  teu: z.number(),
  /** The bookings' charge lines, VAT included, in pesos as decimal text. */
  amount: z.string(),
});
export type SqCommodityFigures = z.infer<typeof sqCommodityFigures>;

export const sqCommodityRow = sqCommodityFigures.extend({
  /** "" for the bookings that name no commodity. */
  commodityCode: z.string(),
  commodityName: z.string(),
  categoryCode: z.string(),
});
export type SqCommodityRow = z.infer<typeof sqCommodityRow>;

/** One row per commodity, biggest amount first. */
export const sqCommodityReport = periodReport(sqCommodityRow, sqCommodityFigures);
export type SqCommodityReport = z.infer<typeof sqCommodityReport>;

// ---------------------------------------------------------------------------------------------------------
// Scheduled reports

/** The reports a role can subscribe to, by the name of their `lading report` command. */
export const REPORT_NAMES = ["revenue", "comparative-revenue", "operation", "tally-finalization", "voyage-history", "bookings", "csr", "sq-commodity"] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_FREQUENCIES = ["WEEKLY", "MONTHLY"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const subscriptionBody = z.object({
  roleId: z.string({ error: "roleId is required" }).trim().min(1, "roleId is required").max(50, "roleId can be at most 50 characters"),
  report: z.enum(REPORT_NAMES, { error: `report must be one of ${REPORT_NAMES.join(", ")}` }),
  frequency: z.enum(REPORT_FREQUENCIES, { error: "frequency must be WEEKLY or MONTHLY" }),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export const subscriptionParams = z.object({
  id: wholeNumber("id", { min: 1, tooSmall: "id must be positive" }),
});

export const reportSubscription = z.object({
  id: z.number(),
  roleId: z.string(),
  roleName: z.string(),
  report: z.enum(REPORT_NAMES),
  title: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  /** The role's active users with an e-mail address: who receives it. */
  recipients: z.array(z.string()),
  /** The last period sent, when one has been. */
  lastSent: z.object({ dateFrom: z.string(), dateTo: z.string(), recipients: z.number() }).nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscription>;

export const reportSubscriptionList = z.object({ data: z.array(reportSubscription), message: z.string().optional() });
export type ReportSubscriptionList = z.infer<typeof reportSubscriptionList>;
