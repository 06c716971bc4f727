import { eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError } from "./errors.ts";

/** The `filter` of every list call (the spec's client sends filter=IsActive); absent or All means no filter. */
export function statusFilter(isActive: AnyPgColumn, filter: string | undefined): SQL | undefined {
  switch (filter?.toLowerCase()) {
    case undefined:
    case "":
    case "all":
      return undefined;
    case "isactive":
    case "active":
      return eq(isActive, true);
    case "isinactive":
    case "inactive":
      return eq(isActive, false);
    default:
      throw new AppError("VALIDATION", `Unknown filter '${filter}'. Use IsActive, IsInactive or All.`, { filter: ["Use IsActive, IsInactive or All"] });
  }
}

/** `search`: a case-insensitive substring of any of the columns; %, _ and \ in the term match themselves. */
export function searchAny(columns: AnyPgColumn[], term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => "\\" + ch)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A text[] literal of the values, each bound as a parameter: for code-list columns (&&, @>). */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
}
