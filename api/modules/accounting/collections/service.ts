import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  charges,
  collectionLines,
  collectionOtherCharges,
  collections,
  customerCredits,
  customers,
  invoices,
  numberSeries,
  postDatedCheques,
  postings,
  waybills,
} from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { manilaToday, manilaYear } from "../../../shared/dates.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { formatAmount, formatCentavos, toCentavos } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { enqueuePosting, idempotencyKeyOf } from "../posting/outbox.ts";
import { pdcWorkflow, staleDates, stalenessOf } from "../pdc/rules.ts";
import { waybillSidePaid } from "./paid.ts";
import {
  collectionBalance,
  collectionWorkflow,
  EXCESS_HANDLING_NAMES,
  EXCESS_HANDLINGS,
  type InvoiceTaxBase,
  type LineWithholding,
  lineWithholding,
  NO_EARLIER_PAYMENTS,
  OTHER_INCOME_ACCOUNTS,
  rateProblem,
  rateWarnings,
  RECEIPT_SERIES,
  settingRates,
  WITHHOLDING_SETTINGS,
  type WithholdingSetting,
} from "./rules.ts";
import type {
  CalculateCwtInput,
  CollectionListQuery,
  CollectionRow,
  CreateCollectionInput,
  CwtAnswer,
  DayTotalsRow,
  OpenInvoiceRow,
  PayerRow,
} from "./schemas.ts";
import { CANCELLED_INVOICE, earlierAsText, earlierPaymentsOf, liveInvoice } from "./settlement.ts";

type CollectionRecord = typeof collections.$inferSelect;
type InvoiceRecord = typeof invoices.$inferSelect;

