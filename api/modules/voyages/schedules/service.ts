import { and, asc, count, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { bookingBatches, branches, routes, vessels, vesselUpdateHeaders, voyageScheduleDestinations, voyageSchedules } from "../../../../db/schema/index.ts";
import type { ListResult } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny, statusFilter } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { manilaDayRange } from "../../../shared/dates.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { refuseDrafter, transition, type WorkflowActor } from "../../../shared/workflow.ts";
import type { ScheduleInput, ScheduleListQuery, ScheduleRow, ScheduleUpdate } from "./schemas.ts";
import { CRO_ACTION_TO, type CroStatus, croWorkflow } from "./workflow.ts";

/**
 * Voyage schedules (001 §3, §7 VoyageSchedules): a vessel on an active route, leaving the route's origin and
 * calling at destinations of that route in its order, each ETA after the departure and after the call before.
 */

export interface VoyageCaller {
  userId: string;
}

type Voyage = typeof voyageSchedules.$inferSelect;

const invalid = (field: string, text: string) => new AppError("VALIDATION", text, { [field]: [text] });

/** Checks a schedule against the vessel, the route and the calendar; answers the codes as the master data spells them. */
async function checked(db: Db, input: ScheduleInput) {
  const [vessel] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${input.vesselCode})`);
  if (!vessel || !vessel.isActive) throw invalid("vesselCode", `Vessel ${input.vesselCode} does not exist or is inactive.`);
  const [route] = await db.select().from(routes).where(sql`lower(${routes.code}) = lower(${input.routeCode})`);
  if (!route || !route.isActive) throw invalid("routeCode", `Route ${input.routeCode} does not exist or is inactive.`);
  const calls = route.destinationBranchCodes.map((c) => c.toLowerCase());
  const departure = Date.parse(input.estimatedTimeDeparture);
  let lastPosition = -1;
  let lastArrival = departure;
  const destinations = input.destinations.map((d, i) => {
    const position = calls.indexOf(d.destinationBranchCode.toLowerCase());
    if (position < 0) {
      throw invalid(`destinations.${i}.destinationBranchCode`,
        `${d.destinationBranchCode} is not a destination of route ${route.code} (${route.destinationBranchCodes.join(", ")}).`);
    }
    if (position <= lastPosition) {
      throw invalid(`destinations.${i}.destinationBranchCode`, `Destinations follow route ${route.code}'s calling order: ${route.destinationBranchCodes.join(", ")}.`);
    }
    const arrival = Date.parse(d.estimatedTimeArrival);
    if (arrival <= lastArrival) {
      const after = i === 0 ? "the departure (ETD)" : `the ETA at ${input.destinations[i - 1].destinationBranchCode}`;
      throw invalid(`destinations.${i}.estimatedTimeArrival`, `The ETA at ${d.destinationBranchCode} must be after ${after}.`);
    }
    lastPosition = position;
    lastArrival = arrival;
    return { seq: i + 1, destinationBranchCode: route.destinationBranchCodes[position], estimatedTimeArrival: new Date(arrival) };
  });
  return { vessel, route, destinations };
}

/** createcheduleV1: a new voyage numbered from the origin branch's VOY series. */
export async function createSchedule(db: Db, caller: VoyageCaller, input: ScheduleInput) {
  const { vessel, route, destinations } = await checked(db, input);
  const voyageNum = await db.transaction(async (tx) => {
    const number = await nextNumber(tx, { series: "VOY", branchCode: route.originBranchCode, on: new Date(input.estimatedTimeDeparture) });
    await tx.insert(voyageSchedules).values({
      voyageNum: number, voyageRef: input.voyageRef, vesselCode: vessel.code, routeCode: route.code, originBranchCode: route.originBranchCode,
      estimatedTimeDeparture: new Date(input.estimatedTimeDeparture), remarks: input.remarks, userCreated: caller.userId, userModified: caller.userId,
    });
    await tx.insert(voyageScheduleDestinations).values(destinations.map((d) => ({ ...d, voyageNum: number })));
    return number;
  });
  return { data: await scheduleByNumber(db, voyageNum), message: `Voyage ${voyageNum} added successfully` };
}

async function voyageById(db: Db, id: number): Promise<Voyage> {
  const [row] = await db.select().from(voyageSchedules).where(eq(voyageSchedules.id, id));
  if (!row) throw new AppError("NOT_FOUND", "The voyage was not found.");
  return row;
}

