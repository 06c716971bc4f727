import { manilaTimestamp } from "../../api/shared/dates.ts";
import { buildWorkbook } from "./workbook.ts";

export const VOYAGE_SCHEDULE_XLSX_NAME = "voyage_schedule.xlsx";

/** The fields the export reads: the API's schedule rows fit. */
export interface VoyageScheduleExportRow {
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  originBranchName: string;
  estimatedTimeDeparture: string;
  croStatus: string;
  approvedBy: string | null;
  isActive: boolean;
  remarks: string;
  destinations: { destinationBranchCode: string; destinationBranchName: string; estimatedTimeArrival: string }[];
}


/** One row per voyage; the destinations with their ETAs in calling order in one column. */
export function buildVoyageScheduleWorkbook(rows: readonly VoyageScheduleExportRow[]): Uint8Array {
  return buildWorkbook<VoyageScheduleExportRow & { no: number }>({
    sheetName: "Voyage schedule",
    columns: [
      { header: "No", width: 6, value: (r) => r.no },
      { header: "Voyage No", width: 22, value: (r) => r.voyageNum },
      { header: "Voyage Ref", width: 14, value: (r) => r.voyageRef },
      { header: "Vessel", width: 24, value: (r) => r.vesselName },
      { header: "Origin", width: 18, value: (r) => r.originBranchName },
      { header: "ETD", width: 18, value: (r) => manilaTimestamp(r.estimatedTimeDeparture) },
      {
        header: "Destinations (ETA)",
        width: 48,
        value: (r) => r.destinations.map((d) => `${d.destinationBranchName} (${manilaTimestamp(d.estimatedTimeArrival)})`).join("; "),
      },
      { header: "Approved By", width: 14, value: (r) => r.approvedBy ?? "" },
      { header: "CRO Status", width: 11, value: (r) => r.croStatus },
      { header: "Active", width: 8, value: (r) => (r.isActive ? "Yes" : "No") },
      { header: "Remarks", width: 36, value: (r) => r.remarks },
    ],
    rows: rows.map((r, i) => ({ ...r, no: i + 1 })),
  });
}
