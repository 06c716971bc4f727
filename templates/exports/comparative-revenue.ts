import type { ComparativeRevenueReport, ComparedRow } from "../../api/modules/reports/schemas.ts";
import { type CellValue, type SheetTable, writeSheets } from "./workbook.ts";

/** Comparative revenue as a workbook: a sheet per lane and per customer, the three periods side by side, fixed widths. */

export const comparativeRevenueFileName = (r: Pick<ComparativeRevenueReport, "periods">) =>
  `Comparative_Revenue_${r.periods.current.dateFrom}_${r.periods.current.dateTo}.xlsx`;

export function buildComparativeRevenueWorkbook(report: ComparativeRevenueReport): Uint8Array {
  const { current, previous, lastYear } = report.periods;
  const span = (p: { dateFrom: string; dateTo: string }) => `${p.dateFrom} to ${p.dateTo}`;
  const headers = [`This period (${span(current)})`, `Period before (${span(previous)})`, `Last year (${span(lastYear)})`];
  const cells = (r: ComparedRow): CellValue[] => [Number(r.current), Number(r.previous), Number(r.lastYear)];
  const sheet = (name: string, first: string, rows: ComparedRow[]): SheetTable => ({
    name,
    table: [[first, ...headers], ...rows.map((r) => [r.label, ...cells(r)]), ["Total", ...cells(report.totals)]],
    widths: [34, 34, 34, 34],
  });
  return writeSheets([sheet("By lane", "Lane", report.data), sheet("By customer", "Customer", report.customers)]);
}
