import { defineWorkflow, type TransitionRule, type WorkflowActor } from "../../shared/workflow-definition.ts";

/**
 * The approval chain of a quotation (001 §4): the account executive submits, the sales manager, the auditor
 * and the finance approver each approve or deny in turn. A denied quotation goes back to its AE, who moves it
 * to draft or submits it again. Each role acts only at its own step, and four eyes hold on the chain (see
 * `approvals`): the quotation's drafter approves or denies at no step, and one person at no more than one step.
 */
export const SQ_STATUSES = [
  "Draft",
  "For Approval",
  "SM Approved",
  "SM Denied",
  "AUD Approved",
  "AUD Denied",
  "FA Approved",
  "FA Denied",
  "Cancelled",
  "Expired",
  "Amended",
  "Deactivated",
  "Archived",
] as const;
export type SqStatus = (typeof SQ_STATUSES)[number];

const DENIED = ["SM Denied", "AUD Denied", "FA Denied"] as const;

/** Where the AE may still change lanes, charges and terms: before submitting, or after a denial. */
export const EDITABLE_STATUSES: readonly SqStatus[] = ["Draft", ...DENIED];

/** Closed quotations that may be put away in the archive. */
export const ARCHIVABLE_STATUSES: readonly SqStatus[] = ["Cancelled", "Expired", "Amended", "Deactivated", ...DENIED];

/** Statuses a quotation can still expire from: anything not already closed. */
export const EXPIRABLE_STATUSES: readonly SqStatus[] = [
  "Draft", "For Approval", "SM Approved", "SM Denied", "AUD Approved", "AUD Denied", "FA Approved", "FA Denied",
];

/** One approver's step: approve or deny a quotation waiting at `from`, for holders of `capability`. */
function review<const P extends string, R extends "SM" | "AUD" | "FA">(
  prefix: P,
  role: R,
  from: SqStatus,
  who: string,
  capability: string,
  approvedNotice: string,
) {
  const allowed = (a: WorkflowActor) => a.capabilities.has(capability);
  return {
    [`${prefix}Approve`]: { from: [from], to: `${role} Approved`, who, allowed, notice: approvedNotice },
    [`${prefix}Deny`]: { from: [from], to: `${role} Denied`, who, allowed, notice: "Sales quotation denied" },
  } as unknown as Record<`${P}Approve` | `${P}Deny`, TransitionRule<SqStatus>>;
}

export const salesQuotationFlow = defineWorkflow({
  entity: "sales-quotation",
  noun: "quotation",
  statuses: SQ_STATUSES,
  actions: {
    submit: {
      from: ["Draft", ...DENIED], to: "For Approval", who: "its account executive",
      allowed: (a) => a.capabilities.has("SQ_AE"), notice: "Sales quotation submitted for approval",
    },
    moveToDraft: {
      from: [...DENIED], to: "Draft", who: "its account executive",
      allowed: (a) => a.capabilities.has("SQ_AE"), notice: "Sales quotation moved to draft",
    },
    cancel: {
      from: ["Draft", "For Approval", ...DENIED], to: "Cancelled", who: "its account executive",
      allowed: (a) => a.capabilities.has("SQ_AE"), notice: "Sales quotation cancelled",
    },
    ...review("sm", "SM", "For Approval", "a sales manager", "SQ_SM", "Sales quotation approved"),
    ...review("aud", "AUD", "SM Approved", "an auditor", "SQ_AUD", "Sales quotation approved and forwarded to finance"),
    ...review("fa", "FA", "AUD Approved", "a finance approver", "SQ_FA", "Sales quotation approved"),
    amend: {
      from: ["FA Approved"], to: "Amended", who: "its account executive",
      allowed: (a) => a.capabilities.has("SQ_AE"), notice: "Sales quotation amended; the amendment is a new draft",
    },
    deactivate: {
      from: ["FA Approved"], to: "Deactivated", who: "a finance approver or sales branch manager",
      allowed: (a) => a.capabilities.has("SQ_FA") || a.capabilities.has("SQ_SBM"), notice: "Sales quotation deactivated",
    },
    /**
     * Validity ended: the daily job and sales staff's "expire now" move every due quotation at once. No status
     * update accepts it (see STATUS_UPDATE_ACTIONS) and no button offers it.
     */
    expire: {
      from: [...EXPIRABLE_STATUSES], to: "Expired", who: "the daily expiry or sales staff",
      allowed: (a) => a.menus.has("SALESQUOTATION"), notice: "Sales quotation expired",
    },
    archive: {
      from: [...ARCHIVABLE_STATUSES], to: "Archived", who: "its account executive or a sales branch manager",
      allowed: (a) => a.capabilities.has("SQ_AE") || a.capabilities.has("SQ_SBM"), notice: "Sales quotation archived!",
    },
  },
  /**
   * Each submit starts a new chain: after a denial the AE changes the quotation and submits it again, and its
   * approvers start afresh (someone who acted at one step of the denied round may act at another step now).
   */
  approvals: {
    startedBy: ["submit"],
    steps: {
      smApprove: { step: "SM", verb: "approve" },
      smDeny: { step: "SM", verb: "deny" },
      audApprove: { step: "AUD", verb: "approve" },
      audDeny: { step: "AUD", verb: "deny" },
      faApprove: { step: "FA", verb: "approve" },
      faDeny: { step: "FA", verb: "deny" },
    },
  },
});
export type SqAction = keyof typeof salesQuotationFlow.actions;
export const SQ_ACTIONS = Object.keys(salesQuotationFlow.actions) as [SqAction, ...SqAction[]];

/** Who is told once an action is done: the next approver's capability, or the quotation's own AE. */
export const NEXT_IN_LINE: Record<SqAction, "SQ_SM" | "SQ_AUD" | "SQ_FA" | "owner" | null> = {
  submit: "SQ_SM",
  smApprove: "SQ_AUD",
  audApprove: "SQ_FA",
  faApprove: "owner",
  smDeny: "owner",
  audDeny: "owner",
  faDeny: "owner",
  moveToDraft: null,
  cancel: null,
  amend: null,
  deactivate: "owner",
  expire: null,
  archive: null,
};

/** The actions a status update (updateSqStatusWthSBMV2) may carry; the others have calls of their own. */
export const STATUS_UPDATE_ACTIONS = [
  "submit",
  "moveToDraft",
  "cancel",
  "smApprove",
  "smDeny",
  "audApprove",
  "audDeny",
  "faApprove",
  "faDeny",
] as const satisfies readonly SqAction[];

/** Which statuses each role's list shows (000 §6, 001 §6). */
export const LIST_STATUSES = {
  AE: [...SQ_STATUSES],
  SM: ["For Approval"],
  AUD: ["SM Approved"],
  FA: ["AUD Approved"],
  SBM: [...SQ_STATUSES],
  Archive: ["Archived"],
} as const satisfies Record<string, readonly SqStatus[]>;
export type SqList = keyof typeof LIST_STATUSES;

export const SQ_LISTS = Object.keys(LIST_STATUSES) as SqList[];

/** The capability each role's list belongs to. */
export const LIST_CAPABILITY = {
  AE: "SQ_AE",
  SM: "SQ_SM",
  AUD: "SQ_AUD",
  FA: "SQ_FA",
  SBM: "SQ_SBM",
  Archive: "SALESQUOTATION",
} as const satisfies Record<SqList, string>;
