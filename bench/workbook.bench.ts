/**
 * An .xlsx of 50,000 rows x 15 columns built by the workbook helper every export uses, against a CSV of the
 * same rows built the plain way (values quoted where needed, joined with commas and newlines, UTF-8 encoded).
 * Samples alternate between the two so that other work on the machine falls on both alike; the ratio is of
 * the medians. Also shown, not judged: the same workbook stored without deflate, and (BENCH_XLSX_BEFORE=1)
 * SheetJS building it from cell objects, as every workbook was built before, and in its faster dense mode.
 * Exits 1 when the ratio misses.
 * Run: npm run bench (or deno run -A --v8-flags=--expose-gc bench/workbook.bench.ts)
 */
import * as XLSX from "xlsx";
import { buildWorkbook, tableOf, type WorkbookColumn, type WorkbookSpec, writeSheets } from "../templates/exports/workbook.ts";

const ROWS = Number(Deno.env.get("BENCH_XLSX_ROWS") ?? 50_000);
const SAMPLES = Number(Deno.env.get("BENCH_XLSX_SAMPLES") ?? 7);
const TARGET = 8;

interface Shipment {
  no: number;
  bookingRef: string;
  bookingDate: string;
  shipper: string;
  consignee: string;
  origin: string;
  destination: string;
  address: string;
  commodity: string;
  containers: number;
  weightKg: number;
  freight: number;
  paid: boolean;
  status: string;
  remarks: string;
}

const BRANCHES = ["MNL", "CEB", "DVO", "ILO", "CGY"];
const rows: Shipment[] = Array.from({ length: ROWS }, (_, i) => ({
  no: i + 1,
  bookingRef: `${BRANCHES[i % 5]}-2026-${String(i + 1).padStart(6, "0")}`,
  bookingDate: `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
  shipper: `Shipper ${i % 1700} Trading Corp.`,
  consignee: `Consignee ${(i * 7) % 2300}, Inc.`,
  origin: BRANCHES[i % 5],
  destination: BRANCHES[(i + 2) % 5],
  address: `${1 + (i % 900)} Rizal Ave., Barangay ${i % 97}, ${["Manila", "Cebu City", "Davao City"][i % 3]}`,
  commodity: ["General cargo", "Rice", "Construction materials", "Canned goods"][i % 4],
  containers: 1 + (i % 4),
  weightKg: Math.round((i % 1000) * 18.75 * 100) / 100,
  freight: Math.round(i * 137.25) / 100,
  paid: i % 3 === 0,
  status: ["Booked", "Confirmed", "Loaded", "Delivered"][i % 4],
  remarks: i % 5 === 0 ? `Handle with care, "fragile", deliver before 5 p.m. (${i})` : "",
}));

const columns: WorkbookColumn<Shipment>[] = [
  { header: "No", width: 6, value: (r) => r.no },
  { header: "Booking Ref", width: 20, value: (r) => r.bookingRef },
  { header: "Booking Date", width: 12, value: (r) => r.bookingDate },
  { header: "Shipper", width: 30, value: (r) => r.shipper },
  { header: "Consignee", width: 30, value: (r) => r.consignee },
  { header: "Origin", width: 8, value: (r) => r.origin },
  { header: "Destination", width: 8, value: (r) => r.destination },
  { header: "Address", width: 40, value: (r) => r.address },
  { header: "Commodity", width: 24, value: (r) => r.commodity },
  { header: "Containers", width: 10, value: (r) => r.containers },
  { header: "Weight (kg)", width: 12, value: (r) => r.weightKg },
  { header: "Freight", width: 12, value: (r) => r.freight },
  { header: "Paid", width: 6, value: (r) => r.paid },
  { header: "Status", width: 12, value: (r) => r.status },
  { header: "Remarks", width: 40, value: (r) => r.remarks },
];
const spec: WorkbookSpec<Shipment> = { sheetName: "Shipments", columns, rows };

const quote = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
function buildCsv(): Uint8Array {
  const lines = [columns.map((c) => quote(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => quote(c.value(row))).join(","));
  return new TextEncoder().encode(lines.join("\n") + "\n");
}

/**
 * SheetJS from cell objects: as every workbook was written before (keyed by address), or in its dense mode
 * (rows of cells), the best it does on its own.
 */
function buildWithSheetJs(dense: boolean, compression: boolean): Uint8Array {
  const { table, widths, name } = tableOf(spec);
  // 0.18.5 honours dense without declaring it in its types.
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense } as XLSX.AOA2SheetOpts);
  sheet["!cols"] = widths.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, name);
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression }) as ArrayBuffer);
}

const gc = (globalThis as { gc?: () => void }).gc;
function time(build: () => Uint8Array): { ms: number; bytes: number } {
  gc?.(); // the previous build's garbage is not this one's to collect
  const started = performance.now();
  const bytes = build().length;
  return { ms: performance.now() - started, bytes };
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const builds: Record<string, () => Uint8Array> = {
  csv: buildCsv,
  xlsx: () => buildWorkbook(spec),
  "xlsx stored": () => writeSheets([tableOf(spec)], { compression: false }),
};
if (Deno.env.get("BENCH_XLSX_BEFORE") === "1") {
  builds["SheetJS cells (before)"] = () => buildWithSheetJs(false, true);
  builds["SheetJS dense cells"] = () => buildWithSheetJs(true, true);
  builds["SheetJS dense, stored"] = () => buildWithSheetJs(true, false);
}
const names = Object.keys(builds);
const samples: Record<string, { ms: number[]; bytes: number }> = Object.fromEntries(names.map((n) => [n, { ms: [], bytes: 0 }]));
for (const name of names) time(builds[name]); // warm up
for (let i = 0; i < SAMPLES; i++) {
  const order = i % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    const { ms, bytes } = time(builds[name]);
    samples[name].ms.push(ms);
    samples[name].bytes = bytes;
  }
}

const csvMs = median(samples.csv.ms);
console.log(`\nWorkbook of ${ROWS.toLocaleString("en")} rows x ${columns.length} columns beside a CSV of the same rows, ${SAMPLES} samples each`);
console.table(names.map((name) => ({
  build: name,
  "median ms": +median(samples[name].ms).toFixed(1),
  "min ms": +Math.min(...samples[name].ms).toFixed(1),
  "size MB": +(samples[name].bytes / 1e6).toFixed(2),
  "÷ CSV": +(median(samples[name].ms) / csvMs).toFixed(2),
})));
const ratio = median(samples.xlsx.ms) / csvMs;
const pass = ratio <= TARGET;
console.log(`XLSX ÷ CSV, ${ROWS.toLocaleString("en")} x ${columns.length}: ${ratio.toFixed(2)} (target <= ${TARGET}): ${pass ? "PASS" : "FAIL"}`);
if (!pass) Deno.exit(1);
