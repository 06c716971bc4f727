import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookings } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { transition, transitionMany } from "../../shared/workflow.ts";
import { batchTarget, batchWithBookings, type BookingActor, bookingTarget, settleBatch } from "./batches.ts";
import {
  batchByRef,
  bookingsOfBatch,
  type BookingRecord,
  deliveryAddressOf,
  doorProblems,
  pickUpAddressOf,
  recordsByRefs,
  throwProblems,
  toRows,
} from "./records.ts";
import { batchWorkflow, bookingWorkflow } from "./rules.ts";

/**
 * Staff confirm the bookings of a batch, or chosen bookings: each door end must have its address and area
 * first, and the batch follows its bookings once none of them waits.
 */

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

/** Confirms every waiting booking of a batch; of two staff confirming at once, the second gets a 409. */
export async function confirmBatch(db: Db, actor: BookingActor, bookingBatchRef: string) {
  const batch = await batchByRef(db, bookingBatchRef, actor);
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
  return { data: await batchWithBookings(db, batch.bookingBatchRef, actor), message: result.message };
}

export async function confirmBookings(db: Db, actor: BookingActor, refs: string[]) {
  const records = await recordsByRefs(db, refs, actor);
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
  return { data: await toRows(db, await recordsByRefs(db, refs, actor)), message: result.message };
}
