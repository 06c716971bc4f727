import { count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookingBatches, bookings, voyageSchedules } from "../../../db/schema/index.ts";
import type { DemoContext } from "../manifest.ts";
import { bookingInput, createBatchBody } from "./schemas.ts";
import { cloneBatch, cloneBookings, confirmBatch, createBatch, expireBookings, issueAtw, sendBookingLink } from "./service.ts";

/** The voyage of the demo that takes bookings: DEMO-OPEN of api/modules/voyages/demo.ts, leaving in a week. */
const DEMO_VOYAGE_REF = "DEMO-OPEN";
/** The demo voyage being loaded (DEMO-LOADING of api/modules/voyages/demo.ts), leaving in three days. */
const LOADING_VOYAGE_REF = "DEMO-LOADING";

/** One TEU of the demo shipper to Cebu, port to port; `n` tells the bookings of a batch apart. */
const cargo = (n: number, goods: string) => bookingInput.parse({
  destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1,
  goods, packaging: "Box", quantity: 100 * n, cargoWeight: "12.500", declaredValue: "250000.00",
  consigneeName: "Visayan Copra Traders Inc.",
});

/**
 * The demo's bookings on the open voyage, priced from the finance-approved quotations of the demo, with a
 * booking in every booking status and a batch in every batch status. The transfer slips and the loading that
 * move bookings past ATW Issued are the outbound module's part of the demo (api/modules/outbound/demo.ts).
 */
export async function seedDemoBookings(db: Db, { people, linkBase }: DemoContext): Promise<Record<string, number>> {
  const { ops } = people;
  const [voyage] = await db.select({ voyageNum: voyageSchedules.voyageNum }).from(voyageSchedules).where(eq(voyageSchedules.voyageRef, DEMO_VOYAGE_REF));
  if (!voyage) return { bookingBatches: 0, bookings: 0 };
  // A booking is named by its goods; one paid by its consignee at Cebu names its mode of payment too.
  const batch = async (customerCode: string, remarks: string, goods: (string | [string, "C"])[]) =>
    (await createBatch(db, ops, createBatchBody.parse({
      voyageNum: voyage.voyageNum, customerCode, remarks,
      bookings: goods.map((g, i) => (typeof g === "string" ? cargo(i + 1, g) : { ...cargo(i + 1, g[0]), modeOfPayment: g[1] })),
    }))).data;

  // Draft: still being prepared by staff.
  await batch("CUS-001", "Call before pick-up", ["Canned sardines"]);

  // Sent: the customer has the link to complete it.
  const sent = await batch("CUS-004", "", ["Refrigerators"]);
  await sendBookingLink(db, ops, { bookingBatchRef: sent.bookingBatchRef, email: "bookings@example.com" }, { linkBase });

  // Confirmed, then on through the withdrawal (ATW) and loading.
  const confirmed = await batch("CUS-001", "Weekly shipment", ["Instant noodles", "Bottled water", "Rice, 50 kg bags", "Cooking oil", ["Dried mangoes", "C"]]);
  await confirmBatch(db, ops, confirmed.bookingBatchRef);
  // Four withdrawals issued; the outbound demo sends the vans of the last three out on transfer slips and loads
  // the last two (the last one freight collect, its consignee to pay at Cebu).
  const [, atw, cts, loaded, collect] = confirmed.bookings.map((b) => b.bookingRef);
  await issueAtw(db, ops, { bookingRefs: [atw, cts, loaded, collect], truckingCode: "TRK-001" });

  // The voyage leaving in three days is being loaded: a batch of its own, two to Cebu and one to Davao, their
  // withdrawals issued (the outbound demo takes their vans out and puts their waybills on its load list).
  const [loading] = await db.select({ voyageNum: voyageSchedules.voyageNum }).from(voyageSchedules).where(eq(voyageSchedules.voyageRef, LOADING_VOYAGE_REF));
  if (loading) {
    const goods = [["Laundry detergent", "CEB"], ["Canned tuna", "CEB"], ["Construction nails", "DVO"]] as const;
    const { data: next } = await createBatch(db, ops, createBatchBody.parse({
      voyageNum: loading.voyageNum, customerCode: "CUS-004", remarks: "For loading this week",
      bookings: goods.map(([g, to], i) => ({ ...cargo(i + 1, g), destinationBranchCode: to, ...(to === "DVO" ? { consigneeName: "Mindanao Builders Supply" } : {}) })),
    }));
    await confirmBatch(db, ops, next.bookingBatchRef);
    await issueAtw(db, ops, { bookingRefs: next.bookings.map((b) => b.bookingRef), truckingCode: "TRK-001" });
  }

  // Expired and Cloned: one booking of a batch lapsed and was booked again in it.
  const lapsed = await batch("CUS-001", "", ["Canned corned beef", "Soy sauce", "Vinegar"]);
  const [renewed, dropped] = lapsed.bookings.map((b) => b.bookingRef);
  await expireBookings(db, ops, [renewed, dropped]);
  await cloneBookings(db, ops, [renewed]);

  // A batch whose only booking lapsed: the batch expired with it.
  const gone = await batch("CUS-004", "Shipper did not confirm", ["Air conditioners"]);
  await expireBookings(db, ops, gone.bookings.map((b) => b.bookingRef));

  // A whole batch that expired, cloned into a new one on the same voyage.
  const expired = await batch("CUS-004", "", ["Washing machines"]);
  await expireBookings(db, ops, expired.bookings.map((b) => b.bookingRef));
  await cloneBatch(db, ops, { bookingBatchRef: expired.bookingBatchRef });

  const [[{ batches }], [{ made }]] = await Promise.all([
    db.select({ batches: count() }).from(bookingBatches),
    db.select({ made: count() }).from(bookings),
  ]);
  return { bookingBatches: Number(batches), bookings: Number(made) };
}
