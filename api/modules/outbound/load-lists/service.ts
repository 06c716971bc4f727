import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  branches, customers, loadListEntries, loadListReleases, tallySheetLines, tallySheets, vessels, voyageScheduleDestinations, voyageSchedules, waybills,
} from "../../../../db/schema/index.ts";
import {
  assertReleaseFresh, assertReleaseOpen, claimRelease, explainLostRace, refuseCountedVans, releaseRowsOf, removedFromRelease,
} from "../../../shared/cargo-list-releases.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { AppError } from "../../../shared/errors.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { transition, transitionMany } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { recordCargoStage, withdrawCargoStage } from "../../bookings/index.ts";
import { consigneeNameOnWaybill, shipperNameOnWaybill } from "../../../shared/waybill-names.ts";
import { waybillWorkflow } from "../waybills/rules.ts";
import { LOAD_LIST_TITLE, notifyVoyageFollowers } from "./followers.ts";
import { bookingsCarried, splitListUpdate } from "../../../shared/cargo-lists.ts";
import { LOAD_LIST_STAGE, RELEASE_SERIES, releaseWorkflow } from "./rules.ts";
import type { LoadListView, LoadListWaybill, ReleaseDetail, ReleaseRow, UpdateReleaseInput, VoyageHeader } from "./schemas.ts";

/** How the workflow moves a waybill and a release (api/shared/workflow.ts). */
export const waybillTarget = {
  table: waybills, id: waybills.id, status: waybills.status, dateModified: waybills.dateModified, label: waybills.wayBillRef,
};
export const releaseTarget = {
  table: loadListReleases, id: loadListReleases.id, status: loadListReleases.releaseType, dateModified: loadListReleases.dateModified,
  label: loadListReleases.releaseId,
};

type VoyageRecord = typeof voyageSchedules.$inferSelect;
type ReleaseRecord = typeof loadListReleases.$inferSelect;

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const iso = (value: Date | null) => value?.toISOString() ?? null;

// ---------------------------------------------------------------------------------------------------------
// Voyages

const voyageMissing = (voyageNum: string) => new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);

/**
 * A voyage whose loading the caller works on: one leaving from one of their branches. Loading is the origin
 * branch's work, so another branch's voyage answers as one that does not exist.
 */
