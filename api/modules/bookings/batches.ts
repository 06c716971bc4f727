import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { bookingBatches, bookings } from "../../../db/schema/index.ts";
import { EMPTY_LIST_MESSAGE, type ListResult } from "../../shared/contracts.ts";
import { type BranchScope, branchCondition, coversBranch, EVERY_BRANCH } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { searchAny } from "../../shared/list-filters.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { initialStatus, transition, type WorkflowActor } from "../../shared/workflow.ts";
import { randomToken } from "../../shared/tokens.ts";
import {
  batchByRef,
  batchRows,
  bookableVoyage,
  bookingByRef,
  type BookingRecord,
  bookingRow,
  bookingsOfBatch,
  type CheckedBooking,
  checkBooking,
  customerOf,
  today,
  toRows,
  voyageOf,
  writeCharges,
} from "./records.ts";
import { lanesFor, sharedLaneReader } from "./pricing.ts";
import { batchWorkflow, bookingWorkflow, EDITABLE_STATUSES, serviceRemarks } from "./rules.ts";
import type {
  BatchWithBookings,
  BookingInput,
  BookingListQuery,
  BookingRow,
  BookingUpdate,
  CreateBatchInput,
  LaneQuery,
} from "./schemas.ts";

/**
 * Booking batches and their bookings: creating, changing and deleting them, the lists, the lanes a booking may
 * use and the live price. Also the steps the other booking services share: the workflow targets, writing a
 * new booking, and a batch following its bookings once none of them waits.
 */

/** Who works on bookings: the workflow's actor with the branches they work for (api/shared/branch-scope.ts). */
export type BookingActor = WorkflowActor & BranchScope;

const BOOKING_SERIES = "BK";
export const BATCH_SERIES = "BB";

/** The rows the workflows of rules.ts move: a booking (its reference names it in messages) and a batch. */
export const bookingTarget = { table: bookings, id: bookings.id, status: bookings.status, dateModified: bookings.dateModified, label: bookings.bookingRef };
export const batchTarget = {
  table: bookingBatches, id: bookingBatches.id, status: bookingBatches.status, dateModified: bookingBatches.dateModified, label: bookingBatches.bookingBatchRef,
};

export async function batchWithBookings(db: Db, bookingBatchRef: string, scope: BranchScope): Promise<BatchWithBookings> {
  const batch = await batchByRef(db, bookingBatchRef, scope);
  const [row] = await batchRows(db, [batch]);
  return { ...row, bookings: await toRows(db, await bookingsOfBatch(db, batch.bookingBatchRef)) };
}

/** Writes one checked booking in the caller's transaction; its number comes from the origin branch's BK series. */
export async function insertBooking(
  tx: Tx,
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
    status: initialStatus(bookingWorkflow),
    publicId: randomToken(16),
    bookingDate: today(),
    clonedFrom: extra.clonedFrom ?? null,
    userCreated: actor.userId,
    userModified: actor.userId,
  });
  await writeCharges(tx, actor.userId, bookingRef, checked.priced.charges);
  return bookingRef;
}

/**
 * Once no booking of a Draft or Sent batch waits any more, the batch follows its bookings: Confirmed when any
 * of them went ahead, Expired when none did. Called after every change that can end a booking's wait.
 */
export async function settleBatch(tx: Tx, actor: BookingActor, bookingBatchRef: string) {
  // The batch of bookings the caller was already allowed to move: no second scope check.
  const batch = await batchByRef(tx, bookingBatchRef, EVERY_BRANCH);
  if (batch.status !== "Draft" && batch.status !== "Sent") return;
  const records = await bookingsOfBatch(tx, bookingBatchRef);
  if (records.length === 0 || records.some((b) => b.status === "Draft" || b.status === "Sent")) return;
  const wentAhead = records.some((b) => b.status !== "Expired" && b.status !== "Cloned");
  await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: wentAhead ? "confirm" : "expire", actor });
}

/**
 * A batch belongs to its voyage's origin branch, so only a user of that branch opens one there ("a Cebu user
 * opened a batch on a Manila voyage"). A 400 on voyageNum, not a 404: voyages are not branch-scoped (every
 * branch reads the schedule, and a voyage calls at other branches), so the voyage is no secret; the request
 * is what is wrong, and the answer names the field.
 */
export function assertVoyageBranch(actor: BranchScope, voyage: { voyageNum: string; originBranchCode: string }) {
  if (coversBranch(actor, voyage.originBranchCode)) return;
  const text = `Voyage ${voyage.voyageNum} leaves from branch ${voyage.originBranchCode}, which is not one of your branches.`;
  throw new AppError("VALIDATION", text, { voyageNum: [text] });
}

