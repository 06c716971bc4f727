import * as XLSX from "xlsx";

/** The media type of an .xlsx file. */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type CellValue = string | number | boolean | null;

export interface WorkbookColumn<T> {
  header: string;
  /** Column width in characters. */
  width: number;
  value: (row: T) => CellValue;
}

export interface WorkbookSpec<T> {
  sheetName: string;
  columns: WorkbookColumn<T>[];
  rows: T[];
}

/** One sheet, header row first; answers the bytes of an .xlsx file. */
export function buildWorkbook<T>(spec: WorkbookSpec<T>): Uint8Array {
  const table: CellValue[][] = [
    spec.columns.map((c) => c.header),
    ...spec.rows.map((row) => spec.columns.map((c) => c.value(row))),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(table);
  sheet["!cols"] = spec.columns.map((c) => ({ wch: c.width }));
  const book = XLSX.utils.book_new();
  // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
  XLSX.utils.book_append_sheet(book, sheet, spec.sheetName.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1");
  const out = XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}
