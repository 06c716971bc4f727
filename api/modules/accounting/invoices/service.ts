import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../../../db/client.ts";
import {
  bookings,
  branches,
  charges,
  collectionLines,
  collections,
  croAccountings,
  customers,
  invoiceLines,
  invoices,
  postings,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
  waybillCharges,
  waybills,
} from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { adjustLine, adjustmentsOfWaybill, chargeAdjustmentsOf } from "../../../shared/charge-adjustments.ts";
import { type BranchScope, branchCondition, coversBranch, findInScope } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { manilaDate, manilaToday } from "../../../shared/dates.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { formatCentavos, sumAmounts, toCentavos } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { rateUnitLabel } from "../../../shared/reference-lists.ts";
import { initialStatus, transition } from "../../../shared/workflow.ts";
import type { Caller } from "../../auth/index.ts";
import type { BaseConnector } from "../posting/connector.ts";
import { enqueuePosting } from "../posting/outbox.ts";
import { sendNow } from "../posting/service.ts";
import {
  type BillableLine,
  type BillingSide,
  type Buyer,
  buyerProblems,
  CRO_ACCOUNTING_SERIES,
  croAccountingWorkflow,
  effectiveTaxClass,
  INVOICE_SERIES,
  invoiceAmounts,
  invoiceLinesOf,
  invoiceWorkflow,
  MODES_OF_SIDE,
  negated,
  NO_MORE_WAYBILLS,
  quantityText,
  type Refusal,
  type Seller,
  sellerProblems,
  sideOfMode,
} from "./rules.ts";
import type {
  CancelInvoiceInput,
  CreateCroAccountingInput,
  CroAccountingDetail,
  CroAccountingRow,
  CroStatusInput,
  DailyTotalsAnswer,
  GenerateAnswer,
  GenerateInput,
  InvoiceRow,
  InvoiceSearchQuery,
  UpdateCroAccountingInput,
  VoyageListQuery,
  VoyageRow,
  WaybillSideRow,
} from "./schemas.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Cargo-release accounting (001 §7 CRO accounting): the CRO accounting record of a voyage at a branch and side,
 * the waybill invoices generated under it (one per waybill and payment side, numbered gapless per branch, with
 * the particulars domain notes §6 lists and the VAT worked out once), their cancelling, and what was invoiced,
 * collected and is still open.
 */

type CroRecord = typeof croAccountings.$inferSelect;
type InvoiceRecord = typeof invoices.$inferSelect;

/** The workflow's view of the two tables: the status history and the audit name records by their numbers. */
export const croAccountingTarget = {
  table: croAccountings, id: croAccountings.id, status: croAccountings.status, dateModified: croAccountings.dateModified, label: croAccountings.croAcctgNum,
};
export const invoiceTarget = { table: invoices, id: invoices.id, status: invoices.status, dateModified: invoices.dateModified, label: invoices.invoiceNo };

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const STALE = "was changed by someone else after you opened it. Reload it and try again.";

/** Collections count once issued (not cancelled, not reversed by a bounced cheque). */
const LIVE_COLLECTION = "Issued";

// ---------------------------------------------------------------------------------------------------------
// Reading

/** The invoices as the screens show them: lines, the latest posting, and what collections applied to each. */
async function invoiceRowsOf(db: Db, records: readonly InvoiceRecord[]): Promise<InvoiceRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [lines, posted, applied] = await Promise.all([
    db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids)).orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.seq)),
    db.select({ docId: postings.docId, docType: postings.docType, reversesKey: postings.reversesKey, idempotencyKey: postings.idempotencyKey, status: postings.status, lastError: postings.lastError, id: postings.id })
      .from(postings)
      .where(and(inArray(postings.docId, ids), sql`(${postings.docType} = 'INVOICE' or ${postings.reversesKey} like 'INVOICE:%')`))
      .orderBy(asc(postings.id)),
    db.select({ invoiceId: collectionLines.invoiceId, applied: sql<string>`sum(${collectionLines.applied})::text` }).from(collectionLines)
      .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
      .where(and(inArray(collectionLines.invoiceId, ids), eq(collections.status, LIVE_COLLECTION)))
      .groupBy(collectionLines.invoiceId),
  ]);
  return records.map((r) => {
    const own = posted.filter((p) => p.docId === r.id && (p.docType === "INVOICE" || p.reversesKey?.startsWith(`INVOICE:${r.id}:`)));
    const latest = own.at(-1);
    const collected = sumAmounts(applied.filter((a) => a.invoiceId === r.id).map((a) => a.applied));
    const { userCreated: _uc, userModified: _um, dateCreated: _dc, ...rest } = r;
    return {
      ...rest,
      dateIssued: r.dateIssued.toISOString(),
      dateCancelled: r.dateCancelled?.toISOString() ?? null,
      dateModified: r.dateModified.toISOString(),
      lines: lines.filter((l) => l.invoiceId === r.id).map((l) => ({
        chargeCode: l.chargeCode, description: l.description, quantity: quantityText(l.quantity), unit: l.unit, unitPrice: l.unitPrice, amount: l.amount,
        taxClass: l.taxClass,
      })),
      posting: latest ? { idempotencyKey: latest.idempotencyKey, status: latest.status, lastError: latest.lastError } : null,
      collected,
      open: r.status === "Cancelled" ? "0.00" : formatCentavos(toCentavos(r.total) - toCentavos(collected)),
    };
  });
}

/** An invoice by its number within the caller's branches; another branch's answers as one that does not exist. */
async function invoiceRecord(db: Db, invoiceNo: string, scope: BranchScope): Promise<InvoiceRecord> {
  return await findInScope(db, invoices, invoices.branchCode, scope, sql`lower(${invoices.invoiceNo}) = lower(${invoiceNo})`, `Invoice ${invoiceNo} was not found.`);
}

