import { and, asc, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import {
  areas, bookingCharges, bookingRevisionReferences, bookingRevisions, bookingRevisionWaybillEntries, bookings, companyPolicies, customerCharges, customers,
  waybills,
} from "../../../db/schema/index.ts";
import { changedLines, recordAudit } from "../../shared/audit.ts";
import { type BranchScope, branchCondition, findInScope } from "../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../shared/contracts.ts";
import { manilaToday } from "../../shared/dates.ts";
import { AppError, databaseErrorCode } from "../../shared/errors.ts";
import { searchAny } from "../../shared/list-filters.ts";
import { formatCentavos, normalizeAmount, sumAmounts, toCentavos } from "../../shared/money.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { PAGES, pathTo } from "../../shared/page-paths.ts";
import { historyOf, initialStatus, transition } from "../../shared/workflow.ts";
import { correctWaybillInvoices, type InvoiceCorrection } from "../accounting/index.ts";
import type { Caller } from "../auth/index.ts";
import type { Capability } from "../../shared/permissions.ts";
import {
  addressText, type BookingDeliveryMode, type BookingRecord, bookingByRef, checkAddressNotBlank, deliveryAddressOf, doorProblems, pickUpAddressOf, priceBooking, voyageOf,
} from "../bookings/index.ts";
import { policyInForce } from "../master-data/index.ts";
import { sendNotification } from "../notifications/index.ts";
import { reviseWaybill, type WaybillRevision } from "../outbound/index.ts";
import {
  actionsFor, AMF_CODE, AMF_POLICY, amendmentFeeDue, listOfStatus, NOT_WHILE, NOTHING_PROPOSED, notAllowedWhile, notRevisable, OPEN_STATUSES,
  PRICED_FIELDS, REVISABLE, REVISION_FIELDS, REVISION_MESSAGES, REVISION_SERIES, REVISION_TITLE, type RevisionAction, type RevisionField,
  revisionFlags, type RevisionStatus, revisionWorkflow, SI_SERIES, valueText,
} from "./rules.ts";
import type { ApprovedChangeExportRow } from "../../../templates/exports/booking-changes.ts";
import type {
  CreateRevisionInput, PageQuery, ProposedValues, ReferenceInput, RevisionChargeLine, RevisionDetailRow, RevisionListQuery, RevisionRow,
  RevisionStatusInput, UpdateRevisionInput,
} from "./schemas.ts";

type RevisionRecord = typeof bookingRevisions.$inferSelect;

export const revisionTarget = {
  table: bookingRevisions,
  id: bookingRevisions.id,
  status: bookingRevisions.status,
  dateModified: bookingRevisions.dateModified,
  label: bookingRevisions.revisionId,
  drafter: bookingRevisions.requestedBy,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const sameUser = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
const stale = () => new AppError("CONFLICT", "This booking change was changed by someone else after you opened it. Reload it and try again.");

// ---------------------------------------------------------------------------------------------------------
// The plan of a revision: the booking's values now, those proposed, checked (001 §5) and priced

/** The booking's value of each field a revision may propose. */
function currentValues(b: BookingRecord, chargeLines: readonly RevisionChargeLine[]): Record<RevisionField, unknown> {
  return {
    voyageNum: b.voyageNum,
    destinationBranchCode: b.destinationBranchCode,
    modeOfDelivery: b.modeOfDelivery,
    consigneeCode: b.consigneeCode,
    consigneeName: b.consigneeName,
    consigneeEmail: b.consigneeEmail,
    consigneeContactNum: b.consigneeContactNum,
    pickUpAddress: pickUpAddressOf(b),
    pickUpAreaCode: b.pickUpAreaCode,
    deliveryAddress: deliveryAddressOf(b),
    deliveryAreaCode: b.deliveryAreaCode,
    containerVanNum: b.containerVanNum,
    oldBookingRef: b.oldBookingRef,
    oldWaybillRef: b.oldWaybillRef,
    additionalCharges: addedOf(chargeLines),
  };
}

/** The charges staff added to the booking, but the amendment fee, which each approval adds on its own. */
const addedOf = (lines: readonly RevisionChargeLine[]) =>
  lines.filter((l) => l.source === "ADDED" && l.chargeCode !== AMF_CODE).map((l) => ({ chargeCode: l.chargeCode, amount: normalizeAmount(l.amount) }));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function chargeLinesOf(db: Db | Tx, bookingRef: string): Promise<RevisionChargeLine[]> {
  const rows = await db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, bookingRef)).orderBy(asc(bookingCharges.id));
  return rows.map((r) => ({
    chargeCode: r.chargeCode, chargeName: r.chargeName, chargePart: r.chargePart, rateUnit: r.rateUnit, quantity: r.quantity,
    rate: normalizeAmount(r.rate), amount: normalizeAmount(r.amount), source: r.source,
  }));
}

/** The amendment fee of a customer: their agreed amount when they have one, else the company policy in force today; 0 when neither. */
async function amendmentFeeOf(db: Db | Tx, customerCode: string): Promise<string> {
  const [agreed] = await db.select({ amount: customerCharges.amount }).from(customerCharges)
    .where(and(eq(customerCharges.customerCode, customerCode), eq(customerCharges.chargeCode, AMF_CODE)));
  if (agreed) return normalizeAmount(agreed.amount);
  const policies = await db.select().from(companyPolicies).where(eq(companyPolicies.code, AMF_POLICY));
  const policy = policyInForce(policies, AMF_POLICY, manilaToday());
  return policy?.defaultValueDecimal ? normalizeAmount(policy.defaultValueDecimal) : "0.00";
}

