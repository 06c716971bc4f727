import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  customers, unloadListEntries, unloadListReleases, voyageScheduleDestinations, voyageSchedules, waybills,
} from "../../../../db/schema/index.ts";
import {
  assertReleaseFresh, assertReleaseOpen, claimRelease, explainLostRace, refuseCountedVans, releaseRowsOf, removedFromRelease,
} from "../../../shared/cargo-list-releases.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { bookingsCarried, splitListUpdate } from "../../../shared/cargo-lists.ts";
import { AppError } from "../../../shared/errors.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { recordCargoStage, withdrawCargoStage } from "../../bookings/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { voyageHeader } from "../../outbound/index.ts";
import { consigneeNameOnWaybill, shipperNameOnWaybill } from "../../../shared/waybill-names.ts";
import { UNLOAD_LIST_STAGE, UNLOAD_LIST_TITLE, UNLOAD_RELEASE_SERIES, UNLOADABLE_STATUS, unloadReleaseWorkflow } from "./rules.ts";
import type { UnloadListView, UnloadListWaybill, UnloadReleaseDetail, UnloadReleaseRow, UpdateUnloadReleaseInput } from "./schemas.ts";

export const unloadReleaseTarget = {
  table: unloadListReleases, id: unloadListReleases.id, status: unloadListReleases.releaseType, dateModified: unloadListReleases.dateModified,
  label: unloadListReleases.releaseId,
};

type VoyageRecord = typeof voyageSchedules.$inferSelect;
type ReleaseRecord = typeof unloadListReleases.$inferSelect;

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const iso = (value: Date | null) => value?.toISOString() ?? null;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

// ---------------------------------------------------------------------------------------------------------
// Voyages at the caller's ports of call

/**
 * A voyage the caller discharges: one calling at one of their branches. Discharging is the port of call's work,
 * so a voyage calling at none of them answers as one that does not exist.
 */
