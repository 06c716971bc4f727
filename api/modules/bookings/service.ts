import { and, count, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookingBatches, bookings, customers, truckings, voyageSchedules } from "../../../db/schema/index.ts";
import { EMPTY_LIST_MESSAGE, type ListResult } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import { searchAny } from "../../shared/list-filters.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { transition, transitionMany, type WorkflowActor } from "../../shared/workflow.ts";
import { queueEmail } from "../email/index.ts";
import {
  batchByRef,
  type BatchRecord,
  type CheckedBooking,
  batchRows,
  bookingByRef,
  type BookingRecord,
  bookingRow,
  bookingsOfBatch,
  checkBooking,
  deliveryAddressOf,
  doorProblems,
  pickUpAddressOf,
  throwProblems,
  today,
  toRows,
  voyageOf,
  writeCharges,
} from "./records.ts";
import { lanesFor, sharedLaneReader } from "./pricing.ts";
import { batchWorkflow, bookingWorkflow, EDITABLE_STATUSES, LINK_VALID_DAYS, serviceRemarks } from "./rules.ts";
import type {
  BatchWithBookings,
  BookingInput,
  BookingListQuery,
  BookingRow,
  BookingUpdate,
  CreateBatchInput,
  LaneQuery,
} from "./schemas.ts";
import { randomToken, sha256Hex } from "../../shared/tokens.ts";

/**
 * Booking batches and bookings: creating and changing them, the customer's link, confirmation, the ATW,
 * cloning and expiry. Statuses move only through the workflows of rules.ts.
 */

export type BookingActor = WorkflowActor;

const BOOKING_SERIES = "BK";
const BATCH_SERIES = "BB";

const bookingTarget = { table: bookings, id: bookings.id, status: bookings.status, dateModified: bookings.dateModified, label: bookings.bookingRef };
const batchTarget = { table: bookingBatches, id: bookingBatches.id, status: bookingBatches.status, dateModified: bookingBatches.dateModified };

