import type { Command } from "commander";
import type { z } from "zod";
import { EVERY_BRANCH } from "../../api/shared/branch-scope.ts";
import {
  bookingReportQuery,
  bookingWorkbook,
  comparativeRevenueQuery,
  comparativeWorkbook,
  csrWorkbook,
  operationQuery,
  operationWorkbook,
  type ReportWorkbook,
  revenueQuery,
  revenueWorkbook,
  sqCommodityQuery,
  sqCommodityWorkbook,
  tallyFinalizationQuery,
  tallyFinalizationWorkbook,
  voyageHistoryQuery,
  voyageHistoryWorkbook,
} from "../../api/modules/reports/index.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";
import { saveFile } from "../output.ts";

interface ReportOptions {
  from: string;
  to: string;
  branch?: string;
  out: string;
}

/** One `lading report <name>`: its filter, workbook and what its rows are counted as once written. */
interface ReportCommand<Q extends z.ZodType, R> {
  name: string;
  description: string;
  /** What the period's dates are: "departure" or "booking". */
  dates: string;
  branch: string;
  query: Q;
  workbook: ReportWorkbook<z.output<Q>, R>;
  counted: (report: R) => number;
  unit: string;
}

const command = <Q extends z.ZodType, R>(c: ReportCommand<Q, R>) => c as unknown as ReportCommand<z.ZodType, unknown>;

const COMMANDS = [
  command({
    name: "revenue", dates: "departure", branch: "only the voyages of this origin branch", query: revenueQuery, workbook: revenueWorkbook,
    description: "write Revenue_Report_{from}_{to}.xlsx: revenue per voyage, lane and customer of the voyages departing from --from to --to (Manila dates)",
    counted: (r) => r.waybills.length, unit: "waybill",
  }),
  command({
    name: "comparative-revenue", dates: "departure", branch: "only the voyages of this origin branch", query: comparativeRevenueQuery,
    workbook: comparativeWorkbook,
    description: "write Comparative_Revenue_{from}_{to}.xlsx: the revenue of the period per lane and customer beside the period before and the same dates a year earlier",
    counted: (r) => r.data.length, unit: "lane",
  }),
  command({
    name: "operation", dates: "departure", branch: "only the voyages of this origin branch", query: operationQuery, workbook: operationWorkbook,
    description: "write Operation_Report_{from}_{to}.xlsx: every voyage departing from --from to --to and how far its cargo has come",
    counted: (r) => r.data.length, unit: "voyage",
  }),
  command({
    name: "tally-finalization", dates: "departure", branch: "only the sheets tallied at this branch", query: tallyFinalizationQuery,
    workbook: tallyFinalizationWorkbook,
    description: "write Tally_Sheet_Finalization_{from}_{to}.xlsx: the tally sheets of the voyages departing from --from to --to and their final tallies",
    counted: (r) => r.totals.sheets, unit: "tally sheet",
  }),
  command({
    name: "voyage-history", dates: "departure", branch: "only the voyages of this origin branch", query: voyageHistoryQuery, workbook: voyageHistoryWorkbook,
    description: "write Voyage_History_{from}_{to}.xlsx: the voyages departing from --from to --to, planned against actual departure and arrival",
    counted: (r) => r.data.length, unit: "voyage",
  }),
  command({
    name: "bookings", dates: "booking", branch: "only the bookings of this branch", query: bookingReportQuery, workbook: bookingWorkbook,
    description: "write Booking_Report_{from}_{to}.xlsx: the bookings dated from --from to --to, with the count per status (Manila dates)",
    counted: (r) => r.totals.bookings, unit: "booking",
  }),
  command({
    name: "csr", dates: "booking", branch: "only the bookings of this branch", query: bookingReportQuery, workbook: csrWorkbook,
    description: "write Bookings_by_CSR_{from}_{to}.xlsx: the bookings dated from --from to --to per CSR who made them (Manila dates)",
    counted: (r) => r.totals.bookings, unit: "booking",
  }),
  command({
    name: "sq-commodity", dates: "booking", branch: "only the bookings of this branch", query: sqCommodityQuery, workbook: sqCommodityWorkbook,
    description: "write SQ_Commodity_Report_{from}_{to}.xlsx: the bookings priced from a quotation dated from --from to --to, per commodity (Manila dates)",
    counted: (r) => r.totals.bookings, unit: "booking",
  }),
];

/**
 * `lading report <name>`: a report's workbook written from the same service and builder as the screen's
 * download, for every branch (or the one --branch names).
 */
export function registerReportCommands(program: Command, ctx: CliContext): void {
  const report = program.command("report").description("write a report as the Excel workbook its screen downloads");
  for (const spec of COMMANDS) {
    report.command(spec.name)
      .description(spec.description)
      .requiredOption("--from <YYYY-MM-DD>", `first ${spec.dates} date`)
      .requiredOption("--to <YYYY-MM-DD>", `last ${spec.dates} date`)
      .option("--branch <code>", spec.branch)
      .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
      .action((opts: ReportOptions) =>
        withDatabase(ctx, async (handle) => {
          const query = spec.query.safeParse({ dateFrom: opts.from, dateTo: opts.to, branchCode: opts.branch });
          if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
          const { file, report: answer } = await spec.workbook(handle.db, EVERY_BRANCH, query.data);
          saveFile(ctx, opts.out, file, spec.counted(answer), spec.unit);
        })
      );
  }
}
