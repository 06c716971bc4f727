import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import {
  branches,
  vesselUpdateDetails,
  vesselUpdateHeaders,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
} from "../../../../db/schema/index.ts";
import { INT4_MAX, type ListResult } from "../../../shared/contracts.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { sendNotification } from "../../notifications/index.ts";
import {
  type CreateDetailsInput,
  type CreateHeaderInput,
  type DetailInput,
  detailProblems,
  type DetailRow,
  type HeaderListQuery,
  type HeaderListRow,
  type HeaderRow,
  type HeaderWithDetails,
  type UpdateDetailInput,
} from "./schemas.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";

/**
 * Vessel updates (001 §3, §7 VesselUpdates): one header per vessel and voyage, numbered from the voyage's
 * origin branch VU series, and the status activities recorded under it. New activities are announced to the
 * users who hold the Voyage menu in a branch the voyage calls at.
 */

export interface VesselUpdateCaller {
  userId: string;
}

type Header = typeof vesselUpdateHeaders.$inferSelect;
type Detail = typeof vesselUpdateDetails.$inferSelect;
type Voyage = typeof voyageSchedules.$inferSelect;

const NOTIFICATION_TITLE = "Vessel Updates";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const detailOut = (d: Detail): DetailRow => ({
  id: d.id,
  vuid: d.vuid,
  vesselStatus: d.vesselStatus,
  activity: d.activity,
  activityAt: d.activityAt.toISOString(),
  branchCode: d.branchCode,
  actualTimeArrival: iso(d.actualTimeArrival),
  actualTimeDeparture: iso(d.actualTimeDeparture),
  remarks: d.remarks,
  userCreated: d.userCreated,
  userModified: d.userModified,
  dateModified: d.dateModified.toISOString(),
});

/** Headers with the vessel's name and the voyage's reference, for lists and reads alike. */
const headerSelect = (db: Db) =>
  db.select({ header: vesselUpdateHeaders, vesselName: vessels.name, voyageRef: voyageSchedules.voyageRef })
    .from(vesselUpdateHeaders)
    .innerJoin(vessels, eq(vessels.code, vesselUpdateHeaders.vesselCode))
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, vesselUpdateHeaders.voyageNum))
    .$dynamic();

const headerOut = ({ header, vesselName, voyageRef }: { header: Header; vesselName: string; voyageRef: string }): HeaderRow => ({
  id: header.id,
  vuid: header.vuid,
  vesselCode: header.vesselCode,
  vesselName,
  voyageNum: header.voyageNum,
  voyageRef,
  remarks: header.remarks,
  userCreated: header.userCreated,
  dateCreated: header.dateCreated.toISOString(),
  dateModified: header.dateModified.toISOString(),
});

/** Details in the order they happened; the id breaks ties so two at the same minute keep their entry order. */
async function detailsOf(db: Db, vuids: readonly string[]): Promise<Detail[]> {
  if (vuids.length === 0) return [];
  return await db.select().from(vesselUpdateDetails).where(inArray(vesselUpdateDetails.vuid, [...vuids]))
    .orderBy(asc(vesselUpdateDetails.activityAt), asc(vesselUpdateDetails.id));
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** loadVesselUpdateHeaderV1: headers newest first, each with its detail count and latest activity. */
export async function listHeaders(db: Db, query: HeaderListQuery): Promise<ListResult<HeaderListRow>> {
  const where = and(
    query.vesselCode ? sql`lower(${vesselUpdateHeaders.vesselCode}) = lower(${query.vesselCode})` : undefined,
    query.voyageNum ? sql`lower(${vesselUpdateHeaders.voyageNum}) = lower(${query.voyageNum})` : undefined,
    searchAny([
      vesselUpdateHeaders.vuid,
      vesselUpdateHeaders.vesselCode,
      vessels.name,
      vesselUpdateHeaders.voyageNum,
      voyageSchedules.voyageRef,
      vesselUpdateHeaders.remarks,
    ], query.search),
  );
  const [rows, [{ total }]] = await Promise.all([
    headerSelect(db).where(where).orderBy(desc(vesselUpdateHeaders.dateCreated), desc(vesselUpdateHeaders.id))
      .limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(vesselUpdateHeaders)
      .innerJoin(vessels, eq(vessels.code, vesselUpdateHeaders.vesselCode))
      .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, vesselUpdateHeaders.voyageNum))
      .where(where),
  ]);
  const details = await detailsOf(db, rows.map((r) => r.header.vuid));
  const data = rows.map((row): HeaderListRow => {
    const own = details.filter((d) => d.vuid === row.header.vuid);
    const last = own.at(-1);
    return {
      ...headerOut(row),
      detailCount: own.length,
      lastActivity: last ? { vesselStatus: last.vesselStatus, activity: last.activity, activityAt: last.activityAt.toISOString() } : null,
    };
  });
  const result: ListResult<HeaderListRow> = { data, total: Number(total) };
  if (data.length === 0) result.message = "No data found";
  return result;
}