async function customerOf(db: Db, code: string) {
  const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${code})`);
  if (!customer) throw new AppError("VALIDATION", `Customer ${code} was not found.`, { customerCode: [`Customer ${code} was not found.`] });
  if (!customer.isActive) throw new AppError("VALIDATION", `Customer ${customer.code} is inactive.`, { customerCode: [`Customer ${customer.code} is inactive.`] });
  return customer;
}

async function bookableVoyage(db: Db, voyageNum: string) {
  const voyage = await voyageOf(db, voyageNum);
  if (!voyage.isActive) throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} is inactive; it takes no bookings.`);
  if (new Date(voyage.estimatedTimeDeparture) < new Date()) {
    throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} has left (ETD ${voyage.estimatedTimeDeparture}); it takes no more bookings.`);
  }
  return voyage;
}

export async function batchWithBookings(db: Db, bookingBatchRef: string): Promise<BatchWithBookings> {
  const batch = await batchByRef(db, bookingBatchRef);
  const [row] = await batchRows(db, [batch]);
  return { ...row, bookings: await toRows(db, await bookingsOfBatch(db, batch.bookingBatchRef)) };
}

/** Writes one checked booking in the caller's transaction; its number comes from the origin branch's BK series. */
async function insertBooking(
  tx: Db,
  actor: BookingActor,
  batch: { bookingBatchRef: string; voyageNum: string; customerCode: string; branchCode: string },
  checked: CheckedBooking,
  extra: { clonedFrom?: string } = {},
): Promise<string> {
  const bookingRef = await nextNumber(tx, { series: BOOKING_SERIES, branchCode: batch.branchCode });
  await tx.insert(bookings).values({
    ...checked.values,
    bookingRef,
    bookingBatchRef: batch.bookingBatchRef,
    voyageNum: batch.voyageNum,
    customerCode: batch.customerCode,
    branchCode: batch.branchCode,
    status: "Draft",
    publicId: randomToken(16),
    bookingDate: today(),
    clonedFrom: extra.clonedFrom ?? null,
    userCreated: actor.userId,
    userModified: actor.userId,
  });
  await writeCharges(tx, bookingRef, checked.priced.charges);
  return bookingRef;
}

// ---------------------------------------------------------------------------------------------------------
// Batches and bookings

export async function createBatch(db: Db, actor: BookingActor, input: CreateBatchInput) {
  const voyage = await bookableVoyage(db, input.voyageNum);
  const customer = await customerOf(db, input.customerCode);
  const scope = { voyage, customerCode: customer.code, bookingDate: today() };
  const readLanes = sharedLaneReader(db, { voyage, customerCode: customer.code, on: scope.bookingDate });
  const checked: CheckedBooking[] = [];
  for (const [i, booking] of input.bookings.entries()) {
    try {
      checked.push(await checkBooking(db, { ...scope, readLanes }, booking));
    } catch (err) {
      if (err instanceof AppError && err.code === "VALIDATION") {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`bookings.${i}.${k}`, v]));
        throw new AppError("VALIDATION", `Booking ${i + 1}: ${err.message}`, fields);
      }
      throw err;
    }
  }
  const bookingBatchRef = await db.transaction(async (tx) => {
    const ref = await nextNumber(tx, { series: BATCH_SERIES, branchCode: voyage.originBranchCode });
    const batch = { bookingBatchRef: ref, voyageNum: voyage.voyageNum, customerCode: customer.code, branchCode: voyage.originBranchCode };
    await tx.insert(bookingBatches).values({ ...batch, status: "Draft", remarks: input.remarks, userCreated: actor.userId, userModified: actor.userId });
    for (const one of checked) await insertBooking(tx, actor, batch, one);
    return ref;
  });
  return { data: await batchWithBookings(db, bookingBatchRef), message: "Booking batch added successfully" };
}

/** Bookings are added to a batch only while it is still being prepared (Draft or Sent). */
export async function addBooking(db: Db, actor: BookingActor, bookingBatchRef: string, input: BookingInput) {
  const batch = await batchByRef(db, bookingBatchRef);
  if (batch.status !== "Draft" && batch.status !== "Sent") {
    throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} is ${batch.status}; it takes no more bookings.`);
  }
  const voyage = await bookableVoyage(db, batch.voyageNum);
  const checked = await checkBooking(db, { voyage, customerCode: batch.customerCode, bookingDate: today() }, input);
  const bookingRef = await db.transaction((tx) => insertBooking(tx, actor, batch, checked));
  return { data: await bookingRow(db, bookingRef), message: "Booking added successfully" };
}

function assertEditable(booking: BookingRecord) {
  if (!EDITABLE_STATUSES.includes(booking.status as never)) {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} is ${booking.status}; only a Draft or Sent booking can be changed.`);
  }
}

async function applyUpdate(db: Db, actor: BookingActor, booking: BookingRecord, input: BookingUpdate) {
  assertEditable(booking);
  const voyage = await voyageOf(db, booking.voyageNum);
  const checked = await checkBooking(db, { voyage, customerCode: booking.customerCode, bookingDate: booking.bookingDate }, input);
  const stamp = input.dateModified ? new Date(input.dateModified) : null;
  const changed = await db.update(bookings).set({ ...checked.values, userModified: actor.userId, dateModified: new Date() })
    .where(and(
      eq(bookings.id, booking.id),
      inArray(bookings.status, [...EDITABLE_STATUSES]),
      stamp ? eq(bookings.dateModified, stamp) : undefined,
    )).returning({ id: bookings.id });
  if (changed.length === 0) {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} was changed by someone else since you opened it. Reload it and make your change again.`);
  }
  await writeCharges(db, booking.bookingRef, checked.priced.charges);
}

export async function updateBooking(db: Db, actor: BookingActor, bookingRef: string, input: BookingUpdate) {
  const booking = await bookingByRef(db, bookingRef);
  await db.transaction((tx) => applyUpdate(tx, actor, booking, input));
  return { data: await bookingRow(db, booking.bookingRef), message: "Booking updated successfully" };
}

