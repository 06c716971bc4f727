import type { LadingModule } from "../manifest.ts";

export { revenueReport } from "./revenue.ts";
export { bookingWorkbook, comparativeWorkbook, csrWorkbook, operationWorkbook, revenueWorkbook, sqCommodityWorkbook, tallyFinalizationWorkbook, voyageHistoryWorkbook } from "./documents.ts";
export { sqCommodityReport } from "./sq-commodity.ts";
export { lastPeriod, REPORT_SUBSCRIPTIONS_JOB, sendDueReports } from "./subscriptions.ts";
export { REPORT_CATALOGUE } from "./catalogue.ts";
export { voyageHistoryReport } from "./voyage-history.ts";
export { tallyFinalizationReport } from "./tally-finalization.ts";
export { operationReport } from "./operations.ts";
export { comparativeRevenue } from "./comparative.ts";
export { bookingReport, csrReport } from "./bookings.ts";
export { documentTreeOf } from "./document-tree.ts";
export { bookingReportQuery, comparativeRevenueQuery, operationQuery, revenueQuery, sqCommodityQuery, tallyFinalizationQuery, voyageHistoryQuery, type RevenueQuery, type RevenueReport } from "./schemas.ts";

import { reportRoutes } from "./routes.ts";
import { reportSubscriptionsJob } from "./subscriptions.ts";

// Last: the command file imports this index back, so everything above is ready when it loads.
import { registerReportCommands } from "../../../cli/commands/reports.ts";

/**
 * Reports (001 §7 Bookings' reports): revenue per voyage, lane and customer, the booking report, bookings by CSR
 * and the document tree of a booking.
 * Each report a screen, a workbook built in the document pool and `lading report <name>`.
 */
export const reportsModule: LadingModule = {
  name: "reports",
  routes: reportRoutes,
  jobs: [reportSubscriptionsJob],
  commands: registerReportCommands,
};
