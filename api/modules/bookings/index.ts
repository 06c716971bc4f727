import type { LadingModule } from "../manifest.ts";

export { bookingJobs, runDailyBookingExpiry } from "./jobs.ts";
export { expireOverdue } from "./service.ts";
// What the outbound module moves a booking with: its record in scope, its workflow and its progress stages.
export { bookingTarget } from "./batches.ts";
export { addressText, type BookingRecord, bookingByRef, bookingRow } from "./records.ts";
export { bookingWorkflow, CARGO_STAGES, DELIVERY_MODES, PAYMENT_MODES } from "./rules.ts";
export { recordCargoStage, withdrawCargoStage } from "./tracking.ts";
// When a booking's cargo reached its stages, for the inbound module's free-time clocks.
export { cargoStageReached, cargoStageTimes } from "./tracking.ts";
export { bookingRefParam, type BookingRow } from "./schemas.ts";
// The door bookings of a voyage at a branch, which the outbound dispatch lists hand to the trucks.
export { type DeliveryListScope, inboundDeliveryList, pickUpList } from "./documents.ts";
export { type DeliveryListLine } from "./schemas.ts";
// The demo line's door bookings that the outbound dispatch lists are made of.
export { confirmBatch, createBatch } from "./service.ts";
export { createBatchBody } from "./schemas.ts";

import { seedDemoBookings } from "./demo.ts";
import { bookingJobs } from "./jobs.ts";
import { bookingRoutes } from "./routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerBookingCommands } from "../../../cli/commands/bookings.ts";

export const bookingsModule: LadingModule = {
  name: "bookings",
  routes: bookingRoutes,
  jobs: bookingJobs,
  commands: registerBookingCommands,
  demo: seedDemoBookings,
};
// What a booking change (the booking-changes module) re-prices and checks a booking with.
export { priceBooking } from "./pricing.ts";
export { checkAddressNotBlank, deliveryAddressOf, doorProblems, pickUpAddressOf, voyageOf } from "./records.ts";
export type { DeliveryMode as BookingDeliveryMode } from "./rules.ts";
