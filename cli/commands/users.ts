import type { Command } from "commander";
import { createAdmin } from "../../api/modules/users/index.ts";
import { type CliContext, withDatabase } from "../context.ts";

export function registerUserCommands(program: Command, ctx: CliContext): void {
  const users = program.command("users").description("user accounts");

  users.command("create-admin")
    .description("create the administrator account 'admin' (password from --password, LADING_ADMIN_PASSWORD, or generated)")
    .option("--password <password>", "the password to set (at least 8 characters); prefer LADING_ADMIN_PASSWORD, which stays out of the shell history")
    .option("--reset", "set a new password when 'admin' already exists, signing out its open sessions")
    .action((opts: { password?: string; reset?: boolean }) =>
      withDatabase(ctx, async (handle) => {
        const password = opts.password ?? (ctx.env.LADING_ADMIN_PASSWORD || undefined);
        const result = await createAdmin(handle.db, { password, reset: opts.reset === true });
        if (result.created) {
          ctx.print("Created the administrator account 'admin'.");
        } else if (opts.reset) {
          ctx.print("Set a new password for 'admin' and signed out its open sessions.");
        } else {
          ctx.print("The administrator account 'admin' already exists; nothing was changed. Add --reset to set a new password.");
          return;
        }
        if (result.generatedPassword) {
          ctx.print(`Password: ${result.generatedPassword}`);
          ctx.print("It is shown only this once and stored only as a hash.");
        }
      })
    );
}
