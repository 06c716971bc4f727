import type { Command } from "commander";
import { expireOverdue } from "../../api/modules/bookings/index.ts";
import { type CliContext, withDatabase } from "../context.ts";

export function registerBookingCommands(program: Command, ctx: CliContext): void {
  const bookings = program.command("bookings").description("bookings");
  bookings.command("expire")
    .description("expire every Draft or Sent booking whose voyage has left or whose pick-up date has passed (the server does this daily)")
    .option("--dry-run", "only list the bookings that would expire")
    .action((opts: { dryRun?: boolean }) =>
      withDatabase(ctx, async (handle) => {
        const { expired, dryRun } = (await expireOverdue(handle.db, { dryRun: opts.dryRun === true })).data;
        if (expired.length === 0) ctx.print(dryRun ? "No booking would expire." : "No booking was due to expire.");
        else ctx.print(`${dryRun ? "Would expire" : "Expired"} ${expired.length}: ${expired.join(", ")}`);
      })
    );
}