export async function voyageCallingAt(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageRecord> {
  const [voyage] = await db.select().from(voyageSchedules).where(and(
    sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`,
    scope.allBranches ? undefined : sql`exists (select 1 from ${voyageScheduleDestinations} where ${voyageScheduleDestinations.voyageNum} = ${voyageSchedules.voyageNum}
      and ${branchCondition(scope, voyageScheduleDestinations.destinationBranchCode)})`,
  ));
  if (!voyage) throw new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  return voyage;
}

/** The voyage's ports of call among the caller's branches, in calling order. */
export async function callerPorts(db: Db, voyage: VoyageRecord, scope: BranchScope): Promise<string[]> {
  const stops = await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum)).orderBy(asc(voyageScheduleDestinations.seq));
  return stops.map((s) => s.code).filter((code) => coversBranch(scope, code));
}

// ---------------------------------------------------------------------------------------------------------
// Waybills on and off the list

const waybillColumns = {
  id: waybills.id,
  wayBillRef: waybills.wayBillRef,
  status: waybills.status,
  bookingRef: waybills.bookingRef,
  tandemBookingRef: waybills.tandemBookingRef,
  shipperName: shipperNameOnWaybill,
  consigneeName: consigneeNameOnWaybill,
  destinationBranchCode: waybills.destinationBranchCode,
  containerVanNum: waybills.containerVanNum,
  tandemContainerVanNum: waybills.tandemContainerVanNum,
  size: waybills.size,
  sealNum: waybills.sealNum,
  goods: waybills.goods,
  quantity: waybills.quantity,
  quantityTeu: waybills.quantityTeu,
  cargoWeight: waybills.cargoWeight,
  modeOfDelivery: waybills.modeOfDelivery,
  modeOfPayment: waybills.modeOfPayment,
  releaseId: unloadListEntries.releaseId,
  dateAdded: unloadListEntries.dateAdded,
  addedBy: unloadListEntries.addedBy,
};

/** Waybills with their shipper's name and the unload release they are on now (if any). */
function selectWaybills(db: Db) {
  return db.select(waybillColumns).from(waybills)
    .innerJoin(customers, eq(customers.code, waybills.customerCode))
    .leftJoin(unloadListEntries, and(eq(unloadListEntries.wayBillRef, waybills.wayBillRef), isNull(unloadListEntries.dateRemoved)));
}

type SelectedWaybill = Awaited<ReturnType<typeof selectWaybills>>[number];
const toWaybill = ({ id: _id, tandemBookingRef: _t, ...r }: SelectedWaybill): UnloadListWaybill => ({ ...r, dateAdded: iso(r.dateAdded) });

/** The waybills on an unload release now, in the order they were put on it. */
async function waybillsOnRelease(db: Db, releaseId: string): Promise<SelectedWaybill[]> {
  return await selectWaybills(db).where(eq(unloadListEntries.releaseId, releaseId)).orderBy(asc(unloadListEntries.id));
}

/** The voyage's loaded waybills for these ports that are on no unload release: what a release can take. */
async function waitingWaybills(db: Db, voyage: VoyageRecord, ports: readonly string[]): Promise<UnloadListWaybill[]> {
  if (ports.length === 0) return [];
  const rows = await selectWaybills(db).where(and(
    eq(waybills.voyageNum, voyage.voyageNum), inArray(waybills.destinationBranchCode, [...ports]), eq(waybills.status, UNLOADABLE_STATUS),
    isNull(unloadListEntries.id),
  )).orderBy(asc(waybills.destinationBranchCode), asc(waybills.wayBillRef));
  return rows.map(toWaybill);
}

// ---------------------------------------------------------------------------------------------------------
// Releases

/** A release by its number within the caller's branches; another branch's answers as one that does not exist. */
export async function unloadReleaseRecord(db: Db, releaseId: string, scope: BranchScope): Promise<ReleaseRecord> {
  const [row] = await db.select().from(unloadListReleases)
    .where(and(sql`lower(${unloadListReleases.releaseId}) = lower(${releaseId})`, branchCondition(scope, unloadListReleases.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", `Release ${releaseId} was not found.`);
  return row;
}

const releaseRows = (db: Db, records: readonly ReleaseRecord[]): Promise<UnloadReleaseRow[]> =>
  releaseRowsOf<UnloadReleaseRow["releaseType"]>(db, unloadListEntries, records);

/** One unload release with the waybills on it and those taken off it. */
export async function unloadReleaseByNum(db: Db, releaseId: string, scope: BranchScope): Promise<UnloadReleaseDetail> {
  const record = await unloadReleaseRecord(db, releaseId, scope);
  const [[row], onIt, removed] = await Promise.all([
    releaseRows(db, [record]),
    waybillsOnRelease(db, record.releaseId),
    removedFromRelease(db, unloadListEntries, record.releaseId),
  ]);
  return {
    ...row,
    waybills: onIt.map(toWaybill),
    removed,
  };
}

/** The unload list screen of a voyage: its releases at the caller's ports of call, newest first, and the waybills waiting. */
export async function unloadListOf(db: Db, scope: BranchScope, voyageNum: string): Promise<{ data: UnloadListView }> {
  const voyage = await voyageCallingAt(db, voyageNum, scope);
  const ports = await callerPorts(db, voyage, scope);
  const [header, records, waiting] = await Promise.all([
    voyageHeader(db, voyage),
    ports.length
      ? db.select().from(unloadListReleases)
        .where(and(eq(unloadListReleases.voyageNum, voyage.voyageNum), inArray(unloadListReleases.branchCode, ports))).orderBy(desc(unloadListReleases.id))
      : Promise.resolve([]),
    waitingWaybills(db, voyage, ports),
  ]);
  return { data: { voyage: header, branchCodes: ports, releases: await releaseRows(db, records), waiting } };
}

/** Tells the inbound staff of the port of call (Unload List, avatar IU) what changed, after the change committed. */
async function tellPort(db: Db, caller: Caller, release: { voyageNum: string; releaseId: string; branchCode: string }, what: string) {
  const [voyage] = await db.select({ voyageRef: voyageSchedules.voyageRef }).from(voyageSchedules).where(eq(voyageSchedules.voyageNum, release.voyageNum));
  await sendNotification(db, {
    title: UNLOAD_LIST_TITLE,
    message: `Unload list release ${release.releaseId} of voyage ${voyage?.voyageRef ?? ""} (${release.voyageNum}) at ${release.branchCode}: ${what}.`,
    url: pathTo(PAGES.unloadList, { voyageNum: release.voyageNum }),
    sender: caller.userId,
    holders: { menu: "INBOUND", branchCodes: [release.branchCode] },
    leaveOutSender: true,
  });
}

/** Opens a release of a voyage's unload list at one of its ports of call, numbered from that branch's UL series. */
export async function createUnloadRelease(db: Db, caller: Caller, input: { voyageNum: string; destinationBranchCode: string; remarks: string }) {
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.voyageNum})`);
  if (!voyage) throw refused("voyageNum", `Voyage ${input.voyageNum} was not found.`);
  const [stop] = await db.select().from(voyageScheduleDestinations).where(and(
    eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum),
    sql`lower(${voyageScheduleDestinations.destinationBranchCode}) = lower(${input.destinationBranchCode})`,
  ));
  if (!stop) throw refused("destinationBranchCode", `Voyage ${voyage.voyageNum} does not call at ${input.destinationBranchCode}.`);
  const port = stop.destinationBranchCode;
  if (!coversBranch(caller, port)) throw refused("destinationBranchCode", `Branch ${port} is not one of your branches.`);
  const now = new Date();
  const releaseId = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: UNLOAD_RELEASE_SERIES, branchCode: port, on: now });
    await tx.insert(unloadListReleases).values({
      releaseId: number, releaseType: initialStatus(unloadReleaseWorkflow), voyageNum: voyage.voyageNum, branchCode: port,
      remarks: input.remarks, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    return number;
  });
  await tellPort(db, caller, { voyageNum: voyage.voyageNum, releaseId, branchCode: port }, "opened");
  return { data: await unloadReleaseByNum(db, releaseId, caller), message: "Unload list created successfully" };
}

