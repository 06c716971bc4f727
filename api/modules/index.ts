import type { Command } from "commander";
import type { CliContext } from "../../cli/context.ts";
import type { Deps, RouteDef } from "../http/route.ts";
import type { ScheduledJob } from "../shared/schedule.ts";
import type { Db } from "../../db/client.ts";
import type { DemoPerson } from "../../db/seed/demo.ts";
import { accountingModule } from "./accounting/index.ts";
import { auditModule } from "./audit/index.ts";
import { authModule, type Caller, callerOfUser } from "./auth/index.ts";
import { bookingChangesModule } from "./booking-changes/index.ts";
import { bookingsModule } from "./bookings/index.ts";
import { customerRequestsModule } from "./customer-requests/index.ts";
import { emailModule } from "./email/index.ts";
import { homeModule } from "./home/index.ts";
import { hustlingModule } from "./hustling/index.ts";
import { inboundModule } from "./inbound/index.ts";
import type { LadingModule } from "./manifest.ts";
import { masterDataModule } from "./master-data/index.ts";
import { notificationsModule } from "./notifications/index.ts";
import { outboundModule } from "./outbound/index.ts";
import { reportsModule } from "./reports/index.ts";
import { rolesModule } from "./roles/index.ts";
import { salesQuotationsModule } from "./sales-quotations/index.ts";
import { systemModule } from "./system/index.ts";
import { seedDemoPeople, seedIfEmpty, usersModule } from "./users/index.ts";
import { voyagesModule } from "./voyages/index.ts";
import { waiversModule } from "./waivers/index.ts";
import { whatsNewModule } from "./whats-new/index.ts";

export type { LadingModule };

/**
 * Every module of Lading. The HTTP app mounts their routes (in any order: the app sorts them), the job runners
 * run their jobs, and `lading` registers their commands in this order, which is the order `lading help` lists.
 */
export const LADING_MODULES: readonly LadingModule[] = [
  systemModule,
  authModule,
  usersModule,
  rolesModule,
  emailModule,
  notificationsModule,
  whatsNewModule,
  auditModule,
  masterDataModule,
  salesQuotationsModule,
  voyagesModule,
  bookingsModule,
  outboundModule,
  accountingModule,
  inboundModule,
  hustlingModule,
  customerRequestsModule,
  waiversModule,
  reportsModule,
  bookingChangesModule,
  homeModule,
];

/** The routes of the listed modules, as declared. */
export function moduleRoutes(deps: Pick<Deps, "config">, modules: readonly LadingModule[] = LADING_MODULES): RouteDef[] {
  return modules.flatMap((m) => typeof m.routes === "function" ? m.routes(deps) : m.routes);
}

/** The scheduled jobs of every module, for the server's timer and `lading schedule`. */
export const moduleJobs: readonly ScheduledJob[] = LADING_MODULES.flatMap((m) => m.jobs);

/** Registers the commands of every module on the `lading` program. */
export function registerModuleCommands(program: Command, ctx: CliContext): void {
  for (const m of LADING_MODULES) m.commands?.(program, ctx);
}

/**
 * The demo line over the master-data demo set: the demo staff, then each module's part in list order
 * (voyages, then quotations, then bookings on them). Answers how many records of each kind went in.
 */
export async function seedDemoLine(db: Db, options: { linkBase: string; now?: Date }): Promise<Record<string, number>> {
  const keys = await seedDemoPeople(db);
  const people = {} as Record<DemoPerson, Caller>;
  for (const [person, key] of Object.entries(keys) as [DemoPerson, number][]) people[person] = await callerOfUser(db, key);
  const ctx = { people, now: options.now ?? new Date(), linkBase: options.linkBase };
  const made: Record<string, number> = {};
  for (const m of LADING_MODULES) if (m.demo) Object.assign(made, await m.demo(db, ctx));
  return made;
}

/**
 * First start on an empty database: the reference data, the master-data demo set with the demo line on it
 * when the set went in, and the administrator (seedIfEmpty of the users module). Null when the database
 * already had users.
 */
export function firstStart(db: Db, options: { adminPassword?: string; linkBase: string }) {
  return seedIfEmpty(db, options.adminPassword, (tx) => seedDemoLine(tx, { linkBase: options.linkBase }));
}
