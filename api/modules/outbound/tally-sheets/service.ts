import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import {
  bookings, containerVans, containerYards, customers, loadListEntries, loadListReleases, tallySheetLines, tallySheets, truckings, unloadListEntries, users,
  voyageScheduleDestinations, voyageSchedules, waybills,
} from "../../../../db/schema/index.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { normalizeContainerNumber } from "../../../shared/container-numbers.ts";
import { manilaTimestamp } from "../../../shared/dates.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { transition, transitionMany } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { bookingTarget, bookingWorkflow, recordCargoStage, withdrawCargoStage } from "../../bookings/index.ts";
import { confirmLoading } from "../loading-confirmations/service.ts";
import { LOADING_TALLY_TITLE, notifyVoyageFollowers } from "../load-lists/followers.ts";
import { voyageHeader, voyageInScope, waybillTarget } from "../load-lists/service.ts";
import { shipperNameOnWaybill } from "../../../shared/waybill-names.ts";
import { waybillWorkflow } from "../waybills/rules.ts";
import { FULL, halfCountedTandems, isFull, LOADED_STAGE, TALLY_SHEET_SERIES, TALLY_STAGE, type TallySheetType, tallySheetWorkflow } from "./rules.ts";
import type { CreateTallySheetInput, TallyCandidate, TallyEntryInput, TallyLineRow, TallySheetRow, TallyView, UpdateTallySheetInput } from "./schemas.ts";

export const tallySheetTarget = {
  table: tallySheets, id: tallySheets.id, status: tallySheets.status, dateModified: tallySheets.dateModified, label: tallySheets.tallySheetNum,
};

type SheetRecord = typeof tallySheets.$inferSelect;
type LineRecord = typeof tallySheetLines.$inferSelect;

type VoyageRecord = typeof voyageSchedules.$inferSelect;

/** The waybills and bookings whose vans a sheet counts (countedCargo). */
export interface CountedCargo {
  waybillIds: number[];
  bookings: { waybillId: number; wayBillRef: string; bookingId: number; bookingRef: string }[];
}

/**
 * What differs between counting vans onto the vessel at its origin (Loading, this module) and off it at a port of
 * call (Unloading, the inbound module's side): which voyages and branches the caller tallies at, which waybills
 * the pier picks from, what a count and the final tally record, and who is told. Everything else (one sheet per
 * voyage, type and port, the device's entry ids, conflicts, the final tally and its undo) is this one service.
 */
