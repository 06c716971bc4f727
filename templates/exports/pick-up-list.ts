import type { DeliveryListLine } from "../../api/modules/bookings/schemas.ts";
import { manilaDate } from "../../api/shared/dates.ts";
import { type CellValue, type WorkbookColumn, writeSheets } from "./workbook.ts";

/**
 * The pick-up list (origin branch, by pick-up date) and the delivery list (destination branch, by booking
 * date) share one sheet: the dispatcher's copy of which bookings a truck must visit. Unlike the plain
 * exports, the sheet opens with a title row that says which branch and dates it covers, since the file
 * name (001 §9: PickUpList.xlsx) does not.
 */

export const PICK_UP_LIST_FILE = "PickUpList.xlsx";
export const DELIVERY_LIST_FILE = "DeliveryList.xlsx";

type Row = DeliveryListLine & { no: number };

/** Timestamps become Manila dates, so a booking made after midnight in Manila keeps its own day. */
function listDate(value: string | null): string {
  const text = (value ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return text;
  return Number.isNaN(Date.parse(text)) ? text : manilaDate(text);
}

const COLUMNS: WorkbookColumn<Row>[] = [
  { header: "No.", width: 6, value: (r) => r.no },
  { header: "Booking Ref", width: 22, value: (r) => r.bookingRef },
  { header: "Booking Date", width: 13, value: (r) => listDate(r.bookingDate) },
  { header: "Pick-up Date", width: 13, value: (r) => listDate(r.pickUpDate) },
  { header: "Pick-up Time", width: 12, value: (r) => r.pickUpTime },
  { header: "Customer", width: 32, value: (r) => r.customer },
  { header: "Destination", width: 18, value: (r) => r.destination },
  { header: "Address", width: 48, value: (r) => r.address },
  { header: "Mode of Delivery", width: 16, value: (r) => r.modeOfDelivery },
  { header: "Trucker", width: 26, value: (r) => r.truckerName },
  { header: "Plate No.", width: 12, value: (r) => r.plateNum },
  { header: "Status", width: 18, value: (r) => r.status },
  { header: "Remarks", width: 40, value: (r) => r.remarks },
];

/** A title row, the column heads, then one row per booking in the order given; answers .xlsx bytes. */
export function buildPickUpListWorkbook(title: string, lines: DeliveryListLine[]): Uint8Array {
  const rows: Row[] = lines.map((line, i) => ({ ...line, no: i + 1 }));
  const table: CellValue[][] = [
    [title],
    COLUMNS.map((c) => c.header),
    ...rows.map((row) => COLUMNS.map((c) => c.value(row))),
  ];
  return writeSheets([{
    // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
    name: title.replace(/[[\]:*?/\\]/g, " ").slice(0, 31).trim() || "Sheet1",
    table,
    widths: COLUMNS.map((c) => c.width),
    // The title spans the table so that it is not cut off at the narrow first column.
    merges: [{ s: { r: 0, c: 0 }, e: { r: 0, c: COLUMNS.length - 1 } }],
  }]);
}
