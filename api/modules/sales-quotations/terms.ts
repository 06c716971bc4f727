import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../db/client.ts";
import { cargoTypes, companyPolicies, salesQuotations, salesQuotationTerms } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { POLICY_CODES } from "../../shared/reference-lists.ts";
import { policyInForce } from "../master-data/index.ts";
import { type LaneEditor, lockEditable } from "./lanes.ts";
import type { TermRow } from "./schemas.ts";
import { ofQuotationsInScope } from "./scope.ts";

/**
 * A quotation's terms (001 §7 CreateSQWTerms and friends): the company policies that bind a shipment of its
 * cargo type, each with the standard value in force on the quotation date, the value the customer asked
 * for and the value that applies (the requested one unless an applied value is set apart).
 */

/**
 * Which policies become terms, by whether the cargo travels in vans: free detention, the detention fee and
 * the insured value per 20-foot van only mean something for containerized cargo.
 */
export const TERM_POLICIES = {
  containerized: ["C0001", "C0002", "C0003", "C0013", "C0004", "C0005", "C0007"],
  loose: ["C0001", "C0003", "C0005", "C0007"],
} as const;

export interface PolicyTerm {
  policyCode: string;
  description: string;
  standardValue: string;
}

/** "5.0000" reads as 5, "850.0000" as 850, "0.0025" stays; a text policy gives its text. */
function policyText(value: string | null, inputted: string): string {
  if (value === null) return inputted;
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

const MEANING = new Map<string, string>(POLICY_CODES.map((p) => [p.code, p.meaning]));

async function policiesInForce(db: Executor, codes: readonly string[], on: string): Promise<PolicyTerm[]> {
  const rows = await db.select().from(companyPolicies).where(inArray(companyPolicies.code, [...codes]));
  return codes.flatMap((code) => {
    const policy = policyInForce(rows, code, on);
    if (!policy) return [];
    return [{
      policyCode: policy.code,
      description: policy.description || MEANING.get(code) || code,
      standardValue: policyText(policy.defaultValueDecimal, policy.inputtedString),
    }];
  });
}

/** getTermsByCargoTypeCode: the terms a quotation of this cargo type starts from, as in force on `on`. */
export async function termsForCargoType(db: Executor, cargoTypeCode: string, on: string): Promise<PolicyTerm[]> {
  const [cargoType] = await db.select().from(cargoTypes).where(sql`lower(${cargoTypes.code}) = lower(${cargoTypeCode})`);
  if (!cargoType) throw new AppError("NOT_FOUND", `Cargo type ${cargoTypeCode} was not found.`, { cargoTypeCode: ["Unknown cargo type"] });
  return await policiesInForce(db, TERM_POLICIES[cargoType.isContainerized ? "containerized" : "loose"], on);
}

/** getCompanyPolicy: every policy the line has, at its value in force on `on`. */
export async function companyPolicyList(db: Db, on: string): Promise<PolicyTerm[]> {
  const codes = (await db.selectDistinct({ code: companyPolicies.code }).from(companyPolicies).where(eq(companyPolicies.isActive, true))
    .orderBy(asc(companyPolicies.code))).map((r) => r.code);
  return await policiesInForce(db, codes, on);
}

const NUMBER = /^\d{1,10}(\.\d{1,4})?$/;

/** A numeric policy takes a number; a text policy takes any text. Empty means "not asked". */
function checkValue(term: Pick<PolicyTerm, "policyCode" | "standardValue">, value: string, label: string) {
  if (value === "" || !NUMBER.test(term.standardValue)) return;
  if (!NUMBER.test(value)) {
    const text = `${label} of ${term.policyCode} must be a number (at most 4 decimals), like its standard value ${term.standardValue}.`;
    throw new AppError("VALIDATION", text, { [label === "Applied value" ? "appliedValue" : "requestedValue"]: [text] });
  }
}

export async function termsOf(db: Db, sqRefNum: string): Promise<TermRow[]> {
  return await termsOfMany(db, [sqRefNum]);
}

/** The terms of several quotations in one read, by quotation then policy. */
export async function termsOfMany(db: Db, sqRefNums: readonly string[]): Promise<TermRow[]> {
  if (sqRefNums.length === 0) return [];
  return await db.select({
    id: salesQuotationTerms.id,
    sqRefNum: salesQuotationTerms.sqRefNum,
    policyCode: salesQuotationTerms.policyCode,
    description: salesQuotationTerms.description,
    standardValue: salesQuotationTerms.standardValue,
    requestedValue: salesQuotationTerms.requestedValue,
    appliedValue: salesQuotationTerms.appliedValue,
  }).from(salesQuotationTerms).where(inArray(salesQuotationTerms.sqRefNum, [...sqRefNums]))
    .orderBy(asc(salesQuotationTerms.sqRefNum), asc(salesQuotationTerms.policyCode));
}

/**
 * CreateSQWTerms: writes the cargo type's terms onto the quotation at the values in force on its date, with
 * the requested values given. Terms already there keep their values, so calling it twice adds nothing twice.
 */
export async function createTerms(db: Db, caller: LaneEditor, input: { sqRefNum: string; requested: { policyCode: string; requestedValue: string }[] }) {
  const data = await db.transaction(async (tx) => {
    const quotation = await lockEditable(tx, caller, input.sqRefNum);
    const offered = await termsForCargoType(tx, quotation.cargoTypeCode, quotation.sqDate);
    const byCode = new Map(offered.map((t) => [t.policyCode.toLowerCase(), t]));
    const asked = new Map<string, string>();
    for (const r of input.requested) {
      const term = byCode.get(r.policyCode.toLowerCase());
      if (!term) {
        const text = `Policy ${r.policyCode} is not a term of cargo type ${quotation.cargoTypeCode}; its terms are ${offered.map((t) => t.policyCode).join(", ")}.`;
        throw new AppError("VALIDATION", text, { requested: [text] });
      }
      checkValue(term, r.requestedValue, "Requested value");
      asked.set(term.policyCode, r.requestedValue);
    }
    if (offered.length > 0) {
      await tx.insert(salesQuotationTerms).values(offered.map((t) => {
        const requestedValue = asked.get(t.policyCode) ?? "";
        return {
          sqRefNum: quotation.sqRefNum, ...t, requestedValue, appliedValue: requestedValue || t.standardValue,
          userCreated: caller.userId, userModified: caller.userId,
        };
      })).onConflictDoNothing();
    }
    return await termsOf(tx, quotation.sqRefNum);
  });
  return { data, message: `Terms of sales quotation ${input.sqRefNum} saved` };
}

async function termById(db: Db, id: number, scope: BranchScope) {
  const [term] = await db.select().from(salesQuotationTerms)
    .where(and(eq(salesQuotationTerms.id, id), ofQuotationsInScope(db, scope, salesQuotationTerms.sqRefNum)));
  if (!term) throw new AppError("NOT_FOUND", "The quotation term was not found.");
  return term;
}

/** UpdateSqWTerms/{id}: the requested value and, when it should differ from it, the applied value. */
export async function updateTerm(db: Db, caller: LaneEditor, id: number, input: { requestedValue: string; appliedValue?: string }) {
  const term = await termById(db, id, caller);
  checkValue(term, input.requestedValue, "Requested value");
  if (input.appliedValue !== undefined) checkValue(term, input.appliedValue, "Applied value");
  const [row] = await db.transaction(async (tx) => {
    await lockEditable(tx, caller, term.sqRefNum);
    const appliedValue = input.appliedValue || input.requestedValue || term.standardValue;
    return await tx.update(salesQuotationTerms)
      .set({ requestedValue: input.requestedValue, appliedValue, dateModified: new Date(), userModified: caller.userId })
      .where(eq(salesQuotationTerms.id, id)).returning();
  });
  const { userCreated: _c, userModified: _m, dateCreated: _dc, dateModified: _dm, ...data } = row;
  return { data, message: `Term ${term.policyCode} of ${term.sqRefNum} updated` };
}

/** deleteSqWTerms: removes terms, all from quotations the caller may still change. */
export async function deleteTerms(db: Db, caller: LaneEditor, ids: number[]) {
  const rows = await db.select().from(salesQuotationTerms)
    .where(and(inArray(salesQuotationTerms.id, ids), ofQuotationsInScope(db, caller, salesQuotationTerms.sqRefNum)));
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) throw new AppError("NOT_FOUND", `Quotation term ${missing.join(", ")} was not found.`);
  await db.transaction(async (tx) => {
    for (const sqRefNum of new Set(rows.map((r) => r.sqRefNum))) await lockEditable(tx, caller, sqRefNum);
    await tx.delete(salesQuotationTerms).where(inArray(salesQuotationTerms.id, ids));
  });
  return { message: `${ids.length} term(s) removed` };
}