/** A van of these waybills counted on an unloading tally sheet now keeps its waybill on the unload list. */
const refuseCounted = (db: Executor, refs: readonly string[]) => refuseCountedVans(db, refs, { tallySheetType: "Unloading", list: "unload list" });

type Moving = { id: number; wayBillRef: string; bookingRef: string; tandemBookingRef: string | null };

/** Takes waybills off the release in the transaction: their entries closed, stage 5 withdrawn. */
async function takeOff(tx: Tx, caller: Caller, releaseId: string, off: readonly Moving[], now: Date) {
  if (off.length === 0) return;
  // The waybill rows first, as the unloading tally locks them before counting: a count at this moment is seen here,
  // or waits and then finds its waybill off the list.
  await tx.select({ id: waybills.id }).from(waybills).where(inArray(waybills.id, off.map((w) => w.id))).orderBy(asc(waybills.id)).for("update");
  await refuseCounted(tx, off.map((w) => w.wayBillRef));
  await tx.update(unloadListEntries).set({ dateRemoved: now, removedBy: caller.userId })
    .where(and(eq(unloadListEntries.releaseId, releaseId), inArray(unloadListEntries.wayBillRef, off.map((w) => w.wayBillRef)), isNull(unloadListEntries.dateRemoved)));
  for (const w of off) for (const ref of bookingsCarried(w)) await withdrawCargoStage(tx, ref, UNLOAD_LIST_STAGE);
}

/**
 * The unload list update (001 §4): 'add' puts a loaded waybill of the voyage for the release's port on it, any
 * other status takes one on it off; all in one transaction, stage 5 recorded or withdrawn for each booking.
 */
export async function updateUnloadRelease(db: Db, caller: Caller, releaseId: string, input: UpdateUnloadReleaseInput) {
  const record = await unloadReleaseRecord(db, releaseId, caller);
  assertReleaseFresh(record, input.dateModified);
  assertReleaseOpen(record);
  const split = splitListUpdate(input.entries);
  if (split.twice) throw refused("entries", `Waybill ${split.twice} is in this update twice.`);
  const adding = split.adding.map((r) => r.toUpperCase());
  const removing = split.removing.map((r) => r.toUpperCase());
  const [toAdd, toRemove] = await Promise.all([
    adding.length
      ? selectWaybills(db).where(and(inArray(sql`upper(${waybills.wayBillRef})`, adding), eq(waybills.voyageNum, record.voyageNum)))
      : Promise.resolve([]),
    removing.length ? waybillsOnRelease(db, record.releaseId) : Promise.resolve([]),
  ]);
  const at = (ref: string) => adding.indexOf(ref.toUpperCase());
  toAdd.sort((x, y) => at(x.wayBillRef) - at(y.wayBillRef));
  for (const ref of adding) {
    const found = toAdd.find((w) => w.wayBillRef.toUpperCase() === ref);
    if (!found) throw refused("entries", `Waybill ${ref} is not a waybill of voyage ${record.voyageNum}.`);
    if (found.destinationBranchCode !== record.branchCode) {
      throw refused("entries", `Waybill ${found.wayBillRef} goes to ${found.destinationBranchCode}; release ${record.releaseId} unloads the cargo for ${record.branchCode}.`);
    }
    if (found.releaseId) {
      throw new AppError("CONFLICT", `Waybill ${found.wayBillRef} is on unload list release ${found.releaseId} already.`, {
        entries: [`${found.wayBillRef} is on release ${found.releaseId}`],
      });
    }
    if (found.status !== UNLOADABLE_STATUS) {
      throw new AppError("CONFLICT", `Waybill ${found.wayBillRef} is ${found.status}; only a waybill loaded on the vessel goes on an unload list.`, {
        entries: [`${found.wayBillRef} is ${found.status}`],
      });
    }
  }
  const off = toRemove.filter((w) => removing.includes(w.wayBillRef.toUpperCase()));
  for (const ref of removing) {
    if (!off.some((w) => w.wayBillRef.toUpperCase() === ref)) throw refused("entries", `Waybill ${ref} is not on release ${record.releaseId}.`);
  }
  await refuseCounted(db, off.map((w) => w.wayBillRef));

  const now = new Date();
  try {
    await db.transaction(async (tx: Tx) => {
      await claimRelease(tx, unloadListReleases, record, caller, input.remarks === undefined ? {} : { remarks: input.remarks });
      if (toAdd.length > 0) {
        await tx.insert(unloadListEntries).values(toAdd.map((w) => ({ releaseId: record.releaseId, wayBillRef: w.wayBillRef, dateAdded: now, addedBy: caller.userId })));
        for (const w of toAdd) for (const ref of bookingsCarried(w)) await recordCargoStage(tx, ref, UNLOAD_LIST_STAGE, now);
      }
      await takeOff(tx, caller, record.releaseId, off, now);
    });
  } catch (error) {
    throw await explainLostRace(db, unloadListEntries, error, toAdd.map((w) => w.wayBillRef), record.releaseId);
  }
  const what = [toAdd.length ? `${plural(toAdd.length, "waybill")} put on` : "", off.length ? `${plural(off.length, "waybill")} taken off` : ""]
    .filter(Boolean).join(", ");
  if (what) await tellPort(db, caller, record, what);
  return { data: await unloadReleaseByNum(db, record.releaseId, caller), message: "Unload list updated successfully" };
}

