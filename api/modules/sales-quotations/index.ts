import type { LadingModule } from "../manifest.ts";

export { runDailyExpiry, salesQuotationJobs } from "./jobs.ts";
export { expireQuotations, listQuotations, type PricingLane, pricingLanes, quotationsForBooking } from "./service.ts";
// The approval queues, for the home page's count of what waits for a caller.
export { LIST_CAPABILITY, type SqList } from "./workflow.ts";

import { seedDemoQuotations } from "./demo.ts";
import { salesQuotationJobs } from "./jobs.ts";
import { salesQuotationReportRoutes } from "./report-routes.ts";
import { salesQuotationRoutes } from "./routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerSqCommands } from "../../../cli/commands/sq.ts";

export const salesQuotationsModule: LadingModule = {
  name: "sales-quotations",
  routes: [...salesQuotationRoutes, ...salesQuotationReportRoutes],
  jobs: salesQuotationJobs,
  commands: registerSqCommands,
  demo: seedDemoQuotations,
};
