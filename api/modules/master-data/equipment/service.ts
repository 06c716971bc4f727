import { and, asc, count, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../../db/client.ts";
import { branches, containerVans, containerYards, truckings } from "../../../../db/schema/master-data.ts";
import { readInPages } from "../../../shared/chunks.ts";
import { EMPTY_LIST_MESSAGE, type ListResult, type WriteResult } from "../../../shared/contracts.ts";
import type { Actor } from "../../../shared/crud.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny, textArray } from "../../../shared/list-filters.ts";
import { CONTAINER_VAN_CONDITIONS, type ContainerVanCondition } from "../../../shared/reference-lists.ts";

export type ContainerVan = typeof containerVans.$inferSelect;
export type Trucking = typeof truckings.$inferSelect;

export interface PageQuery {
  skip: number;
  take: number;
  search?: string;
}

/** Where a van stands: one yard, or any yard of one branch. */
export interface VanPlace {
  cyCode?: string;
  branchCode?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Container vans

/**
 * Vans a container transfer slip can hand out: empty, free and active. Full, sold, scrapped or repairing vans
 * never leave the yard on a CTS.
 */
const ctsCandidates = () =>
  and(eq(containerVans.isActive, true), eq(containerVans.isUsed, false), eq(containerVans.condition, "Empty"));

/** The conditions of a van a hustling transfer may move: loaded or empty (not sold, scrapped, repairing...). */
export const HUSTLING_CONDITIONS: readonly ContainerVanCondition[] = ["Full", "Empty"];

/** Vans a hustling transfer can move between yards, port and vessel: active and loaded or empty. */
const hustlingCandidates = () =>
  and(eq(containerVans.isActive, true), inArray(containerVans.condition, [...HUSTLING_CONDITIONS]));

/** Whether one van is one a hustling may move: the rule of searchCVHustling, for a van named by its number. */
export function mayHustle(van: Pick<ContainerVan, "isActive" | "condition">): boolean {
  return van.isActive && (HUSTLING_CONDITIONS as readonly string[]).includes(van.condition);
}

function placeFilter(place: VanPlace): SQL | undefined {
  const parts: SQL[] = [];
  if (place.cyCode) parts.push(sql`lower(${containerVans.cyCode}) = lower(${place.cyCode})`);
  if (place.branchCode) {
    // The van's branch is its yard's branch; a van out of every yard belongs to no branch.
    parts.push(inArray(
      containerVans.cyCode,
      sql`(select ${containerYards.code} from ${containerYards} where lower(${containerYards.branchCode}) = lower(${place.branchCode}))`,
    ));
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

const vanSearch = (term: string | undefined) =>
  searchAny([containerVans.code, containerVans.cyCode, containerVans.ownerName], term);

async function pagedVans(db: Db, where: SQL | undefined, page: PageQuery): Promise<ListResult<ContainerVan>> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(containerVans).where(where).orderBy(asc(containerVans.code)).limit(page.take).offset(page.skip),
    db.select({ total: count() }).from(containerVans).where(where),
  ]);
  const result: ListResult<ContainerVan> = { data: rows, total: Number(total) };
  if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

/** A page of vans a CTS may issue, optionally narrowed to a yard or a branch. */
export function loadVansForCts(db: Db, query: PageQuery & VanPlace) {
  return pagedVans(db, and(ctsCandidates(), placeFilter(query), vanSearch(query.search)), query);
}

/** The CTS picker's type-ahead: the same vans, matched on van number, yard or owner. */
export function searchVansForCts(db: Db, query: PageQuery & VanPlace & { search: string }) {
  return loadVansForCts(db, query);
}

/** Vans a hustling transfer may move. */
export function searchVansForHustling(db: Db, query: PageQuery & VanPlace) {
  return pagedVans(db, and(hustlingCandidates(), placeFilter(query), vanSearch(query.search)), query);
}

/** The vans of these numbers (compared without spaces and in any letter case); numbers the master lacks are left out. */
export async function vansByNumbers(db: Db, numbers: readonly string[]): Promise<ContainerVan[]> {
  const wanted = [...new Set(numbers.map((n) => n.replace(/[\s-]+/g, "").toUpperCase()).filter((n) => n !== ""))];
  if (wanted.length === 0) return [];
  return await db.select().from(containerVans)
    .where(inArray(sql`upper(replace(${containerVans.code}, ' ', ''))`, wanted))
    .orderBy(asc(containerVans.code));
}

/** One van taken from a yard (or from no yard) into another (or out of every yard). */
export interface YardMove {
  code: string;
  from: string | null;
  to: string | null;
}

/**
 * Moves vans between yards in one statement, each only while it still stands where the mover read it (so a
 * van someone moved meanwhile stays where they put it); answers the codes that did not move. Run it in the
 * transaction of the work that moves them.
 */
export async function moveVansBetweenYards(db: Db, moves: readonly YardMove[], actor: Actor): Promise<string[]> {
  if (moves.length === 0) return [];
  const values = sql.join(moves.map((m) => sql`(${m.code}, ${m.from}::text, ${m.to}::text)`), sql`, `);
  const moved = await queryRows<{ code: string }>(db, sql`
    update ${containerVans} set cy_code = m.to_cy, user_modified = ${actor.userId}, date_modified = now()
    from (values ${values}) as m(code, from_cy, to_cy)
    where ${containerVans.code} = m.code and ${containerVans.cyCode} is not distinct from m.from_cy
    returning ${containerVans.code} as code`);
  const done = new Set(moved.map((r) => r.code));
  return moves.map((m) => m.code).filter((code) => !done.has(code));
}

/** Every active van currently taken by a booking or transfer (the used flag is set). */
export async function vansInBookings(db: Db, query: VanPlace & { search?: string }): Promise<ContainerVan[]> {
  return await db.select().from(containerVans)
    .where(and(eq(containerVans.isActive, true), eq(containerVans.isUsed, true), placeFilter(query), vanSearch(query.search)))
    .orderBy(asc(containerVans.code));
}

/** The canonical spelling of a condition from the reference list, matched without regard to case. */
export function canonicalCondition(value: string): ContainerVanCondition | undefined {
  const wanted = value.trim().toLowerCase();
  return CONTAINER_VAN_CONDITIONS.find((c) => c.toLowerCase() === wanted);
}

export interface StatusChange {
  id: number;
  condition: string;
  /** Moves the van into this yard; null takes it out of every yard; absent leaves it where it is. */
  cyCode?: string | null;
}

export async function updateVanStatus(db: Db, change: StatusChange, actor: Actor): Promise<WriteResult<ContainerVan>> {
  const condition = canonicalCondition(change.condition);
  if (!condition) {
    const text = `Condition '${change.condition}' is not one of ${CONTAINER_VAN_CONDITIONS.join(", ")}.`;
    throw new AppError("VALIDATION", text, { condition: [text.slice(0, -1)] });
  }
  const [van] = await db.select({ id: containerVans.id }).from(containerVans).where(eq(containerVans.id, change.id));
  if (!van) throw new AppError("NOT_FOUND", `Container van with id ${change.id} was not found.`);
  const set: Partial<typeof containerVans.$inferInsert> = { condition, userModified: actor.userId, dateModified: new Date() };
  if (change.cyCode !== undefined) {
    if (change.cyCode !== null) {
      const [yard] = await db.select({ code: containerYards.code }).from(containerYards)
        .where(sql`lower(${containerYards.code}) = lower(${change.cyCode})`);
      if (!yard) {
        const text = `Container yard ${change.cyCode} does not exist.`;
        throw new AppError("VALIDATION", text, { cyCode: [text.slice(0, -1)] });
      }
      set.cyCode = yard.code;
    } else {
      set.cyCode = null;
    }
  }
  const [row] = await db.update(containerVans).set(set).where(eq(containerVans.id, change.id)).returning();
  return { data: row, message: "Container van updated successfully" };
}

export interface VanSelection {
  ids?: number[];
  codes?: string[];
}

/**
 * Marks vans taken or free. All named vans must exist, or none is changed; codes match without regard to case
 * because bookings carry the van number as typed.
 */
export async function setVansUsed(db: Db, selection: VanSelection, isUsed: boolean, actor: Actor): Promise<WriteResult<ContainerVan[]>> {
  const ids = [...new Set(selection.ids ?? [])];
  const codes = [...new Set((selection.codes ?? []).map((c) => c.trim().toLowerCase()))];
  return await db.transaction(async (tx) => {
    const byId = ids.length > 0 ? await tx.select({ id: containerVans.id }).from(containerVans).where(inArray(containerVans.id, ids)) : [];
    const missingIds = ids.filter((id) => !byId.some((r) => r.id === id));
    const byCode = codes.length > 0
      ? await tx.select({ id: containerVans.id, code: containerVans.code }).from(containerVans)
        .where(inArray(sql`lower(${containerVans.code})`, codes))
      : [];
    const missingCodes = codes.filter((c) => !byCode.some((r) => r.code.toLowerCase() === c));
    if (missingIds.length > 0 || missingCodes.length > 0) {
      const what = [...missingIds.map((id) => `id ${id}`), ...missingCodes.map((c) => c.toUpperCase())].join(", ");
      throw new AppError("NOT_FOUND", `Container van ${what} was not found; nothing was changed.`);
    }
    const targets = [...new Set([...byId.map((r) => r.id), ...byCode.map((r) => r.id)])];
    // Taking a van claims it: only a free, active van is taken, so two bookings racing for one van cannot both
    // get it (the second update waits for the first and then finds the van taken).
    const claim = isUsed ? and(eq(containerVans.isUsed, false), eq(containerVans.isActive, true)) : undefined;
    const rows = await tx.update(containerVans)
      .set({ isUsed, userModified: actor.userId, dateModified: new Date() })
      .where(and(inArray(containerVans.id, targets), claim))
      .returning();
    if (rows.length < targets.length) {
      const unavailable = await tx.select({ code: containerVans.code, isUsed: containerVans.isUsed }).from(containerVans)
        .where(inArray(containerVans.id, targets.filter((id) => !rows.some((r) => r.id === id))));
      const taken = unavailable.map((v) => `${v.code}${v.isUsed ? " (already taken)" : " (inactive)"}`).sort().join(", ");
      throw new AppError("CONFLICT", `Container van ${taken} cannot be taken; nothing was changed.`);
    }
    rows.sort((a, b) => a.code.localeCompare(b.code));
    return { data: rows, message: rows.length === 1 ? "Container van updated successfully" : "Container vans updated successfully" };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Truckings

const truckingSearch = (term: string | undefined) =>
  searchAny([truckings.code, truckings.name, truckings.plateNum, truckings.contactPerson], term);


/** Truckings serving at least one of the branches (GIN-indexed overlap). */
const servesAny = (codes: string[]) => sql`${truckings.branchCodes} && ${textArray(codes)}`;
/** Truckings serving every one of the branches. */
const servesAll = (codes: string[]) => sql`${truckings.branchCodes} @> ${textArray(codes)}`;

/**
 * The stored spelling of each branch code asked for; an unknown branch is a mistake of the caller, not an
 * empty list, so it is reported.
 */
export async function knownBranchCodes(db: Db, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter((c) => c !== ""))];
  if (wanted.length === 0) {
    throw new AppError("VALIDATION", "Give at least one branch code.", { branchCodes: ["Give at least one branch code"] });
  }
  const found = await db.select({ code: branches.code }).from(branches)
    .where(inArray(sql`lower(${branches.code})`, wanted.map((c) => c.toLowerCase())));
  const missing = wanted.filter((c) => !found.some((f) => f.code.toLowerCase() === c.toLowerCase()));
  if (missing.length > 0) {
    const text = `Branch ${missing.join(", ")} does not exist.`;
    throw new AppError("VALIDATION", text, { branchCodes: [text.slice(0, -1)] });
  }
  return wanted.map((c) => found.find((f) => f.code.toLowerCase() === c.toLowerCase())!.code);
}

const byName = [asc(truckings.name), asc(truckings.code)];

/** Every trucking, active or not, in code order (the plain GET /Truckings). */
export async function allTruckings(db: Db, search?: string): Promise<Trucking[]> {
  return await db.select().from(truckings).where(truckingSearch(search)).orderBy(asc(truckings.code));
}

export interface AuthorizedList {
  data: Trucking[];
  message?: string;
}

/** Active, accredited truckers, optionally of one branch; an empty answer says so for that branch. */
export async function authorizedTruckings(db: Db, branchCode?: string): Promise<AuthorizedList> {
  const parts: (SQL | undefined)[] = [eq(truckings.isActive, true), eq(truckings.isAuthorized, true)];
  let branch: string | undefined;
  if (branchCode) {
    [branch] = await knownBranchCodes(db, [branchCode]);
    parts.push(servesAll([branch]));
  }
  const data = await db.select().from(truckings).where(and(...parts)).orderBy(...byName);
  if (data.length === 0) {
    return { data, message: branch ? `No Authorized Trucker on ${branch} Branch` : "No Authorized Trucker" };
  }
  return { data };
}

/** Active truckers serving any of the branches. */
export async function truckingsOfBranches(db: Db, branchCodes: string[]): Promise<Trucking[]> {
  const codes = await knownBranchCodes(db, branchCodes);
  return await db.select().from(truckings).where(and(eq(truckings.isActive, true), servesAny(codes))).orderBy(...byName);
}

/** Tally sheets name only accredited truckers; any of the voyage's branches will do. */
export async function truckingsForTallySheet(db: Db, branchCodes: string[]): Promise<Trucking[]> {
  const codes = await knownBranchCodes(db, branchCodes);
  return await db.select().from(truckings)
    .where(and(eq(truckings.isActive, true), eq(truckings.isAuthorized, true), servesAny(codes)))
    .orderBy(...byName);
}

/**
 * An authority to withdraw lets the trucker collect cargo at the releasing branch and bring it where it is
 * going, so the trucker must be accredited at every branch named.
 */
export async function truckingsForAtw(db: Db, branchCodes: string[]): Promise<Trucking[]> {
  const codes = await knownBranchCodes(db, branchCodes);
  return await db.select().from(truckings)
    .where(and(eq(truckings.isActive, true), eq(truckings.isAuthorized, true), servesAll(codes)))
    .orderBy(...byName);
}

/** Active hauling truckers of one branch, given by its id or its code. */
export async function hustlingTruckers(db: Db, branch: string): Promise<Trucking[]> {
  const key = branch.trim();
  // A code wins over an id that happens to read the same; an id must fit the column's integer.
  const [byCode] = await db.select({ code: branches.code }).from(branches).where(sql`lower(${branches.code}) = lower(${key})`);
  const asId = /^\d{1,10}$/.test(key) && Number(key) <= 2_147_483_647 ? Number(key) : undefined;
  const [found] = byCode ? [byCode] : asId === undefined ? [] : await db.select({ code: branches.code }).from(branches).where(eq(branches.id, asId));
  if (!found) throw new AppError("NOT_FOUND", `Branch ${key} was not found.`);
  return await db.select().from(truckings)
    .where(and(eq(truckings.isActive, true), eq(truckings.isHauling, true), servesAll([found.code])))
    .orderBy(...byName);
}

export async function setTruckingActive(db: Db, id: number, isActive: boolean, actor: Actor): Promise<WriteResult<Trucking>> {
  const [row] = await db.update(truckings)
    .set({ isActive, userModified: actor.userId, dateModified: new Date() })
    .where(eq(truckings.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", `Trucking with id ${id} was not found.`);
  return { data: row, message: `Trucking ${isActive ? "activated" : "deactivated"} successfully` };
}

export interface CtsReportQuery {
  branchCodes?: string[];
  search?: string;
  /** Absent: active and inactive alike, since a report covers slips written by truckers who left since. */
  isActive?: boolean;
}

/** Truckers a CTS report can be filtered by. */
export async function truckingsForCtsReports(db: Db, query: CtsReportQuery): Promise<Trucking[]> {
  const parts: (SQL | undefined)[] = [truckingSearch(query.search)];
  if (query.branchCodes && query.branchCodes.length > 0) parts.push(servesAny(await knownBranchCodes(db, query.branchCodes)));
  if (query.isActive !== undefined) parts.push(eq(truckings.isActive, query.isActive));
  return await db.select().from(truckings).where(and(...parts)).orderBy(...byName);
}

/** Rows of the trucking master download, in code order; the CLI and the screen use the same selection. */
export async function truckingsForExport(db: Db, options: { search?: string } = {}): Promise<Trucking[]> {
  return await allTruckings(db, options.search?.trim() || undefined);
}

/** The rows of truckingsForExport, read a page at a time so that a download of thousands holds up no request. */
export function truckingPagesForExport(db: Db, options: { search?: string } = {}): AsyncIterable<Trucking[]> {
  const search = truckingSearch(options.search?.trim() || undefined);
  return readInPages(db, (after, limit) =>
    db.select().from(truckings)
      .where(and(search, after ? gt(truckings.code, after.code) : undefined))
      .orderBy(asc(truckings.code)).limit(limit)
  );
}
