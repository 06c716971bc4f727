import { and, eq, gte, inArray, isNotNull, lte, notInArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookingCharges, bookings, commodities } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { formatCentavos, toCentavos } from "../../shared/money.ts";
import { CLOSED_BOOKING_STATUSES, NO_DATA, type SqCommodityQuery, type SqCommodityReport } from "./schemas.ts";

/**
 * The SQ-based commodity report (001 §7): the bookings priced from a sales quotation (they carry its sqRefNum),
 * dated (booking date, Manila) in the period within the caller's branches, grouped by the commodity booked on the
 * quotation's lane: quotations, bookings, quantity, TEU and the bookings' charge lines (VAT included). Expired and
 * cloned bookings (the clone replaced them) are left out: they carry nothing.
 */

interface Sum {
  name: string;
  categoryCode: string;
  quotations: Set<string>;
  bookings: number;
  quantity: number;
  teu: number;
  amount: bigint;
}

const emptySum = (name: string, categoryCode: string): Sum => ({ name, categoryCode, quotations: new Set(), bookings: 0, quantity: 0, teu: 0, amount: 0n });

const figures = (s: Sum) => ({ quotations: s.quotations.size, bookings: s.bookings, quantity: s.quantity, teu: s.teu, amount: formatCentavos(s.amount) });

export async function sqCommodityReport(db: Db, scope: BranchScope, query: SqCommodityQuery): Promise<SqCommodityReport> {
  const rows = await db.select({
    bookingRef: bookings.bookingRef,
    sqRefNum: bookings.sqRefNum,
    commodityCode: bookings.commodityCode,
    commodityName: commodities.name,
    categoryCode: commodities.categoryCode,
    quantity: bookings.quantity,
    teu: bookings.quantityTeu,
  }).from(bookings)
    .leftJoin(commodities, eq(commodities.code, bookings.commodityCode))
    .where(and(
      isNotNull(bookings.sqRefNum),
      notInArray(bookings.status, [...CLOSED_BOOKING_STATUSES]),
      gte(bookings.bookingDate, query.dateFrom),
      lte(bookings.bookingDate, query.dateTo),
      query.branchCode ? eq(bookings.branchCode, query.branchCode.toUpperCase()) : undefined,
      query.customerCode ? eq(bookings.customerCode, query.customerCode.toUpperCase()) : undefined,
      branchCondition(scope, bookings.branchCode),
    ));
  const amounts = new Map<string, bigint>();
  if (rows.length > 0) {
    const lines = await db.select({ bookingRef: bookingCharges.bookingRef, amount: bookingCharges.amount }).from(bookingCharges)
      .where(inArray(bookingCharges.bookingRef, rows.map((r) => r.bookingRef)));
    for (const line of lines) amounts.set(line.bookingRef, (amounts.get(line.bookingRef) ?? 0n) + toCentavos(line.amount));
  }
  const per = new Map<string, Sum>();
  const all = emptySum("", "");
  for (const row of rows) {
    const code = row.commodityCode ?? "";
    const sum = per.get(code) ?? emptySum(row.commodityName ?? "No commodity", row.categoryCode ?? "");
    per.set(code, sum);
    for (const into of [sum, all]) {
      into.quotations.add(row.sqRefNum!);
      into.bookings += 1;
      into.quantity += row.quantity;
      into.teu += row.teu;
      into.amount += amounts.get(row.bookingRef) ?? 0n;
    }
  }
  const data = [...per.entries()]
    .sort(([a, x], [b, y]) => (y.amount > x.amount ? 1 : y.amount < x.amount ? -1 : a.localeCompare(b)))
    .map(([commodityCode, s]) => ({ commodityCode, commodityName: s.name, categoryCode: s.categoryCode, ...figures(s) }));
  return { data, totals: figures(all), dateFrom: query.dateFrom, dateTo: query.dateTo, ...(data.length === 0 ? { message: NO_DATA } : {}) };
}