export interface TallySide {
  type: TallySheetType;
  /** "loading" or "unloading", as messages name a sheet. */
  word: string;
  /** The list a full van must be on to be counted: "load list" or "unload list". */
  listName: string;
  /** The voyage a caller tallies on; another's answers as one that does not exist. */
  voyageInScope(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageRecord>;
  /** The branches of the caller where the voyage is tallied on this side. */
  tallyBranches(db: Db, voyage: VoyageRecord, scope: BranchScope): Promise<string[]>;
  /** The branch a new sheet to this port of call is tallied at; refuses (400) a caller who does not work there. */
  openingBranch(caller: Caller, voyage: VoyageRecord, destinationBranchCode: string): string;
  /** The vans the pier picks from, at these branches. */
  candidates(db: Db, voyage: VoyageRecord, branchCodes: readonly string[]): Promise<TallyCandidate[]>;
  /** Which waybills of the voyage a sheet may count. */
  waybillOfSheet(sheet: SheetRecord): SQL | undefined;
  /** Why the waybill's van may not be counted now ("it is Draft"), or null; read again after its row is locked. */
  notCountable(db: Db | Tx, waybill: { wayBillRef: string; status: string }): Promise<string | null>;
  /** The stage a count records for the van's booking (withdrawn when the van is taken back), or none. */
  countStage: number | null;
  /** The final tally's own moves, in its transaction. */
  finalize(tx: Tx, caller: Caller, sheet: SheetRecord, cargo: CountedCargo, now: Date): Promise<void>;
  /** The undo's own moves, in its transaction. */
  reopen(tx: Tx, caller: Caller, sheet: SheetRecord, cargo: CountedCargo, reason: string): Promise<void>;
  /** After the final tally committed: what else follows; answers what to add to the notice. */
  afterFinal?(db: Db, caller: Caller, sheet: SheetRecord, cargo: CountedCargo, options: { linkBase?: string }): Promise<string>;
  /** Tells the side's staff what happened to a sheet (after the change committed, never the one who made it). */
  tell(db: Db, notice: { voyageNum: string; branchCode: string; message: string; sender: string }): Promise<void>;
}

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const conflict = (field: string, message: string) => new AppError("CONFLICT", message, { [field]: [message] });
const iso = (value: Date | null) => value?.toISOString() ?? null;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

// ---------------------------------------------------------------------------------------------------------
// Reading

/** A sheet by its number within the caller's branches (where it is tallied); another branch's answers as missing. */
export async function sheetRecord(db: Db, tallySheetNum: string, scope: BranchScope, side: TallySide = LOADING_SIDE): Promise<SheetRecord> {
  const [row] = await db.select().from(tallySheets).where(and(
    sql`lower(${tallySheets.tallySheetNum}) = lower(${tallySheetNum})`, eq(tallySheets.tallySheetType, side.type), branchCondition(scope, tallySheets.branchCode),
  ));
  if (!row) throw new AppError("NOT_FOUND", `Tally sheet ${tallySheetNum} was not found.`);
  return row;
}

async function lineRows(db: Db, lines: readonly LineRecord[]): Promise<TallyLineRow[]> {
  if (lines.length === 0) return [];
  const truckerCodes = [...new Set(lines.map((l) => l.truckingCode).filter((c): c is string => !!c))];
  const yardCodes = [...new Set(lines.map((l) => l.cyPullOutCode).filter((c): c is string => !!c))];
  const [truckers, yards] = await Promise.all([
    truckerCodes.length ? db.select({ code: truckings.code, name: truckings.name }).from(truckings).where(inArray(truckings.code, truckerCodes)) : [],
    yardCodes.length ? db.select({ code: containerYards.code, name: containerYards.name }).from(containerYards).where(inArray(containerYards.code, yardCodes)) : [],
  ]);
  return lines.map((l) => ({
    id: l.id,
    entryId: l.entryId,
    wayBillRef: l.wayBillRef,
    bookingRef: l.bookingRef,
    containerVanNum: l.containerVanNum,
    containerType: l.containerType,
    size: l.size,
    sealNum: l.sealNum,
    truckingCode: l.truckingCode,
    truckerName: truckers.find((t) => t.code === l.truckingCode)?.name ?? "",
    plateNum: l.plateNum,
    driver: l.driver,
    cyPullOutCode: l.cyPullOutCode,
    cyPullOutName: yards.find((y) => y.code === l.cyPullOutCode)?.name ?? "",
    remarks: l.remarks,
    timeTallied: l.timeTallied.toISOString(),
    userCreated: l.userCreated ?? "",
    dateCreated: l.dateCreated.toISOString(),
    dateRemoved: iso(l.dateRemoved),
    removedBy: l.removedBy,
  }));
}

async function sheetRows(db: Db, sheets: readonly SheetRecord[]): Promise<TallySheetRow[]> {
  if (sheets.length === 0) return [];
  const lines = await db.select().from(tallySheetLines)
    .where(and(inArray(tallySheetLines.tallySheetId, sheets.map((s) => s.id)), isNull(tallySheetLines.dateRemoved)))
    .orderBy(asc(tallySheetLines.timeTallied), asc(tallySheetLines.id));
  const rows = await lineRows(db, lines);
  return sheets.map((s) => ({
    id: s.id,
    tallySheetNum: s.tallySheetNum,
    tallySheetType: s.tallySheetType as TallySheetRow["tallySheetType"],
    status: s.status as TallySheetRow["status"],
    voyageNum: s.voyageNum,
    branchCode: s.branchCode,
    destinationBranchCode: s.destinationBranchCode,
    timeStarted: iso(s.timeStarted),
    timeFinished: iso(s.timeFinished),
    remarks: s.remarks,
    dateFinalized: iso(s.dateFinalized),
    finalizedBy: s.finalizedBy,
    dateModified: s.dateModified.toISOString(),
    lines: rows.filter((_, i) => lines[i].tallySheetId === s.id),
  }));
}

export async function sheetByNum(db: Db, tallySheetNum: string, scope: BranchScope, side: TallySide = LOADING_SIDE): Promise<TallySheetRow> {
  return (await sheetRows(db, [await sheetRecord(db, tallySheetNum, scope, side)]))[0];
}

/**
 * The vans of the waybills on a voyage's load list now (on a release that stands, not taken off): one row per van,
 * so a tandem waybill's second van is picked on its own, with the booking it carries.
 */
async function waybillsOnList(db: Db, voyageNum: string): Promise<TallyCandidate[]> {
  const rows = await db.select({
    wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, status: waybills.status, destinationBranchCode: waybills.destinationBranchCode,
    containerVanNum: waybills.containerVanNum, tandemBookingRef: waybills.tandemBookingRef, tandemContainerVanNum: waybills.tandemContainerVanNum,
    size: waybills.size, sealNum: waybills.sealNum,
    shipperName: shipperNameOnWaybill, goods: waybills.goods,
    truckingCode: waybills.truckingCode, plateNum: waybills.plateNum, driver: waybills.driver,
  }).from(loadListEntries)
    .innerJoin(loadListReleases, eq(loadListReleases.releaseId, loadListEntries.releaseId))
    .innerJoin(waybills, eq(waybills.wayBillRef, loadListEntries.wayBillRef))
    .innerJoin(customers, eq(customers.code, waybills.customerCode))
    .where(and(eq(loadListReleases.voyageNum, voyageNum), ne(loadListReleases.releaseType, "Draft"), isNull(loadListEntries.dateRemoved)))
    .orderBy(asc(waybills.destinationBranchCode), asc(waybills.wayBillRef));
  return rows.flatMap(({ tandemBookingRef, tandemContainerVanNum, ...w }) => [
    w,
    ...(tandemBookingRef && tandemContainerVanNum ? [{ ...w, bookingRef: tandemBookingRef, containerVanNum: tandemContainerVanNum, size: "20" }] : []),
  ]);
}

/** The tally screen of a voyage, in one answer the device can keep for counting offline (see TallyView). */
export async function tallyViewOf(db: Db, scope: BranchScope, voyageNum: string, side: TallySide = LOADING_SIDE): Promise<{ data: TallyView }> {
  const voyage = await side.voyageInScope(db, voyageNum, scope);
  const at = await side.tallyBranches(db, voyage, scope);
  const [header, sheets, onList, truckers, yards] = await Promise.all([
    voyageHeader(db, voyage),
    db.select().from(tallySheets)
      .where(and(eq(tallySheets.voyageNum, voyage.voyageNum), eq(tallySheets.tallySheetType, side.type), inArray(tallySheets.branchCode, at)))
      .orderBy(asc(tallySheets.id)),
    side.candidates(db, voyage, at),
    db.select({ code: truckings.code, name: truckings.name, plateNum: truckings.plateNum }).from(truckings)
      .where(and(eq(truckings.isActive, true), sql`${truckings.branchCodes} && array[${sql.join(at.map((b) => sql`${b}`), sql`, `)}]::text[]`))
      .orderBy(asc(truckings.name)),
    db.select({ code: containerYards.code, name: containerYards.name }).from(containerYards)
      .where(and(eq(containerYards.isActive, true), inArray(containerYards.branchCode, at))).orderBy(asc(containerYards.name)),
  ]);
  return { data: { voyage: header, sheets: await sheetRows(db, sheets), onList, truckers, yards, readAt: new Date().toISOString() } };
}

// ---------------------------------------------------------------------------------------------------------
// Opening and changing a sheet

async function tellFollowers(
  db: Db, caller: Caller, sheet: Pick<SheetRecord, "voyageNum" | "tallySheetNum" | "branchCode" | "destinationBranchCode">, what: string, side: TallySide,
) {
  const [voyage] = await db.select({ voyageRef: voyageSchedules.voyageRef }).from(voyageSchedules).where(eq(voyageSchedules.voyageNum, sheet.voyageNum));
  await side.tell(db, {
    voyageNum: sheet.voyageNum,
    branchCode: sheet.branchCode,
    message: `Tally sheet ${sheet.tallySheetNum} of voyage ${voyage?.voyageRef ?? ""} (${sheet.voyageNum}) to ${sheet.destinationBranchCode}: ${what}.`,
    sender: caller.userId,
  });
}

/**
 * Opens the sheet of a voyage for one of its ports of call, numbered from the tallying branch's TS series: the
 * origin's for a loading sheet, the port of call's for an unloading one.
 */
export async function createTallySheet(db: Db, caller: Caller, input: CreateTallySheetInput, side: TallySide = LOADING_SIDE) {
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.voyageNum})`);
  if (!voyage) throw refused("voyageNum", `Voyage ${input.voyageNum} was not found.`);
  if (side.type === "Loading") side.openingBranch(caller, voyage, input.destinationBranchCode);
  const [stop] = await db.select().from(voyageScheduleDestinations).where(and(
    eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum), sql`lower(${voyageScheduleDestinations.destinationBranchCode}) = lower(${input.destinationBranchCode})`,
  ));
  if (!stop) throw refused("destinationBranchCode", `Voyage ${voyage.voyageNum} does not call at ${input.destinationBranchCode}.`);
  const tallyingBranch = side.openingBranch(caller, voyage, stop.destinationBranchCode);
  const now = new Date();
  let number: string;
  try {
    number = await db.transaction(async (tx: Tx) => {
      const made = await nextNumber(tx, { series: TALLY_SHEET_SERIES, branchCode: tallyingBranch, on: now });
      await tx.insert(tallySheets).values({
        tallySheetNum: made, tallySheetType: side.type, status: initialStatus(tallySheetWorkflow), voyageNum: voyage.voyageNum,
        branchCode: tallyingBranch, destinationBranchCode: stop.destinationBranchCode,
        timeStarted: input.timeStarted ? new Date(input.timeStarted) : now, remarks: input.remarks,
        userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      });
      return made;
    });
  } catch (error) {
    if (databaseErrorCode(error) !== "23505") throw error;
    // One sheet per voyage, type and destination: of two opened at once, the second is told which one stands.
    const [standing] = await db.select({ num: tallySheets.tallySheetNum }).from(tallySheets).where(and(
      eq(tallySheets.voyageNum, voyage.voyageNum), eq(tallySheets.tallySheetType, side.type), eq(tallySheets.destinationBranchCode, stop.destinationBranchCode),
    ));
    throw conflict("destinationBranchCode", `Voyage ${voyage.voyageNum} already has ${side.word} tally sheet ${standing?.num ?? ""} for ${stop.destinationBranchCode}.`);
  }
  const opened = { voyageNum: voyage.voyageNum, tallySheetNum: number, branchCode: tallyingBranch, destinationBranchCode: stop.destinationBranchCode };
  await tellFollowers(db, caller, opened, "counting started", side);
  return { data: await sheetByNum(db, number, caller, side), message: "Tally sheet created successfully" };
}

function assertFresh(sheet: SheetRecord, dateModified: string) {
  if (new Date(dateModified).getTime() !== sheet.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Tally sheet ${sheet.tallySheetNum} was changed after you opened it (a van may have been counted meanwhile). Reload it and try again.`);
  }
}

