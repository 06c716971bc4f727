import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { bookings, voyageSchedules } from "../../../../db/schema/index.ts";
import { coversBranch } from "../../../shared/branch-scope.ts";
import type { DemoContext } from "../../manifest.ts";
import { confirmLoading } from "../loading-confirmations/service.ts";
import { finalVoyages, placeCountedVans } from "./service.ts";

/**
 * The stowage and the loading confirmations of the demo line: on every voyage whose loading is final, the yard
 * clerk places the counted vans slot after slot on a plan started from the vessel's first plan, and the shippers
 * of the loaded cargo have their confirmations (the final tally made them already; asking again makes none twice).
 */
export async function seedDemoStowage(db: Db, { people, linkBase }: DemoContext): Promise<Record<string, number>> {
  const { yard } = people;
  let placedVans = 0;
  let loadingConfirmations = 0;
  for (const voyageNum of await finalVoyages(db)) {
    const [voyage] = await db.select({ origin: voyageSchedules.originBranchCode }).from(voyageSchedules).where(eq(voyageSchedules.voyageNum, voyageNum));
    if (!voyage || !coversBranch(yard, voyage.origin)) continue;
    placedVans += await placeCountedVans(db, yard, voyageNum);
    const loaded = await db.select({ bookingRef: bookings.bookingRef }).from(bookings)
      .where(and(eq(bookings.voyageNum, voyageNum), eq(bookings.status, "At Vessel Loaded"))).orderBy(asc(bookings.bookingRef));
    const { made } = await confirmLoading(db, { voyageNum, bookingRefs: loaded.map((b) => b.bookingRef), actor: yard, linkBase });
    loadingConfirmations += made.length;
  }
  return { placedVans, loadingConfirmations };
}
