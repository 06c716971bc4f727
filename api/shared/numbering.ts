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
  // Business time is Manila's: a record made at 17:00 UTC on 31 December belongs to the next year there.
  const year = manilaYear(request.on ?? new Date());
  const branch = request.branchCode.toUpperCase();
  const [row] = await db.insert(numberSeries)
    .values({ series: request.series, branchCode: branch, year, lastValue: count })
    .onConflictDoUpdate({
      target: [numberSeries.series, numberSeries.branchCode, numberSeries.year],
      set: { lastValue: sql`${numberSeries.lastValue} + ${count}` },
    })
    .returning({ value: numberSeries.lastValue });
  const first = row.value - count + 1;
  return Array.from({ length: count }, (_, i) => `${request.series}-${branch}-${year}-${String(first + i).padStart(6, "0")}`);
}
