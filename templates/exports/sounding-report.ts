import { manilaDate } from "../../api/shared/dates.ts";
import { buildWorkbook } from "./workbook.ts";

/** The sounding report as the API answers it; only the fields the sheet reads. */
interface Volumes {
  fuelOil: string;
  dieselOil: string;
  lubeOil: string;
  freshWater: string;
}
export interface SoundingReportExport {
  vesselCode: string;
  vesselName: string;
  year: number;
  month: number;
  data: {
    voyageNum: string;
    voyageRef: string;
    estimatedTimeDeparture: string;
    departure: (Volumes & { branchCode: string }) | null;
    arrival: (Volumes & { branchCode: string }) | null;
    consumed: Volumes | null;
  }[];
  totals: Volumes;
}

export const soundingReportFileName = (r: Pick<SoundingReportExport, "year" | "month" | "vesselCode">) =>
  `Sounding_Report_${r.year}-${String(r.month).padStart(2, "0")}_${r.vesselCode.replace(/[^A-Za-z0-9_-]/g, "_")}.xlsx`;

type Line = SoundingReportExport["data"][number] | { total: Volumes };
const num = (v: string | undefined | null) => (v === undefined || v === null ? null : Number(v));

/** One row per voyage with what was on board at departure and final arrival and what it used, then the totals. */
export function buildSoundingReportWorkbook(report: SoundingReportExport): Uint8Array {
  const rows: Line[] = [...report.data, { total: report.totals }];
  const voyage = (r: Line) => ("total" in r ? null : r);
  const used = (r: Line, key: keyof Volumes) => ("total" in r ? num(r.total[key]) : num(r.consumed?.[key]));
  return buildWorkbook<Line>({
    sheetName: `${report.vesselCode} ${report.year}-${String(report.month).padStart(2, "0")}`,
    columns: [
      { header: "Voyage No", width: 22, value: (r) => voyage(r)?.voyageNum ?? "Total" },
      { header: "Voyage Ref", width: 12, value: (r) => voyage(r)?.voyageRef ?? "" },
      { header: "ETD", width: 12, value: (r) => (voyage(r) ? manilaDate(voyage(r)!.estimatedTimeDeparture) : "") },
      { header: "Departure Port", width: 14, value: (r) => voyage(r)?.departure?.branchCode ?? "" },
      { header: "Fuel Oil at Departure", width: 14, value: (r) => num(voyage(r)?.departure?.fuelOil) },
      { header: "Arrival Port", width: 12, value: (r) => voyage(r)?.arrival?.branchCode ?? "" },
      { header: "Fuel Oil at Arrival", width: 14, value: (r) => num(voyage(r)?.arrival?.fuelOil) },
      { header: "Fuel Oil Used", width: 14, value: (r) => used(r, "fuelOil") },
      { header: "Diesel Oil Used", width: 14, value: (r) => used(r, "dieselOil") },
      { header: "Lube Oil Used", width: 14, value: (r) => used(r, "lubeOil") },
      { header: "Fresh Water Used", width: 14, value: (r) => used(r, "freshWater") },
    ],
    rows,
  });
}
