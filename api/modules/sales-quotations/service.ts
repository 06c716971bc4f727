import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  branches,
  cargoTypes,
  charges as chargeMaster,
  customers,
  salesQuotationCharges,
  salesQuotationDocuments,
  salesQuotationMemos,
  salesQuotations,
  statusHistory,
  userBranches,
} from "../../../db/schema/index.ts";
import { type ListQuery, type ListResult } from "../../shared/contracts.ts";
import { type BranchScope, coversBranch, EVERY_BRANCH, findInScope } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { searchAny, statusFilter } from "../../shared/list-filters.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { transition, type WorkflowActor } from "../../shared/workflow.ts";
import { transitionInChunks } from "../../shared/chunks.ts";
import { addCalendarDays, manilaDate } from "../../shared/dates.ts";
import { sumAmounts } from "../../shared/money.ts";
import { sendNotification } from "../notifications/index.ts";
import { copyLanes, lanesWhere } from "./lanes.ts";
import { quotationsInScope } from "./scope.ts";
import type { CreateQuotationInput, FullQuotation } from "./schemas.ts";
import { copyTerms, termsOfMany } from "./terms.ts";
import { EXPIRABLE_STATUSES, LIST_CAPABILITY, LIST_STATUSES, NEXT_IN_LINE, SQ_STATUSES, type SqAction, type SqList, salesQuotationFlow } from "./workflow.ts";
import { PAGES, pathTo } from "../../shared/page-paths.ts";

/** Who works on quotations: the signed-in caller with their role's capabilities and branches. */
export interface SqCaller extends WorkflowActor, BranchScope {
  id: number;
}

type Quotation = typeof salesQuotations.$inferSelect;

/** How long a new quotation may be booked on unless the AE says otherwise. */
const DEFAULT_VALID_DAYS = 30;

const target = {
  table: salesQuotations,
  id: salesQuotations.id,
  status: salesQuotations.status,
  dateModified: salesQuotations.dateModified,
  label: salesQuotations.sqRefNum,
  drafter: salesQuotations.userCreated,
};

async function defaultBranchOf(db: Db, caller: SqCaller): Promise<string> {
  const [row] = await db.select({ code: branches.code }).from(userBranches)
    .innerJoin(branches, eq(branches.id, userBranches.branchId))
    .where(and(eq(userBranches.userKey, caller.id), eq(userBranches.defaultBranch, true)));
  if (!row) throw new AppError("VALIDATION", "Choose your default branch first, or name the quotation's branch.", { branchCode: ["Branch is required"] });
  return row.code;
}

async function mustExist(db: Db, table: typeof customers | typeof cargoTypes | typeof branches, code: string, field: string, label: string) {
  const [row] = await db.select({ code: table.code }).from(table).where(and(sql`lower(${table.code}) = lower(${code})`, eq(table.isActive, true)));
  if (!row) throw new AppError("VALIDATION", `${label} ${code} does not exist or is inactive.`, { [field]: [`${label} ${code} does not exist or is inactive`] });
  return row.code;
}

/** A new draft, numbered from the branch's SQ series in the same transaction. Only an AE drafts quotations. */
export async function createQuotation(db: Db, caller: SqCaller, input: CreateQuotationInput) {
  if (!caller.capabilities.has("SQ_AE")) throw new AppError("FORBIDDEN", "Only an account executive drafts sales quotations.");
  const branchCode = await mustExist(db, branches, input.branchCode ?? await defaultBranchOf(db, caller), "branchCode", "Branch");
  // A 400, not a 404: branches are master data every user can list, so naming one hides nothing; what is
  // wrong is the request, and the answer says which field.
  if (!coversBranch(caller, branchCode)) {
    throw new AppError("VALIDATION", `Branch ${branchCode} is not one of your branches.`, { branchCode: [`Branch ${branchCode} is not one of your branches`] });
  }
  const customerCode = await mustExist(db, customers, input.customerCode, "customerCode", "Customer");
  const cargoTypeCode = await mustExist(db, cargoTypes, input.cargoTypeCode, "cargoTypeCode", "Cargo type");
  const sqDate = input.sqDate ?? manilaDate(new Date());
  const validUntil = input.validUntil ?? addCalendarDays(sqDate, DEFAULT_VALID_DAYS);
  if (validUntil < sqDate) throw new AppError("VALIDATION", "Valid until cannot be before the quotation date.", { validUntil: ["Valid until cannot be before the quotation date"] });
  const row = await db.transaction(async (t) => {
    const sqRefNum = await nextNumber(t, { series: "SQ", branchCode });
    const [written] = await t.insert(salesQuotations).values({
      sqRefNum, sqDate, validUntil, userId: caller.userId, branchCode, customerCode, cargoTypeCode, remarks: input.remarks,
      userCreated: caller.userId, userModified: caller.userId,
    }).returning();
    return written;
  });
  return { data: row, message: `Sales quotation ${row.sqRefNum} drafted` };
}

