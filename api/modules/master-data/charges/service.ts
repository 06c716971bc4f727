import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  branches,
  cargoTypes,
  chargeItemCodes,
  charges,
  chargeServicesMatrices,
  companyPolicies,
  serviceModes,
} from "../../../../db/schema/master-data.ts";
import { EMPTY_LIST_MESSAGE, type ListResult, type WriteResult } from "../../../shared/contracts.ts";
import type { Actor } from "../../../shared/crud.ts";
import type { BaseDirectory } from "../../../shared/base-directory.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny, statusFilter } from "../../../shared/list-filters.ts";
import { chargeService, chargeServicesMatrixService } from "../entities.ts";
import { STRIPPING_TYPE_CODES, type StrippingTypeCode } from "../../../shared/reference-lists.ts";
import { brokenCheck } from "../../../shared/fields.ts";
import { policyInForce } from "../rules.ts";
import { chargeContract } from "../schemas.ts";

export type ChargeRow = typeof charges.$inferSelect;
export type ItemCodeRow = typeof chargeItemCodes.$inferSelect;
export type MatrixRow = typeof chargeServicesMatrices.$inferSelect;
export type PolicyRow = typeof companyPolicies.$inferSelect;

export interface ItemCodeInput {
  chargeCode?: string;
  branchCode: string;
  itemCode: string;
  description: string;
}

export interface MatrixInput {
  chargeCode?: string;
  serviceModeCode: string;
  cargoTypeCode: string;
  chargePart: string;
  isRequired: boolean;
}

export type ChargeWithDetails = ChargeRow & { itemCodes: ItemCodeRow[]; servicesMatrix: MatrixWithNames[] };

const withMessage = <T>(rows: T[], empty = EMPTY_LIST_MESSAGE): ListResult<T> =>
  rows.length === 0 ? { data: rows, total: 0, message: empty } : { data: rows, total: rows.length };

const invalid = (field: string, text: string) => new AppError("VALIDATION", `${text}.`, { [field]: [text] });

/** The charge of a code given in a path or body; codes compare without regard to letter case. */
export async function chargeByCode(db: Executor, code: string, field = "code"): Promise<ChargeRow> {
  const [row] = await db.select().from(charges).where(sql`lower(${charges.code}) = lower(${code})`);
  if (!row) throw new AppError("NOT_FOUND", `Charge ${code} was not found.`, { [field]: [`Charge ${code} does not exist`] });
  return row;
}

// ------------------------------------------------------------------------------------------- item codes

async function itemCodesOfCharge(db: Executor, chargeCode: string): Promise<ItemCodeRow[]> {
  return await db.select().from(chargeItemCodes).where(eq(chargeItemCodes.chargeCode, chargeCode))
    .orderBy(asc(chargeItemCodes.branchCode), asc(chargeItemCodes.id));
}

/**
 * A charge has at most one item code per branch, and the branches must exist. Checked before anything is
 * written so that the answer names the offending entry instead of a database constraint. `chargeCode`, when
 * an entry repeats it, must name the charge being written.
 */
async function checkItemCodes(db: Executor, chargeCode: string, list: readonly ItemCodeInput[], field: string) {
  const seen = new Map<string, number>();
  list.forEach((entry, i) => {
    if (entry.chargeCode !== undefined && entry.chargeCode.toLowerCase() !== chargeCode.toLowerCase()) {
      throw invalid(`${field}.${i}.chargeCode`, `Item code entry ${i + 1} names charge ${entry.chargeCode}, not ${chargeCode}`);
    }
    const key = entry.branchCode.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      throw invalid(`${field}.${i}.branchCode`, `Branch ${entry.branchCode} is given item codes twice (entries ${first + 1} and ${i + 1})`);
    }
    seen.set(key, i);
  });
  if (list.length === 0) return new Map<string, string>();
  const found = await db.select({ code: branches.code }).from(branches)
    .where(inArray(sql`lower(${branches.code})`, [...seen.keys()]));
  const canonical = new Map(found.map((b) => [b.code.toLowerCase(), b.code]));
  const missing = list.findIndex((entry) => !canonical.has(entry.branchCode.toLowerCase()));
  if (missing >= 0) throw invalid(`${field}.${missing}.branchCode`, `Branch ${list[missing].branchCode} does not exist`);
  return canonical;
}

