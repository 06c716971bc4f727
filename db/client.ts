import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import process from "node:process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Column, getTableColumns, type InferSelectModel, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT, PgSession, PgTable } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The drizzle handle of the whole database, as the server and the CLI open it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The handle a `db.transaction(async (tx) => ...)` callback receives. It is a `Db` as well (drizzle's
 * PgTransaction extends PgDatabase), and adds `rollback()`; its own `transaction()` opens a savepoint.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * What a service reads and writes through: the database, or a transaction its caller has opened, so that the
 * service's writes commit or roll back with the caller's. Pass either; no cast is needed.
 */
export type Executor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives, for the start-up banner (a directory or the server URL without password). */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseEnv {
  DATABASE_URL?: string;
  DATA_DIR?: string;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export function dataDirOf(env: DatabaseEnv): string {
  return path.resolve(env.DATA_DIR || "./data");
}

/** Opens PostgreSQL when DATABASE_URL is set, otherwise PGlite on disk under DATA_DIR/pglite. */
export async function openDatabase(env: DatabaseEnv, options: { pgliteDir?: string; poolSize?: number } = {}): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(env.DATABASE_URL, { max: options.poolSize ?? 10, onnotice: () => {} });
    const db: Db = drizzle(client, { schema });
    return {
      db,
      kind: "postgres",
      location: redactUrl(env.DATABASE_URL),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = options.pgliteDir ?? path.join(dataDirOf(env), "pglite");
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = lockDirectory(dir);
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const db: Db = drizzle(client, { schema });
    return {
      db,
      kind: "pglite",
      location: dir,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export class DatabaseLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(`The embedded database in ${dir} is in use by another process (pid ${pid}).`);
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}

/**
 * PGlite takes no lock of its own, and two processes writing one data directory corrupt it. A lock file
 * holding the owner's pid keeps a second server or a CLI command out; one left by a crashed process is taken over.
 */
function lockDirectory(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as { code?: string }).code !== "EEXIST") throw err;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) throw new DatabaseLockedError(dir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}.`);
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // deno-lint-ignore no-explicit-any
    await migrate(handle.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // deno-lint-ignore no-explicit-any
    await migrate(handle.db as any, { migrationsFolder });
  }
}

/** Raw SQL returning rows, the same on both drivers (PGlite answers { rows }, postgres.js an array). */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Every column of `table` for the rows `where` picks, in `orderBy` order: the same rows as
 * `db.select().from(table).where(where).orderBy(...orderBy)`, for reads of hundreds of wide rows. Drizzle's own
 * mapping works out each value's decoder and its place in the row again on every row, which costs as much as the
 * driver's read itself (500 bookings of 60 columns: about 6 ms more on PostgreSQL); here each column's decoder is
 * found once. On PostgreSQL the statement is also prepared once per connection, where drizzle parses it anew.
 */
export async function readTableRows<T extends PgTable>(db: Db, table: T, where: SQL | undefined, orderBy: (AnyPgColumn | SQL)[] = []): Promise<InferSelectModel<T>[]> {
  const columns = Object.entries(getTableColumns(table));
  const keys = columns.map(([key]) => key);
  // Text, boolean and most other columns hand the driver's value through: call only the decoders that change it.
  const passesThrough = (column: Column) => column.mapFromDriverValue === Column.prototype.mapFromDriverValue;
  const decoders = columns.map(([, column]) => (passesThrough(column) ? null : (value: unknown) => column.mapFromDriverValue(value)));
  // deno-lint-ignore no-explicit-any
  const query = (db.select().from(table as any).where(where) as any).orderBy(...orderBy).toSQL() as { sql: string; params: unknown[] };
  const toRow = (tuple: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = tuple[i];
      const decode = decoders[i];
      row[keys[i]] = value === null || decode === null ? value : decode(value);
    }
    return row as InferSelectModel<T>;
  };
  // The session answers rows as arrays, with the driver set up as drizzle set it (timestamps as text, which the
  // column decoders turn into dates). A name makes postgres.js prepare the statement; PGlite ignores it.
  const session = (db as unknown as { _: { session: PgSession } })._.session;
  const prepared = session.prepareQuery(query, undefined, "readTableRows", true, (tuples: unknown[][]) => tuples.map(toRow));
  return await prepared.execute() as InferSelectModel<T>[];
}

/**
 * The postgres.js client under a handle opened on PostgreSQL, for what drizzle does not cover (LISTEN/NOTIFY);
 * null on PGlite, whose one process needs no message between servers. Give it the Db, not a transaction.
 */
export function postgresClientOf(db: Db): Sql | null {
  const client = (db as { $client?: unknown }).$client;
  // postgres.js is a tagged-template function; PGlite is an object with a listen() of its own.
  return typeof client === "function" && "listen" in client && "notify" in client ? client as Sql : null;
}

export async function pingDatabase(db: Db): Promise<void> {
  await queryRows(db, sql`select 1 as ok`);
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres";
  }
}
