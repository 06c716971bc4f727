/**
 * Printouts of long lists: the ports list PDF (the list builder every long printout uses: a titled table over as
 * many pages as it needs, page footers written last) built from 1,000 and from 10,000 synthetic ports, side by
 * side in one run. Each size is built several times in alternating order, so that noise from other work on the
 * machine falls on both alike; the medians are compared. Ten times the rows should cost about ten times as much:
 * exits non-zero when the ratio misses its target.
 *
 * Pure function of data, nothing to set up. Run: deno run -A bench/documents.bench.ts
 */
import { buildPortsListPdf, type PortListRow } from "../templates/documents/ports-list.ts";

const SMALL = 1_000;
const LARGE = 10_000;
const ROUNDS = Number(Deno.env.get("BENCH_PDF_ROUNDS") ?? 5);
const TARGET = 11;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Ports as the list prints them, with names and locations of varied width as real ones have. */
function ports(count: number): PortListRow[] {
  return Array.from({ length: count }, (_, i) => ({
    code: `P${String(i).padStart(5, "0")}`,
    name: `Port of ${["Manila", "Cebu", "Iloilo", "General Santos", "Zamboanga", "Cagayan de Oro"][i % 6]} ${i}`,
    branchCode: ["MNL", "CEB", "ILO", "GES"][i % 4],
    location: i % 7 === 0 ? "North Harbor, Tondo, Manila, Metro Manila, Philippines" : `Pier ${i % 30}`,
    isActive: i % 5 !== 0,
  }));
}

const meta = { generatedBy: "bench", generatedAt: new Date("2026-11-25T06:00:00Z") };
const build = (rows: PortListRow[]) => {
  const started = performance.now();
  const bytes = buildPortsListPdf(rows, meta);
  return { ms: performance.now() - started, bytes: bytes.length };
};

const small = ports(SMALL);
const large = ports(LARGE);
build(small); // warm-up: fonts, code paths compiled
const times = { small: [] as number[], large: [] as number[] };
let sizes = { small: 0, large: 0 };
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which size goes first, so a slow spell of the machine does not land on one size only.
  const order = round % 2 === 0 ? ["small", "large"] as const : ["large", "small"] as const;
  for (const which of order) {
    const r = build(which === "small" ? small : large);
    times[which].push(r.ms);
    sizes = { ...sizes, [which]: r.bytes };
  }
}
const ratio = median(times.large) / median(times.small);
console.log(`\nPorts list PDF, ${ROUNDS} builds of each size`);
console.table([
  { rows: SMALL, "median ms": +median(times.small).toFixed(1), "best ms": +Math.min(...times.small).toFixed(1), "PDF kB": Math.round(sizes.small / 1024) },
  { rows: LARGE, "median ms": +median(times.large).toFixed(1), "best ms": +Math.min(...times.large).toFixed(1), "PDF kB": Math.round(sizes.large / 1024) },
]);
const missed = !(ratio <= TARGET);
console.log(`PDF of ${LARGE.toLocaleString("en")} rows is ${ratio.toFixed(2)}x the time of ${SMALL.toLocaleString("en")} rows (target <= ${TARGET})${missed ? "  MISSED" : ""}`);
if (missed) Deno.exitCode = 1;
