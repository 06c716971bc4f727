import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Executor } from "../../../db/client.ts";
import { bookingProgress, bookings } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { voyageOf } from "./records.ts";
import { CARGO_STAGES } from "./rules.ts";
import type { TrackingView } from "./schemas.ts";

/**
 * Public shipment tracking: where a booking's cargo is, by the ten progress stages of 001 §4. It shows the
 * route, the vessel and the dates only; names, addresses and amounts stay inside.
 */

export async function trackShipment(db: Db, bookingRef: string): Promise<{ data: TrackingView }> {
  const [booking] = await db.select().from(bookings).where(sql`lower(${bookings.bookingRef}) = lower(${bookingRef})`);
  if (!booking) throw new AppError("NOT_FOUND", `No booking found with reference ${bookingRef}.`);
  const [voyage, reached] = await Promise.all([
    voyageOf(db, booking.voyageNum),
    db.select().from(bookingProgress).where(eq(bookingProgress.bookingRef, booking.bookingRef)).orderBy(asc(bookingProgress.stage)),
  ]);
  const at = (value: Date | null) => (value ? value.toISOString() : null);
  const destination = voyage.destinations.find((d) => d.destinationBranchCode === booking.destinationBranchCode);
  return {
    data: {
      bookingRef: booking.bookingRef,
      origin: voyage.originBranchName,
      destination: destination?.destinationBranchName ?? booking.destinationBranchCode,
      vessel: voyage.vesselName,
      voyage: voyage.voyageNum,
      steps: [
        { label: "Booked", reachedAt: at(booking.dateCreated) },
        { label: "Confirmed", reachedAt: at(booking.dateConfirmed) },
        { label: "ATW Issued", reachedAt: at(booking.dateAtwIssued) },
      ],
      stages: CARGO_STAGES.map((label, index) => ({
        index,
        label,
        reachedAt: at(reached.find((r) => r.stage === index)?.reachedAt ?? null),
      })),
    },
  };
}

/**
 * Records that a booking's cargo reached a progress stage; the outbound and inbound modules call it as their
 * documents are made. The first time a stage is reached is the one kept.
 */
export async function recordCargoStage(db: Db, bookingRef: string, stage: number, reachedAt = new Date()): Promise<void> {
  if (!Number.isInteger(stage) || stage < 0 || stage >= CARGO_STAGES.length) throw new Error(`Cargo stage ${stage} does not exist`);
  await db.insert(bookingProgress).values({ bookingRef, stage, reachedAt }).onConflictDoNothing();
}

/** Takes back a stage whose document was cancelled (a transfer slip): tracking no longer shows it reached. */
export async function withdrawCargoStage(db: Db, bookingRef: string, stage: number): Promise<void> {
  await db.delete(bookingProgress).where(and(eq(bookingProgress.bookingRef, bookingRef), eq(bookingProgress.stage, stage)));
}

/**
 * When each booking's cargo reached the stages asked for: booking reference to stage to instant, a stage not
 * reached left out. The inbound module's free-time clocks run between these moments.
 */
export async function cargoStageTimes(db: Executor, bookingRefs: readonly string[], stages: readonly number[]): Promise<Map<string, Map<number, Date>>> {
  const out = new Map<string, Map<number, Date>>();
  if (bookingRefs.length === 0 || stages.length === 0) return out;
  const rows = await db.select({ bookingRef: bookingProgress.bookingRef, stage: bookingProgress.stage, reachedAt: bookingProgress.reachedAt })
    .from(bookingProgress)
    .where(and(inArray(bookingProgress.bookingRef, [...new Set(bookingRefs)]), inArray(bookingProgress.stage, [...stages])));
  for (const r of rows) {
    if (!out.has(r.bookingRef)) out.set(r.bookingRef, new Map());
    out.get(r.bookingRef)!.set(r.stage, r.reachedAt);
  }
  return out;
}

/**
 * The condition "the booking in `bookingRef` reached `stage`", optionally before an instant, for a query of
 * another module that picks records by where their cargo is (the nightly free-time run).
 */
export function cargoStageReached(bookingRef: AnyPgColumn, stage: number, before?: Date): SQL {
  return sql`exists (select 1 from ${bookingProgress} where ${bookingProgress.bookingRef} = ${bookingRef} and ${bookingProgress.stage} = ${stage}${
    before ? sql` and ${bookingProgress.reachedAt} < ${before.toISOString()}::timestamptz` : sql``
  })`;
}