/** multipleUpdate: pairs of bookingRef and updateBooking, all applied or none. */
export async function updateBookings(db: Db, actor: BookingActor, pairs: { bookingRef: string; updateBooking: BookingUpdate }[]) {
  const refs = new Set<string>();
  for (const pair of pairs) {
    const key = pair.bookingRef.toLowerCase();
    if (refs.has(key)) throw new AppError("VALIDATION", `Booking ${pair.bookingRef} is named twice.`, { bookingRef: [`Booking ${pair.bookingRef} is named twice.`] });
    refs.add(key);
  }
  const done = await db.transaction(async (tx) => {
    const out: string[] = [];
    for (const [i, pair] of pairs.entries()) {
      const booking = await bookingByRef(tx, pair.bookingRef);
      try {
        await applyUpdate(tx, actor, booking, pair.updateBooking);
      } catch (err) {
        if (err instanceof AppError) {
          const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`${i}.updateBooking.${k}`, v]));
          throw new AppError(err.code, `${booking.bookingRef}: ${err.message}`, fields);
        }
        throw err;
      }
      out.push(booking.bookingRef);
    }
    return out;
  });
  const rows = await toRows(db, await db.select().from(bookings).where(inArray(bookings.bookingRef, done)));
  return { data: rows, message: "Bookings updated successfully" };
}

export async function deleteBooking(db: Db, actor: BookingActor, bookingRef: string) {
  const booking = await bookingByRef(db, bookingRef);
  assertEditable(booking);
  await db.transaction(async (tx) => {
    const gone = await tx.delete(bookings).where(and(eq(bookings.id, booking.id), inArray(bookings.status, [...EDITABLE_STATUSES])))
      .returning({ id: bookings.id });
    if (gone.length === 0) throw new AppError("CONFLICT", `Booking ${booking.bookingRef} was changed a moment ago; reload it.`);
    await settleBatch(tx, actor, booking.bookingBatchRef);
  });
  return { message: "Booking deleted successfully" };
}

