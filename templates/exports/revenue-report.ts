import { manilaDate } from "../../api/shared/dates.ts";
import type { RevenueFigures, RevenueReport } from "../../api/modules/reports/schemas.ts";
import { type CellValue, type SheetTable, writeSheets } from "./workbook.ts";

/**
 * The revenue report as a workbook: a sheet per view of the screen (by voyage, by lane, by customer) and the
 * waybills they add up, each with its totals row last. Amounts are numbers (pesos, VAT included), so the sheet
 * sums and charts them as they are; every width is fixed.
 */

export const revenueReportFileName = (r: Pick<RevenueReport, "dateFrom" | "dateTo">) => `Revenue_Report_${r.dateFrom}_${r.dateTo}.xlsx`;

const FIGURE_HEADERS = ["Waybills", "Freight", "Other Charges", "Revenue", "Waived"];
const FIGURE_WIDTHS = [10, 16, 16, 16, 14];

const amount = (text: string): number => Number(text);
const figureCells = (f: RevenueFigures): CellValue[] => [f.waybills, amount(f.freight), amount(f.otherCharges), amount(f.revenue), amount(f.waived)];

function sheet(name: string, headers: string[], widths: number[], rows: CellValue[][], totals: CellValue[]): SheetTable {
  return { name, table: [headers, ...rows, totals], widths };
}

export function buildRevenueReportWorkbook(report: RevenueReport): Uint8Array {
  const totals = figureCells(report.totals);
  const byVoyage = sheet(
    "By voyage",
    ["Voyage No", "Voyage Ref", "Vessel", "Origin", "ETD", ...FIGURE_HEADERS],
    [22, 14, 26, 8, 12, ...FIGURE_WIDTHS],
    report.data.map((v) => [v.key, v.voyageRef, `${v.vesselCode} ${v.vesselName}`, v.originBranchCode, manilaDate(v.estimatedTimeDeparture), ...figureCells(v)]),
    ["Total", "", "", "", "", ...totals],
  );
  const byLane = sheet(
    "By lane",
    ["Lane", ...FIGURE_HEADERS],
    [16, ...FIGURE_WIDTHS],
    report.lanes.map((l) => [l.label, ...figureCells(l)]),
    ["Total", ...totals],
  );
  const byCustomer = sheet(
    "By customer",
    ["Customer Code", "Customer", ...FIGURE_HEADERS],
    [14, 34, ...FIGURE_WIDTHS],
    report.customers.map((c) => [c.key, c.label, ...figureCells(c)]),
    ["Total", "", ...totals],
  );
  const waybills = sheet(
    "Waybills",
    ["Waybill No", "Status", "Voyage No", "Origin", "Destination", "Customer Code", "Customer", "Freight", "Other Charges", "Revenue", "Waived"],
    [22, 14, 22, 8, 12, 14, 34, 16, 16, 16, 14],
    report.waybills.map((w) => [
      w.wayBillRef, w.status, w.voyageNum, w.branchCode, w.destinationBranchCode, w.customerCode, w.customerName,
      amount(w.freight), amount(w.otherCharges), amount(w.revenue), amount(w.waived),
    ]),
    ["Total", "", "", "", "", "", "", ...totals.slice(1)],
  );
  return writeSheets([byVoyage, byLane, byCustomer, waybills]);
}