/** A quotation by reference within the caller's branches; one of another branch is not found, like a wrong one. */
export async function quotationByRef(db: Db, sqRefNum: string, scope: BranchScope): Promise<Quotation> {
  return await findInScope(
    db, salesQuotations, salesQuotations.branchCode, scope,
    sql`lower(${salesQuotations.sqRefNum}) = lower(${sqRefNum})`, `Sales quotation ${sqRefNum} was not found.`,
  );
}

/**
 * Quotations with their lanes and charges, terms and status history (oldest step first), in the order given.
 * Each part is read once for all of them, so a long list costs the same few queries as one quotation.
 */
export async function fullQuotations(db: Db, quotations: readonly Quotation[]): Promise<FullQuotation[]> {
  if (quotations.length === 0) return [];
  const refs = quotations.map((q) => q.sqRefNum);
  const [lanes, terms, history] = await Promise.all([
    lanesWhere(db, and(inArray(salesQuotationDocuments.sqRefNum, refs))),
    termsOfMany(db, refs),
    db.select().from(statusHistory)
      .where(and(eq(statusHistory.entity, salesQuotationFlow.entity), inArray(statusHistory.recordId, quotations.map((q) => q.id))))
      .orderBy(asc(statusHistory.id)),
  ]);
  return quotations.map((quotation) => {
    const own = lanes.filter((l) => l.sqRefNum === quotation.sqRefNum);
    return {
      ...quotation,
      dateModified: quotation.dateModified.toISOString(),
      status: quotation.status as FullQuotation["status"],
      lanes: own,
      terms: terms.filter((t) => t.sqRefNum === quotation.sqRefNum),
      history: history.filter((h) => h.recordId === quotation.id).map((h) => ({ ...h, dateCreated: h.dateCreated.toISOString() })),
      total: sumAmounts(own.map((l) => l.total)),
    };
  });
}

export async function fullQuotation(db: Db, quotation: Quotation): Promise<FullQuotation> {
  const [full] = await fullQuotations(db, [quotation]);
  return full;
}

export async function readQuotation(db: Db, sqRefNum: string, scope: BranchScope) {
  return { data: await fullQuotation(db, await quotationByRef(db, sqRefNum, scope)) };
}

/** readGroupSQ: several quotations at once, in the order asked, each in full. */
export async function readGroup(db: Db, sqRefNums: readonly string[], scope: BranchScope) {
  const wanted = [...new Set(sqRefNums.map((r) => r.toLowerCase()))];
  const rows = await db.select().from(salesQuotations)
    .where(and(inArray(sql`lower(${salesQuotations.sqRefNum})`, wanted), quotationsInScope(scope)));
  const missing = wanted.filter((ref) => !rows.some((r) => r.sqRefNum.toLowerCase() === ref));
  if (missing.length > 0) throw new AppError("NOT_FOUND", `Sales quotation ${missing.join(", ")} was not found.`);
  const order = new Map(wanted.map((ref, i) => [ref, i]));
  rows.sort((a, b) => order.get(a.sqRefNum.toLowerCase())! - order.get(b.sqRefNum.toLowerCase())!);
  return { data: await fullQuotations(db, rows) };
}

/**
 * Moves a quotation one step (updateSqStatusWthSBMV2): the workflow checks the role and the step; an AE acts
 * only on their own quotations. The next in line, and the branch's sales managers on a submit, are notified.
 */
