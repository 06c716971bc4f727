import type { Logger } from "drizzle-orm/logger";
import type { DatabaseHandle, Db } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";

/**
 * A second drizzle handle on the same driver client as `handle`, whose logger counts every statement it sends
 * (inside transactions too: they share the logger). A service run through `db` shows how many round trips it
 * costs, so a loop that queries once per record shows up as a count that grows with the records.
 */
export interface StatementCounter {
  db: Db;
  /** Statements sent since the last reset. */
  readonly count: number;
  /** Their SQL text, for a failure message that shows what repeated. */
  readonly statements: readonly string[];
  reset(): void;
  /** Runs `work` and answers the statements it sent. */
  measure(work: () => Promise<unknown>): Promise<number>;
}

export async function countStatements(handle: DatabaseHandle): Promise<StatementCounter> {
  let statements: string[] = [];
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  // deno-lint-ignore no-explicit-any
  const client = (handle.db as any).$client;
  let db: Db;
  if (handle.kind === "postgres") {
    const { drizzle } = await import("drizzle-orm/postgres-js");
    db = drizzle(client, { schema, logger }) as never;
  } else {
    const { drizzle } = await import("drizzle-orm/pglite");
    db = drizzle(client, { schema, logger }) as never;
  }
  return {
    db,
    get count() {
      return statements.length;
    },
    get statements() {
      return statements;
    },
    reset() {
      statements = [];
    },
    async measure(work) {
      statements = [];
      await work();
      return statements.length;
    },
  };
}

/** The statements of a run grouped by text, most repeated first: what an N+1 looks like at a glance. */
export function repeated(statements: readonly string[], atLeast = 2): [string, number][] {
  const counts = new Map<string, number>();
  for (const s of statements) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= atLeast).sort((a, b) => b[1] - a[1]);
}