interface Plan {
  /** Only the fields that change, as proposed; and the booking's values of them. */
  proposed: Partial<Record<RevisionField, unknown>>;
  original: Partial<Record<RevisionField, unknown>>;
  chargesBefore: RevisionChargeLine[];
  chargesAfter: RevisionChargeLine[];
  chargesChange: boolean;
  amendmentFee: string;
  sqRefNum: string | null;
  sqdocNum: string | null;
  wayBill: typeof waybills.$inferSelect | null;
  entries: { wayBillRef: string; containerVanNum: string; status: string }[];
}

/** 001 §4, §5: a booking takes a change once its ATW is issued; never while Draft or Confirmed. */
function refuseUnrevisable(b: BookingRecord): void {
  if ((NOT_WHILE as readonly string[]).includes(b.status)) throw new AppError("CONFLICT", notAllowedWhile(b.bookingRef, b.status), { bookingRef: [notAllowedWhile(b.bookingRef, b.status)] });
  if (!(REVISABLE as readonly string[]).includes(b.status)) throw new AppError("CONFLICT", notRevisable(b.bookingRef, b.status), { bookingRef: [notRevisable(b.bookingRef, b.status)] });
}

/**
 * Checks what a revision proposes against the booking as it stands (001 §5: addresses not blank, door modes with
 * their addresses and areas, a destination the voyage calls at, a voyage from the same origin) and prices the booking
 * as it would be: re-priced from the quotation when a priced field changes, with the amendment fee where it is due.
 */
async function planRevision(db: Db | Tx, b: BookingRecord, asked: ProposedValues): Promise<Plan> {
  refuseUnrevisable(b);
  if (b.isTandem) throw new AppError("CONFLICT", `Booking ${b.bookingRef} shares a tandem trailer; its change is made on the waybill of both vans.`);
  const chargesBefore = await chargeLinesOf(db, b.bookingRef);
  const now = currentValues(b, chargesBefore);
  const proposed: Partial<Record<RevisionField, unknown>> = {};
  const original: Partial<Record<RevisionField, unknown>> = {};
  for (const [field, value] of Object.entries(asked) as [RevisionField, unknown][]) {
    if (value === undefined) continue;
    const normal = field === "additionalCharges"
      ? (value as { chargeCode: string; amount: string }[]).map((c) => ({ chargeCode: c.chargeCode.toUpperCase(), amount: normalizeAmount(c.amount) }))
      : field.endsWith("Code") && typeof value === "string" ? value.toUpperCase() : value;
    if (same(normal, now[field])) continue;
    proposed[field] = normal;
    original[field] = now[field];
  }
  if (Object.keys(proposed).length === 0) throw refused("proposed", NOTHING_PROPOSED);
  const next = { ...now, ...proposed } as Record<RevisionField, any>;

  if (proposed.pickUpAddress) checkAddressNotBlank("proposed.pickUpAddress", next.pickUpAddress, "pickUp");
  if (proposed.deliveryAddress) checkAddressNotBlank("proposed.deliveryAddress", next.deliveryAddress, "delivery");
  // 001 §5: a change to a door mode needs the door's address and area.
  const door = doorProblems({
    modeOfDelivery: next.modeOfDelivery, pickUpAddress: next.pickUpAddress, pickUpAreaCode: next.pickUpAreaCode,
    deliveryAddress: next.deliveryAddress, deliveryAreaCode: next.deliveryAreaCode,
  }, "proposed.");
  const doorEntries = Object.entries(door);
  if (doorEntries.length > 0) throw new AppError("VALIDATION", doorEntries[0][1], Object.fromEntries(doorEntries.map(([k, v]) => [k, [v]])));
  for (const field of ["pickUpAreaCode", "deliveryAreaCode"] as const) {
    if (!proposed[field]) continue;
    const [area] = await db.select({ code: areas.code }).from(areas).where(sql`upper(${areas.code}) = ${String(proposed[field])}`);
    if (!area) throw refused(`proposed.${field}`, `Area ${proposed[field]} was not found.`);
    proposed[field] = area.code;
  }
  if (proposed.consigneeCode) {
    const [consignee] = await db.select({ code: customers.code, isActive: customers.isActive }).from(customers).where(sql`upper(${customers.code}) = ${String(proposed.consigneeCode)}`);
    if (!consignee?.isActive) throw refused("proposed.consigneeCode", `Customer ${proposed.consigneeCode} was not found.`);
    proposed.consigneeCode = consignee.code;
  }
  const voyage = await voyageOf(db as Db, next.voyageNum).catch((err) => {
    if (err instanceof AppError && err.code === "NOT_FOUND") throw refused("proposed.voyageNum", `Voyage ${next.voyageNum} was not found.`);
    throw err;
  });
  if (proposed.voyageNum) {
    proposed.voyageNum = voyage.voyageNum;
    const old = await voyageOf(db as Db, b.voyageNum);
    if (voyage.originBranchCode !== old.originBranchCode) {
      throw refused("proposed.voyageNum", `Voyage ${voyage.voyageNum} leaves from ${voyage.originBranchName}; the cargo is at ${old.originBranchName}.`);
    }
  }
  const call = voyage.destinations.find((d) => d.destinationBranchCode.toUpperCase() === String(next.destinationBranchCode).toUpperCase());
  if (!call) {
    const message = `Voyage ${voyage.voyageNum} does not call at ${next.destinationBranchCode}; it calls at ${voyage.destinations.map((d) => d.destinationBranchCode).join(", ")}.`;
    throw refused(proposed.destinationBranchCode ? "proposed.destinationBranchCode" : "proposed.voyageNum", message);
  }
  if (proposed.destinationBranchCode) proposed.destinationBranchCode = call.destinationBranchCode;

  const [wayBill] = await db.select().from(waybills).where(eq(waybills.bookingRef, b.bookingRef));
  if (wayBill && proposed.voyageNum && wayBill.status !== "Draft") {
    throw refused("proposed.voyageNum", `Waybill ${wayBill.wayBillRef} is ${wayBill.status}; take it off the load list before its cargo moves to another voyage.`);
  }
  const entries = wayBill && proposed.containerVanNum !== undefined
    ? [
      ...(wayBill.containerVanNum ? [{ wayBillRef: wayBill.wayBillRef, containerVanNum: wayBill.containerVanNum, status: "removed" }] : []),
      ...(next.containerVanNum ? [{ wayBillRef: wayBill.wayBillRef, containerVanNum: String(next.containerVanNum), status: "added" }] : []),
    ]
    : [];

  // Re-priced from the quotation when a priced field changes; the amendment fee where it is due (001 §5, §9).
  const fee = amendmentFeeDue(b.status) ? await amendmentFeeOf(db, b.customerCode) : "0.00";
  const repriced = PRICED_FIELDS.some((f) => f in proposed);
  let chargesAfter = chargesBefore.filter((l) => l.chargeCode !== AMF_CODE);
  let sqRefNum = b.sqRefNum;
  let sqdocNum = b.sqdocNum;
  if (repriced) {
    const priced = await priceBooking(db as Db, { voyage, customerCode: b.customerCode, on: b.bookingDate }, {
      destinationBranchCode: next.destinationBranchCode, modeOfDelivery: next.modeOfDelivery as BookingDeliveryMode, isTandem: b.isTandem,
      pickUpAreaCode: next.pickUpAreaCode, deliveryAreaCode: next.deliveryAreaCode, quantity: b.quantity, quantityTeu: b.quantityTeu,
      cargoWeight: b.cargoWeight, sqdocNum: null, additionalCharges: next.additionalCharges,
    }).catch((err) => {
      if (err instanceof AppError && err.code === "VALIDATION") throw refused("proposed", err.message);
      throw err;
    });
    chargesAfter = priced.charges.map((c) => ({ ...c, rate: normalizeAmount(c.rate), amount: normalizeAmount(c.amount) }));
    sqRefNum = priced.sqRefNum;
    sqdocNum = priced.sqdocNum;
  }
  const oldFee = chargesBefore.find((l) => l.chargeCode === AMF_CODE);
  const feeTotal = formatCentavos(toCentavos(oldFee?.amount ?? "0") + toCentavos(fee));
  if (toCentavos(feeTotal) > 0n) {
    chargesAfter.push({ chargeCode: AMF_CODE, chargeName: "Amendment fee", chargePart: "OTHER", rateUnit: "perTeu", quantity: "1", rate: feeTotal, amount: feeTotal, source: "ADDED" });
  }
  const key = (l: RevisionChargeLine) => `${l.chargeCode} ${l.chargePart} ${l.rate} ${l.quantity} ${l.amount}`;
  const chargesChange = chargesBefore.map(key).sort().join("|") !== chargesAfter.map(key).sort().join("|");
  return { proposed, original, chargesBefore, chargesAfter, chargesChange, amendmentFee: fee, sqRefNum, sqdocNum, wayBill: wayBill ?? null, entries };
}