/** updateV1/{id}: changes the voyage and its destinations; the number stays. */
export async function updateSchedule(db: Db, caller: VoyageCaller, id: number, input: ScheduleUpdate) {
  const voyage = await voyageById(db, id);
  const { vessel, route, destinations } = await checked(db, input);
  await db.transaction(async (tx) => {
    const stillAsRead = input.dateModified ? eq(voyageSchedules.dateModified, new Date(input.dateModified)) : undefined;
    const changed = await tx.update(voyageSchedules).set({
      voyageRef: input.voyageRef, vesselCode: vessel.code, routeCode: route.code, originBranchCode: route.originBranchCode,
      estimatedTimeDeparture: new Date(input.estimatedTimeDeparture), remarks: input.remarks, dateModified: new Date(), userModified: caller.userId,
    }).where(and(eq(voyageSchedules.id, id), stillAsRead)).returning({ id: voyageSchedules.id });
    if (changed.length === 0) {
      throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} was changed by someone else since you opened it. Reload it and make your change again.`);
    }
    await tx.delete(voyageScheduleDestinations).where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum));
    await tx.insert(voyageScheduleDestinations).values(destinations.map((d) => ({ ...d, voyageNum: voyage.voyageNum })));
  });
  return { data: await scheduleByNumber(db, voyage.voyageNum), message: `Voyage ${voyage.voyageNum} updated successfully` };
}

/** delete: only voyages nothing has been recorded on yet; the others are deactivated instead. */
export async function deleteSchedules(db: Db, ids: number[]) {
  const rows = await db.select().from(voyageSchedules).where(inArray(voyageSchedules.id, ids));
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw new AppError("NOT_FOUND", `Voyage id ${missing.join(", ")} was not found.`);
  const used = await db.selectDistinct({ voyageNum: vesselUpdateHeaders.voyageNum }).from(vesselUpdateHeaders)
    .where(inArray(vesselUpdateHeaders.voyageNum, rows.map((r) => r.voyageNum)));
  if (used.length > 0) {
    throw new AppError("CONFLICT", `Voyage ${used.map((u) => u.voyageNum).join(", ")} has vessel updates recorded; deactivate it instead.`);
  }
  const booked = await db.selectDistinct({ voyageNum: bookingBatches.voyageNum }).from(bookingBatches)
    .where(inArray(bookingBatches.voyageNum, rows.map((r) => r.voyageNum)));
  if (booked.length > 0) {
    throw new AppError("CONFLICT", `Voyage ${booked.map((b) => b.voyageNum).join(", ")} has bookings; it cannot be deleted. Deactivate it instead.`);
  }
  await db.delete(voyageSchedules).where(inArray(voyageSchedules.id, ids));
  return { message: `${ids.length} voyage(s) deleted successfully` };
}

export async function activateSchedule(db: Db, caller: VoyageCaller, id: number, isActive: boolean) {
  const voyage = await voyageById(db, id);
  await db.update(voyageSchedules).set({ isActive, dateModified: new Date(), userModified: caller.userId }).where(eq(voyageSchedules.id, id));
  return { data: await scheduleByNumber(db, voyage.voyageNum), message: `Voyage ${voyage.voyageNum} ${isActive ? "activated" : "deactivated"} successfully` };
}

/**
 * approve/{id}: records who approved and when, once; approving an approved voyage changes nothing. Four eyes:
 * whoever scheduled the voyage does not approve it. The approval writes its audit row in the same transaction.
 */
export async function approveSchedule(db: Db, caller: VoyageCaller, id: number) {
  const voyage = await voyageById(db, id);
  if (!voyage.isActive) throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} is inactive; activate it before approving.`);
  if (voyage.approvedBy === null) refuseDrafter("this voyage", voyage.userCreated, caller);
  const approved = await db.transaction(async (tx) => {
    const rows = await tx.update(voyageSchedules).set({ approvedBy: caller.userId, dateApproved: new Date() })
      .where(and(eq(voyageSchedules.id, id), sql`${voyageSchedules.approvedBy} is null`)).returning({ id: voyageSchedules.id });
    if (rows.length > 0) {
      await recordAudit(tx, {
        actor: caller.userId, action: "VOYAGE_APPROVED", target: `voyage:${voyage.voyageNum}`,
        detail: { recordId: id, before: { approvedBy: null }, after: { approvedBy: caller.userId } },
      });
    }
    return rows;
  });
  const data = await scheduleByNumber(db, voyage.voyageNum);
  if (approved.length === 0) return { data, message: `Voyage ${voyage.voyageNum} was already approved by ${data.approvedBy}` };
  return { data, message: `Voyage ${voyage.voyageNum} approved successfully` };
}

/**
 * updateCROStatus: opens or closes the voyage's cargo release through its workflow (with a history row). Setting
 * the status it already has changes nothing and answers as if it had.
 */
export async function updateCroStatus(db: Db, caller: WorkflowActor, id: number, croStatus: CroStatus) {
  const voyage = await voyageById(db, id);
  if (voyage.croStatus !== croStatus) {
    await transition(db, croWorkflow, croTarget, { id, action: CRO_ACTION_TO[croStatus], actor: caller, set: { userModified: caller.userId } });
  }
  return { data: await scheduleByNumber(db, voyage.voyageNum), message: `CRO status of voyage ${voyage.voyageNum} set to ${croStatus}` };
}

const croTarget = {
  table: voyageSchedules, id: voyageSchedules.id, status: voyageSchedules.croStatus, dateModified: voyageSchedules.dateModified, label: voyageSchedules.voyageNum,
};

/** The voyages of `where` with their vessel and branch names and their destinations in calling order. */
export async function schedulesWhere(db: Db, where: ReturnType<typeof and>, page?: { skip: number; take: number }): Promise<ScheduleRow[]> {
  // The calls come in the same statement, as one JSON list per voyage in port order: a voyage read is one round trip.
  const calls = sql<VoyageCall[] | string>`coalesce((
    select json_agg(json_build_object('seq', d.seq, 'code', d.destination_branch_code, 'name', b.name, 'eta', d.estimated_time_arrival) order by d.seq)
    from ${voyageScheduleDestinations} d join ${branches} b on b.code = d.destination_branch_code
    where d.voyage_num = ${voyageSchedules.voyageNum}), '[]'::json)`;
  const base = db.select({ voyage: voyageSchedules, vesselName: vessels.name, originBranchName: branches.name, calls })
    .from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .innerJoin(branches, eq(branches.code, voyageSchedules.originBranchCode))
    .where(where)
    .orderBy(desc(voyageSchedules.estimatedTimeDeparture), asc(voyageSchedules.voyageNum));
  const rows = page ? await base.limit(page.take).offset(page.skip) : await base;
  return rows.map(({ voyage, vesselName, originBranchName, calls }) => ({
    id: voyage.id,
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    vesselCode: voyage.vesselCode,
    vesselName,
    routeCode: voyage.routeCode,
    originBranchCode: voyage.originBranchCode,
    originBranchName,
    estimatedTimeDeparture: voyage.estimatedTimeDeparture.toISOString(),
    remarks: voyage.remarks,
    approvedBy: voyage.approvedBy,
    dateApproved: voyage.dateApproved?.toISOString() ?? null,
    croStatus: voyage.croStatus,
    isActive: voyage.isActive,
    dateModified: voyage.dateModified.toISOString(),
    destinations: (typeof calls === "string" ? JSON.parse(calls) as VoyageCall[] : calls).map((c) => ({
      seq: c.seq,
      destinationBranchCode: c.code,
      destinationBranchName: c.name,
      estimatedTimeArrival: new Date(c.eta).toISOString(),
    })),
  }));
}

/** A call of a voyage as the JSON of schedulesWhere carries it. */
type VoyageCall = { seq: number; code: string; name: string; eta: string };

/** get/{n} and getVoyageV1/{n}: one voyage by its number. */
export async function scheduleByNumber(db: Db, voyageNum: string): Promise<ScheduleRow> {
  const [row] = await schedulesWhere(db, and(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`));
  if (!row) throw new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  return row;
}

function scheduleFilters(query: Omit<ScheduleListQuery, "skip" | "take">) {
  if (query.dateFrom && query.dateTo && query.dateTo < query.dateFrom) throw invalid("dateTo", "To date cannot be before the from date.");
  const touching = query.branchCode
    ? or(
      sql`lower(${voyageSchedules.originBranchCode}) = lower(${query.branchCode})`,
      inArray(voyageSchedules.voyageNum, sql`(select voyage_num from voyage_schedule_destinations where lower(destination_branch_code) = lower(${query.branchCode}))`),
    )
    : undefined;
  const departing = manilaDayRange(query.dateFrom, query.dateTo);
  return and(
    statusFilter(voyageSchedules.isActive, query.filter),
    searchAny([voyageSchedules.voyageNum, voyageSchedules.voyageRef, voyageSchedules.vesselCode, voyageSchedules.remarks], query.search),
    departing.start ? gte(voyageSchedules.estimatedTimeDeparture, departing.start) : undefined,
    departing.end ? lt(voyageSchedules.estimatedTimeDeparture, departing.end) : undefined,
    query.vesselCode ? sql`lower(${voyageSchedules.vesselCode}) = lower(${query.vesselCode})` : undefined,
    touching,
  );
}

/** load: voyages by departure (Manila dates), branch (origin or a call) and vessel, newest departure first. */
export async function listSchedules(db: Db, query: ScheduleListQuery): Promise<ListResult<ScheduleRow>> {
  const where = scheduleFilters(query);
  const [data, [{ total }]] = await Promise.all([
    schedulesWhere(db, where, { skip: query.skip, take: query.take }),
    db.select({ total: count() }).from(voyageSchedules).where(where),
  ]);
  const result: ListResult<ScheduleRow> = { data, total: Number(total) };
  if (data.length === 0) result.message = "No data found";
  return result;
}

/** GenerateReports: every voyage departing from DateFrom to DateTo (Manila), earliest first, for voyage_schedule.xlsx. */
export async function schedulesForReport(db: Db, range: { dateFrom: string; dateTo: string }): Promise<ScheduleRow[]> {
  const rows = await schedulesWhere(db, scheduleFilters(range));
  return rows.reverse();
}
