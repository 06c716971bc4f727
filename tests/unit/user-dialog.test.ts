import { describe, expect, it } from "vitest";
import { userInput } from "../../api/modules/users/schemas.ts";
import {
  type BranchPick,
  branchProblem,
  chooseCurrentCy,
  chooseDefault,
  DEFAULT_BRANCH_PROBLEM,
  formFieldErrors,
  formFieldOf,
  toggleBranch,
  toggleCy,
} from "../../web/src/features/users/components/branch-choice.ts";

const defaults = (picks: BranchPick[]) => picks.filter((p) => p.defaultBranch).map((p) => p.id);

/** The branch and CY choices of the user dialog (000 §4, §5: exactly one default branch). */
describe("the user dialog's branch choice", () => {
  it("makes the first checked branch the default and leaves later ones unmarked", () => {
    let picks = toggleBranch([], 1, true);
    expect(picks).toEqual([{ id: 1, defaultBranch: true }]);
    picks = toggleBranch(picks, 2, true);
    expect(defaults(picks)).toEqual([1]);
    expect(picks.map((p) => p.id)).toEqual([1, 2]);
    expect(branchProblem(picks)).toBeNull();
  });

  it("checking a branch twice keeps one entry", () => {
    const picks = toggleBranch(toggleBranch([], 3, true), 3, true);
    expect(picks).toEqual([{ id: 3, defaultBranch: true }]);
  });

  it("picking a default checks that branch and takes the mark from the others", () => {
    const start = toggleBranch(toggleBranch([], 1, true), 2, true);
    const picks = chooseDefault(start, 5);
    expect(picks.map((p) => p.id)).toEqual([1, 2, 5]);
    expect(defaults(picks)).toEqual([5]);
    expect(defaults(chooseDefault(picks, 2))).toEqual([2]);
  });

  it("unchecking the default clears it, and the dialog refuses to save until a new one is picked", () => {
    const start = chooseDefault(toggleBranch(toggleBranch(toggleBranch([], 1, true), 2, true), 3, true), 2);
    const picks = toggleBranch(start, 2, false);
    expect(picks.map((p) => p.id)).toEqual([1, 3]);
    expect(defaults(picks)).toEqual([]);
    expect(branchProblem(picks)).toBe(DEFAULT_BRANCH_PROBLEM);
    expect(branchProblem(chooseDefault(picks, 3))).toBeNull();
  });

  it("the one branch left becomes the default, since no other choice is possible", () => {
    const picks = toggleBranch(chooseDefault(toggleBranch(toggleBranch([], 1, true), 2, true), 2), 2, false);
    expect(picks).toEqual([{ id: 1, defaultBranch: true }]);
  });

  it("no branches at all is a valid choice, as on the server", () => {
    expect(toggleBranch(toggleBranch([], 1, true), 1, false)).toEqual([]);
    expect(branchProblem([])).toBeNull();
  });

  it("words the missing default exactly as the server's contract does", () => {
    const twoDefaults = [{ id: 1, defaultBranch: true }, { id: 2, defaultBranch: true }];
    expect(branchProblem(twoDefaults)).toBe(DEFAULT_BRANCH_PROBLEM);
    const result = userInput.safeParse({ userId: "clerk1", name: "Clerk", email: "clerk@example.com", roleId: "OPS", branches: twoDefaults });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(DEFAULT_BRANCH_PROBLEM);
  });
});

describe("the user dialog's CY choice", () => {
  it("limits the current CY to the checked CYs and drops it when its CY is unchecked", () => {
    let choice = toggleCy(toggleCy({ allCy: [], userCy: null }, "CY1", true), "CY2", true);
    expect(choice.allCy).toEqual(["CY1", "CY2"]);
    choice = chooseCurrentCy(choice, "CY2");
    expect(choice.userCy).toBe("CY2");
    expect(chooseCurrentCy(choice, "CY9").userCy).toBeNull();
    expect(toggleCy(choice, "CY1", false)).toEqual({ allCy: ["CY2"], userCy: "CY2" });
    expect(toggleCy(choice, "CY2", false)).toEqual({ allCy: ["CY1"], userCy: null });
    expect(chooseCurrentCy(choice, "").userCy).toBeNull();
  });
});

describe("the user dialog's server field errors", () => {
  it("maps the keys of multipleInsert and update bodies onto the form's fields", () => {
    expect(formFieldOf("email")).toBe("email");
    expect(formFieldOf("0.email")).toBe("email");
    expect(formFieldOf("0.branches.1.id")).toBe("branches");
    expect(formFieldOf("allCy.0")).toBe("allCy");
    expect(formFieldErrors({ "0.userId": "User ID clerk1 already exists", "0.branches": "A branch is listed twice", "0.branches.0.id": "later" }))
      .toEqual({ userId: "User ID clerk1 already exists", branches: "A branch is listed twice" });
  });
});
