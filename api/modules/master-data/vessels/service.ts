import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { stowageTemplates, vesselStowagePlans, vessels } from "../../../../db/schema/master-data.ts";
import type { WriteResult } from "../../../shared/contracts.ts";
import type { Actor } from "../../../shared/crud.ts";
import type { BaseDirectory } from "../../../shared/base-directory.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import type { StowageSlot } from "../schemas.ts";
import { checkStowageGrid, firstGridProblem, type StowageGrid } from "./grid.ts";

type Vessel = typeof vessels.$inferSelect;
type StowagePlan = typeof vesselStowagePlans.$inferSelect;
type StowageTemplate = typeof stowageTemplates.$inferSelect;

export interface GridFields {
  rows: number;
  columns: number;
  slots: StowageSlot[];
}
export interface PlanFields extends GridFields {
  vesselCode: string;
  name: string;
}
export interface TemplateFields extends GridFields {
  code: string;
  name: string;
}

/** Trims positions so that "A1" and "A1 " are stored (and compared) as one label. */
const normalized = (slots: StowageSlot[]): StowageSlot[] => slots.map((s) => ({ ...s, position: s.position.trim() }));

/** Refuses a grid the editor could not draw; nothing is stored when it fails. */
function assertGrid(grid: StowageGrid): void {
  const problems = checkStowageGrid(grid);
  const first = firstGridProblem(problems);
  if (first) throw new AppError("VALIDATION", `The stowage grid is not valid: ${first}.`, problems);
}

const staleError = (what: string) =>
  new AppError("CONFLICT", `This ${what} was changed by someone else after you opened it. Reload it and try again.`);

// ---------------------------------------------------------------------------------------------- vessels

/** A vessel by its code, any letter case (the read screen's address carries the code, not the id). */
export async function readVesselByCode(db: Db, code: string): Promise<Vessel> {
  const [row] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${code})`);
  if (!row) throw new AppError("NOT_FOUND", `Vessel ${code} was not found.`);
  return row;
}

/** The vessel named in a request body: an unknown code is a mistake in the input, so 400 on that field. */
async function vesselOfInput(db: Db, code: string): Promise<Vessel> {
  const [row] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${code})`);
  if (!row) {
    const text = `Vessel ${code} does not exist`;
    throw new AppError("VALIDATION", `${text}.`, { vesselCode: [text] });
  }
  return row;
}

/** Active vessels a voyage can be moved to: every active vessel except the one it sails on now. */
export async function vesselsForVesselChange(db: Db, query: { vesselCode?: string; search?: string }): Promise<Vessel[]> {
  const parts = [eq(vessels.isActive, true), searchAny([vessels.code, vessels.name], query.search)];
  if (query.vesselCode) parts.push(sql`lower(${vessels.code}) <> lower(${query.vesselCode})`);
  return await db.select().from(vessels).where(and(...parts)).orderBy(asc(vessels.name), asc(vessels.code));
}

/**
 * The vessel's profit center in the accounting base system. With a BASE configured it is BASE's answer, kept on
 * the vessel as the local mirror; when BASE cannot be asked, the mirror (the copy accounting posts against)
 * answers, and an empty one is an answer the caller must not post with.
 */
export async function profitCenterOfVessel(db: Db, vesselCode: string, directory?: BaseDirectory | null) {
  const vessel = await readVesselByCode(db, vesselCode);
  const answer = directory ? await directory.profitCenter(vessel.code) : null;
  if (answer?.kind === "unknown") throw new AppError("NOT_FOUND", `BASE has no profit center of vessel ${vessel.code}.`);
  if (answer?.kind === "found") {
    if (answer.value !== vessel.profitCenter) await db.update(vessels).set({ profitCenter: answer.value }).where(eq(vessels.id, vessel.id));
    return { vesselCode: vessel.code, vesselName: vessel.name, profitCenter: answer.value, source: "BASE" as const };
  }
  if (!vessel.profitCenter.trim()) {
    throw new AppError("NOT_FOUND", `Vessel ${vessel.code} has no profit center yet. Set it on the vessel record first.`);
  }
  return { vesselCode: vessel.code, vesselName: vessel.name, profitCenter: vessel.profitCenter, source: "mirror" as const };
}

// ------------------------------------------------------------------------------------------ stowage plans

async function planById(db: Db, id: number): Promise<StowagePlan> {
  const [row] = await db.select().from(vesselStowagePlans).where(eq(vesselStowagePlans.id, id));
  if (!row) throw new AppError("NOT_FOUND", `Stowage plan with id ${id} was not found.`);
  return row;
}

async function refuseDuplicatePlan(db: Db, vesselCode: string, name: string, exceptId?: number) {
  const parts = [eq(vesselStowagePlans.vesselCode, vesselCode), sql`lower(${vesselStowagePlans.name}) = lower(${name})`];
  if (exceptId !== undefined) parts.push(ne(vesselStowagePlans.id, exceptId));
  const [dup] = await db.select({ id: vesselStowagePlans.id }).from(vesselStowagePlans).where(and(...parts));
  if (dup) throw duplicatePlan(vesselCode, name);
}

function duplicatePlan(vesselCode: string, name: string) {
  const text = `Vessel ${vesselCode} already has a stowage plan named ${name}`;
  return new AppError("CONFLICT", `${text}.`, { name: [text] });
}

/** Every plan of one vessel; an unknown vessel is a 404 rather than an empty list, so typos show. */
export async function stowagePlansOfVessel(db: Db, vesselCode: string): Promise<StowagePlan[]> {
  const vessel = await readVesselByCode(db, vesselCode);
  return await db.select().from(vesselStowagePlans)
    .where(eq(vesselStowagePlans.vesselCode, vessel.code))
    .orderBy(asc(vesselStowagePlans.name), asc(vesselStowagePlans.id));
}