export async function updateStatus(db: Db, caller: SqCaller, id: number, action: SqAction, remarks: string) {
  const quotation = await findInScope(db, salesQuotations, salesQuotations.branchCode, caller, eq(salesQuotations.id, id), "The quotation was not found.");
  const ownersStep = ["submit", "moveToDraft", "cancel", "amend"].includes(action);
  if (ownersStep && quotation.userId !== caller.userId) {
    throw new AppError("FORBIDDEN", `Only ${quotation.userId}, the quotation's account executive, may do that.`);
  }
  if (action === "submit") {
    const [{ lanes }] = await db.select({ lanes: count() }).from(salesQuotationDocuments)
      .where(eq(salesQuotationDocuments.sqRefNum, quotation.sqRefNum));
    if (Number(lanes) === 0) {
      throw new AppError("VALIDATION", `Add at least one lane to ${quotation.sqRefNum} before submitting it.`, { documents: ["Add at least one lane"] });
    }
  }
  const result = await transition(db, salesQuotationFlow, target, { id, action, actor: caller, remarks });
  await notifyNext(db, caller, quotation, action, result.to);
  const [row] = await db.select().from(salesQuotations).where(eq(salesQuotations.id, id));
  return { data: row, message: result.message };
}

async function notifyNext(db: Db, caller: SqCaller, quotation: Quotation, action: SqAction, status: string) {
  const next = NEXT_IN_LINE[action];
  if (!next) return;
  const base = {
    title: "Sales Quotation",
    message: `Sales quotation ${quotation.sqRefNum} is ${status}.`,
    url: pathTo(PAGES.sqRead, { sqRefNum: quotation.sqRefNum }),
    sender: caller.userId,
  };
  if (next === "owner") {
    await sendNotification(db, { ...base, userIds: [quotation.userId] });
    return;
  }
  await sendNotification(db, { ...base, holders: { menu: "SALESQUOTATION", capabilities: [next], branchCode: quotation.branchCode } });
  if (action === "submit") {
    await sendNotification(db, { ...base, holders: { menu: "SALESQUOTATION", capabilities: ["SQ_SBM"], branchCode: quotation.branchCode } });
  }
}

/** A list filter: a quotation status by name (any letter case), or the usual All / IsActive / IsInactive. */
function quotationFilter(filter: string | undefined) {
  const status = SQ_STATUSES.find((s) => s.toLowerCase() === filter?.trim().toLowerCase());
  return status ? eq(salesQuotations.status, status) : statusFilter(salesQuotations.isActive, filter);
}

/**
 * The list of one role (000 §6): the AE's own quotations; the SM, AUD and FA queues at their step; the sales
 * branch manager's branches. Searched on reference, customer and remarks; filter is the usual status filter.
 */
export async function listQuotations(db: Db, caller: SqCaller, query: ListQuery & { list: SqList }): Promise<ListResult<Quotation>> {
  const capability = LIST_CAPABILITY[query.list];
  if (capability !== "SALESQUOTATION" && !caller.capabilities.has(capability)) {
    throw new AppError("FORBIDDEN", `Your role has no ${query.list} list of sales quotations.`);
  }
  const parts = [
    quotationFilter(query.filter),
    searchAny([salesQuotations.sqRefNum, salesQuotations.customerCode, salesQuotations.remarks], query.search),
    inArray(salesQuotations.status, [...LIST_STATUSES[query.list]]),
    quotationsInScope(caller),
  ];
  // An AE's archive is their own; managers see every archived quotation.
  const ownOnly = query.list === "AE" ||
    (query.list === "Archive" && !["SQ_SM", "SQ_AUD", "SQ_FA", "SQ_SBM"].some((c) => caller.capabilities.has(c)));
  if (ownOnly) parts.push(eq(salesQuotations.userId, caller.userId));
  if (query.list === "SBM") {
    parts.push(inArray(salesQuotations.branchCode, db.select({ code: branches.code }).from(userBranches)
      .innerJoin(branches, eq(branches.id, userBranches.branchId)).where(eq(userBranches.userKey, caller.id))));
  }
  const where = and(...parts);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(salesQuotations).where(where).orderBy(desc(salesQuotations.sqDate), asc(salesQuotations.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(salesQuotations).where(where),
  ]);
  const result: ListResult<Quotation> = { data: rows, total: Number(total) };
  if (rows.length === 0) result.message = "No SQ Found!";
  return result;
}


