import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  stowagePlacements,
  tallySheetLines,
  tallySheets,
  vesselStowagePlans,
  vessels,
  voyageSchedules,
  voyageStowagePlans,
  waybills,
} from "../../../../db/schema/index.ts";
import { type BranchScope, findInScope } from "../../../shared/branch-scope.ts";
import { AppError } from "../../../shared/errors.ts";
import type { Caller } from "../../auth/index.ts";
import { type GridSlot, LOADING_TALLY, slotAt, slotsInOrder, vanKey } from "./rules.ts";
import type {
  CargoLocationInput,
  CountedVanRow,
  MoveVanInput,
  PlaceVanInput,
  PlacementRow,
  RemovePlacementInput,
  StowagePlanView,
} from "./schemas.ts";

/**
 * The stowage plan of a voyage (001 §3): the grid of one of its vessel's plans, copied when the plan is started
 * so a later change of the vessel's plan leaves it as it was, and the vans its loading tally sheets counted,
 * each placed in one slot, or cargo recorded at a location in words. Seen and changed by the staff of the
 * voyage's origin branch. Every change carries the plan's dateModified as read: of two clerks placing at once,
 * the second is told to reload, so one slot never gets two vans and one van never gets two slots.
 */

type VoyageRecord = typeof voyageSchedules.$inferSelect;
type PlanRecord = typeof voyageStowagePlans.$inferSelect;

const STALE = "This stowage plan was changed by someone else after you opened it. Reload it and try again.";

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

/** A van number column compared the way vanKey() writes a typed one. */
const vanColumn = (column: AnyPgColumn) => sql`upper(replace(replace(${column}, ' ', ''), '-', ''))`;

