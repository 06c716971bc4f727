import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookings } from "../../../db/schema/index.ts";
import type { DemoContext } from "../manifest.ts";
import { createRevisionBody, revisionStatusBody } from "./schemas.ts";
import { createRevision, moveRevision } from "./service.ts";

/**
 * The booking changes' part of the demo line, through the services staff use: the first Manila booking whose van is
 * out gets a new consignee contact, drafted by the booking-change clerk, submitted and endorsed, and waiting for the
 * approver (/bookingChanges/forApproval).
 */
export async function seedDemoBookingChanges(db: Db, { people }: DemoContext): Promise<Record<string, number>> {
  const { bcClerk, bcEndorser } = people;
  const [booking] = await db.select({ bookingRef: bookings.bookingRef }).from(bookings)
    .where(and(eq(bookings.branchCode, "MNL"), inArray(bookings.status, ["Outbound CTS Issued", "ATW Issued"])))
    .orderBy(asc(bookings.id)).limit(1);
  if (!booking) return { bookingChanges: 0 };
  let revision = (await createRevision(db, bcClerk, createRevisionBody.parse({
    bookingRef: booking.bookingRef,
    remarks: "The consignee's receiving officer changed; the shipper sent the new contact by e-mail",
    proposed: { consigneeContactNum: "0917 555 0142", consigneeEmail: "receiving@visayancopra.example" },
  }))).data;
  revision = (await moveRevision(db, bcClerk, revisionStatusBody.parse({ revisionId: revision.revisionId, action: "submit", dateModified: revision.dateModified }))).data;
  await moveRevision(db, bcEndorser, revisionStatusBody.parse({ revisionId: revision.revisionId, action: "endorse", dateModified: revision.dateModified, remarks: "Shipper's e-mail on file" }));
  return { bookingChanges: 1 };
}
