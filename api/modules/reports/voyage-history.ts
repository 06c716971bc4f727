import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { vesselUpdateDetails, vesselUpdateHeaders, voyageReguides, voyageScheduleDestinations, voyageSchedules } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { manilaDayRange } from "../../shared/dates.ts";
import { NO_DATA, type VoyageHistoryQuery, type VoyageHistoryReport } from "./schemas.ts";

/**
 * Voyage history (001 §7): the voyages departing in a period (their origin within the caller's branches), each
 * with its schedule beside what the vessel updates record: the first actual departure from the origin and the
 * actual arrival at the last port of call, how many minutes late or early, and the reguides made on it.
 */

const minutesBetween = (planned: Date, actual: Date) => Math.round((actual.getTime() - planned.getTime()) / 60_000);

export async function voyageHistoryReport(db: Db, scope: BranchScope, query: VoyageHistoryQuery): Promise<VoyageHistoryReport> {
  const { start, end } = manilaDayRange(query.dateFrom, query.dateTo);
  const voyages = await db.select().from(voyageSchedules).where(and(
    gte(voyageSchedules.estimatedTimeDeparture, start!),
    lt(voyageSchedules.estimatedTimeDeparture, end!),
    query.branchCode ? eq(voyageSchedules.originBranchCode, query.branchCode.toUpperCase()) : undefined,
    query.vesselCode ? eq(voyageSchedules.vesselCode, query.vesselCode.toUpperCase()) : undefined,
    branchCondition(scope, voyageSchedules.originBranchCode),
  )).orderBy(asc(voyageSchedules.estimatedTimeDeparture), asc(voyageSchedules.voyageNum));
  const nums = voyages.map((v) => v.voyageNum);
  const calls = nums.length === 0 ? [] : await db.select().from(voyageScheduleDestinations)
    .where(inArray(voyageScheduleDestinations.voyageNum, nums)).orderBy(asc(voyageScheduleDestinations.seq));
  const details = nums.length === 0 ? [] : await db.select({ voyageNum: vesselUpdateHeaders.voyageNum, detail: vesselUpdateDetails })
    .from(vesselUpdateDetails).innerJoin(vesselUpdateHeaders, eq(vesselUpdateHeaders.vuid, vesselUpdateDetails.vuid))
    .where(inArray(vesselUpdateHeaders.voyageNum, nums)).orderBy(asc(vesselUpdateDetails.activityAt));
  const reguides = nums.length === 0 ? [] : await db.select({ voyageNum: voyageReguides.voyageNum, n: count() }).from(voyageReguides)
    .where(inArray(voyageReguides.voyageNum, nums)).groupBy(voyageReguides.voyageNum);

  const totals = { voyages: 0, departed: 0, arrived: 0, lateDepartures: 0, lateArrivals: 0 };
  const data = voyages.map((v) => {
    const own = details.filter((d) => d.voyageNum === v.voyageNum).map((d) => d.detail);
    const last = calls.filter((c) => c.voyageNum === v.voyageNum).at(-1);
    const departures = own.filter((d) => d.actualTimeDeparture && (d.branchCode === null || d.branchCode === v.originBranchCode));
    const atd = departures.length > 0 ? departures.map((d) => d.actualTimeDeparture!).sort((a, b) => a.getTime() - b.getTime())[0]! : null;
    const arrivals = last ? own.filter((d) => d.actualTimeArrival && d.branchCode === last.destinationBranchCode) : [];
    const ata = arrivals.length > 0 ? arrivals.map((d) => d.actualTimeArrival!).sort((a, b) => a.getTime() - b.getTime())[0]! : null;
    const departureDelay = atd ? minutesBetween(v.estimatedTimeDeparture, atd) : null;
    const arrivalDelay = ata && last ? minutesBetween(last.estimatedTimeArrival, ata) : null;
    totals.voyages += 1;
    if (atd) totals.departed += 1;
    if (ata) totals.arrived += 1;
    if (departureDelay !== null && departureDelay > 0) totals.lateDepartures += 1;
    if (arrivalDelay !== null && arrivalDelay > 0) totals.lateArrivals += 1;
    return {
      voyageNum: v.voyageNum,
      voyageRef: v.voyageRef,
      vesselCode: v.vesselCode,
      routeCode: v.routeCode,
      originBranchCode: v.originBranchCode,
      estimatedTimeDeparture: v.estimatedTimeDeparture.toISOString(),
      actualTimeDeparture: atd?.toISOString() ?? null,
      departureDelayMinutes: departureDelay,
      lastPortBranchCode: last?.destinationBranchCode ?? "",
      estimatedTimeArrival: last?.estimatedTimeArrival.toISOString() ?? null,
      actualTimeArrival: ata?.toISOString() ?? null,
      arrivalDelayMinutes: arrivalDelay,
      reguides: Number(reguides.find((r) => r.voyageNum === v.voyageNum)?.n ?? 0),
      stage: ata ? "Arrived" : atd ? "At sea" : "Not departed",
      croStatus: v.croStatus,
    };
  });
  return { data, totals, dateFrom: query.dateFrom, dateTo: query.dateTo, ...(data.length === 0 ? { message: NO_DATA } : {}) };
}
