import type { LoadListLine } from "../documents/load-list.ts";
import { type CellValue, type WorkbookColumn, writeSheets } from "./workbook.ts";

/**
 * Load_List.xlsx (001 §9): the waybills on a voyage's load list, one row each, under a title row naming the
 * voyage. The sheet is named by the voyage workbook rule (remarks, voyage number, routes, final-tally date),
 * worked out by the service, and every column has a fixed width.
 */

export const LOAD_LIST_XLSX_NAME = "Load_List.xlsx";

export interface LoadListWorkbook {
  /** Already by the sheet name rule: at most 31 characters, none Excel refuses. */
  sheetName: string;
  /** The title row: which voyage, vessel and release the rows are. */
  title: string;
  lines: LoadListLine[];
}

type Row = LoadListLine & { no: number };

export const LOAD_LIST_COLUMNS: WorkbookColumn<Row>[] = [
  { header: "No.", width: 6, value: (r) => r.no },
  { header: "Waybill No.", width: 22, value: (r) => r.wayBillRef },
  { header: "Booking Ref", width: 22, value: (r) => r.bookingRef },
  { header: "Release", width: 22, value: (r) => r.releaseId },
  { header: "Shipper", width: 32, value: (r) => r.shipperName },
  { header: "Consignee", width: 32, value: (r) => r.consigneeName },
  { header: "Destination", width: 16, value: (r) => r.destination },
  { header: "Van No.", width: 14, value: (r) => r.containerVanNum },
  { header: "Size", width: 6, value: (r) => r.size },
  { header: "Seal No.", width: 14, value: (r) => r.sealNum },
  { header: "Goods", width: 30, value: (r) => r.goods },
  { header: "Quantity", width: 10, value: (r) => r.quantity },
  { header: "TEU", width: 6, value: (r) => r.quantityTeu },
  // A number in the cell, so the sheet can sum it; "12.500" tons is 12.5.
  { header: "Weight (tons)", width: 13, value: (r) => Number(r.cargoWeight) },
  { header: "Mode of Delivery", width: 16, value: (r) => r.modeOfDelivery },
  { header: "Mode of Payment", width: 16, value: (r) => r.modeOfPayment },
  { header: "Status", width: 14, value: (r) => r.status },
];

/** The title row, the column heads, one row per waybill in the order given; answers .xlsx bytes. */
export function buildLoadListWorkbook(book: LoadListWorkbook): Uint8Array {
  const rows: Row[] = book.lines.map((line, i) => ({ ...line, no: i + 1 }));
  const table: CellValue[][] = [
    [book.title],
    LOAD_LIST_COLUMNS.map((c) => c.header),
    ...rows.map((row) => LOAD_LIST_COLUMNS.map((c) => c.value(row))),
  ];
  return writeSheets([{
    name: book.sheetName,
    table,
    widths: LOAD_LIST_COLUMNS.map((c) => c.width),
    merges: [{ s: { r: 0, c: 0 }, e: { r: 0, c: LOAD_LIST_COLUMNS.length - 1 } }],
  }]);
}