function assertOpen(sheet: SheetRecord) {
  if (sheet.status !== "Open") {
    throw conflict("tallySheetNum", `Tally sheet ${sheet.tallySheetNum} is final since ${manilaTimestamp(sheet.dateFinalized ?? sheet.dateModified)}; reopen it to change it.`);
  }
}

/** Takes the sheet's row for this change, only if it is still as read: a racing change or count is refused. */
async function claimSheet(tx: Tx, sheet: SheetRecord, caller: Caller, set: Partial<SheetRecord> = {}) {
  const claimed = await tx.update(tallySheets).set({ ...set, userModified: caller.userId, dateModified: new Date() })
    .where(and(eq(tallySheets.id, sheet.id), eq(tallySheets.dateModified, sheet.dateModified))).returning({ id: tallySheets.id });
  if (claimed.length === 0) {
    throw new AppError("CONFLICT", `Tally sheet ${sheet.tallySheetNum} was changed after you opened it (a van may have been counted meanwhile). Reload it and try again.`);
  }
}

/** The sheet's times and remarks, while it is open. */
export async function updateTallySheet(db: Db, caller: Caller, tallySheetNum: string, input: UpdateTallySheetInput, side: TallySide = LOADING_SIDE) {
  const sheet = await sheetRecord(db, tallySheetNum, caller, side);
  assertFresh(sheet, input.dateModified);
  assertOpen(sheet);
  const given = (value: string | null | undefined, stored: Date | null) => (value === undefined ? stored : value === null ? null : new Date(value));
  const started = given(input.timeStarted, sheet.timeStarted);
  const finished = given(input.timeFinished, sheet.timeFinished);
  if (started && finished && finished < started) throw refused("timeFinished", "The time finished comes after the time started.");
  await db.transaction(async (tx: Tx) => {
    await claimSheet(tx, sheet, caller, { timeStarted: started, timeFinished: finished, ...(input.remarks === undefined ? {} : { remarks: input.remarks }) });
  });
  return { data: await sheetByNum(db, sheet.tallySheetNum, caller, side), message: "Tally sheet updated successfully" };
}

