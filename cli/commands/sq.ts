import type { Command } from "commander";
import { expireQuotations } from "../../api/modules/sales-quotations/index.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";

interface ExpireOptions {
  dryRun?: boolean;
  date?: string;
}

export function registerSqCommands(program: Command, ctx: CliContext): void {
  const sq = program.command("sq").description("sales quotations");
  sq.command("expire")
    .description("expire every quotation whose validity has ended (the server does this daily)")
    .option("--dry-run", "only list the quotations that would expire")
    .option("--date <YYYY-MM-DD>", "count validity as of this day instead of today in Manila")
    .action((opts: ExpireOptions) =>
      withDatabase(ctx, async (handle) => {
        if (opts.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) throw new CliError("--date must be written YYYY-MM-DD.");
        const result = await expireQuotations(handle.db, { today: opts.date, dryRun: opts.dryRun === true, actor: "cli" });
        const { expired, dryRun } = result.data;
        if (expired.length === 0) ctx.print(dryRun ? "No quotation would expire." : "No quotation was due to expire.");
        else ctx.print(`${dryRun ? "Would expire" : "Expired"} ${expired.length}: ${expired.join(", ")}`);
      })
    );
}
