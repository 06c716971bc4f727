import type { Command } from "commander";
import { EVERY_BRANCH } from "../../api/shared/branch-scope.ts";
import { REPORT_CATALOGUE } from "../../api/modules/reports/index.ts";
import { type CliContext, CliError, commandGroup, withDatabase } from "../context.ts";
import { saveFile } from "../output.ts";

interface ReportOptions {
  from: string;
  to: string;
  branch?: string;
  out: string;
}

/**
 * `lading report <name>`: a report's workbook written from the same service and builder as the screen's
 * download, for every branch (or the one --branch names); one command per entry of the reports' catalogue.
 */
export function registerReportCommands(program: Command, ctx: CliContext): void {
  // The inbound module's dwell time registers under the same group.
  const report = commandGroup(program, "report", "write a report as the Excel workbook its screen downloads");
  for (const [name, spec] of Object.entries(REPORT_CATALOGUE)) {
    report.command(name)
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