async function writeItemCodes(tx: Tx, chargeCode: string, list: readonly ItemCodeInput[], canonical: Map<string, string>, actor: Actor) {
  if (list.length === 0) return;
  const now = new Date();
  await tx.insert(chargeItemCodes).values(list.map((entry) => ({
    chargeCode,
    branchCode: canonical.get(entry.branchCode.toLowerCase()) ?? entry.branchCode,
    itemCode: entry.itemCode,
    description: entry.description,
    userCreated: actor.userId,
    userModified: actor.userId,
    dateCreated: now,
    dateModified: now,
  })));
}

/** The item codes of one charge, branch by branch (404 for an unknown charge). */
export async function itemCodesOf(db: Db, code: string) {
  const charge = await chargeByCode(db, code);
  const rows = await itemCodesOfCharge(db, charge.code);
  return withMessage(rows, `Charge ${charge.code} has no item codes yet.`);
}

/**
 * Replaces the whole item-code list of a charge: what the list holds afterwards is exactly what was sent. The
 * list belongs to the charge record, so `dateModified` is the charge's as the editor loaded it: a list saved by
 * someone else since then is a 409, never silently overwritten. The charge's dateModified moves on.
 */
export async function replaceItemCodes(
  db: Db,
  code: string,
  change: { itemCodes: ItemCodeInput[]; dateModified: string },
  actor: Actor,
): Promise<WriteResult<ItemCodeRow[]> & { charge: { dateModified: Date } }> {
  return await db.transaction(async (t) => {
    const found = await chargeByCode(t, code);
    // Two editors saving at once take turns; the second then sees the first one's dateModified.
    const [locked] = await t.select({ dateModified: charges.dateModified }).from(charges).where(eq(charges.id, found.id)).for("update");
    if (locked.dateModified.getTime() !== new Date(change.dateModified).getTime()) {
      throw new AppError("CONFLICT", "This charge was changed by someone else after you opened it. Reload it and try again.");
    }
    const canonical = await checkItemCodes(t, found.code, change.itemCodes, "itemCodes");
    await t.delete(chargeItemCodes).where(eq(chargeItemCodes.chargeCode, found.code));
    await writeItemCodes(t, found.code, change.itemCodes, canonical, actor);
    const [charge] = await t.update(charges).set({ userModified: actor.userId, dateModified: new Date() })
      .where(eq(charges.id, found.id)).returning({ dateModified: charges.dateModified });
    return { data: await itemCodesOfCharge(t, found.code), charge, message: "Charge item codes updated successfully" };
  });
}

/**
 * The accounting item code of a charge at a branch. With a BASE configured it is BASE's answer, kept in the
 * charge's item codes as the local mirror; when BASE cannot be asked, the mirror answers. A charge without a code
 * for that branch is reported, not guessed from another branch.
 */
export async function itemCodeFromBase(db: Db, input: { chargeCode: string; branchCode: string }, directory?: BaseDirectory | null) {
  const charge = await chargeByCode(db, input.chargeCode, "chargeCode");
  const [branch] = await db.select().from(branches).where(sql`lower(${branches.code}) = lower(${input.branchCode})`);
  if (!branch) {
    throw new AppError("NOT_FOUND", `Branch ${input.branchCode} was not found.`, { branchCode: [`Branch ${input.branchCode} does not exist`] });
  }
  const missing = (text: string) => new AppError("NOT_FOUND", `${text}.`, { branchCode: [text] });
  const answer = directory ? await directory.itemCode(charge.code, branch.code) : null;
  if (answer?.kind === "unknown") throw missing(`BASE has no item code of charge ${charge.code} for branch ${branch.code}`);
  const [row] = await db.select().from(chargeItemCodes)
    .where(and(eq(chargeItemCodes.chargeCode, charge.code), eq(chargeItemCodes.branchCode, branch.code)));
  const named = { chargeCode: charge.code, chargeName: charge.name, branchCode: branch.code, branchName: branch.name };
  if (answer?.kind === "found") {
    const { itemCode, description } = answer.value;
    if (!row || row.itemCode !== itemCode || row.description !== description) {
      await db.insert(chargeItemCodes).values({ chargeCode: charge.code, branchCode: branch.code, itemCode, description, userCreated: "BASE", userModified: "BASE" })
        .onConflictDoUpdate({ target: [chargeItemCodes.chargeCode, chargeItemCodes.branchCode], set: { itemCode, description, userModified: "BASE", dateModified: new Date() } });
    }
    return { ...named, itemCode, description, source: "BASE" as const };
  }
  if (!row) throw missing(`Charge ${charge.code} has no item code for branch ${branch.code}`);
  return { ...named, itemCode: row.itemCode, description: row.description, source: "mirror" as const };
}

