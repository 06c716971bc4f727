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
  registerHelp(program);
  return program;
}

/**
 * `lading help <command> [subcommand...]`: the help of the command the words name, however deep (commander's
 * own help command reads one word, so `lading help ports list` showed the help of `ports`).
 */
function registerHelp(program: Command): void {
  program.helpCommand(false);
  program.command("help [command...]")
    .description("explain a command, e.g. lading help ports list")
    .action((words: string[]) => {
      let target: Command = program;
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) {
          target.error(`error: unknown command '${words.join(" ")}' (lading help lists the commands)`);
        }
        target = next!;
      }
      target.outputHelp();
    });
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
