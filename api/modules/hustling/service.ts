import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../../db/client.ts";
import {
  branches,
  containerYards,
  hustlingLines,
  hustlings,
  ports,
  truckings,
  users,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
} from "../../../db/schema/index.ts";
import { changedLines, changedValues, recordAudit } from "../../shared/audit.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../shared/branch-scope.ts";
import { checkContainerNumber } from "../../shared/container-numbers.ts";
import { EMPTY_LIST_MESSAGE } from "../../shared/contracts.ts";
import { AppError, databaseErrorCode } from "../../shared/errors.ts";
import { searchAny } from "../../shared/list-filters.ts";
import { nextNumber } from "../../shared/numbering.ts";
import type { Caller } from "../auth/index.ts";
import { hustlingTruckers, mayHustle, moveVansBetweenYards, vansByNumbers } from "../master-data/index.ts";
import { HUSTLING_MESSAGES, HUSTLING_SERIES, type HustlingPlaces, type ToReference, yardPlan, type YardPlan } from "./rules.ts";
import type { CreateHustlingInput, HustlingLineInput, HustlingListQuery, HustlingRow, HustlingVoyageRow, UpdateHustlingInput } from "./schemas.ts";

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const sameCode = (column: AnyPgColumn, value: string) => sql`lower(${column}) = lower(${value})`;

const toVoyage = alias(voyageSchedules, "to_voyage");
const toVessel = alias(vessels, "to_vessel");
const fromYard = alias(containerYards, "from_yard");
const toYard = alias(containerYards, "to_yard");

/** The header of a hustling with the names the slip prints (001 §3). */
const headerColumns = {
  id: hustlings.id,
  hustlingCstNum: hustlings.hustlingCstNum,
  branchCode: hustlings.branchCode,
  branchName: branches.name,
  voyageNum: hustlings.voyageNum,
  voyageRef: voyageSchedules.voyageRef,
  vesselCode: voyageSchedules.vesselCode,
  hustVessel: vessels.name,
  toReference: hustlings.toReference,
  hustVoyageNum: hustlings.hustVoyageNum,
  hustVoyageRef: toVoyage.voyageRef,
  tovesselName: toVessel.name,
  toPortCode: hustlings.toPortCode,
  toPortName: ports.name,
  fromCyCode: hustlings.fromCyCode,
  fromCyName: fromYard.name,
  toCyCode: hustlings.toCyCode,
  toCyName: toYard.name,
  truckingCode: hustlings.truckingCode,
  truckerName: truckings.name,
  dateTimeIn: hustlings.dateTimeIn,
  dateTimeOut: hustlings.dateTimeOut,
  remarks: hustlings.remarks,
  userCreated: hustlings.userCreated,
  dateCreated: hustlings.dateCreated,
  dateModified: hustlings.dateModified,
};

function selectHeaders(db: Db) {
  return db.select(headerColumns).from(hustlings)
    .innerJoin(branches, eq(branches.code, hustlings.branchCode))
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, hustlings.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .leftJoin(toVoyage, eq(toVoyage.voyageNum, hustlings.hustVoyageNum))
    .leftJoin(toVessel, eq(toVessel.code, toVoyage.vesselCode))
    .leftJoin(ports, eq(ports.code, hustlings.toPortCode))
    .innerJoin(fromYard, eq(fromYard.code, hustlings.fromCyCode))
    .innerJoin(toYard, eq(toYard.code, hustlings.toCyCode))
    .innerJoin(truckings, eq(truckings.code, hustlings.truckingCode));
}

type Header = Awaited<ReturnType<typeof selectHeaders>>[number];

const lineColumns = {
  hustlingId: hustlingLines.hustlingId,
  lineNo: hustlingLines.lineNo,
  containerVanNum: hustlingLines.containerVanNum,
  containerType: hustlingLines.containerType,
  size: hustlingLines.size,
  plateNum: hustlingLines.plateNum,
  driver: hustlingLines.driver,
  detailsRemarks: hustlingLines.detailsRemarks,
};

async function linesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return await db.select(lineColumns).from(hustlingLines).where(inArray(hustlingLines.hustlingId, ids))
    .orderBy(asc(hustlingLines.hustlingId), asc(hustlingLines.lineNo));
}

