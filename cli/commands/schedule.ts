import { hostname } from "node:os";
import type { Command } from "commander";
import { configureBase } from "../../api/modules/accounting/index.ts";
import { moduleJobs } from "../../api/modules/index.ts";
import { loadBaseSettings } from "../../api/settings.ts";
import { createJobRunner, JOB_TIME_ZONE, type ScheduledJob } from "../../api/shared/schedule.ts";
import { type CliContext, CliError, withDatabase } from "../context.ts";
import { formatTable } from "../format.ts";

/** The jobs `lading schedule` runs: the same list the server's timer runs. */
export const scheduledJobs: readonly ScheduledJob[] = moduleJobs;

const HELP = `
Runs the scheduled jobs under node-cron in this process until it is stopped (Ctrl-C, SIGTERM). Each occurrence
of a job is claimed in the database, so it runs once however many schedulers and servers run the jobs.

Deployments on PostgreSQL (DATABASE_URL) run one or more of these next to the API servers, which then set
LADING_JOBS=off. The embedded database (PGlite) allows one process at a time: there the server runs the jobs
itself, and this command refuses to start.
`;

export function registerScheduleCommands(program: Command, ctx: CliContext, jobs: readonly ScheduledJob[] = scheduledJobs): void {
  program.command("schedule")
    .description("run the scheduled jobs (see --list) until stopped; PostgreSQL only")
    .option("--list", `only list the jobs: name, cron line (${JOB_TIME_ZONE} time) and what each does`)
    .addHelpText("after", HELP)
    .action(async (opts: { list?: boolean }) => {
      if (opts.list) {
        ctx.print(formatTable(["Job", `Cron (${JOB_TIME_ZONE})`, "Does"], jobs.map((j) => [j.name, j.cron, j.summary])));
        return;
      }
      if (!ctx.env.DATABASE_URL) {
        throw new CliError("lading schedule runs the jobs on PostgreSQL (set DATABASE_URL). On the embedded database the server runs them itself.");
      }
      // The posting relay posts to the BASE of this process's settings, as the server's does.
      configureBase(loadBaseSettings(ctx.env));
      await withDatabase(ctx, async (handle) => {
        const log = (line: Record<string, unknown>) => ctx.print(JSON.stringify(line));
        const runner = createJobRunner({ db: handle.db, jobs, runner: `${hostname()}:${Deno.pid}`, log });
        runner.startCron();
        // Listen before saying how to stop: a signal sent the moment the line appears must find the listener.
        const signalled = untilSignalled();
        ctx.print(`Running ${jobs.length} scheduled job(s) on ${handle.location}: ${jobs.map((j) => `${j.name} (${j.cron})`).join(", ")}. Stop with Ctrl-C.`);
        await signalled;
        await runner.stop();
        ctx.print("Stopped.");
      });
    });
}

/** Resolves on the first SIGINT or SIGTERM. */
function untilSignalled(): Promise<void> {
  return new Promise((resolve) => {
    const signals = ["SIGINT", "SIGTERM"] as const;
    const done = () => {
      for (const s of signals) Deno.removeSignalListener(s, done);
      resolve();
    };
    for (const s of signals) Deno.addSignalListener(s, done);
  });
}