export async function voyageInScope(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageRecord> {
  const [voyage] = await db.select().from(voyageSchedules)
    .where(and(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`, branchCondition(scope, voyageSchedules.originBranchCode)));
  if (!voyage) throw voyageMissing(voyageNum);
  return voyage;
}

/** The voyages' vessel, origin and ports of call, as the outbound screens head them. */
export async function voyageHeaders(db: Db, voyages: readonly VoyageRecord[]): Promise<VoyageHeader[]> {
  if (voyages.length === 0) return [];
  const nums = voyages.map((v) => v.voyageNum);
  const [ships, stops, names] = await Promise.all([
    db.select({ code: vessels.code, name: vessels.name }).from(vessels).where(inArray(vessels.code, [...new Set(voyages.map((v) => v.vesselCode))])),
    db.select().from(voyageScheduleDestinations).where(inArray(voyageScheduleDestinations.voyageNum, nums)).orderBy(asc(voyageScheduleDestinations.seq)),
    db.select({ code: branches.code, name: branches.name }).from(branches),
  ]);
  const branchName = (code: string) => names.find((b) => b.code === code)?.name ?? code;
  return voyages.map((v) => ({
    voyageNum: v.voyageNum,
    voyageRef: v.voyageRef,
    vesselName: ships.find((s) => s.code === v.vesselCode)?.name ?? v.vesselCode,
    routeCode: v.routeCode,
    originBranchCode: v.originBranchCode,
    originBranchName: branchName(v.originBranchCode),
    estimatedTimeDeparture: v.estimatedTimeDeparture.toISOString(),
    remarks: v.remarks,
    finalTallyAt: iso(v.finalTallyAt),
    destinations: stops.filter((d) => d.voyageNum === v.voyageNum).map((d) => ({
      destinationBranchCode: d.destinationBranchCode,
      destinationBranchName: branchName(d.destinationBranchCode),
      estimatedTimeArrival: d.estimatedTimeArrival.toISOString(),
    })),
  }));
}

export async function voyageHeader(db: Db, voyage: VoyageRecord): Promise<VoyageHeader> {
  return (await voyageHeaders(db, [voyage]))[0];
}

/**
 * Where a voyage's loading stands, as columns of a query over voyage_schedules (the outbound voyage list of
 * voyage-documents/ reads them): its waybills still Draft (waiting for a release), on the list and loaded, and the
 * vans counted on its loading tally sheets.
 */
const waybillsIn = (status: string) =>
  sql<number>`(select count(*) from ${waybills} where ${waybills.voyageNum} = ${voyageSchedules.voyageNum} and ${waybills.status} = ${status})`.mapWith(Number);
const countedVans = sql<number>`(select count(*) from ${tallySheetLines} join ${tallySheets} on ${tallySheets.id} = ${tallySheetLines.tallySheetId}
  where ${tallySheets.voyageNum} = ${voyageSchedules.voyageNum} and ${tallySheets.tallySheetType} = 'Loading' and ${tallySheetLines.dateRemoved} is null)`.mapWith(Number);
export const voyageLoadingFigures = {
  waiting: waybillsIn("Draft"), onList: waybillsIn("On Load List"), loaded: waybillsIn("Loaded"), counted: countedVans,
};
/** loadingState() of rules.ts in SQL, so a list can be filtered by it. */
export const voyageLoadingState = sql<string>`case when ${voyageSchedules.finalTallyAt} is not null then 'Final tally'
  when ${countedVans} > 0 then 'Tallying' when ${waybillsIn("On Load List")} + ${waybillsIn("Loaded")} > 0 then 'On load list' else 'Not started' end`;

// ---------------------------------------------------------------------------------------------------------
// Waybills on and off the list

const waybillColumns = {
  wayBillRef: waybills.wayBillRef,
  status: waybills.status,
  bookingRef: waybills.bookingRef,
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
  truckingCode: waybills.truckingCode,
  plateNum: waybills.plateNum,
  driver: waybills.driver,
  remarks: waybills.remarks,
  releaseId: loadListEntries.releaseId,
  dateAdded: loadListEntries.dateAdded,
  addedBy: loadListEntries.addedBy,
};

/** Waybills with their shipper's name and the release they are on now (if any). */
function selectWaybills(db: Db) {
  return db.select(waybillColumns).from(waybills)
    .innerJoin(customers, eq(customers.code, waybills.customerCode))
    .leftJoin(loadListEntries, and(eq(loadListEntries.wayBillRef, waybills.wayBillRef), isNull(loadListEntries.dateRemoved)));
}

type SelectedWaybill = Awaited<ReturnType<typeof selectWaybills>>[number];
const toWaybill = (r: SelectedWaybill): LoadListWaybill => ({ ...r, dateAdded: iso(r.dateAdded) });

/** The waybills on a release now, in the order they were put on it. */
export async function waybillsOnRelease(db: Db, releaseId: string): Promise<LoadListWaybill[]> {
  const rows = await selectWaybills(db).where(eq(loadListEntries.releaseId, releaseId)).orderBy(asc(loadListEntries.id));
  return rows.map(toWaybill);
}

/** The voyage's waybills at its origin that are still Draft: what a release can take. */
async function waitingWaybills(db: Db, voyage: VoyageRecord): Promise<LoadListWaybill[]> {
  const rows = await selectWaybills(db)
    .where(and(eq(waybills.voyageNum, voyage.voyageNum), eq(waybills.branchCode, voyage.originBranchCode), eq(waybills.status, "Draft")))
    .orderBy(asc(waybills.destinationBranchCode), asc(waybills.wayBillRef));
  return rows.map(toWaybill);
}

// ---------------------------------------------------------------------------------------------------------
// Releases

const releaseMissing = (releaseId: string) => new AppError("NOT_FOUND", `Release ${releaseId} was not found.`);

/** A release by its number within the caller's branches; another branch's answers as one that does not exist. */
export async function releaseRecord(db: Db, releaseId: string, scope: BranchScope): Promise<ReleaseRecord> {
  const [row] = await db.select().from(loadListReleases)
    .where(and(sql`lower(${loadListReleases.releaseId}) = lower(${releaseId})`, branchCondition(scope, loadListReleases.branchCode)));
  if (!row) throw releaseMissing(releaseId);
  return row;
}

const releaseRows = (db: Db, records: readonly ReleaseRecord[]): Promise<ReleaseRow[]> => releaseRowsOf<ReleaseRow["releaseType"]>(db, loadListEntries, records);

/** One release with the waybills on it and those that were taken off it. */
export async function releaseByNum(db: Db, releaseId: string, scope: BranchScope): Promise<ReleaseDetail> {
  const record = await releaseRecord(db, releaseId, scope);
  const [[row], onIt, removed] = await Promise.all([
    releaseRows(db, [record]),
    waybillsOnRelease(db, record.releaseId),
    removedFromRelease(db, loadListEntries, record.releaseId),
  ]);
  return {
    ...row,
    waybills: onIt,
    removed,
  };
}

/** The load list screen of a voyage: its releases, newest first, and its waybills waiting for one. */
export async function loadListOf(db: Db, scope: BranchScope, voyageNum: string): Promise<{ data: LoadListView }> {
  const voyage = await voyageInScope(db, voyageNum, scope);
  const [header, records, waiting] = await Promise.all([
    voyageHeader(db, voyage),
    db.select().from(loadListReleases).where(eq(loadListReleases.voyageNum, voyage.voyageNum)).orderBy(desc(loadListReleases.id)),
    waitingWaybills(db, voyage),
  ]);
  return { data: { voyage: header, releases: await releaseRows(db, records), waiting } };
}

const releaseUrl = (r: { voyageNum: string; releaseId: string }) => pathTo(PAGES.loadListEntry, { voyageNum: r.voyageNum, releaseId: r.releaseId });
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

async function tellFollowers(db: Db, caller: Caller, release: { voyageNum: string; releaseId: string }, what: string) {
  const [voyage] = await db.select({ voyageRef: voyageSchedules.voyageRef }).from(voyageSchedules).where(eq(voyageSchedules.voyageNum, release.voyageNum));
  await notifyVoyageFollowers(db, {
    voyageNum: release.voyageNum,
    title: LOAD_LIST_TITLE,
    message: `Release ${release.releaseId} of voyage ${voyage?.voyageRef ?? ""} (${release.voyageNum}): ${what}.`,
    url: releaseUrl(release),
    sender: caller.userId,
  });
}

/** Opens a release of a voyage's load list at its origin, numbered from the origin's RL series. */
export async function createRelease(db: Db, caller: Caller, input: { voyageNum: string; remarks: string }) {
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.voyageNum})`);
  if (!voyage) throw refused("voyageNum", `Voyage ${input.voyageNum} was not found.`);
  if (!coversBranch(caller, voyage.originBranchCode)) {
    // As a booking batch: voyages are no secret, the request is what is wrong (docs/architecture.md, Branch scope).
    throw refused("voyageNum", `Voyage ${voyage.voyageNum} leaves from branch ${voyage.originBranchCode}, which is not one of your branches.`);
  }
  if (!voyage.isActive) throw refused("voyageNum", `Voyage ${voyage.voyageNum} is inactive; it is not loaded.`);
  const now = new Date();
  const releaseId = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: RELEASE_SERIES, branchCode: voyage.originBranchCode, on: now });
    await tx.insert(loadListReleases).values({
      releaseId: number, releaseType: initialStatus(releaseWorkflow), voyageNum: voyage.voyageNum, branchCode: voyage.originBranchCode,
      remarks: input.remarks, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    return number;
  });
  await tellFollowers(db, caller, { voyageNum: voyage.voyageNum, releaseId }, "opened");
  return { data: await releaseByNum(db, releaseId, caller), message: "Load list created successfully" };
}

