import type { Command } from "commander";
import { createBaseConnector, relayPostings } from "../../api/modules/accounting/index.ts";
import { baseSettingsNote, loadBaseSettings } from "../../api/settings.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";
import { formatTable } from "../format.ts";

const BAR_WIDTH = 30;

/** "[#########.....................] 12/40": how far a run has got. */
export function progressBar(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
}

const HELP = `
Sends what the posting outbox holds to BASE (BASE_URL, BASE_API_KEY), as the server's scheduled job does every
two minutes: each document under its own idempotency key, a document whose earlier send is uncertain looked up in
BASE first. Any number of these may run beside the servers: no document is sent twice at once. Without BASE_URL the
waiting postings are held (HELD) and nothing is sent.
`;

/** `lading post [--voyage <n>] [--dry-run]`, registered by the accounting module. */
export function registerPostCommands(program: Command, ctx: CliContext): void {
  program.command("post")
    .description("send the invoices, receipts and reversals waiting for BASE now (the server does this every two minutes)")
    .option("--voyage <voyageNum>", "only the postings of this voyage")
    .option("--dry-run", "only list what would be sent")
    .addHelpText("after", HELP)
    .action((opts: { voyage?: string; dryRun?: boolean }) =>
      withDatabase(ctx, async (handle) => {
        let settings;
        try {
          settings = loadBaseSettings(ctx.env);
        } catch (err) {
          throw new CliError((err as Error).message);
        }
        const connector = settings ? createBaseConnector(settings) : null;
        const voyageNum = opts.voyage?.trim() || undefined;
        if (opts.dryRun && connector) {
          const { rows } = await relayPostings(handle.db, { connector, voyageNum, dryRun: true });
          if (rows.length === 0) ctx.print("Nothing is waiting to be posted.");
          else ctx.print(`Would post ${rows.length}:\n${formatTable(["Key", "Reference", "State"], rows.map((r) => [r.idempotencyKey, r.reference, r.status]))}`);
          return;
        }
        if (!connector) {
          const why = baseSettingsNote(ctx.env) ?? "BASE_URL is not set";
          if (opts.dryRun) {
            ctx.print(`${why}: nothing would be sent; the waiting postings stay held.`);
            return;
          }
          const { held } = await relayPostings(handle.db, { connector: null, voyageNum });
          ctx.print(`${why}: nothing was sent. ${held} posting${held === 1 ? " is" : "s are"} now held (HELD); they go out once BASE is configured.`);
          return;
        }
        let drawn = false;
        const report = await relayPostings(handle.db, {
          connector,
          voyageNum,
          onProgress: ({ done, total }) => {
            drawn = true;
            ctx.write(`\r${progressBar(done, total)}`);
          },
        });
        if (drawn) ctx.write("\n");
        const { confirmed, retrying, uncertain, failed } = report.counts;
        if (report.rows.length === 0) {
          ctx.print("Nothing is waiting to be posted.");
          return;
        }
        ctx.print(`Posted ${confirmed} of ${report.rows.length} to ${connector.address}; ${retrying + uncertain} to try again later, ${failed} refused.`);
        const problems = report.rows.filter((r) => r.status !== "CONFIRMED");
        if (problems.length) ctx.print(formatTable(["Key", "State", "Why"], problems.map((r) => [r.idempotencyKey, r.status, r.error ?? ""])));
      })
    );
}
