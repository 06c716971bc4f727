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
  // Business time is Manila's: a record made at 17:00 UTC on 31 December belongs to the next year there.
  const year = manilaYear(request.on ?? new Date());
  const branch = request.branchCode.toUpperCase();
  const [row] = await db.insert(numberSeries)
    .values({ series: request.series, branchCode: branch, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSeries.series, numberSeries.branchCode, numberSeries.year],
      set: { lastValue: sql`${numberSeries.lastValue} + 1` },
    })
    .returning({ value: numberSeries.lastValue });
  return `${request.series}-${branch}-${year}-${String(row.value).padStart(6, "0")}`;
}