/** A van of these waybills counted on a loading tally sheet now keeps its waybill on the load list. */
const refuseCounted = (db: Executor, refs: readonly string[]) => refuseCountedVans(db, refs, { tallySheetType: "Loading", list: "load list" });

/** Takes the waybills off the release in the transaction: back to Draft, their entries closed, stage 2 withdrawn. */
async function takeOff(
  tx: Tx,
  caller: Caller,
  releaseId: string,
  off: readonly { id: number; wayBillRef: string; bookingRef: string; tandemBookingRef: string | null }[],
  now: Date,
) {
  if (off.length === 0) return;
  // The waybill rows are locked before the tally is looked at again: a van being counted at this moment holds the
  // same lock, so either its line is seen here, or the count waits and then finds its waybill off the list.
  await tx.select({ id: waybills.id }).from(waybills).where(inArray(waybills.id, off.map((w) => w.id))).orderBy(asc(waybills.id)).for("update");
  await refuseCounted(tx, off.map((w) => w.wayBillRef));
  await transitionMany(tx, waybillWorkflow, waybillTarget, {
    ids: off.map((w) => w.id), action: "removeFromLoadList", actor: caller, set: { releaseType: "", releaseTag: "", userModified: caller.userId },
  });
  await tx.update(loadListEntries).set({ dateRemoved: now, removedBy: caller.userId })
    .where(and(eq(loadListEntries.releaseId, releaseId), inArray(loadListEntries.wayBillRef, off.map((w) => w.wayBillRef)), isNull(loadListEntries.dateRemoved)));
  for (const w of off) for (const ref of bookingsCarried(w)) await withdrawCargoStage(tx, ref, LOAD_LIST_STAGE);
}

