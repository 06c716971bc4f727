/**
 * The branch and CY choices of the user dialog, as pure functions so the rules are tested without a browser.
 * The server's rule (000 §4, §5): when a user has branches, exactly one of them is the default.
 */

export interface BranchPick {
  /** The branch's numeric id, as the server expects it. */
  id: number;
  defaultBranch: boolean;
}

export const DEFAULT_BRANCH_PROBLEM = "Exactly one branch must be the default";

/** With a single branch left there is only one possible default, so it is taken without asking. */
function settle(picks: BranchPick[]): BranchPick[] {
  if (picks.length === 1 && !picks[0]!.defaultBranch) return [{ ...picks[0]!, defaultBranch: true }];
  return picks;
}

export function isChecked(picks: readonly BranchPick[], id: number): boolean {
  return picks.some((p) => p.id === id);
}

export function isDefault(picks: readonly BranchPick[], id: number): boolean {
  return picks.some((p) => p.id === id && p.defaultBranch);
}

/** Checks or unchecks a branch. Unchecking the default leaves no default until the user picks one again. */
export function toggleBranch(picks: readonly BranchPick[], id: number, checked: boolean): BranchPick[] {
  if (checked) {
    if (isChecked(picks, id)) return [...picks];
    return settle([...picks, { id, defaultBranch: false }]);
  }
  return settle(picks.filter((p) => p.id !== id));
}

/** Makes a branch the only default, checking it first when it was not checked. */
export function chooseDefault(picks: readonly BranchPick[], id: number): BranchPick[] {
  const list = isChecked(picks, id) ? [...picks] : [...picks, { id, defaultBranch: false }];
  return list.map((p) => ({ ...p, defaultBranch: p.id === id }));
}

/** The same wording as the server when the default is missing or doubled; null when the choice is valid. */
export function branchProblem(picks: readonly BranchPick[]): string | null {
  if (picks.length === 0) return null;
  return picks.filter((p) => p.defaultBranch).length === 1 ? null : DEFAULT_BRANCH_PROBLEM;
}

export interface CyChoice {
  /** Codes of the CYs the user may choose from. */
  allCy: string[];
  /** The current CY; always one of allCy, or null. */
  userCy: string | null;
}

/** Checks or unchecks a CY; the current CY goes when its CY is unchecked, since it must stay one of allCy. */
export function toggleCy(choice: CyChoice, code: string, checked: boolean): CyChoice {
  if (checked) {
    return choice.allCy.includes(code) ? { ...choice, allCy: [...choice.allCy] } : { ...choice, allCy: [...choice.allCy, code] };
  }
  return { allCy: choice.allCy.filter((c) => c !== code), userCy: choice.userCy === code ? null : choice.userCy };
}

/** Picks the current CY among the checked ones; anything else (or "") means none. */
export function chooseCurrentCy(choice: CyChoice, code: string): CyChoice {
  return { ...choice, userCy: code && choice.allCy.includes(code) ? code : null };
}

/**
 * The form field a server error key belongs to. Keys follow the zod path: "email" for an update, "0.email"
 * for the one-user array of multipleInsert, "branches.1.id" for a nested entry (shown under the list).
 */
export function formFieldOf(key: string): string {
  const parts = key.split(".");
  while (parts.length > 1 && /^\d+$/.test(parts[0]!)) parts.shift();
  return parts[0] ?? key;
}

/** First message per form field, from the server's per-key field errors. */
export function formFieldErrors(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const field = formFieldOf(key);
    out[field] ??= message;
  }
  return out;
}
