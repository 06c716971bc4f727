import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { vessels, voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { manilaDate, manilaDayRange } from "../../../shared/dates.ts";
import { cargoStageReached, cargoStageTimes } from "../../bookings/index.ts";
import { averageDays, DISCHARGED_STAGE, DWELL_STAGES, dwellDays, RELEASED_STAGE, VAN_IN_STAGE } from "./rules.ts";
import type { DwellGroup, DwellTimeQuery, DwellTimeReport, DwellWaybill } from "./schemas.ts";
import { consigneeOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Dwell time (001 §7): the waybills, not cancelled, whose final inbound tally fell in the period at the caller's
 * branches (their destination), and the Manila calendar days from it to the cargo release order and to the van-in.
 * The moments are the cargo stages the bookings module keeps (`cargoStageTimes`), so a stage recorded by any
 * document (the CRO, the van-in) counts the same. A tandem waybill runs on its own booking's stages.
 */

function figuresOf(rows: readonly DwellWaybill[]) {
  const toRelease = rows.flatMap((r) => (r.daysToRelease === null ? [] : [r.daysToRelease]));
  const toVanIn = rows.flatMap((r) => (r.daysToVanIn === null ? [] : [r.daysToVanIn]));
  return {
    waybills: rows.length,
    released: toRelease.length,
    vannedIn: toVanIn.length,
    averageDaysToRelease: averageDays(toRelease),
    averageDaysToVanIn: averageDays(toVanIn),
    longestDaysToRelease: toRelease.length === 0 ? null : Math.max(...toRelease),
    longestDaysToVanIn: toVanIn.length === 0 ? null : Math.max(...toVanIn),
  };
}

export async function dwellTimeReport(db: Db, scope: BranchScope, query: DwellTimeQuery): Promise<DwellTimeReport> {
  const { end } = manilaDayRange(query.dateFrom, query.dateTo);
  const candidates = await db.select({
    wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, voyageNum: waybills.voyageNum, voyageRef: voyageSchedules.voyageRef,
    vesselName: vessels.name, destinationBranchCode: waybills.destinationBranchCode, consigneeName: waybills.consigneeName,
    consigneePreferredName: waybills.consigneePreferredName, containerVanNum: waybills.containerVanNum, tandemContainerVanNum: waybills.tandemContainerVanNum,
  }).from(waybills)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .where(and(
      branchCondition(scope, waybills.destinationBranchCode),
      ne(waybills.status, "Cancelled"),
      query.destinationBranchCode ? sql`lower(${waybills.destinationBranchCode}) = lower(${query.destinationBranchCode})` : undefined,
      query.voyageNum ? sql`lower(${waybills.voyageNum}) = lower(${query.voyageNum})` : undefined,
      // Discharged before the period ended; the start of the period is checked on the moment itself below.
      cargoStageReached(waybills.bookingRef, DISCHARGED_STAGE, end!),
    ));
  const times = await cargoStageTimes(db, candidates.map((c) => c.bookingRef), DWELL_STAGES);
  const rows: DwellWaybill[] = [];
  for (const c of candidates) {
    const stages = times.get(c.bookingRef);
    const discharged = stages?.get(DISCHARGED_STAGE);
    if (!discharged) continue;
    const day = manilaDate(discharged);
    if (day < query.dateFrom || day > query.dateTo) continue;
    const released = stages?.get(RELEASED_STAGE) ?? null;
    const vanIn = stages?.get(VAN_IN_STAGE) ?? null;
    rows.push({
      wayBillRef: c.wayBillRef, bookingRef: c.bookingRef, voyageNum: c.voyageNum, voyageRef: c.voyageRef, vesselName: c.vesselName,
      destinationBranchCode: c.destinationBranchCode, consigneeName: consigneeOnWaybill(c),
      containerVanNum: [c.containerVanNum, c.tandemContainerVanNum].filter(Boolean).join(" / "),
      discharged: discharged.toISOString(), released: released?.toISOString() ?? null, vanIn: vanIn?.toISOString() ?? null,
      daysToRelease: released ? dwellDays(discharged, released) : null,
      daysToVanIn: vanIn ? dwellDays(discharged, vanIn) : null,
    });
  }
  // A group's first discharge orders the groups; the waybills follow their group.
  const keyOf = (r: DwellWaybill) => `${r.voyageNum}\u0000${r.destinationBranchCode}`;
  const firstOf = new Map<string, string>();
  for (const r of rows) {
    const k = keyOf(r);
    if (!firstOf.has(k) || r.discharged < firstOf.get(k)!) firstOf.set(k, r.discharged);
  }
  const order = (a: DwellWaybill, b: DwellWaybill) =>
    firstOf.get(keyOf(a))!.localeCompare(firstOf.get(keyOf(b))!) || keyOf(a).localeCompare(keyOf(b)) || a.wayBillRef.localeCompare(b.wayBillRef);
  rows.sort(order);
  const data: DwellGroup[] = [];
  for (const k of [...new Set(rows.map(keyOf))]) {
    const members = rows.filter((r) => keyOf(r) === k);
    const head = members[0];
    data.push({
      voyageNum: head.voyageNum, voyageRef: head.voyageRef, vesselName: head.vesselName, destinationBranchCode: head.destinationBranchCode,
      ...figuresOf(members),
    });
  }
  const report: DwellTimeReport = { dateFrom: query.dateFrom, dateTo: query.dateTo, data, waybills: rows, totals: figuresOf(rows) };
  return rows.length === 0 ? { ...report, message: "No data found" } : report;
}
