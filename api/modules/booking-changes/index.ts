import type { LadingModule } from "../manifest.ts";
import { seedDemoBookingChanges } from "./demo.ts";
import { bookingChangeRoutes } from "./routes.ts";

export { listForApprover, listRevisions, revisionById } from "./service.ts";

/**
 * Booking changes (001 §2 /bookingChanges, §3 Booking revision, §7 BookingRevisions): revisions of a booking past
 * Confirmed, endorsed and approved through their chain; the last approval applies the revision to the booking and its
 * waybill, re-priced, with the amendment fee where it is due.
 */
export const bookingChangesModule: LadingModule = {
  name: "booking-changes",
  routes: bookingChangeRoutes,
  jobs: [],
  demo: seedDemoBookingChanges,
};