/**
 * sqExpiration: every quotation whose validity ended before `today` (Manila) becomes Expired, with its history
 * row, in one transaction. Running it again changes nothing more; two servers running it at once expire each
 * quotation once (the second update of a row finds it no longer expirable). A dry run only lists them.
 */
export async function expireQuotations(db: Db, options: { today?: string; dryRun?: boolean; actor?: string; scope?: BranchScope } = {}) {
  const today = options.today ?? manilaDate(new Date());
  // The daily job and the CLI expire every branch's; a user asking on the screen, their branches' only.
  const pastValidity = and(lt(salesQuotations.validUntil, today), quotationsInScope(options.scope ?? EVERY_BRANCH))!;
  if (options.dryRun) {
    const rows = await db.select({ sqRefNum: salesQuotations.sqRefNum }).from(salesQuotations)
      .where(and(inArray(salesQuotations.status, [...EXPIRABLE_STATUSES]), pastValidity)).orderBy(asc(salesQuotations.sqRefNum));
    return { data: { expired: rows.map((r) => r.sqRefNum), dryRun: true }, message: `${rows.length} quotation(s) would expire` };
  }
  const userId = options.actor ?? "system";
  // In chunks (api/shared/chunks.ts), so the requests made while the daily job runs are answered as it goes.
  const moved = await transitionInChunks(db, salesQuotationFlow, target, {
    action: "expire",
    actor: { userId, menus: new Set(["SALESQUOTATION"]), capabilities: new Set() },
    where: pastValidity,
    remarks: `Valid until a day before ${today}`,
    set: { userModified: userId },
    returning: { sqRefNum: salesQuotations.sqRefNum },
  });
  const expired = moved.map((r) => r.sqRefNum as string).sort();
  return { data: { expired, dryRun: false }, message: `${expired.length} quotation(s) expired` };
}


// ---------------------------------------------------------------------------------------------------------
// Amendment, deactivation, archive

/**
 * SQAmended: a finance-approved quotation is closed as Amended and a new draft takes its place, numbered from
 * the branch series, pointing back at it and starting from its lanes, charges and terms. Both keep their own
 * history. Two amendments of one quotation at once make one draft: the second finds it Amended (409).
 */
export async function amendQuotation(db: Db, caller: SqCaller, sqRefNum: string, remarks: string) {
  const original = await quotationByRef(db, sqRefNum, caller);
  if (original.userId !== caller.userId) {
    throw new AppError("FORBIDDEN", `Only ${original.userId}, the quotation's account executive, may amend it.`);
  }
  const today = manilaDate(new Date());
  const draft = await db.transaction(async (tx) => {
    await transition(tx, salesQuotationFlow, target, { id: original.id, action: "amend", actor: caller, remarks });
    const newRef = await nextNumber(tx, { series: "SQ", branchCode: original.branchCode });
    const [written] = await tx.insert(salesQuotations).values({
      sqRefNum: newRef, sqDate: today, validUntil: addCalendarDays(today, DEFAULT_VALID_DAYS), userId: caller.userId,
      branchCode: original.branchCode, customerCode: original.customerCode, cargoTypeCode: original.cargoTypeCode,
      amendedSqRef: original.sqRefNum, remarks: remarks || `Amends ${original.sqRefNum}`,
      userCreated: caller.userId, userModified: caller.userId,
    }).returning();
    await copyLanes(tx, original.sqRefNum, newRef, caller.userId);
    await copyTerms(tx, original.sqRefNum, newRef, caller.userId);
    return written;
  });
  return { data: draft, message: `Sales quotation ${original.sqRefNum} amended; ${draft.sqRefNum} is its new draft` };
}