/**
 * The load list update (001 §4): each line whose status is 'add' puts a Draft waybill of the voyage at the
 * release's branch on the release, any other status takes a waybill on it off again; all in one transaction,
 * each waybill moved by its workflow (On Load List, or back to Draft), stage 2 recorded or withdrawn.
 */
export async function updateRelease(db: Db, caller: Caller, releaseId: string, input: UpdateReleaseInput) {
  const record = await releaseRecord(db, releaseId, caller);
  assertReleaseFresh(record, input.dateModified);
  assertReleaseOpen(record);
  const { adding, removing, twice } = splitListUpdate(input.entries);
  if (twice) throw refused("entries", `Waybill ${twice} is in this update twice.`);
  const upper = (refs: readonly string[]) => refs.map((r) => r.toUpperCase());
  const [toAdd, toRemove] = await Promise.all([
    adding.length
      ? db.select({
        id: waybills.id, wayBillRef: waybills.wayBillRef, status: waybills.status, bookingRef: waybills.bookingRef, tandemBookingRef: waybills.tandemBookingRef,
        releaseId: loadListEntries.releaseId,
      })
        .from(waybills).leftJoin(loadListEntries, and(eq(loadListEntries.wayBillRef, waybills.wayBillRef), isNull(loadListEntries.dateRemoved)))
        .where(and(inArray(sql`upper(${waybills.wayBillRef})`, upper(adding)), eq(waybills.voyageNum, record.voyageNum), eq(waybills.branchCode, record.branchCode)))
      : Promise.resolve([]),
    removing.length
      ? db.select({ id: waybills.id, wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, tandemBookingRef: waybills.tandemBookingRef }).from(loadListEntries)
        .innerJoin(waybills, eq(waybills.wayBillRef, loadListEntries.wayBillRef))
        .where(and(eq(loadListEntries.releaseId, record.releaseId), isNull(loadListEntries.dateRemoved), inArray(sql`upper(${waybills.wayBillRef})`, upper(removing))))
      : Promise.resolve([]),
  ]);
  // The waybills go on in the order the update names them, which is the order the list prints them in.
  const at = (ref: string) => adding.findIndex((a) => a.toUpperCase() === ref.toUpperCase());
  toAdd.sort((x, y) => at(x.wayBillRef) - at(y.wayBillRef));
  for (const ref of adding) {
    const found = toAdd.find((w) => w.wayBillRef.toUpperCase() === ref.toUpperCase());
    if (!found) throw refused("entries", `Waybill ${ref} is not a waybill of voyage ${record.voyageNum} at branch ${record.branchCode}.`);
    if (found.status !== "Draft") {
      const where = found.releaseId ? ` (release ${found.releaseId})` : "";
      throw new AppError("CONFLICT", `Waybill ${found.wayBillRef} is ${found.status}${where}; only a Draft waybill goes on a load list.`, {
        entries: [`${found.wayBillRef} is ${found.status}`],
      });
    }
  }
  for (const ref of removing) {
    if (!toRemove.some((w) => w.wayBillRef.toUpperCase() === ref.toUpperCase())) throw refused("entries", `Waybill ${ref} is not on release ${record.releaseId}.`);
  }
  await refuseCounted(db, toRemove.map((w) => w.wayBillRef));

  const now = new Date();
  try {
    await db.transaction(async (tx: Tx) => {
      await claimRelease(tx, loadListReleases, record, caller, input.remarks === undefined ? {} : { remarks: input.remarks });
      if (toAdd.length > 0) {
        // The waybills move first: of two clerks putting one waybill on a list at once, the second stops here.
        await transitionMany(tx, waybillWorkflow, waybillTarget, {
          ids: toAdd.map((w) => w.id), action: "addToLoadList", actor: caller,
          set: { releaseType: record.releaseType, releaseTag: record.releaseId, userModified: caller.userId },
        });
        await tx.insert(loadListEntries).values(toAdd.map((w) => ({ releaseId: record.releaseId, wayBillRef: w.wayBillRef, dateAdded: now, addedBy: caller.userId })));
        for (const w of toAdd) for (const ref of bookingsCarried(w)) await recordCargoStage(tx, ref, LOAD_LIST_STAGE, now);
      }
      await takeOff(tx, caller, record.releaseId, toRemove, now);
    });
  } catch (error) {
    throw await explainLostRace(db, loadListEntries, error, toAdd.map((w) => w.wayBillRef), record.releaseId);
  }
  const what = [toAdd.length ? `${plural(toAdd.length, "waybill")} put on` : "", toRemove.length ? `${plural(toRemove.length, "waybill")} taken off` : ""]
    .filter(Boolean).join(", ");
  if (what) await tellFollowers(db, caller, record, what);
  return { data: await releaseByNum(db, record.releaseId, caller), message: "Load list updated successfully" };
}

