import type { Db } from "../../../db/client.ts";
import type { BranchScope } from "../../shared/branch-scope.ts";
import { buildDocument, type DocumentInput, type DocumentName } from "../../shared/document-pool.ts";
import type { DownloadFile } from "../../shared/files.ts";
import { bookingReport, csrReport } from "./bookings.ts";
import { comparativeRevenue } from "./comparative.ts";
import { operationReport } from "./operations.ts";
import { sqCommodityReport } from "./sq-commodity.ts";
import { tallyFinalizationReport } from "./tally-finalization.ts";
import { voyageHistoryReport } from "./voyage-history.ts";
import { revenueReport } from "./revenue.ts";

/** A report's workbook: the answer of its service for a filter, built by its entry of templates/builders.ts. */
export type ReportWorkbook<Q, R> = (db: Db, scope: BranchScope, query: Q) => Promise<{ file: DownloadFile; report: R }>;

/** The workbook of a report service, built in the document pool; with the answer it was made from. */
function workbookOf<N extends DocumentName, Q>(
  read: (db: Db, scope: BranchScope, query: Q) => Promise<DocumentInput<N>>,
  builder: N,
): ReportWorkbook<Q, DocumentInput<N>> {
  return async (db, scope, query) => {
    const report = await read(db, scope, query);
    return { file: await buildDocument(builder, report), report };
  };
}

/** Revenue_Report_{from}_{to}.xlsx */
export const revenueWorkbook = workbookOf(revenueReport, "revenueReport");
/** Booking_Report_{from}_{to}.xlsx */
export const bookingWorkbook = workbookOf(bookingReport, "bookingReport");
/** Bookings_by_CSR_{from}_{to}.xlsx */
export const csrWorkbook = workbookOf(csrReport, "csrReport");
/** Comparative_Revenue_{from}_{to}.xlsx */
export const comparativeWorkbook = workbookOf(comparativeRevenue, "comparativeRevenue");
/** Operation_Report_{from}_{to}.xlsx */
export const operationWorkbook = workbookOf(operationReport, "operationReport");
/** Tally_Sheet_Finalization_{from}_{to}.xlsx */
export const tallyFinalizationWorkbook = workbookOf(tallyFinalizationReport, "tallyFinalization");
/** Voyage_History_{from}_{to}.xlsx */
export const voyageHistoryWorkbook = workbookOf(voyageHistoryReport, "voyageHistory");
/** SQ_Commodity_Report_{from}_{to}.xlsx */
export const sqCommodityWorkbook = workbookOf(sqCommodityReport, "sqCommodityReport");
