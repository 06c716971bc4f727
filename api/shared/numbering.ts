import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { numberSeries } from "../../db/schema/index.ts";
import { manilaYear } from "./dates.ts";


export interface NumberRequest {
  /** The series' code, which starts the number: "SQ", "BK", "WB", ... */
  series: string;
  branchCode: string;
  /** The moment the record is made; its year in Manila picks the series row. */
  on?: Date;
}

/**
 * The next reference number of a series at a branch in the year, e.g. "SQ-MNL-2026-000042". Call it inside
 * the transaction that writes the record: the series row stays locked until that transaction ends, so two
 * records never share a number, and a rolled-back record gives its number back (no gaps).
 */
export async function nextNumber(db: Db, request: NumberRequest): Promise<string> {
  const [number] = await nextNumbers(db, request, 1);
  return number;
}

/**
 * The next `count` reference numbers of a series in one statement: the series moves on by `count` at once and
 * the block is the numbers it passed over, in order. Gapless on the same terms as nextNumber: the series row
 * stays locked until the caller's transaction ends, and a rollback gives the whole block back.
 */
export async function nextNumbers(db: Db, request: NumberRequest, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const [block] = await nextNumberBlocks(db, [{ ...request, count }]);
  return block;
}

/**
 * Blocks of several series at once (a batch's number and its bookings' numbers) in one statement, each as
 * nextNumbers would give it, in the order asked. The rows are locked in that order, so callers that take the
 * same series keep to one order (BB before BK) and never wait on each other in a circle. A series asked twice
 * is refused: one statement cannot move the same row twice.
 */
export async function nextNumberBlocks(db: Db, requests: readonly (NumberRequest & { count: number })[]): Promise<string[][]> {
  const blocks = requests.map((r) =>
    r.count > 0
      ? {
        series: r.series,
        branchCode: r.branchCode.toUpperCase(),
        // Business time is Manila's: a record made at 17:00 UTC on 31 December belongs to the next year there.
        year: manilaYear(r.on ?? new Date()),
        count: r.count,
      }
      : null
  );
  const asked = blocks.filter((b) => b !== null);
  const key = (r: { series: string; branchCode: string; year: number }) => `${r.series}/${r.branchCode}/${r.year}`;
  if (new Set(asked.map(key)).size !== asked.length) throw new Error("nextNumberBlocks: a series is asked twice");
  if (asked.length === 0) return requests.map(() => []);
  const rows = await db.insert(numberSeries)
    .values(asked.map((b) => ({ series: b.series, branchCode: b.branchCode, year: b.year, lastValue: b.count })))
    .onConflictDoUpdate({
      target: [numberSeries.series, numberSeries.branchCode, numberSeries.year],
      // excluded.last_value is the count this row asked for.
      set: { lastValue: sql`${numberSeries.lastValue} + excluded.last_value` },
    })
    .returning({ series: numberSeries.series, branchCode: numberSeries.branchCode, year: numberSeries.year, value: numberSeries.lastValue });
  const last = new Map(rows.map((row) => [key(row), row.value]));
  return blocks.map((b) => {
    if (!b) return [];
    const first = last.get(key(b))! - b.count + 1;
    return Array.from({ length: b.count }, (_, i) => `${b.series}-${b.branchCode}-${b.year}-${String(first + i).padStart(6, "0")}`);
  });
}
