import type { Db } from "../../../db/client.ts";
import type { BranchScope } from "../../shared/branch-scope.ts";
import { buildDocument } from "../../shared/document-pool.ts";
import type { DownloadFile } from "../../shared/files.ts";
import { bookingReport, csrReport } from "./bookings.ts";
import { comparativeRevenue } from "./comparative.ts";
import { operationReport } from "./operations.ts";
import { tallyFinalizationReport } from "./tally-finalization.ts";
import { voyageHistoryReport } from "./voyage-history.ts";
import { revenueReport } from "./revenue.ts";
import type {
  BookingReport,
  BookingReportQuery,
  ComparativeRevenueQuery,
  ComparativeRevenueReport,
  CsrReport,
  OperationQuery,
  OperationReport,
  RevenueQuery,
  RevenueReport,
  TallyFinalizationQuery,
  TallyFinalizationReport,
  VoyageHistoryQuery,
  VoyageHistoryReport,
} from "./schemas.ts";

/** The revenue report of a filter as Revenue_Report_{from}_{to}.xlsx, built in the document pool; with the answer it was made from. */
export async function revenueWorkbook(db: Db, scope: BranchScope, query: RevenueQuery): Promise<{ file: DownloadFile; report: RevenueReport }> {
  const report = await revenueReport(db, scope, query);
  return { file: await buildDocument("revenueReport", report), report };
}

/** The booking report as Booking_Report_{from}_{to}.xlsx, with the answer it was made from. */
export async function bookingWorkbook(db: Db, scope: BranchScope, query: BookingReportQuery): Promise<{ file: DownloadFile; report: BookingReport }> {
  const report = await bookingReport(db, scope, query);
  return { file: await buildDocument("bookingReport", report), report };
}

/** Bookings by CSR as Bookings_by_CSR_{from}_{to}.xlsx, with the answer it was made from. */
export async function csrWorkbook(db: Db, scope: BranchScope, query: BookingReportQuery): Promise<{ file: DownloadFile; report: CsrReport }> {
  const report = await csrReport(db, scope, query);
  return { file: await buildDocument("csrReport", report), report };
}

/** Comparative revenue as Comparative_Revenue_{from}_{to}.xlsx, with the answer it was made from. */
export async function comparativeWorkbook(
  db: Db,
  scope: BranchScope,
  query: ComparativeRevenueQuery,
): Promise<{ file: DownloadFile; report: ComparativeRevenueReport }> {
  const report = await comparativeRevenue(db, scope, query);
  return { file: await buildDocument("comparativeRevenue", report), report };
}

/** The operation report as Operation_Report_{from}_{to}.xlsx, with the answer it was made from. */
export async function operationWorkbook(db: Db, scope: BranchScope, query: OperationQuery): Promise<{ file: DownloadFile; report: OperationReport }> {
  const report = await operationReport(db, scope, query);
  return { file: await buildDocument("operationReport", report), report };
}

/** Tally sheet finalization as Tally_Sheet_Finalization_{from}_{to}.xlsx, with the answer it was made from. */
export async function tallyFinalizationWorkbook(
  db: Db,
  scope: BranchScope,
  query: TallyFinalizationQuery,
): Promise<{ file: DownloadFile; report: TallyFinalizationReport }> {
  const report = await tallyFinalizationReport(db, scope, query);
  return { file: await buildDocument("tallyFinalization", report), report };
}

/** Voyage history as Voyage_History_{from}_{to}.xlsx, with the answer it was made from. */
export async function voyageHistoryWorkbook(db: Db, scope: BranchScope, query: VoyageHistoryQuery): Promise<{ file: DownloadFile; report: VoyageHistoryReport }> {
  const report = await voyageHistoryReport(db, scope, query);
  return { file: await buildDocument("voyageHistory", report), report };
}
