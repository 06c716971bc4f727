import { registerSqCommands } from "../../../cli/commands/sq.ts";
import type { LadingModule } from "../manifest.ts";
import { salesQuotationJobs } from "./jobs.ts";
import { salesQuotationReportRoutes } from "./report-routes.ts";
import { salesQuotationRoutes } from "./routes.ts";

export { runDailyExpiry, salesQuotationJobs } from "./jobs.ts";
export { expireQuotations, quotationsForBooking } from "./service.ts";

export const salesQuotationsModule: LadingModule = {
  name: "sales-quotations",
  routes: [...salesQuotationRoutes, ...salesQuotationReportRoutes],
  jobs: salesQuotationJobs,
  commands: registerSqCommands,
};
