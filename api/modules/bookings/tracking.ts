import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
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