// ---------------------------------------------------------------------------------------------------------
// Reading

async function revisionRecord(db: Db | Tx, revisionId: string, scope: BranchScope): Promise<RevisionRecord> {
  return await findInScope(db as Db, bookingRevisions, bookingRevisions.branchCode, scope,
    sql`lower(${bookingRevisions.revisionId}) = lower(${revisionId})`, `Booking change ${revisionId} was not found.`);
}

const total = (lines: readonly RevisionChargeLine[]) => sumAmounts(lines.map((l) => l.amount));

async function rowsOf(db: Db, records: readonly RevisionRecord[]): Promise<RevisionRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [refs, entries] = await Promise.all([
    db.select().from(bookingRevisionReferences).where(inArray(bookingRevisionReferences.revisionKey, ids)).orderBy(asc(bookingRevisionReferences.seq)),
    db.select().from(bookingRevisionWaybillEntries).where(inArray(bookingRevisionWaybillEntries.revisionKey, ids)).orderBy(asc(bookingRevisionWaybillEntries.id)),
  ]);
  return records.map((r) => {
    const proposed = r.proposed as Record<string, unknown>;
    const original = r.original as Record<string, unknown>;
    const chargesBefore = r.chargesBefore as RevisionChargeLine[];
    const chargesAfter = r.chargesAfter as RevisionChargeLine[];
    const mine = refs.filter((x) => x.revisionKey === r.id);
    return {
      id: r.id,
      revisionId: r.revisionId,
      status: r.status as RevisionStatus,
      bookingRef: r.bookingRef,
      waybillref: r.wayBillRef,
      sH_Status: mine.length > 0 ? `${mine.length} SI/SH reference${mine.length === 1 ? "" : "s"}` : "None",
      branchCode: r.branchCode,
      remarks: r.remarks,
      changes: Object.keys(proposed).map((field) => ({
        field, label: REVISION_FIELDS[field as RevisionField] ?? field, before: original[field] ?? null, after: proposed[field] ?? null,
      })),
      chargesBefore,
      chargesAfter,
      totalBefore: total(chargesBefore),
      totalAfter: total(chargesAfter),
      chargesChange: r.chargesChange,
      amendmentFee: normalizeAmount(r.amendmentFee),
      references: mine.map((x) => ({ seq: x.seq, kind: x.kind as "SI" | "SH", refNum: x.refNum })),
      waybillEntries: entries.filter((e) => e.revisionKey === r.id).map((e) => ({ wayBillRef: e.wayBillRef, containerVanNum: e.containerVanNum, status: e.status })),
      requestedBy: r.requestedBy,
      endorsedBy: r.endorsedBy,
      managementApprovedBy: r.managementApprovedBy,
      approvedBy: r.approvedBy,
      datApproved: r.datApproved?.toISOString() ?? null,
      decidedBy: r.decidedBy,
      decisionRemarks: r.decisionRemarks,
      dateCreated: r.dateCreated.toISOString(),
      dateModified: r.dateModified.toISOString(),
    };
  });
}