/** getVesselHeaderDetails/{id}: a header with its details in the order they happened. */
export async function headerWithDetails(db: Db, key: number | string): Promise<{ data: HeaderWithDetails }> {
  // Digits beyond an integer column's range name no header by id; they are looked up as a vuid (and not found).
  const byId = typeof key === "number" || (/^\d{1,10}$/.test(key) && Number(key) <= INT4_MAX);
  const [row] = await headerSelect(db)
    .where(byId ? eq(vesselUpdateHeaders.id, Number(key)) : sql`lower(${vesselUpdateHeaders.vuid}) = lower(${key})`);
  if (!row) throw new AppError("NOT_FOUND", `Vessel update ${key} was not found.`);
  const details = await detailsOf(db, [row.header.vuid]);
  return { data: { ...headerOut(row), details: details.map(detailOut) } };
}

async function headerByVuid(db: Db, vuid: string): Promise<Header> {
  const [header] = await db.select().from(vesselUpdateHeaders).where(sql`lower(${vesselUpdateHeaders.vuid}) = lower(${vuid})`);
  if (!header) throw new AppError("NOT_FOUND", `Vessel update ${vuid} was not found.`, { vuid: [`Vessel update ${vuid} was not found`] });
  return header;
}

// ---------------------------------------------------------------------------------------------------------
// Headers

async function existingHeader(db: Db, vesselCode: string, voyageNum: string): Promise<Header | undefined> {
  const [row] = await db.select().from(vesselUpdateHeaders)
    .where(and(eq(vesselUpdateHeaders.vesselCode, vesselCode), eq(vesselUpdateHeaders.voyageNum, voyageNum)));
  return row;
}

const duplicate = (h: Header) =>
  new AppError("CONFLICT", `Vessel update ${h.vuid} already records vessel ${h.vesselCode} on voyage ${h.voyageNum}; add details to it instead.`,
    { voyageNum: [`Already recorded as ${h.vuid}`] });

/**
 * CreateVesselHeader: a vessel may only be updated on a voyage it sails, and only once per voyage; a second
 * header for the pair is a 409 naming the first. Numbered from the VU series of the voyage's origin branch.
 */