// ------------------------------------------------------------------------------------ charge-services matrix

export type MatrixWithNames = MatrixRow & { chargeName: string; serviceModeName: string; cargoTypeName: string };

const matrixColumns = {
  id: chargeServicesMatrices.id,
  chargeCode: chargeServicesMatrices.chargeCode,
  serviceModeCode: chargeServicesMatrices.serviceModeCode,
  cargoTypeCode: chargeServicesMatrices.cargoTypeCode,
  chargePart: chargeServicesMatrices.chargePart,
  isRequired: chargeServicesMatrices.isRequired,
  isActive: chargeServicesMatrices.isActive,
  userCreated: chargeServicesMatrices.userCreated,
  userModified: chargeServicesMatrices.userModified,
  dateCreated: chargeServicesMatrices.dateCreated,
  dateModified: chargeServicesMatrices.dateModified,
  chargeName: charges.name,
  serviceModeName: serviceModes.name,
  cargoTypeName: cargoTypes.name,
};

function matrixSelect(db: Db, where: SQL | undefined) {
  const m = chargeServicesMatrices;
  return db.select(matrixColumns).from(m)
    .innerJoin(charges, eq(charges.code, m.chargeCode))
    .innerJoin(serviceModes, eq(serviceModes.code, m.serviceModeCode))
    .innerJoin(cargoTypes, eq(cargoTypes.code, m.cargoTypeCode))
    .where(where)
    .orderBy(asc(m.chargeCode), asc(m.serviceModeCode), asc(m.cargoTypeCode), asc(m.id));
}

export interface MatrixListQuery {
  search?: string;
  filter?: string;
  chargeCode?: string;
  serviceModeCode?: string;
  cargoTypeCode?: string;
}

/** Every matrix row matching the filters, unpaged, with the names of its charge, service mode and cargo type. */
export async function listMatrices(db: Db, q: MatrixListQuery): Promise<ListResult<MatrixWithNames>> {
  const m = chargeServicesMatrices;
  const byCode = (column: AnyPgColumn, value: string | undefined) =>
    value ? sql`lower(${column}) = lower(${value})` : undefined;
  const where = and(
    statusFilter(m.isActive, q.filter),
    searchAny([m.chargeCode, m.serviceModeCode, m.cargoTypeCode, charges.name, serviceModes.name, cargoTypes.name], q.search),
    byCode(m.chargeCode, q.chargeCode),
    byCode(m.serviceModeCode, q.serviceModeCode),
    byCode(m.cargoTypeCode, q.cargoTypeCode),
  );
  return withMessage(await matrixSelect(db, where) as MatrixWithNames[]);
}

// ------------------------------------------------------------------------------------------------ charges

export interface ChargeListQuery {
  search?: string;
  filter?: string;
  category?: string;
  branchCode?: string;
}

/**
 * Charges matching the filters, unpaged. A charge with no applied branches applies at every branch, so a
 * branch filter keeps those as well as the charges that name the branch.
 */
export async function listCharges(db: Db, q: ChargeListQuery): Promise<ListResult<ChargeRow>> {
  const where = and(
    statusFilter(charges.isActive, q.filter),
    searchAny([charges.code, charges.name, charges.printName], q.search),
    q.category ? eq(charges.category, q.category) : undefined,
    q.branchCode
      ? sql`(cardinality(${charges.appliedBranches}) = 0 or exists (select 1 from unnest(${charges.appliedBranches}) as b(code) where lower(b.code) = lower(${q.branchCode})))`
      : undefined,
  );
  return withMessage(await db.select().from(charges).where(where).orderBy(asc(charges.code)));
}

