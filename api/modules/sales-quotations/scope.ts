import { inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client.ts";
import { salesQuotations } from "../../../db/schema/index.ts";
import { branchCondition, type BranchScope } from "../../shared/branch-scope.ts";

/**
 * The branch scope of a quotation's sub-records (lanes, charges, terms): they carry no branch of their own, so
 * they are within the caller's branches when their quotation is. Undefined for an all-branch caller.
 */
export function ofQuotationsInScope(db: Executor, scope: BranchScope, sqRefColumn: AnyPgColumn): SQL | undefined {
  const own = branchCondition(scope, salesQuotations.branchCode);
  if (!own) return undefined;
  return inArray(sqRefColumn, db.select({ sqRefNum: salesQuotations.sqRefNum }).from(salesQuotations).where(own));
}

/** The quotations within the caller's branches (undefined: every one). */
export const quotationsInScope = (scope: BranchScope) => branchCondition(scope, salesQuotations.branchCode);