/** Releases an unload release (Final Release): its waybills are then fixed on the list. */
export async function releaseUnloadList(db: Db, caller: Caller, releaseId: string, input: { dateModified: string }) {
  const record = await unloadReleaseRecord(db, releaseId, caller);
  assertReleaseFresh(record, input.dateModified);
  assertReleaseOpen(record);
  const onIt = await waybillsOnRelease(db, record.releaseId);
  if (onIt.length === 0) throw refused("releaseId", `Release ${record.releaseId} has no waybill on it; put waybills on it before releasing it.`);
  const now = new Date();
  const moved = await db.transaction(async (tx: Tx) => {
    await claimRelease(tx, unloadListReleases, record, caller);
    return await transition(tx, unloadReleaseWorkflow, unloadReleaseTarget, {
      id: record.id, action: "release", actor: caller, set: { dateReleased: now, releasedBy: caller.userId, userModified: caller.userId },
    });
  });
  await tellPort(db, caller, record, `released with ${plural(onIt.length, "waybill")}`);
  return { data: await unloadReleaseByNum(db, record.releaseId, caller), message: moved.message };
}

/** Cancels an unload release (Cancelled): every waybill on it goes off the list and back to waiting. */
export async function cancelUnloadRelease(db: Db, caller: Caller, releaseId: string, input: { dateModified: string }) {
  const record = await unloadReleaseRecord(db, releaseId, caller);
  assertReleaseFresh(record, input.dateModified);
  assertReleaseOpen(record);
  const onIt = await waybillsOnRelease(db, record.releaseId);
  await refuseCounted(db, onIt.map((w) => w.wayBillRef));
  const now = new Date();
  const moved = await db.transaction(async (tx: Tx) => {
    await claimRelease(tx, unloadListReleases, record, caller);
    await takeOff(tx, caller, record.releaseId, onIt, now);
    return await transition(tx, unloadReleaseWorkflow, unloadReleaseTarget, {
      id: record.id, action: "cancel", actor: caller, set: { dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
    });
  });
  await tellPort(db, caller, record, onIt.length ? `cancelled, ${plural(onIt.length, "waybill")} off the list` : "cancelled");
  return { data: await unloadReleaseByNum(db, record.releaseId, caller), message: moved.message };
}

/**
 * The waybills on the voyage's unload list at a port of call now (on a release not cancelled), or on one release:
 * what the printout and the unloading tally sheet read.
 */
export async function waybillsOnUnloadList(db: Db, voyageNum: string, ports: readonly string[], releaseId = "") {
  if (ports.length === 0) return [];
  return await selectWaybills(db)
    .innerJoin(unloadListReleases, eq(unloadListReleases.releaseId, unloadListEntries.releaseId))
    .where(and(
      eq(unloadListReleases.voyageNum, voyageNum), inArray(unloadListReleases.branchCode, [...ports]), sql`${unloadListReleases.releaseType} <> 'Cancelled'`,
      releaseId ? eq(unloadListReleases.releaseId, releaseId) : undefined,
    ))
    .orderBy(asc(unloadListEntries.id));
}