export async function revisionById(db: Db, revisionId: string, scope: BranchScope): Promise<RevisionRow> {
  const [row] = await rowsOf(db, [await revisionRecord(db, revisionId, scope)]);
  return row;
}

/** getRevisionId/{id}: the revision, before and after side by side, its history and what the caller may do now. */
export async function revisionDetail(db: Db, caller: Caller, revisionId: string, approvedOnly = false): Promise<{ data: RevisionDetailRow }> {
  const row = await revisionById(db, revisionId, caller);
  if (approvedOnly && row.status !== "approved") throw new AppError("NOT_FOUND", `Booking change ${revisionId} is not approved.`);
  const steps = await historyOf(db, revisionWorkflow, row.id);
  const lastSubmit = steps.findLastIndex((h) => h.action === "submit");
  const actedBy = steps.slice(lastSubmit + 1).map((h) => h.actor);
  const [booking] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.bookingRef, row.bookingRef));
  return {
    data: {
      ...row,
      bookingStatus: booking.status,
      history: steps.map((h) => ({ action: h.action, fromStatus: h.fromStatus, toStatus: h.toStatus, actor: h.actor, remarks: h.remarks, at: h.dateCreated.toISOString() })),
      actions: actionsFor({ status: row.status, requestedBy: row.requestedBy, chargesChange: row.chargesChange, actedBy }, caller),
      canEdit: row.status === "draft" && sameUser(row.requestedBy, caller.userId),
    },
  };
}

