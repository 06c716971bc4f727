import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { vessels, vesselUpdateDetails, vesselUpdateHeaders, voyageSchedules } from "../../../../db/schema/index.ts";
import { AppError } from "../../../shared/errors.ts";
import { manilaDayRange } from "../../../shared/dates.ts";
import { schedulesWhere } from "./service.ts";

/**
 * The vessel history report: a vessel's voyages in a period with what was planned (ETD, each ETA) beside what
 * happened (ATD at the origin and ATA at each call, from the vessel updates), and how late each was in minutes.
 */

export interface VesselHistoryCall {
  branchCode: string;
  branchName: string;
  estimatedTimeArrival: string;
  actualTimeArrival: string | null;
  /** ATA less ETA in minutes; negative when early, null until the arrival is recorded. */
  minutesLate: number | null;
}

export interface VesselHistoryVoyage {
  voyageNum: string;
  voyageRef: string;
  routeCode: string;
  originBranchCode: string;
  estimatedTimeDeparture: string;
  actualTimeDeparture: string | null;
  minutesLateDeparture: number | null;
  calls: VesselHistoryCall[];
}

const minutesBetween = (planned: string, actual: Date | null) =>
  actual === null ? null : Math.round((actual.getTime() - Date.parse(planned)) / 60_000);

export async function vesselHistory(db: Db, query: { vesselCode: string; dateFrom: string; dateTo: string }) {
  if (query.dateTo < query.dateFrom) throw new AppError("VALIDATION", "To date cannot be before the from date.", { dateTo: ["To date cannot be before the from date"] });
  const [vessel] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${query.vesselCode})`);
  if (!vessel) throw new AppError("VALIDATION", `Vessel ${query.vesselCode} does not exist.`, { vesselCode: [`Vessel ${query.vesselCode} does not exist`] });
  const departing = manilaDayRange(query.dateFrom, query.dateTo);
  const voyages = await schedulesWhere(db, and(
    eq(voyageSchedules.vesselCode, vessel.code),
    gte(voyageSchedules.estimatedTimeDeparture, departing.start!),
    lt(voyageSchedules.estimatedTimeDeparture, departing.end!),
  ));
  const recorded = voyages.length === 0 ? [] : await db.select({ voyageNum: vesselUpdateHeaders.voyageNum, d: vesselUpdateDetails })
    .from(vesselUpdateDetails)
    .innerJoin(vesselUpdateHeaders, eq(vesselUpdateHeaders.vuid, vesselUpdateDetails.vuid))
    .where(and(eq(vesselUpdateHeaders.vesselCode, vessel.code), inArray(vesselUpdateHeaders.voyageNum, voyages.map((v) => v.voyageNum))))
    .orderBy(asc(vesselUpdateDetails.activityAt), asc(vesselUpdateDetails.id));
  const data: VesselHistoryVoyage[] = [...voyages].reverse().map((v) => {
    const own = recorded.filter((r) => r.voyageNum === v.voyageNum).map((r) => r.d);
    // The first departure recorded at the origin, and the first arrival recorded at each call.
    const atd = own.find((d) => d.actualTimeDeparture && (d.branchCode === null || d.branchCode === v.originBranchCode))?.actualTimeDeparture ?? null;
    return {
      voyageNum: v.voyageNum,
      voyageRef: v.voyageRef,
      routeCode: v.routeCode,
      originBranchCode: v.originBranchCode,
      estimatedTimeDeparture: v.estimatedTimeDeparture,
      actualTimeDeparture: atd?.toISOString() ?? null,
      minutesLateDeparture: minutesBetween(v.estimatedTimeDeparture, atd),
      calls: v.destinations.map((c) => {
        const ata = own.find((d) => d.actualTimeArrival && d.branchCode === c.destinationBranchCode)?.actualTimeArrival ?? null;
        return {
          branchCode: c.destinationBranchCode,
          branchName: c.destinationBranchName,
          estimatedTimeArrival: c.estimatedTimeArrival,
          actualTimeArrival: ata?.toISOString() ?? null,
          minutesLate: minutesBetween(c.estimatedTimeArrival, ata),
        };
      }),
    };
  });
  return { vesselCode: vessel.code, vesselName: vessel.name, data, ...(data.length === 0 ? { message: "No data found" } : {}) };
}
