import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Waivers (001 §3, §4, §5, §6, §8): the statuses and their workflow, who endorses and approves, the lists, the
 * notices and where a save leads. Pure: the web reads it to know which buttons a user sees.
 */

export const WAIVER_STATUSES = ["Draft", "For Endorse", "For Approval", "Approved", "Denied"] as const;
export type WaiverStatus = (typeof WAIVER_STATUSES)[number];

/** The series numbering waivers at the branch that bills the waived lines: WV-CEB-2026-000001. */
export const WAIVER_SERIES = "WV";

export const WAIVER_PAGE_SIZE = 20;

/** The notices of 001 §8; the same for a change and for a move of status, as staff know it. */
export const WAIVER_MESSAGES = {
  created: "Successfully Created Waiver.",
  updated: "Successfully Updated Waiver.",
  deleted: "Waiver Deleted Successfully.",
  fileAdded: "File attached to the waiver.",
  fileRemoved: "File removed from the waiver.",
} as const;

/** 001 §5: a waiver says why. */
export const REMARKS_REQUIRED = "Waiver creation requires remarks: say why the charges should be waived.";
/** 001 §8: the waybill has nothing left that a waiver could forgive. */
export const NO_ADDITIONAL_CHARGES = "No Additional Charges";

/** The title of its notifications: the bell shows them with the avatar WV (000 §2). */
export const WAIVER_TITLE = "Waiver";

/** After a status move the screen goes to its list a second later (001 §9). */
export const WAIVER_REDIRECT_MS = 1000;

/** Supporting files: at most this large each (413 beyond), and this many to a waiver. */
export const WAIVER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const WAIVER_FILES_MAX = 10;

/** A waiver's lines: whole lines, or an amount of each up to what is open on it. */
export const WAIVER_LINES_MAX = 60;

const staff = (a: WorkflowActor) => a.menus.has("WAIVER");
/** 001 §6 isEndorser: the Endorser role, or the waiver-specific Waiver For Endorse. */
const endorser = (a: WorkflowActor) => staff(a) && (a.capabilities.has("ENDORSER") || a.capabilities.has("WAIVER_FOR_ENDORSE"));
/** 001 §6 isApprover. */
const approver = (a: WorkflowActor) => staff(a) && a.capabilities.has("APPROVER");

export const isWaiverEndorser = endorser;
export const isWaiverApprover = approver;

/**
 * Draft → For Endorse (submit) → For Approval (endorse) → Approved or Denied. An endorser may endorse their own draft
 * straight from Draft (001 §4: a role may be endorser and approver at once); whoever endorsed it, and whoever drafted
 * it, never approve or deny it. An endorser may deny a waiver waiting for endorsement. A denied waiver stays as it
 * is; its lines are open again for another.
 */
export const waiverWorkflow = defineWorkflow({
  entity: "waiver",
  noun: "waiver",
  statuses: WAIVER_STATUSES,
  actions: {
    submit: { from: ["Draft"], to: "For Endorse", who: "waiver staff", allowed: staff, notice: WAIVER_MESSAGES.updated },
    endorse: { from: ["Draft", "For Endorse"], to: "For Approval", who: "an endorser", allowed: endorser, notice: WAIVER_MESSAGES.updated },
    denyEndorsement: { from: ["For Endorse"], to: "Denied", who: "an endorser", allowed: endorser, notice: WAIVER_MESSAGES.updated },
    approve: { from: ["For Approval"], to: "Approved", who: "an approver", allowed: approver, notice: WAIVER_MESSAGES.updated },
    deny: { from: ["For Approval"], to: "Denied", who: "an approver", allowed: approver, notice: WAIVER_MESSAGES.updated },
  },
  approvals: {
    // The endorsement sends a waiver for approval: its endorser starts the round, and never approves it.
    startedBy: ["submit", "endorse"],
    steps: {
      denyEndorsement: { step: "Endorser", verb: "deny" },
      approve: { step: "Approver", verb: "approve" },
      deny: { step: "Approver", verb: "deny" },
    },
  },
});
export type WaiverAction = keyof typeof waiverWorkflow.actions;
export const WAIVER_ACTIONS = Object.keys(waiverWorkflow.actions) as [WaiverAction, ...WaiverAction[]];

/** The words on the buttons. */
export const WAIVER_ACTION_LABELS: Record<WaiverAction, string> = {
  submit: "Submit for endorsement",
  endorse: "Endorse",
  denyEndorsement: "Deny",
  approve: "Approve",
  deny: "Deny",
};

/** The lists of the waiver screens: the drafter's own, the endorsers', the approvers', the approved (001 §2, §6). */
export const WAIVER_LISTS = ["draft", "forEndorse", "forApproval", "approved"] as const;
export type WaiverList = (typeof WAIVER_LISTS)[number];

export const LIST_STATUSES: Record<WaiverList, readonly WaiverStatus[]> = {
  draft: ["Draft", "Denied"],
  forEndorse: ["For Endorse"],
  forApproval: ["For Approval"],
  approved: ["Approved"],
};

/**
 * Whose waivers a list shows the caller, within their branches: the drafts list their own; the endorsement list
 * every waiver waiting in their branches to an endorser (isEndorser), their own to anyone else; the approval list
 * likewise to an approver (isApprover); the approved list every approved one.
 */
export function listShowsAll(list: WaiverList, flags: { isEndorser: boolean; isApprover: boolean }): boolean {
  if (list === "approved") return true;
  if (list === "forEndorse") return flags.isEndorser;
  if (list === "forApproval") return flags.isApprover;
  return false;
}

/** The list a waiver is in now, where the screen goes after a save (001 §4: an approved one to the approved list). */
export function listOfStatus(status: WaiverStatus): WaiverList {
  if (status === "For Endorse") return "forEndorse";
  if (status === "For Approval") return "forApproval";
  if (status === "Approved") return "approved";
  return "draft";
}

/** Statuses whose lines hold their amounts against the waybill: a waiver still open, or approved. */
export const HOLDING_STATUSES: readonly WaiverStatus[] = ["Draft", "For Endorse", "For Approval"];
/** Only a draft is changed; only a draft never sent on is deleted; files are added until it is decided. */
export const EDITABLE: readonly WaiverStatus[] = ["Draft"];
export const FILES_OPEN: readonly WaiverStatus[] = ["Draft", "For Endorse", "For Approval"];

/**
 * The actions a user may take on a waiver now: the workflow's rule for the status and the user's role, the draft's
 * moves only for its drafter, and the four eyes (the drafter and the endorser never approve or deny it).
 */
export function actionsFor(
  waiver: { status: WaiverStatus; requestedBy: string; endorsedBy: string | null; submittedBy?: string | null },
  actor: WorkflowActor & { userId: string },
): WaiverAction[] {
  const same = (a: string | null | undefined) => !!a && a.toLowerCase() === actor.userId.toLowerCase();
  return WAIVER_ACTIONS.filter((action) => {
    const rule = waiverWorkflow.actions[action];
    if (!rule.from.includes(waiver.status) || !rule.allowed(actor)) return false;
    if (waiver.status === "Draft") return same(waiver.requestedBy);
    if (action === "denyEndorsement") return !same(waiver.requestedBy) && !same(waiver.submittedBy);
    if (action === "approve" || action === "deny") return !same(waiver.requestedBy) && !same(waiver.endorsedBy);
    return true;
  });
}
