import type { LadingModule } from "../manifest.ts";

export { bookingJobs, runDailyBookingExpiry } from "./jobs.ts";
export { expireOverdue } from "./service.ts";

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
