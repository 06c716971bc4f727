import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { customers, invoices, postings, vessels, voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { sumAmounts } from "../../../shared/money.ts";
import type { ArchiveListQuery } from "./schemas.ts";
import { consigneeNameOnWaybill, shipperNameOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * The SI archive (001 §7 SIPostingArchiving; domain notes §11): the invoices BASE confirmed, with their waybills,
 * browsed by year, month, vessel and voyage. Read-only: nothing here writes, and what it reads is never deleted
 * (the database refuses to delete an invoice or a posting).
 */

/** An invoice is posted once BASE confirmed its issue. */
const posted = sql`exists (select 1 from postings p where p.doc_type = 'INVOICE' and p.doc_id = ${invoices.id} and p.status = 'CONFIRMED')`;
const yearOf = sql<number>`extract(year from ${invoices.invoiceDate})::int`;
const monthOf = sql<number>`extract(month from ${invoices.invoiceDate})::int`;

function archived(scope: BranchScope, q: { year?: number; month?: number; vesselCode?: string; voyageNum?: string }): SQL {
  return and(
    posted,
    branchCondition(scope, invoices.branchCode),
    q.year ? sql`${yearOf} = ${q.year}` : undefined,
    q.month ? sql`${monthOf} = ${q.month}` : undefined,
    q.vesselCode ? sql`lower(${voyageSchedules.vesselCode}) = lower(${q.vesselCode})` : undefined,
    q.voyageNum ? sql`lower(${invoices.voyageNum}) = lower(${q.voyageNum})` : undefined,
  )!;
}

const totals = { count: count(), total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` };
const figures = <T extends { count: number; total: string }>(rows: T[]) => rows.map((r) => ({ ...r, count: Number(r.count), total: sumAmounts([r.total]) }));

export async function archiveYears(db: Db, scope: BranchScope) {
  const rows = await db.select({ year: yearOf, ...totals }).from(invoices).where(archived(scope, {})).groupBy(yearOf).orderBy(desc(yearOf));
  return { data: figures(rows) };
}

export async function archiveMonths(db: Db, scope: BranchScope, year: number) {
  const rows = await db.select({ month: monthOf, ...totals }).from(invoices).where(archived(scope, { year })).groupBy(monthOf).orderBy(asc(monthOf));
  return { data: figures(rows) };
}

export async function archiveVessels(db: Db, scope: BranchScope, year: number, month: number) {
  const rows = await db.select({ vesselCode: vessels.code, vesselName: vessels.name, ...totals }).from(invoices)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, invoices.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .where(archived(scope, { year, month })).groupBy(vessels.code, vessels.name).orderBy(asc(vessels.name));
  return { data: figures(rows) };
}

export async function archiveVoyages(db: Db, scope: BranchScope, year: number, month: number, vesselCode: string) {
  const rows = await db.select({ voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, ...totals }).from(invoices)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, invoices.voyageNum))
    .where(archived(scope, { year, month, vesselCode })).groupBy(voyageSchedules.voyageNum, voyageSchedules.voyageRef).orderBy(asc(voyageSchedules.voyageNum));
  return { data: figures(rows) };
}

/** The posted invoices of a year (and month, vessel, voyage when given) with their waybills, newest first. */
export async function archiveList(db: Db, scope: BranchScope, q: ArchiveListQuery) {
  const where = and(archived(scope, q), searchAny([invoices.invoiceNo, invoices.wayBillRef, invoices.buyerName, waybills.containerVanNum], q.search));
  // The joins are left joins, as a manual invoice has no waybill: no waybill, no names.
  const base = () =>
    db.select({
      invoiceNo: invoices.invoiceNo, status: invoices.status, invoiceDate: invoices.invoiceDate, branchCode: invoices.branchCode, buyerName: invoices.buyerName,
      total: invoices.total, vatAmount: invoices.vatAmount, voyageNum: invoices.voyageNum, vesselName: sql<string>`coalesce(${vessels.name}, '')`,
      wayBillRef: invoices.wayBillRef, shipperName: sql<string>`coalesce(${shipperNameOnWaybill}, '')`,
      consigneeName: sql<string>`coalesce(${consigneeNameOnWaybill}, '')`,
      containerVanNum: sql<string>`coalesce(${waybills.containerVanNum}, '')`,
      externalRef: postings.externalRef, confirmedAt: postings.confirmedAt,
    }).from(invoices)
      .leftJoin(voyageSchedules, eq(voyageSchedules.voyageNum, invoices.voyageNum))
      .leftJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
      .leftJoin(waybills, eq(waybills.wayBillRef, invoices.wayBillRef))
      .leftJoin(customers, eq(customers.code, waybills.customerCode))
      .leftJoin(postings, and(eq(postings.docType, "INVOICE"), eq(postings.docId, invoices.id), eq(postings.revision, invoices.revision)));
  const [rows, [{ total }]] = await Promise.all([
    base().where(where).orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNo)).limit(q.take).offset(q.skip),
    db.select({ total: count() }).from(invoices)
      .leftJoin(voyageSchedules, eq(voyageSchedules.voyageNum, invoices.voyageNum))
      .leftJoin(waybills, eq(waybills.wayBillRef, invoices.wayBillRef))
      .where(where),
  ]);
  const data = rows.map((r) => ({ ...r, confirmedAt: r.confirmedAt?.toISOString() ?? null }));
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}
