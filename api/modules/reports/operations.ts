import { and, asc, count, eq, gte, inArray, isNull, lt, ne, notInArray, sql, sum } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  bookings,
  loadListEntries,
  loadListReleases,
  outboundCts,
  tallySheetLines,
  tallySheets,
  voyageSchedules,
  waybills,
} from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { manilaDayRange } from "../../shared/dates.ts";
import { CLOSED_BOOKING_STATUSES, NO_DATA, type OperationCounts, type OperationQuery, type OperationReport } from "./schemas.ts";

/**
 * The operation report (001 §7): every voyage departing in the period, within the caller's branches (its origin),
 * and how far its cargo has come: live bookings and their TEU, transfer slips issued, waybills, waybills on the
 * load list, and the full and empty vans counted on its loading tally sheets. One grouped statement per stage.
 */

const zero = (): OperationCounts => ({ bookings: 0, teu: 0, cts: 0, waybills: 0, onLoadList: 0, loadedFull: 0, loadedEmpty: 0 });

export async function operationReport(db: Db, scope: BranchScope, query: OperationQuery): Promise<OperationReport> {
  const { start, end } = manilaDayRange(query.dateFrom, query.dateTo);
  const voyages = await db.select().from(voyageSchedules).where(and(
    gte(voyageSchedules.estimatedTimeDeparture, start!),
    lt(voyageSchedules.estimatedTimeDeparture, end!),
    query.branchCode ? eq(voyageSchedules.originBranchCode, query.branchCode.toUpperCase()) : undefined,
    query.vesselCode ? eq(voyageSchedules.vesselCode, query.vesselCode.toUpperCase()) : undefined,
    query.voyageNum ? eq(voyageSchedules.voyageNum, query.voyageNum.toUpperCase()) : undefined,
    branchCondition(scope, voyageSchedules.originBranchCode),
  )).orderBy(asc(voyageSchedules.estimatedTimeDeparture), asc(voyageSchedules.voyageNum));
  const nums = voyages.map((v) => v.voyageNum);
  const counts = new Map(nums.map((n) => [n, zero()]));
  if (nums.length > 0) {
    const booked = await db.select({ voyageNum: bookings.voyageNum, n: count(), teu: sum(bookings.quantityTeu) }).from(bookings)
      .where(and(inArray(bookings.voyageNum, nums), notInArray(bookings.status, [...CLOSED_BOOKING_STATUSES])))
      .groupBy(bookings.voyageNum);
    for (const r of booked) Object.assign(counts.get(r.voyageNum)!, { bookings: Number(r.n), teu: Number(r.teu ?? 0) });

    const slips = await db.select({ voyageNum: outboundCts.voyageNum, n: count() }).from(outboundCts)
      .where(and(inArray(outboundCts.voyageNum, nums), eq(outboundCts.status, "Issued"))).groupBy(outboundCts.voyageNum);
    for (const r of slips) counts.get(r.voyageNum)!.cts = Number(r.n);

    const bills = await db.select({ voyageNum: waybills.voyageNum, n: count() }).from(waybills)
      .where(and(inArray(waybills.voyageNum, nums), ne(waybills.status, "Cancelled"))).groupBy(waybills.voyageNum);
    for (const r of bills) counts.get(r.voyageNum)!.waybills = Number(r.n);

    const listed = await db.select({ voyageNum: loadListReleases.voyageNum, n: count() }).from(loadListEntries)
      .innerJoin(loadListReleases, eq(loadListReleases.releaseId, loadListEntries.releaseId))
      .where(and(inArray(loadListReleases.voyageNum, nums), isNull(loadListEntries.dateRemoved))).groupBy(loadListReleases.voyageNum);
    for (const r of listed) counts.get(r.voyageNum)!.onLoadList = Number(r.n);

    const full = sql<boolean>`${tallySheetLines.containerType} = 'FL'`;
    const counted = await db.select({ voyageNum: tallySheets.voyageNum, full, n: count() }).from(tallySheetLines)
      .innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
      .where(and(inArray(tallySheets.voyageNum, nums), eq(tallySheets.tallySheetType, "Loading"), isNull(tallySheetLines.dateRemoved)))
      .groupBy(tallySheets.voyageNum, full);
    for (const r of counted) {
      const c = counts.get(r.voyageNum)!;
      if (r.full) c.loadedFull = Number(r.n);
      else c.loadedEmpty = Number(r.n);
    }
  }
  const totals = zero();
  for (const c of counts.values()) for (const key of Object.keys(totals) as (keyof OperationCounts)[]) totals[key] += c[key];
  const data = voyages.map((v) => ({
    voyageNum: v.voyageNum,
    voyageRef: v.voyageRef,
    vesselCode: v.vesselCode,
    routeCode: v.routeCode,
    originBranchCode: v.originBranchCode,
    estimatedTimeDeparture: v.estimatedTimeDeparture.toISOString(),
    finalTallyAt: v.finalTallyAt ? v.finalTallyAt.toISOString() : null,
    croStatus: v.croStatus,
    ...counts.get(v.voyageNum)!,
  }));
  return { data, totals, dateFrom: query.dateFrom, dateTo: query.dateTo, ...(data.length === 0 ? { message: NO_DATA } : {}) };
}
