import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { seedReference } from "../../api/modules/users/bootstrap.ts";

/**
 * Migrates one template database per run; every test file then starts from a copy of it: a PGlite data dump
 * loaded in memory, or a PostgreSQL database created from the template (both well under a second).
 */
export default async function setup(project: TestProject) {
  // test.env reaches the test workers only, so the project name tells which backend this setup is for.
  const backend = project.name === "api-postgres" ? "postgres" : "pglite";
  if (backend === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const { default: postgres } = await import("postgres");
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const template = `lading_tpl_${process.pid}_${Date.now()}`;
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = "/" + template;
    const handle = await openDatabase({ DATABASE_URL: target.toString() }, { poolSize: 1 });
    await migrateDatabase(handle);
    await seedReference(handle.db);
    await handle.close();
    project.provide("templateDatabase", template);
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const handle = { db: drizzle(client) as never, kind: "pglite" as const, location: "memory", close: () => client.close() };
  await migrateDatabase(handle);
  await seedReference(handle.db);
  const dump = await client.dumpDataDir("none");
  const dir = mkdtempSync(path.join(os.tmpdir(), "lading-test-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  await client.close();
  project.provide("templateDatabase", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