/** deactivateSQ: takes an approved quotation out of use before its validity ends; its AE is told. */
export async function deactivateQuotation(db: Db, caller: SqCaller, sqRefNum: string, remarks: string) {
  const quotation = await quotationByRef(db, sqRefNum, caller);
  const result = await db.transaction(async (tx) => {
    const moved = await transition(tx, salesQuotationFlow, target, { id: quotation.id, action: "deactivate", actor: caller, remarks });
    await tx.update(salesQuotations).set({ isActive: false }).where(eq(salesQuotations.id, quotation.id));
    return moved;
  });
  await notifyNext(db, caller, quotation, "deactivate", result.to);
  const [row] = await db.select().from(salesQuotations).where(eq(salesQuotations.id, quotation.id));
  return { data: row, message: result.message };
}

/** addToArchive: puts a closed quotation away ('Sales quotation archived!'); its AE or a branch manager may. */
export async function archiveQuotation(db: Db, caller: SqCaller, sqRefNum: string, remarks: string) {
  const quotation = await quotationByRef(db, sqRefNum, caller);
  if (!caller.capabilities.has("SQ_SBM") && quotation.userId !== caller.userId) {
    throw new AppError("FORBIDDEN", `Only ${quotation.userId}, the quotation's account executive, or a sales branch manager may archive it.`);
  }
  const result = await transition(db, salesQuotationFlow, target, { id: quotation.id, action: "archive", actor: caller, remarks });
  const [row] = await db.select().from(salesQuotations).where(eq(salesQuotations.id, quotation.id));
  return { data: row, message: result.message };
}

// ---------------------------------------------------------------------------------------------------------
// Approved quotations: the viewer and the bookings

/** searchCustSQViewer: a customer's finance-approved quotations in full, for the SQ approved viewer. */
export async function approvedOfCustomer(db: Db, query: { customerCode: string; search?: string }, scope: BranchScope) {
  const rows = await db.select().from(salesQuotations).where(and(
    quotationsInScope(scope),
    sql`lower(${salesQuotations.customerCode}) = lower(${query.customerCode})`,
    eq(salesQuotations.status, "FA Approved"),
    searchAny([salesQuotations.sqRefNum, salesQuotations.remarks], query.search),
  )).orderBy(desc(salesQuotations.sqDate), asc(salesQuotations.id)).limit(100);
  const data = await fullQuotations(db, rows);
  return data.length === 0 ? { data, message: "No SQ Found!" } : { data };
}

/**
 * sqReportsBooking: the quotations a booking of this customer can be priced from: finance approved, active,
 * valid on the booking date, and with a lane on the ports asked (when asked). The route shows the caller's
 * branches' quotations; pricing a booking (EVERY_BRANCH) takes the customer's price wherever it was quoted.
 */
export async function quotationsForBooking(
  db: Db,
  query: { customerCode: string; originPortCode: string | null; destinationPortCode: string | null; on?: string },
  scope: BranchScope,
) {
  const on = query.on ?? manilaDate(new Date());
  const laneFilter = and(
    query.originPortCode ? sql`lower(${salesQuotationDocuments.originPortCode}) = lower(${query.originPortCode})` : undefined,
    query.destinationPortCode ? sql`lower(${salesQuotationDocuments.destinationPortCode}) = lower(${query.destinationPortCode})` : undefined,
  );
  const rows = await db.select().from(salesQuotations).where(and(
    sql`lower(${salesQuotations.customerCode}) = lower(${query.customerCode})`,
    eq(salesQuotations.status, "FA Approved"),
    eq(salesQuotations.isActive, true),
    quotationsInScope(scope),
    lte(salesQuotations.sqDate, on),
    gte(salesQuotations.validUntil, on),
    inArray(salesQuotations.sqRefNum, db.select({ ref: salesQuotationDocuments.sqRefNum }).from(salesQuotationDocuments).where(laneFilter)),
  )).orderBy(desc(salesQuotations.sqDate), asc(salesQuotations.id));
  const data = (await fullQuotations(db, rows)).map((full) => {
    const lanes = full.lanes.filter((l) =>
      (!query.originPortCode || l.originPortCode.toLowerCase() === query.originPortCode.toLowerCase()) &&
      (!query.destinationPortCode || l.destinationPortCode.toLowerCase() === query.destinationPortCode.toLowerCase())
    );
    return { ...full, lanes };
  });
  return data.length === 0 ? { data, message: "No SQ Found!" } : { data };
}