/** getSqWTerms/{id}: a quotation with its terms. */
export async function quotationWithTerms(db: Db, id: number, scope: BranchScope) {
  const [quotation] = await db.select().from(salesQuotations)
    .where(and(eq(salesQuotations.id, id), branchCondition(scope, salesQuotations.branchCode)));
  if (!quotation) throw new AppError("NOT_FOUND", "The quotation was not found.");
  return { data: { ...quotation, terms: await termsOf(db, quotation.sqRefNum) } };
}

/** Copies the terms of one quotation onto another (an amendment starts from the terms it amends). */
export async function copyTerms(tx: Tx, from: string, to: string, userId: string) {
  const rows = await termsOf(tx, from);
  if (rows.length === 0) return;
  await tx.insert(salesQuotationTerms).values(rows.map(({ id: _id, sqRefNum: _ref, ...t }) => ({
    ...t, sqRefNum: to, userCreated: userId, userModified: userId,
  })));
}

/** getSqWTermsAmendedSqref: the amendments of a quotation, each with its terms. */
export async function amendmentsWithTerms(db: Db, sqRefNum: string, scope: BranchScope) {
  const rows = await db.select().from(salesQuotations)
    .where(and(sql`lower(${salesQuotations.amendedSqRef}) = lower(${sqRefNum})`, branchCondition(scope, salesQuotations.branchCode)))
    .orderBy(asc(salesQuotations.id));
  return { data: await Promise.all(rows.map(async (q) => ({ ...q, terms: await termsOf(db, q.sqRefNum) }))) };
}