/** Every charge, active or not, each with its item codes: what the accounting side matches charges with. */
export async function allCharges(db: Db): Promise<ListResult<ChargeRow & { itemCodes: ItemCodeRow[] }>> {
  const rows = await db.select().from(charges).orderBy(asc(charges.code));
  const codes = rows.length > 0
    ? await db.select().from(chargeItemCodes).where(inArray(chargeItemCodes.chargeCode, rows.map((r) => r.code)))
      .orderBy(asc(chargeItemCodes.branchCode), asc(chargeItemCodes.id))
    : [];
  return withMessage(rows.map((row) => ({ ...row, itemCodes: codes.filter((c) => c.chargeCode === row.code) })));
}

async function withDetails(db: Executor, charge: ChargeRow): Promise<ChargeWithDetails> {
  const [itemCodes, servicesMatrix] = await Promise.all([
    itemCodesOfCharge(db, charge.code),
    matrixSelect(db, eq(chargeServicesMatrices.chargeCode, charge.code)) as Promise<MatrixWithNames[]>,
  ]);
  return { ...charge, itemCodes, servicesMatrix };
}

/** One charge by code with its item codes and matrix rows (the charge read screen). */
export async function readCharge(db: Db, code: string): Promise<ChargeWithDetails> {
  return await withDetails(db, await chargeByCode(db, code));
}

export interface MultipleInsertInput {
  tblCharges: Record<string, unknown> & { code: string; isStrippingStuffingCharge: boolean; strippingType: string | null };
  createItemCodes: ItemCodeInput[];
  tblChargeServicesMatrix: MatrixInput[];
}

/**
 * POST /Charges/multipleInsert: a new charge with its item codes and matrix rows in one transaction. Every
 * failure (a taken code, an unknown branch, service mode or cargo type, a repeated entry) rolls all of it back.
 */
export async function multipleInsert(db: Db, input: MultipleInsertInput, actor: Actor): Promise<WriteResult<ChargeWithDetails>> {
  const { tblCharges: fields, createItemCodes, tblChargeServicesMatrix } = input;
  const broken = brokenCheck(chargeContract.checks, fields);
  if (broken) throw invalid(`tblCharges.${broken.field}`, broken.message);
  const combos = new Map<string, number>();
  tblChargeServicesMatrix.forEach((row, i) => {
    if (row.chargeCode !== undefined && row.chargeCode.toLowerCase() !== fields.code.toLowerCase()) {
      throw invalid(`tblChargeServicesMatrix.${i}.chargeCode`, `Matrix entry ${i + 1} names charge ${row.chargeCode}, not ${fields.code}`);
    }
    const key = `${row.serviceModeCode.toLowerCase()}|${row.cargoTypeCode.toLowerCase()}`;
    const first = combos.get(key);
    if (first !== undefined) {
      throw invalid(
        `tblChargeServicesMatrix.${i}.serviceModeCode`,
        `Service mode ${row.serviceModeCode} with cargo type ${row.cargoTypeCode} is given twice (entries ${first + 1} and ${i + 1})`,
      );
    }
    combos.set(key, i);
  });

  return await db.transaction(async (t) => {
    const charge = await explained(() => chargeService.create(t, fields, actor), "", "tblCharges.");
    const canonical = await checkItemCodes(t, charge.data.code, createItemCodes, "createItemCodes");
    await writeItemCodes(t, charge.data.code, createItemCodes, canonical, actor);
    for (const [i, row] of tblChargeServicesMatrix.entries()) {
      // Say which entry failed: the same service mode may appear in several entries.
      await explained(
        () => chargeServicesMatrixService.create(t, { ...row, chargeCode: charge.data.code }, actor),
        `Matrix entry ${i + 1}: `,
        `tblChargeServicesMatrix.${i}.`,
      );
    }
    return { data: await withDetails(t, charge.data as ChargeRow), message: "Charge added successfully" };
  });
}

/** Runs a step of a nested write; its field errors are named by where the field sits in the request body. */
async function explained<R>(work: () => Promise<R>, lead: string, prefix: string): Promise<R> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, `${lead}${err.message}`, prefixFields(err.fieldErrors, prefix));
    throw err;
  }
}

function prefixFields(fields: Record<string, string[]>, prefix: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === "" || k.includes(".") ? k : `${prefix}${k}`, v]));
}