export async function createHeader(db: Db, caller: VesselUpdateCaller, input: CreateHeaderInput) {
  const [vessel] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${input.vesselCode})`);
  if (!vessel) {
    throw new AppError("VALIDATION", `Vessel ${input.vesselCode} does not exist.`, { vesselCode: [`Vessel ${input.vesselCode} does not exist`] });
  }
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.voyageNum})`);
  if (!voyage) {
    throw new AppError("VALIDATION", `Voyage ${input.voyageNum} does not exist.`, { voyageNum: [`Voyage ${input.voyageNum} does not exist`] });
  }
  if (voyage.vesselCode !== vessel.code) {
    const text = `Voyage ${voyage.voyageNum} is sailed by vessel ${voyage.vesselCode}, not ${vessel.code}`;
    throw new AppError("VALIDATION", `${text}.`, { voyageNum: [text] });
  }
  const before = await existingHeader(db, vessel.code, voyage.voyageNum);
  if (before) throw duplicate(before);
  let header: Header;
  try {
    header = await db.transaction(async (tx) => {
      const vuid = await nextNumber(tx, { series: "VU", branchCode: voyage.originBranchCode });
      const [written] = await tx.insert(vesselUpdateHeaders).values({
        vuid, vesselCode: vessel.code, voyageNum: voyage.voyageNum, remarks: input.remarks, userCreated: caller.userId, userModified: caller.userId,
      }).returning();
      return written;
    });
  } catch (err) {
    // Two clerks opening the same vessel and voyage at once: the unique pair lets one in; the other gets the 409.
    if (databaseErrorCode(err) === "23505") {
      const winner = await existingHeader(db, vessel.code, voyage.voyageNum);
      if (winner) throw duplicate(winner);
    }
    throw err;
  }
  const data = (await headerWithDetails(db, header.id)).data;
  return { data, message: `Vessel update ${header.vuid} created` };
}

