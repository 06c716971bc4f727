/** Plain-text renderings for the terminal and for spreadsheets. */

type Cell = string | number | boolean | null | undefined;

const text = (value: Cell) => (value === null || value === undefined ? "" : String(value));

/** Columns padded to their widest cell; the last one is not padded so lines carry no trailing blanks. */
export function formatTable(headers: string[], rows: Cell[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(text))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

/** RFC 4180: CRLF line ends, and a field with a comma, quote or line break quoted with its quotes doubled. */
export function formatCsv(headers: string[], rows: Cell[][]): string {
  const field = (value: Cell) => {
    const s = text(value);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [headers, ...rows].map((r) => r.map(field).join(",")).join("\r\n");
}
