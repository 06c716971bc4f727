import type { Command } from "commander";
import type { CliContext } from "../../cli/context.ts";
import type { Deps, RouteDef } from "../http/route.ts";
import type { ScheduledJob } from "../shared/schedule.ts";
import type { Db } from "../../db/client.ts";
import type { DemoPerson } from "../../db/seed/demo.ts";
import type { Caller } from "./auth/index.ts";

/**
 * What a module's part of the demo line is made with: the demo staff of db/seed/demo.ts, each as the caller
 * they are once signed in, and the moment the line is drawn around (voyages left before it, others sail after).
 */
export interface DemoContext {
  people: Record<DemoPerson, Caller>;
  now: Date;
  /** Where the web app is served, for the links the demo sends (a booking link). */
  linkBase: string;
}

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
  /**
   * Adds its part of the demo line on the first start, after the master-data demo set and the parts of the
   * modules listed before it, through its own services so the records are what staff would have made;
   * answers how many records of each kind it made.
   */
  demo?: (db: Db, ctx: DemoContext) => Promise<Record<string, number>>;
}
