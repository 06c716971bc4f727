import { manilaDate, manilaTimestamp } from "../../api/shared/dates.ts";
import { formatCentavos, toCentavos } from "../../api/shared/money.ts";
import { type CellValue, type SheetTable, writeSheets } from "./workbook.ts";

/**
 * The voyage's reports (001 §3 voyage report header and cargo lines, §9 exports): the build-up (Buildup.xlsx,
 * and the PDF of templates/documents/buildup-report.ts), the coasting manifest, the loading report, the empty
 * container report and the cargo costing manifest. Every one is built from the same plain value, read from the
 * voyage's waybills, their bookings and the lines of its loading tally sheets; each picks the cargo it is about.
 */

/** The header of every voyage report (001 §3). */
export interface VoyageReportHeader {
  voyageNum: string;
  voyageRef: string;
  /** The branches the voyage touches, origin first then its calls, by code. */
  voyageBranches: string[];
  vessel: string;
  /** The voyage's route code ("MNL-CEB"). */
  routes: string;
  remarks: string;
  /** When the loading's final tally was made (ISO), or null before it. */
  finalTally: string | null;
  estimatedTimeDeparture: string;
  origin: string;
  /** The ports of call in calling order. */
  destinations: { branchCode: string; branchName: string; estimatedTimeArrival: string }[];
}

/** A charge line of a waybill as the costing manifest adds it up. */
export interface VoyageCargoCharge {
  chargeCode: string;
  /** FREIGHT, PORT_ORIGIN, PORT_DESTINATION, TRUCKING_ORIGIN, TRUCKING_DESTINATION or OTHER. */
  part: string;
  /** Decimal text, VAT included. */
  chargeValue: string;
  /** P, C, AO or AD. */
  availableTo: string;
}

/** A cargo line (001 §3): one waybill of the voyage, with what the pier counted of its van. */
export interface VoyageCargoLine {
  /** FCL (in a van), RC (rolling cargo) or BB (breakbulk). */
  cargoType: "FCL" | "RC" | "BB";
  /** The spec's spelling. */
  quantiyTeu: number;
  goods: string;
  origin: string;
  destination: string;
  destinationBranchCode: string;
  isVia: boolean;
  wayBillRef: string;
  waybillStatus: string;
  bookingDate: string;
  bookingRef: string;
  shipper: string;
  consignee: string;
  /** "Per TEU", "Per BAG" or "Per TON": how the freight was rated. */
  ratesApplied: string;
  quantity: number;
  vanNumber: string;
  sealNum: string;
  /** Tons, decimal text. */
  cargoWeight: string;
  modeOfDelivery: string;
  modeOfPayment: string;
  truckerName: string;
  plateNum: string;
  driver: string;
  shipperAreaName: string;
  shipperAreaProvince: string;
  consigneeAreaName: string;
  consigneeAreaProvince: string;
  declaredValue: string;
  remarks: string;
  originBackload: boolean;
  stuffing: boolean;
  isStripping: boolean;
  isTandem: boolean;
  /** The van's length in feet: "20", "40", "45"; empty for cargo without a van. */
  size: string;
  /** A tandem waybill's second 20' van (its partner booking's), on the same trailer; empty on a waybill of one van. */
  tandemVanNumber: string;
  /** Counted onto the vessel: on a line of a loading tally sheet, or loaded by the final tally. */
  onBoard: boolean;
  charges: VoyageCargoCharge[];
}

/** An empty van the pier counted onto the vessel: a tally line without a waybill. */
export interface VoyageEmptyLine {
  vanNumber: string;
  size: string;
  sealNum: string;
  destination: string;
  destinationBranchCode: string;
  truckerName: string;
  plateNum: string;
  driver: string;
  cyPullOut: string;
  timeTallied: string;
}

export interface VoyageReport {
  header: VoyageReportHeader;
  lines: VoyageCargoLine[];
  empties: VoyageEmptyLine[];
  /** The sheet's tab, already within Excel's rules (001 §9 sheet name rule, applied by the service). */
  sheetName: string;
  /** The whole name the tab was made from, for the sheet's first row. */
  reportName: string;
  generatedAt: string;
}

export const BUILDUP_XLSX_NAME = "Buildup.xlsx";
export const COASTING_MANIFEST_XLSX_NAME = "Coasting_Manifest.xlsx";
export const LOADING_REPORT_XLSX_NAME = "Loading_Report.xlsx";
export const EMPTY_CONTAINER_REPORT_XLSX_NAME = "Empty_Container_Report.xlsx";
export const COSTING_MANIFEST_XLSX_NAME = "Cargo_Costing_Manifest.xlsx";