async function withLines(db: Db, headers: Header[]): Promise<HustlingRow[]> {
  const lines = await linesOf(db, headers.map((h) => h.id));
  return headers.map(({ vesselCode: _vessel, ...h }) => ({
    ...h,
    toReference: h.toReference as ToReference,
    dateTimeIn: h.dateTimeIn.toISOString(),
    dateTimeOut: h.dateTimeOut.toISOString(),
    dateCreated: h.dateCreated.toISOString(),
    dateModified: h.dateModified.toISOString(),
    lines: lines.filter((l) => l.hustlingId === h.id).map(({ hustlingId: _id, ...l }) => l),
  }));
}

const notFound = (hustlingCstNum: string) => new AppError("NOT_FOUND", `Hustling ${hustlingCstNum} was not found.`);

/** One hustling by its number, if it is of a branch the caller works for; another branch's answers as a missing one. */
export async function hustlingByNum(db: Db, hustlingCstNum: string, scope: BranchScope): Promise<HustlingRow> {
  const [header] = await selectHeaders(db).where(and(sameCode(hustlings.hustlingCstNum, hustlingCstNum), branchCondition(scope, hustlings.branchCode)));
  if (!header) throw notFound(hustlingCstNum);
  const [row] = await withLines(db, [header]);
  return row;
}

/** The hustling of a voyage at a branch (the header read by voyage number), or null when it has none. */
export async function hustlingOfVoyage(db: Db, scope: BranchScope, branchCode: string, voyageNum: string): Promise<{ data: HustlingRow | null }> {
  // A branch the caller does not work for shows nothing, as a voyage without a hustling does.
  if (!coversBranch(scope, branchCode)) return { data: null };
  const [header] = await selectHeaders(db).where(and(
    sameCode(hustlings.branchCode, branchCode),
    sameCode(hustlings.voyageNum, voyageNum),
    branchCondition(scope, hustlings.branchCode),
  ));
  return { data: header ? (await withLines(db, [header]))[0] : null };
}

/** The hustlings of the caller's branches (or one of them), latest transfer first, 20 a page. */
export async function listHustlings(db: Db, scope: BranchScope, query: HustlingListQuery) {
  const term = query.search || undefined;
  const where = and(
    branchCondition(scope, hustlings.branchCode),
    query.branchCode ? sameCode(hustlings.branchCode, query.branchCode) : undefined,
    term
      ? or(
        searchAny([hustlings.hustlingCstNum, hustlings.voyageNum, voyageSchedules.voyageRef, vessels.name, hustlings.remarks], term),
        sql`exists (select 1 from ${hustlingLines} where ${hustlingLines.hustlingId} = ${hustlings.id} and ${
          searchAny([hustlingLines.containerVanNum, hustlingLines.plateNum, hustlingLines.driver], term)
        })`,
      )
      : undefined,
  );
  const [headers, [{ total }]] = await Promise.all([
    selectHeaders(db).where(where).orderBy(desc(hustlings.dateTimeIn), desc(hustlings.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(hustlings)
      .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, hustlings.voyageNum))
      .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
      .where(where),
  ]);
  const data = await withLines(db, headers);
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}

/** A voyage leaves from the branch or calls at it. */
const touchesBranch = (branchCode: string) =>
  or(
    sameCode(voyageSchedules.originBranchCode, branchCode),
    sql`exists (select 1 from ${voyageScheduleDestinations} where ${voyageScheduleDestinations.voyageNum} = ${voyageSchedules.voyageNum}
      and lower(${voyageScheduleDestinations.destinationBranchCode}) = lower(${branchCode}))`,
  );

/** The branch as stored, when the caller works for it; a branch of someone else's is a mistake of the request. */
async function checkedBranch(db: Db, scope: BranchScope, branchCode: string): Promise<string> {
  const [branch] = await db.select({ code: branches.code }).from(branches).where(sameCode(branches.code, branchCode));
  if (!branch) throw refused("branchCode", `Branch ${branchCode} does not exist.`);
  if (!coversBranch(scope, branch.code)) throw refused("branchCode", `You do not work for branch ${branch.code}.`);
  return branch.code;
}

