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

/** One sheet as a dense table: row 1 of the sheet is table[0]; null leaves a cell empty. */
export interface SheetTable {
  name: string;
  table: CellValue[][];
  /** Column widths in characters, first column first. */
  widths: number[];
  merges?: XLSX.Range[];
}

/** One sheet, header row first; answers the bytes of an .xlsx file. */
export function buildWorkbook<T>(spec: WorkbookSpec<T>): Uint8Array {
  return writeSheets([tableOf(spec)]);
}

/** The header row then one row per item, as buildWorkbook lays out its sheet. */
export function tableOf<T>(spec: WorkbookSpec<T>): SheetTable {
  const columns = spec.columns;
  const width = columns.length;
  const table: CellValue[][] = new Array(spec.rows.length + 1);
  table[0] = columns.map((c) => c.header);
  for (let r = 0; r < spec.rows.length; r++) {
    const item = spec.rows[r];
    const line: CellValue[] = new Array(width);
    for (let c = 0; c < width; c++) line[c] = columns[c].value(item);
    table[r + 1] = line;
  }
  return { name: spec.sheetName, table, widths: columns.map((c) => c.width) };
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export function safeSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1";
}

/*
 * Why the cells are not handed to SheetJS: on 50,000 rows x 15 columns, aoa_to_sheet makes an object and an
 * "A1"-style key per cell and XLSX.write then walks those keys building each <c> through generic tag helpers
 * (attribute objects, a regex test per tag, another per value); with the garbage that leaves, that was most
 * of the 2 to 3 s a build took (templates/exports/README.md has the figures). So SheetJS still writes
 * everything around the cells (workbook, styles, theme, sheet header with dimension, column widths and merges,
 * the zip), from a stand-in sheet without cells, and the cells are written here straight into <sheetData> in
 * the very form XLSX.write gives them: numbers untyped, booleans t="b", text as inline t="str" (no shared
 * strings), values escaped the same way and xml:space="preserve" where SheetJS puts it. The tests compare
 * both outputs part by part, so a file built here reads back exactly as before.
 */
export function writeSheets(sheets: SheetTable[], options: { compression?: boolean } = {}): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    // No "!ref" on the stand-in: with one, XLSX.write would still look up every address of the range.
    const standIn: XLSX.WorkSheet = { "!cols": sheet.widths.map((wch) => ({ wch })) };
    if (sheet.merges && sheet.merges.length > 0) standIn["!merges"] = sheet.merges;
    XLSX.utils.book_append_sheet(book, standIn, safeSheetName(sheet.name));
  }
  // Read the shell's zip back (small, stored, not deflated) and give each sheet its range and rows.
  const stored = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: false }) as ArrayBuffer);
  const shell = zip().read(stored, { type: "array" });
  const decoder = new TextDecoder();
  sheets.forEach((sheet, i) => {
    const ref = usedRange(sheet.table);
    if (!ref) return; // no cells: SheetJS writes an empty sheet exactly so
    const entry = shell.FileIndex[shell.FullPaths.findIndex((p: string) => p.endsWith(`/xl/worksheets/sheet${i + 1}.xml`))];
    const parts = decoder.decode(entry.content).split(/<dimension ref="A1"\/>|<sheetData\/>|(?<=<ignoredError numberStoredAsText="1" sqref=)"A1"/);
    if (parts.length !== 4) throw new Error("Unexpected worksheet layout from SheetJS");
    const out = new ByteWriter(4096);
    out.write(`${parts[0]}<dimension ref="${ref}"/>${parts[1]}`);
    // A range of nothing but nulls writes no row, and SheetJS then leaves <sheetData/> as it was.
    const rows = new ByteWriter(64 * sheet.table.length + 1024);
    writeRows(sheet.table, rows);
    if (rows.length === 0) out.write("<sheetData/>");
    else {
      out.write("<sheetData>");
      out.append(rows.bytes());
      out.write("</sheetData>");
    }
    out.write(`${parts[2]}"${ref}"${parts[3]}`);
    const bytes = out.bytes();
    entry.content = bytes;
    entry.size = bytes.length;
  });
  const out = zip().write(shell, { fileType: "zip", type: "array", compression: options.compression ?? true });
  return out instanceof Uint8Array ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : new Uint8Array(out as ArrayLike<number>);
}

