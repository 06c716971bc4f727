import { Command } from "commander";
import { packageVersion } from "../api/settings.ts";
import { registerModuleCommands } from "../api/modules/index.ts";
import { registerDbCommands } from "./commands/db.ts";
import { registerScheduleCommands } from "./commands/schedule.ts";
import { type CliContext, describeError } from "./context.ts";

export function buildProgram(ctx: CliContext): Command {
  const program = new Command("lading")
    .description("Lading back office from the command line. Uses the server's database: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite, default ./data).")
    .version(packageVersion)
    .showHelpAfterError("(add --help for usage)");
  // The database is the platform's; every other command comes from the module that owns it.
  registerDbCommands(program, ctx);
  registerModuleCommands(program, ctx);
  // The runner of every module's scheduled jobs belongs to no one module.
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
