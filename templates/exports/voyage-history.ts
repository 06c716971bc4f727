import { manilaTimestamp } from "../../api/shared/dates.ts";
import type { VoyageHistoryReport } from "../../api/modules/reports/schemas.ts";
import { writeSheets } from "./workbook.ts";

/** Voyage history as a workbook: each voyage's schedule beside its actual departure and arrival; fixed widths. */

export const voyageHistoryFileName = (r: Pick<VoyageHistoryReport, "dateFrom" | "dateTo">) => `Voyage_History_${r.dateFrom}_${r.dateTo}.xlsx`;

const at = (iso: string | null) => (iso ? manilaTimestamp(iso) : "");

export function buildVoyageHistoryWorkbook(report: VoyageHistoryReport): Uint8Array {
  return writeSheets([{
    name: "Voyage history",
    table: [
      ["Voyage No", "Voyage Ref", "Vessel", "Route", "Origin", "ETD", "ATD", "Departure Minutes Late", "Last Port", "ETA", "ATA", "Arrival Minutes Late",
        "Reguides", "Stage", "CRO Status"],
      ...report.data.map((v) => [
        v.voyageNum, v.voyageRef, v.vesselCode, v.routeCode, v.originBranchCode, at(v.estimatedTimeDeparture), at(v.actualTimeDeparture),
        v.departureDelayMinutes, v.lastPortBranchCode, at(v.estimatedTimeArrival), at(v.actualTimeArrival), v.arrivalDelayMinutes, v.reguides, v.stage,
        v.croStatus,
      ]),
    ],
    widths: [22, 14, 14, 14, 8, 18, 18, 12, 10, 18, 18, 12, 10, 14, 12],
  }]);
}
