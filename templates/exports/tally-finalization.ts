import { manilaDate, manilaTimestamp } from "../../api/shared/dates.ts";
import type { TallyFinalizationReport } from "../../api/modules/reports/schemas.ts";
import { writeSheets } from "./workbook.ts";

/** Tally sheet finalization as a workbook: a row per tally sheet, its vans and its final tally; fixed widths. */

export const tallyFinalizationFileName = (r: Pick<TallyFinalizationReport, "dateFrom" | "dateTo">) =>
  `Tally_Sheet_Finalization_${r.dateFrom}_${r.dateTo}.xlsx`;

const at = (iso: string | null) => (iso ? manilaTimestamp(iso) : "");

export function buildTallyFinalizationWorkbook(report: TallyFinalizationReport): Uint8Array {
  return writeSheets([{
    name: "Tally sheet finalization",
    table: [
      ["Tally Sheet No", "Type", "Status", "Voyage No", "Voyage Ref", "ETD", "Branch", "Destination", "Full Vans", "Empty Vans", "First Counted",
        "Last Counted", "Final Tally", "Finalized By", "Minutes to Final"],
      ...report.data.map((s) => [
        s.tallySheetNum, s.tallySheetType, s.status, s.voyageNum, s.voyageRef, manilaDate(s.estimatedTimeDeparture), s.branchCode, s.destinationBranchCode,
        s.full, s.empty, at(s.firstCounted), at(s.lastCounted), at(s.dateFinalized), s.finalizedBy, s.minutesToFinal,
      ]),
      ["Total", `${report.totals.final} final, ${report.totals.open} open`, "", "", "", "", "", "", report.totals.full, report.totals.empty, "", "", "", "", null],
    ],
    widths: [22, 10, 8, 22, 14, 12, 8, 12, 10, 10, 18, 18, 18, 24, 16],
  }]);
}