/** delete: headers with all their details; every id must exist, or nothing is removed. */
export async function deleteHeaders(db: Db, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  const removed = await db.transaction(async (tx) => {
    const rows = await tx.select().from(vesselUpdateHeaders).where(inArray(vesselUpdateHeaders.id, wanted)).for("update");
    const missing = wanted.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Vessel update ${missing.join(", ")} was not found; nothing was deleted.`);
    const vuids = rows.map((r) => r.vuid);
    await tx.delete(vesselUpdateDetails).where(inArray(vesselUpdateDetails.vuid, vuids));
    await tx.delete(vesselUpdateHeaders).where(inArray(vesselUpdateHeaders.id, wanted));
    return vuids.sort();
  });
  return {
    data: { vuids: removed },
    message: removed.length === 1 ? `Vessel update ${removed[0]} deleted` : `${removed.length} vessel updates deleted`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Details

/** The rules the contract checks, again here: the CLI and other modules call the service without the route. */
async function checkDetail(db: Db, detail: DetailInput, position: string) {
  const problems = detailProblems(detail);
  const first = Object.entries(problems)[0];
  if (first) {
    const [, text] = first;
    throw new AppError("VALIDATION", `${text}${position}.`, Object.fromEntries(Object.entries(problems).map(([f, m]) => [f, [m]])));
  }
  if (detail.branchCode) {
    const [branch] = await db.select({ code: branches.code }).from(branches).where(sql`lower(${branches.code}) = lower(${detail.branchCode})`);
    if (!branch) {
      const text = `Branch ${detail.branchCode} does not exist`;
      throw new AppError("VALIDATION", `${text}${position}.`, { branchCode: [text] });
    }
    return branch.code;
  }
  return null;
}

const detailValues = (detail: DetailInput, branchCode: string | null) => ({
  vesselStatus: detail.vesselStatus,
  activity: detail.activity,
  activityAt: new Date(detail.activityAt),
  branchCode,
  actualTimeArrival: detail.actualTimeArrival ? new Date(detail.actualTimeArrival) : null,
  actualTimeDeparture: detail.actualTimeDeparture ? new Date(detail.actualTimeDeparture) : null,
  remarks: detail.remarks,
});

async function touchHeader(tx: Tx, vuid: string, userId: string) {
  await tx.update(vesselUpdateHeaders).set({ dateModified: new Date(), userModified: userId }).where(eq(vesselUpdateHeaders.vuid, vuid));
}

/**
 * CreateVesselDetails: adds activities to a header, all or none. Once they are saved, the users following
 * the voyage are told (after the commit, so nobody hears of details that were rolled back).
 */
export async function addDetails(db: Db, caller: VesselUpdateCaller, input: CreateDetailsInput) {
  const header = await headerByVuid(db, input.vuid);
  const branchCodes: (string | null)[] = [];
  for (const [index, detail] of input.details.entries()) {
    branchCodes.push(await checkDetail(db, detail, input.details.length > 1 ? ` (detail ${index + 1} of those sent)` : ""));
  }
  const written = await db.transaction(async (tx) => {
    const rows = await tx.insert(vesselUpdateDetails).values(input.details.map((detail, index) => ({
      vuid: header.vuid, ...detailValues(detail, branchCodes[index]), userCreated: caller.userId, userModified: caller.userId,
    }))).returning();
    await touchHeader(tx, header.vuid, caller.userId);
    return rows;
  });
  await notifyFollowers(db, caller, header, written);
  written.sort((a, b) => a.activityAt.getTime() - b.activityAt.getTime() || a.id - b.id);
  return { data: written.map(detailOut), message: `Vessel update details added to ${header.vuid}` };
}

async function detailById(db: Db, id: number): Promise<Detail> {
  const [detail] = await db.select().from(vesselUpdateDetails).where(eq(vesselUpdateDetails.id, id));
  if (!detail) throw new AppError("NOT_FOUND", `Vessel update detail ${id} was not found.`);
  return detail;
}

/** updateVesselDetails/{id}: rewrites one detail under the same rules; a stale dateModified is a 409. */
export async function updateDetail(db: Db, caller: VesselUpdateCaller, id: number, input: UpdateDetailInput) {
  const before = await detailById(db, id);
  const branchCode = await checkDetail(db, input, "");
  const updated = await db.transaction(async (tx) => {
    const stillAsRead = input.dateModified ? eq(vesselUpdateDetails.dateModified, new Date(input.dateModified)) : undefined;
    const [row] = await tx.update(vesselUpdateDetails)
      .set({ ...detailValues(input, branchCode), dateModified: new Date(), userModified: caller.userId })
      .where(and(eq(vesselUpdateDetails.id, id), stillAsRead))
      .returning();
    if (!row) throw new AppError("CONFLICT", "This vessel update detail was changed or removed by someone else since you loaded it; reload and try again.");
    await touchHeader(tx, row.vuid, caller.userId);
    return row;
  });
  return { data: detailOut(updated), message: `Vessel update details of ${before.vuid} updated` };
}

/** deleteDetails/{id}: removes one detail. */
export async function deleteDetail(db: Db, caller: VesselUpdateCaller, id: number) {
  const detail = await detailById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(vesselUpdateDetails).where(eq(vesselUpdateDetails.id, id));
    await touchHeader(tx, detail.vuid, caller.userId);
  });
  return { message: `Vessel update detail deleted from ${detail.vuid}` };
}

// ---------------------------------------------------------------------------------------------------------
// Followers

/** Every branch a voyage touches: where it leaves from and each port of call. */
async function voyageBranches(db: Db, voyage: Voyage): Promise<string[]> {
  const stops = await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum)).orderBy(asc(voyageScheduleDestinations.seq));
  return [...new Set([voyage.originBranchCode, ...stops.map((s) => s.code)])];
}

async function notifyFollowers(db: Db, caller: VesselUpdateCaller, header: Header, details: readonly Detail[]) {
  const [voyage] = await db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageNum, header.voyageNum));
  const [vessel] = await db.select({ name: vessels.name }).from(vessels).where(eq(vessels.code, header.vesselCode));
  if (!voyage) return;
  const ordered = [...details].sort((a, b) => a.activityAt.getTime() - b.activityAt.getTime() || a.id - b.id);
  const activities = ordered.map((d) => `${d.vesselStatus} - ${d.activity}${d.branchCode ? ` at ${d.branchCode}` : ""}`).join("; ");
  await sendNotification(db, {
    title: NOTIFICATION_TITLE,
    message: `${vessel?.name ?? header.vesselCode} on voyage ${voyage.voyageRef} (${voyage.voyageNum}): ${activities}.`,
    url: pathTo(PAGES.vesselUpdateRead, { vuid: header.vuid }),
    sender: caller.userId,
    // Those who follow a voyage: the Voyage staff of the branches it leaves from and calls at.
    holders: { menu: "VOYAGE", branchCodes: await voyageBranches(db, voyage) },
    leaveOutSender: true,
  });
}