/** The active voyages leaving from or calling at a branch of the caller's, latest departure first, with their hustling. */
export async function voyagesForHustling(db: Db, scope: BranchScope, branchCode: string, search: string): Promise<{ data: HustlingVoyageRow[]; message?: string }> {
  const branch = await checkedBranch(db, scope, branchCode);
  const rows = await db.select({
    voyageNum: voyageSchedules.voyageNum,
    voyageRef: voyageSchedules.voyageRef,
    vesselCode: voyageSchedules.vesselCode,
    vesselName: vessels.name,
    originBranchCode: voyageSchedules.originBranchCode,
    estimatedTimeDeparture: voyageSchedules.estimatedTimeDeparture,
    hustlingCstNum: hustlings.hustlingCstNum,
  }).from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .leftJoin(hustlings, and(eq(hustlings.voyageNum, voyageSchedules.voyageNum), eq(hustlings.branchCode, branch)))
    .where(and(
      eq(voyageSchedules.isActive, true),
      touchesBranch(branch),
      searchAny([voyageSchedules.voyageNum, voyageSchedules.voyageRef, vessels.name], search || undefined),
    ))
    .orderBy(desc(voyageSchedules.estimatedTimeDeparture), desc(voyageSchedules.id))
    .limit(100);
  const data = rows.map((r) => ({ ...r, estimatedTimeDeparture: r.estimatedTimeDeparture.toISOString() }));
  return data.length === 0 ? { data, message: `No active voyage leaves from or calls at branch ${branch}.` } : { data };
}

interface VoyageAtBranch {
  voyageNum: string;
  vesselCode: string;
  vesselName: string;
}

/** An active voyage that leaves from or calls at the branch. */
async function checkedVoyage(db: Db, voyageNum: string, branchCode: string, field: string): Promise<VoyageAtBranch> {
  const [voyage] = await db.select({
    voyageNum: voyageSchedules.voyageNum, vesselCode: voyageSchedules.vesselCode, vesselName: vessels.name, isActive: voyageSchedules.isActive,
    touches: sql<boolean>`${touchesBranch(branchCode)}`,
  }).from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .where(sameCode(voyageSchedules.voyageNum, voyageNum));
  if (!voyage) throw refused(field, `Voyage ${voyageNum} does not exist.`);
  if (!voyage.isActive) throw refused(field, `Voyage ${voyage.voyageNum} is not active.`);
  if (!voyage.touches) throw refused(field, `Voyage ${voyage.voyageNum} neither leaves from nor calls at branch ${branchCode}.`);
  return { voyageNum: voyage.voyageNum, vesselCode: voyage.vesselCode, vesselName: voyage.vesselName };
}

/** An active yard; `branchCode` when it must be a yard of that branch. */
async function checkedYard(db: Db, cyCode: string, field: string, branchCode: string, why: string): Promise<string> {
  const [yard] = await db.select().from(containerYards).where(sameCode(containerYards.code, cyCode));
  if (!yard || !yard.isActive) throw refused(field, `Container yard ${cyCode} is not an active yard.`);
  if (yard.branchCode.toUpperCase() !== branchCode.toUpperCase()) {
    throw refused(field, `Container yard ${yard.code} is not a yard of branch ${branchCode}; ${why}.`);
  }
  return yard.code;
}

/** Where the vans go and who hauls them, checked and in their stored spelling. */
interface CheckedDetails {
  toReference: ToReference;
  hustVoyageNum: string | null;
  toPortCode: string | null;
  fromCyCode: string;
  toCyCode: string;
  truckingCode: string;
}

