import type { Command } from "commander";
import { type AccrualRun, runFreeTimeAccrual } from "../../api/modules/inbound/index.ts";
import { isBusinessDate } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";

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
