import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../../db/client.ts";
import { areas, charges, companyPolicies, customerAddresses, customerCharges, customers } from "../../../../db/schema/master-data.ts";
import { EMPTY_LIST_MESSAGE, type ListResult, type WriteResult } from "../../../shared/contracts.ts";
import type { Actor } from "../../../shared/crud.ts";
import { changedLines, changedValues, recordAudit } from "../../../shared/audit.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny, statusFilter } from "../../../shared/list-filters.ts";
import { customerService } from "../entities.ts";
import { manilaDate } from "../../../shared/dates.ts";
import { normalizeAmount, sumAmounts } from "../../../shared/money.ts";
import {
  type CompanyPolicy,
  INSURANCE_RATE_POLICY,
  insurancePremium,
  INSURED_VALUE_PER_TEU_POLICY,
  policyInForce,
  RATE_UNIT_LABELS,
} from "../rules.ts";
import type {
  CreateWithDetailsInput,
  CustomerAddressInput,
  CustomerChargeInput,
  CustomerLoadInput,
  CustomerSearchInput,
  InsuranceInput,
  UpdateWithDetailsInput,
} from "./contracts.ts";

export type Customer = typeof customers.$inferSelect;
export type CustomerAddress = typeof customerAddresses.$inferSelect;

/** The columns the searches match; each has a trigram index, so ILIKE '%term%' does not read the whole table. */
export const CUSTOMER_SEARCH_COLUMNS = [customers.code, customers.company, customers.firstName, customers.lastName, customers.customerContactEmail];

/** A text matched literally: %, _ and \ stand for themselves. */
const literal = (value: string) => value.replace(/[\\%_]/g, (ch) => "\\" + ch);

/** Company then id: the index customers_company_id_idx serves this order, and the id keeps pages disjoint. */
const listOrder = [asc(customers.company), asc(customers.id)];

/**
 * The same order for a search, written so the company index cannot produce it. Left free, the planner walks
 * that index in order and filters every row until it has a page: for a term only a few customers match, that
 * is the whole table (seconds at a million rows). Forced onto the trigram indexes, a search costs about what
 * its count costs, which the list pays anyway.
 */
const searchOrder = [asc(sql`(${customers.company} || '')`), asc(customers.id)];

interface ListWhere {
  search?: string;
  filter?: string;
  isActive?: boolean;
  code?: string;
  extra?: (SQL | undefined)[];
}

function whereOf(q: ListWhere): SQL | undefined {
  return and(
    statusFilter(customers.isActive, q.filter),
    q.isActive === undefined ? undefined : eq(customers.isActive, q.isActive),
    // A code compared without wildcards still goes through the code's trigram index, whatever its letter case.
    q.code ? ilike(customers.code, literal(q.code)) : undefined,
    searchAny(CUSTOMER_SEARCH_COLUMNS, q.search),
    ...(q.extra ?? []),
  );
}

/**
 * The two statements of a customer list page (the rows and the total). Exposed so that the benchmark can
 * send exactly the SQL the service sends.
 */
export function customerListStatements(db: Db, q: ListWhere & { skip: number; take: number }) {
  const where = whereOf(q);
  return {
    page: db.select().from(customers).where(where).orderBy(...(q.search ? searchOrder : listOrder)).limit(q.take).offset(q.skip),
    count: db.select({ total: count() }).from(customers).where(where),
  };
}

