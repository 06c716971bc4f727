import { RELEASE_TYPES } from "../../../shared/cargo-lists.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

// The release types and the update line rule are the unload list's too (api/shared/cargo-lists.ts).
export { ADD_STATUS, MAX_UPDATE_LINES, OPEN_RELEASE, RELEASE_TYPES } from "../../../shared/cargo-lists.ts";
export type ReleaseType = (typeof RELEASE_TYPES)[number];

/** Load lists (001 §3 Release, §4 release types): a voyage's releases at its origin branch. Pure. */

const outboundStaff = (actor: WorkflowActor) => actor.menus.has("OUTBOUND");

export const releaseWorkflow = defineWorkflow({
  entity: "load-list-release",
  noun: "release",
  statuses: RELEASE_TYPES,
  actions: {
    release: { from: ["Partial Release"], to: "Final Release", who: "outbound staff", allowed: outboundStaff, notice: "Load list released successfully" },
    cancel: { from: ["Partial Release"], to: "Draft", who: "outbound staff", allowed: outboundStaff, notice: "Load list cancelled successfully" },
  },
});
export type ReleaseAction = keyof typeof releaseWorkflow.actions;

/** The series that numbers the releases at each origin branch: RL-MNL-2026-000001. */
export const RELEASE_SERIES = "RL";

/** The stage a booking's cargo reaches when its waybill goes on a load list (001 §4): 2, LoadList Created. */
export const LOAD_LIST_STAGE = 2;

/**
 * Where a voyage's loading stands, as the outbound voyage list shows it: nothing on its load list yet, waybills
 * on it, vans being counted onto the vessel, or the final tally made.
 */
export const LOADING_STATES = ["Not started", "On load list", "Tallying", "Final tally"] as const;
export type LoadingState = (typeof LOADING_STATES)[number];

export function loadingState(counts: { onList: number; counted: number; finalTallyAt: string | null }): LoadingState {
  if (counts.finalTallyAt) return "Final tally";
  if (counts.counted > 0) return "Tallying";
  if (counts.onList > 0) return "On load list";
  return "Not started";
}