/**
 * UTF-8 written a row at a time into one growing buffer: one string of 30 MB and its encoding would cost a
 * second copy and a long flatten of many small pieces.
 */
class ByteWriter {
  private buf: Uint8Array;
  private at = 0;
  private readonly encoder = new TextEncoder();
  constructor(size: number) {
    this.buf = new Uint8Array(size);
  }
  private reserve(size: number) {
    const need = this.at + size;
    if (need <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(need, this.buf.length * 2));
    bigger.set(this.buf.subarray(0, this.at));
    this.buf = bigger;
  }
  write(text: string) {
    // A UTF-16 unit never takes more than 3 bytes of UTF-8.
    this.reserve(text.length * 3);
    this.at += this.encoder.encodeInto(text, this.buf.subarray(this.at)).written;
  }
  append(bytes: Uint8Array) {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }
  get length(): number {
    return this.at;
  }
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.at);
  }
}

/**
 * SheetJS's own zip reader and writer. The ES build names it as an export; the CommonJS build that Deno and
 * Node load hangs it on the default export only.
 */
// deno-lint-ignore no-explicit-any
function zip(): any {
  // deno-lint-ignore no-explicit-any
  const lib = XLSX as any;
  return lib.CFB ?? lib.default?.CFB;
}

/** The range aoa_to_sheet gives: every cell that is not undefined counts, null included. */
function usedRange(table: CellValue[][]): string | undefined {
  let r0 = -1, r1 = -1, c0 = Infinity, c1 = -1;
  for (let r = 0; r < table.length; r++) {
    const line = table[r];
    if (!line) continue;
    for (let c = 0; c < line.length; c++) {
      if (line[c] === undefined) continue;
      if (r0 < 0) r0 = r;
      r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
    }
  }
  return r0 < 0 ? undefined : XLSX.utils.encode_range({ s: { r: r0, c: c0 }, e: { r: r1, c: c1 } });
}

const NEEDS_ESCAPE = /[&<>'"\u0000-\u0008\u000b-\u001f]/;
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&apos;", '"': "&quot;" };
/** SheetJS's escapexml: the five entities, then other control characters as _xHHHH_. */
function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[&<>'"]/g, (ch) => ENTITY[ch]).replace(/[\u0000-\u0008\u000b-\u001f]/g, (ch) => `_x${ch.charCodeAt(0).toString(16).padStart(4, "0")}_`);
}
/** JavaScript's \\s, which SheetJS tests for at either end of a value. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * The rows of <sheetData>, cell for cell as XLSX.write writes them for an aoa_to_sheet sheet. SheetJS adds
 * xml:space="preserve" to a <v> whose text starts or ends with white space or holds a newline, and to the <c>
 * and <row> around any value holding a newline.
 */
function writeRows(table: CellValue[][], out: ByteWriter) {
  const letters: string[] = [];
  for (let r = 0; r < table.length; r++) {
    const line = table[r];
    if (!line) continue;
    const rr = String(r + 1);
    let cells = "";
    let newline = false;
    for (let c = 0; c < line.length; c++) {
      const v = line[c];
      if (v === null || v === undefined) continue;
      const ref = (letters[c] ??= XLSX.utils.encode_col(c)) + rr;
      if (typeof v === "number") cells += `<c r="${ref}"><v>${v}</v></c>`;
      else if (typeof v === "boolean") cells += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
      else {
        const text = String(v);
        if (text.length > 32767) throw new Error("Text length must not exceed 32767 characters");
        const escaped = escapeXml(text);
        if (escaped === "") cells += `<c r="${ref}" t="str"><v></v></c>`;
        else if (escaped.includes("\n")) {
          newline = true;
          cells += `<c r="${ref}" t="str" xml:space="preserve"><v xml:space="preserve">${escaped}</v></c>`;
        } else if (isSpace(escaped.charCodeAt(0)) || isSpace(escaped.charCodeAt(escaped.length - 1))) {
          cells += `<c r="${ref}" t="str"><v xml:space="preserve">${escaped}</v></c>`;
        } else cells += `<c r="${ref}" t="str"><v>${escaped}</v></c>`;
      }
    }
    if (cells !== "") out.write(newline ? `<row r="${rr}" xml:space="preserve">${cells}</row>` : `<row r="${rr}">${cells}</row>`);
  }
}