// ------------------------------------------------------------------------------------- stripping and stuffing

/** The selection codes a charge answers: ALL stands for both CY stripping kinds (010 and 011). */
function selectionsOf(type: string | null): StrippingTypeCode[] {
  if (type === "ALL") return ["010", "011", "ALL"];
  if (type === "010" || type === "011") return [type, "ALL"];
  if (type === "012") return ["012"];
  return [];
}

const strippingName = new Map<string, string>(STRIPPING_TYPE_CODES.map((s) => [s.code, s.name]));

/**
 * The active stripping and stuffing charges with their stripping type, for the stripping choice of a booking.
 * Asked for one stripping type, only the charges that answer it; asked for a branch, only the charges that
 * apply there (no applied branches means every branch).
 */
export async function strippingStuffingSelection(db: Db, q: { strippingType?: StrippingTypeCode; branchCode?: string }) {
  const rows = await db.select().from(charges)
    .where(and(eq(charges.isActive, true), eq(charges.isStrippingStuffingCharge, true)))
    .orderBy(asc(charges.code));
  const branch = q.branchCode?.toLowerCase();
  const data = rows
    .map((row) => ({
      code: row.code,
      name: row.name,
      printName: row.printName,
      category: row.category,
      chargeClass: row.chargeClass,
      unitOfMeasure: row.unitOfMeasure,
      appliedBranches: row.appliedBranches,
      strippingType: row.strippingType,
      strippingTypeName: row.strippingType ? strippingName.get(row.strippingType) ?? null : null,
      selections: selectionsOf(row.strippingType),
    }))
    .filter((c) => !q.strippingType || c.selections.includes(q.strippingType))
    .filter((c) => !branch || c.appliedBranches.length === 0 || c.appliedBranches.some((b) => b.toLowerCase() === branch));
  return { data, strippingTypes: STRIPPING_TYPE_CODES.map((s) => ({ code: s.code, name: s.name })) };
}

// ---------------------------------------------------------------------------------------- company policies

export interface PolicyListQuery {
  search?: string;
  filter?: string;
  code?: string;
}

/** Every policy version matching the filters, unpaged: by code, newest date effective first. */
export async function listPolicies(db: Db, q: PolicyListQuery): Promise<ListResult<PolicyRow>> {
  const p = companyPolicies;
  const where = and(
    statusFilter(p.isActive, q.filter),
    searchAny([p.code, p.description, p.inputtedString], q.search),
    q.code ? sql`lower(${p.code}) = lower(${q.code})` : undefined,
  );
  return withMessage(await db.select().from(p).where(where).orderBy(asc(p.code), desc(p.dateEffective), desc(p.id)));
}

/** Every version of one policy code, newest date effective first, inactive ones included. */
export async function policiesOfCode(db: Db, code: string): Promise<ListResult<PolicyRow>> {
  const p = companyPolicies;
  const rows = await db.select().from(p).where(sql`lower(${p.code}) = lower(${code})`)
    .orderBy(desc(p.dateEffective), desc(p.id));
  return withMessage(rows, `There is no company policy with code ${code} yet.`);
}

/**
 * The version in force on `on` of each code asked for, in the order asked. Codes with no version in force
 * (unknown, all future-dated or all inactive) are listed under `missing` so a caller can tell them apart from
 * a policy whose value is empty.
 */
export async function policiesInForce(db: Db, codes: readonly string[], on: string) {
  const p = companyPolicies;
  const wanted = [...new Map(codes.map((c) => [c.toLowerCase(), c])).values()];
  const rows = await db.select().from(p)
    .where(and(eq(p.isActive, true), inArray(sql`lower(${p.code})`, wanted.map((c) => c.toLowerCase()))));
  const data: PolicyRow[] = [];
  const missing: string[] = [];
  for (const asked of wanted) {
    const same = rows.filter((r) => r.code.toLowerCase() === asked.toLowerCase());
    // Codes are matched without regard to letter case, as everywhere else in master data.
    const picked = policyInForce(same.map((r) => ({ ...r, code: asked.toLowerCase() })), asked.toLowerCase(), on);
    const found = picked ? same.find((r) => r.id === picked.id) : undefined;
    if (found) data.push(found);
    else missing.push(asked);
  }
  return { data, missing, date: on };
}
