import type { Db } from "../../../db/client.ts";
import type { BranchScope } from "../../shared/branch-scope.ts";
import { addCalendarDays, daysBetween } from "../../shared/dates.ts";
import { toCentavos } from "../../shared/money.ts";
import { revenueReport } from "./revenue.ts";
import { type ComparativeRevenueQuery, type ComparativeRevenueReport, type ComparedRow, NO_DATA, type RevenueGroupRow } from "./schemas.ts";

/**
 * Comparative revenue (001 §7): the revenue report's figures for a period beside those of the period of the same
 * length just before it and of the same dates a year earlier, per lane, per customer and in all. Each period is
 * the revenue report itself, so the three columns add up exactly as that report does.
 */

/** The same day a year earlier; 29 February falls back to the 28th. */
export function yearEarlier(date: string): string {
  const year = Number(date.slice(0, 4)) - 1;
  const candidate = `${year}${date.slice(4)}`;
  return date.slice(5) === "02-29" ? `${year}-02-28` : candidate;
}

export function comparedPeriods(dateFrom: string, dateTo: string) {
  const days = daysBetween(dateFrom, dateTo) + 1;
  return {
    current: { dateFrom, dateTo },
    previous: { dateFrom: addCalendarDays(dateFrom, -days), dateTo: addCalendarDays(dateFrom, -1) },
    lastYear: { dateFrom: yearEarlier(dateFrom), dateTo: yearEarlier(dateTo) },
  };
}

type Side = "current" | "previous" | "lastYear";

function merge(sides: Record<Side, RevenueGroupRow[]>): ComparedRow[] {
  const rows = new Map<string, ComparedRow>();
  for (const side of ["current", "previous", "lastYear"] as const) {
    for (const g of sides[side]) {
      const row = rows.get(g.key) ?? { key: g.key, label: g.label, current: "0.00", previous: "0.00", lastYear: "0.00" };
      row[side] = g.revenue;
      rows.set(g.key, row);
    }
  }
  return [...rows.values()].sort((a, b) => {
    const diff = toCentavos(b.current) - toCentavos(a.current);
    return diff > 0n ? 1 : diff < 0n ? -1 : a.key.localeCompare(b.key);
  });
}

export async function comparativeRevenue(db: Db, scope: BranchScope, query: ComparativeRevenueQuery): Promise<ComparativeRevenueReport> {
  const periods = comparedPeriods(query.dateFrom, query.dateTo);
  const filter = { branchCode: query.branchCode, vesselCode: query.vesselCode, customerCode: query.customerCode };
  const current = await revenueReport(db, scope, { ...filter, ...periods.current });
  const previous = await revenueReport(db, scope, { ...filter, ...periods.previous });
  const lastYear = await revenueReport(db, scope, { ...filter, ...periods.lastYear });
  const data = merge({ current: current.lanes, previous: previous.lanes, lastYear: lastYear.lanes });
  return {
    periods,
    data,
    customers: merge({ current: current.customers, previous: previous.customers, lastYear: lastYear.customers }),
    totals: { key: "", label: "All", current: current.totals.revenue, previous: previous.totals.revenue, lastYear: lastYear.totals.revenue },
    ...(data.length === 0 ? { message: NO_DATA } : {}),
  };
}
