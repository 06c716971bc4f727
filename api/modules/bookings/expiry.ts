import { and, eq, inArray, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookings, voyageSchedules } from "../../../db/schema/index.ts";
import { branchCondition, EVERY_BRANCH } from "../../shared/branch-scope.ts";
import { manilaDate } from "../../shared/dates.ts";
import { transitionMany } from "../../shared/workflow.ts";
import { type BookingActor, bookingTarget, settleBatch } from "./batches.ts";
import { recordsByRefs, toRows } from "./records.ts";
import { bookingWorkflow } from "./rules.ts";

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
 * and `lading bookings expire` call it; a dry run only names them.
 */
export async function expireOverdue(db: Db, options: { dryRun: boolean; now?: Date; actor?: BookingActor }) {
  const now = options.now ?? new Date();
  const actor = options.actor ?? SYSTEM_ACTOR;
  const day = manilaDate(now);
  const due = await db.select({ id: bookings.id, bookingRef: bookings.bookingRef, bookingBatchRef: bookings.bookingBatchRef })
    .from(bookings).innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
    .where(and(
      inArray(bookings.status, ["Draft", "Sent"]),
      branchCondition(actor, bookings.branchCode),
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
