import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookingCharges, bookings, customers, users, voyageSchedules } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { formatCentavos, toCentavos } from "../../shared/money.ts";
import {
  type BookingReport,
  type BookingReportQuery,
  type BookingReportRow,
  type BookingTotals,
  CLOSED_BOOKING_STATUSES,
  type CsrReport,
  NO_DATA,
  REPORT_BOOKING_STATUSES,
} from "./schemas.ts";

/**
 * The booking report and bookings by CSR (001 §7): the bookings dated in a period (their booking date, a Manila
 * business date) within the caller's branches, with their quantity, TEU and charges (the booking's charge lines,
 * VAT included). The CSR is the staff member who made the booking. Expired and cloned bookings are counted under
 * their status but add nothing to the quantity, TEU or amount.
 */

interface Totals {
  bookings: number;
  live: number;
  quantity: number;
  teu: number;
  amount: bigint;
  statuses: Record<string, number>;
}

const emptyTotals = (): Totals => ({
  bookings: 0, live: 0, quantity: 0, teu: 0, amount: 0n, statuses: Object.fromEntries(REPORT_BOOKING_STATUSES.map((s) => [s, 0])),
});

function count(into: Totals, row: BookingReportRow) {
  into.bookings += 1;
  into.statuses[row.status] = (into.statuses[row.status] ?? 0) + 1;
  if (CLOSED_BOOKING_STATUSES.includes(row.status)) return;
  into.live += 1;
  into.quantity += row.quantity;
  into.teu += row.teu;
  into.amount += toCentavos(row.amount);
}

const answer = (t: Totals): BookingTotals => ({ ...t, amount: formatCentavos(t.amount) });

async function bookingRows(db: Db, scope: BranchScope, query: BookingReportQuery): Promise<BookingReportRow[]> {
  const rows = await db.select({
    bookingRef: bookings.bookingRef,
    bookingDate: bookings.bookingDate,
    status: bookings.status,
    voyageNum: bookings.voyageNum,
    vesselCode: voyageSchedules.vesselCode,
    branchCode: bookings.branchCode,
    destinationBranchCode: bookings.destinationBranchCode,
    customerCode: bookings.customerCode,
    customerName: customers.company,
    csr: sql<string>`coalesce(${bookings.userCreated}, '')`,
    csrName: users.name,
    modeOfDelivery: bookings.modeOfDelivery,
    quantity: bookings.quantity,
    teu: bookings.quantityTeu,
  }).from(bookings)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
    .leftJoin(customers, eq(customers.code, bookings.customerCode))
    .leftJoin(users, eq(users.userId, bookings.userCreated))
    .where(and(
      gte(bookings.bookingDate, query.dateFrom),
      lte(bookings.bookingDate, query.dateTo),
      query.branchCode ? eq(bookings.branchCode, query.branchCode.toUpperCase()) : undefined,
      query.voyageNum ? eq(bookings.voyageNum, query.voyageNum.toUpperCase()) : undefined,
      query.vesselCode ? eq(voyageSchedules.vesselCode, query.vesselCode.toUpperCase()) : undefined,
      query.customerCode ? eq(bookings.customerCode, query.customerCode.toUpperCase()) : undefined,
      query.csr ? eq(bookings.userCreated, query.csr) : undefined,
      branchCondition(scope, bookings.branchCode),
    ))
    .orderBy(asc(bookings.bookingDate), asc(bookings.bookingRef));
  const refs = rows.map((r) => r.bookingRef);
  const amounts = new Map<string, bigint>();
  if (refs.length > 0) {
    const lines = await db.select({ bookingRef: bookingCharges.bookingRef, amount: bookingCharges.amount }).from(bookingCharges)
      .where(inArray(bookingCharges.bookingRef, refs));
    for (const line of lines) amounts.set(line.bookingRef, (amounts.get(line.bookingRef) ?? 0n) + toCentavos(line.amount));
  }
  return rows.map((r) => ({
    ...r,
    customerName: r.customerName ?? r.customerCode,
    csrName: r.csrName ?? r.csr,
    amount: formatCentavos(amounts.get(r.bookingRef) ?? 0n),
  }));
}

export async function bookingReport(db: Db, scope: BranchScope, query: BookingReportQuery): Promise<BookingReport> {
  const data = await bookingRows(db, scope, query);
  const totals = emptyTotals();
  for (const row of data) count(totals, row);
  return { data, totals: answer(totals), dateFrom: query.dateFrom, dateTo: query.dateTo, ...(data.length === 0 ? { message: NO_DATA } : {}) };
}

export async function csrReport(db: Db, scope: BranchScope, query: BookingReportQuery): Promise<CsrReport> {
  const rows = await bookingRows(db, scope, query);
  const per = new Map<string, { name: string; totals: Totals }>();
  const totals = emptyTotals();
  for (const row of rows) {
    const entry = per.get(row.csr) ?? { name: row.csrName, totals: emptyTotals() };
    per.set(row.csr, entry);
    count(entry.totals, row);
    count(totals, row);
  }
  const data = [...per.entries()]
    .sort(([a, x], [b, y]) => y.totals.bookings - x.totals.bookings || a.localeCompare(b))
    .map(([csr, entry]) => ({ csr, csrName: entry.name, ...answer(entry.totals) }));
  return { data, totals: answer(totals), dateFrom: query.dateFrom, dateTo: query.dateTo, ...(data.length === 0 ? { message: NO_DATA } : {}) };
}