// ---------------------------------------------------------------------------------------------------------
// Cells

interface Column<T> {
  header: string;
  /** Characters; every column's width is fixed (001 §9). */
  width: number;
  value: (row: T, index: number) => CellValue;
}

const yesNo = (flag: boolean) => (flag ? "Yes" : "");
/** The van, and a tandem's second van after it. */
const vans = (l: VoyageCargoLine) => (l.tandemVanNumber ? `${l.vanNumber} / ${l.tandemVanNumber}` : l.vanNumber);
const number = (decimal: string) => Number(decimal);
const dayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? manilaDate(value) : value);

/** The two lines over every table: the report's title with the voyage's whole name, then the vessel and dates. */
function titleRows(title: string, report: VoyageReport): CellValue[][] {
  const header = report.header;
  const tally = header.finalTally ? manilaDate(header.finalTally) : "not made yet";
  return [
    [`${title}: ${report.reportName}`],
    [`Vessel ${header.vessel} · voyage ${header.voyageRef} · ${header.origin} to ${header.destinations.map((d) => d.branchName).join(", ")} · ETD ${manilaDate(header.estimatedTimeDeparture)} · final tally ${tally}`],
    [],
  ];
}

/** A sheet of the title rows, the column heads, the rows and any closing rows; titles span the table. */
function reportSheet<T>(title: string, report: VoyageReport, columns: Column<T>[], rows: T[], closing: CellValue[][] = []): SheetTable {
  const table: CellValue[][] = [
    ...titleRows(title, report),
    columns.map((c) => c.header),
    ...rows.map((row, i) => columns.map((c) => c.value(row, i))),
    ...closing,
  ];
  const span = Math.max(columns.length - 1, 0);
  return {
    name: report.sheetName,
    table,
    widths: columns.map((c) => c.width),
    merges: [{ s: { r: 0, c: 0 }, e: { r: 0, c: span } }, { s: { r: 1, c: 0 }, e: { r: 1, c: span } }],
  };
}

/** The calls' order, so every report lists the destinations as the vessel reaches them. */
function byCall<T extends { destinationBranchCode: string }>(header: VoyageReportHeader, rows: T[]): T[] {
  const order = (code: string) => {
    const i = header.destinations.findIndex((d) => d.branchCode === code);
    return i < 0 ? header.destinations.length : i;
  };
  return rows.map((row, i) => ({ row, i })).sort((a, b) => order(a.row.destinationBranchCode) - order(b.row.destinationBranchCode) || a.i - b.i).map((x) => x.row);
}

const sumText = (values: string[]) => formatCentavos(values.reduce((s, v) => s + toCentavos(v), 0n));