/** A lane as pricing a booking reads it: the quotation's dates, the lane's ports and areas, its agreed rates. */
export interface PricingLane {
  sqRefNum: string;
  sqDate: string;
  validUntil: string;
  sqdocNum: string;
  serviceModeCode: string;
  originPortCode: string;
  destinationPortCode: string;
  originAreaCode: string | null;
  destinationAreaCode: string | null;
  isTandem: boolean;
  charges: {
    chargeCode: string; chargeName: string; chargePart: string; rateUnit: string; source: string; standardRate: string; requestedRate: string;
    /** Whether the charge master counts it as an insurance premium (the booking's insurance column). */
    isInsurancePremium: boolean;
  }[];
}

/**
 * The lanes of quotationsForBooking (every branch, no port asked) in one statement: quotation, lane, charge and
 * charge master joined, in the same order (newest quotation first, lanes by line, charges as entered). Pricing
 * reads only these columns, so the terms and status history the screen shows are left out.
 */
export async function pricingLanes(db: Db, query: { customerCode: string; on: string }): Promise<PricingLane[]> {
  const rows = await db.select({
    sqRefNum: salesQuotations.sqRefNum,
    sqDate: salesQuotations.sqDate,
    validUntil: salesQuotations.validUntil,
    sqdocNum: salesQuotationDocuments.sqdocNum,
    serviceModeCode: salesQuotationDocuments.serviceModeCode,
    originPortCode: salesQuotationDocuments.originPortCode,
    destinationPortCode: salesQuotationDocuments.destinationPortCode,
    originAreaCode: salesQuotationDocuments.originAreaCode,
    destinationAreaCode: salesQuotationDocuments.destinationAreaCode,
    isTandem: salesQuotationDocuments.isTandem,
    chargeCode: salesQuotationCharges.chargeCode,
    chargePart: salesQuotationCharges.chargePart,
    rateUnit: salesQuotationCharges.rateUnit,
    source: salesQuotationCharges.source,
    standardRate: salesQuotationCharges.standardRate,
    requestedRate: salesQuotationCharges.requestedRate,
    name: chargeMaster.name,
    printName: chargeMaster.printName,
    isInsurancePremium: chargeMaster.isInsurancePremium,
  }).from(salesQuotations)
    .innerJoin(salesQuotationDocuments, eq(salesQuotationDocuments.sqRefNum, salesQuotations.sqRefNum))
    .leftJoin(salesQuotationCharges, eq(salesQuotationCharges.sqdocNum, salesQuotationDocuments.sqdocNum))
    .leftJoin(chargeMaster, eq(chargeMaster.code, salesQuotationCharges.chargeCode))
    .where(and(
      sql`lower(${salesQuotations.customerCode}) = lower(${query.customerCode})`,
      eq(salesQuotations.status, "FA Approved"),
      eq(salesQuotations.isActive, true),
      lte(salesQuotations.sqDate, query.on),
      gte(salesQuotations.validUntil, query.on),
    ))
    .orderBy(desc(salesQuotations.sqDate), asc(salesQuotations.id), asc(salesQuotationDocuments.lineNo), asc(salesQuotationCharges.id));
  const lanes = new Map<string, PricingLane>();
  for (const r of rows) {
    let lane = lanes.get(r.sqdocNum);
    if (!lane) {
      lane = {
        sqRefNum: r.sqRefNum, sqDate: r.sqDate, validUntil: r.validUntil, sqdocNum: r.sqdocNum, serviceModeCode: r.serviceModeCode,
        originPortCode: r.originPortCode, destinationPortCode: r.destinationPortCode, originAreaCode: r.originAreaCode,
        destinationAreaCode: r.destinationAreaCode, isTandem: r.isTandem, charges: [],
      };
      lanes.set(r.sqdocNum, lane);
    }
    // A lane's charge is shown by its master's name (the printed one when set), as lanesWhere does.
    if (r.chargeCode === null || r.name === null) continue;
    lane.charges.push({
      chargeCode: r.chargeCode, chargeName: r.printName || r.name, chargePart: r.chargePart!, rateUnit: r.rateUnit!, source: r.source!,
      standardRate: r.standardRate!, requestedRate: r.requestedRate!, isInsurancePremium: r.isInsurancePremium!,
    });
  }
  return [...lanes.values()];
}