// ---------------------------------------------------------------------------------------------------------
// Counting vans

export type CaptureResult = { created: boolean; data: TallyLineRow; message: string };

async function lineByEntry(db: Db, sheetId: number, entryId: string): Promise<LineRecord | undefined> {
  const [line] = await db.select().from(tallySheetLines).where(and(eq(tallySheetLines.tallySheetId, sheetId), eq(tallySheetLines.entryId, entryId)));
  return line;
}

async function counterName(db: Db, userId: string) {
  const [person] = await db.select({ name: users.name }).from(users).where(eq(users.userId, userId));
  return person?.name || userId;
}

/** The van counted already, on this sheet or on another loading sheet of the voyage: the entry conflicts with it. */
async function alreadyCounted(db: Db, sheet: SheetRecord, van: string) {
  const [line] = await db.select({ tallySheetNum: tallySheets.tallySheetNum, userCreated: tallySheetLines.userCreated, timeTallied: tallySheetLines.timeTallied })
    .from(tallySheetLines).innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
    .where(and(
      eq(tallySheets.voyageNum, sheet.voyageNum), eq(tallySheets.tallySheetType, sheet.tallySheetType),
      eq(tallySheetLines.containerVanNum, van), isNull(tallySheetLines.dateRemoved),
    ));
  if (!line) return null;
  return conflict(
    "containerVanNum",
    `Van ${van} is already counted on tally sheet ${line.tallySheetNum}, by ${await counterName(db, line.userCreated ?? "")} at ${manilaTimestamp(line.timeTallied)}.`,
  );
}

const offList = (side: TallySide, wayBillRef: string, voyageNum: string, why: string) =>
  conflict("wayBillRef", `Waybill ${wayBillRef} is no longer on the ${side.listName} of voyage ${voyageNum} (${why}); its van was not counted.`);

/** `what` names the van as the entry did: "van LADU1234565", or "the van of waybill WB-..." when it named only the waybill. */
const sheetFinal = (sheet: SheetRecord, what: string) =>
  conflict("tallySheetNum", `Tally sheet ${sheet.tallySheetNum} was made final at ${manilaTimestamp(sheet.dateFinalized ?? sheet.dateModified)}; ${what} was not counted.`);

/**
 * Counts one van on a sheet: a full van of a waybill on the voyage's load list, or an empty van of the line. The
 * device names the entry (`entryId`): the same entry sent again answers the line it made (created: false), so an
 * entry retried after a lost answer lands once. An entry that no longer fits (the van counted meanwhile, the sheet
 * made final, the waybill off the list) is a 409 with the reason; a malformed one a 400. Stage 3 is recorded for
 * the waybill's booking in the same transaction.
 */
