import { and, asc, count, eq, gte, inArray, isNull, lt, max, min, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { tallySheetLines, tallySheets, users, voyageSchedules } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { manilaDayRange } from "../../shared/dates.ts";
import { NO_DATA, type TallyFinalizationQuery, type TallyFinalizationReport } from "./schemas.ts";

/**
 * Tally sheet finalization (001 §7): the loading and unloading tally sheets of the voyages departing in a period,
 * within the caller's branches (the tallying branch), with the vans counted on each, when counting started and
 * ended, and when and by whom the sheet was made final; a sheet still open shows as such.
 */

const FINAL = "Final";

export async function tallyFinalizationReport(db: Db, scope: BranchScope, query: TallyFinalizationQuery): Promise<TallyFinalizationReport> {
  const { start, end } = manilaDayRange(query.dateFrom, query.dateTo);
  const sheets = await db.select({
    id: tallySheets.id,
    tallySheetNum: tallySheets.tallySheetNum,
    tallySheetType: tallySheets.tallySheetType,
    status: tallySheets.status,
    voyageNum: tallySheets.voyageNum,
    voyageRef: voyageSchedules.voyageRef,
    estimatedTimeDeparture: voyageSchedules.estimatedTimeDeparture,
    branchCode: tallySheets.branchCode,
    destinationBranchCode: tallySheets.destinationBranchCode,
    dateFinalized: tallySheets.dateFinalized,
    finalizedBy: tallySheets.finalizedBy,
    finalizedByName: users.name,
  }).from(tallySheets)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, tallySheets.voyageNum))
    .leftJoin(users, eq(users.userId, tallySheets.finalizedBy))
    .where(and(
      // The loading tallies: the report sits under Outbound; an unloading sheet is the port of call's.
      eq(tallySheets.tallySheetType, "Loading"),
      gte(voyageSchedules.estimatedTimeDeparture, start!),
      lt(voyageSchedules.estimatedTimeDeparture, end!),
      query.branchCode ? eq(tallySheets.branchCode, query.branchCode.toUpperCase()) : undefined,
      query.voyageNum ? eq(tallySheets.voyageNum, query.voyageNum.toUpperCase()) : undefined,
      branchCondition(scope, tallySheets.branchCode),
    ))
    .orderBy(asc(voyageSchedules.estimatedTimeDeparture), asc(tallySheets.tallySheetNum));

  const ids = sheets.map((s) => s.id);
  const full = sql<boolean>`${tallySheetLines.containerType} = 'FL'`;
  const lines = ids.length === 0 ? [] : await db.select({
    id: tallySheetLines.tallySheetId, full, n: count(), first: min(tallySheetLines.timeTallied), last: max(tallySheetLines.timeTallied),
  }).from(tallySheetLines)
    .where(and(inArray(tallySheetLines.tallySheetId, ids), isNull(tallySheetLines.dateRemoved)))
    .groupBy(tallySheetLines.tallySheetId, full);

  const totals = { sheets: 0, final: 0, open: 0, full: 0, empty: 0 };
  const data = sheets.map((s) => {
    const own = lines.filter((l) => l.id === s.id);
    const fullVans = Number(own.find((l) => l.full)?.n ?? 0);
    const emptyVans = Number(own.find((l) => !l.full)?.n ?? 0);
    const times = own.flatMap((l) => [l.first, l.last]).filter((t): t is Date => t !== null).map((t) => new Date(t).getTime());
    const first = times.length > 0 ? new Date(Math.min(...times)) : null;
    const last = times.length > 0 ? new Date(Math.max(...times)) : null;
    const final = s.status === FINAL && s.dateFinalized !== null;
    totals.sheets += 1;
    if (final) totals.final += 1;
    else totals.open += 1;
    totals.full += fullVans;
    totals.empty += emptyVans;
    return {
      tallySheetNum: s.tallySheetNum,
      tallySheetType: s.tallySheetType,
      status: s.status,
      voyageNum: s.voyageNum,
      voyageRef: s.voyageRef,
      estimatedTimeDeparture: s.estimatedTimeDeparture.toISOString(),
      branchCode: s.branchCode,
      destinationBranchCode: s.destinationBranchCode,
      full: fullVans,
      empty: emptyVans,
      firstCounted: first?.toISOString() ?? null,
      lastCounted: last?.toISOString() ?? null,
      dateFinalized: final ? s.dateFinalized!.toISOString() : null,
      finalizedBy: final ? (s.finalizedByName ?? s.finalizedBy ?? "") : "",
      minutesToFinal: final && last ? Math.max(0, Math.floor((s.dateFinalized!.getTime() - last.getTime()) / 60_000)) : null,
    };
  });
  return { data, totals, dateFrom: query.dateFrom, dateTo: query.dateTo, ...(data.length === 0 ? { message: NO_DATA } : {}) };
}