async function checkedDetails(db: Db, branchCode: string, voyage: VoyageAtBranch, input: UpdateHustlingInput | CreateHustlingInput): Promise<CheckedDetails> {
  let hustVoyageNum: string | null = null;
  let toPortCode: string | null = null;
  let toBranch = branchCode;
  if (input.toReference === "To Vessel") {
    const other = await checkedVoyage(db, input.hustVoyageNum!, branchCode, "hustVoyageNum");
    if (other.voyageNum === voyage.voyageNum) throw refused("hustVoyageNum", "The vans go to another voyage than the one they are hustled for.");
    if (other.vesselCode === voyage.vesselCode) {
      throw refused("hustVoyageNum", `Voyage ${other.voyageNum} is on the same vessel, ${other.vesselName}; the vans go to another vessel.`);
    }
    hustVoyageNum = other.voyageNum;
  } else {
    const [port] = await db.select().from(ports).where(sameCode(ports.code, input.toPortCode!));
    if (!port || !port.isActive) throw refused("toPortCode", `Port ${input.toPortCode} is not an active port.`);
    toPortCode = port.code;
    toBranch = port.branchCode;
  }
  const fromCyCode = await checkedYard(db, input.fromCyCode, "fromCyCode", branchCode, "the vans leave a yard of the hustling's branch");
  const toCyCode = await checkedYard(
    db, input.toCyCode, "toCyCode", toBranch,
    input.toReference === "To Vessel" ? "vans hustled to a vessel stay at the branch" : `vans going to port ${toPortCode} go to a yard of its branch`,
  );
  const haulers = await hustlingTruckers(db, branchCode);
  if (haulers.length === 0) throw refused("truckingCode", `No Authorized Trucker on ${branchCode} Branch`);
  const trucker = haulers.find((t) => t.code.toUpperCase() === input.truckingCode.toUpperCase());
  if (!trucker) throw refused("truckingCode", `Trucker ${input.truckingCode} is not an active hauling trucker of branch ${branchCode}.`);
  return { toReference: input.toReference, hustVoyageNum, toPortCode, fromCyCode, toCyCode, truckingCode: trucker.code };
}

/** Every van number passes ISO 6346 (domain notes §3) before anything is read; the first that fails is named. */
function checkNumbers(lines: readonly HustlingLineInput[]): void {
  lines.forEach((line, i) => {
    const check = checkContainerNumber(line.containerVanNum);
    if (!check.valid) {
      throw new AppError("VALIDATION", `Line ${i + 1}: ${check.message}`, { [`lines.${i}.containerVanNum`]: [check.message] });
    }
  });
}

type WrittenLine = {
  lineNo: number;
  containerVanNum: string;
  containerType: string;
  size: string;
  plateNum: string;
  driver: string;
  detailsRemarks: string;
};

/**
 * Moves the vans as the plan says and answers the lines to write, in the moving transaction: vans taken off go
 * back first (one moved on since stays where it is); then each van of the lines must be a van of the line that a
 * hustling may move, and each van taken out must stand in the from yard; it is moved only if it still does.
 */
async function applyPlan(tx: Tx, caller: Caller, plan: YardPlan, lines: readonly HustlingLineInput[], fromCyCode: string): Promise<{ lines: WrittenLine[]; leftOut: string[] }> {
  const leftOut = await moveVansBetweenYards(tx, plan.back, caller);
  const vans = await vansByNumbers(tx, lines.map((l) => l.containerVanNum));
  const byNumber = new Map(vans.map((v) => [v.code.replace(/\s+/g, "").toUpperCase(), v]));
  const going = new Set(plan.out.map((m) => m.code.toUpperCase()));
  const written = lines.map((line, i): WrittenLine => {
    const field = `lines.${i}.containerVanNum`;
    const van = byNumber.get(line.containerVanNum.toUpperCase());
    if (!van) throw refused(field, `Container van ${line.containerVanNum} is not a van of the line.`);
    const check = checkContainerNumber(van.code);
    if (!check.valid) throw refused(field, check.message);
    if (!mayHustle(van)) {
      throw refused(field, van.isActive
        ? `Container van ${van.code} is ${van.condition}; only a full or empty van is hustled.`
        : `Container van ${van.code} is not active.`);
    }
    if (going.has(line.containerVanNum.toUpperCase()) && (van.cyCode ?? "").toUpperCase() !== fromCyCode.toUpperCase()) {
      throw refused(field, van.cyCode
        ? `Container van ${van.code} is at yard ${van.cyCode}, not at ${fromCyCode}, the yard the vans leave.`
        : `Container van ${van.code} is at no yard; only a van at ${fromCyCode} leaves from there.`);
    }
    return {
      lineNo: i + 1, containerVanNum: van.code, containerType: van.vanType, size: van.size,
      plateNum: line.plateNum, driver: line.driver, detailsRemarks: line.detailsRemarks,
    };
  });
  const outMoves = plan.out.map((m) => ({ ...m, code: byNumber.get(m.code.toUpperCase())!.code }));
  const stuck = await moveVansBetweenYards(tx, outMoves, caller);
  if (stuck.length > 0) {
    throw new AppError("CONFLICT", `Container van ${stuck.join(", ")} was moved by someone else a moment ago. Reload and try again.`);
  }
  return { lines: written, leftOut };
}

