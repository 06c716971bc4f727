import { manilaDate, manilaTimestamp } from "../../api/shared/dates.ts";
import type { OperationCounts, OperationReport } from "../../api/modules/reports/schemas.ts";
import { type CellValue, writeSheets } from "./workbook.ts";

/** The operation report as a workbook: a row per voyage, how far its cargo has come, the totals last; fixed widths. */

export const operationReportFileName = (r: Pick<OperationReport, "dateFrom" | "dateTo">) => `Operation_Report_${r.dateFrom}_${r.dateTo}.xlsx`;

const counts = (c: OperationCounts): CellValue[] => [c.bookings, c.teu, c.cts, c.waybills, c.onLoadList, c.loadedFull, c.loadedEmpty];

export function buildOperationReportWorkbook(report: OperationReport): Uint8Array {
  return writeSheets([{
    name: "Operation report",
    table: [
      ["Voyage No", "Voyage Ref", "Vessel", "Route", "Origin", "ETD", "Bookings", "TEU", "CTS Issued", "Waybills", "On Load List", "Full Vans Loaded",
        "Empty Vans Loaded", "Final Tally", "CRO Status"],
      ...report.data.map((v) => [
        v.voyageNum, v.voyageRef, v.vesselCode, v.routeCode, v.originBranchCode, manilaDate(v.estimatedTimeDeparture), ...counts(v),
        v.finalTallyAt ? manilaTimestamp(v.finalTallyAt) : "", v.croStatus,
      ]),
      ["Total", "", "", "", "", "", ...counts(report.totals), "", ""],
    ],
    widths: [22, 14, 14, 14, 8, 12, 10, 8, 10, 10, 12, 14, 14, 18, 12],
  }]);
}