/** Releases a release (Final Release): its waybills are then fixed on the list. */
export async function releaseLoadList(db: Db, caller: Caller, releaseId: string, input: { dateModified: string }) {
  const record = await releaseRecord(db, releaseId, caller);
  assertReleaseFresh(record, input.dateModified);
  assertReleaseOpen(record);
  const onIt = await waybillsOnRelease(db, record.releaseId);
  if (onIt.length === 0) throw refused("releaseId", `Release ${record.releaseId} has no waybill on it; put waybills on it before releasing it.`);
  const now = new Date();
  const result = await db.transaction(async (tx: Tx) => {
    await claimRelease(tx, loadListReleases, record, caller);
    const moved = await transition(tx, releaseWorkflow, releaseTarget, {
      id: record.id, action: "release", actor: caller, set: { dateReleased: now, releasedBy: caller.userId, userModified: caller.userId },
    });
    // The waybills carry the type of the release they went out on.
    await tx.update(waybills).set({ releaseType: moved.to }).where(eq(waybills.releaseTag, record.releaseId));
    return moved;
  });
  await tellFollowers(db, caller, record, `released with ${plural(onIt.length, "waybill")}`);
  return { data: await releaseByNum(db, record.releaseId, caller), message: result.message };
}

/** Cancels a release (Draft): every waybill on it goes back to Draft and off the list. */
export async function cancelRelease(db: Db, caller: Caller, releaseId: string, input: { dateModified: string }) {
  const record = await releaseRecord(db, releaseId, caller);
  assertReleaseFresh(record, input.dateModified);
  assertReleaseOpen(record);
  const onIt = await db.select({ id: waybills.id, wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, tandemBookingRef: waybills.tandemBookingRef })
    .from(loadListEntries)
    .innerJoin(waybills, eq(waybills.wayBillRef, loadListEntries.wayBillRef))
    .where(and(eq(loadListEntries.releaseId, record.releaseId), isNull(loadListEntries.dateRemoved)));
  await refuseCounted(db, onIt.map((w) => w.wayBillRef));
  const now = new Date();
  const result = await db.transaction(async (tx: Tx) => {
    await claimRelease(tx, loadListReleases, record, caller);
    await takeOff(tx, caller, record.releaseId, onIt, now);
    return await transition(tx, releaseWorkflow, releaseTarget, {
      id: record.id, action: "cancel", actor: caller, set: { dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
    });
  });
  await tellFollowers(db, caller, record, onIt.length ? `cancelled, ${plural(onIt.length, "waybill")} back to Draft` : "cancelled");
  return { data: await releaseByNum(db, record.releaseId, caller), message: result.message };
}