export async function listBookings(db: Db, query: BookingListQuery): Promise<ListResult<BookingRow>> {
  const where = and(
    query.voyageNum ? sql`lower(${bookings.voyageNum}) = lower(${query.voyageNum})` : undefined,
    query.bookingBatchRef ? sql`lower(${bookings.bookingBatchRef}) = lower(${query.bookingBatchRef})` : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.modeOfDelivery ? eq(bookings.modeOfDelivery, query.modeOfDelivery) : undefined,
    searchAny([bookings.bookingRef, bookings.consigneeName, bookings.goods, bookings.customerCode, bookings.pickUpCity, bookings.plateNum], query.search),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(bookings).where(where).orderBy(desc(bookings.id)).offset(query.skip).limit(query.take),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  const data = await toRows(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

export async function listBatches(db: Db, query: { voyageNum: string; skip: number; take: number; search?: string }) {
  const where = and(
    sql`lower(${bookingBatches.voyageNum}) = lower(${query.voyageNum})`,
    searchAny([bookingBatches.bookingBatchRef, bookingBatches.customerCode, bookingBatches.remarks], query.search),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(bookingBatches).where(where).orderBy(desc(bookingBatches.id)).offset(query.skip).limit(query.take),
    db.select({ total: count() }).from(bookingBatches).where(where),
  ]);
  const data = await batchRows(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

export async function bookingLanes(db: Db, query: LaneQuery) {
  const voyage = await voyageOf(db, query.voyageNum);
  const customer = await customerOf(db, query.customerCode);
  const lanes = await lanesFor(db, { voyage, customerCode: customer.code, destinationBranchCode: query.destinationBranchCode, modeOfDelivery: query.modeOfDelivery, on: today() });
  const data = lanes.map(({ charges: _charges, ...lane }) => lane);
  return data.length === 0 ? { data, message: "No SQ Found!" } : { data };
}

/** The live price of the booking form: the same pricing a save applies, without saving. */
export async function previewPrice(db: Db, input: BookingInput & { voyageNum: string; customerCode: string }) {
  const voyage = await voyageOf(db, input.voyageNum);
  const customer = await customerOf(db, input.customerCode);
  const checked = await checkBooking(db, { voyage, customerCode: customer.code, bookingDate: today() }, input);
  return {
    data: {
      sqRefNum: checked.priced.sqRefNum,
      sqdocNum: checked.priced.sqdocNum,
      charges: checked.priced.charges,
      insurancePremium: checked.priced.insurancePremium,
      serviceRemarks: serviceRemarks({ ...input, isBackLoad: checked.isBackLoad }),
      total: checked.priced.total,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The customer's link

export interface LinkContext {
  /** Where the web app is served, e.g. https://lading.example.com. */
  linkBase: string;
}

/**
 * Sends the batch's link: a fresh token (256 bits; only its hash is kept), open for LINK_VALID_DAYS or until the
 * voyage leaves. Sending again replaces the token, so only the newest link works.
 */
export async function sendBookingLink(db: Db, actor: BookingActor, input: { bookingBatchRef: string; email?: string }, ctx: LinkContext) {
  const batch = await batchByRef(db, input.bookingBatchRef);
  const voyage = await bookableVoyage(db, batch.voyageNum);
  const customer = await customerOf(db, batch.customerCode);
  const email = input.email || customer.customerContactEmail;
  if (!email) throw new AppError("VALIDATION", `Customer ${customer.code} has no e-mail address; type one to send the link to.`, { email: ["E-mail is required"] });
  const token = randomToken(32);
  const now = new Date();
  const expiresAt = new Date(Math.min(now.getTime() + LINK_VALID_DAYS * 86_400_000, new Date(voyage.estimatedTimeDeparture).getTime()));
  const result = await db.transaction(async (tx) => {
    const pending = await bookingsOfBatch(tx, batch.bookingBatchRef, inArray(bookings.status, ["Draft", "Sent"]));
    if (pending.length === 0) throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} has no Draft or Sent booking to send.`);
    const moved = await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: "send", actor });
    await tx.update(bookingBatches).set({
      linkTokenHash: await sha256Hex(token),
      linkEmail: email,
      linkSentAt: now,
      linkExpiresAt: expiresAt,
      linkUsedAt: null,
      userModified: actor.userId,
    }).where(eq(bookingBatches.id, batch.id));
    await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: pending.map((b) => b.id), action: "send", actor });
    await queueEmail(tx, {
      to: email,
      template: "bookingLink",
      data: {
        customerName: customer.company,
        bookingBatchRef: batch.bookingBatchRef,
        voyage: `${voyage.voyageNum} (${voyage.vesselName})`,
        bookingCount: pending.length,
        link: `${ctx.linkBase}/booking/link/t/${token}`,
        expiresAt: new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", dateStyle: "medium", timeStyle: "short" }).format(expiresAt),
      },
      requestedBy: actor.userId,
      meta: { bookingBatchRef: batch.bookingBatchRef },
    });
    return moved;
  });
  const [row] = await batchRows(db, [await batchByRef(db, batch.bookingBatchRef)]);
  return { data: row, message: result.message };
}

// ---------------------------------------------------------------------------------------------------------
// Confirmation, ATW, clone, expiry

function completenessProblems(records: BookingRecord[]): void {
  const problems: Record<string, string> = {};
  for (const b of records) {
    for (const [field, text] of Object.entries(doorProblems({
      modeOfDelivery: b.modeOfDelivery as never,
      pickUpAddress: pickUpAddressOf(b),
      pickUpAreaCode: b.pickUpAreaCode,
      deliveryAddress: deliveryAddressOf(b),
      deliveryAreaCode: b.deliveryAreaCode,
    }))) problems[`${b.bookingRef}.${field}`] = `${b.bookingRef}: ${text}`;
  }
  throwProblems(problems);
}

/**
 * Once no booking of a Draft or Sent batch waits any more, the batch follows its bookings: Confirmed when any
 * of them went ahead, Expired when none did. Called after every change that can end a booking's wait.
 */
async function settleBatch(tx: Db, actor: BookingActor, bookingBatchRef: string) {
  const batch = await batchByRef(tx, bookingBatchRef);
  if (batch.status !== "Draft" && batch.status !== "Sent") return;
  const records = await bookingsOfBatch(tx, bookingBatchRef);
  if (records.length === 0 || records.some((b) => b.status === "Draft" || b.status === "Sent")) return;
  const wentAhead = records.some((b) => b.status !== "Expired" && b.status !== "Cloned");
  await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: wentAhead ? "confirm" : "expire", actor });
}

/** Confirms every waiting booking of a batch; of two staff confirming at once, the second gets a 409. */
export async function confirmBatch(db: Db, actor: BookingActor, bookingBatchRef: string) {
  const batch = await batchByRef(db, bookingBatchRef);
  const result = await db.transaction(async (tx) => {
    const moved = await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: "confirm", actor });
    const waiting = await bookingsOfBatch(tx, batch.bookingBatchRef, inArray(bookings.status, ["Draft", "Sent"]));
    if (waiting.length === 0) throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} has no booking waiting for confirmation.`);
    completenessProblems(waiting);
    await transitionMany(tx, bookingWorkflow, bookingTarget, {
      ids: waiting.map((b) => b.id),
      action: "confirm",
      actor,
      set: { dateConfirmed: new Date(), confirmedBy: actor.userId },
    });
    return moved;
  });
  return { data: await batchWithBookings(db, batch.bookingBatchRef), message: result.message };
}

async function recordsByRefs(db: Db, refs: string[]): Promise<BookingRecord[]> {
  const lower = [...new Set(refs.map((r) => r.toLowerCase()))];
  const rows = await db.select().from(bookings).where(inArray(sql`lower(${bookings.bookingRef})`, lower));
  const missing = lower.filter((r) => !rows.some((row) => row.bookingRef.toLowerCase() === r));
  if (missing.length > 0) throw new AppError("NOT_FOUND", `Booking ${missing.join(", ")} was not found.`);
  return rows;
}

export async function confirmBookings(db: Db, actor: BookingActor, refs: string[]) {
  const records = await recordsByRefs(db, refs);
  completenessProblems(records.filter((b) => b.status === "Draft" || b.status === "Sent"));
  const result = await db.transaction(async (tx) => {
    const moved = await transitionMany(tx, bookingWorkflow, bookingTarget, {
      ids: records.map((b) => b.id),
      action: "confirm",
      actor,
      set: { dateConfirmed: new Date(), confirmedBy: actor.userId },
    });
    for (const batchRef of new Set(records.map((b) => b.bookingBatchRef))) await settleBatch(tx, actor, batchRef);
    return moved;
  });
  return { data: await toRows(db, await recordsByRefs(db, refs)), message: result.message };
}

/** Issues the authority to withdraw: the trucker named (or already on the booking) must be accredited at the branch. */
export async function issueAtw(db: Db, actor: BookingActor, input: { bookingRefs: string[]; truckingCode: string | null; plateNum?: string }) {
  const records = await recordsByRefs(db, input.bookingRefs);
  const truckerCodes = new Set(records.map((b) => input.truckingCode ?? b.truckingCode));
  if (truckerCodes.has(null)) {
    const without = records.filter((b) => !input.truckingCode && !b.truckingCode).map((b) => b.bookingRef);
    throw new AppError("VALIDATION", `Choose the trucker who withdraws the cargo of ${without.join(", ")}.`, { truckingCode: ["Trucker is required"] });
  }
  const truckers = await db.select().from(truckings).where(inArray(sql`lower(${truckings.code})`, [...truckerCodes].map((c) => c!.toLowerCase())));
  for (const b of records) {
    const code = (input.truckingCode ?? b.truckingCode)!;
    const trucker = truckers.find((t) => t.code.toLowerCase() === code.toLowerCase());
    if (!trucker || !trucker.isActive) throw new AppError("VALIDATION", `Trucker ${code} is not an active trucker.`, { truckingCode: [`Trucker ${code} is not an active trucker.`] });
    if (!trucker.isAuthorized || !trucker.branchCodes.map((c) => c.toUpperCase()).includes(b.branchCode.toUpperCase())) {
      const text = `Trucker ${trucker.name} is not authorised to withdraw at branch ${b.branchCode}.`;
      throw new AppError("VALIDATION", text, { truckingCode: [text] });
    }
  }
  const chosen = input.truckingCode ? truckers.find((t) => t.code.toLowerCase() === input.truckingCode!.toLowerCase())! : null;
  const result = await db.transaction(async (tx) => {
    const set: Record<string, unknown> = { dateAtwIssued: new Date(), atwIssuedBy: actor.userId };
    if (chosen) set.truckingCode = chosen.code;
    if (input.plateNum) set.plateNum = input.plateNum;
    // The master may list several plates of the trucker; the first one stands until staff name another.
    else if (chosen && chosen.plateNum) set.plateNum = chosen.plateNum.split(",")[0].trim();
    return await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: records.map((b) => b.id), action: "issueAtw", actor, set });
  });
  return { data: await toRows(db, await recordsByRefs(db, input.bookingRefs)), message: result.message };
}

export async function expireBookings(db: Db, actor: BookingActor, refs: string[]) {
  const records = await recordsByRefs(db, refs);
  const result = await db.transaction(async (tx) => {
    const moved = await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: records.map((b) => b.id), action: "expire", actor });
    for (const batchRef of new Set(records.map((b) => b.bookingBatchRef))) await settleBatch(tx, actor, batchRef);
    return moved;
  });
  return { data: await toRows(db, await recordsByRefs(db, refs)), message: result.message };
}

const SYSTEM_ACTOR: BookingActor = { userId: "system", menus: new Set(["VOYAGE"]), capabilities: new Set() };

/**
 * expireBooking: Draft and Sent bookings whose voyage has left or whose pick-up date has passed. The daily job
 * and `lading bookings expire` call it; a dry run only names them.
 */
export async function expireOverdue(db: Db, options: { dryRun: boolean; now?: Date; actor?: BookingActor }) {
  const now = options.now ?? new Date();
  const actor = options.actor ?? SYSTEM_ACTOR;
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(now);
  const due = await db.select({ id: bookings.id, bookingRef: bookings.bookingRef, bookingBatchRef: bookings.bookingBatchRef })
    .from(bookings).innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
    .where(and(
      inArray(bookings.status, ["Draft", "Sent"]),
      or(lt(voyageSchedules.estimatedTimeDeparture, now), lt(bookings.pickUpDate, day)),
    )).orderBy(bookings.id);
  const refs = due.map((d) => d.bookingRef);
  if (options.dryRun || due.length === 0) {
    return { data: { expired: refs, dryRun: options.dryRun }, message: due.length === 0 ? "No booking is overdue." : `${due.length} booking(s) would expire.` };
  }
  await db.transaction(async (tx) => {
    // Bookings confirmed meanwhile are skipped by the status condition instead of failing the whole run.
    const still = await tx.select({ id: bookings.id }).from(bookings)
      .where(and(inArray(bookings.id, due.map((d) => d.id)), inArray(bookings.status, ["Draft", "Sent"])));
    if (still.length > 0) await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: still.map((s) => s.id), action: "expire", actor });
    for (const batchRef of new Set(due.map((d) => d.bookingBatchRef))) await settleBatch(tx, actor, batchRef);
  });
  return { data: { expired: refs, dryRun: false }, message: `${due.length} booking(s) expired.` };
}