export async function invoiceByNo(db: Db, invoiceNo: string, scope: BranchScope): Promise<InvoiceRow> {
  const [row] = await invoiceRowsOf(db, [await invoiceRecord(db, invoiceNo, scope)]);
  return row;
}

async function croRecord(db: Db, id: number, scope: BranchScope): Promise<CroRecord> {
  return await findInScope(db, croAccountings, croAccountings.branchCode, scope, eq(croAccountings.id, id), `CRO accounting ${id} was not found.`);
}

/** What a CRO accounting record bills, has invoiced and collected, and how many waybills wait for an invoice. */
async function croRowsOf(db: Db, records: readonly CroRecord[]): Promise<CroAccountingRow[]> {
  if (records.length === 0) return [];
  const [facts, figures] = await Promise.all([
    db.select({ voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, vesselName: vessels.name }).from(voyageSchedules)
      .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(inArray(voyageSchedules.voyageNum, [...new Set(records.map((r) => r.voyageNum))])),
    Promise.all(records.map((r) => sideFigures(db, r.voyageNum, r.branchCode, r.side as BillingSide))),
  ]);
  const names = await db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [...new Set(records.map((r) => r.branchCode))]));
  return records.map((r, i) => {
    const voyage = facts.find((v) => v.voyageNum === r.voyageNum);
    const f = figures[i];
    return {
      id: r.id,
      croAcctgNum: r.croAcctgNum,
      status: r.status,
      voyageNum: r.voyageNum,
      voyageRef: voyage?.voyageRef ?? "",
      vesselName: voyage?.vesselName ?? "",
      branchCode: r.branchCode,
      branchName: names.find((n) => n.code === r.branchCode)?.name ?? r.branchCode,
      side: r.side,
      remarks: r.remarks,
      invoiceCount: f.invoiceCount,
      invoiced: f.invoiced,
      collected: f.collected,
      open: f.open,
      waiting: f.waiting,
      userCreated: r.userCreated,
      dateCreated: r.dateCreated.toISOString(),
      dateModified: r.dateModified.toISOString(),
    };
  });
}

/** The waybill condition of one side of a voyage at one branch: the origin bills its own waybills, a destination the ones it receives. */
const sideBranchColumn = (side: BillingSide) => (side === "Origin" ? sql.raw("w.branch_code") : sql.raw("w.destination_branch_code"));
const modesList = (side: BillingSide) => sql.join(MODES_OF_SIDE[side].map((m) => sql`${m}`), sql`, `);

