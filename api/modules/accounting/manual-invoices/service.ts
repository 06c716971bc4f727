import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import { atpBooklets, branches, charges, customers, manualSalesInvoices, postings, waybills } from "../../../../db/schema/index.ts";
import { changedValues, recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { manilaToday } from "../../../shared/dates.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { toCentavos } from "../../../shared/money.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { enqueuePosting, idempotencyKeyOf } from "../posting/outbox.ts";
import {
  atpBookletWorkflow,
  bookletForSerial,
  buyerTinProblem,
  documentVat,
  formatSerial,
  gapReport,
  lineAmount,
  MAX_GAP_REPORT,
  type ManualSiStatus,
  manualSiWorkflow,
  type TaxClass,
  TAX_CLASSES,
} from "./rules.ts";
import type { BookletRow, CreateBookletInput, ManualSiCreate, ManualSiList, ManualSiRow, ManualSiUpdate } from "./schemas.ts";

type SiRecord = typeof manualSalesInvoices.$inferSelect;
type BookletRecord = typeof atpBooklets.$inferSelect;

export const manualSiTarget = {
  table: manualSalesInvoices, id: manualSalesInvoices.id, status: manualSalesInvoices.status, dateModified: manualSalesInvoices.dateModified,
  label: manualSalesInvoices.serialNo,
};
export const bookletTarget = {
  table: atpBooklets, id: atpBooklets.id, status: atpBooklets.bookletStatus, dateModified: atpBooklets.dateModified, label: atpBooklets.atpNo,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const NOT_FOUND = (id: number) => `Manual SI ${id} was not found.`;

function checkBranch(scope: BranchScope, branchCode: string): void {
  if (!coversBranch(scope, branchCode)) throw refused("branchCode", `You do not work for branch ${branchCode}.`);
}

// ---------------------------------------------------------------------------------------------------------
// Reading

async function rowsOf(db: Executor, records: readonly SiRecord[]): Promise<ManualSiRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [booklets, posted] = await Promise.all([
    db.select().from(atpBooklets).where(inArray(atpBooklets.id, [...new Set(records.map((r) => r.atpBookletId))])),
    db.select({ docId: postings.docId, status: postings.status }).from(postings).where(and(eq(postings.docType, "MANUAL_SI"), inArray(postings.docId, ids))),
  ]);
  return records.map((r) => {
    const booklet = booklets.find((b) => b.id === r.atpBookletId);
    return {
      id: r.id,
      status: r.status as ManualSiStatus,
      branchCode: r.branchCode,
      atpBookletId: r.atpBookletId,
      atpNo: booklet?.atpNo ?? "",
      serialNo: r.serialNo,
      serial: formatSerial(r.serialNo, booklet?.serialDigits ?? 4),
      invoiceDate: r.invoiceDate,
      customerCode: r.customerCode,
      buyerName: r.buyerName,
      buyerAddress: r.buyerAddress,
      buyerTin: r.buyerTin,
      buyerVatRegistered: r.buyerVatRegistered,
      wayBillRef: r.wayBillRef,
      lines: r.lines,
      vatableSales: r.vatableSales,
      vatAmount: r.vatAmount,
      exemptSales: r.exemptSales,
      zeroRatedSales: r.zeroRatedSales,
      total: r.total,
      remarks: r.remarks,
      dateIssued: r.dateIssued?.toISOString() ?? null,
      issuedBy: r.issuedBy,
      cancelReason: r.cancelReason,
      dateCancelled: r.dateCancelled?.toISOString() ?? null,
      cancelledBy: r.cancelledBy,
      dateModified: r.dateModified.toISOString(),
      postingStatus: posted.find((p) => p.docId === r.id)?.status ?? null,
    };
  });
}

async function siRecord(db: Executor, id: number, scope: BranchScope): Promise<SiRecord> {
  const [row] = await db.select().from(manualSalesInvoices).where(and(eq(manualSalesInvoices.id, id), branchCondition(scope, manualSalesInvoices.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND(id));
  return row;
}

export async function manualSiById(db: Executor, id: number, scope: BranchScope): Promise<ManualSiRow> {
  const [row] = await rowsOf(db, [await siRecord(db, id, scope)]);
  return row;
}

/** The list of the BaseManualSI call: the caller's branches, newest serials first, 20 a page. */
export async function listManualSi(db: Db, scope: BranchScope, query: ManualSiList) {
  const serialText = sql<string>`${manualSalesInvoices.serialNo}::text`;
  const where = and(
    branchCondition(scope, manualSalesInvoices.branchCode),
    query.status ? eq(manualSalesInvoices.status, query.status) : undefined,
    query.branchCode ? sql`lower(${manualSalesInvoices.branchCode}) = lower(${query.branchCode})` : undefined,
    query.search
      ? or(
        searchAny([manualSalesInvoices.buyerName, manualSalesInvoices.customerCode, manualSalesInvoices.wayBillRef], query.search),
        /^\d+$/.test(query.search) ? eq(serialText, String(Number(query.search))) : undefined,
      )
      : undefined,
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(manualSalesInvoices).where(where).orderBy(desc(manualSalesInvoices.invoiceDate), desc(manualSalesInvoices.serialNo)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(manualSalesInvoices).where(where),
  ]);
  const data = await rowsOf(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** The buyer, the lines priced and classed, and the VAT of the whole (domain notes §6, §7). */
async function workContent(db: Executor, scope: BranchScope, input: Omit<ManualSiUpdate, "actionType" | "id" | "dateModified">) {
  let buyer = { customerCode: null as string | null, name: input.buyerName, address: input.buyerAddress, tin: input.buyerTin, vatRegistered: input.buyerVatRegistered ?? false };
  if (input.customerCode) {
    const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${input.customerCode})`);
    if (!customer) throw refused("customerCode", `Customer ${input.customerCode} was not found.`);
    buyer = {
      customerCode: customer.code,
      name: input.buyerName || customer.company,
      address: input.buyerAddress || customer.address,
      tin: input.buyerTin || customer.tin,
      vatRegistered: input.buyerVatRegistered ?? customer.vatRegistered,
    };
  }
  if (!buyer.name) throw refused("buyerName", "Name the buyer, or choose the customer.");
  let wayBillRef: string | null = null;
  if (input.wayBillRef) {
    const [waybill] = await db.select({ wayBillRef: waybills.wayBillRef }).from(waybills).where(and(
      sql`lower(${waybills.wayBillRef}) = lower(${input.wayBillRef})`,
      scope.allBranches ? undefined : or(branchCondition(scope, waybills.branchCode), branchCondition(scope, waybills.destinationBranchCode)),
    ));
    if (!waybill) throw refused("wayBillRef", `Waybill ${input.wayBillRef} was not found.`);
    wayBillRef = waybill.wayBillRef;
  }
  const codes = [...new Set(input.lines.map((l) => l.chargeCode).filter((c) => c !== ""))];
  const masters = codes.length ? await db.select().from(charges).where(inArray(charges.code, codes)) : [];
  const lines = input.lines.map((line, i) => {
    const charge = line.chargeCode ? masters.find((c) => c.code.toLowerCase() === line.chargeCode.toLowerCase()) : undefined;
    if (line.chargeCode && !charge) throw refused(`lines.${i}.chargeCode`, `Charge ${line.chargeCode} was not found.`);
    if (charge?.passThrough) {
      throw refused(`lines.${i}.chargeCode`, `Charge ${charge.code} is billed by the port to the consignee directly; it stays off Lading's invoice.`);
    }
    const masterClass = charge && (TAX_CLASSES as readonly string[]).includes(charge.taxClass) ? charge.taxClass as TaxClass : "VATABLE";
    const amount = lineAmount(line.quantity, line.unitPrice);
    return {
      chargeCode: charge?.code ?? "", description: line.description, quantity: line.quantity, unit: line.unit, unitPrice: line.unitPrice, amount,
      taxClass: line.taxClass ?? masterClass,
    };
  });
  const vat = documentVat(lines);
  if (toCentavos(vat.total) <= 0n) throw refused("lines", "An invoice must come to more than zero.");
  return { buyer, wayBillRef, lines, ...vat };
}

function contentColumns(work: Awaited<ReturnType<typeof workContent>>, input: { invoiceDate: string; remarks: string }) {
  return {
    invoiceDate: input.invoiceDate, customerCode: work.buyer.customerCode, buyerName: work.buyer.name, buyerAddress: work.buyer.address,
    buyerTin: work.buyer.tin, buyerVatRegistered: work.buyer.vatRegistered, wayBillRef: work.wayBillRef, lines: work.lines,
    vatableSales: work.vatableSales, vatAmount: work.vatAmount, exemptSales: work.exemptSales, zeroRatedSales: work.zeroRatedSales, total: work.total,
    remarks: input.remarks,
  };
}

const audited = (r: Pick<SiRecord, "invoiceDate" | "buyerName" | "buyerTin" | "lines" | "vatableSales" | "vatAmount" | "exemptSales" | "zeroRatedSales" | "total" | "wayBillRef">) => ({
  invoiceDate: r.invoiceDate, buyerName: r.buyerName, buyerTin: r.buyerTin, wayBillRef: r.wayBillRef, lines: r.lines,
  vatableSales: r.vatableSales, vatAmount: r.vatAmount, exemptSales: r.exemptSales, zeroRatedSales: r.zeroRatedSales, total: r.total,
});

function checkFresh(record: SiRecord, dateModified: string, serial: string): void {
  if (new Date(dateModified).getTime() !== record.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Manual SI ${serial} was changed by someone else after you opened it. Reload it and try again.`);
  }
}

/** The seller's particulars an invoice cannot go without (domain notes §6): the branch's registered name and TIN. */
async function sellerOf(db: Executor, branchCode: string) {
  const [branch] = await db.select().from(branches).where(eq(branches.code, branchCode));
  if (!branch?.registeredName || !branch.tin) {
    throw new AppError("CONFLICT", `Branch ${branchCode} has no registered name or TIN in the master data; an invoice cannot go out without the seller's particulars.`);
  }
  return branch;
}

/** A booklet is used up once every serial of it is issued or spoiled; it moves to EXHAUSTED in the same transaction. */
async function exhaustIfUsedUp(tx: Tx, caller: Caller, bookletId: number): Promise<void> {
  const [booklet] = await tx.select().from(atpBooklets).where(eq(atpBooklets.id, bookletId));
  if (!booklet || booklet.bookletStatus !== "ACTIVE") return;
  const [{ used }] = await tx.select({ used: count() }).from(manualSalesInvoices).where(and(
    eq(manualSalesInvoices.atpBookletId, booklet.id), inArray(manualSalesInvoices.status, ["Issued", "Cancelled"]),
  ));
  if (used >= booklet.serialTo - booklet.serialFrom + 1) {
    await transition(tx, atpBookletWorkflow, bookletTarget, { id: booklet.id, action: "exhaust", actor: caller, remarks: "Its last serial is used" });
  }
}

/** Issues a Draft in the caller's transaction: the content checked, the status moved, its posting to BASE queued. */
async function issueIn(tx: Tx, caller: Caller, record: SiRecord, serial: string, now: Date) {
  const seller = await sellerOf(tx, record.branchCode);
  const tinProblem = buyerTinProblem({ buyerVatRegistered: record.buyerVatRegistered, buyerTin: record.buyerTin, total: record.total });
  if (tinProblem) throw refused("buyerTin", tinProblem);
  await transition(tx, manualSiWorkflow, manualSiTarget, {
    id: record.id, action: "issue", actor: caller, set: { dateIssued: now, issuedBy: caller.userId, userModified: caller.userId },
  });
  await enqueuePosting(tx, {
    docType: "MANUAL_SI", docId: record.id, revision: record.revision, reference: `${record.branchCode}-SI-${serial}`, branchCode: record.branchCode,
    documentDate: record.invoiceDate,
    totals: { gross: record.total, vat: record.vatAmount, ewt: "0.00", wvat: "0.00", cash: "0.00" },
    payload: {
      serial, branchCode: record.branchCode, invoiceDate: record.invoiceDate, wayBillRef: record.wayBillRef,
      seller: { registeredName: seller.registeredName, businessStyle: seller.businessStyle, tin: seller.tin, address: seller.address },
      buyer: { customerCode: record.customerCode, name: record.buyerName, address: record.buyerAddress, tin: record.buyerTin, vatRegistered: record.buyerVatRegistered },
      lines: record.lines,
      vatableSales: record.vatableSales, vatAmount: record.vatAmount, exemptSales: record.exemptSales, zeroRatedSales: record.zeroRatedSales, total: record.total,
    },
    requestedBy: caller.userId,
  });
  await exhaustIfUsedUp(tx, caller, record.atpBookletId);
}

/**
 * create (BaseManualSI): a manual SI on a serial of an ACTIVE booklet of the branch, never used before; a Draft, or
 * issued at once. 'Manual SI Created Successfully'.
 */
export async function createManualSi(db: Db, caller: Caller, input: ManualSiCreate) {
  checkBranch(caller, input.branchCode);
  const branchCode = input.branchCode.toUpperCase();
  const booklets = await db.select().from(atpBooklets).where(eq(atpBooklets.branchCode, branchCode));
  const found = bookletForSerial(input.serialNo, branchCode, booklets);
  if (!found.booklet) throw refused("serialNo", found.problem);
  const serial = formatSerial(input.serialNo, found.booklet.serialDigits);
  const work = await workContent(db, caller, input);
  const now = new Date();
  try {
    const id = await db.transaction(async (tx: Tx) => {
      const [used] = await tx.select({ status: manualSalesInvoices.status }).from(manualSalesInvoices)
        .where(and(eq(manualSalesInvoices.branchCode, branchCode), eq(manualSalesInvoices.serialNo, input.serialNo)));
      if (used) throw usedSerial(serial, branchCode, used.status);
      const [made] = await tx.insert(manualSalesInvoices).values({
        status: initialStatus(manualSiWorkflow), branchCode, atpBookletId: found.booklet.id, serialNo: input.serialNo, ...contentColumns(work, input),
        userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      }).returning();
      await recordAudit(tx, {
        actor: caller.userId, action: "MANUAL_SI_RECORDED", target: `manual-sales-invoice:${branchCode}-${serial}`,
        detail: { before: null, after: audited(made) },
      });
      if (input.issue) await issueIn(tx, caller, made, serial, now);
      return made.id;
    });
    return { data: await manualSiById(db, id, caller), message: "Manual SI Created Successfully" };
  } catch (err) {
    // Two cashiers on one serial at once: the second is refused by the unique serial of the branch.
    if (databaseErrorCode(err) === "23505") {
      const [taken] = await db.select({ status: manualSalesInvoices.status }).from(manualSalesInvoices)
        .where(and(eq(manualSalesInvoices.branchCode, branchCode), eq(manualSalesInvoices.serialNo, input.serialNo)));
      throw usedSerial(serial, branchCode, taken?.status ?? "Draft");
    }
    throw err;
  }
}

function usedSerial(serial: string, branchCode: string, status: string) {
  const message = `Serial ${serial} of branch ${branchCode} is already used (manual SI ${serial} is ${status}).`;
  return new AppError("CONFLICT", message, { serialNo: [message] });
}

/** update (BaseManualSI): a Draft's buyer and lines; its serial stays. 'Manual SI Updated Successfully'. */
export async function updateManualSi(db: Db, caller: Caller, input: ManualSiUpdate) {
  const record = await siRecord(db, input.id, caller);
  const serial = (await manualSiById(db, record.id, caller)).serial;
  checkFresh(record, input.dateModified, serial);
  if (record.status !== "Draft") throw new AppError("CONFLICT", `Manual SI ${serial} is ${record.status}; only a Draft is changed.`);
  const work = await workContent(db, caller, input);
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const values = contentColumns(work, input);
    const changed = await tx.update(manualSalesInvoices).set({ ...values, userModified: caller.userId, dateModified: now })
      .where(and(eq(manualSalesInvoices.id, record.id), eq(manualSalesInvoices.status, "Draft"), eq(manualSalesInvoices.dateModified, record.dateModified)))
      .returning();
    if (changed.length === 0) throw new AppError("CONFLICT", `Manual SI ${serial} was changed by someone else a moment ago. Reload it and try again.`);
    const diff = changedValues(audited(record), audited(changed[0]));
    if (diff) await recordAudit(tx, { actor: caller.userId, action: "MANUAL_SI_CHANGED", target: `manual-sales-invoice:${record.branchCode}-${serial}`, detail: diff });
  });
  return { data: await manualSiById(db, record.id, caller), message: "Manual SI Updated Successfully" };
}