export async function captureTallyLine(
  db: Db, caller: Caller, tallySheetNum: string, input: TallyEntryInput, side: TallySide = LOADING_SIDE,
): Promise<CaptureResult> {
  const sheet = await sheetRecord(db, tallySheetNum, caller, side);
  const countedAlready = async (line: LineRecord): Promise<CaptureResult> =>
    ({ created: false, data: (await lineRows(db, [line]))[0], message: "This entry was counted already" });
  const landed = await lineByEntry(db, sheet.id, input.entryId);
  if (landed) return await countedAlready(landed);
  try {
    return await countNewLine(db, caller, sheet, input, side);
  } catch (error) {
    // The same entry sent twice at once lands once. Whatever stopped this try (its van found counted by the twin,
    // the entry's unique key), the line the twin made answers it; without one, the refusal stands.
    const twin = await lineByEntry(db, sheet.id, input.entryId);
    if (twin) return await countedAlready(twin);
    throw error;
  }
}

/** The checks and the insert of captureTallyLine, for an entry not counted yet. */
async function countNewLine(db: Db, caller: Caller, sheet: SheetRecord, input: TallyEntryInput, side: TallySide): Promise<CaptureResult> {
  let van = normalizeContainerNumber(input.containerVanNum);
  if (sheet.status !== "Open") throw sheetFinal(sheet, van ? `van ${van}` : `the van of waybill ${input.wayBillRef ?? ""}`);
  let waybill: typeof waybills.$inferSelect | undefined;
  let size = input.size;
  /** The booking whose van it is: the waybill's own, or a tandem's second booking. */
  let bookingRef: string | null = null;
  if (input.wayBillRef) {
    [waybill] = await db.select().from(waybills)
      .where(and(sql`lower(${waybills.wayBillRef}) = lower(${input.wayBillRef})`, eq(waybills.voyageNum, sheet.voyageNum), side.waybillOfSheet(sheet)));
    if (!waybill) throw refused("wayBillRef", `Waybill ${input.wayBillRef} is not a waybill of voyage ${sheet.voyageNum}.`);
    if (waybill.destinationBranchCode !== sheet.destinationBranchCode) {
      throw refused("wayBillRef", `Waybill ${waybill.wayBillRef} goes to ${waybill.destinationBranchCode}; tally sheet ${sheet.tallySheetNum} counts the cargo for ${sheet.destinationBranchCode}.`);
    }
    if (!isFull(input.containerType)) throw refused("containerType", `The van of waybill ${waybill.wayBillRef} is counted as a full van (${FULL}).`);
    bookingRef = waybill.bookingRef;
    // A tandem waybill carries two 20' vans, each with its own booking; the van named says which one is counted.
    const own = normalizeContainerNumber(waybill.containerVanNum);
    const second = waybill.tandemBookingRef ? normalizeContainerNumber(waybill.tandemContainerVanNum) : "";
    if (van && van !== own && van !== second) {
      const vans = second ? `${own} and ${second}` : own;
      throw refused("containerVanNum", `Van ${van} is not the van of waybill ${waybill.wayBillRef}, which is ${vans}.`);
    }
    if (second && van === second) {
      bookingRef = waybill.tandemBookingRef;
      size ??= "20";
    } else {
      van = own;
      size ??= (waybill.size || undefined) as typeof size;
    }
  } else {
    if (isFull(input.containerType)) throw refused("wayBillRef", "A full van is counted with its waybill; name the waybill.");
    if (!van) throw refused("containerVanNum", "Give the number of the empty van.");
    const [lineVan] = await db.select().from(containerVans).where(sql`upper(replace(${containerVans.code}, ' ', '')) = ${van}`);
    if (!lineVan || !lineVan.isActive || lineVan.isShipperOwn) throw refused("containerVanNum", `Van ${van} is not a van of the line; an empty van on the sheet is one of the line's own.`);
    van = lineVan.code;
    size ??= (lineVan.size || undefined) as typeof size;
  }
  if (input.truckingCode) {
    const [trucker] = await db.select().from(truckings).where(sql`lower(${truckings.code}) = lower(${input.truckingCode})`);
    if (!trucker || !trucker.isActive) throw refused("truckingCode", `Trucker ${input.truckingCode} is not an active trucker.`);
    input = { ...input, truckingCode: trucker.code };
  }
  if (input.cyPullOutCode) {
    const [yard] = await db.select().from(containerYards).where(sql`lower(${containerYards.code}) = lower(${input.cyPullOutCode})`);
    if (!yard || !yard.isActive || yard.branchCode !== sheet.branchCode) {
      throw refused("cyPullOutCode", `Container yard ${input.cyPullOutCode} is not an active yard of branch ${sheet.branchCode}.`);
    }
    input = { ...input, cyPullOutCode: yard.code };
  }
  const counted = await alreadyCounted(db, sheet, van);
  if (counted) throw counted;
  const why = waybill ? await side.notCountable(db, waybill) : null;
  if (waybill && why) throw offList(side, waybill.wayBillRef, sheet.voyageNum, why);

  const now = new Date();
  const timeTallied = new Date(input.timeTallied);
  try {
    await db.transaction(async (tx: Tx) => {
      // The sheet's row first: a final tally made meanwhile holds it or has moved it, and the count stops here.
      const open = await tx.update(tallySheets).set({ dateModified: now, userModified: caller.userId })
        .where(and(eq(tallySheets.id, sheet.id), eq(tallySheets.status, "Open"))).returning({ id: tallySheets.id });
      if (open.length === 0) throw sheetFinal((await tx.select().from(tallySheets).where(eq(tallySheets.id, sheet.id)))[0], `van ${van}`);
      if (waybill) {
        // The waybill's row next, as the load list takes it before taking a waybill off (load-lists/service.ts).
        const [now_] = await tx.select({ status: waybills.status }).from(waybills).where(eq(waybills.id, waybill.id)).for("update");
        const still = now_ ? await side.notCountable(tx, { wayBillRef: waybill.wayBillRef, status: now_.status }) : "it is gone";
        if (still) throw offList(side, waybill.wayBillRef, sheet.voyageNum, still);
      }
      await tx.insert(tallySheetLines).values({
        tallySheetId: sheet.id, entryId: input.entryId, wayBillRef: waybill?.wayBillRef ?? null, bookingRef,
        containerVanNum: van, containerType: input.containerType, size: size ?? "20", sealNum: input.sealNum || waybill?.sealNum || "",
        truckingCode: input.truckingCode ?? null, plateNum: input.plateNum, driver: input.driver, cyPullOutCode: input.cyPullOutCode ?? null,
        remarks: input.remarks, timeTallied, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      });
      if (bookingRef && side.countStage !== null) await recordCargoStage(tx, bookingRef, side.countStage, timeTallied);
    });
  } catch (error) {
    if (databaseErrorCode(error) !== "23505") throw error;
    // A van counted at the same moment by another device is a conflict (the same entry: captureTallyLine).
    throw (await alreadyCounted(db, sheet, van)) ?? error;
  }
  const line = (await lineByEntry(db, sheet.id, input.entryId))!;
  return { created: true, data: (await lineRows(db, [line]))[0], message: `Van ${van} counted` };
}