/** The fields of a booking as the booking form would send them, to check and price a copy anew. */
function asInput(b: BookingRecord, charges: BookingRow["charges"]): BookingInput {
  return {
    consigneeCode: b.consigneeCode,
    consigneeName: b.consigneeName,
    consigneeEmail: b.consigneeEmail,
    consigneeContactNum: b.consigneeContactNum,
    pickUpDate: null,
    pickUpTime: b.pickUpTime,
    pickUpAddress: pickUpAddressOf(b),
    pickUpAreaCode: b.pickUpAreaCode,
    deliveryAddress: deliveryAddressOf(b),
    deliveryAreaCode: b.deliveryAreaCode,
    goods: b.goods,
    packaging: b.packaging as BookingInput["packaging"],
    quantity: b.quantity,
    cargoWeight: b.cargoWeight,
    declaredValue: b.declaredValue,
    remarks: b.remarks,
    destinationBranchCode: b.destinationBranchCode,
    modeOfDelivery: b.modeOfDelivery as BookingInput["modeOfDelivery"],
    modeOfPayment: b.modeOfPayment as BookingInput["modeOfPayment"],
    originHandling: b.originHandling,
    destinationHandling: b.destinationHandling,
    isTandem: b.isTandem,
    commodityCode: b.commodityCode,
    quantityTeu: b.quantityTeu,
    isShipperOwned: b.isShipperOwned,
    containerVanNum: b.containerVanNum,
    truckingCode: b.truckingCode,
    plateNum: b.plateNum,
    trailerNum: b.trailerNum,
    helperName: b.helperName,
    oldBookingRef: b.oldBookingRef,
    oldWaybillRef: b.oldWaybillRef,
    // The copy is priced on today's quotation, not on the lane of the old one.
    sqdocNum: null,
    additionalCharges: charges.filter((c) => c.source === "ADDED").map((c) => ({ chargeCode: c.chargeCode, amount: c.amount })),
  };
}