/** getBookingRefV1/{id}: the booking a revision would change, as it stands, with its waybill and charges, and whether it may change. */
export async function bookingForRevision(db: Db, caller: Caller, bookingRef: string) {
  const b = await bookingByRef(db, bookingRef, caller);
  const [charges, [wayBill], [open]] = await Promise.all([
    chargeLinesOf(db, b.bookingRef),
    db.select({ wayBillRef: waybills.wayBillRef, status: waybills.status }).from(waybills).where(eq(waybills.bookingRef, b.bookingRef)),
    db.select({ revisionId: bookingRevisions.revisionId }).from(bookingRevisions)
      .where(and(eq(bookingRevisions.bookingRef, b.bookingRef), inArray(bookingRevisions.status, [...OPEN_STATUSES]))),
  ]);
  let refusal: string | null = null;
  if ((NOT_WHILE as readonly string[]).includes(b.status)) refusal = notAllowedWhile(b.bookingRef, b.status);
  else if (!(REVISABLE as readonly string[]).includes(b.status)) refusal = notRevisable(b.bookingRef, b.status);
  else if (open) refusal = `Booking ${b.bookingRef} has booking change ${open.revisionId} under way.`;
  return {
    data: {
      bookingRef: b.bookingRef, status: b.status, customerCode: b.customerCode, waybillref: wayBill?.wayBillRef ?? null, waybillStatus: wayBill?.status ?? null,
      values: currentValues(b, charges), charges, total: total(charges), amendmentFeeDue: amendmentFeeDue(b.status), refusal,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

const openConflict = (bookingRef: string) =>
  new AppError("CONFLICT", `Booking ${bookingRef} already has a booking change under way; finish or cancel it first.`, { bookingRef: [`Booking ${bookingRef} already has a booking change under way; finish or cancel it first.`] });

async function writeEntries(tx: Tx, revisionKey: number, entries: Plan["entries"]): Promise<void> {
  await tx.delete(bookingRevisionWaybillEntries).where(eq(bookingRevisionWaybillEntries.revisionKey, revisionKey));
  if (entries.length > 0) await tx.insert(bookingRevisionWaybillEntries).values(entries.map((e) => ({ ...e, revisionKey })));
}

/** createRevisionV1: a draft revision of a booking past Confirmed, numbered from its branch's BC series. */
export async function createRevision(db: Db, caller: Caller, input: CreateRevisionInput) {
  const b = await bookingByRef(db, input.bookingRef, caller);
  const plan = await planRevision(db, b, input.proposed);
  const now = new Date();
  let revisionId: string;
  try {
    revisionId = await db.transaction(async (tx: Tx) => {
      const num = await nextNumber(tx, { series: REVISION_SERIES, branchCode: b.branchCode, on: now });
      const [row] = await tx.insert(bookingRevisions).values({
        revisionId: num, status: initialStatus(revisionWorkflow), bookingRef: b.bookingRef, wayBillRef: plan.wayBill?.wayBillRef ?? null, branchCode: b.branchCode,
        remarks: input.remarks, proposed: plan.proposed, original: plan.original, chargesBefore: plan.chargesBefore, chargesAfter: plan.chargesAfter,
        chargesChange: plan.chargesChange, amendmentFee: plan.amendmentFee, requestedBy: caller.userId,
        userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      }).returning({ id: bookingRevisions.id });
      await writeEntries(tx, row.id, plan.entries);
      await recordAudit(tx, {
        actor: caller.userId, action: "BOOKING_CHANGE_CREATED", target: `booking-change:${num}`,
        detail: { recordId: row.id, bookingRef: b.bookingRef, before: plan.original, after: plan.proposed, chargesChange: plan.chargesChange },
      });
      return num;
    });
  } catch (err) {
    if (databaseErrorCode(err) === "23505") throw openConflict(b.bookingRef);
    throw err;
  }
  return { data: await revisionById(db, revisionId, caller), message: REVISION_MESSAGES.created };
}

async function lockedAsRead(tx: Tx, id: number, dateModified: string): Promise<RevisionRecord> {
  const [row] = await tx.select().from(bookingRevisions).where(eq(bookingRevisions.id, id)).for("update");
  if (!row || row.dateModified.getTime() !== new Date(dateModified).getTime()) throw stale();
  return row;
}

function refuseUnlessOwnDraft(r: RevisionRecord, caller: Caller, doing: string): void {
  if (r.status !== "draft") throw new AppError("CONFLICT", `Booking change ${r.revisionId} is ${r.status}; only a draft is ${doing}.`);
  if (!sameUser(r.requestedBy, caller.userId)) throw new AppError("FORBIDDEN", `Booking change ${r.revisionId} is ${r.requestedBy}'s draft; only its drafter changes it.`);
}

/** updateRevisionId/{id}: a draft's remarks and proposed values, by its drafter, with the dateModified read. */
export async function updateRevision(db: Db, caller: Caller, revisionId: string, input: UpdateRevisionInput) {
  const current = await revisionRecord(db, revisionId, caller);
  refuseUnlessOwnDraft(current, caller, "changed");
  const b = await bookingByRef(db, current.bookingRef, caller);
  const plan = await planRevision(db, b, input.proposed);
  await db.transaction(async (tx: Tx) => {
    const before = await lockedAsRead(tx, current.id, input.dateModified);
    refuseUnlessOwnDraft(before, caller, "changed");
    await tx.update(bookingRevisions).set({
      remarks: input.remarks, proposed: plan.proposed, original: plan.original, chargesBefore: plan.chargesBefore, chargesAfter: plan.chargesAfter,
      chargesChange: plan.chargesChange, amendmentFee: plan.amendmentFee, wayBillRef: plan.wayBill?.wayBillRef ?? null, userModified: caller.userId, dateModified: new Date(),
    }).where(eq(bookingRevisions.id, before.id));
    await writeEntries(tx, before.id, plan.entries);
    await recordAudit(tx, {
      actor: caller.userId, action: "BOOKING_CHANGE_CHANGED", target: `booking-change:${before.revisionId}`,
      detail: { recordId: before.id, before: { remarks: before.remarks, proposed: before.proposed }, after: { remarks: input.remarks, proposed: plan.proposed } },
    });
  });
  return { data: await revisionById(db, current.revisionId, caller), message: REVISION_MESSAGES.updated };
}

/** SI/SH references: add (at the end), insert (at a position), remove; generateSINum adds the next SI number of the branch. */
export async function changeReferences(db: Db, caller: Caller, op: "add" | "insert" | "remove" | "generate", input: ReferenceInput | { revisionId: string; dateModified: string }) {
  const current = await revisionRecord(db, input.revisionId, caller);
  refuseUnlessOwnDraft(current, caller, "changed");
  await db.transaction(async (tx: Tx) => {
    const row = await lockedAsRead(tx, current.id, input.dateModified);
    const refs = await tx.select().from(bookingRevisionReferences).where(eq(bookingRevisionReferences.revisionKey, row.id)).orderBy(asc(bookingRevisionReferences.seq));
    let list = refs.map((r) => ({ kind: r.kind, refNum: r.refNum }));
    const beforeList = list.map((r) => `${r.kind} ${r.refNum}`);
    if (op === "generate") {
      list.push({ kind: "SI", refNum: await nextNumber(tx, { series: SI_SERIES, branchCode: row.branchCode, on: new Date() }) });
    } else {
      const ref = input as ReferenceInput;
      const item = { kind: ref.kind, refNum: ref.refNum.toUpperCase() };
      const at = list.findIndex((r) => r.kind === item.kind && r.refNum.toUpperCase() === item.refNum);
      if (op === "remove") {
        if (at < 0) throw refused("refNum", `${item.kind} reference ${item.refNum} is not on booking change ${row.revisionId}.`);
        list.splice(at, 1);
      } else {
        if (at >= 0) throw refused("refNum", `${item.kind} reference ${item.refNum} is already on booking change ${row.revisionId}.`);
        if (op === "insert") {
          const position = ref.position ?? 1;
          if (position > list.length + 1) throw refused("position", `Position ${position} is past the end: the booking change has ${list.length} references.`);
          list.splice(position - 1, 0, item);
        } else list.push(item);
      }
    }
    if (list.length > 50) throw refused("refNum", "A booking change takes at most 50 references.");
    await tx.delete(bookingRevisionReferences).where(eq(bookingRevisionReferences.revisionKey, row.id));
    list = list.map((r) => r);
    if (list.length > 0) await tx.insert(bookingRevisionReferences).values(list.map((r, i) => ({ revisionKey: row.id, seq: i + 1, kind: r.kind, refNum: r.refNum })));
    await tx.update(bookingRevisions).set({ userModified: caller.userId, dateModified: new Date() }).where(eq(bookingRevisions.id, row.id));
    await recordAudit(tx, {
      actor: caller.userId, action: "BOOKING_CHANGE_REFERENCES_CHANGED", target: `booking-change:${row.revisionId}`,
      detail: { recordId: row.id, before: beforeList, after: list.map((r) => `${r.kind} ${r.refNum}`) },
    });
  });
  return { data: await revisionById(db, current.revisionId, caller), message: REVISION_MESSAGES.references };
}

/** Booking columns of the proposed values. */
function bookingColumns(p: Partial<Record<RevisionField, any>>) {
  const set: Record<string, unknown> = {};
  for (const f of ["voyageNum", "destinationBranchCode", "modeOfDelivery", "consigneeCode", "consigneeName", "consigneeEmail", "consigneeContactNum",
    "pickUpAreaCode", "deliveryAreaCode", "containerVanNum", "oldBookingRef", "oldWaybillRef"] as const) {
    if (f in p) set[f] = p[f];
  }
  for (const [end, a] of [["pickUp", p.pickUpAddress], ["delivery", p.deliveryAddress]] as const) {
    if (!a) continue;
    Object.assign(set, { [`${end}Street`]: a.street, [`${end}Barangay`]: a.barangay, [`${end}City`]: a.city, [`${end}Province`]: a.province, [`${end}ZipCode`]: a.zipCode });
  }
  return set;
}

/**
 * The approval applies the revision, in the approving transaction: the booking's row held, the plan made again
 * against the booking as it stands (a booking moved meanwhile is checked again), its fields and its charges written
 * (re-priced, with the amendment fee), its waybill's fields and lines, the history and the audit with before and after.
 * An invoiced waybill's invoices are never edited: the accounting module cancels each (its posting reversed) and
 * issues the next number from the re-priced waybill in the same transaction; one a collection settles is refused.
 */
async function applyRevision(tx: Tx, caller: Caller, row: RevisionRecord, action: RevisionAction, at: Date): Promise<void> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.bookingRef, row.bookingRef)).for("update");
  const plan = await planRevision(tx, b, row.proposed as ProposedValues);
  if (plan.chargesChange && action === "finalApprove") {
    throw new AppError("CONFLICT", `Booking change ${row.revisionId} changes the charges now; the accounting approver approves it.`);
  }
  if (!plan.chargesChange && action === "accountingApprove") {
    throw new AppError("CONFLICT", `Booking change ${row.revisionId} no longer changes the charges; the final approver approves it.`);
  }
  const p = plan.proposed as Partial<Record<RevisionField, any>>;
  await tx.update(bookings).set({ ...bookingColumns(p), sqRefNum: plan.sqRefNum, sqdocNum: plan.sqdocNum, userModified: caller.userId, dateModified: at })
    .where(eq(bookings.id, b.id));
  if (plan.chargesChange) {
    await tx.delete(bookingCharges).where(eq(bookingCharges.bookingRef, b.bookingRef));
    if (plan.chargesAfter.length > 0) await tx.insert(bookingCharges).values(plan.chargesAfter.map((c) => ({ ...c, bookingRef: b.bookingRef })));
    const comparable = (l: RevisionChargeLine) => ({ chargeCode: l.chargeCode, chargePart: l.chargePart, rate: l.rate, quantity: String(Number(l.quantity)), amount: l.amount });
    const change = changedLines(plan.chargesBefore.map(comparable), plan.chargesAfter.map(comparable), (l) => `${l.chargeCode} ${l.chargePart}`, ["rate", "quantity", "amount"]);
    if (change) await recordAudit(tx, { actor: caller.userId, action: "BOOKING_PRICE_CHANGED", target: `booking:${b.bookingRef}`, detail: { revisionId: row.revisionId, ...change } });
  }
  let corrections: InvoiceCorrection[] = [];
  if (plan.wayBill) {
    const wayBillRef = plan.wayBill.wayBillRef;
    const next = { ...pickUpAddressOf(b), ...(p.pickUpAddress ?? {}) };
    const nextDelivery = { ...deliveryAddressOf(b), ...(p.deliveryAddress ?? {}) };
    const revision: WaybillRevision = {
      destinationBranchCode: p.destinationBranchCode, voyageNum: p.voyageNum, modeOfDelivery: p.modeOfDelivery, consigneeName: p.consigneeName,
      consigneeAddress: p.deliveryAddress ? addressText(nextDelivery) : undefined, consigneeAreaCode: p.deliveryAreaCode,
      shipperPickUpAddress: p.pickUpAddress ? addressText(next) : undefined, shipperAreaCode: p.pickUpAreaCode, containerVanNum: p.containerVanNum,
      sqRefNum: plan.sqRefNum, sqdocNum: plan.sqdocNum,
    };
    const lines = plan.chargesChange ? plan.chargesAfter : plan.chargesBefore;
    const rewrite = async () => void await reviseWaybill(tx, caller.userId, wayBillRef, revision, lines, at);
    // An invoiced waybill whose charges change: its invoices are never edited; the accounting module cancels them
    // (a reversal of each posting queued) and issues the next numbers from the waybill as re-priced.
    if (plan.chargesChange) {
      corrections = await correctWaybillInvoices(tx, caller, {
        wayBillRef, reason: `Booking change ${row.revisionId} approved: ${row.remarks}`, purpose: `booking change ${row.revisionId} is approved`, now: at,
      }, rewrite);
    } else await rewrite();
  }
  await tx.update(bookingRevisions).set({
    original: plan.original, chargesBefore: plan.chargesBefore, chargesAfter: plan.chargesAfter, chargesChange: plan.chargesChange,
    amendmentFee: plan.amendmentFee, approvedBy: caller.userId, datApproved: at,
  }).where(eq(bookingRevisions.id, row.id));
  await writeEntries(tx, row.id, plan.entries);
  await recordAudit(tx, {
    actor: caller.userId, action: "BOOKING_CHANGE_APPLIED", target: `booking:${b.bookingRef}`,
    detail: {
      revisionId: row.revisionId, wayBillRef: plan.wayBill?.wayBillRef ?? null, before: { ...plan.original, total: total(plan.chargesBefore) },
      after: { ...plan.proposed, total: total(plan.chargesAfter), amendmentFee: plan.amendmentFee },
      invoices: corrections,
    },
  });
}

