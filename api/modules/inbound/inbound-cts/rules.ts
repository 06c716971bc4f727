import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/** Inbound transfer slips (001 §3 CTS, §4 stage 8): statuses, the series, the page size and the stages. Pure. */

export const INBOUND_CTS_STATUSES = ["Issued", "Cancelled"] as const;
export type InboundCtsStatus = (typeof INBOUND_CTS_STATUSES)[number];

/** Rows per page of the inbound CTS list (as the CRO and van-in lists, 001 §9). */
export const INBOUND_CTS_PAGE_SIZE = 20;

/** The series that numbers the slips at each destination branch: ICTS-CEB-2026-000001. */
export const INBOUND_CTS_SERIES = "ICTS";

/** The cargo stage the slip records (001 §4): 8, Inbound CTS Issued (van-out). */
export const INBOUND_CTS_STAGE = 8;
/** The stage the cargo must have reached: 7, CRO Created. */
export const RELEASED_STAGE = 7;
/** The stage after which a slip can no longer be cancelled: 9, Van-In. */
export const VAN_IN_STAGE = 9;

/** The notices' title (the port's inbound staff are told of every slip issued or cancelled). */
export const INBOUND_CTS_TITLE = "Inbound CTS";

/** How far ahead of the server's clock a time out may be given (a device clock a little fast). */
export const TIME_OUT_LEEWAY_MS = 5 * 60_000;

const inboundStaff = (actor: WorkflowActor) => actor.menus.has("INBOUND");

export const inboundCtsWorkflow = defineWorkflow({
  entity: "inbound-cts",
  noun: "inbound transfer slip",
  statuses: INBOUND_CTS_STATUSES,
  actions: {
    cancel: { from: ["Issued"], to: "Cancelled", who: "inbound staff", allowed: inboundStaff, notice: "Inbound CTS cancelled successfully" },
  },
});
