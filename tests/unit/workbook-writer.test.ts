import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { type CellValue, safeSheetName, type SheetTable, writeSheets } from "../../templates/exports/workbook.ts";

// The way every workbook was written before the cells were written directly: SheetJS from cell objects.
function sheetJsWorkbook(sheets: SheetTable[]): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const s of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(s.table);
    sheet["!cols"] = s.widths.map((wch) => ({ wch }));
    if (s.merges) sheet["!merges"] = s.merges;
    XLSX.utils.book_append_sheet(book, sheet, safeSheetName(s.name));
  }
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}

// deno-lint-ignore no-explicit-any
const lib = XLSX as any;
const CFB = lib.CFB ?? lib.default?.CFB;

/** Every file inside the .xlsx zip, by path, as text. */
function parts(bytes: Uint8Array): Record<string, string> {
  const zip = CFB.read(bytes, { type: "array" });
  const out: Record<string, string> = {};
  zip.FullPaths.forEach((path: string, i: number) => {
    const entry = zip.FileIndex[i];
    if (entry.type === 2 && entry.size > 0 && !path.endsWith("Sh33tJ5")) out[path] = new TextDecoder().decode(entry.content);
  });
  return out;
}

const tricky: CellValue[][] = [
  ["No", "Name", "Note", "Flag", "Amount"],
  [1, "Tom & Jerry <Ltd> \"quoted\" 'single'", " leading space", true, 2.5],
  [2, "trailing space ", "two\nlines", false, -0.000003],
  [null, "", "tab\there", null, 1e21],
  [4, "control \u0001 and \r carriage", "\u00a0non-breaking at the ends\u00a0", true, -12345.678],
  [5, "Dagat Pasig — Ñiño 🚢", "ends with newline\n", false, 0],
  [null, null, null, null, null],
  [],
  [7, "short row"],
  [8, "_x0041_ stays as SheetJS writes it", "", null, 3],
];

describe("workbook writer", () => {
  it("writes each part of the file exactly as SheetJS wrote it from cell objects", () => {
    const sheets: SheetTable[] = [{ name: "Tricky: [values]", table: tricky, widths: [6, 30, 30, 8, 12] }];
    const now = parts(writeSheets(sheets));
    const before = parts(sheetJsWorkbook(sheets));
    expect(Object.keys(now).sort()).toEqual(Object.keys(before).sort());
    for (const path of Object.keys(before)) expect({ path, xml: now[path] }).toEqual({ path, xml: before[path] });
  });

  it("matches SheetJS for wide sheets, several sheets, merges and empty sheets", () => {
    const wide = Array.from({ length: 40 }, (_, r) => Array.from({ length: 30 }, (_, c) => (c % 3 === 0 ? r * c : c % 3 === 1 ? `r${r}c${c}` : r % 2 === 0)));
    const sheets: SheetTable[] = [
      { name: "Title row", table: [["Pick-up list, MNL"], ["No.", "Ref", "Date"], [1, "MNL-1", "2026-01-02"]], widths: [6, 22, 13], merges: [{ s: { r: 0, c: 0 }, e: { r: 0, c: 2 } }] },
      { name: "Wide", table: wide, widths: Array.from({ length: 30 }, () => 10) },
      { name: "", table: [], widths: [] },
      { name: "Only blanks", table: [[null, null], [null]], widths: [4] },
    ];
    const now = parts(writeSheets(sheets));
    const before = parts(sheetJsWorkbook(sheets));
    expect(Object.keys(now).sort()).toEqual(Object.keys(before).sort());
    for (const path of Object.keys(before)) expect({ path, xml: now[path] }).toEqual({ path, xml: before[path] });
  });

  it("reads back with the same values and types, compressed or not", () => {
    const sheets: SheetTable[] = [{ name: "Things", table: tricky, widths: [6, 30, 30, 8, 12] }];
    const read = (bytes: Uint8Array) => {
      const book = XLSX.read(bytes, { type: "array" });
      return XLSX.utils.sheet_to_json(book.Sheets.Things, { header: 1, defval: null, raw: true });
    };
    const expected = read(sheetJsWorkbook(sheets));
    expect(expected[1]).toEqual([1, "Tom & Jerry <Ltd> \"quoted\" 'single'", " leading space", true, 2.5]);
    expect(read(writeSheets(sheets))).toEqual(expected);
    expect(read(writeSheets(sheets, { compression: false }))).toEqual(expected);
  });

  it("refuses text longer than a cell holds, as SheetJS does", () => {
    const table = [["x".repeat(32768)]];
    expect(() => sheetJsWorkbook([{ name: "S", table, widths: [] }])).toThrow("Text length must not exceed 32767 characters");
    expect(() => writeSheets([{ name: "S", table, widths: [] }])).toThrow("Text length must not exceed 32767 characters");
  });
});