export const collectionTarget = {
  table: collections, id: collections.id, status: collections.status, dateModified: collections.dateModified, label: collections.receiptNo,
};
export const pdcTarget = {
  table: postDatedCheques, id: postDatedCheques.id, status: postDatedCheques.status, dateModified: postDatedCheques.dateModified, label: postDatedCheques.chequeNo,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const peso = formatCentavos;
const NOT_FOUND = (id: number | string) => `Collection ${id} was not found.`;

/** A stored setting read as one of the three; anything else withholds nothing. */
const settingOf = (value: string): WithholdingSetting =>
  (WITHHOLDING_SETTINGS as readonly string[]).includes(value) ? value as WithholdingSetting : "NONE";

function checkBranch(scope: BranchScope, branchCode: string): void {
  if (!coversBranch(scope, branchCode)) throw refused("branchCode", `You do not work for branch ${branchCode}.`);
}

async function payerOf(db: Executor, customerCode: string) {
  const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${customerCode})`);
  if (!customer) throw refused("customerCode", `Customer ${customerCode} was not found.`);
  return customer;
}

/**
 * Who pays a collection: a customer of the master, or, for invoices billed to a consignee who is not one (a
 * collect waybill's consignee is often nobody's customer), the buyer as the first invoice names it. Such a payer
 * withholds nothing, pays by no post-dated cheque and keeps no credit: those are tracked per customer.
 */
interface Payer {
  code: string | null;
  company: string;
  tin: string;
  withholding: string;
  isTopWithholdingAgent: boolean;
  isActive: boolean;
}

async function payerFor(db: Executor, customerCode: string | undefined, invoiceIds: readonly number[]): Promise<Payer> {
  if (customerCode !== undefined) return payerOf(db, customerCode);
  const [first] = invoiceIds.length
    ? await db.select().from(invoices).where(inArray(invoices.id, [...invoiceIds])).orderBy(asc(invoices.id)).limit(1)
    : [];
  // An invoice that does not exist is refused line by line, where its number is known.
  if (!first) return { code: null, company: "", tin: "", withholding: "NONE", isTopWithholdingAgent: false, isActive: true };
  if (first.customerCode) {
    throw refused("customerCode", `Invoice ${first.invoiceNo} is billed to customer ${first.customerCode}: choose that customer as the payer.`);
  }
  return { code: null, company: first.buyerName, tin: first.buyerTin, withholding: "NONE", isTopWithholdingAgent: false, isActive: true };
}

/** What a payer outside the customer master cannot do, checked before anything is written. */
function checkWalkIn(input: { ewtRate?: string; wvatRate?: string; paymentMethod?: string; creditApplied?: string }): void {
  const withholds = (rate?: string) => rate !== undefined && toCentavos(rate) !== 0n;
  if (withholds(input.ewtRate) || withholds(input.wvatRate)) {
    throw refused(withholds(input.ewtRate) ? "ewtRate" : "wvatRate",
      "Tax withheld is recorded for registered customers only (their Form 2307 is tracked): add the payer to the customers first.");
  }
  if (input.paymentMethod === "PDC") {
    throw refused("paymentMethod", "A post-dated cheque is taken from a registered customer only: add the payer to the customers first.");
  }
  if (input.creditApplied !== undefined && toCentavos(input.creditApplied) !== 0n) {
    throw refused("creditApplied", "A payer who is not a registered customer has no credit to apply.");
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** The receipts as their screens show them: lines with their invoices, other charges, the cheque and the posting. */
async function rowsOf(db: Executor, records: readonly CollectionRecord[]): Promise<CollectionRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [lines, others, cheques, posted] = await Promise.all([
    db.select({ line: collectionLines, invoiceNo: invoices.invoiceNo, wayBillRef: invoices.wayBillRef, voyageNum: invoices.voyageNum, total: invoices.total })
      .from(collectionLines).innerJoin(invoices, eq(invoices.id, collectionLines.invoiceId))
      .where(inArray(collectionLines.collectionId, ids)).orderBy(asc(collectionLines.id)),
    db.select().from(collectionOtherCharges).where(inArray(collectionOtherCharges.collectionId, ids)).orderBy(asc(collectionOtherCharges.id)),
    db.select().from(postDatedCheques).where(inArray(postDatedCheques.collectionId, ids)).orderBy(asc(postDatedCheques.id)),
    db.select({ docId: postings.docId, status: postings.status }).from(postings)
      .where(and(eq(postings.docType, "COLLECTION_RECEIPT"), inArray(postings.docId, ids))),
  ]);
  return records.map((r) => {
    const own = lines.filter((l) => l.line.collectionId === r.id);
    // The cheque standing for the collection: the last one that was not replaced.
    const cheque = cheques.filter((c) => c.collectionId === r.id && c.status !== "REPLACED").at(-1) ?? null;
    return {
      id: r.id,
      receiptNo: r.receiptNo,
      status: r.status as CollectionRow["status"],
      branchCode: r.branchCode,
      customerCode: r.customerCode,
      payerName: r.payerName,
      collectionDate: r.collectionDate,
      paymentMethod: r.paymentMethod as CollectionRow["paymentMethod"],
      bank: r.bank,
      chequeNo: r.chequeNo,
      chequeDate: r.chequeDate,
      withholding: settingOf(r.withholding),
      appliedTotal: r.appliedTotal,
      ewtTotal: r.ewtTotal,
      wvatTotal: r.wvatTotal,
      otherTotal: r.otherTotal,
      amountReceived: r.amountReceived,
      excessAmount: r.excessAmount,
      excessHandling: r.excessHandling as CollectionRow["excessHandling"],
      creditApplied: r.creditApplied,
      remarks: r.remarks,
      revision: r.revision,
      dateIssued: r.dateIssued.toISOString(),
      issuedBy: r.issuedBy,
      cancelReason: r.cancelReason,
      dateCancelled: r.dateCancelled?.toISOString() ?? null,
      cancelledBy: r.cancelledBy,
      dateModified: r.dateModified.toISOString(),
      lines: own.map(({ line, invoiceNo, wayBillRef, voyageNum }) => ({
        invoiceId: line.invoiceId, invoiceNo, wayBillRef, voyageNum, applied: line.applied,
        ewtAtc: line.ewtAtc, ewtRate: line.ewtRate, ewtBase: line.ewtBase, ewtAmount: line.ewtAmount,
        wvatAtc: line.wvatAtc, wvatBase: line.wvatBase, wvatAmount: line.wvatAmount,
        cash: peso(toCentavos(line.applied) - toCentavos(line.ewtAmount) - toCentavos(line.wvatAmount)),
      })),
      otherCharges: others.filter((o) => o.collectionId === r.id).map((o) => ({ accountCode: o.accountCode, description: o.description, amount: o.amount })),
      cheque: cheque && {
        id: cheque.id, status: cheque.status, bank: cheque.bank, chequeNo: cheque.chequeNo, chequeDate: cheque.chequeDate, amount: cheque.amount,
        depositDate: cheque.depositDate, clearedDate: cheque.clearedDate,
      },
      postingStatus: posted.find((p) => p.docId === r.id)?.status ?? null,
    };
  });
}

async function collectionRecord(db: Executor, id: number, scope: BranchScope): Promise<CollectionRecord> {
  const [row] = await db.select().from(collections).where(and(eq(collections.id, id), branchCondition(scope, collections.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND(id));
  return row;
}

/** One receipt, if it is of a branch the caller works for. */
export async function collectionById(db: Executor, id: number, scope: BranchScope): Promise<CollectionRow> {
  const [row] = await rowsOf(db, [await collectionRecord(db, id, scope)]);
  return row;
}

/** The receipts of the caller's branches, newest first, 20 a page. */
export async function listCollections(db: Db, scope: BranchScope, query: CollectionListQuery) {
  const where = and(
    branchCondition(scope, collections.branchCode),
    query.status ? eq(collections.status, query.status) : undefined,
    query.branchCode ? sql`lower(${collections.branchCode}) = lower(${query.branchCode})` : undefined,
    query.collectionDate ? eq(collections.collectionDate, query.collectionDate) : undefined,
    searchAny([collections.receiptNo, collections.payerName, collections.customerCode, collections.chequeNo, collections.bank], query.search || undefined),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(collections).where(where).orderBy(desc(collections.collectionDate), desc(collections.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(collections).where(where),
  ]);
  const data = await rowsOf(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/** The day's figures of the caller's branches (or one of them) that the cashier reconciles at closing. */
export async function dayTotals(db: Db, scope: BranchScope, query: { collectionDate: string; branchCode?: string }): Promise<{ data: DayTotalsRow }> {
  if (query.branchCode) checkBranch(scope, query.branchCode);
  const rows = await db.select({
    status: collections.status, paymentMethod: collections.paymentMethod,
    receipts: count(),
    received: sql<string>`coalesce(sum(${collections.amountReceived}), 0)::text`,
    applied: sql<string>`coalesce(sum(${collections.appliedTotal}), 0)::text`,
    ewt: sql<string>`coalesce(sum(${collections.ewtTotal}), 0)::text`,
    wvat: sql<string>`coalesce(sum(${collections.wvatTotal}), 0)::text`,
    other: sql<string>`coalesce(sum(${collections.otherTotal}), 0)::text`,
    excess: sql<string>`coalesce(sum(${collections.excessAmount}), 0)::text`,
    credit: sql<string>`coalesce(sum(${collections.creditApplied}), 0)::text`,
  }).from(collections)
    .where(and(
      eq(collections.collectionDate, query.collectionDate),
      branchCondition(scope, collections.branchCode),
      query.branchCode ? sql`lower(${collections.branchCode}) = lower(${query.branchCode})` : undefined,
    ))
    .groupBy(collections.status, collections.paymentMethod);
  const standing = rows.filter((r) => r.status === "Issued");
  const sum = (pick: (r: (typeof rows)[number]) => string, of = standing) => peso(of.reduce((s, r) => s + toCentavos(pick(r)), 0n));
  const method = (m: string) => {
    const of = standing.filter((r) => r.paymentMethod === m);
    return { count: of.reduce((n, r) => n + r.receipts, 0), amount: sum((r) => r.received, of) };
  };
  return {
    data: {
      collectionDate: query.collectionDate,
      receipts: standing.reduce((n, r) => n + r.receipts, 0),
      cash: method("CASH"),
      cheques: method("CHEQUE"),
      pdcs: method("PDC"),
      applied: sum((r) => r.applied),
      ewt: sum((r) => r.ewt),
      wvat: sum((r) => r.wvat),
      other: sum((r) => r.other),
      excess: sum((r) => r.excess),
      creditApplied: sum((r) => r.credit),
      received: sum((r) => r.received),
      cancelled: rows.filter((r) => r.status !== "Issued").reduce((n, r) => n + r.receipts, 0),
    },
  };
}

/** Open balances of live invoices, by invoice, with what earlier receipts took. */
async function openRows(db: Executor, records: readonly InvoiceRecord[]): Promise<OpenInvoiceRow[]> {
  const earlier = await earlierPaymentsOf(db, records.map((r) => r.id));
  return records.map((r) => {
    const e = earlier.get(r.id) ?? NO_EARLIER_PAYMENTS;
    return {
      invoiceId: r.id, invoiceNo: r.invoiceNo, invoiceDate: r.invoiceDate, branchCode: r.branchCode, customerCode: r.customerCode,
      buyerName: r.buyerName, wayBillRef: r.wayBillRef, voyageNum: r.voyageNum, billedSide: r.billedSide, status: r.status,
      total: r.total, vatableSales: r.vatableSales, vatAmount: r.vatAmount, exemptSales: r.exemptSales, zeroRatedSales: r.zeroRatedSales,
      earlier: earlierAsText(e),
      balance: peso(toCentavos(r.total) - e.applied),
    };
  });
}

/** A payer's invoices at a branch with something left to collect, oldest first. */
export async function openInvoices(db: Db, scope: BranchScope, query: { branchCode: string; customerCode?: string; search?: string }) {
  checkBranch(scope, query.branchCode);
  const branchCode = query.branchCode.toUpperCase();
  if (query.customerCode === undefined) {
    // A payer outside the customer master: the invoices billed to no customer, found by invoice, waybill or buyer.
    const records = await db.select().from(invoices)
      .where(and(
        eq(invoices.branchCode, branchCode), isNull(invoices.customerCode), liveInvoice,
        searchAny([invoices.invoiceNo, invoices.wayBillRef, invoices.buyerName], query.search ?? ""),
      ))
      .orderBy(asc(invoices.invoiceDate), asc(invoices.id)).limit(50);
    const data = (await openRows(db, records)).filter((r) => toCentavos(r.balance) > 0n);
    return data.length === 0 ? { data, message: `No open invoice billed to an unregistered consignee at ${branchCode} matches ${query.search}.` } : { data };
  }
  const customer = await payerOf(db, query.customerCode);
  const records = await db.select().from(invoices)
    .where(and(eq(invoices.branchCode, branchCode), eq(invoices.customerCode, customer.code), liveInvoice))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
  const data = (await openRows(db, records)).filter((r) => toCentavos(r.balance) > 0n);
  return data.length === 0 ? { data, message: `${customer.company} has no open invoice at ${branchCode}.` } : { data };
}

/** The customer's credit kept from excess payments and not voided. */
async function creditOf(db: Executor, customerCodes: readonly string[]): Promise<Map<string, bigint>> {
  const found = new Map<string, bigint>();
  if (customerCodes.length === 0) return found;
  const rows = await db.select({ customerCode: customerCredits.customerCode, amount: sql<string>`sum(${customerCredits.amount})::text` })
    .from(customerCredits)
    .where(and(inArray(customerCredits.customerCode, [...customerCodes]), isNull(customerCredits.dateVoided), isNull(customerCredits.usedByCollectionId)))
    .groupBy(customerCredits.customerCode);
  for (const r of rows) found.set(r.customerCode, toCentavos(r.amount));
  return found;
}

/** The customer's credits free to spend, oldest first, locked until the transaction ends: two receipts cannot spend one. */
async function spendableCredits(tx: Tx, customerCode: string) {
  return await tx.select().from(customerCredits)
    .where(and(eq(customerCredits.customerCode, customerCode), isNull(customerCredits.dateVoided), isNull(customerCredits.usedByCollectionId)))
    .orderBy(asc(customerCredits.id)).for("update");
}

/**
 * Marks credits spent by a receipt, oldest first. The last one, when only part of it is needed, is split: it keeps
 * the part spent and a new credit of the same source holds the rest, so the sum kept from each receipt never changes.
 */
async function spendCredit(
  tx: Tx, credits: readonly (typeof customerCredits.$inferSelect)[], amount: bigint, collectionId: number,
  who: { userCreated: string; userModified: string; dateCreated: Date; dateModified: Date },
) {
  let left = amount;
  for (const credit of credits) {
    if (left === 0n) break;
    const whole = toCentavos(credit.amount);
    const spent = whole < left ? whole : left;
    if (spent < whole) {
      await tx.insert(customerCredits).values({
        customerCode: credit.customerCode, amount: peso(whole - spent), sourceCollectionId: credit.sourceCollectionId, ...who,
      });
    }
    await tx.update(customerCredits).set({ amount: peso(spent), usedByCollectionId: collectionId, userModified: who.userModified, dateModified: who.dateModified })
      .where(eq(customerCredits.id, credit.id));
    left -= spent;
  }
}

/** Customers with open invoices at a branch (the payers a cashier chooses from), with what they owe there. */
export async function payers(db: Db, scope: BranchScope, query: { branchCode: string; search: string }) {
  checkBranch(scope, query.branchCode);
  // What each live invoice of the branch still owes, summed per customer in the database: a branch has many invoices.
  const settled = db.select({ invoiceId: collectionLines.invoiceId, applied: sql<string>`sum(${collectionLines.applied})`.as("applied") })
    .from(collectionLines).innerJoin(collections, eq(collections.id, collectionLines.collectionId))
    .where(eq(collections.status, "Issued")).groupBy(collectionLines.invoiceId).as("settled");
  const balance = sql`${invoices.total} - coalesce(${settled.applied}, 0)`;
  const owing = await db.select({
    customerCode: sql<string>`${invoices.customerCode}`,
    openInvoices: sql<number>`count(*)::int`,
    openBalance: sql<string>`sum(${balance})::text`,
  }).from(invoices)
    .innerJoin(customers, eq(customers.code, invoices.customerCode))
    .leftJoin(settled, eq(settled.invoiceId, invoices.id))
    .where(and(
      eq(invoices.branchCode, query.branchCode.toUpperCase()), liveInvoice, sql`${balance} > 0`,
      searchAny([customers.code, customers.company], query.search || undefined),
    ))
    .groupBy(invoices.customerCode);
  const codes = owing.map((o) => o.customerCode);
  if (codes.length === 0) return { data: [] as PayerRow[], message: "No customer has an open invoice at this branch." };
  const [people, credit] = await Promise.all([db.select().from(customers).where(inArray(customers.code, codes)), creditOf(db, codes)]);
  const data: PayerRow[] = people.map((c) => {
    const own = owing.find((o) => o.customerCode === c.code)!;
    return {
      customerCode: c.code, company: c.company, address: c.address, tin: c.tin, withholding: settingOf(c.withholding),
      isTopWithholdingAgent: c.isTopWithholdingAgent, openInvoices: own.openInvoices,
      openBalance: peso(toCentavos(own.openBalance)), credit: peso(credit.get(c.code) ?? 0n),
    };
  }).sort((a, b) => a.company.localeCompare(b.company));
  return { data };
}

// ---------------------------------------------------------------------------------------------------------
// Withholding of a collection

interface WorkedLine extends LineWithholding {
  invoice: InvoiceRecord;
  balanceAfter: bigint;
}

/**
 * The lines of a collection worked out against the invoices as they stand: each invoice the payer's, of the
 * branch, live, once, and applied no more than its balance; withholding by the rates given or the payer's setting.
 * Inside a collection's transaction the invoices are locked first, so two cashiers settling one invoice take
 * turns and the second sees the first's payment.
 */
async function workLines(
  db: Db,
  o: { branchCode: string; customer: Payer; lines: CalculateCwtInput["lines"]; ewtRate?: string; wvatRate?: string; lock: boolean },
) {
  const setting = settingOf(o.customer.withholding);
  const defaults = settingRates(setting);
  const rates = { ewtRate: o.ewtRate ?? defaults.ewtRate, wvatRate: o.wvatRate ?? defaults.wvatRate };
  const problem = rateProblem(rates);
  if (problem) throw refused(problem.field, problem.message);
  const ids = o.lines.map((l) => l.invoiceId);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw refused("lines", `Invoice ${twice} is listed twice; settle it on one line.`);
  const select = db.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(asc(invoices.id));
  const found = o.lock ? await select.for("update") : await select;
  const earlier = await earlierPaymentsOf(db, ids);
  const worked: WorkedLine[] = o.lines.map((line, i) => {
    const invoice = found.find((f) => f.id === line.invoiceId);
    // Another branch's invoice answers like one that does not exist.
    if (!invoice || invoice.branchCode.toUpperCase() !== o.branchCode.toUpperCase()) {
      throw new AppError("NOT_FOUND", `Invoice ${line.invoiceId} was not found.`, { [`lines.${i}.invoiceId`]: ["Not found"] });
    }
    if (invoice.status === CANCELLED_INVOICE) {
      throw new AppError("CONFLICT", `Invoice ${invoice.invoiceNo} is cancelled; it has nothing to collect.`, { [`lines.${i}.invoiceId`]: ["Cancelled"] });
    }
    const samePayer = o.customer.code === null
      ? invoice.customerCode === null && invoice.buyerName.trim().toLowerCase() === o.customer.company.trim().toLowerCase()
      : invoice.customerCode === o.customer.code;
    if (!samePayer) {
      throw refused(`lines.${i}.invoiceId`, `Invoice ${invoice.invoiceNo} is billed to ${invoice.buyerName}, not to ${o.customer.company}.`);
    }
    const before = earlier.get(invoice.id) ?? NO_EARLIER_PAYMENTS;
    const balance = toCentavos(invoice.total) - before.applied;
    const applied = toCentavos(line.applied);
    if (applied <= 0n) throw refused(`lines.${i}.applied`, `Apply an amount above zero to invoice ${invoice.invoiceNo}.`);
    if (applied > balance) {
      const message = balance <= 0n
        ? `Invoice ${invoice.invoiceNo} is already settled in full.`
        : `Invoice ${invoice.invoiceNo} has ${formatAmount(peso(balance))} open; ${formatAmount(line.applied)} cannot be applied to it.`;
      throw new AppError(balance <= 0n ? "CONFLICT" : "VALIDATION", message, { [`lines.${i}.applied`]: [message] });
    }
    const tax: InvoiceTaxBase = invoice;
    const withheld = lineWithholding(tax, applied, before, { ...rates, isTopWithholdingAgent: o.customer.isTopWithholdingAgent });
    return { ...withheld, invoice, balanceAfter: balance - applied };
  });
  return { setting, rates, worked, warnings: rateWarnings(setting, rates) };
}

const totalsOf = (worked: readonly WorkedLine[]) => ({
  applied: worked.reduce((s, l) => s + l.applied, 0n),
  ewt: worked.reduce((s, l) => s + l.ewtAmount, 0n),
  wvat: worked.reduce((s, l) => s + l.wvatAmount, 0n),
  cash: worked.reduce((s, l) => s + l.cash, 0n),
});

/** calculate CWT (001 §7 Collections): the rate, ATC, base net of VAT and amount per invoice, and the cash to receive. */
export async function calculateCwt(db: Db, scope: BranchScope, input: CalculateCwtInput): Promise<{ data: CwtAnswer }> {
  checkBranch(scope, input.branchCode);
  const customer = await payerFor(db, input.customerCode, input.lines.map((l) => l.invoiceId));
  if (customer.code === null) checkWalkIn(input);
  const { setting, rates, worked, warnings } = await workLines(db, { ...input, customer, lock: false });
  const totals = totalsOf(worked);
  return {
    data: {
      withholding: setting,
      ewtRate: peso(toCentavos(rates.ewtRate)),
      wvatRate: peso(toCentavos(rates.wvatRate)),
      lines: worked.map((l) => ({
        invoiceId: l.invoice.id, invoiceNo: l.invoice.invoiceNo, applied: peso(l.applied), ewtAtc: l.ewtAtc, ewtRate: l.ewtRate,
        ewtBase: peso(l.ewtBase), ewtAmount: peso(l.ewtAmount), wvatAtc: l.wvatAtc, wvatBase: peso(l.wvatBase), wvatAmount: peso(l.wvatAmount),
        cash: peso(l.cash), balanceAfter: peso(l.balanceAfter),
      })),
      totals: { applied: peso(totals.applied), ewt: peso(totals.ewt), wvat: peso(totals.wvat), cash: peso(totals.cash) },
      warnings,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Recording

/** Other charges: each to an other-income account, or to the GL account of a charge of the master. */
async function workOtherCharges(db: Executor, lines: CreateCollectionInput["otherCharges"]) {
  const codes = [...new Set(lines.map((l) => l.chargeCode).filter((c): c is string => !!c))];
  const masters = codes.length ? await db.select().from(charges).where(inArray(charges.code, codes)) : [];
  return lines.map((line, i) => {
    let accountCode = line.accountCode ?? "";
    if (line.chargeCode) {
      const charge = masters.find((c) => c.code.toLowerCase() === line.chargeCode!.toLowerCase());
      if (!charge || !charge.isActive) throw refused(`otherCharges.${i}.chargeCode`, `Charge ${line.chargeCode} is not an active charge.`);
      if (!charge.glAccount) throw refused(`otherCharges.${i}.chargeCode`, `Charge ${charge.code} has no GL account to credit.`);
      if (accountCode && accountCode !== charge.glAccount) {
        throw refused(`otherCharges.${i}.accountCode`, `Charge ${charge.code} is credited to its GL account ${charge.glAccount}, not ${accountCode}.`);
      }
      accountCode = charge.glAccount;
    } else if (!OTHER_INCOME_ACCOUNTS.some((a) => a.code === accountCode)) {
      throw refused(`otherCharges.${i}.accountCode`, accountCode
        ? `${accountCode} is not an other-income account.`
        : "Name the other-income account, or the charge, this amount is credited to.");
    }
    const amount = toCentavos(line.amount);
    if (amount <= 0n) throw refused(`otherCharges.${i}.amount`, "An other charge must be above zero.");
    return { accountCode, description: line.description, amount };
  });
}

/** How the money came, checked: a cheque names its bank, number and date; a current cheque is dated on or before the collection. */
function checkPayment(input: CreateCollectionInput): void {
  if (input.collectionDate > manilaToday()) throw refused("collectionDate", "A collection cannot be dated after today.");
  if (input.paymentMethod === "CASH") {
    if (input.bank || input.chequeNo || input.chequeDate) throw refused("paymentMethod", "A cash collection has no bank, cheque number or cheque date.");
    return;
  }
  if (!input.bank) throw refused("bank", "Name the bank of the cheque.");
  if (!input.chequeNo) throw refused("chequeNo", "Give the cheque number.");
  if (!input.chequeDate) throw refused("chequeDate", "Give the date on the cheque.");
  if (input.paymentMethod === "CHEQUE" && input.chequeDate > input.collectionDate) {
    throw refused("chequeDate", `A cheque dated ${input.chequeDate} is post-dated; record it as a PDC.`);
  }
  if (input.paymentMethod === "PDC" && stalenessOf({ chequeDate: input.chequeDate, isManagersCheque: input.isManagersCheque }, input.collectionDate) === "STALE") {
    throw refused("chequeDate", `The cheque dated ${input.chequeDate} is already stale (from ${staleDates(input.chequeDate).staleFrom}); it cannot be taken.`);
  }
}

/** The journal a receipt carries to BASE (domain notes §8): cash (or the cheque on hand), CWT and VAT withheld against receivables. */
function journalOf(o: {
  paymentMethod: string; received: bigint; creditApplied: bigint; ewt: bigint; wvat: bigint; applied: bigint;
  others: { accountCode: string; amount: bigint }[]; excess: bigint;
}) {
  const lines: { account: string; debit: string; credit: string }[] = [];
  const debit = (account: string, amount: bigint) => {
    if (amount > 0n) lines.push({ account, debit: peso(amount), credit: "0.00" });
  };
  const credit = (account: string, amount: bigint) => {
    if (amount > 0n) lines.push({ account, debit: "0.00", credit: peso(amount) });
  };
  debit(o.paymentMethod === "PDC" ? "PDC_ON_HAND" : "CASH_ON_HAND", o.received);
  // Credit spent is the customer's money already held: the liability kept for it goes down.
  debit("CUSTOMER_CREDIT", o.creditApplied);
  debit("CWT_RECEIVABLE_PENDING_2307", o.ewt);
  debit("VAT_WITHHELD", o.wvat);
  credit("ACCOUNTS_RECEIVABLE", o.applied);
  for (const other of o.others) credit(other.accountCode, other.amount);
  credit("CUSTOMER_CREDIT", o.excess);
  return lines;
}

/**
 * Records a collection (001 §7 Collections: create): in one transaction the invoices are locked and checked, the
 * receipt takes the next number of the branch's CR series, its lines, other charges, the post-dated cheque and any
 * credit kept are written, credit of the customer's it spends is taken, its posting to BASE is queued, and the whole
 * is audited. 'Collection Successfully Created'.
 */
export async function createCollection(db: Db, caller: Caller, input: CreateCollectionInput) {
  checkBranch(caller, input.branchCode);
  checkPayment(input);
  const customer = await payerFor(db, input.customerCode, input.lines.map((l) => l.invoiceId));
  if (!customer.isActive) throw refused("customerCode", `Customer ${customer.code} is not active.`);
  if (customer.code === null) checkWalkIn(input);
  const branchCode = input.branchCode.toUpperCase();
  const creditApplied = input.creditApplied === undefined ? 0n : toCentavos(input.creditApplied);
  const now = new Date();
  const id = await db.transaction(async (tx: Tx) => {
    const { setting, rates, worked, warnings } = await workLines(tx, { ...input, branchCode, customer, lock: true });
    const others = await workOtherCharges(tx, input.otherCharges);
    const otherTotal = others.reduce((s, o) => s + o.amount, 0n);
    const totals = totalsOf(worked);
    const credits = creditApplied > 0n ? await spendableCredits(tx, customer.code!) : [];
    const available = credits.reduce((sum, c) => sum + toCentavos(c.amount), 0n);
    if (creditApplied > available) {
      throw refused("creditApplied", `${formatAmount(peso(creditApplied))} of credit cannot be applied: ${customer.company} has ${formatAmount(peso(available))}.`);
    }
    const amountReceived = input.amountReceived === undefined ? undefined : toCentavos(input.amountReceived);
    const { due, received, excess } = collectionBalance({ lines: worked, otherTotal, amountReceived, creditApplied });
    if (creditApplied > due) {
      throw refused("creditApplied", `${formatAmount(peso(creditApplied))} of credit is more than the ${formatAmount(peso(due))} these invoices and charges come to.`);
    }
    if (excess < 0n) {
      const paying = creditApplied > 0n ? ` with ${formatAmount(peso(creditApplied))} of credit` : "";
      throw refused("amountReceived", `${formatAmount(peso(received))} received${paying} is less than the ${formatAmount(peso(due))} these invoices and charges come to; apply less to the invoices.`);
    }
    if (excess > 0n && (input.excessHandling === "REFUSE" || customer.code === null)) {
      if (customer.code === null) {
        throw refused("amountReceived", `${formatAmount(peso(received))} received is ${formatAmount(peso(excess))} more than is due; a payer who is not a registered customer keeps no credit.`);
      }
      throw refused("amountReceived", `${formatAmount(peso(received))} received is ${formatAmount(peso(excess))} more than is due; apply it to open invoices, or keep the excess as the customer's credit.`);
    }
    if (input.paymentMethod === "CHEQUE") {
      const [same] = await tx.select({ receiptNo: collections.receiptNo }).from(collections).where(and(
        eq(collections.status, "Issued"), eq(collections.paymentMethod, "CHEQUE"),
        sql`lower(${collections.bank}) = lower(${input.bank})`, eq(collections.chequeNo, input.chequeNo),
      ));
      if (same) throw new AppError("CONFLICT", `Cheque ${input.chequeNo} of ${input.bank} is already recorded, on receipt ${same.receiptNo}.`, { chequeNo: ["Already recorded"] });
    }
    if (input.paymentMethod === "PDC") {
      const [same] = await tx.select({ receiptNo: collections.receiptNo }).from(postDatedCheques)
        .innerJoin(collections, eq(collections.id, postDatedCheques.collectionId))
        .where(and(sql`lower(${postDatedCheques.bank}) = lower(${input.bank})`, eq(postDatedCheques.chequeNo, input.chequeNo)));
      if (same) throw new AppError("CONFLICT", `Cheque ${input.chequeNo} of ${input.bank} is already recorded, on receipt ${same.receiptNo}.`, { chequeNo: ["Already recorded"] });
    }
    const receiptNo = await nextNumber(tx, { series: RECEIPT_SERIES, branchCode, on: now });
    const who = { userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now };
    const [made] = await tx.insert(collections).values({
      receiptNo, status: initialStatus(collectionWorkflow), branchCode, customerCode: customer.code, payerName: customer.company,
      collectionDate: input.collectionDate, paymentMethod: input.paymentMethod, bank: input.bank, chequeNo: input.chequeNo,
      chequeDate: input.chequeDate ?? null, withholding: setting,
      appliedTotal: peso(totals.applied), ewtTotal: peso(totals.ewt), wvatTotal: peso(totals.wvat), otherTotal: peso(otherTotal),
      amountReceived: peso(received), excessAmount: peso(excess), excessHandling: input.excessHandling, creditApplied: peso(creditApplied),
      remarks: input.remarks, dateIssued: now, issuedBy: caller.userId, ...who,
    }).returning({ id: collections.id });
    await tx.insert(collectionLines).values(worked.map((l) => ({
      collectionId: made.id, invoiceId: l.invoice.id, applied: peso(l.applied),
      ewtAtc: l.ewtAtc, ewtRate: l.ewtRate, ewtBase: peso(l.ewtBase), ewtAmount: peso(l.ewtAmount),
      wvatAtc: l.wvatAtc, wvatBase: peso(l.wvatBase), wvatAmount: peso(l.wvatAmount),
    })));
    if (others.length) {
      await tx.insert(collectionOtherCharges).values(others.map((o) => ({ collectionId: made.id, accountCode: o.accountCode, description: o.description, amount: peso(o.amount) })));
    }
    // A payer outside the master pays by no PDC and keeps no credit (checkWalkIn and the excess check above).
    if (input.paymentMethod === "PDC") {
      await tx.insert(postDatedCheques).values({
        collectionId: made.id, status: initialStatus(pdcWorkflow), branchCode, customerCode: customer.code!, bank: input.bank, chequeNo: input.chequeNo,
        chequeDate: input.chequeDate!, amount: peso(received), isManagersCheque: input.isManagersCheque, ...who,
      });
    }
    if (excess > 0n) {
      await tx.insert(customerCredits).values({ customerCode: customer.code!, amount: peso(excess), sourceCollectionId: made.id, ...who });
    }
    if (creditApplied > 0n) await spendCredit(tx, credits, creditApplied, made.id, who);
    const voyages = [...new Set(worked.map((l) => l.invoice.voyageNum))];
    const lines = worked.map((l) => ({
      invoiceNo: l.invoice.invoiceNo, wayBillRef: l.invoice.wayBillRef, applied: peso(l.applied), ewtAtc: l.ewtAtc, ewtRate: l.ewtRate,
      ewtBase: peso(l.ewtBase), ewtAmount: peso(l.ewtAmount), wvatAtc: l.wvatAtc, wvatBase: peso(l.wvatBase), wvatAmount: peso(l.wvatAmount), cash: peso(l.cash),
    }));
    await enqueuePosting(tx, {
      docType: "COLLECTION_RECEIPT", docId: made.id, revision: 1, reference: receiptNo, branchCode,
      voyageNum: voyages.length === 1 ? voyages[0] : null, documentDate: input.collectionDate,
      totals: { gross: peso(totals.applied), vat: "0.00", ewt: peso(totals.ewt), wvat: peso(totals.wvat), cash: peso(received) },
      payload: {
        receiptNo, branchCode, collectionDate: input.collectionDate,
        customer: { code: customer.code, name: customer.company, tin: customer.tin },
        payment: { method: input.paymentMethod, bank: input.bank, chequeNo: input.chequeNo, chequeDate: input.chequeDate ?? null },
        lines, otherCharges: others.map((o) => ({ accountCode: o.accountCode, description: o.description, amount: peso(o.amount) })),
        amountReceived: peso(received), creditApplied: peso(creditApplied), excess: peso(excess),
        journal: journalOf({ paymentMethod: input.paymentMethod, received, creditApplied, ewt: totals.ewt, wvat: totals.wvat, applied: totals.applied, others, excess }),
      },
      requestedBy: caller.userId,
    });
    await recordAudit(tx, {
      actor: caller.userId, action: "COLLECTION_RECORDED", target: `collection:${receiptNo}`,
      detail: {
        before: null,
        after: {
          customerCode: customer.code, paymentMethod: input.paymentMethod, collectionDate: input.collectionDate, withholding: setting,
          ewtRate: rates.ewtRate, wvatRate: rates.wvatRate, applied: peso(totals.applied), ewt: peso(totals.ewt), wvat: peso(totals.wvat),
          other: peso(otherTotal), amountReceived: peso(received), creditApplied: peso(creditApplied), excess: peso(excess), lines,
        },
        ...(warnings.length ? { warnings } : {}),
      },
    });
    if (excess > 0n) {
      await recordAudit(tx, {
        actor: caller.userId, action: "CUSTOMER_CREDIT_KEPT", target: `customer:${customer.code}`,
        detail: { receiptNo, before: null, after: { amount: peso(excess) } },
      });
    }
    if (creditApplied > 0n) {
      await recordAudit(tx, {
        actor: caller.userId, action: "CUSTOMER_CREDIT_USED", target: `customer:${customer.code}`,
        detail: { receiptNo, before: { amount: peso(available) }, after: { amount: peso(available - creditApplied) } },
      });
    }
    return made.id;
  }).catch((err) => {
    // Two cashiers recording one cheque at the same moment: the second meets the cheque's unique bank and number.
    if (databaseErrorCode(err) === "23505") {
      throw new AppError("CONFLICT", `Cheque ${input.chequeNo} of ${input.bank} is already recorded.`, { chequeNo: ["Already recorded"] });
    }
    throw err;
  });
  const data = await collectionById(db, id, caller);
  return { data, message: "Collection Successfully Created" };
}

