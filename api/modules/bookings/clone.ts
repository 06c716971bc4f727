import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookingBatches, bookings } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { nextNumberBlocks } from "../../shared/numbering.ts";
import { initialStatus, transition, transitionMany } from "../../shared/workflow.ts";
import { branchCondition } from "../../shared/branch-scope.ts";
import type { ScheduleRow } from "../voyages/index.ts";
import { assertVoyageBranch, BATCH_SERIES, batchTarget, BOOKING_SERIES, type BookingActor, bookingTarget, insertBookings, writtenRows } from "./batches.ts";
import {
  type BatchRecord,
  batchByRef,
  batchRows,
  bookableVoyage,
  bookingLookups,
  type BookingRecord,
  bookingsOfBatch,
  type CheckedBooking,
  checkBooking,
  deliveryAddressOf,
  pickUpAddressOf,
  recordsByRefs,
  today,
  toRows,
} from "./records.ts";
import { type LaneChoice, sharedLaneReader } from "./pricing.ts";
import { batchWorkflow, bookingWorkflow } from "./rules.ts";
import type { BookingInput, BookingRow } from "./schemas.ts";

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
  const records = await recordsByRefs(db, refs, actor);
  const rows = await toRows(db, records);
  const chargesOf = new Map(rows.map((r) => [r.bookingRef, r.charges]));
  const inputs = records.map((b) => asInput(b, chargesOf.get(b.bookingRef)!));
  // What the copies share is read once: their batches, voyages, lanes and reference rows.
  const batchRefs = [...new Set(records.map((b) => b.bookingBatchRef))];
  const batches = new Map((await db.select().from(bookingBatches)
    .where(and(inArray(bookingBatches.bookingBatchRef, batchRefs), branchCondition(actor, bookingBatches.branchCode))))
    .map((batch) => [batch.bookingBatchRef, batch]));
  const voyages = new Map<string, Promise<ScheduleRow>>();
  const lanes = new Map<string, () => Promise<LaneChoice[]>>();
  const lookups = bookingLookups(db, inputs);
  const bookingDate = today();
  const prepared: { b: BookingRecord; batch: BatchRecord; checked: CheckedBooking }[] = [];
  for (const [i, b] of records.entries()) {
    const batch = batches.get(b.bookingBatchRef);
    if (!batch) throw new AppError("NOT_FOUND", `Booking batch ${b.bookingBatchRef} was not found.`);
    if (batch.status !== "Draft" && batch.status !== "Sent") {
      throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} is ${batch.status}; clone the batch instead to book again.`);
    }
    const voyageKey = b.voyageNum.toLowerCase();
    if (!voyages.has(voyageKey)) voyages.set(voyageKey, bookableVoyage(db, b.voyageNum));
    const voyage = await voyages.get(voyageKey)!;
    const laneKey = JSON.stringify([voyage.voyageNum, b.customerCode]);
    if (!lanes.has(laneKey)) lanes.set(laneKey, sharedLaneReader(db, { voyage, customerCode: b.customerCode, on: bookingDate }));
    const scope = { voyage, customerCode: b.customerCode, bookingDate, readLanes: lanes.get(laneKey), lookups };
    prepared.push({ b, batch, checked: await checkBooking(db, scope, inputs[i]) });
  }
  const items = prepared.map((p) => ({ batch: p.batch, checked: p.checked, clonedFrom: p.b.bookingRef }));
  const written = await db.transaction(async (tx) => {
    const expired = prepared.filter((p) => p.b.status === "Expired").map((p) => p.b.id);
    if (expired.length > 0) await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: expired, action: "clone", actor });
    return await insertBookings(tx, actor, items);
  });
  // The copies' rows from what was written and read for the checks; the originals' rows named their customers.
  const customers = rows.map((r) => ({ code: r.customerCode, company: r.customerName }));
  const data = writtenRows(written, items, { customers, voyages: await Promise.all(voyages.values()) });
  return { data, message: bookingWorkflow.actions.clone.notice };
}

/**
 * Clones a whole batch, onto another voyage when one is named (an expired batch's voyage has usually left).
 * Every booking that was not itself renewed is copied; an expired batch is marked Cloned.
 */
export async function cloneBatch(db: Db, actor: BookingActor, input: { bookingBatchRef: string; voyageNum?: string }) {
  const batch = await batchByRef(db, input.bookingBatchRef, actor);
  const voyage = await bookableVoyage(db, input.voyageNum ?? batch.voyageNum);
  assertVoyageBranch(actor, voyage);
  const records = await bookingsOfBatch(db, batch.bookingBatchRef, sql`${bookings.status} <> 'Cloned'`);
  const rows = await toRows(db, records);
  const chargesOf = new Map(rows.map((r) => [r.id, r.charges]));
  const inputs = records.map((b) => asInput(b, chargesOf.get(b.id)!));
  const scope = { voyage, customerCode: batch.customerCode, bookingDate: today() };
  const readLanes = sharedLaneReader(db, { voyage, customerCode: batch.customerCode, on: scope.bookingDate });
  const lookups = bookingLookups(db, inputs);
  const checked: CheckedBooking[] = [];
  for (const [i, b] of records.entries()) {
    try {
      checked.push(await checkBooking(db, { ...scope, readLanes, lookups }, inputs[i]));
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${b.bookingRef}: ${err.message}`, err.fieldErrors);
      throw err;
    }
  }
  const { record, items, written } = await db.transaction(async (tx) => {
    if (batch.status === "Expired") await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: "clone", actor });
    const [[ref], bookingRefs] = await nextNumberBlocks(tx, [
      { series: BATCH_SERIES, branchCode: voyage.originBranchCode, count: 1 },
      { series: BOOKING_SERIES, branchCode: voyage.originBranchCode, count: checked.length },
    ]);
    const copy = { bookingBatchRef: ref, voyageNum: voyage.voyageNum, customerCode: batch.customerCode, branchCode: voyage.originBranchCode };
    const [record] = await tx.insert(bookingBatches)
      .values({ ...copy, status: initialStatus(batchWorkflow), remarks: batch.remarks, clonedFrom: batch.bookingBatchRef, userCreated: actor.userId, userModified: actor.userId })
      .returning();
    const items = checked.map((one, i) => ({ batch: copy, checked: one, clonedFrom: records[i].bookingRef }));
    return { record, items, written: await insertBookings(tx, actor, items, bookingRefs) };
  });
  // The batch row still reads its customer's name and email; its bookings' rows are built from what was written.
  const [row] = await batchRows(db, [record]);
  const customers = rows.map((r) => ({ code: r.customerCode, company: r.customerName }));
  return { data: { ...row, bookings: writtenRows(written, items, { customers, voyages: [voyage] }) }, message: batchWorkflow.actions.clone.notice };
}
