import { useAtomValue } from "jotai";
import { usePicker } from "../../../lib/data/pickers.ts";
import { signedInUserAtom } from "../../../lib/session.ts";

export interface WorkBranch {
  branchCode: string;
  branchName: string;
  defaultBranch: boolean;
}

/**
 * The branches a cashier records for: those of the user's branch list, the default one first; every active
 * branch for a role that sees all of them (the server holds the same rule, api/shared/branch-scope.ts).
 */
export function useWorkBranches(): WorkBranch[] {
  const user = useAtomValue(signedInUserAtom);
  const everyBranch = user?.capabilities.includes("ALL_BRANCHES") ?? false;
  const all = usePicker("branches", { enabled: everyBranch });
  const own = (user?.branches ?? []).map((b) => ({ branchCode: b.branchCode, branchName: b.branchName, defaultBranch: b.defaultBranch }));
  if (!everyBranch) return [...own].sort((a, b) => Number(b.defaultBranch) - Number(a.defaultBranch));
  const listed = all.map((b) => ({ branchCode: b.code, branchName: b.name, defaultBranch: own.some((o) => o.branchCode === b.code && o.defaultBranch) }));
  return listed.sort((a, b) => Number(b.defaultBranch) - Number(a.defaultBranch));
}