/** Only the remarks of an issued receipt change; its money never does (a mistake is cancelled and collected again). */
export async function updateCollection(db: Db, caller: Caller, id: number, input: { dateModified: string; remarks: string }) {
  const record = await collectionRecord(db, id, caller);
  const now = new Date();
  const changed = await db.update(collections).set({ remarks: input.remarks, userModified: caller.userId, dateModified: now })
    .where(and(eq(collections.id, record.id), eq(collections.dateModified, new Date(input.dateModified)))).returning({ id: collections.id });
  if (changed.length === 0) {
    throw new AppError("CONFLICT", `Receipt ${record.receiptNo} was changed by someone else after you opened it. Reload it and try again.`);
  }
  return { data: await collectionById(db, id, caller), message: "Collection updated successfully" };
}

/** The receipt's own posting and where it stands. */
async function postingOf(db: Executor, record: CollectionRecord) {
  const key = idempotencyKeyOf({ docType: "COLLECTION_RECEIPT", docId: record.id, revision: record.revision });
  const [row] = await db.select({ status: postings.status, key: postings.idempotencyKey }).from(postings).where(eq(postings.idempotencyKey, key));
  return { key, status: row?.status ?? null };
}

/**
 * What taking a receipt back does besides its status: its reversal is queued for BASE (so a receipt already sent is
 * undone there, and one not yet sent is known to be void), a credit it kept is voided, and its post-dated cheque,
 * still in the cashier's hands, is cancelled. The invoices it settled are open again, as only standing receipts
 * count.
 */
