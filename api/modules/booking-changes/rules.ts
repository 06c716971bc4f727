import { defineWorkflow, type WorkflowActor } from "../../shared/workflow-definition.ts";

/**
 * Booking changes (001 §3 Booking revision, §4, §5, §6): the statuses and their workflow, who endorses and approves,
 * the lists by the user's flags, the notices and the amendment fee rule. Pure: the web reads it too.
 */

export const REVISION_STATUSES = ["draft", "For Endorse", "For Approval", "Management Approved", "approved", "Cancelled", "denied"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** Statuses of a revision still under way: one per booking at a time. */
export const OPEN_STATUSES: readonly RevisionStatus[] = ["draft", "For Endorse", "For Approval", "Management Approved"];

/** The series numbering revisions at the booking's branch: BC-MNL-2026-000001. */
export const REVISION_SERIES = "BC";
/** Shipping-instruction numbers generated for a revision's references: SI-MNL-2026-000001. */
export const SI_SERIES = "SI";

export const REVISION_PAGE_SIZE = 20;

/** The title of its notifications: the bell shows them with the avatar BC (000 §2). */
export const REVISION_TITLE = "Booking Changes";

export const REVISION_MESSAGES = {
  created: "Successfully Created Booking Change.",
  updated: "Successfully Updated Booking Change.",
  deleted: "Booking Change Deleted Successfully.",
  references: "Successfully Updated References.",
} as const;

/** 001 §4, §5: no change of a booking that is still Draft or only Confirmed. */
export const NOT_WHILE = ["Draft", "Confirmed"] as const;
/** A booking whose cargo is on its way: its van out (ATW, transfer slip) or loaded. */
export const REVISABLE = ["ATW Issued", "Outbound CTS Issued", "At Vessel Loaded"] as const;
/** 001 §5: no amendment fee while the booking is Confirmed, ATW Issued or Outbound CTS Issued. */
export const NO_AMF_STATUSES = ["Confirmed", "ATW Issued", "Outbound CTS Issued"] as const;

export const notAllowedWhile = (bookingRef: string, status: string) =>
  `Booking changes are not allowed while booking status is ${status}: booking ${bookingRef} can still be changed on the booking itself.`;
export const notRevisable = (bookingRef: string, status: string) =>
  `Booking ${bookingRef} is ${status}; only a booking whose ATW is issued, whose van is out or whose cargo is loaded takes a booking change.`;
export const NOTHING_PROPOSED = "Propose at least one new value, reference or charge.";
export const REMARKS_REQUIRED = "Say why the booking changes.";

/** Whether an amendment fee is due on a change approved while the booking has this status (001 §5, §9 AMF). */
export const amendmentFeeDue = (bookingStatus: string) =>
  (REVISABLE as readonly string[]).includes(bookingStatus) && !(NO_AMF_STATUSES as readonly string[]).includes(bookingStatus);

export const AMF_CODE = "AMF";
/** The company policy giving the amendment fee, VAT included, unless the customer has an agreed amount. */
export const AMF_POLICY = "AMENDMENT FEE";

const staff = (a: WorkflowActor) => a.menus.has("BOOKINGCHANGES");
/** 001 §6 isEndorser and adminEndorser. */
const endorser = (a: WorkflowActor) => staff(a) && (a.capabilities.has("ENDORSER") || a.capabilities.has("ADMIN_ENDORSER"));
/** 001 §6 isApprover: the approver or the management approver. */
const approver = (a: WorkflowActor) => staff(a) && (a.capabilities.has("APPROVER") || a.capabilities.has("MANAGEMENT_APPROVER"));
/** 001 §6 isBCFinalApprover. */
const finalApprover = (a: WorkflowActor) => staff(a) && a.capabilities.has("FINAL_APPROVER");
/** 001 §6 isAcctngApprover: the accounting approver, or the Booking Changes Accounting Approver. */
const accountingApprover = (a: WorkflowActor) => staff(a) && (a.capabilities.has("ACCOUNTING_APPROVER") || a.capabilities.has("BC_ACCOUNTING_APPROVER"));
const decider = (a: WorkflowActor) => endorser(a) || approver(a) || finalApprover(a) || accountingApprover(a);

export interface RevisionFlags {
  isEndorser: boolean;
  adminEndorser: boolean;
  isApprover: boolean;
  isBCFinalApprover: boolean;
  isAcctngApprover: boolean;
  isDat: boolean;
}

export function revisionFlags(a: WorkflowActor & { isDat: boolean }): RevisionFlags {
  return {
    isEndorser: staff(a) && a.capabilities.has("ENDORSER"),
    adminEndorser: staff(a) && a.capabilities.has("ADMIN_ENDORSER"),
    isApprover: approver(a),
    isBCFinalApprover: finalApprover(a),
    isAcctngApprover: accountingApprover(a),
    isDat: a.isDat,
  };
}

/**
 * draft → For Endorse (submit) → For Approval (endorse) → Management Approved (approve) → approved: by the final
 * approver (finalApprove) when the charges stay, by the accounting approver (accountingApprove) when they change.
 * Denied at any step of the chain; cancelled by its drafter before it is endorsed. Four eyes: the drafter takes no
 * step, and one person one step.
 */
export const revisionWorkflow = defineWorkflow({
  entity: "booking-revision",
  noun: "booking change",
  statuses: REVISION_STATUSES,
  actions: {
    submit: { from: ["draft"], to: "For Endorse", who: "booking-change staff", allowed: staff, notice: REVISION_MESSAGES.updated },
    endorse: { from: ["For Endorse"], to: "For Approval", who: "an endorser", allowed: endorser, notice: REVISION_MESSAGES.updated },
    approve: { from: ["For Approval"], to: "Management Approved", who: "an approver", allowed: approver, notice: REVISION_MESSAGES.updated },
    finalApprove: { from: ["Management Approved"], to: "approved", who: "the final approver", allowed: finalApprover, notice: REVISION_MESSAGES.updated },
    accountingApprove: { from: ["Management Approved"], to: "approved", who: "the accounting approver", allowed: accountingApprover, notice: REVISION_MESSAGES.updated },
    deny: { from: ["For Endorse", "For Approval", "Management Approved"], to: "denied", who: "an endorser or approver", allowed: decider, notice: REVISION_MESSAGES.updated },
    cancel: { from: ["draft", "For Endorse"], to: "Cancelled", who: "its drafter", allowed: staff, notice: REVISION_MESSAGES.updated },
  },
  approvals: {
    startedBy: ["submit"],
    steps: {
      endorse: { step: "Endorser", verb: "endorse" },
      approve: { step: "Approver", verb: "approve" },
      finalApprove: { step: "Final approver", verb: "approve" },
      accountingApprove: { step: "Accounting approver", verb: "approve" },
      deny: { step: "Denial", verb: "deny" },
    },
  },
});
export type RevisionAction = keyof typeof revisionWorkflow.actions;
export const REVISION_ACTIONS = Object.keys(revisionWorkflow.actions) as [RevisionAction, ...RevisionAction[]];

export const REVISION_ACTION_LABELS: Record<RevisionAction, string> = {
  submit: "Submit for endorsement",
  endorse: "Endorse",
  approve: "Approve",
  finalApprove: "Final approve",
  accountingApprove: "Approve charges",
  deny: "Deny",
  cancel: "Cancel",
};

/** Who may take the step a revision waits at: the flag that shows it in the approver list. */
export function waitsFor(r: { status: RevisionStatus; chargesChange: boolean }): keyof RevisionFlags | null {
  if (r.status === "For Endorse") return "isEndorser";
  if (r.status === "For Approval") return "isApprover";
  if (r.status === "Management Approved") return r.chargesChange ? "isAcctngApprover" : "isBCFinalApprover";
  return null;
}

/**
 * The actions a user may take on a revision now: the workflow's rule for the status and role, the draft's moves and
 * the cancel only for its drafter, the approvals never for its drafter, the last step by the flag the charges name.
 */
export function actionsFor(
  r: { status: RevisionStatus; requestedBy: string; chargesChange: boolean; actedBy: readonly string[] },
  actor: WorkflowActor & { userId: string },
): RevisionAction[] {
  const same = (a: string | null | undefined) => !!a && a.toLowerCase() === actor.userId.toLowerCase();
  const drafter = same(r.requestedBy);
  const acted = r.actedBy.some(same);
  return REVISION_ACTIONS.filter((action) => {
    const rule = revisionWorkflow.actions[action];
    if (!rule.from.includes(r.status) || !rule.allowed(actor)) return false;
    if (action === "submit" || action === "cancel") return drafter;
    if (drafter || acted) return false;
    if (action === "finalApprove") return !r.chargesChange;
    if (action === "accountingApprove") return r.chargesChange;
    if (action === "deny") {
      const flag = waitsFor(r);
      if (flag === "isEndorser") return endorser(actor);
      if (flag === "isApprover") return approver(actor);
      return r.chargesChange ? accountingApprover(actor) : finalApprover(actor);
    }
    return true;
  });
}

export const REVISION_LISTS = ["draft", "forEndorse", "forApproval", "approved"] as const;
export type RevisionList = (typeof REVISION_LISTS)[number];

/** The list a revision is in now, where the screen goes after a move (an approved one, with datApproved, to approved). */
export function listOfStatus(status: RevisionStatus): RevisionList {
  if (status === "For Endorse") return "forEndorse";
  if (status === "For Approval" || status === "Management Approved") return "forApproval";
  if (status === "approved") return "approved";
  return "draft";
}

/** The fields a revision may propose, with their labels for the read page (before and after side by side). */
export const REVISION_FIELDS = {
  voyageNum: "Voyage",
  destinationBranchCode: "Destination",
  modeOfDelivery: "Service mode",
  consigneeCode: "Consignee code",
  consigneeName: "Consignee",
  consigneeEmail: "Consignee e-mail",
  consigneeContactNum: "Consignee contact no.",
  pickUpAddress: "Pick-up address",
  pickUpAreaCode: "Pick-up area",
  deliveryAddress: "Delivery address",
  deliveryAreaCode: "Delivery area",
  containerVanNum: "Container van",
  oldBookingRef: "Old booking reference",
  oldWaybillRef: "Old waybill reference",
  additionalCharges: "Added charges",
} as const;
export type RevisionField = keyof typeof REVISION_FIELDS;

/** The service modes a change may move a booking to: the bookings' modes of delivery (001 §4 Modes). */
export const REVISION_DELIVERY_MODES = ["DTD", "PTD", "PTP", "DTP"] as const;

/** Fields whose change re-prices the booking from its quotation. */
export const PRICED_FIELDS: readonly RevisionField[] = ["voyageNum", "destinationBranchCode", "modeOfDelivery", "pickUpAreaCode", "deliveryAreaCode", "additionalCharges"];

/** A proposed value as words: an address as its parts, added charges as code and amount. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value)) return value.map((c: { chargeCode?: string; amount?: string }) => `${c.chargeCode} ${c.amount}`).join(", ");
  if (typeof value === "object") return Object.values(value as Record<string, string>).map((p) => String(p).trim()).filter(Boolean).join(", ");
  return String(value);
}