/** One side's figures: its issued invoices, what they total, what collections applied to them, and waybills still to invoice. */
async function sideFigures(db: Db, voyageNum: string, branchCode: string, side: BillingSide) {
  const modes = [...MODES_OF_SIDE[side]];
  const [[issued], [applied], waiting] = await Promise.all([
    db.select({ n: count(), total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` }).from(invoices)
      .where(and(eq(invoices.voyageNum, voyageNum), eq(invoices.branchCode, branchCode), inArray(invoices.billedSide, modes), ne(invoices.status, "Cancelled"))),
    db.select({ total: sql<string>`coalesce(sum(${collectionLines.applied}), 0)::text` }).from(collectionLines)
      .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
      .innerJoin(invoices, eq(invoices.id, collectionLines.invoiceId))
      .where(and(eq(invoices.voyageNum, voyageNum), eq(invoices.branchCode, branchCode), inArray(invoices.billedSide, modes), ne(invoices.status, "Cancelled"),
        eq(collections.status, LIVE_COLLECTION))),
    waitingPairs(db, voyageNum, branchCode, side),
  ]);
  const invoiced = sumAmounts([issued.total]);
  const collected = sumAmounts([applied.total]);
  return {
    invoiceCount: Number(issued.n),
    invoiced,
    collected,
    open: formatCentavos(toCentavos(invoiced) - toCentavos(collected)),
    waiting: new Set(waiting.map((p) => p.wayBillRef)).size,
  };
}

/**
 * The waybill and payment-side pairs of a voyage's side at a branch that have billable lines (not passed through
 * to the port) and no live invoice: what generating would issue.
 */
async function waitingPairs(db: Db, voyageNum: string, branchCode: string, side: BillingSide, only?: readonly string[]) {
  const pairs = await queryRows<{ wayBillRef: string; mode: string }>(db, sql`
    select w.way_bill_ref as "wayBillRef", c.available_to as "mode"
    from waybills w
    join waybill_charges c on c.way_bill_ref = w.way_bill_ref
    left join charges m on m.code = c.charge_code
    where w.voyage_num = ${voyageNum} and ${sideBranchColumn(side)} = ${branchCode} and w.status <> 'Cancelled'
      and c.available_to in (${modesList(side)}) and coalesce(m.pass_through, false) = false
      ${only ? sql`and w.way_bill_ref in (${sql.join(only.map((r) => sql`${r}`), sql`, `)})` : sql``}
      and not exists (select 1 from invoices i where i.way_bill_ref = w.way_bill_ref and i.billed_side = c.available_to and i.status <> 'Cancelled')
    group by w.way_bill_ref, c.available_to
    order by w.way_bill_ref, c.available_to`);
  return await withSomethingDue(db, pairs);
}

/** The pairs whose billable lines still have something due once approved waivers are counted: a side waived whole bills nothing. */
async function withSomethingDue(db: Db, pairs: { wayBillRef: string; mode: string }[]) {
  const refs = [...new Set(pairs.map((p) => p.wayBillRef))];
  const adjustments = await chargeAdjustmentsOf(db, refs);
  if (adjustments.length === 0) return pairs;
  const lines = await db.select({ wayBillRef: waybillCharges.wayBillRef, mode: waybillCharges.availableTo, chargeCode: waybillCharges.chargeCode, part: waybillCharges.part, chargeValue: waybillCharges.chargeValue })
    .from(waybillCharges).leftJoin(charges, eq(charges.code, waybillCharges.chargeCode))
    .where(and(inArray(waybillCharges.wayBillRef, [...new Set(adjustments.map((a) => a.wayBillRef))]), sql`coalesce(${charges.passThrough}, false) = false`));
  return pairs.filter((p) => {
    const own = lines.filter((l) => l.wayBillRef === p.wayBillRef && l.mode === p.mode);
    return own.length === 0 || own.some((l) => adjustLine(l, adjustmentsOfWaybill(adjustments, p.wayBillRef)).due > 0n);
  });
}

export async function croAccountingById(db: Db, id: number, scope: BranchScope): Promise<CroAccountingDetail> {
  const record = await croRecord(db, id, scope);
  const [row] = await croRowsOf(db, [record]);
  const own = await db.select().from(invoices).where(eq(invoices.croAccountingId, record.id)).orderBy(asc(invoices.invoiceNo));
  return { ...row, invoices: await invoiceRowsOf(db, own) };
}

// ---------------------------------------------------------------------------------------------------------
// The voyages list (/CROAccounting)

/**
 * Each voyage's sides at the caller's branches that have waybills to bill: the origin (its prepaid and
 * account-origin lines) and each destination (collect and account-destination lines), newest departure first,
 * with what is billed, invoiced, collected and open, how many waybills wait for an invoice, and the CRO
 * accounting record when there is one.
 */
export async function listVoyages(db: Db, scope: BranchScope, query: VoyageListQuery) {
  const inScope = (column: SQL) =>
    scope.allBranches ? sql`true` : scope.branchCodes.length === 0 ? sql`false` : sql`${column} in (${sql.join(scope.branchCodes.map((c) => sql`${c}`), sql`, `)})`;
  const term = query.search ? `%${query.search.replace(/[\\%_]/g, (ch) => "\\" + ch)}%` : null;
  // What a line bills is what is due on it: its value with the approved waivers and overrides beside it added (a
  // waiver never forgives more than is due, an override never goes below what is waived: the sum is never negative).
  const due = sql.raw(`c.charge_value + coalesce((select sum(a.amount) from waybill_charge_adjustments a
      where a.way_bill_ref = c.way_bill_ref and a.charge_code = c.charge_code and a.part = c.part), 0)`);
  const sides = sql`
    select w.voyage_num, w.branch_code as branch_code, 'Origin' as side, w.way_bill_ref, ${due} as charge_value
      from waybills w join waybill_charges c on c.way_bill_ref = w.way_bill_ref
      where w.status <> 'Cancelled' and c.available_to in ('P', 'AO') and ${inScope(sql.raw("w.branch_code"))}
    union all
    select w.voyage_num, w.destination_branch_code, 'Destination', w.way_bill_ref, ${due}
      from waybills w join waybill_charges c on c.way_bill_ref = w.way_bill_ref
      where w.status <> 'Cancelled' and c.available_to in ('C', 'AD') and ${inScope(sql.raw("w.destination_branch_code"))}`;
  const where = sql`where true
    ${query.branchCode ? sql`and lower(s.branch_code) = lower(${query.branchCode})` : sql``}
    ${query.side ? sql`and s.side = ${query.side}` : sql``}
    ${term ? sql`and (v.voyage_num ilike ${term} or v.voyage_ref ilike ${term} or ve.name ilike ${term})` : sql``}`;
  const grouped = sql`
    from (${sides}) s
    join voyage_schedules v on v.voyage_num = s.voyage_num
    join vessels ve on ve.code = v.vessel_code
    ${where}
    group by s.voyage_num, s.branch_code, s.side, v.voyage_ref, ve.name, v.estimated_time_departure`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<{ voyageNum: string; voyageRef: string; vesselName: string; etd: string; branchCode: string; side: BillingSide; waybills: number; billed: string }>(db, sql`
      select s.voyage_num as "voyageNum", v.voyage_ref as "voyageRef", ve.name as "vesselName", v.estimated_time_departure::text as "etd",
        s.branch_code as "branchCode", s.side as "side", count(distinct s.way_bill_ref)::int as "waybills", sum(s.charge_value)::text as "billed"
      ${grouped}
      order by v.estimated_time_departure desc, s.voyage_num, s.side desc, s.branch_code
      limit ${query.take} offset ${query.skip}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (select 1 ${grouped}) g`),
  ]);
  const names = rows.length ? await db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [...new Set(rows.map((r) => r.branchCode))])) : [];
  const records = rows.length
    ? await db.select().from(croAccountings).where(inArray(croAccountings.voyageNum, [...new Set(rows.map((r) => r.voyageNum))]))
    : [];
  const data: VoyageRow[] = await Promise.all(rows.map(async (r) => {
    const f = await sideFigures(db, r.voyageNum, r.branchCode, r.side);
    const record = records.find((c) => c.voyageNum === r.voyageNum && c.branchCode === r.branchCode && c.side === r.side);
    return {
      voyageNum: r.voyageNum,
      voyageRef: r.voyageRef,
      vesselName: r.vesselName,
      estimatedTimeDeparture: new Date(r.etd).toISOString(),
      branchCode: r.branchCode,
      branchName: names.find((n) => n.code === r.branchCode)?.name ?? r.branchCode,
      side: r.side,
      waybills: r.waybills,
      billed: sumAmounts([r.billed]),
      invoiced: f.invoiced,
      collected: f.collected,
      open: f.open,
      waiting: f.waiting,
      croAccounting: record ? { id: record.id, croAcctgNum: record.croAcctgNum, status: record.status, dateModified: record.dateModified.toISOString() } : null,
    };
  }));
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}

/** The voyage's origin and destinations, for choosing the side of a new CRO accounting record. */
export async function voyageDestinations(db: Db, voyageNum: string) {
  const [voyage] = await db.select({
    voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, vesselName: vessels.name, originBranchCode: voyageSchedules.originBranchCode,
  }).from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`);
  if (!voyage) throw new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  const destinations = await db.select({
    branchCode: voyageScheduleDestinations.destinationBranchCode, branchName: branches.name, eta: voyageScheduleDestinations.estimatedTimeArrival,
  }).from(voyageScheduleDestinations).innerJoin(branches, eq(branches.code, voyageScheduleDestinations.destinationBranchCode))
    .where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum)).orderBy(asc(voyageScheduleDestinations.seq));
  return { ...voyage, destinations: destinations.map((d) => ({ branchCode: d.branchCode, branchName: d.branchName, estimatedTimeArrival: d.eta.toISOString() })) };
}

// ---------------------------------------------------------------------------------------------------------
// Waybills as the CRO accounting sees them

type WaybillRecord = typeof waybills.$inferSelect;

async function waybillSidesOf(db: Db, records: readonly WaybillRecord[]): Promise<WaybillSideRow[]> {
  if (records.length === 0) return [];
  const refs = records.map((r) => r.wayBillRef);
  const [charged, live, shippers, adjustments] = await Promise.all([
    db.select({ wayBillRef: waybillCharges.wayBillRef, mode: waybillCharges.availableTo, chargeCode: waybillCharges.chargeCode, part: waybillCharges.part, chargeValue: waybillCharges.chargeValue })
      .from(waybillCharges).where(inArray(waybillCharges.wayBillRef, refs)),
    db.select({ wayBillRef: invoices.wayBillRef, billedSide: invoices.billedSide, invoiceNo: invoices.invoiceNo, status: invoices.status, total: invoices.total })
      .from(invoices).where(and(inArray(invoices.wayBillRef, refs), ne(invoices.status, "Cancelled"))),
    db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, [...new Set(records.map((r) => r.customerCode))])),
    chargeAdjustmentsOf(db, refs),
  ]);
  // What each side bills: its lines' due after the approved waivers and overrides beside them.
  const sums = new Map<string, { wayBillRef: string; mode: string; due: bigint }>();
  for (const c of charged) {
    const key = `${c.wayBillRef} ${c.mode}`;
    const due = adjustLine(c, adjustmentsOfWaybill(adjustments, c.wayBillRef)).due;
    const sum = sums.get(key);
    if (sum) sum.due += due;
    else sums.set(key, { wayBillRef: c.wayBillRef, mode: c.mode, due });
  }
  const lines = [...sums.values()].map((s) => ({ wayBillRef: s.wayBillRef, mode: s.mode, amount: formatCentavos(s.due) }));
  const order = ["P", "AO", "C", "AD"];
  return records.map((w) => ({
    wayBillRef: w.wayBillRef,
    status: w.status,
    bookingRef: w.bookingRef,
    shipperName: shipperOnWaybill(w, shippers.find((s) => s.code === w.customerCode)?.company || w.customerCode),
    consigneeName: consigneeOnWaybill(w),
    containerVanNum: w.containerVanNum,
    modeOfPayment: w.modeOfPayment,
    branchCode: w.branchCode,
    destinationBranchCode: w.destinationBranchCode,
    voyageNum: w.voyageNum,
    sides: lines.filter((l) => l.wayBillRef === w.wayBillRef).sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode)).map((l) => {
      const side = sideOfMode(l.mode) ?? "Origin";
      const invoice = live.find((i) => i.wayBillRef === w.wayBillRef && i.billedSide === l.mode);
      return {
        mode: l.mode,
        side,
        billingBranch: side === "Origin" ? w.branchCode : w.destinationBranchCode,
        amount: sumAmounts([l.amount]),
        invoice: invoice ? { invoiceNo: invoice.invoiceNo, status: invoice.status, total: invoice.total } : null,
      };
    }),
  }));
}