export async function createStowagePlan(db: Db, input: PlanFields, actor: Actor): Promise<WriteResult<StowagePlan>> {
  const vessel = await vesselOfInput(db, input.vesselCode);
  const slots = normalized(input.slots);
  assertGrid({ rows: input.rows, columns: input.columns, slots });
  await refuseDuplicatePlan(db, vessel.code, input.name);
  const now = new Date();
  try {
    const [row] = await db.insert(vesselStowagePlans).values({
      vesselCode: vessel.code, name: input.name, rows: input.rows, columns: input.columns, slots,
      userCreated: actor.userId, userModified: actor.userId, dateCreated: now, dateModified: now,
    }).returning();
    return { data: row, message: "Stowage plan added successfully" };
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw duplicatePlan(vessel.code, input.name);
    throw err;
  }
}

export async function updateStowagePlan(
  db: Db, id: number, input: PlanFields & { dateModified: string }, actor: Actor,
): Promise<WriteResult<StowagePlan>> {
  const current = await planById(db, id);
  const vessel = input.vesselCode.toLowerCase() === current.vesselCode.toLowerCase()
    ? { code: current.vesselCode }
    : await vesselOfInput(db, input.vesselCode);
  const slots = normalized(input.slots);
  assertGrid({ rows: input.rows, columns: input.columns, slots });
  await refuseDuplicatePlan(db, vessel.code, input.name, id);
  try {
    const [row] = await db.update(vesselStowagePlans)
      .set({ vesselCode: vessel.code, name: input.name, rows: input.rows, columns: input.columns, slots, userModified: actor.userId, dateModified: new Date() })
      .where(and(eq(vesselStowagePlans.id, id), eq(vesselStowagePlans.dateModified, new Date(input.dateModified))))
      .returning();
    if (!row) throw staleError("stowage plan");
    return { data: row, message: "Stowage plan updated successfully" };
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw duplicatePlan(vessel.code, input.name);
    throw err;
  }
}

export async function deleteStowagePlan(db: Db, id: number): Promise<WriteResult<{ ids: number[] }>> {
  await planById(db, id);
  await db.delete(vesselStowagePlans).where(eq(vesselStowagePlans.id, id));
  return { data: { ids: [id] }, message: "Stowage plan deleted successfully" };
}

// -------------------------------------------------------------------------------------- stowage templates

async function templateById(db: Db, id: number): Promise<StowageTemplate> {
  const [row] = await db.select().from(stowageTemplates).where(eq(stowageTemplates.id, id));
  if (!row) throw new AppError("NOT_FOUND", `Stowage template with id ${id} was not found.`);
  return row;
}

function duplicateTemplate(code: string) {
  const text = `Stowage template code ${code} already exists`;
  return new AppError("CONFLICT", `${text}.`, { code: [text] });
}

async function refuseDuplicateTemplate(db: Db, code: string, exceptId?: number) {
  const parts = [sql`lower(${stowageTemplates.code}) = lower(${code})`];
  if (exceptId !== undefined) parts.push(ne(stowageTemplates.id, exceptId));
  const [dup] = await db.select({ id: stowageTemplates.id }).from(stowageTemplates).where(and(...parts));
  if (dup) throw duplicateTemplate(code);
}

export async function listStowageTemplates(db: Db, query: { search?: string }): Promise<StowageTemplate[]> {
  return await db.select().from(stowageTemplates)
    .where(searchAny([stowageTemplates.code, stowageTemplates.name], query.search))
    .orderBy(asc(stowageTemplates.code));
}

export const getStowageTemplate = templateById;

export async function createStowageTemplate(db: Db, input: TemplateFields, actor: Actor): Promise<WriteResult<StowageTemplate>> {
  const slots = normalized(input.slots);
  assertGrid({ rows: input.rows, columns: input.columns, slots });
  await refuseDuplicateTemplate(db, input.code);
  const now = new Date();
  try {
    const [row] = await db.insert(stowageTemplates).values({
      code: input.code, name: input.name, rows: input.rows, columns: input.columns, slots,
      userCreated: actor.userId, userModified: actor.userId, dateCreated: now, dateModified: now,
    }).returning();
    return { data: row, message: "Stowage template added successfully" };
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw duplicateTemplate(input.code);
    throw err;
  }
}

export async function updateStowageTemplate(
  db: Db, id: number, input: TemplateFields & { dateModified: string }, actor: Actor,
): Promise<WriteResult<StowageTemplate>> {
  await templateById(db, id);
  const slots = normalized(input.slots);
  assertGrid({ rows: input.rows, columns: input.columns, slots });
  await refuseDuplicateTemplate(db, input.code, id);
  try {
    const [row] = await db.update(stowageTemplates)
      .set({ code: input.code, name: input.name, rows: input.rows, columns: input.columns, slots, userModified: actor.userId, dateModified: new Date() })
      .where(and(eq(stowageTemplates.id, id), eq(stowageTemplates.dateModified, new Date(input.dateModified))))
      .returning();
    if (!row) throw staleError("stowage template");
    return { data: row, message: "Stowage template updated successfully" };
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw duplicateTemplate(input.code);
    throw err;
  }
}

export async function deleteStowageTemplate(db: Db, id: number): Promise<WriteResult<{ ids: number[] }>> {
  await templateById(db, id);
  await db.delete(stowageTemplates).where(eq(stowageTemplates.id, id));
  return { data: { ids: [id] }, message: "Stowage template deleted successfully" };
}
