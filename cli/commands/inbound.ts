import type { Command } from "commander";
import { EVERY_BRANCH } from "../../api/shared/branch-scope.ts";
import { type AccrualRun, dwellTimeQuery, dwellTimeWorkbook, runFreeTimeAccrual } from "../../api/modules/inbound/index.ts";
import { isBusinessDate } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { type CliContext, CliError, commandGroup, withDatabase } from "../context.ts";
import { saveFile } from "../output.ts";

const NAMES = { STO: "storage", DEM: "demurrage", DET: "detention" } as const;
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The run as lines a person reads: each charge, then the counts, then what could not be worked out. */
export function accrualReport(run: AccrualRun): string[] {
  const lines = run.charged.map((c) => {
    const what = `${c.side === "origin" ? "outbound " : ""}${NAMES[c.chargeType]}${c.seq > 1 ? ` (period ${c.seq})` : ""}`;
    const was = c.before ? `, was ${days(c.before.days)} ${formatAmount(c.before.amount)}` : "";
    return `${c.wayBillRef} ${c.branchCode} ${what}: ${days(c.days)} ${formatAmount(c.amount)}${c.isFinal ? " final" : ""}${was}`;
  });
  const added = run.charged.filter((c) => c.change === "new").length;
  const changed = run.charged.length - added;
  lines.push(run.dryRun
    ? `Dry run for ${run.date}: would add ${added}, change ${changed}, leave ${run.unchanged} as they are. Nothing was written.`
    : `Free time for ${run.date}: ${added} added, ${changed} changed, ${run.unchanged} unchanged.`);
  for (const p of run.problems) lines.push(`Not charged: ${p.wayBillRef} ${p.side === "origin" ? "outbound " : ""}${NAMES[p.chargeType]}: ${p.problem}`);
  return lines;
}

export function registerInboundCommands(program: Command, ctx: CliContext): void {
  registerDwellTimeCommand(program, ctx);
  const demurrage = program.command("demurrage").description("storage, demurrage and detention past the free days");
  demurrage.command("run")
    .description("charge every waybill's storage, demurrage and detention for a day (the server does this nightly); a second run on the same day charges nothing more")
    .option("--date <YYYY-MM-DD>", "count up to this day instead of today in Manila")
    .option("--dry-run", "only print what would be charged; write nothing")
    .action((opts: { date?: string; dryRun?: boolean }) =>
      withDatabase(ctx, async (handle) => {
        if (opts.date !== undefined && !isBusinessDate(opts.date)) throw new CliError("--date must be a date written YYYY-MM-DD.");
        const run = await runFreeTimeAccrual(handle.db, { date: opts.date, dryRun: opts.dryRun === true, actor: "cli" });
        for (const line of accrualReport(run)) ctx.print(line);
      })
    );
}

/**
 * `lading report dwell-time`: the dwell time workbook from the same service and builder as the screen's download,
 * for every branch (or the destination --branch names). It sits with the reports module's `lading report` commands.
 */
function registerDwellTimeCommand(program: Command, ctx: CliContext): void {
  commandGroup(program, "report", "write a report as the Excel workbook its screen downloads").command("dwell-time")
    .description("write Dwell_Time_{from}_{to}.xlsx: the days from the final inbound tally to release and to van-in of the cargo discharged from --from to --to (Manila dates)")
    .requiredOption("--from <YYYY-MM-DD>", "first day of final inbound tallies")
    .requiredOption("--to <YYYY-MM-DD>", "last day of final inbound tallies")
    .option("--branch <code>", "only the cargo discharged at this destination branch")
    .option("--voyage <voyageNum>", "only this voyage")
    .option("--out <file>", "workbook to write (a directory gets the report's own file name)", ".")
    .action((opts: { from: string; to: string; branch?: string; voyage?: string; out: string }) =>
      withDatabase(ctx, async (handle) => {
        const query = dwellTimeQuery.safeParse({ dateFrom: opts.from, dateTo: opts.to, destinationBranchCode: opts.branch, voyageNum: opts.voyage });
        if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join("; "));
        const { file, report } = await dwellTimeWorkbook(handle.db, EVERY_BRANCH, query.data);
        saveFile(ctx, opts.out, file, report.totals.waybills, "waybill");
      })
    );
}