/** delete (BaseManualSI): only a Draft goes, and its serial is free again; an issued SI is cancelled instead. */
export async function deleteManualSi(db: Db, caller: Caller, input: { id: number; dateModified: string }) {
  const row = await manualSiById(db, input.id, caller);
  const record = await siRecord(db, input.id, caller);
  checkFresh(record, input.dateModified, row.serial);
  if (record.status !== "Draft") {
    throw new AppError(
      "CONFLICT",
      `Manual SI ${row.serial} is ${record.status}; an issued SI is never deleted. Cancel it (spoiled) with the reason instead.`,
    );
  }
  await db.transaction(async (tx: Tx) => {
    const gone = await tx.delete(manualSalesInvoices)
      .where(and(eq(manualSalesInvoices.id, record.id), eq(manualSalesInvoices.status, "Draft"), eq(manualSalesInvoices.dateModified, record.dateModified)))
      .returning({ id: manualSalesInvoices.id });
    if (gone.length === 0) throw new AppError("CONFLICT", `Manual SI ${row.serial} was changed by someone else a moment ago. Reload it and try again.`);
    await recordAudit(tx, {
      actor: caller.userId, action: "MANUAL_SI_DELETED", target: `manual-sales-invoice:${record.branchCode}-${row.serial}`,
      detail: { before: audited(record), after: null },
    });
  });
  return { data: row, message: "Manual SI Deleted Successfully" };
}