async function undoCollection(tx: Tx, caller: Caller, record: CollectionRecord, o: { reason: string; cause: "CANCELLED" | "BOUNCED" | "REVERSED"; now: Date }) {
  const credits = await tx.select().from(customerCredits).where(and(eq(customerCredits.sourceCollectionId, record.id), isNull(customerCredits.dateVoided)));
  if (credits.some((c) => c.usedByCollectionId !== null)) {
    throw new AppError("CONFLICT", `The credit receipt ${record.receiptNo} kept has been used; it cannot be taken back.`);
  }
  if (credits.length) {
    await tx.update(customerCredits).set({ dateVoided: o.now, voidedBy: caller.userId, userModified: caller.userId, dateModified: o.now })
      .where(inArray(customerCredits.id, credits.map((c) => c.id)));
    await recordAudit(tx, {
      actor: caller.userId, action: "CUSTOMER_CREDIT_VOIDED", target: `customer:${record.customerCode}`,
      detail: { receiptNo: record.receiptNo, reason: o.reason, before: { amount: peso(credits.reduce((s, c) => s + toCentavos(c.amount), 0n)) }, after: { amount: "0.00" } },
    });
  }
  if (toCentavos(record.creditApplied) > 0n) {
    // The credit it spent is the customer's again, to spend on another receipt.
    await tx.update(customerCredits).set({ usedByCollectionId: null, userModified: caller.userId, dateModified: o.now })
      .where(eq(customerCredits.usedByCollectionId, record.id));
    await recordAudit(tx, {
      actor: caller.userId, action: "CUSTOMER_CREDIT_RETURNED", target: `customer:${record.customerCode}`,
      detail: { receiptNo: record.receiptNo, reason: o.reason, before: { amount: "0.00" }, after: { amount: record.creditApplied } },
    });
  }
  const reversesKey = idempotencyKeyOf({ docType: "COLLECTION_RECEIPT", docId: record.id, revision: record.revision });
  await enqueuePosting(tx, {
    docType: "REVERSAL", docId: record.id, revision: record.revision, reversesKey, reference: record.receiptNo, branchCode: record.branchCode,
    documentDate: manilaToday(o.now),
    totals: { gross: record.appliedTotal, vat: "0.00", ewt: record.ewtTotal, wvat: record.wvatTotal, cash: record.amountReceived },
    payload: { reverses: reversesKey, receiptNo: record.receiptNo, cause: o.cause, reason: o.reason, reversedBy: caller.userId },
    requestedBy: caller.userId,
  });
}

