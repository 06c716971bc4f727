import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Dispatch lists (001 §4: sent, archived, read from the archive): the door bookings of a voyage at a branch,
 * handed to the dispatch team. Pure.
 */

/** Outbound: the pick-ups at the voyage's origin. Inbound: the deliveries at a port of call, once released. */
export const DISPATCH_DIRECTIONS = ["Outbound", "Inbound"] as const;
export type DispatchDirection = (typeof DISPATCH_DIRECTIONS)[number];

/**
 * Draft while it is made (its lines are read afresh from the bookings each time), Sent once the team was told
 * (its lines are kept as they were sent), Archived when the trucks are done with it.
 */
export const DISPATCH_STATUSES = ["Draft", "Sent", "Archived"] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

/** The lists in work, and the archive that is read afterwards. */
export const DISPATCH_VIEWS = { current: ["Draft", "Sent"], archive: ["Archived"] } as const satisfies Record<string, readonly DispatchStatus[]>;

/** Which staff handle a direction's dispatch lists: the outbound menu for pick-ups, the inbound menu for deliveries. */
export const DISPATCH_MENU = { Outbound: "OUTBOUND", Inbound: "INBOUND" } as const satisfies Record<DispatchDirection, string>;

const dispatchStaff = (actor: WorkflowActor) => actor.menus.has("OUTBOUND") || actor.menus.has("INBOUND");

export const dispatchWorkflow = defineWorkflow({
  entity: "dispatch-list",
  noun: "dispatch list",
  statuses: DISPATCH_STATUSES,
  actions: {
    send: { from: ["Draft"], to: "Sent", who: "dispatch staff", allowed: dispatchStaff, notice: "Dispatch list sent successfully" },
    archive: { from: ["Sent"], to: "Archived", who: "dispatch staff", allowed: dispatchStaff, notice: "Dispatch list archived successfully" },
  },
});

/** The series that numbers a branch's dispatch lists: DL-MNL-2026-000001. */
export const DISPATCH_SERIES = "DL";

/** Rows per page of the dispatch lists. */
export const DISPATCH_PAGE_SIZE = 20;

/** The list's title, as the notice and the e-mail name it: "Pick-up list" outbound, "Delivery list" inbound. */
export const dispatchTitle = (direction: DispatchDirection) => (direction === "Outbound" ? "Pick-up list" : "Delivery list");

/** The screen a direction's lists are on (a key of PAGES), where a notice links to. */
export const DISPATCH_PAGE = { Outbound: "outboundDispatch", Inbound: "inboundDispatch" } as const satisfies Record<DispatchDirection, string>;

/** Cargo stage 7, CRO Created: a door delivery goes on an inbound list only once its cargo is released. */
export const RELEASED_STAGE = 7;
