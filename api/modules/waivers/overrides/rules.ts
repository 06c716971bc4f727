import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Charge overrides (001 §2 /overrideCharge, §3, §6, §8): a new value asked for one charge line of a waybill, with
 * the reason, approved by an approver who is not its drafter. Pure: the web reads it too.
 */

export const OVERRIDE_STATUSES = ["Draft", "For Approval", "Approved", "Denied"] as const;
export type OverrideStatus = (typeof OVERRIDE_STATUSES)[number];

/** The series numbering overrides at the branch that bills the line: OVR-MNL-2026-000001. */
export const OVERRIDE_SERIES = "OVR";

export const OVERRIDE_PAGE_SIZE = 20;

export const OVERRIDE_MESSAGES = {
  created: "Successfully Created Waybill Override Charge.",
  updated: "Successfully Updated Waybill Override Charge.",
  deleted: "Waybill Override Charge Deleted Successfully.",
} as const;

/** Notifications of overrides go out under the waiver menu's title, which opens them too (000 §2, §6). */
export const OVERRIDE_TITLE = "Waiver";

export const REASON_REQUIRED = "Say why the charge's value should change.";

const staff = (a: WorkflowActor) => a.menus.has("WAIVER");
const approver = (a: WorkflowActor) => staff(a) && a.capabilities.has("APPROVER");
/** 001 §6 isApprover. */
export const isOverrideApprover = approver;

/** Draft → For Approval → Approved or Denied; the approver is never the drafter nor whoever sent it. */
export const overrideWorkflow = defineWorkflow({
  entity: "charge-override",
  noun: "charge override",
  statuses: OVERRIDE_STATUSES,
  actions: {
    submit: { from: ["Draft"], to: "For Approval", who: "waiver staff", allowed: staff, notice: OVERRIDE_MESSAGES.updated },
    approve: { from: ["For Approval"], to: "Approved", who: "an approver", allowed: approver, notice: OVERRIDE_MESSAGES.updated },
    deny: { from: ["For Approval"], to: "Denied", who: "an approver", allowed: approver, notice: OVERRIDE_MESSAGES.updated },
  },
  approvals: {
    startedBy: ["submit"],
    steps: {
      approve: { step: "Approver", verb: "approve" },
      deny: { step: "Approver", verb: "deny" },
    },
  },
});
export type OverrideAction = keyof typeof overrideWorkflow.actions;
export const OVERRIDE_ACTIONS = Object.keys(overrideWorkflow.actions) as [OverrideAction, ...OverrideAction[]];

export const OVERRIDE_ACTION_LABELS: Record<OverrideAction, string> = { submit: "Submit for approval", approve: "Approve", deny: "Deny" };

export const OVERRIDE_LISTS = ["draft", "forApproval", "approved"] as const;
export type OverrideList = (typeof OVERRIDE_LISTS)[number];

export const OVERRIDE_LIST_STATUSES: Record<OverrideList, readonly OverrideStatus[]> = {
  draft: ["Draft", "Denied"],
  forApproval: ["For Approval"],
  approved: ["Approved"],
};

/** The drafts list shows the caller's own; the approval list all of the branches to an approver, their own to others. */
export function overrideListShowsAll(list: OverrideList, flags: { isApprover: boolean }): boolean {
  if (list === "approved") return true;
  if (list === "forApproval") return flags.isApprover;
  return false;
}

export function overrideListOfStatus(status: OverrideStatus): OverrideList {
  if (status === "For Approval") return "forApproval";
  if (status === "Approved") return "approved";
  return "draft";
}

/** Only a draft is changed or deleted. */
export const OVERRIDE_EDITABLE: readonly OverrideStatus[] = ["Draft"];

/** The actions a user may take now: the drafter moves the draft; the approver, never the drafter, decides. */
export function overrideActionsFor(
  override: { status: OverrideStatus; requestedBy: string; submittedBy?: string | null },
  actor: WorkflowActor & { userId: string },
): OverrideAction[] {
  const same = (a: string | null | undefined) => !!a && a.toLowerCase() === actor.userId.toLowerCase();
  return OVERRIDE_ACTIONS.filter((action) => {
    const rule = overrideWorkflow.actions[action];
    if (!rule.from.includes(override.status) || !rule.allowed(actor)) return false;
    if (override.status === "Draft") return same(override.requestedBy);
    return !same(override.requestedBy) && !same(override.submittedBy);
  });
}