/**
 * The spec's delete (001 §7 Collections): a receipt not yet posted to BASE is cancelled with the reason and keeps
 * its number; nothing is deleted. A receipt paid by a post-dated cheque is cancelled only while the cheque is
 * still in hand. 'Collection Deleted Successfully.'
 */
export async function cancelCollection(db: Db, caller: Caller, input: { id: number; dateModified: string; reason: string }) {
  const record = await collectionRecord(db, input.id, caller);
  if (new Date(input.dateModified).getTime() !== record.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Receipt ${record.receiptNo} was changed by someone else after you opened it. Reload it and try again.`);
  }
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const posting = await postingOf(tx, record);
    if (posting.status === "CONFIRMED") {
      throw new AppError("CONFLICT", `Receipt ${record.receiptNo} is posted to BASE; it can no longer be cancelled. Accounting reverses it instead.`);
    }
    const cheques = record.paymentMethod !== "PDC" ? [] : await tx.select().from(postDatedCheques)
      .where(and(eq(postDatedCheques.collectionId, record.id), inArray(postDatedCheques.status, ["RECEIVED", "DEPOSITED", "CLEARED", "BOUNCED"])));
    const banked = cheques.find((c) => c.status !== "RECEIVED");
    if (banked) {
      throw new AppError("CONFLICT", `Its cheque ${banked.chequeNo} is ${banked.status}; a deposited cheque clears or bounces, and the receipt stays until then.`);
    }
    await transition(tx, collectionWorkflow, collectionTarget, {
      id: record.id, action: "cancel", actor: caller, remarks: input.reason,
      set: { cancelReason: input.reason, dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
    });
    for (const cheque of cheques) {
      await transition(tx, pdcWorkflow, pdcTarget, { id: cheque.id, action: "cancel", actor: caller, remarks: input.reason, set: { userModified: caller.userId } });
    }
    await undoCollection(tx, caller, record, { reason: input.reason, cause: "CANCELLED", now });
  });
  return { data: await collectionById(db, record.id, caller), message: "Collection Deleted Successfully." };
}

/**
 * Reverses a receipt already posted to BASE (accounting approvers): its reversal is posted and its invoices are
 * open again. A post-dated cheque still in hand goes back with it; a banked one is cleared or bounced instead.
 */
export async function reverseCollection(db: Db, caller: Caller, id: number, input: { dateModified: string; reason: string }) {
  const record = await collectionRecord(db, id, caller);
  if (new Date(input.dateModified).getTime() !== record.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Receipt ${record.receiptNo} was changed by someone else after you opened it. Reload it and try again.`);
  }
  const now = new Date();
  const result = await db.transaction(async (tx: Tx) => {
    const posting = await postingOf(tx, record);
    if (posting.status !== "CONFIRMED") {
      throw new AppError("CONFLICT", `Receipt ${record.receiptNo} is not posted to BASE yet; cancel it instead.`);
    }
    if (record.paymentMethod === "PDC") {
      const cheques = await tx.select().from(postDatedCheques).where(and(eq(postDatedCheques.collectionId, record.id), inArray(postDatedCheques.status, ["RECEIVED", "DEPOSITED"])));
      const banked = cheques.find((c) => c.status === "DEPOSITED");
      if (banked) throw new AppError("CONFLICT", `Its cheque ${banked.chequeNo} is at the bank; clear it or record it bounced.`);
      for (const cheque of cheques) {
        await transition(tx, pdcWorkflow, pdcTarget, { id: cheque.id, action: "cancel", actor: caller, remarks: input.reason, set: { userModified: caller.userId } });
      }
    }
    const moved = await transition(tx, collectionWorkflow, collectionTarget, {
      id: record.id, action: "reverse", actor: caller, remarks: input.reason,
      set: { cancelReason: input.reason, dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
    });
    await undoCollection(tx, caller, record, { reason: input.reason, cause: "REVERSED", now });
    return moved;
  });
  return { data: await collectionById(db, record.id, caller), message: result.message };
}