const placesOf = (h: { fromCyCode: string; toCyCode: string }, vans: readonly string[]): HustlingPlaces => ({ fromCyCode: h.fromCyCode, toCyCode: h.toCyCode, vans });

/** The refusal of a second hustling for a voyage at a branch. */
async function refuseSecond(db: Db, branchCode: string, voyageNum: string): Promise<void> {
  const [other] = await db.select({ num: hustlings.hustlingCstNum }).from(hustlings)
    .where(and(eq(hustlings.branchCode, branchCode), eq(hustlings.voyageNum, voyageNum)));
  if (other) throw secondOne(other.num, branchCode, voyageNum);
}

const secondOne = (num: string, branchCode: string, voyageNum: string) => {
  const text = `Voyage ${voyageNum} already has hustling ${num} at branch ${branchCode}; change that one.`;
  return new AppError("CONFLICT", text, { voyageNum: [text] });
};

/**
 * Writes a hustling (001 §7 Hustlings create): numbered from the branch's HUS series, its vans moved from the
 * from yard to the to yard in the van master, and the audit row, all in one transaction.
 */
export async function createHustling(db: Db, caller: Caller, input: CreateHustlingInput) {
  const branchCode = await checkedBranch(db, caller, input.branchCode);
  const voyage = await checkedVoyage(db, input.voyageNum, branchCode, "voyageNum");
  const details = await checkedDetails(db, branchCode, voyage, input);
  checkNumbers(input.lines);
  await refuseSecond(db, branchCode, voyage.voyageNum);
  const now = new Date();
  let number: string;
  try {
    number = await db.transaction(async (tx: Tx) => {
      const num = await nextNumber(tx, { series: HUSTLING_SERIES, branchCode, on: now });
      const [row] = await tx.insert(hustlings).values({
        hustlingCstNum: num, branchCode, voyageNum: voyage.voyageNum, ...details,
        dateTimeIn: new Date(input.dateTimeIn), dateTimeOut: new Date(input.dateTimeOut), remarks: input.remarks,
        userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      }).returning({ id: hustlings.id });
      const plan = yardPlan(null, placesOf(details, input.lines.map((l) => l.containerVanNum)));
      const { lines } = await applyPlan(tx, caller, plan, input.lines, details.fromCyCode);
      await tx.insert(hustlingLines).values(lines.map((l) => ({ ...l, hustlingId: row.id })));
      await recordAudit(tx, {
        actor: caller.userId, action: "HUSTLING_CREATED", target: `hustling:${num}`,
        detail: { recordId: row.id, branchCode, voyageNum: voyage.voyageNum, ...details, lines, moved: plan.out },
      });
      return num;
    });
  } catch (err) {
    // Two clerks writing the voyage's hustling at once: the second meets the unique key.
    if (databaseErrorCode(err) === "23505") await refuseSecond(db, branchCode, voyage.voyageNum);
    throw err;
  }
  return { data: await hustlingByNum(db, number, caller), message: HUSTLING_MESSAGES.created };
}

/** The voyage a hustling was written for, active or not any more: its vessel decides which vessels it may go to. */
async function voyageOf(db: Db, voyageNum: string): Promise<VoyageAtBranch> {
  const [voyage] = await db.select({ voyageNum: voyageSchedules.voyageNum, vesselCode: voyageSchedules.vesselCode, vesselName: vessels.name })
    .from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(eq(voyageSchedules.voyageNum, voyageNum));
  return voyage;
}

const stale = () => new AppError("CONFLICT", "This hustling was changed by someone else after you opened it. Reload it and try again.");

/**
 * Changes a hustling (its header and its lines) with the dateModified read: a stale one is a 409 and nothing
 * moves. Vans taken off go back to the from yard, vans added leave it; when a yard changes every van goes back
 * and is taken again.
 */
