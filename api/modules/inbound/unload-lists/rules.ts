import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Unload lists (001 §3 Release, §4 release types with Cancelled): a voyage's releases at one of its ports of call,
 * the waybills for that branch taken off the vessel together. Pure: the web reads the types and rules from here.
 */

export { UNLOAD_RELEASE_TYPES, type UnloadReleaseType } from "../../../shared/cargo-lists.ts";

const inboundStaff = (actor: WorkflowActor) => actor.menus.has("INBOUND");

/**
 * The release types of the load list and Cancelled (001 §4): Partial Release while waybills are put on or taken
 * off, Final Release once released, Cancelled when it is called off. Draft, the load list's cancelled type, is
 * never reached on this side: an unload release is cancelled into Cancelled.
 */
export const unloadReleaseWorkflow = defineWorkflow({
  entity: "unload-list-release",
  noun: "release",
  statuses: ["Partial Release", "Final Release", "Cancelled"],
  actions: {
    release: { from: ["Partial Release"], to: "Final Release", who: "inbound staff", allowed: inboundStaff, notice: "Unload list released successfully" },
    cancel: { from: ["Partial Release"], to: "Cancelled", who: "inbound staff", allowed: inboundStaff, notice: "Unload list cancelled successfully" },
  },
});

/** The series that numbers the releases at each port of call: UL-CEB-2026-000001. */
export const UNLOAD_RELEASE_SERIES = "UL";

/** The stage a booking's cargo reaches when its waybill goes on an unload list (001 §4): 5, UnLoadList Created. */
export const UNLOAD_LIST_STAGE = 5;

/** The title of 000 §2 whose avatar reads IU. */
export const UNLOAD_LIST_TITLE = "Unload List";
/** The title of 000 §2 whose avatar reads IT. */
export const UNLOADING_TALLY_TITLE = "Unloading Tally Sheet";

/** Only a waybill loaded onto the vessel (the origin's final tally) is taken off it. */
export const UNLOADABLE_STATUS = "Loaded";
