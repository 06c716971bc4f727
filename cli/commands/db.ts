import type { Command } from "commander";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, migrateDatabase, queryRows } from "../../db/client.ts";
import { seedDemo } from "../../api/modules/master-data/index.ts";
import { seedReference } from "../../api/modules/users/index.ts";
import { type CliContext, withDatabase } from "../context.ts";

function describeTarget(handle: DatabaseHandle): string {
  return handle.kind === "pglite" ? `embedded PGlite in ${handle.location}` : `PostgreSQL ${handle.location}`;
}

/** Migrations already recorded by drizzle's migrator (0 on a new database). */
async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const [{ exists }] = await queryRows<{ exists: boolean }>(handle.db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!exists) return 0;
  const [{ n }] = await queryRows<{ n: number | string }>(handle.db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(n);
}

async function migrate(ctx: CliContext, handle: DatabaseHandle): Promise<void> {
  const before = await appliedMigrations(handle);
  await migrateDatabase(handle);
  const added = (await appliedMigrations(handle)) - before;
  ctx.print(added > 0
    ? `Applied ${added} migration${added === 1 ? "" : "s"} to ${describeTarget(handle)}.`
    : `The schema of ${describeTarget(handle)} is up to date.`);
}

export function registerDbCommands(program: Command, ctx: CliContext): void {
  const db = program.command("db").description("create and fill the database the server uses (DATABASE_URL, or PGlite under DATA_DIR)");

  db.command("migrate")
    .description("apply the schema migrations that have not run yet")
    .action(() => withDatabase(ctx, (handle) => migrate(ctx, handle), { create: true }));

  db.command("seed")
    .description("migrate, then load the reference data and, on a database without branches, the demo data set")
    .action(() =>
      withDatabase(ctx, async (handle) => {
        await migrate(ctx, handle);
        await seedReference(handle.db);
        ctx.print("Reference data is in place: the Administrator role with every menu.");
        const demo = await seedDemo(handle.db);
        ctx.print(demo.branches > 0
          ? `Loaded the demo data set: ${demo.branches} branches, ${demo.ports} ports.`
          : "Skipped the demo data set: the database already has branches.");
        ctx.print("Create the administrator with: lading users create-admin");
      }, { create: true })
    );
}