/** Takes a counted van back off an open sheet (a mistake at the pier); the line stays, marked with who took it back. */
export async function removeTallyLine(db: Db, caller: Caller, tallySheetNum: string, entryId: string, side: TallySide = LOADING_SIDE) {
  const sheet = await sheetRecord(db, tallySheetNum, caller, side);
  assertOpen(sheet);
  const line = await lineByEntry(db, sheet.id, entryId);
  if (!line || line.dateRemoved) throw new AppError("NOT_FOUND", `Entry ${entryId} is not counted on tally sheet ${sheet.tallySheetNum}.`);
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const open = await tx.update(tallySheets).set({ dateModified: now, userModified: caller.userId })
      .where(and(eq(tallySheets.id, sheet.id), eq(tallySheets.status, "Open"))).returning({ id: tallySheets.id });
    if (open.length === 0) assertOpen((await tx.select().from(tallySheets).where(eq(tallySheets.id, sheet.id)))[0]);
    await tx.update(tallySheetLines).set({ dateRemoved: now, removedBy: caller.userId, userModified: caller.userId, dateModified: now })
      .where(and(eq(tallySheetLines.id, line.id), isNull(tallySheetLines.dateRemoved)));
    if (line.bookingRef && side.countStage !== null) {
      const [other] = await tx.select({ id: tallySheetLines.id }).from(tallySheetLines).innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
        .where(and(eq(tallySheetLines.bookingRef, line.bookingRef), eq(tallySheets.tallySheetType, side.type), isNull(tallySheetLines.dateRemoved)));
      if (!other) await withdrawCargoStage(tx, line.bookingRef, side.countStage);
    }
  });
  return { data: await sheetByNum(db, sheet.tallySheetNum, caller, side), message: `Van ${line.containerVanNum} taken off the tally sheet` };
}

// ---------------------------------------------------------------------------------------------------------
// The final tally and its undo

/**
 * The waybills and bookings whose vans are counted on the sheet now, each once: a tandem waybill is loaded once,
 * and each of its bookings whose van is counted.
 */
async function countedCargo(db: Db, sheetId: number): Promise<CountedCargo> {
  const rows = await db.select({ waybillId: waybills.id, wayBillRef: waybills.wayBillRef, bookingId: bookings.id, bookingRef: bookings.bookingRef })
    .from(tallySheetLines)
    .innerJoin(waybills, eq(waybills.wayBillRef, tallySheetLines.wayBillRef))
    .innerJoin(bookings, eq(bookings.bookingRef, tallySheetLines.bookingRef))
    .where(and(eq(tallySheetLines.tallySheetId, sheetId), isNull(tallySheetLines.dateRemoved)))
    .orderBy(asc(waybills.id), asc(bookings.id));
  const once = <T,>(items: T[], key: (item: T) => number) => items.filter((item, i) => items.findIndex((x) => key(x) === key(item)) === i);
  return { waybillIds: once(rows, (r) => r.waybillId).map((r) => r.waybillId), bookings: once(rows, (r) => r.bookingId) };
}

/**
 * The tandem waybills counted on the sheet with one van only (halfCountedTandems of rules.ts). Read with the sheet
 * as the final tally read it: a van counted or taken back after that moves the sheet's dateModified, and the final
 * tally's claim of the sheet then fails.
 */