/** issue (BaseManualSI): a Draft becomes an issued invoice, posted to BASE; the booklet is used up with its last serial. */
export async function issueManualSi(db: Db, caller: Caller, input: { id: number; dateModified: string }) {
  const row = await manualSiById(db, input.id, caller);
  const record = await siRecord(db, input.id, caller);
  checkFresh(record, input.dateModified, row.serial);
  await db.transaction((tx: Tx) => issueIn(tx, caller, record, row.serial, new Date()));
  return { data: await manualSiById(db, record.id, caller), message: "Manual SI Issued Successfully" };
}

/**
 * cancel (BaseManualSI): a spoiled SI, with the reason, the user and the time; it keeps its serial and stays in the
 * reports. An issued one already sent to BASE is reversed there.
 */
export async function cancelManualSi(db: Db, caller: Caller, input: { id: number; dateModified: string; reason: string }) {
  const row = await manualSiById(db, input.id, caller);
  const record = await siRecord(db, input.id, caller);
  checkFresh(record, input.dateModified, row.serial);
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    await transition(tx, manualSiWorkflow, manualSiTarget, {
      id: record.id, action: "cancel", actor: caller, remarks: input.reason,
      set: { cancelReason: input.reason, dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
    });
    const reversesKey = idempotencyKeyOf({ docType: "MANUAL_SI", docId: record.id, revision: record.revision });
    await enqueuePosting(tx, {
      docType: "REVERSAL", docId: record.id, revision: record.revision, reversesKey, reference: `${record.branchCode}-SI-${row.serial}`,
      branchCode: record.branchCode, documentDate: manilaToday(now),
      totals: { gross: record.total, vat: record.vatAmount, ewt: "0.00", wvat: "0.00", cash: "0.00" },
      payload: { reverses: reversesKey, serial: row.serial, reason: input.reason, cancelledBy: caller.userId },
      requestedBy: caller.userId,
    });
    await exhaustIfUsedUp(tx, caller, record.atpBookletId);
  });
  return { data: await manualSiById(db, record.id, caller), message: "Manual SI Cancelled Successfully" };
}

