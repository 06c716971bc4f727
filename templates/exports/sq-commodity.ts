import type { SqCommodityReport } from "../../api/modules/reports/schemas.ts";
import { writeSheets } from "./workbook.ts";

/** The SQ-based commodity report as a workbook: a row per commodity and the totals row; amounts in pesos, fixed widths. */

export const sqCommodityFileName = (r: Pick<SqCommodityReport, "dateFrom" | "dateTo">) => `SQ_Commodity_Report_${r.dateFrom}_${r.dateTo}.xlsx`;

export function buildSqCommodityWorkbook(report: SqCommodityReport): Uint8Array {
  return writeSheets([{
    name: "By commodity",
    table: [
      ["Commodity Code", "Commodity", "Category", "Quotations", "Bookings", "Quantity", "TEU", "Amount"],
      ...report.data.map((r) => [r.commodityCode, r.commodityName, r.categoryCode, r.quotations, r.bookings, r.quantity, r.teu, Number(r.amount)]),
      ["Total", "", "", report.totals.quotations, report.totals.bookings, report.totals.quantity, report.totals.teu, Number(report.totals.amount)],
    ],
    widths: [16, 30, 14, 12, 10, 10, 8, 16],
  }]);
}
