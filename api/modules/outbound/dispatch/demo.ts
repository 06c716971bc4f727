import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { voyageSchedules } from "../../../../db/schema/index.ts";
import { addCalendarDays, manilaToday } from "../../../shared/dates.ts";
import { confirmBatch, createBatch, createBatchBody } from "../../bookings/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { createDispatchBody } from "./schemas.ts";
import { archiveDispatchList, createDispatchList, sendDispatchList } from "./service.ts";

/** The voyage of the demo that takes bookings (api/modules/voyages/demo.ts). */
const DEMO_VOYAGE_REF = "DEMO-OPEN";

/** A door-to-door TEU of the demo shipper from Quezon City to Mandaue, picked up `days` from the start. */
function doorCargo(goods: string, street: string, pickUpDate: string, pickUpTime: string) {
  return {
    destinationBranchCode: "CEB", modeOfDelivery: "DTD", modeOfPayment: "P", quantityTeu: 1, goods, packaging: "Box", quantity: 200,
    cargoWeight: "10.000", declaredValue: "180000.00", consigneeName: "Visayan Copra Traders Inc.", pickUpDate, pickUpTime,
    pickUpAddress: { street, barangay: "Bagong Pag-asa", city: "Quezon City", province: "Metro Manila", zipCode: "1105" },
    pickUpAreaCode: "MNL-QC",
    deliveryAddress: { street: "5 A.C. Cortes Ave", barangay: "Ibabao", city: "Mandaue City", province: "Cebu", zipCode: "6014" },
    deliveryAreaCode: "CEB-MAN",
  };
}

/**
 * The dispatch part of the demo line, on the open voyage: the demo shipper's door-to-door bookings, the pick-up
 * list the yard sent for the first two of them (the trucks went, so it is archived), and the one it sent once a
 * third was booked.
 */
export async function seedDemoDispatch(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const { ops, yard } = people;
  const [voyage] = await db.select({ voyageNum: voyageSchedules.voyageNum }).from(voyageSchedules).where(eq(voyageSchedules.voyageRef, DEMO_VOYAGE_REF));
  if (!voyage) return { dispatchLists: 0 };
  const day = (n: number) => addCalendarDays(manilaToday(now), n);
  const book = async (remarks: string, cargo: ReturnType<typeof doorCargo>[]) => {
    const batch = (await createBatch(db, ops, createBatchBody.parse({ voyageNum: voyage.voyageNum, customerCode: "CUS-001", remarks, bookings: cargo }))).data;
    await confirmBatch(db, ops, batch.bookingBatchRef);
  };
  const dispatch = async (remarks: string) => {
    const draft = (await createDispatchList(db, yard, "Outbound", createDispatchBody.parse({ voyageNum: voyage.voyageNum, remarks }))).data;
    return (await sendDispatchList(db, yard, "Outbound", draft.dispatchNum, { dateModified: draft.dateModified })).data;
  };

  await book("Door pick-ups in Quezon City", [
    doorCargo("Canned tuna", "14 Mindanao Ave", day(1), "08:00"),
    doorCargo("Instant coffee", "88 Visayas Ave", day(1), "13:30"),
  ]);
  const first = await dispatch("First pick-up run: two vans to Quezon City");
  await archiveDispatchList(db, yard, "Outbound", first.dispatchNum, { dateModified: first.dateModified });

  await book("Added after the first run", [doorCargo("Powdered milk", "3 Congressional Ave", day(2), "09:00")]);
  await dispatch("Second run: all three vans, the third one new");
  return { dispatchLists: 2 };
}