/**
 * updateRevisionStatusV1: submit, endorse, approve, final or accounting approve, deny, cancel, with the dateModified
 * read, through the one workflow (four eyes: the drafter takes no approval step, one person one step). The last
 * approval applies the revision in the same transaction. The next step's holders are told after the commit.
 */
export async function moveRevision(db: Db, caller: Caller, input: RevisionStatusInput) {
  const current = await revisionRecord(db, input.revisionId, caller);
  const action = input.action as RevisionAction;
  if ((action === "submit" || action === "cancel") && !sameUser(current.requestedBy, caller.userId)) {
    throw new AppError("FORBIDDEN", `Booking change ${current.revisionId} is ${current.requestedBy}'s; only its drafter ${action === "submit" ? "submits" : "cancels"} it.`);
  }
  const now = new Date();
  const { message } = await db.transaction(async (tx: Tx) => {
    const row = await lockedAsRead(tx, current.id, input.dateModified);
    const set: Record<string, unknown> = { userModified: caller.userId };
    if (action === "submit") set.dateSubmitted = now;
    if (action === "endorse") Object.assign(set, { endorsedBy: caller.userId, dateEndorsed: now });
    if (action === "approve") Object.assign(set, { managementApprovedBy: caller.userId, dateManagementApproved: now });
    if (action === "deny" || action === "cancel") Object.assign(set, { decidedBy: caller.userId, dateDecided: now, decisionRemarks: input.remarks });
    if (action === "finalApprove" || action === "accountingApprove") Object.assign(set, { decidedBy: caller.userId, dateDecided: now });
    if ((action === "finalApprove" && row.chargesChange) || (action === "accountingApprove" && !row.chargesChange)) {
      throw new AppError("FORBIDDEN", row.chargesChange
        ? `Booking change ${row.revisionId} changes the charges; the accounting approver approves it.`
        : `Booking change ${row.revisionId} leaves the charges as they are; the final approver approves it.`);
    }
    const moved = await transition(tx, revisionWorkflow, revisionTarget, { id: row.id, action, actor: caller, remarks: input.remarks, set });
    if (action === "finalApprove" || action === "accountingApprove") await applyRevision(tx, caller, row, action, now);
    return moved;
  });
  const data = await revisionById(db, current.revisionId, caller);
  await tellNext(db, caller, data, action);
  return { data: { ...data, list: listOfStatus(data.status) }, message };
}