async function halfCountedTandemsOn(db: Db, sheet: SheetRecord): Promise<string[]> {
  const lines = await db.select({ van: tallySheetLines.containerVanNum, wayBillRef: tallySheetLines.wayBillRef }).from(tallySheetLines)
    .where(and(eq(tallySheetLines.tallySheetId, sheet.id), isNull(tallySheetLines.dateRemoved)));
  const refs = [...new Set(lines.map((l) => l.wayBillRef).filter((r): r is string => !!r))];
  if (refs.length === 0) return [];
  const tandems = await db.select({
    wayBillRef: waybills.wayBillRef, containerVanNum: waybills.containerVanNum, bookingRef: waybills.bookingRef,
    tandemContainerVanNum: waybills.tandemContainerVanNum, tandemBookingRef: waybills.tandemBookingRef,
  }).from(waybills).where(and(inArray(waybills.wayBillRef, refs), sql`${waybills.tandemBookingRef} is not null`)).orderBy(asc(waybills.wayBillRef));
  const counted = new Set(lines.map((l) => normalizeContainerNumber(l.van)));
  return halfCountedTandems(sheet.tallySheetNum, tandems.map((t) => ({
    wayBillRef: t.wayBillRef, bookingRef: t.bookingRef, tandemBookingRef: t.tandemBookingRef ?? "",
    containerVanNum: normalizeContainerNumber(t.containerVanNum), tandemContainerVanNum: normalizeContainerNumber(t.tandemContainerVanNum),
  })), counted);
}

/** The latest final tally of the voyage's loading sheets, or null when none is final: the voyage's final-tally date. */
async function latestFinalTally(tx: Tx, voyageNum: string): Promise<Date | null> {
  const [last] = await tx.select({ at: tallySheets.dateFinalized }).from(tallySheets)
    .where(and(eq(tallySheets.voyageNum, voyageNum), eq(tallySheets.tallySheetType, LOADING_SIDE.type), eq(tallySheets.status, "Final")))
    .orderBy(desc(tallySheets.dateFinalized)).limit(1);
  return last?.at ?? null;
}

/**
 * The final tally (001 §4): locks the sheet, and in the same transaction moves every counted waybill to Loaded and
 * every counted booking to At Vessel Loaded through their workflows, records stage 4 and sets the voyage's
 * final-tally date. After the commit the voyage's followers are told and the loading confirmations are made.
 */
export async function finalizeTallySheet(
  db: Db,
  caller: Caller,
  tallySheetNum: string,
  input: { dateModified: string; timeFinished?: string },
  /** Where the web app is served, for the link the loading confirmations e-mail (linkBase() of api/http/security.ts). */
  options: { linkBase?: string } = {},
  side: TallySide = LOADING_SIDE,
) {
  const sheet = await sheetRecord(db, tallySheetNum, caller, side);
  assertFresh(sheet, input.dateModified);
  assertOpen(sheet);
  const cargo = await countedCargo(db, sheet.id);
  const [{ vans }] = await db.select({ vans: sql<number>`count(*)`.mapWith(Number) }).from(tallySheetLines)
    .where(and(eq(tallySheetLines.tallySheetId, sheet.id), isNull(tallySheetLines.dateRemoved)));
  if (vans === 0) throw refused("tallySheetNum", `Tally sheet ${sheet.tallySheetNum} has no van counted; count the vans before the final tally.`);
  const halves = await halfCountedTandemsOn(db, sheet);
  if (halves.length > 0) throw conflict("tallySheetNum", halves.join(" "));
  const now = new Date();
  const timeFinished = input.timeFinished ? new Date(input.timeFinished) : sheet.timeFinished ?? now;
  if (sheet.timeStarted && timeFinished < sheet.timeStarted) throw refused("timeFinished", "The time finished comes after the time started.");
  await db.transaction(async (tx: Tx) => {
    await claimSheet(tx, sheet, caller);
    await transition(tx, tallySheetWorkflow, tallySheetTarget, {
      id: sheet.id, action: "finalize", actor: caller, set: { dateFinalized: now, finalizedBy: caller.userId, timeFinished, userModified: caller.userId },
    });
    await side.finalize(tx, caller, sheet, cargo, now);
  });
  const reached = side.type === "Loading" ? "at vessel loaded" : "unloaded";
  await tellFollowers(db, caller, sheet, `final tally made, ${plural(vans, "van")} counted, ${plural(cargo.bookings.length, "booking")} ${reached}`, side);
  const message = "Final tally sheet made successfully" + (side.afterFinal ? await side.afterFinal(db, caller, sheet, cargo, options) : "");
  return { data: await sheetByNum(db, sheet.tallySheetNum, caller, side), message };
}

/**
 * Undoes a final tally (TALLY_SHEET_UNDO only, the route and the workflow both say so): the sheet is open again,
 * its waybills back On Load List, its bookings back to Outbound CTS Issued, stage 4 withdrawn, the reason kept in
 * every record's status history and audit row; the voyage's final-tally date is that of its latest sheet still
 * final, or none.
 */
