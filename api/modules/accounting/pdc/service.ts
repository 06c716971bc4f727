import { and, asc, count, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import { collections, holidays, postDatedCheques, postings } from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { addCalendarDays, daysBetween, manilaToday } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { pdcTarget, reverseBouncedCollection } from "../collections/service.ts";
import { enqueuePosting } from "../posting/outbox.ts";
import {
  clearingProblem,
  depositProblem,
  depositWarning,
  nextBankingDay,
  OUTSTANDING_PDC,
  pdcWorkflow,
  staleDates,
  stalenessOf,
} from "./rules.ts";
import type { PdcListQuery, PdcRow, ReplaceChequeInput } from "./schemas.ts";

type ChequeRecord = typeof postDatedCheques.$inferSelect;

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const NOT_FOUND = (id: number) => `Cheque ${id} was not found.`;

/**
 * The national holidays (the banks' calendar) from `from` to `to`: a branch's own days off leave the banks open,
 * and so does a special working day.
 */
export async function nationalHolidays(db: Executor, from: string, to: string): Promise<string[]> {
  const rows = await db.select({ date: holidays.holidayDate }).from(holidays)
    .where(and(
      isNull(holidays.branchCode), eq(holidays.isActive, true), ne(holidays.holidayType, "SPECIAL_WORKING"),
      gte(holidays.holidayDate, from), lte(holidays.holidayDate, to),
    ));
  return rows.map((r) => r.date);
}

/** Enough of the calendar after a deposit to find the next banking day, however long a holiday stretch is. */
const bankingWindow = (from: string) => ({ from, to: addCalendarDays(from, 40) });

const rowColumns = {
  cheque: postDatedCheques,
  receiptNo: collections.receiptNo,
  payerName: collections.payerName,
  collectionStatus: collections.status,
};

function selectRows(db: Executor) {
  return db.select(rowColumns).from(postDatedCheques).innerJoin(collections, eq(collections.id, postDatedCheques.collectionId));
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

async function rowsOf(db: Executor, selected: readonly Selected[], today = manilaToday()): Promise<PdcRow[]> {
  const deposits = selected.map((s) => s.cheque.depositDate).filter((d): d is string => !!d).sort();
  const calendar = deposits.length ? await nationalHolidays(db, deposits[0], bankingWindow(deposits.at(-1)!).to) : [];
  return selected.map(({ cheque, receiptNo, payerName, collectionStatus }) => ({
    id: cheque.id,
    status: cheque.status as PdcRow["status"],
    branchCode: cheque.branchCode,
    customerCode: cheque.customerCode,
    payerName,
    collectionId: cheque.collectionId,
    receiptNo,
    collectionStatus,
    bank: cheque.bank,
    chequeNo: cheque.chequeNo,
    chequeDate: cheque.chequeDate,
    amount: cheque.amount,
    isManagersCheque: cheque.isManagersCheque,
    depositDate: cheque.depositDate,
    clearedDate: cheque.clearedDate,
    bounceReason: cheque.bounceReason,
    replacedById: cheque.replacedById,
    ageDays: daysBetween(cheque.chequeDate, today),
    staleness: stalenessOf(cheque, today),
    lastDeposit: cheque.isManagersCheque ? null : staleDates(cheque.chequeDate).lastDeposit,
    earliestClearing: cheque.depositDate ? nextBankingDay(cheque.depositDate, calendar) : null,
    dateModified: cheque.dateModified.toISOString(),
  }));
}

async function chequeRecord(db: Executor, id: number, scope: BranchScope) {
  const [row] = await selectRows(db).where(and(eq(postDatedCheques.id, id), branchCondition(scope, postDatedCheques.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND(id));
  return row;
}

export async function chequeById(db: Executor, id: number, scope: BranchScope): Promise<PdcRow> {
  const [row] = await rowsOf(db, [await chequeRecord(db, id, scope)]);
  return row;
}

/** PdcClearing load (001 §7): the cheques of the caller's branches by due date, the outstanding ones unless asked. */
export async function listCheques(db: Db, scope: BranchScope, query: PdcListQuery) {
  const where = and(
    branchCondition(scope, postDatedCheques.branchCode),
    query.filter === "OUTSTANDING" ? inArray(postDatedCheques.status, [...OUTSTANDING_PDC]) : eq(postDatedCheques.status, query.filter),
    query.branchCode ? sql`lower(${postDatedCheques.branchCode}) = lower(${query.branchCode})` : undefined,
    query.dueFrom ? gte(postDatedCheques.chequeDate, query.dueFrom) : undefined,
    query.dueTo ? lte(postDatedCheques.chequeDate, query.dueTo) : undefined,
    searchAny([postDatedCheques.chequeNo, postDatedCheques.bank, collections.receiptNo, collections.payerName], query.search || undefined),
  );
  const [selected, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(asc(postDatedCheques.chequeDate), asc(postDatedCheques.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(postDatedCheques).innerJoin(collections, eq(collections.id, postDatedCheques.collectionId)).where(where),
  ]);
  const data = await rowsOf(db, selected);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

function checkFresh(cheque: ChequeRecord, dateModified: string): void {
  if (new Date(dateModified).getTime() !== cheque.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Cheque ${cheque.chequeNo} was changed by someone else after you opened it. Reload the list and try again.`);
  }
}

/** A cheque goes to the bank on or after its date, after it was received, and before it is stale. */
export async function depositCheque(db: Db, caller: Caller, id: number, input: { dateModified: string; depositDate: string }) {
  const { cheque } = await chequeRecord(db, id, caller);
  checkFresh(cheque, input.dateModified);
  const [collection] = await db.select({ collectionDate: collections.collectionDate }).from(collections).where(eq(collections.id, cheque.collectionId));
  const problem = depositProblem(cheque, input.depositDate, manilaToday());
  if (problem) throw refused("depositDate", problem);
  if (collection && input.depositDate < collection.collectionDate) {
    throw refused("depositDate", `The cheque was received on ${collection.collectionDate}; it cannot have been deposited before that.`);
  }
  const moved = await transition(db, pdcWorkflow, pdcTarget, {
    id: cheque.id, action: "deposit", actor: caller, set: { depositDate: input.depositDate, userModified: caller.userId },
  });
  const warning = depositWarning(cheque, input.depositDate);
  return { data: await chequeById(db, id, caller), message: moved.message, warnings: warning ? [warning] : [] };
}

/**
 * PdcClearing clear (001 §7): the bank has paid. No earlier than the next banking day after the deposit; writes the
 * clearing's posting to BASE in the same transaction. 'Cleared Successfully'.
 */
export async function clearCheque(db: Db, caller: Caller, id: number, input: { dateModified: string; clearedDate: string }) {
  const { cheque, receiptNo } = await chequeRecord(db, id, caller);
  checkFresh(cheque, input.dateModified);
  if (!cheque.depositDate) throw new AppError("CONFLICT", `Cheque ${cheque.chequeNo} is ${cheque.status}; deposit it before it is cleared.`);
  const calendar = await nationalHolidays(db, cheque.depositDate, bankingWindow(cheque.depositDate).to);
  const problem = clearingProblem(cheque.depositDate, input.clearedDate, manilaToday(), calendar);
  if (problem) throw refused("clearedDate", problem);
  const moved = await db.transaction(async (tx: Tx) => {
    const result = await transition(tx, pdcWorkflow, pdcTarget, {
      id: cheque.id, action: "clear", actor: caller, set: { clearedDate: input.clearedDate, userModified: caller.userId },
    });
    // The clearing belongs to the voyage its receipt was posted under, when the receipt had one.
    const [receipt] = await tx.select({ voyageNum: postings.voyageNum }).from(postings)
      .where(and(eq(postings.docType, "COLLECTION_RECEIPT"), eq(postings.docId, cheque.collectionId)));
    await enqueuePosting(tx, {
      docType: "PDC_CLEARING", docId: cheque.id, revision: 1, reference: `${receiptNo}/CHQ-${cheque.chequeNo}`, branchCode: cheque.branchCode,
      voyageNum: receipt?.voyageNum ?? null, documentDate: input.clearedDate,
      totals: { gross: cheque.amount, vat: "0.00", ewt: "0.00", wvat: "0.00", cash: cheque.amount },
      payload: {
        receiptNo, bank: cheque.bank, chequeNo: cheque.chequeNo, chequeDate: cheque.chequeDate, amount: cheque.amount,
        depositDate: cheque.depositDate, clearedDate: input.clearedDate,
        journal: [
          { account: "CASH_IN_BANK", debit: cheque.amount, credit: "0.00" },
          { account: "PDC_ON_HAND", debit: "0.00", credit: cheque.amount },
        ],
      },
      requestedBy: caller.userId,
    });
    return result;
  });
  return { data: await chequeById(db, id, caller), message: moved.message };
}

/**
 * The bank returned the cheque: it is BOUNCED with the reason, and its collection is reversed in the same
 * transaction (a reversal posted to BASE, never a delete), so the invoices it settled are open again and the
 * release of their cargo waits once more.
 */
export async function bounceCheque(db: Db, caller: Caller, id: number, input: { dateModified: string; reason: string }) {
  const { cheque, receiptNo } = await chequeRecord(db, id, caller);
  checkFresh(cheque, input.dateModified);
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    await transition(tx, pdcWorkflow, pdcTarget, {
      id: cheque.id, action: "bounce", actor: caller, remarks: input.reason, set: { bounceReason: input.reason, userModified: caller.userId },
    });
    await reverseBouncedCollection(tx, caller, cheque.collectionId, `Cheque ${cheque.chequeNo} of ${cheque.bank} bounced: ${input.reason}`, now);
  });
  return { data: await chequeById(db, id, caller), message: `Cheque ${cheque.chequeNo} bounced: receipt ${receiptNo} is reversed and its invoices are open again.` };
}

/**
 * The customer gives another cheque for one not yet deposited: the old one is REPLACED and points at the new one,
 * which stands for the same collection and amount.
 */
export async function replaceCheque(db: Db, caller: Caller, id: number, input: ReplaceChequeInput) {
  const { cheque } = await chequeRecord(db, id, caller);
  checkFresh(cheque, input.dateModified);
  const today = manilaToday();
  if (stalenessOf({ chequeDate: input.chequeDate, isManagersCheque: input.isManagersCheque }, today) === "STALE") {
    throw refused("chequeDate", `A cheque dated ${input.chequeDate} is already stale; it cannot replace another.`);
  }
  const now = new Date();
  const newId = await db.transaction(async (tx: Tx) => {
    const [same] = await tx.select({ id: postDatedCheques.id }).from(postDatedCheques)
      .where(and(sql`lower(${postDatedCheques.bank}) = lower(${input.bank})`, eq(postDatedCheques.chequeNo, input.chequeNo)));
    if (same) throw new AppError("CONFLICT", `Cheque ${input.chequeNo} of ${input.bank} is already recorded.`, { chequeNo: ["Already recorded"] });
    const [made] = await tx.insert(postDatedCheques).values({
      collectionId: cheque.collectionId, status: initialStatus(pdcWorkflow), branchCode: cheque.branchCode, customerCode: cheque.customerCode,
      bank: input.bank, chequeNo: input.chequeNo, chequeDate: input.chequeDate, amount: cheque.amount, isManagersCheque: input.isManagersCheque,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).returning({ id: postDatedCheques.id });
    await transition(tx, pdcWorkflow, pdcTarget, {
      id: cheque.id, action: "replace", actor: caller, remarks: input.reason, set: { replacedById: made.id, userModified: caller.userId },
    });
    await recordAudit(tx, {
      actor: caller.userId, action: "CHEQUE_REPLACED", target: `post-dated-cheque:${cheque.chequeNo}`,
      detail: {
        reason: input.reason,
        before: { bank: cheque.bank, chequeNo: cheque.chequeNo, chequeDate: cheque.chequeDate, amount: cheque.amount },
        after: { bank: input.bank, chequeNo: input.chequeNo, chequeDate: input.chequeDate, amount: cheque.amount },
      },
    });
    return made.id;
  });
  return { data: await chequeById(db, newId, caller), message: "Cheque replaced successfully" };
}