/**
 * Clones bookings into their own batch as new Drafts, priced today. An expired original is marked Cloned: the
 * copy renews it. The pick-up date is left for the customer or staff to set again.
 */
export async function cloneBookings(db: Db, actor: BookingActor, refs: string[]) {
  const records = await recordsByRefs(db, refs);
  const rows = await toRows(db, records);
  const prepared: { b: BookingRecord; batch: BatchRecord; checked: CheckedBooking }[] = [];
  for (const b of records) {
    const batch = await batchByRef(db, b.bookingBatchRef);
    if (batch.status !== "Draft" && batch.status !== "Sent") {
      throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} is ${batch.status}; clone the batch instead to book again.`);
    }
    const voyage = await bookableVoyage(db, b.voyageNum);
    const charges = rows.find((r) => r.bookingRef === b.bookingRef)!.charges;
    prepared.push({ b, batch, checked: await checkBooking(db, { voyage, customerCode: b.customerCode, bookingDate: today() }, asInput(b, charges)) });
  }
  const created = await db.transaction(async (tx) => {
    const out: string[] = [];
    const expired = prepared.filter((p) => p.b.status === "Expired").map((p) => p.b.id);
    if (expired.length > 0) await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: expired, action: "clone", actor });
    for (const p of prepared) out.push(await insertBooking(tx, actor, p.batch, p.checked, { clonedFrom: p.b.bookingRef }));
    return out;
  });
  return { data: await toRows(db, await recordsByRefs(db, created)), message: bookingWorkflow.actions.clone.notice };
}

/**
 * Clones a whole batch, onto another voyage when one is named (an expired batch's voyage has usually left).
 * Every booking that was not itself renewed is copied; an expired batch is marked Cloned.
 */
export async function cloneBatch(db: Db, actor: BookingActor, input: { bookingBatchRef: string; voyageNum?: string }) {
  const batch = await batchByRef(db, input.bookingBatchRef);
  const voyage = await bookableVoyage(db, input.voyageNum ?? batch.voyageNum);
  const records = await bookingsOfBatch(db, batch.bookingBatchRef, sql`${bookings.status} <> 'Cloned'`);
  const rows = await toRows(db, records);
  const scope = { voyage, customerCode: batch.customerCode, bookingDate: today() };
  const readLanes = sharedLaneReader(db, { voyage, customerCode: batch.customerCode, on: scope.bookingDate });
  const checked: CheckedBooking[] = [];
  for (const b of records) {
    try {
      checked.push(await checkBooking(db, { ...scope, readLanes }, asInput(b, rows.find((r) => r.id === b.id)!.charges)));
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${b.bookingRef}: ${err.message}`, err.fieldErrors);
      throw err;
    }
  }
  const newRef = await db.transaction(async (tx) => {
    if (batch.status === "Expired") await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: "clone", actor });
    const ref = await nextNumber(tx, { series: BATCH_SERIES, branchCode: voyage.originBranchCode });
    const copy = { bookingBatchRef: ref, voyageNum: voyage.voyageNum, customerCode: batch.customerCode, branchCode: voyage.originBranchCode };
    await tx.insert(bookingBatches).values({ ...copy, status: "Draft", remarks: batch.remarks, clonedFrom: batch.bookingBatchRef, userCreated: actor.userId, userModified: actor.userId });
    for (const [i, one] of checked.entries()) await insertBooking(tx, actor, copy, one, { clonedFrom: records[i].bookingRef });
    return ref;
  });
  return { data: await batchWithBookings(db, newRef), message: batchWorkflow.actions.clone.notice };
}