/** The voyage, if its origin is a branch of the caller's; another branch's answers as one that does not exist. */
async function voyageInScope(db: Executor, voyageNum: string, scope: BranchScope): Promise<VoyageRecord> {
  return await findInScope(db, voyageSchedules, voyageSchedules.originBranchCode, scope,
    sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`, `Voyage ${voyageNum} was not found.`);
}

/** The vans the voyage's loading tally sheets counted and still count, one row per van. */
async function countedVans(db: Executor, voyageNum: string): Promise<Omit<CountedVanRow, "placementId">[]> {
  const rows = await db.select({
    containerVanNum: tallySheetLines.containerVanNum,
    wayBillRef: tallySheetLines.wayBillRef,
    bookingRef: tallySheetLines.bookingRef,
    containerType: tallySheetLines.containerType,
    size: tallySheetLines.size,
    sealNum: tallySheetLines.sealNum,
    destinationBranchCode: tallySheets.destinationBranchCode,
    tallySheetNum: tallySheets.tallySheetNum,
  }).from(tallySheetLines)
    .innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
    .where(and(eq(tallySheets.voyageNum, voyageNum), eq(tallySheets.tallySheetType, LOADING_TALLY), isNull(tallySheetLines.dateRemoved)))
    .orderBy(asc(tallySheetLines.timeTallied), asc(tallySheetLines.id));
  // A van is counted once per sheet; should two destinations' sheets both hold it, the first count stands.
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = vanKey(r.containerVanNum);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function planOf(db: Executor, voyageNum: string): Promise<PlanRecord | undefined> {
  const [plan] = await db.select().from(voyageStowagePlans).where(eq(voyageStowagePlans.voyageNum, voyageNum));
  return plan;
}

/** The plan as the screen shows it: the grid, what is placed where, the counted vans and the vessel's plans. */
async function viewOf(db: Executor, voyage: VoyageRecord): Promise<StowagePlanView> {
  const [[vessel], plan, vans, placements, vesselPlans] = await Promise.all([
    db.select({ name: vessels.name }).from(vessels).where(eq(vessels.code, voyage.vesselCode)),
    planOf(db, voyage.voyageNum),
    countedVans(db, voyage.voyageNum),
    db.select({
      id: stowagePlacements.id, row: stowagePlacements.slotRow, column: stowagePlacements.slotColumn, position: stowagePlacements.slotPosition,
      containerVanNum: stowagePlacements.containerVanNum, wayBillRef: stowagePlacements.wayBillRef, cargoLocation: stowagePlacements.cargoLocation,
      bookingRef: waybills.bookingRef,
    }).from(stowagePlacements)
      .leftJoin(waybills, eq(waybills.wayBillRef, stowagePlacements.wayBillRef))
      .where(eq(stowagePlacements.voyageNum, voyage.voyageNum))
      .orderBy(asc(stowagePlacements.slotRow), asc(stowagePlacements.slotColumn), asc(stowagePlacements.id)),
    db.select().from(vesselStowagePlans)
      .where(and(eq(vesselStowagePlans.vesselCode, voyage.vesselCode), eq(vesselStowagePlans.isActive, true)))
      .orderBy(asc(vesselStowagePlans.name), asc(vesselStowagePlans.id)),
  ]);
  const counted = new Set(vans.map((v) => vanKey(v.containerVanNum)));
  const placedBy = new Map(placements.filter((p) => p.containerVanNum !== "").map((p) => [vanKey(p.containerVanNum), p.id]));
  const source = plan?.vesselStowagePlanId ? vesselPlans.find((p) => p.id === plan.vesselStowagePlanId) : undefined;
  let planName = source?.name ?? "";
  if (plan?.vesselStowagePlanId && !source) {
    // The vessel's plan was switched off since; the copy keeps its grid, and its name is still worth showing.
    const [named] = await db.select({ name: vesselStowagePlans.name }).from(vesselStowagePlans).where(eq(vesselStowagePlans.id, plan.vesselStowagePlanId));
    planName = named?.name ?? "";
  }
  return {
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    vesselCode: voyage.vesselCode,
    vesselName: vessel?.name ?? voyage.vesselCode,
    originBranchCode: voyage.originBranchCode,
    estimatedTimeDeparture: voyage.estimatedTimeDeparture.toISOString(),
    finalTallyAt: voyage.finalTallyAt?.toISOString() ?? null,
    plan: plan
      ? {
        vesselStowagePlanId: plan.vesselStowagePlanId,
        planName,
        rows: plan.rows,
        columns: plan.columns,
        slots: plan.slots,
        dateModified: plan.dateModified.toISOString(),
      }
      : null,
    vesselPlans: vesselPlans.map((p) => ({ id: p.id, name: p.name, rows: p.rows, columns: p.columns, slotCount: p.slots.length })),
    placements: placements.map((p): PlacementRow => ({
      ...p,
      bookingRef: p.bookingRef ?? null,
      counted: p.containerVanNum === "" || counted.has(vanKey(p.containerVanNum)),
    })),
    vans: vans.map((v) => ({ ...v, placementId: placedBy.get(vanKey(v.containerVanNum)) ?? null })),
  };
}

/** The stowage plan of a voyage of the caller's branches, started or not. */
export async function stowagePlanOf(db: Db, voyageNum: string, scope: BranchScope): Promise<StowagePlanView> {
  return await viewOf(db, await voyageInScope(db, voyageNum, scope));
}

/**
 * How far a voyage's stowage is, as columns of a query over voyage_schedules (the outbound voyage list of
 * voyage-documents/ reads them): the vans placed in slots, and whether the plan was started.
 */
export const voyageStowageFigures = {
  placed: sql<number>`(select count(*) from ${stowagePlacements} where ${stowagePlacements.voyageNum} = ${voyageSchedules.voyageNum}
    and ${stowagePlacements.slotRow} is not null)`.mapWith(Number),
  planStarted: sql<boolean>`exists (select 1 from ${voyageStowagePlans} where ${voyageStowagePlans.voyageNum} = ${voyageSchedules.voyageNum})`
    .mapWith(Boolean),
};

/**
 * Starts the voyage's plan: the grid of one of its vessel's active plans (the first by name unless one is named)
 * is copied, so later changes to the vessel's plan leave this voyage's as it was.
 */
export async function startStowagePlan(db: Db, caller: Caller, voyageNum: string, input: { vesselStowagePlanId?: number }) {
  const voyage = await voyageInScope(db, voyageNum, caller);
  const plans = await db.select().from(vesselStowagePlans)
    .where(and(eq(vesselStowagePlans.vesselCode, voyage.vesselCode), eq(vesselStowagePlans.isActive, true)))
    .orderBy(asc(vesselStowagePlans.name), asc(vesselStowagePlans.id));
  const source = input.vesselStowagePlanId === undefined ? plans[0] : plans.find((p) => p.id === input.vesselStowagePlanId);
  if (input.vesselStowagePlanId !== undefined && !source) {
    throw refused("vesselStowagePlanId", `Stowage plan ${input.vesselStowagePlanId} is not an active plan of vessel ${voyage.vesselCode}.`);
  }
  if (!source) {
    throw new AppError("CONFLICT", `Vessel ${voyage.vesselCode} has no stowage plan. Draw one under Master Data, Vessel stowage, first.`);
  }
  const now = new Date();
  const made = await db.insert(voyageStowagePlans).values({
    voyageNum: voyage.voyageNum, vesselStowagePlanId: source.id, rows: source.rows, columns: source.columns,
    slots: source.slots.map((s) => ({ row: s.row, column: s.column, width: s.width, height: s.height, position: s.position })),
    userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
  }).onConflictDoNothing().returning({ id: voyageStowagePlans.id });
  if (made.length === 0) throw new AppError("CONFLICT", `The stowage plan of voyage ${voyage.voyageNum} is already started.`);
  return { data: await viewOf(db, voyage), message: "Stowage plan started successfully" };
}

/**
 * Runs one change of the plan: the plan's dateModified must be the one the caller read, and moves on in the same
 * transaction before anything else is written, so a second change made from the same reading is refused.
 */
async function changePlan(db: Db, caller: Caller, voyageNum: string, dateModified: string, work: (tx: Tx, voyage: VoyageRecord, plan: PlanRecord) => Promise<void>) {
  const voyage = await voyageInScope(db, voyageNum, caller);
  const plan = await planOf(db, voyage.voyageNum);
  if (!plan) throw new AppError("CONFLICT", `The stowage plan of voyage ${voyage.voyageNum} is not started yet.`);
  if (new Date(dateModified).getTime() !== plan.dateModified.getTime()) throw new AppError("CONFLICT", STALE);
  await db.transaction(async (tx: Tx) => {
    const claimed = await tx.update(voyageStowagePlans).set({ dateModified: new Date(), userModified: caller.userId })
      .where(and(eq(voyageStowagePlans.id, plan.id), eq(voyageStowagePlans.dateModified, plan.dateModified)))
      .returning({ id: voyageStowagePlans.id });
    if (claimed.length === 0) throw new AppError("CONFLICT", STALE);
    await work(tx, voyage, plan);
  });
  return await viewOf(db, voyage);
}

/** The slot named by its top-left cell, free; or the refusal that says which van holds it. */
async function freeSlot(tx: Executor, plan: PlanRecord, row: number, column: number, except?: number): Promise<GridSlot> {
  const slot = slotAt(plan.slots, row, column);
  if (!slot) throw refused("row", `Row ${row}, column ${column} is not a slot of this stowage plan.`);
  const [holder] = await tx.select({ id: stowagePlacements.id, van: stowagePlacements.containerVanNum }).from(stowagePlacements)
    .where(and(eq(stowagePlacements.voyageNum, plan.voyageNum), eq(stowagePlacements.slotRow, row), eq(stowagePlacements.slotColumn, column)));
  if (holder && holder.id !== except) {
    throw new AppError("CONFLICT", `Slot ${slot.position} already holds van ${holder.van}.`, { row: [`Slot ${slot.position} is taken`] });
  }
  return slot;
}

/** The van as counted on a loading tally sheet of the voyage, or the refusal that says it was not. */
async function countedVan(tx: Executor, voyageNum: string, containerVanNum: string) {
  const key = vanKey(containerVanNum);
  const van = (await countedVans(tx, voyageNum)).find((v) => vanKey(v.containerVanNum) === key);
  if (!van) {
    throw refused("containerVanNum", `Van ${key} was not counted on a loading tally sheet of voyage ${voyageNum}; only counted vans can be placed.`);
  }
  return van;
}

async function placementOfVan(tx: Executor, voyageNum: string, containerVanNum: string) {
  const [placement] = await tx.select().from(stowagePlacements)
    .where(and(eq(stowagePlacements.voyageNum, voyageNum), sql`${vanColumn(stowagePlacements.containerVanNum)} = ${vanKey(containerVanNum)}`));
  return placement;
}

const whereIs = (p: typeof stowagePlacements.$inferSelect) => (p.slotRow !== null ? `in slot ${p.slotPosition}` : `at ${p.cargoLocation}`);

/** Puts a counted van into a free slot. A van already on the plan is moved, not placed again. */
export async function placeVan(db: Db, caller: Caller, voyageNum: string, input: PlaceVanInput) {
  const data = await changePlan(db, caller, voyageNum, input.dateModified, async (tx, voyage, plan) => {
    const van = await countedVan(tx, voyage.voyageNum, input.containerVanNum);
    const placed = await placementOfVan(tx, voyage.voyageNum, van.containerVanNum);
    if (placed) {
      throw new AppError("CONFLICT", `Van ${van.containerVanNum} is already placed ${whereIs(placed)}; move it instead.`, { containerVanNum: ["Already placed"] });
    }
    const slot = await freeSlot(tx, plan, input.row, input.column);
    const now = new Date();
    await tx.insert(stowagePlacements).values({
      voyageNum: voyage.voyageNum, slotRow: slot.row, slotColumn: slot.column, slotPosition: slot.position,
      containerVanNum: van.containerVanNum, wayBillRef: van.wayBillRef,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
  });
  return { data, message: "Van placed successfully" };
}

/** Moves a van already on the plan (in a slot, or at a cargo location) into another free slot. */
export async function moveVan(db: Db, caller: Caller, voyageNum: string, input: MoveVanInput) {
  const data = await changePlan(db, caller, voyageNum, input.dateModified, async (tx, voyage, plan) => {
    const placed = await placementOfVan(tx, voyage.voyageNum, input.containerVanNum);
    if (!placed) throw refused("containerVanNum", `Van ${vanKey(input.containerVanNum)} is not on this stowage plan; place it first.`);
    const slot = await freeSlot(tx, plan, input.row, input.column, placed.id);
    await tx.update(stowagePlacements).set({
      slotRow: slot.row, slotColumn: slot.column, slotPosition: slot.position, cargoLocation: "", userModified: caller.userId, dateModified: new Date(),
    }).where(eq(stowagePlacements.id, placed.id));
  });
  return { data, message: "Van moved successfully" };
}

/** Takes a van out of its slot, or a cargo location off the plan. */
export async function removePlacement(db: Db, caller: Caller, voyageNum: string, input: RemovePlacementInput) {
  const data = await changePlan(db, caller, voyageNum, input.dateModified, async (tx, voyage) => {
    const removed = await tx.delete(stowagePlacements)
      .where(and(eq(stowagePlacements.id, input.placementId), eq(stowagePlacements.voyageNum, voyage.voyageNum)))
      .returning({ id: stowagePlacements.id });
    if (removed.length === 0) throw refused("placementId", `Placement ${input.placementId} is not on this stowage plan.`);
  });
  return { data, message: "Removed from the stowage plan" };
}

/**
 * Records where cargo without a slot is, in words: a counted van that fits no slot (on deck, in the hold), or
 * the cargo of a waybill of the voyage that travels without a van (breakbulk, rolling cargo).
 */
export async function recordCargoLocation(db: Db, caller: Caller, voyageNum: string, input: CargoLocationInput) {
  if (!input.containerVanNum && !input.wayBillRef) throw refused("containerVanNum", "Name the van, or the waybill whose cargo is at this location.");
  const data = await changePlan(db, caller, voyageNum, input.dateModified, async (tx, voyage) => {
    let containerVanNum = "";
    let wayBillRef: string | null = null;
    if (input.containerVanNum) {
      const van = await countedVan(tx, voyage.voyageNum, input.containerVanNum);
      const placed = await placementOfVan(tx, voyage.voyageNum, van.containerVanNum);
      if (placed) {
        throw new AppError("CONFLICT", `Van ${van.containerVanNum} is already placed ${whereIs(placed)}; move it instead.`, { containerVanNum: ["Already placed"] });
      }
      containerVanNum = van.containerVanNum;
      wayBillRef = van.wayBillRef;
    }
    if (input.wayBillRef) {
      const [waybill] = await tx.select({ wayBillRef: waybills.wayBillRef }).from(waybills)
        .where(and(sql`lower(${waybills.wayBillRef}) = lower(${input.wayBillRef})`, eq(waybills.voyageNum, voyage.voyageNum)));
      if (!waybill) throw refused("wayBillRef", `Waybill ${input.wayBillRef} is not a waybill of voyage ${voyage.voyageNum}.`);
      if (wayBillRef && wayBillRef !== waybill.wayBillRef) {
        throw refused("wayBillRef", `Van ${containerVanNum} carries waybill ${wayBillRef}, not ${waybill.wayBillRef}.`);
      }
      wayBillRef = waybill.wayBillRef;
    }
    const now = new Date();
    await tx.insert(stowagePlacements).values({
      voyageNum: voyage.voyageNum, containerVanNum, wayBillRef, cargoLocation: input.cargoLocation,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
  });
  return { data, message: "Cargo location recorded successfully" };
}

/**
 * Fills the plan of a voyage with its counted vans not placed yet, slot after slot in reading order, as a
 * clerk at the pier would: for the demo line. Starts the plan from the vessel's first plan when needed; vans
 * left over when the grid is full stay unplaced. Answers how many vans went in.
 */
export async function placeCountedVans(db: Db, caller: Caller, voyageNum: string): Promise<number> {
  let view = await stowagePlanOf(db, voyageNum, caller);
  if (!view.plan) {
    if (view.vesselPlans.length === 0) return 0;
    view = (await startStowagePlan(db, caller, voyageNum, {})).data;
  }
  let placed = 0;
  for (const van of view.vans.filter((v) => v.placementId === null)) {
    const taken = new Set(view.placements.filter((p) => p.row !== null).map((p) => `${p.row}/${p.column}`));
    const free = slotsInOrder(view.plan!.slots).find((s) => !taken.has(`${s.row}/${s.column}`));
    if (!free) break;
    view = (await placeVan(db, caller, voyageNum, {
      dateModified: view.plan!.dateModified, containerVanNum: van.containerVanNum, row: free.row, column: free.column,
    })).data;
    placed++;
  }
  return placed;
}

/** The voyages whose loading is final: the demo line places their vans and confirms their loading. */
export async function finalVoyages(db: Db): Promise<string[]> {
  const rows = await db.select({ voyageNum: voyageSchedules.voyageNum }).from(voyageSchedules)
    .where(sql`${voyageSchedules.finalTallyAt} is not null`).orderBy(asc(voyageSchedules.id));
  return rows.map((r) => r.voyageNum);
}
