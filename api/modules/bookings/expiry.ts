import { and, eq, exists, gt, inArray, lt, not, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { bookingBatches, bookings, voyageSchedules } from "../../../db/schema/index.ts";
import { branchCondition, EVERY_BRANCH } from "../../shared/branch-scope.ts";
import { manilaDate } from "../../shared/dates.ts";
import { inChunks } from "../../shared/chunks.ts";
import { transitionMany, transitionWhere } from "../../shared/workflow.ts";
import { batchTarget, type BookingActor, bookingTarget, settleBatch } from "./batches.ts";
import { recordsByRefs, toRows } from "./records.ts";
import { batchWorkflow, bookingWorkflow } from "./rules.ts";

/**
 * Bookings nobody confirmed in time: expired by staff, or by the daily job (jobs.ts) and `lading bookings
 * expire`. An expired booking's batch follows its bookings.
 */

/** Expires the chosen Draft or Sent bookings. */
export async function expireBookings(db: Db, actor: BookingActor, refs: string[]) {
  const records = await recordsByRefs(db, refs, actor);
  const result = await db.transaction(async (tx) => {
    const moved = await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: records.map((b) => b.id), action: "expire", actor });
    for (const batchRef of new Set(records.map((b) => b.bookingBatchRef))) await settleBatch(tx, actor, batchRef);
    return moved;
  });
  return { data: await toRows(db, await recordsByRefs(db, refs, actor)), message: result.message };
}

// The daily job and the CLI expire every branch's overdue bookings; a user on the screen, their branches' only.
const SYSTEM_ACTOR: BookingActor = { userId: "system", menus: new Set(["VOYAGE"]), capabilities: new Set(), ...EVERY_BRANCH };

/**
 * expireBooking: Draft and Sent bookings whose voyage has left or whose pick-up date has passed. The daily job
 * and `lading bookings expire` call it; a dry run only names them. The run works in chunks (api/shared/chunks.ts):
 * each chunk's bookings and the batches they leave with nothing open move in one short transaction, and
 * requests run between chunks.
 */
export async function expireOverdue(db: Db, options: { dryRun: boolean; now?: Date; actor?: BookingActor }) {
  const now = options.now ?? new Date();
  const actor = options.actor ?? SYSTEM_ACTOR;
  const day = manilaDate(now);
  const overdue = and(
    inArray(bookings.status, ["Draft", "Sent"]),
    branchCondition(actor, bookings.branchCode),
    or(lt(voyageSchedules.estimatedTimeDeparture, now), lt(bookings.pickUpDate, day)),
  );
  if (options.dryRun) {
    const due = await db.select({ bookingRef: bookings.bookingRef })
      .from(bookings).innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
      .where(overdue).orderBy(bookings.id);
    const refs = due.map((d) => d.bookingRef);
    return { data: { expired: refs, dryRun: true }, message: refs.length === 0 ? "No booking is overdue." : `${refs.length} booking(s) would expire.` };
  }
  const moved = await inChunks(db, {
    next: async (tx, after, limit) => {
      const rows = await tx.select({ id: bookings.id })
        .from(bookings).innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
        .where(and(overdue, gt(bookings.id, after))).orderBy(bookings.id).limit(limit);
      return rows.map((r) => r.id);
    },
    work: async (tx, ids) => {
      // Bookings confirmed meanwhile are skipped by the status condition instead of failing the whole run.
      const { moved } = await transitionWhere(tx, bookingWorkflow, bookingTarget, {
        action: "expire",
        actor,
        where: inArray(bookings.id, ids),
        returning: { bookingRef: bookings.bookingRef, bookingBatchRef: bookings.bookingBatchRef },
      });
      await settleBatches(tx, actor, [...new Set(moved.map((m) => m.bookingBatchRef as string))]);
      return moved.map((m) => m.bookingRef as string);
    },
  });
  return { data: { expired: moved, dryRun: false }, message: moved.length === 0 ? "No booking is overdue." : `${moved.length} booking(s) expired.` };
}

/**
 * settleBatch() of batches.ts for many batches at once, two statements instead of several per batch: a batch
 * left with no Draft or Sent booking is confirmed when one of its bookings went ahead, and expires when every one
 * expired or was renewed by a clone. Its history and audit rows are those settleBatch() writes.
 */
async function settleBatches(tx: Tx, actor: BookingActor, batchRefs: string[]) {
  if (batchRefs.length === 0) return;
  const ofBatch = (condition?: SQL) =>
    exists(tx.select({ one: sql`1` }).from(bookings).where(and(eq(bookings.bookingBatchRef, bookingBatches.bookingBatchRef), condition)));
  const chosen = inArray(bookingBatches.bookingBatchRef, batchRefs);
  const open = ofBatch(inArray(bookings.status, ["Draft", "Sent"]));
  const wentAhead = ofBatch(notInArray(bookings.status, ["Expired", "Cloned"]));
  await transitionWhere(tx, batchWorkflow, batchTarget, { action: "confirm", actor, where: and(chosen, not(open), wentAhead) });
  await transitionWhere(tx, batchWorkflow, batchTarget, { action: "expire", actor, where: and(chosen, ofBatch(), not(wentAhead)) });
}