/** Every serial of a range of the branch: ISSUED, CANCELLED (spoiled), DRAFT or UNUSED (domain notes §11). */
export async function gapReportOf(db: Db, scope: BranchScope, query: { branchCode: string; from: number; to: number }) {
  checkBranch(scope, query.branchCode);
  if (query.to < query.from) throw refused("to", "The range ends before it starts.");
  if (query.to - query.from + 1 > MAX_GAP_REPORT) throw refused("to", `A gap report covers at most ${MAX_GAP_REPORT} serials at once.`);
  const branchCode = query.branchCode.toUpperCase();
  const [used, booklets] = await Promise.all([
    db.select({ id: manualSalesInvoices.id, serialNo: manualSalesInvoices.serialNo, status: manualSalesInvoices.status }).from(manualSalesInvoices)
      .where(and(eq(manualSalesInvoices.branchCode, branchCode), gte(manualSalesInvoices.serialNo, query.from), lte(manualSalesInvoices.serialNo, query.to))),
    db.select({ serialDigits: atpBooklets.serialDigits }).from(atpBooklets)
      .where(and(eq(atpBooklets.branchCode, branchCode), lte(atpBooklets.serialFrom, query.to), gte(atpBooklets.serialTo, query.from))),
  ]);
  const digits = Math.max(4, ...booklets.map((b) => b.serialDigits));
  const byNo = new Map(used.map((u) => [u.serialNo, u.status as ManualSiStatus]));
  const ids = new Map(used.map((u) => [u.serialNo, u.id]));
  return {
    data: gapReport(query.from, query.to, byNo).map((r) => ({ serial: formatSerial(r.serial, digits), state: r.state, manualSiId: ids.get(r.serial) ?? null })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// ATP booklets

async function bookletRows(db: Executor, records: readonly BookletRecord[]): Promise<BookletRow[]> {
  if (records.length === 0) return [];
  const counts = await db.select({ bookletId: manualSalesInvoices.atpBookletId, status: manualSalesInvoices.status, n: count() })
    .from(manualSalesInvoices).where(inArray(manualSalesInvoices.atpBookletId, records.map((r) => r.id)))
    .groupBy(manualSalesInvoices.atpBookletId, manualSalesInvoices.status);
  const serials = await db.select({ bookletId: manualSalesInvoices.atpBookletId, serialNo: manualSalesInvoices.serialNo }).from(manualSalesInvoices)
    .where(inArray(manualSalesInvoices.atpBookletId, records.map((r) => r.id)));
  return records.map((b) => {
    const of = (status: string) => counts.find((c) => c.bookletId === b.id && c.status === status)?.n ?? 0;
    const taken = new Set(serials.filter((s) => s.bookletId === b.id).map((s) => s.serialNo));
    let next: number | null = null;
    for (let s = b.serialFrom; s <= b.serialTo; s++) {
      if (!taken.has(s)) {
        next = s;
        break;
      }
    }
    return {
      id: b.id, branchCode: b.branchCode, atpNo: b.atpNo, atpDate: b.atpDate, printerName: b.printerName, printerAccreditationNo: b.printerAccreditationNo,
      serialFrom: formatSerial(b.serialFrom, b.serialDigits), serialTo: formatSerial(b.serialTo, b.serialDigits), serialDigits: b.serialDigits,
      dateReceived: b.dateReceived, bookletStatus: b.bookletStatus as BookletRow["bookletStatus"],
      issued: of("Issued"), cancelled: of("Cancelled"), drafts: of("Draft"), unused: b.serialTo - b.serialFrom + 1 - taken.size,
      nextSerial: next === null || b.bookletStatus !== "ACTIVE" ? null : formatSerial(next, b.serialDigits),
      dateModified: b.dateModified.toISOString(),
    };
  });
}

/** The booklet register of the caller's branches. */
export async function listBooklets(db: Db, scope: BranchScope, query: { branchCode?: string; status?: string }) {
  const records = await db.select().from(atpBooklets).where(and(
    branchCondition(scope, atpBooklets.branchCode),
    query.branchCode ? sql`lower(${atpBooklets.branchCode}) = lower(${query.branchCode})` : undefined,
    query.status ? eq(atpBooklets.bookletStatus, query.status) : undefined,
  )).orderBy(asc(atpBooklets.branchCode), asc(atpBooklets.serialFrom));
  const data = await bookletRows(db, records);
  return data.length === 0 ? { data, message: "No ATP booklet is recorded." } : { data };
}

/** Records a booklet received from the accredited printer: its range may not overlap another of the branch. */
export async function createBooklet(db: Db, caller: Caller, input: CreateBookletInput) {
  checkBranch(caller, input.branchCode);
  const branchCode = input.branchCode.toUpperCase();
  if (input.serialTo < input.serialFrom) throw refused("serialTo", "The last serial comes before the first.");
  if (String(input.serialTo).length > input.serialDigits) throw refused("serialDigits", `Serial ${input.serialTo} has more than ${input.serialDigits} digits.`);
  if (input.serialTo - input.serialFrom + 1 > 100_000) throw refused("serialTo", "A booklet holds at most 100,000 serials.");
  if (input.dateReceived > manilaToday()) throw refused("dateReceived", "A booklet cannot be received after today.");
  if (input.atpDate > input.dateReceived) throw refused("atpDate", "The ATP is dated after the booklet was received.");
  const now = new Date();
  try {
    const id = await db.transaction(async (tx: Tx) => {
      const [overlap] = await tx.select().from(atpBooklets).where(and(
        eq(atpBooklets.branchCode, branchCode), lte(atpBooklets.serialFrom, input.serialTo), gte(atpBooklets.serialTo, input.serialFrom),
      ));
      if (overlap) {
        throw refused("serialFrom", `Serials ${formatSerial(input.serialFrom, input.serialDigits)} to ${formatSerial(input.serialTo, input.serialDigits)} overlap ATP booklet ${overlap.atpNo} (${formatSerial(overlap.serialFrom, overlap.serialDigits)} to ${formatSerial(overlap.serialTo, overlap.serialDigits)}).`);
      }
      const [made] = await tx.insert(atpBooklets).values({
        branchCode, atpNo: input.atpNo, atpDate: input.atpDate, printerName: input.printerName, printerAccreditationNo: input.printerAccreditationNo,
        serialFrom: input.serialFrom, serialTo: input.serialTo, serialDigits: input.serialDigits, dateReceived: input.dateReceived,
        bookletStatus: initialStatus(atpBookletWorkflow), userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      }).returning();
      await recordAudit(tx, {
        actor: caller.userId, action: "ATP_BOOKLET_ADDED", target: `atp-booklet:${made.atpNo}`,
        detail: { before: null, after: { branchCode, atpNo: made.atpNo, serialFrom: made.serialFrom, serialTo: made.serialTo, printerName: made.printerName } },
      });
      return made.id;
    });
    const [row] = await bookletRows(db, await db.select().from(atpBooklets).where(eq(atpBooklets.id, id)));
    return { data: row, message: "ATP booklet added successfully" };
  } catch (err) {
    if (databaseErrorCode(err) === "23505") {
      throw new AppError("CONFLICT", `ATP ${input.atpNo} of branch ${branchCode} is already recorded.`, { atpNo: ["Already recorded"] });
    }
    throw err;
  }
}
