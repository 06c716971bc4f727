import { registerBookingCommands } from "../../../cli/commands/bookings.ts";
import type { LadingModule } from "../manifest.ts";
import { bookingJobs } from "./jobs.ts";
import { bookingRoutes } from "./routes.ts";

export { bookingJobs, runDailyBookingExpiry } from "./jobs.ts";
export { expireOverdue } from "./service.ts";

export const bookingsModule: LadingModule = { name: "bookings", routes: bookingRoutes, jobs: bookingJobs, commands: registerBookingCommands };
