import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";
import { CONTAINER_VAN_CONDITIONS } from "../../../shared/reference-lists.ts";

/** Outbound transfer slips (001 §3 CTS): statuses, van statuses and the list's page size. Pure. */

export const CTS_STATUSES = ["Issued", "Cancelled"] as const;
export type CtsStatus = (typeof CTS_STATUSES)[number];

/** A van leaves in one of the conditions of the reference list, or Damaged (001 §4): then its damages are listed. */
export const DAMAGED = "Damaged";
export const VAN_STATUSES = [...CONTAINER_VAN_CONDITIONS, DAMAGED] as const;
export type VanStatus = (typeof VAN_STATUSES)[number];

/** Where the van goes: to the shipper for stuffing, or straight to the consignee. */
export const TO_PARTIES = ["Shipper", "Consignee"] as const;

/** Rows per page of the CTS list (001 §9). */
export const CTS_PAGE_SIZE = 10;

/** The series that numbers the slips at each origin branch: CTS-MNL-2026-000001. */
export const CTS_SERIES = "CTS";

const outboundStaff = (actor: WorkflowActor) => actor.menus.has("OUTBOUND");

export const ctsWorkflow = defineWorkflow({
  entity: "outbound-cts",
  noun: "transfer slip",
  statuses: CTS_STATUSES,
  actions: {
    cancel: { from: ["Issued"], to: "Cancelled", who: "outbound staff", allowed: outboundStaff, notice: "Outbound CTS cancelled successfully" },
  },
});