async function tellNext(db: Db, caller: Caller, r: RevisionRow, action: RevisionAction): Promise<void> {
  const url = pathTo(PAGES.bookingChangeForApproval, { revisionId: r.revisionId });
  const what = `booking ${r.bookingRef}${r.waybillref ? `, waybill ${r.waybillref}` : ""}`;
  const tell = (message: string, capabilities: Capability[]) =>
    sendNotification(db, { title: REVISION_TITLE, message, url, sender: caller.userId, holders: { menu: "BOOKINGCHANGES", capabilities, branchCode: r.branchCode }, leaveOutSender: true });
  if (action === "submit") await tell(`${r.revisionId}: a change of ${what} waits for your endorsement.`, ["ENDORSER", "ADMIN_ENDORSER"]);
  else if (action === "endorse") await tell(`${r.revisionId}: a change of ${what}, endorsed, waits for your approval.`, ["APPROVER", "MANAGEMENT_APPROVER"]);
  else if (action === "approve") {
    await tell(`${r.revisionId}: a change of ${what}, management approved, waits for your final approval.`,
      r.chargesChange ? ["ACCOUNTING_APPROVER", "BC_ACCOUNTING_APPROVER"] : ["FINAL_APPROVER"]);
  } else if (action !== "cancel") {
    const message = r.status === "approved" ? `${r.revisionId}: approved; ${what} changed.` : `${r.revisionId}: denied: ${r.decisionRemarks}`;
    try {
      await sendNotification(db, { title: REVISION_TITLE, message, url, sender: caller.userId, userIds: [r.requestedBy], leaveOutSender: true });
    } catch (err) {
      if (!(err instanceof AppError && err.code === "VALIDATION")) throw err;
    }
  }
}

