/**
 * The bookings services, as routes.ts, jobs.ts and the CLI call them. Each lives in the file named for what it
 * does; statuses move only through the workflows of rules.ts.
 *
 * - batches.ts: creating, changing, deleting and listing batches and bookings, the lanes and the live price
 * - link.ts: sending the customer's link (and the customer's side of it)
 * - confirmation.ts: confirming a batch or chosen bookings
 * - atw.ts: issuing the authority to withdraw
 * - expiry.ts: expiring chosen bookings, and the overdue ones daily
 * - clone.ts: cloning bookings and batches
 */

export {
  addBooking,
  batchWithBookings,
  bookingLanes,
  type BookingActor,
  createBatch,
  deleteBooking,
  listBatches,
  listBookings,
  previewPrice,
  updateBooking,
  updateBookings,
} from "./batches.ts";
export { type LinkContext, sendBookingLink } from "./link.ts";
export { confirmBatch, confirmBookings } from "./confirmation.ts";
export { issueAtw } from "./atw.ts";
export { expireBookings, expireOverdue } from "./expiry.ts";
export { cloneBatch, cloneBookings } from "./clone.ts";
