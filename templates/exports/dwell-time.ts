import { manilaTimestamp } from "../../api/shared/dates.ts";
import type { DwellTimeReport } from "../../api/modules/inbound/dwell-time/schemas.ts";
import { type CellValue, writeSheets } from "./workbook.ts";

/**
 * Dwell time as a workbook: a sheet per voyage and destination branch (waybills, released, vanned in, the average
 * and longest days to each) with the totals row, and a sheet of the waybills; days are numbers, widths fixed.
 */

export const dwellTimeFileName = (r: Pick<DwellTimeReport, "dateFrom" | "dateTo">) => `Dwell_Time_${r.dateFrom}_${r.dateTo}.xlsx`;

const at = (iso: string | null) => (iso ? manilaTimestamp(iso) : "");

type Figures = DwellTimeReport["totals"];
const figureCells = (f: Figures): CellValue[] => [
  f.waybills, f.released, f.averageDaysToRelease, f.longestDaysToRelease, f.vannedIn, f.averageDaysToVanIn, f.longestDaysToVanIn,
];

export function buildDwellTimeWorkbook(report: DwellTimeReport): Uint8Array {
  return writeSheets([
    {
      name: "By voyage and branch",
      table: [
        ["Voyage No", "Voyage Ref", "Vessel", "Branch", "Waybills", "Released", "Avg Days to Release", "Max Days to Release", "Vanned In",
          "Avg Days to Van-In", "Max Days to Van-In"],
        ...report.data.map((g) => [g.voyageNum, g.voyageRef, g.vesselName, g.destinationBranchCode, ...figureCells(g)]),
        ["Total", "", "", "", ...figureCells(report.totals)],
      ],
      widths: [22, 14, 22, 8, 10, 10, 18, 18, 10, 18, 18],
    },
    {
      name: "Waybills",
      table: [
        ["Waybill No", "Booking No", "Voyage No", "Voyage Ref", "Branch", "Consignee", "Container Van", "Final Inbound Tally", "Released (CRO)",
          "Days to Release", "Van-In", "Days to Van-In"],
        ...report.waybills.map((w) => [
          w.wayBillRef, w.bookingRef, w.voyageNum, w.voyageRef, w.destinationBranchCode, w.consigneeName, w.containerVanNum, at(w.discharged),
          at(w.released), w.daysToRelease, at(w.vanIn), w.daysToVanIn,
        ]),
      ],
      widths: [22, 22, 22, 14, 8, 30, 26, 18, 18, 14, 18, 14],
    },
  ]);
}