/** deleteRevision: drafts never sent on, by their drafter, all or none. */
export async function deleteRevisions(db: Db, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx: Tx) => {
    const found = await tx.select().from(bookingRevisions)
      .where(and(inArray(bookingRevisions.id, unique), branchCondition(caller, bookingRevisions.branchCode))).orderBy(asc(bookingRevisions.id)).for("update");
    const missing = unique.filter((id) => !found.some((r) => r.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Booking change with id ${missing.join(", ")} was not found; nothing was deleted.`);
    const kept = found.filter((r) => r.status !== "draft" || r.dateSubmitted !== null);
    if (kept.length > 0) throw new AppError("CONFLICT", `Only a draft never sent on is deleted; these are kept: ${kept.map((r) => `${r.revisionId} (${r.status})`).join(", ")}.`);
    const others = found.filter((r) => !sameUser(r.requestedBy, caller.userId));
    if (others.length > 0) throw new AppError("FORBIDDEN", `Only its drafter deletes a draft: ${others.map((r) => `${r.revisionId} is ${r.requestedBy}'s`).join(", ")}.`);
    await tx.delete(bookingRevisions).where(inArray(bookingRevisions.id, unique));
    for (const r of found) {
      await recordAudit(tx, {
        actor: caller.userId, action: "BOOKING_CHANGE_DELETED", target: `booking-change:${r.revisionId}`,
        detail: { recordId: r.id, before: { bookingRef: r.bookingRef, remarks: r.remarks, proposed: r.proposed }, after: null },
      });
    }
  });
  return { data: { ids: unique }, message: REVISION_MESSAGES.deleted };
}

// ---------------------------------------------------------------------------------------------------------
// Lists (001 §6): by the caller's flags, within their branches

const search = (q: string) =>
  searchAny([bookingRevisions.revisionId, bookingRevisions.bookingRef, bookingRevisions.wayBillRef, bookingRevisions.remarks, bookingRevisions.requestedBy], q || undefined);

async function page(db: Db, caller: Caller, where: ReturnType<typeof and>, q: { skip: number; take: number }) {
  const flags = revisionFlags(caller);
  const [records, [{ n }]] = await Promise.all([
    db.select().from(bookingRevisions).where(where).orderBy(desc(bookingRevisions.dateModified), desc(bookingRevisions.id)).limit(q.take).offset(q.skip),
    db.select({ n: count() }).from(bookingRevisions).where(where),
  ]);
  const data = await rowsOf(db, records);
  const answer = { data, total: Number(n), ...flags };
  return data.length === 0 ? { ...answer, message: EMPTY_LIST_MESSAGE } : answer;
}

/** Revisions the caller took part in: drafted, endorsed or approved. */
const mine = (caller: Caller) =>
  or(eq(bookingRevisions.requestedBy, caller.userId), eq(bookingRevisions.endorsedBy, caller.userId), eq(bookingRevisions.managementApprovedBy, caller.userId),
    eq(bookingRevisions.approvedBy, caller.userId));

/** What waits for the caller's own step: For Approval to an approver; Management Approved to the final or the accounting approver. */
function waitingForCaller(caller: Caller) {
  const f = revisionFlags(caller);
  const parts = [
    f.isApprover ? eq(bookingRevisions.status, "For Approval") : undefined,
    f.isBCFinalApprover ? and(eq(bookingRevisions.status, "Management Approved"), eq(bookingRevisions.chargesChange, false)) : undefined,
    f.isAcctngApprover ? and(eq(bookingRevisions.status, "Management Approved"), eq(bookingRevisions.chargesChange, true)) : undefined,
  ].filter((p) => p !== undefined);
  return parts.length > 0 ? or(...parts) : sql`false`;
}

/**
 * getListBookingRevisionV1: draft (the caller's own draft, denied and cancelled), forEndorse (every one waiting in
 * their branches to an endorser or admin endorser, their own to anyone else), forApproval (what waits for their step;
 * their own to others), approved (every approved one of their branches, or those they took part in with showMyApproved).
 */
export async function listRevisions(db: Db, caller: Caller, q: RevisionListQuery) {
  const f = revisionFlags(caller);
  const own = eq(bookingRevisions.requestedBy, caller.userId);
  const scope = branchCondition(caller, bookingRevisions.branchCode);
  let where;
  if (q.list === "draft") where = and(scope, own, inArray(bookingRevisions.status, ["draft", "denied", "Cancelled"]));
  else if (q.list === "forEndorse") where = and(scope, eq(bookingRevisions.status, "For Endorse"), f.isEndorser || f.adminEndorser ? undefined : own);
  else if (q.list === "forApproval") {
    where = and(scope, inArray(bookingRevisions.status, ["For Approval", "Management Approved"]), f.isApprover || f.isBCFinalApprover || f.isAcctngApprover ? waitingForCaller(caller) : own);
  } else where = and(scope, eq(bookingRevisions.status, "approved"), q.showMyApproved ? mine(caller) : undefined);
  return await page(db, caller, and(where, search(q.search)), q);
}

/** getListApproverV1: exactly what waits for the caller's approval step. */
export async function listForApprover(db: Db, caller: Caller, q: PageQuery) {
  return await page(db, caller, and(branchCondition(caller, bookingRevisions.branchCode), waitingForCaller(caller), search(q.search)), q);
}

const DAT_ONLY = "Only DAT staff see the DAT list of booking changes.";

/** getListDatV1: to DAT staff, the approved changes of their branches that moved a waybill, for the yard to follow. */
export async function listForDat(db: Db, caller: Caller, q: PageQuery) {
  if (!caller.isDat) return { data: [], total: 0, ...revisionFlags(caller), message: DAT_ONLY };
  const where = and(branchCondition(caller, bookingRevisions.branchCode), eq(bookingRevisions.status, "approved"), sql`${bookingRevisions.wayBillRef} is not null`, search(q.search));
  return await page(db, caller, where, q);
}

/** The approved revisions for downloadApprovedBC, every one of the caller's branches (or theirs with showMyApproved), newest first. */
export async function approvedForDownload(db: Db, caller: Caller, q: { showMyApproved: boolean; search: string }): Promise<ApprovedChangeExportRow[]> {
  const records = await db.select().from(bookingRevisions)
    .where(and(branchCondition(caller, bookingRevisions.branchCode), eq(bookingRevisions.status, "approved"), q.showMyApproved ? mine(caller) : undefined, search(q.search)))
    .orderBy(desc(bookingRevisions.datApproved), desc(bookingRevisions.id)).limit(5000);
  return (await rowsOf(db, records)).map((r) => ({
    ...r, changes: r.changes.map((c) => `${c.label}: ${valueText(c.before) || "(none)"} -> ${valueText(c.after) || "(none)"}`),
  }));
}
