/**
 * Printouts of long lists: the ports list PDF (the list builder every long printout uses: a titled table over as
 * many pages as it needs, page footers written last) built from 1,000 and from 10,000 synthetic ports, side by
 * side in one run. Each size is built several times in alternating order, so that noise from other work on the
 * machine falls on both alike; the medians are compared. Ten times the rows should cost about ten times as much:
 * exits non-zero when the ratio misses its target.
 *
 * The ratio is taken on the CPU time of the builds (this process, its garbage collector's threads included), with
 * the wall-clock time printed beside it: a build is synchronous, so the two are the same on a quiet machine, but
 * on a shared one the wall clock also counts the time spent waiting for a core, which falls unevenly on a build
 * of two seconds and one of two hundred milliseconds (runs of the same code gave 9.3 and 11.8 by the wall clock).
 *
 * Pure function of data, nothing to set up. Run: deno run -A bench/documents.bench.ts
 */
import process from "node:process";
import { buildPortsListPdf, type PortListRow } from "../templates/documents/ports-list.ts";

const SMALL = 1_000;
const LARGE = 10_000;
const ROUNDS = Number(Deno.env.get("BENCH_PDF_ROUNDS") ?? 7);
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
  const cpu = process.cpuUsage();
  const bytes = buildPortsListPdf(rows, meta);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: bytes.length };
};

const small = ports(SMALL);
const large = ports(LARGE);
build(small); // warm-up: fonts, code paths compiled
const times = { small: [] as number[], large: [] as number[] };
const cpuTimes = { small: [] as number[], large: [] as number[] };
let sizes = { small: 0, large: 0 };
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which size goes first, so a slow spell of the machine does not land on one size only.
  const order = round % 2 === 0 ? ["small", "large"] as const : ["large", "small"] as const;
  for (const which of order) {
    const r = build(which === "small" ? small : large);
    times[which].push(r.ms);
    cpuTimes[which].push(r.cpuMs);
    sizes = { ...sizes, [which]: r.bytes };
  }
}
const ratio = median(cpuTimes.large) / median(cpuTimes.small);
const wallRatio = median(times.large) / median(times.small);
console.log(`\nPorts list PDF, ${ROUNDS} builds of each size`);
console.table([
  ...(["small", "large"] as const).map((which) => ({
    rows: which === "small" ? SMALL : LARGE,
    "CPU median ms": +median(cpuTimes[which]).toFixed(1),
    "wall median ms": +median(times[which]).toFixed(1),
    "wall best ms": +Math.min(...times[which]).toFixed(1),
    "PDF kB": Math.round(sizes[which] / 1024),
  })),
]);
const missed = !(ratio <= TARGET);
console.log(`PDF of ${LARGE.toLocaleString("en")} rows is ${ratio.toFixed(2)}x the CPU time of ${SMALL.toLocaleString("en")} rows (target <= ${TARGET}; by the wall clock ${wallRatio.toFixed(2)}x)${missed ? "  MISSED" : ""}`);
if (missed) Deno.exitCode = 1;
