import { z } from "zod";
import { fileResponse } from "../../http/files.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { aeSummaryWorkbook, agingWorkbook, customersPerAeWorkbook } from "./documents.ts";
import { aeSummary, aeSummaryInput, agingInput, agingReport, customersPerAe, customersPerAeInput } from "./reports.ts";

/**
 * The report calls of 001 §7 and a workbook of each. The reports answer JSON to POST as the spec's client
 * calls them; each workbook is a GET with the same fields in the query, as the other downloads are served, so
 * the browser's file request carries the filter and nothing else.
 */

const tag = "Sales quotations";
/** Who may open the AE reports is decided per caller in the service (overseers see all, an AE only themselves). */
const permission = "SALESQUOTATION";

const counts = z.record(z.string(), z.number());
const labelled = z.array(z.object({ key: z.string(), label: z.string() }));
const period = z.object({ dateFrom: z.string(), dateTo: z.string(), branchCode: z.string().nullable() });
const message = z.string().optional();

const aeSummaryAnswer = z.object({
  data: z.array(z.object({ userId: z.string(), name: z.string() }).catchall(z.number())),
  totals: counts,
  groups: z.array(z.object({ key: z.string(), label: z.string(), statuses: z.array(z.string()) })),
  period,
  message,
});

const customersAnswer = z.object({
  data: z.array(z.object({
    customerCode: z.string(),
    customerName: z.string(),
    quotations: z.number(),
    faApproved: z.number(),
    latestSqDate: z.string(),
    share: z.number(),
  })),
  ae: z.object({ userId: z.string(), name: z.string(), total: z.number(), faApproved: z.number(), customers: z.number() }),
  period,
  message,
});

const agingAnswer = z.object({
  data: z.array(z.object({
    id: z.number(),
    sqRefNum: z.string(),
    sqDate: z.string(),
    userId: z.string(),
    aeName: z.string(),
    branchCode: z.string(),
    customerCode: z.string(),
    customerName: z.string(),
    status: z.string(),
    currentStatus: z.string(),
    since: z.string(),
    days: z.number(),
    bucket: z.string(),
  })),
  summary: z.array(z.object({ userId: z.string(), name: z.string() }).catchall(z.number())),
  totals: counts,
  buckets: labelled,
  asOf: z.string(),
  branchCode: z.string().nullable(),
  message,
});

export const salesQuotationReportRoutes: RouteDef[] = [
  route({
    method: "post", path: "/SalesQuotations/searchAeV1", permission, tag, body: aeSummaryInput,
    summary: "Quotations dated in a period per account executive, counted by status group (sales managers, branch " +
      "managers, auditors and finance see every AE; an AE only their own row)",
    response: aeSummaryAnswer,
  }, ({ deps, body, caller }) => aeSummary(deps.db, caller, body)),
  route({
    method: "get", path: "/SalesQuotations/searchAeV1/download", permission, tag, query: aeSummaryInput,
    summary: "The AE summary of a period as SQ_AE_Report.xlsx",
  }, async ({ deps, query, caller }) => fileResponse(await aeSummaryWorkbook(deps.db, caller, query))),

  route({
    method: "post", path: "/SalesQuotations/searchCustomerperAeV1", permission, tag, body: customersPerAeInput,
    summary: "The customers one account executive quoted in a period, with FA approvals, latest date and share " +
      "(an AE may ask only about themselves)",
    response: customersAnswer,
  }, ({ deps, body, caller }) => customersPerAe(deps.db, caller, body)),
  route({
    method: "get", path: "/SalesQuotations/searchCustomerperAeV1/download", permission, tag, query: customersPerAeInput,
    summary: "The customers of one account executive in a period as SQ_Customer_per_AE.xlsx",
  }, async ({ deps, query, caller }) => fileResponse(await customersPerAeWorkbook(deps.db, caller, query))),

  route({
    method: "post", path: "/SalesQuotations/agingReportAeV1", permission: "SQ_AGING_REPORT", tag, body: agingInput,
    summary: "SQ Aging Report: quotations waiting at For Approval, SM Approved or AUD Approved on the as-of date " +
      "(Manila, default today), days at that step bucketed 0–2, 3–5, 6–10 and over 10, and a count per AE",
    response: agingAnswer,
  }, ({ deps, body, caller }) => agingReport(deps.db, caller, body)),
  route({
    method: "get", path: "/SalesQuotations/agingReportAeV1/download", permission: "SQ_AGING_REPORT", tag, query: agingInput,
    summary: "The SQ Aging Report as SQ_Aging_Report.xlsx (the quotations, and a sheet per AE and bucket)",
  }, async ({ deps, query, caller }) => fileResponse(await agingWorkbook(deps.db, caller, query))),
];
