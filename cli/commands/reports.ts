import type { Command } from "commander";
import { EVERY_BRANCH } from "../../api/shared/branch-scope.ts";
import {
  bookingReportQuery,
  bookingWorkbook,
  comparativeRevenueQuery,
  comparativeWorkbook,
  csrWorkbook,
  operationQuery,
  operationWorkbook,
  revenueQuery,
  revenueWorkbook,
  tallyFinalizationQuery,
  tallyFinalizationWorkbook,
  voyageHistoryQuery,
  voyageHistoryWorkbook,
} from "../../api/modules/reports/index.ts";
import { type CliContext, CliError, commandGroup, withDatabase } from "../context.ts";
import { saveFile } from "../output.ts";

/** What `lading report` does; the inbound module's dwell time registers under the same group. */
export const REPORT_GROUP = "write a report as the Excel workbook its screen downloads";

interface ReportOptions {
  from: string;
  to: string;
  branch?: string;
  out: string;
}

/**
 * `lading report <name>`: a report's workbook written from the same service and builder as the screen's
 * download, for every branch (or the one --branch names).
 */
export function registerReportCommands(program: Command, ctx: CliContext): void {
  const report = commandGroup(program, "report", REPORT_GROUP);
  report.command("revenue")
    .description("write Revenue_Report_{from}_{to}.xlsx: revenue per voyage, lane and customer of the voyages departing from --from to --to (Manila dates)")
    .requiredOption("--from <YYYY-MM-DD>", "first departure date")
    .requiredOption("--to <YYYY-MM-DD>", "last departure date")
    .option("--branch <code>", "only the voyages of this origin branch")
    .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
    .action((opts: ReportOptions) =>
      withDatabase(ctx, async (handle) => {
        const query = revenueQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
        if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
        const { file, report } = await revenueWorkbook(handle.db, EVERY_BRANCH, query.data);
        saveFile(ctx, opts.out, file, report.waybills.length, "waybill");
      })
    );
  report.command("comparative-revenue")
    .description("write Comparative_Revenue_{from}_{to}.xlsx: the revenue of the period per lane and customer beside the period before and the same dates a year earlier")
    .requiredOption("--from <YYYY-MM-DD>", "first departure date")
    .requiredOption("--to <YYYY-MM-DD>", "last departure date")
    .option("--branch <code>", "only the voyages of this origin branch")
    .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
    .action((opts: ReportOptions) =>
      withDatabase(ctx, async (handle) => {
        const query = comparativeRevenueQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
        if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
        const { file, report: answer } = await comparativeWorkbook(handle.db, EVERY_BRANCH, query.data);
        saveFile(ctx, opts.out, file, answer.data.length, "lane");
      })
    );
  report.command("operation")
    .description("write Operation_Report_{from}_{to}.xlsx: every voyage departing from --from to --to and how far its cargo has come")
    .requiredOption("--from <YYYY-MM-DD>", "first departure date")
    .requiredOption("--to <YYYY-MM-DD>", "last departure date")
    .option("--branch <code>", "only the voyages of this origin branch")
    .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
    .action((opts: ReportOptions) =>
      withDatabase(ctx, async (handle) => {
        const query = operationQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
        if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
        const { file, report: answer } = await operationWorkbook(handle.db, EVERY_BRANCH, query.data);
        saveFile(ctx, opts.out, file, answer.data.length, "voyage");
      })
    );
  report.command("tally-finalization")
    .description("write Tally_Sheet_Finalization_{from}_{to}.xlsx: the tally sheets of the voyages departing from --from to --to and their final tallies")
    .requiredOption("--from <YYYY-MM-DD>", "first departure date")
    .requiredOption("--to <YYYY-MM-DD>", "last departure date")
    .option("--branch <code>", "only the sheets tallied at this branch")
    .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
    .action((opts: ReportOptions) =>
      withDatabase(ctx, async (handle) => {
        const query = tallyFinalizationQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
        if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
        const { file, report: answer } = await tallyFinalizationWorkbook(handle.db, EVERY_BRANCH, query.data);
        saveFile(ctx, opts.out, file, answer.totals.sheets, "tally sheet");
      })
    );
  report.command("voyage-history")
    .description("write Voyage_History_{from}_{to}.xlsx: the voyages departing from --from to --to, planned against actual departure and arrival")
    .requiredOption("--from <YYYY-MM-DD>", "first departure date")
    .requiredOption("--to <YYYY-MM-DD>", "last departure date")
    .option("--branch <code>", "only the voyages of this origin branch")
    .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
    .action((opts: ReportOptions) =>
      withDatabase(ctx, async (handle) => {
        const query = voyageHistoryQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
        if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
        const { file, report: answer } = await voyageHistoryWorkbook(handle.db, EVERY_BRANCH, query.data);
        saveFile(ctx, opts.out, file, answer.data.length, "voyage");
      })
    );
  for (const spec of [
    { name: "bookings", fileName: "Booking_Report_{from}_{to}.xlsx", what: "the bookings dated from --from to --to, with the count per status", build: bookingWorkbook },
    { name: "csr", fileName: "Bookings_by_CSR_{from}_{to}.xlsx", what: "the bookings dated from --from to --to per CSR who made them", build: csrWorkbook },
  ] as const) {
    report.command(spec.name)
      .description(`write ${spec.fileName}: ${spec.what} (Manila dates)`)
      .requiredOption("--from <YYYY-MM-DD>", "first booking date")
      .requiredOption("--to <YYYY-MM-DD>", "last booking date")
      .option("--branch <code>", "only the bookings of this branch")
      .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
      .action((opts: ReportOptions) =>
        withDatabase(ctx, async (handle) => {
          const query = bookingReportQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
          if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
          const { file, report: answer } = await spec.build(handle.db, EVERY_BRANCH, query.data);
          saveFile(ctx, opts.out, file, answer.totals.bookings, "booking");
        })
      );
  }
}
