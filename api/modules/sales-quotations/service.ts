import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, cargoTypes, customers, salesQuotations, statusHistory, userBranches } from "../../../db/schema/index.ts";
import { type ListQuery, type ListResult } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import { searchAny, statusFilter } from "../../shared/list-filters.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { historyOf, transition, type WorkflowActor } from "../../shared/workflow.ts";
import { addCalendarDays, manilaDate } from "../master-data/rules.ts";
import { sendNotification } from "../notifications/service.ts";
import type { CreateQuotationInput } from "./schemas.ts";
import { LIST_CAPABILITY, LIST_STATUSES, NEXT_IN_LINE, type SqAction, type SqList, salesQuotationFlow } from "./workflow.ts";

/** Who works on quotations: the signed-in caller with their role's capabilities. */
export interface SqCaller extends WorkflowActor {
  id: number;
}

type Quotation = typeof salesQuotations.$inferSelect;

/** How long a new quotation may be booked on unless the AE says otherwise. */
const DEFAULT_VALID_DAYS = 30;

const target = { table: salesQuotations, id: salesQuotations.id, status: salesQuotations.status, dateModified: salesQuotations.dateModified };

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
  const customerCode = await mustExist(db, customers, input.customerCode, "customerCode", "Customer");
  const cargoTypeCode = await mustExist(db, cargoTypes, input.cargoTypeCode, "cargoTypeCode", "Cargo type");
  const sqDate = input.sqDate ?? manilaDate(new Date());
  const validUntil = input.validUntil ?? addCalendarDays(sqDate, DEFAULT_VALID_DAYS);
  if (validUntil < sqDate) throw new AppError("VALIDATION", "Valid until cannot be before the quotation date.", { validUntil: ["Valid until cannot be before the quotation date"] });
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const sqRefNum = await nextNumber(t, { series: "SQ", branchCode });
    const [written] = await t.insert(salesQuotations).values({
      sqRefNum, sqDate, validUntil, userId: caller.userId, branchCode, customerCode, cargoTypeCode, remarks: input.remarks,
      userCreated: caller.userId, userModified: caller.userId,
    }).returning();
    return written;
  });
  return { data: row, message: `Sales quotation ${row.sqRefNum} drafted` };
}

export async function quotationByRef(db: Db, sqRefNum: string): Promise<Quotation> {
  const [row] = await db.select().from(salesQuotations).where(sql`lower(${salesQuotations.sqRefNum}) = lower(${sqRefNum})`);
  if (!row) throw new AppError("NOT_FOUND", `Sales quotation ${sqRefNum} was not found.`);
  return row;
}

/** One quotation with its status history, oldest step first. */
export async function readQuotation(db: Db, sqRefNum: string) {
  const quotation = await quotationByRef(db, sqRefNum);
  const history = await historyOf(db, salesQuotationFlow, quotation.id);
  return { data: { ...quotation, history } };
}

/**
 * Moves a quotation one step (updateSqStatusWthSBMV2): the workflow checks the role and the step; an AE acts
 * only on their own quotations. The next in line, and the branch's sales managers on a submit, are notified.
 */
export async function updateStatus(db: Db, caller: SqCaller, id: number, action: SqAction, remarks: string) {
  const [quotation] = await db.select().from(salesQuotations).where(eq(salesQuotations.id, id));
  if (!quotation) throw new AppError("NOT_FOUND", "The quotation was not found.");
  const ownersStep = ["submit", "moveToDraft", "cancel"].includes(action);
  if (ownersStep && quotation.userId !== caller.userId) {
    throw new AppError("FORBIDDEN", `Only ${quotation.userId}, the quotation's account executive, may do that.`);
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
    url: `/sales_quotation/draft/read/${encodeURIComponent(quotation.sqRefNum)}`,
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

/**
 * The list of one role (000 §6): the AE's own quotations; the SM, AUD and FA queues at their step; the sales
 * branch manager's branches. Searched on reference, customer and remarks; filter is the usual status filter.
 */
export async function listQuotations(db: Db, caller: SqCaller, query: ListQuery & { list: SqList }): Promise<ListResult<Quotation>> {
  if (!caller.capabilities.has(LIST_CAPABILITY[query.list])) throw new AppError("FORBIDDEN", `Your role has no ${query.list} list of sales quotations.`);
  const parts = [
    statusFilter(salesQuotations.isActive, query.filter),
    searchAny([salesQuotations.sqRefNum, salesQuotations.customerCode, salesQuotations.remarks], query.search),
    inArray(salesQuotations.status, [...LIST_STATUSES[query.list]]),
  ];
  if (query.list === "AE") parts.push(eq(salesQuotations.userId, caller.userId));
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


/** Statuses a quotation can still expire from: anything not already closed. */
const EXPIRABLE = ["Draft", "For Approval", "SM Approved", "SM Denied", "AUD Approved", "AUD Denied", "FA Approved", "FA Denied"];

/**
 * sqExpiration: every quotation whose validity ended before `today` (Manila) becomes Expired, with its history
 * row, in one transaction. Running it again changes nothing more; two servers running it at once expire each
 * quotation once (the second update of a row finds it no longer expirable). A dry run only lists them.
 */
export async function expireQuotations(db: Db, options: { today?: string; dryRun?: boolean; actor?: string } = {}) {
  const today = options.today ?? manilaDate(new Date());
  const due = and(inArray(salesQuotations.status, EXPIRABLE), lt(salesQuotations.validUntil, today));
  if (options.dryRun) {
    const rows = await db.select({ sqRefNum: salesQuotations.sqRefNum }).from(salesQuotations).where(due).orderBy(asc(salesQuotations.sqRefNum));
    return { data: { expired: rows.map((r) => r.sqRefNum), dryRun: true }, message: `${rows.length} quotation(s) would expire` };
  }
  const expired = await db.transaction(async (tx) => {
    const before = tx.select({ id: salesQuotations.id, status: salesQuotations.status }).from(salesQuotations).where(due).as("before");
    const rows = await tx.update(salesQuotations).set({ status: "Expired", dateModified: new Date(), userModified: options.actor ?? "system" })
      .from(before)
      .where(and(eq(salesQuotations.id, before.id), due))
      .returning({ id: salesQuotations.id, sqRefNum: salesQuotations.sqRefNum, from: before.status });
    if (rows.length > 0) {
      await tx.insert(statusHistory).values(rows.map((r) => ({
        entity: salesQuotationFlow.entity, recordId: r.id, action: "expire", fromStatus: r.from, toStatus: "Expired",
        actor: options.actor ?? "system", remarks: `Valid until a day before ${today}`,
      })));
    }
    return rows.map((r) => r.sqRefNum).sort();
  });
  return { data: { expired, dryRun: false }, message: `${expired.length} quotation(s) expired` };
}
