import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { stopNotifications } from "../../api/modules/notifications/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";

export const backend = (process.env.LADING_TEST_BACKEND ?? "pglite") as "pglite" | "postgres";

/**
 * A fresh database for one test file, copied from the migrated template of global-db.ts. Closing it first lets
 * go of its notification hub, as a server does before it closes its database: the API suites run their files one
 * after another in one process, where a hub kept would hold the closed database to the end of the run.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("templateDatabase");
  if (backend === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const name = `lading_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const target = new URL(url);
    target.pathname = "/" + name;
    const client = postgres(target.toString(), { max: 5, onnotice: () => {} });
    const db = drizzle(client, { schema }) as never as DatabaseHandle["db"];
    return {
      db,
      kind: "postgres",
      location: name,
      close: async () => {
        await stopNotifications(db);
        await client.end();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]), extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as never as DatabaseHandle["db"];
  return { db, kind: "pglite", location: "memory", close: async () => {
    await stopNotifications(db);
    await client.close();
  } };
}
