import { defineWorkflow, type WorkflowActor } from "../../shared/workflow-definition.ts";

/**
 * Customer requests (001 §3, §4, §5, §8): the statuses and their workflow, the lists, the notices and the
 * redirects. Pure: the web reads it to know which buttons a user sees and where a save leads.
 */

export const CUSTOMER_REQUEST_STATUSES = ["Draft", "For Approval", "Approved", "Denied"] as const;
export type CustomerRequestStatus = (typeof CUSTOMER_REQUEST_STATUSES)[number];

/** A request for a customer the line does not have yet, or for a change to one it has. */
export const REQUEST_TYPES = ["New", "Change"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** The customer types of the customer master (who ships, who receives, or both). */
export const CUSTOMER_TYPES = ["SHIPPER", "CONSIGNEE", "BOTH"] as const;
export const CUSTOMER_TYPE_LABELS: Record<(typeof CUSTOMER_TYPES)[number], string> = {
  SHIPPER: "Shipper",
  CONSIGNEE: "Consignee",
  BOTH: "Shipper and consignee",
};

/** The series numbering requests at each branch: CRQ-MNL-2026-000001. */
export const CUSTOMER_REQUEST_SERIES = "CRQ";
/** The series numbering the customers an approval makes, at the request's branch: CUS-MNL-2026-000001. */
export const NEW_CUSTOMER_SERIES = "CUS";

export const CUSTOMER_REQUEST_PAGE_SIZE = 20;

/** The three lists of 001 §2, by the word the address ends with. */
export const CUSTOMER_REQUEST_LISTS = ["draft", "forApproval", "archive"] as const;
export type CustomerRequestList = (typeof CUSTOMER_REQUEST_LISTS)[number];

/** The notices staff read (001 §8 names the created and the deleted one). */
export const CUSTOMER_REQUEST_MESSAGES = {
  created: "Successfully Created Request Customer",
  updated: "Successfully Updated Request Customer",
  deleted: "Customer Request Deleted Successfully",
  archived: "Customer Request Archived Successfully",
} as const;

/** The title of its notifications: the bell shows them with the avatar CR (000 §2). */
export const CUSTOMER_REQUEST_TITLE = "Customer Request";

/** After a save the screen moves to its list after this long (001 §4). */
export const CUSTOMER_REQUEST_REDIRECT_MS = 1000;

/** The messages of 001 §5, with what to do about them. */
export const DETAIL_REQUIRED = "A customer request requires customer detail: add at least one address of the customer.";
export const EMAIL_REQUIRED = "Customer email is required.";

const salesStaff = (a: WorkflowActor) => a.menus.has("CUSTOMER");
const approver = (a: WorkflowActor) => a.menus.has("CUSTOMER") && a.capabilities.has("APPROVER");

/** Whether the caller is an approver of customer requests (the isApprover of 001 §6). */
export const isApprover = approver;

/**
 * Draft → For Approval → Approved or Denied; a denied request goes back to draft to be changed and sent again.
 * One approval step, under four eyes: whoever drafted a request, and whoever sent it for approval, never approve
 * or deny it.
 */
export const customerRequestWorkflow = defineWorkflow({
  entity: "customer-request",
  noun: "customer request",
  statuses: CUSTOMER_REQUEST_STATUSES,
  actions: {
    submit: { from: ["Draft"], to: "For Approval", who: "sales staff", allowed: salesStaff, notice: "Customer request sent for approval" },
    approve: { from: ["For Approval"], to: "Approved", who: "an approver", allowed: approver, notice: "Customer request approved" },
    deny: { from: ["For Approval"], to: "Denied", who: "an approver", allowed: approver, notice: "Customer request denied" },
    moveToDraft: { from: ["Denied"], to: "Draft", who: "sales staff", allowed: salesStaff, notice: "Customer request moved to draft" },
  },
  approvals: {
    startedBy: ["submit"],
    steps: {
      approve: { step: "Approver", verb: "approve" },
      deny: { step: "Approver", verb: "deny" },
    },
  },
});
export type CustomerRequestAction = keyof typeof customerRequestWorkflow.actions;
export const CUSTOMER_REQUEST_ACTIONS = Object.keys(customerRequestWorkflow.actions) as [CustomerRequestAction, ...CustomerRequestAction[]];

/** Where a request is listed: put away once archived; else waiting for approval, or still being worked on. */
export function listOf(request: { status: CustomerRequestStatus; isArchive: boolean }): CustomerRequestList {
  if (request.isArchive) return "archive";
  return request.status === "For Approval" ? "forApproval" : "draft";
}

/** The statuses each list shows (archived requests only in the archive). */
export const LIST_STATUSES: Record<CustomerRequestList, readonly CustomerRequestStatus[]> = {
  draft: ["Draft", "Denied"],
  forApproval: ["For Approval"],
  archive: CUSTOMER_REQUEST_STATUSES,
};

/** The list a save returns to (001 §4): a request saved as For Approval to the approval list, any other to drafts. */
export function listAfterSave(status: CustomerRequestStatus): CustomerRequestList {
  return status === "For Approval" ? "forApproval" : "draft";
}

/** Only a draft is changed or deleted; a denied one is moved back to draft first. */
export const EDITABLE: readonly CustomerRequestStatus[] = ["Draft"];
/** What may be archived by hand: a draft given up, or a denied request not sent again (an approved one is archived by its approval). */
export const ARCHIVABLE: readonly CustomerRequestStatus[] = ["Draft", "Denied"];
