import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { AppError } from "./errors.ts";

/*
 * Branch scope: a user reads and changes only the records of the branches in their branch list (user_branches);
 * a role with the ALL_BRANCHES capability sees every branch. A record of another branch is answered exactly as
 * a reference that does not exist (404, same text), never 403, so that sequential references cannot be probed
 * for what other branches hold. Every module whose records belong to a branch filters through this file.
 */

/** What a caller brings to a branch-scoped read: resolved once per request with the session. */
export interface BranchScope {
  /** The codes of the branches in the user's branch list. */
  readonly branchCodes: readonly string[];
  /** The role carries ALL_BRANCHES: no branch condition at all. */
  readonly allBranches: boolean;
}

/**
 * For work that is not a user's: the daily jobs, the CLI, and the public pages reached by a link's token or a
 * tracking reference (they answer by what the holder of the link already knows, not by who is signed in).
 */
export const EVERY_BRANCH: BranchScope = Object.freeze({ branchCodes: Object.freeze([]) as readonly string[], allBranches: true });

/**
 * The condition that keeps `column` (a branch code column) within the caller's branches: undefined for an
 * all-branch caller (drizzle's and() drops it), never-true for a user without branches.
 */
export function branchCondition(scope: BranchScope, column: AnyPgColumn): SQL | undefined {
  if (scope.allBranches) return undefined;
  if (scope.branchCodes.length === 0) return sql`false`;
  return inArray(column, [...scope.branchCodes]);
}

/** Whether a branch code is one the caller works for. Codes compare in any letter case, as branch codes are typed. */
export function coversBranch(scope: BranchScope, branchCode: string): boolean {
  return scope.allBranches || scope.branchCodes.some((code) => code.toLowerCase() === branchCode.toLowerCase());
}

/**
 * One record by `where`, within the caller's branches, or the NOT_FOUND error with `notFound` as its text. The
 * text must be the one a reference that does not exist gets, which is why the caller of this passes it in
 * rather than this saying "another branch".
 */
export async function findInScope<T extends PgTable>(
  db: Executor,
  table: T,
  branchColumn: AnyPgColumn,
  scope: BranchScope,
  where: SQL,
  notFound: string,
): Promise<T["$inferSelect"]> {
  // deno-lint-ignore no-explicit-any
  const rows = await db.select().from(table as any).where(and(where, branchCondition(scope, branchColumn))).limit(1);
  if (rows.length === 0) throw new AppError("NOT_FOUND", notFound);
  return rows[0] as T["$inferSelect"];
}
