import { Command } from "commander";
import { packageVersion } from "../api/settings.ts";
import { registerDbCommands } from "./commands/db.ts";
import { registerExportCommands } from "./commands/export.ts";
import { registerPortCommands } from "./commands/ports.ts";
import { registerBookingCommands } from "./commands/bookings.ts";
import { registerScheduleCommands } from "./commands/schedule.ts";
import { registerSqCommands } from "./commands/sq.ts";
import { registerUserCommands } from "./commands/users.ts";
import { type CliContext, describeError } from "./context.ts";

export function buildProgram(ctx: CliContext): Command {
  const program = new Command("lading")
    .description("Lading back office from the command line. Uses the server's database: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite, default ./data).")
    .version(packageVersion)
    .showHelpAfterError("(add --help for usage)");
  registerDbCommands(program, ctx);
  registerUserCommands(program, ctx);
  registerPortCommands(program, ctx);
  registerExportCommands(program, ctx);
  registerSqCommands(program, ctx);
  registerBookingCommands(program, ctx);
  registerScheduleCommands(program, ctx);
  return program;
}

if (import.meta.main) {
  const encoder = new TextEncoder();
  const write = (text: string) => {
    const bytes = encoder.encode(text);
    for (let done = 0; done < bytes.length;) done += Deno.stdout.writeSync(bytes.subarray(done));
  };
  const ctx: CliContext = { env: Deno.env.toObject(), write, print: (text) => write(text + "\n") };
  let status = 0;
  try {
    await buildProgram(ctx).parseAsync(Deno.args, { from: "user" });
  } catch (err) {
    console.error(`Error: ${describeError(err)}`);
    status = 1;
  }
  // A driver's idle timer must not keep a finished command alive.
  Deno.exit(status);
}