// ---------------------------------------------------------------------------------------------------------
// Memorandum

/** getListSQforMemo: finance-approved quotations no memorandum has announced yet. */
export async function memoCandidates(db: Db, query: { branchCode: string | null; dateFrom?: string; dateTo?: string }, scope: BranchScope) {
  const rows = await db.select().from(salesQuotations).where(and(
    quotationsInScope(scope),
    eq(salesQuotations.status, "FA Approved"),
    isNull(salesQuotations.memoRef),
    query.branchCode ? sql`lower(${salesQuotations.branchCode}) = lower(${query.branchCode})` : undefined,
    query.dateFrom ? gte(salesQuotations.sqDate, query.dateFrom) : undefined,
    query.dateTo ? lte(salesQuotations.sqDate, query.dateTo) : undefined,
  )).orderBy(asc(salesQuotations.sqDate), asc(salesQuotations.sqRefNum));
  return rows.length === 0 ? { data: rows, message: "No SQ Found!" } : { data: rows };
}

/**
 * proceedtoSQMemoV1: one memorandum for approved quotations of one branch, numbered from the branch's SQM
 * series. A quotation goes on one memorandum only: one already announced, or announced by a memorandum
 * written at the same moment, is a 409 and nothing is written.
 */
export async function proceedToMemo(db: Db, caller: SqCaller, input: { sqRefNums: string[]; subject: string; body: string }) {
  const wanted = [...new Set(input.sqRefNums.map((r) => r.toLowerCase()))];
  const memo = await db.transaction(async (tx) => {
    const rows = await tx.select().from(salesQuotations)
      .where(and(inArray(sql`lower(${salesQuotations.sqRefNum})`, wanted), quotationsInScope(caller))).for("update");
    const missing = wanted.filter((ref) => !rows.some((r) => r.sqRefNum.toLowerCase() === ref));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Sales quotation ${missing.join(", ")} was not found.`);
    const notApproved = rows.filter((r) => r.status !== "FA Approved");
    if (notApproved.length > 0) {
      throw new AppError("CONFLICT", `Only finance-approved quotations go on a memorandum: ${notApproved.map((r) => `${r.sqRefNum} is ${r.status}`).join("; ")}.`);
    }
    const announced = rows.filter((r) => r.memoRef !== null);
    if (announced.length > 0) {
      throw new AppError("CONFLICT", `Already on a memorandum: ${announced.map((r) => `${r.sqRefNum} (${r.memoRef})`).join(", ")}.`);
    }
    const branchCodes = [...new Set(rows.map((r) => r.branchCode))];
    if (branchCodes.length > 1) throw new AppError("VALIDATION", `A memorandum covers one branch; these are of ${branchCodes.join(", ")}.`);
    const memoDate = manilaDate(new Date());
    const memoRef = await nextNumber(tx, { series: "SQM", branchCode: branchCodes[0] });
    const refs = rows.map((r) => r.sqRefNum).sort();
    const [written] = await tx.insert(salesQuotationMemos).values({
      memoRef, memoDate, branchCode: branchCodes[0], preparedBy: caller.userId, subject: input.subject, body: input.body, sqRefNums: refs,
      userCreated: caller.userId, userModified: caller.userId,
    }).returning();
    await tx.update(salesQuotations).set({ memoRef, dateModified: new Date(), userModified: caller.userId })
      .where(inArray(salesQuotations.sqRefNum, refs));
    return written;
  });
  const { id: _id, userCreated: _c, userModified: _m, dateCreated: _dc, dateModified: _dm, ...data } = memo;
  return { data, message: `Memorandum ${memo.memoRef} prepared for ${memo.sqRefNums.length} quotation(s)` };
}