export async function undoFinalTally(
  db: Db, caller: Caller, tallySheetNum: string, input: { dateModified: string; reason: string }, side: TallySide = LOADING_SIDE,
) {
  const rule = tallySheetWorkflow.actions.reopen;
  if (!rule.allowed(caller)) throw new AppError("FORBIDDEN", `Only ${rule.who} may undo a final tally.`);
  const sheet = await sheetRecord(db, tallySheetNum, caller, side);
  assertFresh(sheet, input.dateModified);
  if (sheet.status !== "Final") throw conflict("tallySheetNum", `Tally sheet ${sheet.tallySheetNum} is ${sheet.status}; only a final tally is undone.`);
  const cargo = await countedCargo(db, sheet.id);
  const reason = input.reason.trim();
  await db.transaction(async (tx: Tx) => {
    await claimSheet(tx, sheet, caller);
    await transition(tx, tallySheetWorkflow, tallySheetTarget, {
      id: sheet.id, action: "reopen", actor: caller, remarks: reason, set: { dateFinalized: null, finalizedBy: null, userModified: caller.userId },
    });
    await side.reopen(tx, caller, sheet, cargo, reason);
  });
  await tellFollowers(db, caller, sheet, `final tally undone (${reason})`, side);
  return { data: await sheetByNum(db, sheet.tallySheetNum, caller, side), message: rule.notice };
}

// ---------------------------------------------------------------------------------------------------------
// The loading side

/** Counting onto the vessel at its origin: the outbound tally sheets. */
export const LOADING_SIDE: TallySide = {
  type: "Loading",
  word: "loading",
  listName: "load list",
  voyageInScope,
  tallyBranches: (_db, voyage) => Promise.resolve([voyage.originBranchCode]),
  openingBranch(caller, voyage) {
    if (!coversBranch(caller, voyage.originBranchCode)) {
      throw refused("voyageNum", `Voyage ${voyage.voyageNum} leaves from branch ${voyage.originBranchCode}, which is not one of your branches.`);
    }
    return voyage.originBranchCode;
  },
  candidates: (db, voyage) => waybillsOnList(db, voyage.voyageNum),
  waybillOfSheet: (sheet) => eq(waybills.branchCode, sheet.branchCode),
  async notCountable(db, waybill) {
    if (waybill.status !== "On Load List") return `it is ${waybill.status}`;
    const [entry] = await db.select({ id: loadListEntries.id }).from(loadListEntries)
      .where(and(eq(loadListEntries.wayBillRef, waybill.wayBillRef), isNull(loadListEntries.dateRemoved)));
    return entry ? null : `it is ${waybill.status}`;
  },
  countStage: TALLY_STAGE,
  async finalize(tx, caller, sheet, cargo, now) {
    if (cargo.waybillIds.length > 0) {
      await transitionMany(tx, waybillWorkflow, waybillTarget, { ids: cargo.waybillIds, action: "load", actor: caller, set: { userModified: caller.userId } });
      await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: cargo.bookings.map((c) => c.bookingId), action: "load", actor: caller });
      for (const c of cargo.bookings) await recordCargoStage(tx, c.bookingRef, LOADED_STAGE, now);
    }
    await tx.update(voyageSchedules).set({ finalTallyAt: now }).where(eq(voyageSchedules.voyageNum, sheet.voyageNum));
  },
  async reopen(tx, caller, sheet, cargo, reason) {
    // Cargo already on an unload list at its port of call was discharged from this loading: it stays loaded.
    const refs = [...new Set(cargo.bookings.map((c) => c.wayBillRef))];
    const [unloading] = refs.length === 0 ? [] : await tx.select({ wayBillRef: unloadListEntries.wayBillRef, releaseId: unloadListEntries.releaseId })
      .from(unloadListEntries).where(and(inArray(unloadListEntries.wayBillRef, refs), isNull(unloadListEntries.dateRemoved))).orderBy(asc(unloadListEntries.id)).limit(1);
    if (unloading) {
      throw conflict("tallySheetNum", `Waybill ${unloading.wayBillRef} is on unload list release ${unloading.releaseId} at its port of call; take it off there before undoing the final tally.`);
    }
    if (cargo.waybillIds.length > 0) {
      await transitionMany(tx, waybillWorkflow, waybillTarget, { ids: cargo.waybillIds, action: "undoLoad", actor: caller, remarks: reason });
      await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: cargo.bookings.map((c) => c.bookingId), action: "undoLoad", actor: caller, remarks: reason });
      for (const c of cargo.bookings) await withdrawCargoStage(tx, c.bookingRef, LOADED_STAGE);
    }
    await tx.update(voyageSchedules).set({ finalTallyAt: await latestFinalTally(tx, sheet.voyageNum) }).where(eq(voyageSchedules.voyageNum, sheet.voyageNum));
  },
  async afterFinal(db, caller, sheet, cargo, options) {
    try {
      await confirmLoading(db, { voyageNum: sheet.voyageNum, bookingRefs: cargo.bookings.map((c) => c.bookingRef), actor: caller, linkBase: options.linkBase });
      return "";
    } catch (error) {
      // The tally stands (it has committed); the confirmations can be sent again from their screen.
      return `; the loading confirmations were not made: ${error instanceof Error ? error.message : String(error)}`;
    }
  },
  tell: (db, notice) =>
    notifyVoyageFollowers(db, {
      voyageNum: notice.voyageNum, title: LOADING_TALLY_TITLE, message: notice.message, sender: notice.sender,
      url: pathTo(PAGES.loadingTallySheet, { voyageNum: notice.voyageNum }),
    }),
};