/** A waybill by its number, for a cashier of its origin or destination branch; any other answers as one that does not exist. */
export async function waybillForAccounting(db: Db, wayBillRef: string, scope: BranchScope): Promise<WaybillSideRow> {
  const [record] = await db.select().from(waybills).where(sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`);
  if (!record || !(coversBranch(scope, record.branchCode) || coversBranch(scope, record.destinationBranchCode))) {
    throw new AppError("NOT_FOUND", `Waybill ${wayBillRef} was not found.`);
  }
  return (await waybillSidesOf(db, [record]))[0];
}

/** The waybills a CRO accounting record bills: its voyage's, at its branch and side, with their invoices. */
export async function croWaybills(db: Db, id: number, scope: BranchScope) {
  const cro = await croRecord(db, id, scope);
  const side = cro.side as BillingSide;
  const records = await db.select().from(waybills).where(and(
    eq(waybills.voyageNum, cro.voyageNum),
    side === "Origin" ? eq(waybills.branchCode, cro.branchCode) : eq(waybills.destinationBranchCode, cro.branchCode),
    ne(waybills.status, "Cancelled"),
    sql`exists (select 1 from waybill_charges c where c.way_bill_ref = ${waybills.wayBillRef} and c.available_to in (${modesList(side)}))`,
  )).orderBy(asc(waybills.wayBillRef));
  const data = (await waybillSidesOf(db, records)).map((w) => ({ ...w, sides: w.sides.filter((s) => s.side === side) }));
  return data.length === 0 ? { data, message: "This voyage has no waybill to bill on this side." } : { data };
}

// ---------------------------------------------------------------------------------------------------------
// The CRO accounting record

/**
 * Opens the billing of a voyage at a branch and side: numbered from the branch's CRA series, Draft. The branch
 * must be one the caller works for (else a 400 on branchCode) and the voyage's origin (Origin) or one of its
 * destinations (Destination); a voyage has one record per branch and side.
 */
export async function createCroAccounting(db: Db, caller: Caller, input: CreateCroAccountingInput) {
  const voyage = await voyageDestinations(db, input.voyageNum);
  const [branch] = await db.select().from(branches).where(sql`lower(${branches.code}) = lower(${input.branchCode})`);
  if (!branch) throw refused("branchCode", `Branch ${input.branchCode} does not exist.`);
  if (!coversBranch(caller, branch.code)) throw refused("branchCode", `You do not work for branch ${branch.code}.`);
  const allowed = input.side === "Origin" ? branch.code === voyage.originBranchCode : voyage.destinations.some((d) => d.branchCode === branch.code);
  if (!allowed) {
    throw refused("branchCode", input.side === "Origin"
      ? `Voyage ${voyage.voyageNum} leaves from ${voyage.originBranchCode}, not ${branch.code}: only its origin bills the origin side.`
      : `Voyage ${voyage.voyageNum} does not call at ${branch.code}: only its destinations bill the destination side.`);
  }
  const [existing] = await db.select({ croAcctgNum: croAccountings.croAcctgNum }).from(croAccountings)
    .where(and(eq(croAccountings.voyageNum, voyage.voyageNum), eq(croAccountings.branchCode, branch.code), eq(croAccountings.side, input.side)));
  const duplicate = (num: string) => new AppError("CONFLICT", `Voyage ${voyage.voyageNum} already has its ${input.side} CRO accounting at ${branch.code}: ${num}.`);
  if (existing) throw duplicate(existing.croAcctgNum);
  const now = new Date();
  let id: number;
  try {
    id = await db.transaction(async (tx: Tx) => {
      const croAcctgNum = await nextNumber(tx, { series: CRO_ACCOUNTING_SERIES, branchCode: branch.code, on: now });
      const [row] = await tx.insert(croAccountings).values({
        croAcctgNum, status: initialStatus(croAccountingWorkflow), voyageNum: voyage.voyageNum, branchCode: branch.code, side: input.side, remarks: input.remarks,
        userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      }).returning({ id: croAccountings.id });
      return row.id;
    });
  } catch (err) {
    // Another cashier opened it a moment ago.
    if (databaseErrorCode(err) === "23505") {
      const [raced] = await db.select({ croAcctgNum: croAccountings.croAcctgNum }).from(croAccountings)
        .where(and(eq(croAccountings.voyageNum, voyage.voyageNum), eq(croAccountings.branchCode, branch.code), eq(croAccountings.side, input.side)));
      throw duplicate(raced?.croAcctgNum ?? "");
    }
    throw err;
  }
  return { data: await croAccountingById(db, id, caller), message: "CRO accounting created successfully" };
}

/** Changes a Draft record's remarks, with the dateModified read. */
export async function updateCroAccounting(db: Db, caller: Caller, id: number, input: UpdateCroAccountingInput) {
  const record = await croRecord(db, id, caller);
  if (record.status !== "Draft") throw new AppError("CONFLICT", `CRO accounting ${record.croAcctgNum} is ${record.status}; it is changed only while Draft.`);
  const moved = await db.update(croAccountings).set({ remarks: input.remarks, userModified: caller.userId, dateModified: new Date() })
    .where(and(eq(croAccountings.id, id), eq(croAccountings.dateModified, new Date(input.dateModified)), eq(croAccountings.status, "Draft")))
    .returning({ id: croAccountings.id });
  if (moved.length === 0) throw new AppError("CONFLICT", `This CRO accounting ${STALE}`);
  return { data: await croAccountingById(db, id, caller), message: "CRO accounting updated successfully" };
}

/** Posts (Draft → Posted) or reopens a record by its workflow, with the dateModified read. */
export async function updateCroAccountingStatus(db: Db, caller: Caller, id: number, input: CroStatusInput) {
  const record = await croRecord(db, id, caller);
  if (record.dateModified.getTime() !== new Date(input.dateModified).getTime()) throw new AppError("CONFLICT", `This CRO accounting ${STALE}`);
  const moved = await transition(db, croAccountingWorkflow, croAccountingTarget, {
    id, action: input.action, actor: caller, remarks: input.remarks, set: { userModified: caller.userId },
  });
  return { data: await croAccountingById(db, id, caller), message: moved.message };
}

/** Deletes Draft records that never had an invoice (all or none). */
export async function deleteCroAccountings(db: Db, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  return await db.transaction(async (tx) => {
    const found = await tx.select().from(croAccountings).where(and(inArray(croAccountings.id, unique), branchCondition(caller, croAccountings.branchCode)));
    const missing = unique.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError("NOT_FOUND", `CRO accounting ${missing.join(", ")} was not found; nothing was deleted.`);
    const posted = found.find((f) => f.status !== "Draft");
    if (posted) throw new AppError("CONFLICT", `CRO accounting ${posted.croAcctgNum} is ${posted.status}; only a Draft record is deleted.`);
    const [billed] = await tx.select({ invoiceNo: invoices.invoiceNo, croAccountingId: invoices.croAccountingId }).from(invoices).where(inArray(invoices.croAccountingId, unique)).limit(1);
    if (billed) {
      const num = found.find((f) => f.id === billed.croAccountingId)!.croAcctgNum;
      throw new AppError("CONFLICT", `CRO accounting ${num} has issued invoice ${billed.invoiceNo}; a record with invoices is never deleted.`);
    }
    await tx.delete(croAccountings).where(inArray(croAccountings.id, unique));
    return { data: { ids: unique }, message: "CRO accounting deleted successfully" };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Issuing invoices

/** The seller as an invoice freezes it: the branch's registered particulars. */
async function sellerOf(db: Db, branchCode: string): Promise<Seller> {
  const [branch] = await db.select().from(branches).where(eq(branches.code, branchCode));
  return { branchCode, registeredName: branch?.registeredName ?? "", businessStyle: branch?.businessStyle ?? "", tin: branch?.tin ?? "", address: branch?.address ?? "" };
}

/**
 * The buyer of a waybill's side: the shipper (a registered customer) at the origin; at the destination the
 * booking's registered consignee, or the consignee as the waybill names it.
 */
async function buyerOf(db: Db, w: WaybillRecord, side: BillingSide): Promise<Buyer & { customerCode: string | null }> {
  let code: string | null = w.customerCode;
  if (side === "Destination") {
    const [booking] = await db.select({ consigneeCode: bookings.consigneeCode }).from(bookings).where(eq(bookings.bookingRef, w.bookingRef));
    code = booking?.consigneeCode ?? null;
  }
  const [customer] = code ? await db.select().from(customers).where(eq(customers.code, code)) : [];
  if (customer) {
    const name = customer.company || [customer.firstName, customer.lastName].filter(Boolean).join(" ");
    return { customerCode: customer.code, name, address: customer.address, tin: customer.tin, vatRegistered: customer.vatRegistered };
  }
  return { customerCode: null, name: consigneeOnWaybill(w), address: w.consigneeAddress, tin: "", vatRegistered: false };
}

export interface IssueRequest {
  cro: Pick<CroRecord, "id" | "voyageNum" | "branchCode" | "side">;
  wayBillRef: string;
  /** P, AO, C or AD: the payment side billed. */
  mode: string;
  now: Date;
}

/**
 * Issues the invoice of one waybill and payment side in the caller's transaction: the lines of that side (but
 * pass-through ones), the VAT worked out once, the seller and buyer as they stand now, the number from the
 * branch's SI series, the posting to BASE and the audit row, all in that transaction. Answers null when the side
 * has nothing Lading bills; refuses (400) when an item the invoice must carry is missing.
 */
export async function issueWaybillInvoice(tx: Tx, caller: Caller, request: IssueRequest): Promise<number | null> {
  const side = request.cro.side as BillingSide;
  if (!(MODES_OF_SIDE[side] as readonly string[]).includes(request.mode)) {
    throw refused("mode", `The ${side} side bills ${MODES_OF_SIDE[side].join(" and ")} lines, not ${request.mode}.`);
  }
  const [w] = await tx.select().from(waybills).where(eq(waybills.wayBillRef, request.wayBillRef));
  if (!w || w.voyageNum !== request.cro.voyageNum || (side === "Origin" ? w.branchCode : w.destinationBranchCode) !== request.cro.branchCode) {
    throw refused("wayBillRefs", `Waybill ${request.wayBillRef} is not billed by this CRO accounting.`);
  }
  if (w.status === "Cancelled") throw refused("wayBillRefs", `Waybill ${w.wayBillRef} is cancelled.`);
  const computed = await tx.select({
    chargeCode: waybillCharges.chargeCode, part: waybillCharges.part, rateUnit: waybillCharges.rateUnit, quantity: waybillCharges.quantity, rate: waybillCharges.rate,
    chargeValue: waybillCharges.chargeValue, isVatable: waybillCharges.isVatable,
    name: charges.name, printName: charges.printName, taxClass: charges.taxClass, passThrough: charges.passThrough,
  }).from(waybillCharges).leftJoin(charges, eq(charges.code, waybillCharges.chargeCode))
    .where(and(eq(waybillCharges.wayBillRef, w.wayBillRef), eq(waybillCharges.availableTo, request.mode))).orderBy(asc(waybillCharges.id));
  // Each line is billed at what is due on it: its value after approved overrides, less what approved waivers
  // forgave (the adjustments beside the line, never an edit of it); a line forgiven whole is not billed.
  const adjustments = await chargeAdjustmentsOf(tx, [w.wayBillRef]);
  const lines = computed.map((l) => ({ ...l, chargeValue: formatCentavos(adjustLine(l, adjustments).due) })).filter((l) => toCentavos(l.chargeValue) > 0n);
  const billable: BillableLine[] = lines.map((l) => ({
    chargeCode: l.chargeCode,
    chargeName: l.printName || l.name || l.chargeCode,
    rateUnit: l.rateUnit,
    unitLabel: rateUnitLabel(l.rateUnit),
    quantity: l.quantity,
    rate: l.rate,
    chargeValue: l.chargeValue,
    // The line's own VAT flag was frozen on the waybill; the class (exempt or zero-rated) comes from the charge master.
    taxClass: effectiveTaxClass({ taxClass: l.taxClass ?? "VATABLE", isVatable: l.isVatable }),
    passThrough: l.passThrough ?? false,
  }));
  const invoiceLinesToWrite = invoiceLinesOf(billable);
  if (invoiceLinesToWrite.length === 0) return null;
  const amounts = invoiceAmounts(invoiceLinesToWrite);
  const seller = await sellerOf(tx, request.cro.branchCode);
  const buyer = await buyerOf(tx, w, side);
  const problems: Refusal[] = [...sellerProblems(seller), ...buyerProblems(buyer, amounts.total, w.wayBillRef)];
  if (problems.length) throw refused(problems[0].field, problems[0].message);

  const invoiceNo = await nextNumber(tx, { series: INVOICE_SERIES, branchCode: request.cro.branchCode, on: request.now });
  const invoiceDate = manilaDate(request.now);
  const [row] = await tx.insert(invoices).values({
    invoiceNo, status: initialStatus(invoiceWorkflow), branchCode: request.cro.branchCode, croAccountingId: request.cro.id, wayBillRef: w.wayBillRef,
    voyageNum: w.voyageNum, billedSide: request.mode, invoiceDate, customerCode: buyer.customerCode, buyerName: buyer.name, buyerAddress: buyer.address,
    // The TIN prints whenever it is known; it is required only of a VAT-registered buyer at 1,000.00 or more.
    buyerTin: buyer.tin, buyerVatRegistered: buyer.vatRegistered,
    seller: { registeredName: seller.registeredName, businessStyle: seller.businessStyle, tin: seller.tin, address: seller.address },
    vatableSales: amounts.vatableSales, vatAmount: amounts.vatAmount, exemptSales: amounts.exemptSales, zeroRatedSales: amounts.zeroRatedSales, total: amounts.total,
    revision: 1, dateIssued: request.now, issuedBy: caller.userId,
    userCreated: caller.userId, userModified: caller.userId, dateCreated: request.now, dateModified: request.now,
  }).returning({ id: invoices.id });
  // The waybill's line ids are not kept: a Draft waybill rewrites its lines on every save (its charges may not change
  // once invoiced, outbound's update refuses that), and the code with the waybill's number names the line.
  await tx.insert(invoiceLines).values(invoiceLinesToWrite.map((l, i) => ({
    invoiceId: row.id, chargeCode: l.chargeCode, description: l.description,
    quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, amount: l.amount, taxClass: l.taxClass, seq: i + 1,
  })));
  await enqueuePosting(tx, {
    docType: "INVOICE", docId: row.id, revision: 1, reference: invoiceNo, branchCode: request.cro.branchCode, voyageNum: w.voyageNum, documentDate: invoiceDate,
    totals: { gross: amounts.total, vat: amounts.vatAmount, ewt: "0.00", wvat: "0.00", cash: "0.00" },
    payload: {
      invoiceNo, invoiceDate, wayBillRef: w.wayBillRef, billedSide: request.mode, croAccountingId: request.cro.id,
      seller, buyer: { customerCode: buyer.customerCode, name: buyer.name, address: buyer.address, tin: buyer.tin, vatRegistered: buyer.vatRegistered },
      lines: invoiceLinesToWrite, amounts,
    },
    requestedBy: caller.userId,
  });
  await recordAudit(tx, {
    actor: caller.userId, action: "INVOICE_ISSUED", target: `invoice:${invoiceNo}`,
    detail: { recordId: row.id, wayBillRef: w.wayBillRef, billedSide: request.mode, before: null, after: { ...amounts, buyer: buyer.name } },
  });
  return row.id;
}

/**
 * Generates the invoices of a Draft CRO accounting record: one per waybill and payment side still waiting (or of
 * the waybills named), each in its own transaction, so one that cannot be issued (a buyer's TIN missing) holds
 * back no other. 'No more Waybill Data' when nothing is left; a 400 naming the reasons when nothing could be issued.
 */
export async function generateWaybillInvoices(db: Db, caller: Caller, id: number, input: GenerateInput): Promise<GenerateAnswer> {
  const cro = await croRecord(db, id, caller);
  if (cro.status !== "Draft") {
    throw new AppError("CONFLICT", `CRO accounting ${cro.croAcctgNum} is ${cro.status}; reopen it to generate more invoices.`);
  }
  const side = cro.side as BillingSide;
  const seller = sellerProblems(await sellerOf(db, cro.branchCode));
  if (seller.length) throw refused(seller[0].field, seller[0].message);
  const pairs = await waitingPairs(db, cro.voyageNum, cro.branchCode, side, input.wayBillRefs);
  if (pairs.length === 0) return { data: [], refused: [], message: NO_MORE_WAYBILLS };
  const issued: number[] = [];
  const problems: GenerateAnswer["refused"] = [];
  for (const pair of pairs) {
    try {
      const made = await db.transaction(async (tx) => {
        // The record stays Draft while its invoices are written: a cashier posting it meanwhile waits, then sees them.
        const [locked] = await tx.select({ status: croAccountings.status }).from(croAccountings).where(eq(croAccountings.id, cro.id)).for("update");
        if (locked?.status !== "Draft") throw new AppError("CONFLICT", `CRO accounting ${cro.croAcctgNum} was posted a moment ago.`);
        return await issueWaybillInvoice(tx, caller, { cro, wayBillRef: pair.wayBillRef, mode: pair.mode, now: new Date() });
      });
      if (made !== null) issued.push(made);
    } catch (err) {
      // Invoiced a moment ago by someone else: nothing to add.
      if (databaseErrorCode(err) === "23505") continue;
      if (err instanceof AppError && err.code === "VALIDATION") {
        problems.push({ wayBillRef: pair.wayBillRef, mode: pair.mode, message: err.message });
        continue;
      }
      throw err;
    }
  }
  if (issued.length === 0 && problems.length > 0) {
    throw new AppError("VALIDATION", `No invoice was issued. ${problems.map((p) => p.message).join(" ")}`, { wayBillRefs: problems.map((p) => p.message) });
  }
  const records = issued.length ? await db.select().from(invoices).where(inArray(invoices.id, issued)).orderBy(asc(invoices.invoiceNo)) : [];
  const data = await invoiceRowsOf(db, records);
  const count = `${data.length} invoice${data.length === 1 ? "" : "s"} generated`;
  return {
    data,
    refused: problems,
    message: data.length === 0 ? NO_MORE_WAYBILLS : problems.length ? `${count}; ${problems.length} waybill side${problems.length === 1 ? "" : "s"} could not be invoiced.` : `${count} successfully`,
  };
}

/**
 * Cancels an issued invoice with its reason: it keeps its number, status Cancelled with who and when, and its
 * posting is reversed (a REVERSAL of its posting, sent after it): BASE learns of every number, the cancelled
 * ones too. An invoice that collections have settled in part is not cancelled until they are.
 */
export async function cancelInvoice(db: Db, caller: Caller, invoiceNo: string, input: CancelInvoiceInput) {
  const record = await invoiceRecord(db, invoiceNo, caller);
  if (record.status !== "Issued") throw new AppError("CONFLICT", `Invoice ${record.invoiceNo} is ${record.status}; only an issued invoice is cancelled.`);
  if (record.dateModified.getTime() !== new Date(input.dateModified).getTime()) throw new AppError("CONFLICT", `This invoice ${STALE}`);
  const [settled] = await db.select({ receiptNo: collections.receiptNo }).from(collectionLines)
    .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
    .where(and(eq(collectionLines.invoiceId, record.id), eq(collections.status, LIVE_COLLECTION))).limit(1);
  if (settled) {
    throw new AppError("CONFLICT", `Invoice ${record.invoiceNo} is settled by collection ${settled.receiptNo}; cancel that collection before the invoice.`);
  }
  const now = new Date();
  const reversed = `INVOICE:${record.id}:r${record.revision}`;
  const moved = await db.transaction(async (tx) => {
    const result = await transition(tx, invoiceWorkflow, invoiceTarget, {
      id: record.id, action: "cancel", actor: caller, remarks: input.reason,
      set: { cancelReason: input.reason, dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId },
    });
    await enqueuePosting(tx, {
      docType: "REVERSAL", docId: record.id, revision: record.revision, reversesKey: reversed, reference: record.invoiceNo, branchCode: record.branchCode,
      voyageNum: record.voyageNum, documentDate: manilaDate(now),
      totals: negated({ gross: record.total, vat: record.vatAmount, ewt: "0.00", wvat: "0.00", cash: "0.00" }),
      payload: { invoiceNo: record.invoiceNo, reason: input.reason, cancelledBy: caller.userId, dateCancelled: now.toISOString() },
      requestedBy: caller.userId,
    });
    return result;
  });
  return { data: await invoiceByNo(db, record.invoiceNo, caller), message: moved.message };
}

// ---------------------------------------------------------------------------------------------------------
// Searches and the day's totals

/** OutBound's sales invoice search: invoices of the caller's branches by number, waybill, voyage or buyer, newest first. */
export async function searchSalesInvoices(db: Db, scope: BranchScope, query: InvoiceSearchQuery) {
  const where = and(
    branchCondition(scope, invoices.branchCode),
    searchAny([invoices.invoiceNo, invoices.wayBillRef, invoices.voyageNum, invoices.buyerName], query.search),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(invoices).where(where).orderBy(desc(invoices.dateIssued), desc(invoices.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  const data = await invoiceRowsOf(db, records);
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}

/**
 * What a cashier reconciles at the end of a day, per branch of theirs: the invoices issued that day (count, total,
 * VAT), those cancelled that day, and the collections received that day.
 */
export async function dailyTotals(db: Db, scope: BranchScope, date = manilaToday()): Promise<DailyTotalsAnswer> {
  const [issued, cancelled, collected] = await Promise.all([
    db.select({ branchCode: invoices.branchCode, n: count(), total: sql<string>`sum(${invoices.total})::text`, vat: sql<string>`sum(${invoices.vatAmount})::text` })
      .from(invoices).where(and(eq(invoices.invoiceDate, date), branchCondition(scope, invoices.branchCode))).groupBy(invoices.branchCode),
    db.select({ branchCode: invoices.branchCode, n: count(), total: sql<string>`sum(${invoices.total})::text` }).from(invoices)
      .where(and(eq(invoices.status, "Cancelled"), sql`(${invoices.dateCancelled} at time zone 'Asia/Manila')::date = ${date}::date`, branchCondition(scope, invoices.branchCode)))
      .groupBy(invoices.branchCode),
    db.select({ branchCode: collections.branchCode, n: count(), total: sql<string>`sum(${collections.amountReceived})::text` }).from(collections)
      .where(and(eq(collections.collectionDate, date), eq(collections.status, LIVE_COLLECTION), branchCondition(scope, collections.branchCode)))
      .groupBy(collections.branchCode),
  ]);
  const codes = [...new Set([...issued, ...cancelled, ...collected].map((r) => r.branchCode))].sort();
  return {
    date,
    data: codes.map((branchCode) => {
      const i = issued.find((r) => r.branchCode === branchCode);
      const c = cancelled.find((r) => r.branchCode === branchCode);
      const k = collected.find((r) => r.branchCode === branchCode);
      return {
        branchCode,
        issued: { count: Number(i?.n ?? 0), total: sumAmounts([i?.total ?? "0"]), vat: sumAmounts([i?.vat ?? "0"]) },
        cancelled: { count: Number(c?.n ?? 0), total: sumAmounts([c?.total ?? "0"]) },
        collected: { count: Number(k?.n ?? 0), total: sumAmounts([k?.total ?? "0"]) },
      };
    }),
  };
}

/** The postings of a CRO accounting record's invoices (issues and reversals), for posting it on demand. */
export async function croPostingIds(db: Db, croAccountingId: number): Promise<number[]> {
  const rows = await db.select({ id: postings.id }).from(postings)
    .innerJoin(invoices, eq(invoices.id, postings.docId))
    .where(and(eq(invoices.croAccountingId, croAccountingId), sql`(${postings.docType} = 'INVOICE' or ${postings.reversesKey} like 'INVOICE:%')`))
    .orderBy(asc(postings.id));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------------------
// Posting on demand (001 §7: post CRO, post CRO to base)

/**
 * Post CRO: the record is final (Draft → Posted) and its invoices' postings go to BASE now. Clicking it again,
 * or twice at once, posts nothing twice: a record already Posted stays so, and each posting is sent by whichever
 * relay claims it first, under its own key.
 */
export async function postCro(db: Db, caller: Caller, id: number, connector: BaseConnector | null, log?: (line: Record<string, unknown>) => void) {
  const record = await croRecord(db, id, caller);
  let notice = `CRO accounting ${record.croAcctgNum} is posted.`;
  if (record.status === "Draft") {
    try {
      notice = `${(await transition(db, croAccountingWorkflow, croAccountingTarget, { id, action: "post", actor: caller, set: { userModified: caller.userId } })).message}.`;
    } catch (err) {
      const [now] = await db.select({ status: croAccountings.status }).from(croAccountings).where(eq(croAccountings.id, id));
      if (!(err instanceof AppError && err.code === "CONFLICT" && now?.status === "Posted")) throw err;
    }
  }
  const sent = await sendNow(db, await croPostingIds(db, id), connector, log);
  return { data: await croAccountingById(db, id, caller), postings: sent.data, custDetails: sent.custDetails, message: `${notice} ${sent.message}` };
}

/** Post CRO to base: the record's postings to BASE now, whatever the record's status; BASE's answers come back (custDetails, message). */
export async function postCroToBase(db: Db, caller: Caller, id: number, connector: BaseConnector | null, log?: (line: Record<string, unknown>) => void) {
  const record = await croRecord(db, id, caller);
  return await sendNow(db, await croPostingIds(db, record.id), connector, log);
}