/**
 * A bounced cheque's collection (pdc/): reversed in the cheque's transaction, its reversal posted and its invoices
 * open again.
 */
export async function reverseBouncedCollection(tx: Tx, caller: Caller, collectionId: number, reason: string, now: Date): Promise<CollectionRecord> {
  const [record] = await tx.select().from(collections).where(eq(collections.id, collectionId));
  if (!record) throw new AppError("NOT_FOUND", NOT_FOUND(collectionId));
  await transition(tx, collectionWorkflow, collectionTarget, {
    id: record.id, action: "bounce", actor: caller, remarks: reason,
    set: { cancelReason: reason, dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
  });
  await undoCollection(tx, caller, record, { reason, cause: "BOUNCED", now });
  return record;
}

// ---------------------------------------------------------------------------------------------------------
// Lookups of the screen

/**
 * generate receipt number (001 §7): the number the branch's next receipt will take. A receipt is numbered only in the
 * transaction that saves it, so the series stays gapless; this answers what that will be if nobody saves first.
 */
export async function nextReceiptNumber(db: Db, scope: BranchScope, branchCode: string) {
  checkBranch(scope, branchCode);
  const code = branchCode.toUpperCase();
  const year = manilaYear(new Date());
  const [row] = await db.select({ lastValue: numberSeries.lastValue }).from(numberSeries)
    .where(and(eq(numberSeries.series, RECEIPT_SERIES), eq(numberSeries.branchCode, code), eq(numberSeries.year, year)));
  const receiptNo = `${RECEIPT_SERIES}-${code}-${year}-${String((row?.lastValue ?? 0) + 1).padStart(6, "0")}`;
  return { data: { receiptNo, reserved: false }, message: `The next receipt at ${code} will be ${receiptNo}; it takes its number when it is saved.` };
}

/** The excess payment setting (001 §7): the choices, the default, and the customer's credit kept so far. */
export async function excessPaymentSetting(db: Db, customerCode: string | undefined) {
  let credit = 0n;
  if (customerCode) {
    const customer = await payerOf(db, customerCode);
    credit = (await creditOf(db, [customer.code])).get(customer.code) ?? 0n;
  }
  return {
    data: {
      default: EXCESS_HANDLINGS[0],
      options: EXCESS_HANDLINGS.map((value) => ({ value, label: EXCESS_HANDLING_NAMES[value] })),
      credit: peso(credit),
    },
  };
}

/** Other charges (001 §7): the active charges of the master with the GL account a collection credits them to. */
export async function otherCharges(db: Db) {
  const data = await db.select({ chargeCode: charges.code, name: charges.name, glAccount: charges.glAccount }).from(charges)
    .where(and(eq(charges.isActive, true), sql`${charges.glAccount} <> ''`)).orderBy(asc(charges.code));
  return { data };
}

export function otherIncomeAccounts() {
  return { data: OTHER_INCOME_ACCOUNTS.map((a) => ({ ...a })) };
}

/**
 * get waybill ref (001 §7 Collections): a waybill with its invoices at the caller's branches, what is open on
 * each, and whether each side is paid for release. A waybill is seen from its origin and its destination.
 */
export async function waybillAccount(db: Db, scope: BranchScope, wayBillRef: string) {
  const [waybill] = await db.select().from(waybills).where(and(
    sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`,
    scope.allBranches ? undefined : or(branchCondition(scope, waybills.branchCode), branchCondition(scope, waybills.destinationBranchCode)),
  ));
  if (!waybill) throw new AppError("NOT_FOUND", `Waybill ${wayBillRef} was not found.`);
  const records = await db.select().from(invoices)
    .where(and(eq(invoices.wayBillRef, waybill.wayBillRef), branchCondition(scope, invoices.branchCode)))
    .orderBy(asc(invoices.id));
  const [rows, origin, destination] = await Promise.all([
    openRows(db, records),
    waybillSidePaid(db, waybill.wayBillRef, "origin"),
    waybillSidePaid(db, waybill.wayBillRef, "destination"),
  ]);
  return {
    data: {
      wayBillRef: waybill.wayBillRef, voyageNum: waybill.voyageNum, branchCode: waybill.branchCode, destinationBranchCode: waybill.destinationBranchCode,
      modeOfPayment: waybill.modeOfPayment, customerCode: waybill.customerCode, consigneeName: waybill.consigneeName,
      invoices: rows, origin, destination,
    },
  };
}