/** "12.5" tons as 12500 thousandths: weights are kept to three decimals and added exactly. */
function thousandths(text: string): bigint {
  const [whole, fraction = ""] = (text.trim() || "0").split(".");
  return BigInt(whole || "0") * 1000n + BigInt(fraction.padEnd(3, "0").slice(0, 3));
}
/** The weights added, as "25.750". */
function sumTons(values: string[]): string {
  const digits = values.reduce((s, v) => s + thousandths(v), 0n).toString().padStart(4, "0");
  return `${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Buildup.xlsx: every waybill of the voyage, whatever it has reached

const BUILDUP_COLUMNS: Column<VoyageCargoLine>[] = [
  { header: "No.", width: 5, value: (_, i) => i + 1 },
  { header: "Destination", width: 14, value: (l) => l.destination },
  { header: "Waybill", width: 21, value: (l) => l.wayBillRef },
  { header: "Status", width: 13, value: (l) => l.waybillStatus },
  { header: "Booking Ref", width: 21, value: (l) => l.bookingRef },
  { header: "Booking Date", width: 12, value: (l) => dayOf(l.bookingDate) },
  { header: "Shipper", width: 28, value: (l) => l.shipper },
  { header: "Consignee", width: 28, value: (l) => l.consignee },
  { header: "Cargo Type", width: 10, value: (l) => l.cargoType },
  { header: "TEU", width: 6, value: (l) => l.quantiyTeu },
  { header: "Goods", width: 26, value: (l) => l.goods },
  { header: "Quantity", width: 9, value: (l) => l.quantity },
  { header: "Weight (tons)", width: 12, value: (l) => number(l.cargoWeight) },
  { header: "Declared Value", width: 15, value: (l) => number(l.declaredValue) },
  { header: "Rates Applied", width: 12, value: (l) => l.ratesApplied },
  { header: "Van No.", width: 14, value: (l) => vans(l) },
  { header: "Size", width: 6, value: (l) => l.size },
  { header: "Seal No.", width: 14, value: (l) => l.sealNum },
  { header: "Mode of Delivery", width: 9, value: (l) => l.modeOfDelivery },
  { header: "Mode of Payment", width: 9, value: (l) => l.modeOfPayment },
  { header: "Trucker", width: 24, value: (l) => l.truckerName },
  { header: "Plate No.", width: 11, value: (l) => l.plateNum },
  { header: "Driver", width: 20, value: (l) => l.driver },
  { header: "Shipper Area", width: 18, value: (l) => l.shipperAreaName },
  { header: "Shipper Province", width: 16, value: (l) => l.shipperAreaProvince },
  { header: "Consignee Area", width: 18, value: (l) => l.consigneeAreaName },
  { header: "Consignee Province", width: 16, value: (l) => l.consigneeAreaProvince },
  { header: "Via", width: 5, value: (l) => yesNo(l.isVia) },
  { header: "Backload", width: 9, value: (l) => yesNo(l.originBackload) },
  { header: "Stuffing", width: 9, value: (l) => yesNo(l.stuffing) },
  { header: "Stripping", width: 9, value: (l) => yesNo(l.isStripping) },
  { header: "Tandem", width: 8, value: (l) => yesNo(l.isTandem) },
  { header: "On Board", width: 9, value: (l) => yesNo(l.onBoard) },
  { header: "Remarks", width: 36, value: (l) => l.remarks },
];

export function buildBuildupWorkbook(report: VoyageReport): Uint8Array {
  const lines = byCall(report.header, report.lines);
  const teu = lines.reduce((s, l) => s + l.quantiyTeu, 0);
  const closing: CellValue[][] = [[], [`${lines.length} waybill${lines.length === 1 ? "" : "s"}, ${teu} TEU, ${sumTons(lines.map((l) => l.cargoWeight))} tons`]];
  return writeSheets([reportSheet("Build-up report", report, BUILDUP_COLUMNS, lines, closing)]);
}

// ---------------------------------------------------------------------------------------------------------
// Coasting_Manifest.xlsx: the cargo counted onto the vessel

const MANIFEST_COLUMNS: Column<VoyageCargoLine>[] = [
  { header: "No.", width: 5, value: (_, i) => i + 1 },
  { header: "Waybill", width: 21, value: (l) => l.wayBillRef },
  { header: "Shipper", width: 28, value: (l) => l.shipper },
  { header: "Consignee", width: 28, value: (l) => l.consignee },
  { header: "Origin", width: 12, value: (l) => l.origin },
  { header: "Destination", width: 14, value: (l) => l.destination },
  { header: "Van No.", width: 14, value: (l) => vans(l) },
  { header: "Size", width: 6, value: (l) => l.size },
  { header: "Seal No.", width: 14, value: (l) => l.sealNum },
  { header: "Cargo Type", width: 10, value: (l) => l.cargoType },
  { header: "TEU", width: 6, value: (l) => l.quantiyTeu },
  { header: "Goods", width: 26, value: (l) => l.goods },
  { header: "Quantity", width: 9, value: (l) => l.quantity },
  { header: "Weight (tons)", width: 12, value: (l) => number(l.cargoWeight) },
  { header: "Declared Value", width: 15, value: (l) => number(l.declaredValue) },
  { header: "Mode of Delivery", width: 9, value: (l) => l.modeOfDelivery },
  { header: "Mode of Payment", width: 9, value: (l) => l.modeOfPayment },
  { header: "Remarks", width: 36, value: (l) => l.remarks },
];

export function buildCoastingManifestWorkbook(report: VoyageReport): Uint8Array {
  const lines = byCall(report.header, report.lines.filter((l) => l.onBoard));
  const teu = lines.reduce((s, l) => s + l.quantiyTeu, 0);
  const closing: CellValue[][] = [[
    "Total", null, null, null, null, null, null, null, null, null, teu, null, lines.reduce((s, l) => s + l.quantity, 0),
    number(sumTons(lines.map((l) => l.cargoWeight))), number(sumText(lines.map((l) => l.declaredValue))),
  ]];
  return writeSheets([reportSheet("Coasting manifest", report, MANIFEST_COLUMNS, lines, closing)]);
}

// ---------------------------------------------------------------------------------------------------------
// Loading_Report.xlsx and the empty container report

/** The counts by van size, largest count first then by size: "3 x 20", "1 x 40". */
function bySize(sizes: string[]): { size: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const size of sizes) counts.set(size || "?", (counts.get(size || "?") ?? 0) + 1);
  return [...counts].map(([size, count]) => ({ size, count })).sort((a, b) => Number(a.size) - Number(b.size) || a.size.localeCompare(b.size));
}

/** '3 x 20 FULLS LOADED' (001 §9): the full vans of one size. */
export const fullsLoaded = (count: number, size: string) => `${count} x ${size} FULLS LOADED`;
/** '2 x 20 EMPTIES' (001 §9): the empty vans of one size. */
export const emptiesLoaded = (count: number, size: string) => `${count} x ${size} EMPTIES`;

interface LoadingRow {
  destination: string;
  cargo: string;
  teu: number | null;
  goods: string;
}

const LOADING_COLUMNS: Column<LoadingRow>[] = [
  { header: "Destination", width: 16, value: (r) => r.destination },
  { header: "Cargo", width: 24, value: (r) => r.cargo },
  { header: "TEU", width: 7, value: (r) => r.teu },
  { header: "Goods", width: 40, value: (r) => r.goods },
];

/**
 * What went on board for each destination: the full vans counted by size ('3 x 20 FULLS LOADED'), then each
 * rolling-cargo and breakbulk waybill with its TEU and goods, then the TEU in all.
 */
export function loadingRows(report: VoyageReport): LoadingRow[] {
  const rows: LoadingRow[] = [];
  const onBoard = report.lines.filter((l) => l.onBoard);
  let total = 0;
  for (const call of report.header.destinations) {
    const mine = onBoard.filter((l) => l.destinationBranchCode === call.branchCode);
    const fulls = mine.filter((l) => l.cargoType === "FCL");
    // A tandem waybill carries two vans of its size.
    for (const { size, count } of bySize(fulls.flatMap((l) => (l.tandemVanNumber ? [l.size, l.size] : [l.size])))) {
      const teu = fulls.filter((l) => (l.size || "?") === size).reduce((s, l) => s + l.quantiyTeu, 0);
      rows.push({ destination: call.branchName, cargo: fullsLoaded(count, size), teu, goods: "" });
    }
    for (const l of mine.filter((x) => x.cargoType !== "FCL")) rows.push({ destination: call.branchName, cargo: l.cargoType, teu: l.quantiyTeu, goods: l.goods });
    total += mine.reduce((s, l) => s + l.quantiyTeu, 0);
  }
  rows.push({ destination: "Total", cargo: "", teu: total, goods: "" });
  return rows;
}

export function buildLoadingReportWorkbook(report: VoyageReport): Uint8Array {
  return writeSheets([reportSheet("Loading report", report, LOADING_COLUMNS, loadingRows(report))]);
}

/** The empty vans for each destination by size ('2 x 20 EMPTIES'). */
export function emptiesRows(report: VoyageReport): { destination: string; summary: string }[] {
  return report.header.destinations.flatMap((call) =>
    bySize(report.empties.filter((e) => e.destinationBranchCode === call.branchCode).map((e) => e.size))
      .map(({ size, count }) => ({ destination: call.branchName, summary: emptiesLoaded(count, size) }))
  );
}

const EMPTY_COLUMNS: Column<VoyageEmptyLine>[] = [
  { header: "No.", width: 5, value: (_, i) => i + 1 },
  { header: "Van No.", width: 14, value: (e) => e.vanNumber },
  { header: "Size", width: 6, value: (e) => e.size },
  { header: "Destination", width: 16, value: (e) => e.destination },
  { header: "Seal No.", width: 14, value: (e) => e.sealNum },
  { header: "Trucker", width: 24, value: (e) => e.truckerName },
  { header: "Plate No.", width: 11, value: (e) => e.plateNum },
  { header: "Driver", width: 20, value: (e) => e.driver },
  { header: "CY Pull-out", width: 22, value: (e) => e.cyPullOut },
  { header: "Time Tallied", width: 17, value: (e) => (e.timeTallied ? manilaTimestamp(e.timeTallied) : "") },
];

/** The counts by destination and size first, then every empty van. */
export function buildEmptyContainerWorkbook(report: VoyageReport): Uint8Array {
  const vans = byCall(report.header, report.empties);
  const summary = emptiesRows(report);
  const sheet = reportSheet("Empty container report", report, EMPTY_COLUMNS, vans);
  // The summary goes between the title rows and the list: what the port of discharge reads first.
  const [title, vessel, blank, ...list] = sheet.table;
  sheet.table = [
    title, vessel, blank,
    ...(summary.length ? summary.map((s) => [s.destination, s.summary]) : [["No empty van was counted onto the vessel."]]),
    [],
    ...list,
  ];
  return writeSheets([sheet]);
}

// ---------------------------------------------------------------------------------------------------------
// The cargo costing manifest: each waybill's charges by part and by payment side

const PARTS = ["FREIGHT", "PORT_ORIGIN", "PORT_DESTINATION", "TRUCKING_ORIGIN", "TRUCKING_DESTINATION"] as const;
const SIDES = ["P", "C", "AO", "AD"] as const;

/** A part's sum of a waybill; any part not named above counts as Other. */
const partSum = (l: VoyageCargoLine, part: string | null) =>
  l.charges.filter((c) => (part === null ? !(PARTS as readonly string[]).includes(c.part) : c.part === part)).reduce((s, c) => s + toCentavos(c.chargeValue), 0n);
const sideSum = (l: VoyageCargoLine, side: string) => l.charges.filter((c) => c.availableTo === side).reduce((s, c) => s + toCentavos(c.chargeValue), 0n);
const totalOf = (l: VoyageCargoLine) => l.charges.reduce((s, c) => s + toCentavos(c.chargeValue), 0n);
const peso = (centavos: bigint) => Number(formatCentavos(centavos));

const COSTING_COLUMNS: Column<VoyageCargoLine>[] = [
  { header: "No.", width: 5, value: (_, i) => i + 1 },
  { header: "Waybill", width: 21, value: (l) => l.wayBillRef },
  { header: "Shipper", width: 28, value: (l) => l.shipper },
  { header: "Consignee", width: 28, value: (l) => l.consignee },
  { header: "Destination", width: 14, value: (l) => l.destination },
  { header: "Van No.", width: 14, value: (l) => vans(l) },
  { header: "Size", width: 6, value: (l) => l.size },
  { header: "TEU", width: 6, value: (l) => l.quantiyTeu },
  { header: "Mode of Payment", width: 9, value: (l) => l.modeOfPayment },
  { header: "Freight", width: 13, value: (l) => peso(partSum(l, "FREIGHT")) },
  { header: "Port Origin", width: 13, value: (l) => peso(partSum(l, "PORT_ORIGIN")) },
  { header: "Port Destination", width: 13, value: (l) => peso(partSum(l, "PORT_DESTINATION")) },
  { header: "Trucking Origin", width: 13, value: (l) => peso(partSum(l, "TRUCKING_ORIGIN")) },
  { header: "Trucking Destination", width: 13, value: (l) => peso(partSum(l, "TRUCKING_DESTINATION")) },
  { header: "Other", width: 13, value: (l) => peso(partSum(l, null)) },
  { header: "Prepaid", width: 13, value: (l) => peso(sideSum(l, "P")) },
  { header: "Collect", width: 13, value: (l) => peso(sideSum(l, "C")) },
  { header: "Account Origin", width: 13, value: (l) => peso(sideSum(l, "AO")) },
  { header: "Account Destination", width: 13, value: (l) => peso(sideSum(l, "AD")) },
  { header: "Total", width: 14, value: (l) => peso(totalOf(l)) },
];

export function buildCostingManifestWorkbook(report: VoyageReport): Uint8Array {
  const lines = byCall(report.header, report.lines);
  const all = (f: (l: VoyageCargoLine) => bigint) => peso(lines.reduce((s, l) => s + f(l), 0n));
  const totals: CellValue[] = [
    "Total", null, null, null, null, null, null, lines.reduce((s, l) => s + l.quantiyTeu, 0), null,
    ...PARTS.map((p) => all((l) => partSum(l, p))), all((l) => partSum(l, null)),
    ...SIDES.map((side) => all((l) => sideSum(l, side))), all(totalOf),
  ];
  return writeSheets([reportSheet("Cargo costing manifest", report, COSTING_COLUMNS, lines, [totals])]);
}
