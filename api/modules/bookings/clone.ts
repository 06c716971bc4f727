import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookingBatches, bookings } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { nextNumber } from "../../shared/numbering.ts";
import { initialStatus, transition, transitionMany } from "../../shared/workflow.ts";
import { assertVoyageBranch, BATCH_SERIES, batchTarget, batchWithBookings, type BookingActor, bookingTarget, insertBooking } from "./batches.ts";
import {
  type BatchRecord,
  batchByRef,
  bookableVoyage,
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
import { sharedLaneReader } from "./pricing.ts";
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
  const prepared: { b: BookingRecord; batch: BatchRecord; checked: CheckedBooking }[] = [];
  for (const b of records) {
    const batch = await batchByRef(db, b.bookingBatchRef, actor);
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
  return { data: await toRows(db, await recordsByRefs(db, created, actor)), message: bookingWorkflow.actions.clone.notice };
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
    await tx.insert(bookingBatches).values({ ...copy, status: initialStatus(batchWorkflow), remarks: batch.remarks, clonedFrom: batch.bookingBatchRef, userCreated: actor.userId, userModified: actor.userId });
    for (const [i, one] of checked.entries()) await insertBooking(tx, actor, copy, one, { clonedFrom: records[i].bookingRef });
    return ref;
  });
  return { data: await batchWithBookings(db, newRef, actor), message: batchWorkflow.actions.clone.notice };
}
