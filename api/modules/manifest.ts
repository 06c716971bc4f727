import type { Command } from "commander";
import type { CliContext } from "../../cli/context.ts";
import type { Deps, RouteDef } from "../http/route.ts";
import type { ScheduledJob } from "../shared/schedule.ts";

/**
 * What a module brings to the three places that run it: the HTTP app takes its routes, the job runners its
 * scheduled jobs, the `lading` command its commands. Each module's index.ts exports one; api/modules/index.ts
 * lists them all. It lives here, above api/http and api/shared, because it names types of both and of the CLI,
 * which neither of those layers may know.
 */
export interface LadingModule {
  /** The folder name under api/modules. */
  name: string;
  /** Its routes, or a function of the app's settings when they depend on them (auth's sign-in lockout). */
  routes: readonly RouteDef[] | ((deps: Pick<Deps, "config">) => readonly RouteDef[]);
  jobs: readonly ScheduledJob[];
  /** Registers its commands on the `lading` program; the command files live in cli/commands. */
  commands?: (program: Command, ctx: CliContext) => void;
}