export async function createBatch(db: Db, actor: BookingActor, input: CreateBatchInput) {
  const voyage = await bookableVoyage(db, input.voyageNum);
  assertVoyageBranch(actor, voyage);
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
    await tx.insert(bookingBatches).values({ ...batch, status: initialStatus(batchWorkflow), remarks: input.remarks, userCreated: actor.userId, userModified: actor.userId });
    for (const one of checked) await insertBooking(tx, actor, batch, one);
    return ref;
  });
  return { data: await batchWithBookings(db, bookingBatchRef, actor), message: "Booking batch added successfully" };
}

/** Bookings are added to a batch only while it is still being prepared (Draft or Sent). */
export async function addBooking(db: Db, actor: BookingActor, bookingBatchRef: string, input: BookingInput) {
  const batch = await batchByRef(db, bookingBatchRef, actor);
  if (batch.status !== "Draft" && batch.status !== "Sent") {
    throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} is ${batch.status}; it takes no more bookings.`);
  }
  const voyage = await bookableVoyage(db, batch.voyageNum);
  const checked = await checkBooking(db, { voyage, customerCode: batch.customerCode, bookingDate: today() }, input);
  const bookingRef = await db.transaction((tx) => insertBooking(tx, actor, batch, checked));
  return { data: await bookingRow(db, bookingRef, actor), message: "Booking added successfully" };
}

function assertEditable(booking: BookingRecord) {
  if (!EDITABLE_STATUSES.includes(booking.status as never)) {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} is ${booking.status}; only a Draft or Sent booking can be changed.`);
  }
}

async function applyUpdate(tx: Tx, actor: BookingActor, booking: BookingRecord, input: BookingUpdate) {
  assertEditable(booking);
  const voyage = await voyageOf(tx, booking.voyageNum);
  const checked = await checkBooking(tx, { voyage, customerCode: booking.customerCode, bookingDate: booking.bookingDate }, input);
  const stamp = input.dateModified ? new Date(input.dateModified) : null;
  const changed = await tx.update(bookings).set({ ...checked.values, userModified: actor.userId, dateModified: new Date() })
    .where(and(
      eq(bookings.id, booking.id),
      inArray(bookings.status, [...EDITABLE_STATUSES]),
      stamp ? eq(bookings.dateModified, stamp) : undefined,
    )).returning({ id: bookings.id });
  if (changed.length === 0) {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} was changed by someone else since you opened it. Reload it and make your change again.`);
  }
  await writeCharges(tx, actor.userId, booking.bookingRef, checked.priced.charges);
}

export async function updateBooking(db: Db, actor: BookingActor, bookingRef: string, input: BookingUpdate) {
  const booking = await bookingByRef(db, bookingRef, actor);
  await db.transaction((tx) => applyUpdate(tx, actor, booking, input));
  return { data: await bookingRow(db, booking.bookingRef, actor), message: "Booking updated successfully" };
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
      const booking = await bookingByRef(tx, pair.bookingRef, actor);
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
  const booking = await bookingByRef(db, bookingRef, actor);
  assertEditable(booking);
  await db.transaction(async (tx) => {
    const gone = await tx.delete(bookings).where(and(eq(bookings.id, booking.id), inArray(bookings.status, [...EDITABLE_STATUSES])))
      .returning({ id: bookings.id });
    if (gone.length === 0) throw new AppError("CONFLICT", `Booking ${booking.bookingRef} was changed a moment ago; reload it.`);
    await settleBatch(tx, actor, booking.bookingBatchRef);
  });
  return { message: "Booking deleted successfully" };
}

export async function listBookings(db: Db, query: BookingListQuery, scope: BranchScope): Promise<ListResult<BookingRow>> {
  const where = and(
    branchCondition(scope, bookings.branchCode),
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

export async function listBatches(db: Db, query: { voyageNum: string; skip: number; take: number; search?: string }, scope: BranchScope) {
  const where = and(
    branchCondition(scope, bookingBatches.branchCode),
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

export async function bookingLanes(db: Db, actor: BranchScope, query: LaneQuery) {
  const voyage = await voyageOf(db, query.voyageNum);
  // The lanes show the shipper's quoted prices: only to those who may book on the voyage.
  assertVoyageBranch(actor, voyage);
  const customer = await customerOf(db, query.customerCode);
  const lanes = await lanesFor(db, { voyage, customerCode: customer.code, destinationBranchCode: query.destinationBranchCode, modeOfDelivery: query.modeOfDelivery, on: today() });
  const data = lanes.map(({ charges: _charges, ...lane }) => lane);
  return data.length === 0 ? { data, message: "No SQ Found!" } : { data };
}

/** The live price of the booking form: the same pricing a save applies, without saving. */
export async function previewPrice(db: Db, actor: BranchScope, input: BookingInput & { voyageNum: string; customerCode: string }) {
  const voyage = await voyageOf(db, input.voyageNum);
  assertVoyageBranch(actor, voyage);
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
