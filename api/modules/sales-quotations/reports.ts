import { and, count, desc, eq, gte, inArray, lt, lte, max, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { branches, customers, salesQuotations, statusHistory, users } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { dateText } from "../../shared/fields.ts";
import { daysBetween, manilaDate, manilaDayRange } from "../../shared/dates.ts";
import { salesQuotationFlow } from "./workflow.ts";

/**
 * The three sales-quotation reports of 001 §7 (searchAeV1, searchCustomerperAeV1, agingReportAeV1): how many
 * quotations each account executive wrote and where they stand, which customers an AE quoted, and how long the
 * quotations waiting for an approver have waited. Each answers the table rows and the totals its chart draws;
 * the routes turn the same answers into workbooks.
 */

// ---------------------------------------------------------------------------------------------------------
// Contracts

const NO_SQ = "No SQ Found!";

const branchField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.string({ error: "branchCode must be text" }).trim().min(1, "branchCode cannot be blank")
    .max(30, "branchCode can be at most 30 characters").optional(),
);

/**
 * A date as the shared field checks it, but a value not even shaped like a date stops at the first message
 * instead of also being told it is not a real day and out of range.
 */
const dateField = (label: string) =>
  z.string({ error: `${label} is required` }).trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date written YYYY-MM-DD`, abort: true })
    .pipe(dateText(label));

const range = { dateFrom: dateField("From date"), dateTo: dateField("To date") };

/** A period read backwards would silently answer nothing; it is refused instead, on the field to fix. */
const inOrder = (v: { dateFrom: string; dateTo: string }) => v.dateTo >= v.dateFrom;
const orderIssue = { message: "To date cannot be before the from date", path: ["dateTo"] };

export const aeSummaryInput = z.object({ ...range, branchCode: branchField }).refine(inOrder, orderIssue);
export type AeSummaryInput = z.infer<typeof aeSummaryInput>;

export const customersPerAeInput = z.object({
  ...range,
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(50, "userId can be at most 50 characters"),
  branchCode: branchField,
}).refine(inOrder, orderIssue);
export type CustomersPerAeInput = z.infer<typeof customersPerAeInput>;

export const agingInput = z.object({ asOf: dateField("As-of date").optional(), branchCode: branchField });
export type AgingInput = z.infer<typeof agingInput>;

/**
 * How the AE summary groups the statuses: one column per stage a manager follows. The statuses past the end
 * of a quotation's life (amended, deactivated, archived) share one column, so the columns always add up to
 * the total.
 */
export const SQ_STATUS_GROUPS = [
  { key: "draft", label: "Draft", statuses: ["Draft"] },
  { key: "forApproval", label: "For Approval", statuses: ["For Approval"] },
  { key: "inApproval", label: "In Approval", statuses: ["SM Approved", "AUD Approved"] },
  { key: "faApproved", label: "FA Approved", statuses: ["FA Approved"] },
  { key: "denied", label: "Denied", statuses: ["SM Denied", "AUD Denied", "FA Denied"] },
  { key: "cancelled", label: "Cancelled", statuses: ["Cancelled"] },
  { key: "expired", label: "Expired", statuses: ["Expired"] },
  { key: "closed", label: "Amended / Deactivated / Archived", statuses: ["Amended", "Deactivated", "Archived"] },
] as const;
export type SqStatusGroup = (typeof SQ_STATUS_GROUPS)[number]["key"];

const groupOfStatus = new Map<string, SqStatusGroup>(SQ_STATUS_GROUPS.flatMap((g) => g.statuses.map((s) => [s, g.key] as const)));
/** A status added to the workflow later still counts in the total, in the catch-all column. */
const groupOf = (status: string): SqStatusGroup => groupOfStatus.get(status) ?? "closed";

/** The steps where a quotation waits on an approver: the queues of the SM, the auditor and finance. */
export const WAITING_STATUSES = ["For Approval", "SM Approved", "AUD Approved"] as const;

export const AGING_BUCKETS = [
  { key: "d0_2", label: "0–2 days", min: 0, max: 2 },
  { key: "d3_5", label: "3–5 days", min: 3, max: 5 },
  { key: "d6_10", label: "6–10 days", min: 6, max: 10 },
  { key: "over10", label: "Over 10 days", min: 11, max: null },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]["key"];

export function bucketOf(days: number): AgingBucket {
  return AGING_BUCKETS.find((b) => days >= b.min && (b.max === null || days <= b.max))?.key ?? "over10";
}

export type StatusCounts = Record<SqStatusGroup, number> & { total: number };
export interface AeSummaryRow extends StatusCounts {
  userId: string;
  name: string;
}

export interface CustomerPerAeRow {
  customerCode: string;
  customerName: string;
  quotations: number;
  faApproved: number;
  latestSqDate: string;
  /** Percent of the AE's quotations in the period, two decimals. */
  share: number;
}

export interface AgingRow {
  id: number;
  sqRefNum: string;
  sqDate: string;
  userId: string;
  aeName: string;
  branchCode: string;
  customerCode: string;
  customerName: string;
  /** The step it was waiting at on the as-of date. */
  status: string;
  /** Where it stands now; differs from `status` only for an as-of date in the past. */
  currentStatus: string;
  /** The Manila date it reached that step. */
  since: string;
  days: number;
  bucket: AgingBucket;
}

export type BucketCounts = Record<AgingBucket, number> & { total: number };
export interface AgingSummaryRow extends BucketCounts {
  userId: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------------------
// Who sees what

/** The caller as the reports need it: who they are and what their role carries. */
export interface ReportCaller extends BranchScope {
  userId: string;
  capabilities: ReadonlySet<string>;
}

/** The roles that oversee the work of every AE. */
const OVERSEERS = ["SQ_SM", "SQ_SBM", "SQ_AUD", "SQ_FA"] as const;

/** Everyone's quotations for a manager, auditor or finance approver; an AE's own for an AE; nothing for the rest. */
function scopeOf(caller: ReportCaller): { all: true } | { all: false; userId: string } {
  if (OVERSEERS.some((c) => caller.capabilities.has(c))) return { all: true };
  if (caller.capabilities.has("SQ_AE")) return { all: false, userId: caller.userId };
  throw new AppError(
    "FORBIDDEN",
    "Only account executives, sales managers, sales branch managers, auditors and finance approvers see the sales quotation reports.",
  );
}

/** The branch as stored, so a filter typed in another letter case still matches; an unknown one is a 400. */
async function branchOf(db: Db, code: string | undefined): Promise<string | undefined> {
  if (code === undefined) return undefined;
  const [row] = await db.select({ code: branches.code }).from(branches).where(sql`lower(${branches.code}) = lower(${code})`);
  if (!row) throw new AppError("VALIDATION", `Branch ${code} does not exist.`, { branchCode: [`Branch ${code} does not exist`] });
  return row.code;
}

const emptyCounts = (): StatusCounts =>
  Object.fromEntries([...SQ_STATUS_GROUPS.map((g) => [g.key, 0]), ["total", 0]]) as StatusCounts;
const emptyBuckets = (): BucketCounts =>
  Object.fromEntries([...AGING_BUCKETS.map((b) => [b.key, 0]), ["total", 0]]) as BucketCounts;

// ---------------------------------------------------------------------------------------------------------
// searchAeV1

/**
 * Per account executive, their quotations dated in the period counted by status group, busiest first. Only
 * AEs with a quotation in the period appear; an AE who asks sees their own row alone.
 */
export async function aeSummary(db: Db, caller: ReportCaller, input: AeSummaryInput) {
  const scope = scopeOf(caller);
  const branchCode = await branchOf(db, input.branchCode);
  const sq = salesQuotations;
  const counted = await db.select({ userId: sq.userId, name: users.name, status: sq.status, n: count() })
    .from(sq)
    .leftJoin(users, eq(users.userId, sq.userId))
    .where(and(
      gte(sq.sqDate, input.dateFrom),
      lte(sq.sqDate, input.dateTo),
      branchCode ? eq(sq.branchCode, branchCode) : undefined,
      branchCondition(caller, sq.branchCode),
      scope.all ? undefined : eq(sq.userId, scope.userId),
    ))
    .groupBy(sq.userId, users.name, sq.status);

  const byAe = new Map<string, AeSummaryRow>();
  const totals = emptyCounts();
  for (const { userId, name, status, n } of counted) {
    const row = byAe.get(userId) ?? { userId, name: name ?? userId, ...emptyCounts() };
    byAe.set(userId, row);
    const group = groupOf(status);
    row[group] += n;
    row.total += n;
    totals[group] += n;
    totals.total += n;
  }
  const data = [...byAe.values()].sort((a, b) => b.total - a.total || a.userId.localeCompare(b.userId));
  return {
    data,
    totals,
    groups: SQ_STATUS_GROUPS.map(({ key, label, statuses }) => ({ key, label, statuses: [...statuses] })),
    period: { dateFrom: input.dateFrom, dateTo: input.dateTo, branchCode: branchCode ?? null },
    ...(data.length === 0 ? { message: NO_SQ } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// searchCustomerperAeV1

/**
 * The customers one AE quoted in the period: how many quotations each, how many of them stand FA Approved,
 * the latest quotation date and the customer's share of the AE's quotations. An AE may ask only about
 * themselves; the overseeing roles about anyone.
 */
export async function customersPerAe(db: Db, caller: ReportCaller, input: CustomersPerAeInput) {
  const scope = scopeOf(caller);
  if (!scope.all && scope.userId.toLowerCase() !== input.userId.toLowerCase()) {
    throw new AppError("FORBIDDEN", "An account executive sees only their own customers.");
  }
  const [ae] = await db.select({ userId: users.userId, name: users.name }).from(users).where(sql`lower(${users.userId}) = lower(${input.userId})`);
  if (!ae) throw new AppError("NOT_FOUND", `User ${input.userId} was not found.`);
  const branchCode = await branchOf(db, input.branchCode);
  const sq = salesQuotations;
  const grouped = await db.select({
    customerCode: sq.customerCode,
    customerName: customers.company,
    quotations: count(),
    faApproved: sql<number>`count(*) filter (where ${sq.status} = ${"FA Approved"})`.mapWith(Number),
    latestSqDate: max(sq.sqDate),
  })
    .from(sq)
    .innerJoin(customers, eq(customers.code, sq.customerCode))
    .where(and(
      eq(sq.userId, ae.userId),
      gte(sq.sqDate, input.dateFrom),
      lte(sq.sqDate, input.dateTo),
      branchCode ? eq(sq.branchCode, branchCode) : undefined,
      branchCondition(caller, sq.branchCode),
    ))
    .groupBy(sq.customerCode, customers.company);

  const total = grouped.reduce((sum, r) => sum + r.quotations, 0);
  const faApproved = grouped.reduce((sum, r) => sum + r.faApproved, 0);
  const data: CustomerPerAeRow[] = grouped
    .map((r) => ({
      customerCode: r.customerCode,
      customerName: r.customerName,
      quotations: r.quotations,
      faApproved: r.faApproved,
      latestSqDate: r.latestSqDate ?? "",
      // Whole hundredths of a percent, so the figure the screen shows is the one the workbook holds.
      share: total === 0 ? 0 : Math.round((r.quotations * 10_000) / total) / 100,
    }))
    .sort((a, b) => b.quotations - a.quotations || a.customerCode.localeCompare(b.customerCode));
  return {
    data,
    ae: { userId: ae.userId, name: ae.name, total, faApproved, customers: data.length },
    period: { dateFrom: input.dateFrom, dateTo: input.dateTo, branchCode: branchCode ?? null },
    ...(data.length === 0 ? { message: NO_SQ } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// agingReportAeV1

/**
 * The SQ Aging Report: the quotations that stood at an approver's step at the end of the as-of day (Manila;
 * today when left out), each with the calendar days since it reached that step, bucketed, and a count per AE
 * and bucket.
 *
 * The step and the day it was reached come from the quotation's latest status_history row up to that day:
 * every status change writes one in the same transaction, so the history is the record of where a quotation
 * stood on any day, and an as-of date in the past shows the queue as it was then, not today's queue aged
 * backwards.
 */
export async function agingReport(db: Db, scope: BranchScope, input: AgingInput, now = new Date()) {
  const asOf = input.asOf ?? manilaDate(now);
  const branchCode = await branchOf(db, input.branchCode);
  // The first instant of the next Manila day: a change made any time on the as-of day counts.
  const cutoff = manilaDayRange(asOf, asOf).end!;
  const h = statusHistory;
  const latest = db.selectDistinctOn([h.recordId], { recordId: h.recordId, status: h.toStatus, since: h.dateCreated })
    .from(h)
    .where(and(eq(h.entity, salesQuotationFlow.entity), lt(h.dateCreated, cutoff)))
    .orderBy(h.recordId, desc(h.dateCreated), desc(h.id))
    .as("latest");
  const sq = salesQuotations;
  const found = await db.select({
    id: sq.id,
    sqRefNum: sq.sqRefNum,
    sqDate: sq.sqDate,
    userId: sq.userId,
    aeName: users.name,
    branchCode: sq.branchCode,
    customerCode: sq.customerCode,
    customerName: customers.company,
    status: latest.status,
    currentStatus: sq.status,
    since: latest.since,
  })
    .from(latest)
    .innerJoin(sq, eq(sq.id, latest.recordId))
    .leftJoin(users, eq(users.userId, sq.userId))
    .leftJoin(customers, eq(customers.code, sq.customerCode))
    .where(and(
      inArray(latest.status, [...WAITING_STATUSES]),
      branchCode ? eq(sq.branchCode, branchCode) : undefined,
      branchCondition(scope, sq.branchCode),
    ));

  const data: AgingRow[] = found.map((r) => {
    const since = manilaDate(r.since);
    const days = Math.max(0, daysBetween(since, asOf));
    return {
      ...r,
      aeName: r.aeName ?? r.userId,
      customerName: r.customerName ?? "",
      since,
      days,
      bucket: bucketOf(days),
    };
  }).sort((a, b) => b.days - a.days || a.sqRefNum.localeCompare(b.sqRefNum));

  const byAe = new Map<string, AgingSummaryRow>();
  const totals = emptyBuckets();
  for (const row of data) {
    const summary = byAe.get(row.userId) ?? { userId: row.userId, name: row.aeName, ...emptyBuckets() };
    byAe.set(row.userId, summary);
    summary[row.bucket]++;
    summary.total++;
    totals[row.bucket]++;
    totals.total++;
  }
  // The AEs with the oldest waits first: that is where a manager looks.
  const summary = [...byAe.values()].sort((a, b) =>
    b.over10 - a.over10 || b.d6_10 - a.d6_10 || b.total - a.total || a.userId.localeCompare(b.userId)
  );
  return {
    data,
    summary,
    totals,
    buckets: AGING_BUCKETS.map(({ key, label }) => ({ key, label })),
    asOf,
    branchCode: branchCode ?? null,
    ...(data.length === 0 ? { message: NO_SQ } : {}),
  };
}