export async function updateHustling(db: Db, caller: Caller, hustlingCstNum: string, input: UpdateHustlingInput) {
  const current = await hustlingByNum(db, hustlingCstNum, caller);
  if (new Date(input.dateModified).getTime() !== new Date(current.dateModified).getTime()) throw stale();
  const voyage = await voyageOf(db, current.voyageNum);
  const details = await checkedDetails(db, current.branchCode, voyage, input);
  checkNumbers(input.lines);
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    // Only the hustling as it was read is changed: of two clerks saving one reading, the second stops here.
    const [row] = await tx.update(hustlings).set({
      ...details, dateTimeIn: new Date(input.dateTimeIn), dateTimeOut: new Date(input.dateTimeOut), remarks: input.remarks,
      userModified: caller.userId, dateModified: now,
    }).where(and(eq(hustlings.id, current.id), eq(hustlings.dateModified, new Date(input.dateModified)))).returning({ id: hustlings.id });
    if (!row) throw stale();
    const plan = yardPlan(
      placesOf(current, current.lines.map((l) => l.containerVanNum)),
      placesOf(details, input.lines.map((l) => l.containerVanNum)),
    );
    const { lines, leftOut } = await applyPlan(tx, caller, plan, input.lines, details.fromCyCode);
    await tx.delete(hustlingLines).where(eq(hustlingLines.hustlingId, current.id));
    await tx.insert(hustlingLines).values(lines.map((l) => ({ ...l, hustlingId: current.id })));
    const pick = (h: CheckedDetails & { dateTimeIn: string; dateTimeOut: string; remarks: string }) => ({
      toReference: h.toReference, hustVoyageNum: h.hustVoyageNum, toPortCode: h.toPortCode, fromCyCode: h.fromCyCode, toCyCode: h.toCyCode,
      truckingCode: h.truckingCode, dateTimeIn: new Date(h.dateTimeIn).toISOString(), dateTimeOut: new Date(h.dateTimeOut).toISOString(), remarks: h.remarks,
    });
    const header = changedValues(pick(current), pick({ ...details, dateTimeIn: input.dateTimeIn, dateTimeOut: input.dateTimeOut, remarks: input.remarks }));
    const lineFields = ["containerType", "size", "plateNum", "driver", "detailsRemarks"] as const;
    const changed = changedLines(current.lines, lines, (l) => l.containerVanNum, lineFields);
    await recordAudit(tx, {
      actor: caller.userId, action: "HUSTLING_CHANGED", target: `hustling:${current.hustlingCstNum}`,
      detail: { recordId: current.id, header, lines: changed, movedBack: plan.back, movedOut: plan.out, leftWhereTheyAre: leftOut },
    });
  });
  return { data: await hustlingByNum(db, current.hustlingCstNum, caller), message: HUSTLING_MESSAGES.updated };
}

/**
 * Deletes hustlings by id, all or none (001 §7 Hustlings delete): each one's vans go back from the to yard to the
 * from yard (a van moved on since stays where it is), and the whole record is kept in the audit log.
 */
export async function deleteHustlings(db: Db, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx: Tx) => {
    const found = await selectHeaders(tx).where(and(inArray(hustlings.id, unique), branchCondition(caller, hustlings.branchCode)))
      .orderBy(asc(hustlings.id)).for("update", { of: hustlings });
    const missing = unique.filter((id) => !found.some((h) => h.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Hustling with id ${missing.join(", ")} was not found; nothing was deleted.`);
    for (const record of await withLines(tx, found)) {
      const plan = yardPlan(placesOf(record, record.lines.map((l) => l.containerVanNum)), null);
      const leftOut = await moveVansBetweenYards(tx, plan.back, caller);
      await recordAudit(tx, {
        actor: caller.userId, action: "HUSTLING_DELETED", target: `hustling:${record.hustlingCstNum}`,
        detail: { recordId: record.id, before: record, movedBack: plan.back, leftWhereTheyAre: leftOut },
      });
    }
    await tx.delete(hustlings).where(inArray(hustlings.id, unique));
  });
  return { data: { ids: unique }, message: HUSTLING_MESSAGES.deleted };
}

/** The name of the user who wrote the hustling, for its slip; the user id when the user is gone. */
export async function issuerName(db: Db, userId: string | null): Promise<string> {
  if (!userId) return "";
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.userId, userId));
  return user?.name || userId;
}