async function runList(db: Db, q: ListWhere & { skip: number; take: number }): Promise<ListResult<Customer>> {
  const { page, count: total } = customerListStatements(db, q);
  const [rows, [counted]] = await Promise.all([page, total]);
  const result: ListResult<Customer> = { data: rows, total: Number(counted.total) };
  if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

/** POST /Customers/load: the list screen's filters (status, active flag, code, search), a page at a time. */
export function loadCustomers(db: Db, q: CustomerLoadInput): Promise<ListResult<Customer>> {
  return runList(db, q);
}

/** GET /Customers: every customer, a page at a time. */
export function listCustomers(db: Db, q: { skip: number; take: number; search?: string; filter?: string }) {
  return runList(db, q);
}

/** Active customers that can ship or receive; `type` narrows to one side (BOTH counts for either). */
export function searchShipperConsignee(db: Db, q: CustomerSearchInput & { type?: "SHIPPER" | "CONSIGNEE" }) {
  const side = q.type ? inArray(customers.customerType, [q.type, "BOTH"]) : undefined;
  return runList(db, { ...q, isActive: true, extra: [side] });
}

export function searchPayor(db: Db, q: CustomerSearchInput) {
  return runList(db, { ...q, isActive: true, extra: [eq(customers.isPayor, true)] });
}

export function searchCollectionPayor(db: Db, q: CustomerSearchInput) {
  return runList(db, { ...q, isActive: true, extra: [eq(customers.isCollectionPayor, true)] });
}

export function searchByAccountExecutive(db: Db, aeId: string, q: CustomerSearchInput) {
  return runList(db, { ...q, isActive: true, extra: [eq(customers.accountExecutiveId, aeId)] });
}

// ---------------------------------------------------------------------------------------------------------
// A customer with its addresses and agreed charges

async function chargesOf(db: Executor, customerCode: string) {
  return await db.select({
    id: customerCharges.id,
    chargeCode: customerCharges.chargeCode,
    chargeName: charges.name,
    unitOfMeasure: charges.unitOfMeasure,
    isActive: charges.isActive,
    amount: customerCharges.amount,
    userCreated: customerCharges.userCreated,
    userModified: customerCharges.userModified,
    dateCreated: customerCharges.dateCreated,
    dateModified: customerCharges.dateModified,
  }).from(customerCharges)
    .innerJoin(charges, eq(charges.code, customerCharges.chargeCode))
    .where(eq(customerCharges.customerCode, customerCode))
    .orderBy(asc(customerCharges.chargeCode));
}

async function withDetails(db: Executor, customer: Customer) {
  const addresses = await db.select().from(customerAddresses)
    .where(eq(customerAddresses.customerCode, customer.code))
    .orderBy(sql`${customerAddresses.isDefault} desc`, asc(customerAddresses.id));
  return { ...customer, addresses, charges: await chargesOf(db, customer.code) };
}

export type CustomerWithDetails = Awaited<ReturnType<typeof withDetails>>;

/** The areas and charges the details name must exist; one message per missing code, nothing written. */
async function checkDetailCodes(db: Executor, addresses: CustomerAddressInput[], agreed: CustomerChargeInput[]) {
  const areaCodes = [...new Set(addresses.map((a) => a.areaCode).filter((c): c is string => !!c))];
  if (areaCodes.length > 0) {
    const found = await db.select({ code: areas.code }).from(areas).where(inArray(areas.code, areaCodes));
    const missing = areaCodes.filter((c) => !found.some((f) => f.code === c));
    if (missing.length > 0) {
      const text = `Area ${missing.join(", ")} does not exist.`;
      throw new AppError("VALIDATION", text, { addresses: [text.slice(0, -1)] });
    }
  }
  const chargeCodes = [...new Set(agreed.map((c) => c.chargeCode))];
  if (chargeCodes.length > 0) {
    const found = await db.select({ code: charges.code }).from(charges).where(inArray(charges.code, chargeCodes));
    const missing = chargeCodes.filter((c) => !found.some((f) => f.code === c));
    if (missing.length > 0) {
      const text = `Charge ${missing.join(", ")} does not exist.`;
      throw new AppError("VALIDATION", text, { charges: [text.slice(0, -1)] });
    }
  }
}

async function writeAddresses(db: Executor, customerCode: string, list: CustomerAddressInput[], actor: Actor, now: Date) {
  await db.delete(customerAddresses).where(eq(customerAddresses.customerCode, customerCode));
  if (list.length === 0) return;
  await db.insert(customerAddresses).values(list.map((a) => ({
    ...a,
    customerCode,
    userCreated: actor.userId,
    userModified: actor.userId,
    dateCreated: now,
    dateModified: now,
  })));
}

/**
 * Replaces the charges agreed with a customer; when an amount, or the list, changed, one audit row on the
 * customer with the lines that changed, before and after, in the caller's transaction.
 */
async function writeCharges(db: Db, customerCode: string, list: CustomerChargeInput[], actor: Actor, now: Date) {
  const agreedOf = () =>
    db.select({ chargeCode: customerCharges.chargeCode, amount: customerCharges.amount }).from(customerCharges)
      .where(eq(customerCharges.customerCode, customerCode)).orderBy(asc(customerCharges.chargeCode));
  const before = await agreedOf();
  await replaceCharges(db, customerCode, list, actor, now);
  const lines = changedLines(before, await agreedOf(), (line) => line.chargeCode, ["amount"]);
  if (lines) await recordAudit(db, { actor: actor.userId, action: "CUSTOMER_CHARGES_CHANGED", target: `customer:${customerCode}`, detail: lines });
}

async function replaceCharges(db: Executor, customerCode: string, list: CustomerChargeInput[], actor: Actor, now: Date) {
  await db.delete(customerCharges).where(eq(customerCharges.customerCode, customerCode));
  if (list.length === 0) return;
  await db.insert(customerCharges).values(list.map((c) => ({
    customerCode,
    chargeCode: c.chargeCode,
    amount: c.amount,
    userCreated: actor.userId,
    userModified: actor.userId,
    dateCreated: now,
    dateModified: now,
  })));
}

/** POST /Customers/createWithDetailsV1: the customer, its addresses and its charges, all or nothing. */
export async function createWithDetails(db: Db, input: CreateWithDetailsInput, actor: Actor): Promise<WriteResult<CustomerWithDetails>> {
  const { addresses, charges: agreed, ...fields } = input;
  return await db.transaction(async (t) => {
    await checkDetailCodes(t, addresses, agreed);
    const { data, message } = await customerService.create(t, fields, actor);
    const now = new Date();
    await writeAddresses(t, data.code, addresses, actor, now);
    await writeCharges(t, data.code, agreed, actor, now);
    return { data: await withDetails(t, data), message };
  });
}

/**
 * PUT /Customers/updateWithDetailsV1/{id}: the customer's fields, and its address and charge lists when given.
 * The dateModified the editor loaded guards the whole record, details included: a stale one is a 409.
 */
export async function updateWithDetails(db: Db, id: number, input: UpdateWithDetailsInput, actor: Actor): Promise<WriteResult<CustomerWithDetails>> {
  const { addresses, charges: agreed, ...fields } = input;
  return await db.transaction(async (t) => {
    await checkDetailCodes(t, addresses ?? [], agreed ?? []);
    const { data, message } = await customerService.update(t, id, fields, actor);
    const now = new Date();
    if (addresses) await writeAddresses(t, data.code, addresses, actor, now);
    if (agreed) await writeCharges(t, data.code, agreed, actor, now);
    return { data: await withDetails(t, data), message };
  });
}

/** GET /Customers/getWithDetailsV1/{id}. */
export async function getWithDetails(db: Db, id: number): Promise<CustomerWithDetails> {
  return await withDetails(db, await customerService.get(db, id));
}

/** A customer with its addresses and charges, by its code (any letter case). */
export async function getWithDetailsByCode(db: Executor, code: string): Promise<CustomerWithDetails> {
  const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${code})`);
  if (!customer) throw new AppError("NOT_FOUND", `Customer ${code} was not found.`);
  return await withDetails(db, customer);
}

/** A customer whose company name is like the one asked for, with how alike (0 to 1). */
export interface CompanyMatch {
  id: number;
  code: string;
  company: string;
  firstName: string;
  lastName: string;
  customerContactEmail: string;
  branchCode: string | null;
  accountExecutiveId: string | null;
  isActive: boolean;
  dateModified: Date;
  likeness: number;
}

/**
 * Customers, active or not, whose company name is like `company`: trigram-alike (pg_trgm's %, which the company's
 * trigram index serves) or containing it, the most alike first. What staff see before they ask for a new
 * customer, so that "Pacific Harbour Trading" finds "Pacific Harbor Trading Corp." before a second one is made.
 */
export async function customersLikeCompany(db: Executor, company: string, limit = 10): Promise<CompanyMatch[]> {
  const term = company.trim();
  if (term === "") return [];
  const likeness = sql<number>`similarity(${customers.company}, ${term})`;
  const rows = await db.select({
    id: customers.id, code: customers.code, company: customers.company, firstName: customers.firstName, lastName: customers.lastName,
    customerContactEmail: customers.customerContactEmail, branchCode: customers.branchCode, accountExecutiveId: customers.accountExecutiveId,
    isActive: customers.isActive, dateModified: customers.dateModified, likeness,
  }).from(customers)
    .where(sql`(${customers.company} % ${term} or ${customers.company} ilike ${"%" + literal(term) + "%"})`)
    .orderBy(sql`${likeness} desc`, asc(customers.company), asc(customers.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, likeness: Number(r.likeness) }));
}

/** DELETE /Customers/deleteV1: customers by id, with their details (all or none). */
export function deleteCustomers(db: Db, ids: number[], actor: Actor) {
  return customerService.remove(db, ids, actor);
}

/** GET /Customers/customerChargesV1/{code}: the charges agreed with one customer. */
export async function customerChargesOf(db: Db, code: string) {
  const customer = await customerService.getByCode(db, code);
  return { customerCode: customer.code, charges: await chargesOf(db, customer.code) };
}

// ---------------------------------------------------------------------------------------------------------
// Rates basis: a customer is rated per bag or per TEU

function basisOf(customer: Customer) {
  const rateUnit = customer.isPerBag ? "perBag" as const : "perTeu" as const;
  return { id: customer.id, code: customer.code, company: customer.company, isPerBag: customer.isPerBag, rateUnit, label: RATE_UNIT_LABELS[rateUnit] };
}

/** GET /Customers/ratesBasis/{customer}, by customer code. */
export async function ratesBasis(db: Db, code: string) {
  return basisOf(await customerService.getByCode(db, code));
}

/** PUT /Customers/ratesBasis/{customer}?isPerBag, by customer id: switches the customer between per-bag and per-TEU rating. */
export async function setRatesBasis(db: Db, id: number, isPerBag: boolean, actor: Actor) {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select({ isPerBag: customers.isPerBag }).from(customers).where(eq(customers.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", `Customer with id ${id} was not found.`);
    const [written] = await tx.update(customers)
      .set({ isPerBag, userModified: actor.userId, dateModified: new Date() })
      .where(eq(customers.id, id))
      .returning();
    // How the customer is rated is part of its price: the change is audited like a rate's.
    const diff = changedValues(current, { isPerBag: written.isPerBag });
    if (diff) {
      await recordAudit(tx, { actor: actor.userId, action: "CUSTOMER_RATES_BASIS_CHANGED", target: `customer:${written.code}`, detail: { recordId: id, ...diff } });
    }
    return written;
  });
  return { data: basisOf(row), message: "Customer updated successfully" };
}

// ---------------------------------------------------------------------------------------------------------
// Insurance

/**
 * POST /Customers/computeInsuranceWithOtherCharges: the premium on the insured value of the vans (C0004 per
 * TEU) plus the charges insured with the cargo, at the rate C0005, both policies as in force on the date.
 */
export async function computeInsurance(db: Db, input: InsuranceInput) {
  const on = input.date ?? manilaDate(new Date());
  const rows = await db.select({
    id: companyPolicies.id,
    code: companyPolicies.code,
    defaultValueDecimal: companyPolicies.defaultValueDecimal,
    dateEffective: companyPolicies.dateEffective,
    isActive: companyPolicies.isActive,
  }).from(companyPolicies).where(inArray(companyPolicies.code, [INSURED_VALUE_PER_TEU_POLICY, INSURANCE_RATE_POLICY]));
  const policies: CompanyPolicy[] = rows;
  const amounts = input.otherCharges.map((c) => c.amount);
  let result: ReturnType<typeof insurancePremium>;
  try {
    result = insurancePremium({ policies, on, teu: input.teu, otherCharges: amounts });
  } catch (err) {
    // A policy missing on that date, or a rate outside 0..1, is the state of the company policies, not a
    // mistake in the request: master data must be put right before insurance can be priced.
    const text = err instanceof Error ? err.message : String(err);
    throw new AppError("CONFLICT", `${text}. Set it up under Master Data > Company policies.`);
  }
  const perTeu = policyInForce(policies, INSURED_VALUE_PER_TEU_POLICY, on)!;
  return {
    date: on,
    teu: input.teu,
    otherChargesTotal: sumAmounts(amounts),
    insuredValue: result.insuredValue,
    rate: result.rate,
    premium: result.premium,
    insuredValuePerTeu: normalizeAmount(perTeu.defaultValueDecimal!),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Export

export interface CustomerExportRecord {
  code: string;
  company: string;
  firstName: string;
  middleInitial: string;
  lastName: string;
  address: string;
  contactNum: string;
  customerContactEmail: string;
  isActive: boolean;
}

/** The rows of Customer_List.xlsx: the customers the list shows for this search and status filter, in list order. */
export async function customersForExport(db: Db, options: { search?: string; filter?: string } = {}): Promise<CustomerExportRecord[]> {
  const search = options.search?.trim() || undefined;
  return await db.select({
    code: customers.code,
    company: customers.company,
    firstName: customers.firstName,
    middleInitial: customers.middleInitial,
    lastName: customers.lastName,
    address: customers.address,
    contactNum: customers.contactNum,
    customerContactEmail: customers.customerContactEmail,
    isActive: customers.isActive,
  }).from(customers).where(whereOf({ search, filter: options.filter })).orderBy(...(search ? searchOrder : listOrder));
}
