import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/** Load lists (001 §3 Release, §4 release types): a voyage's releases at its origin branch. Pure. */

/**
 * The release type is the release's status (001 §4): Partial Release while waybills are put on it or taken off,
 * Final Release once it is released, Draft when it was cancelled (its waybills are then off the list). The
 * first is the one a new release starts in.
 */
export const RELEASE_TYPES = ["Partial Release", "Final Release", "Draft"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

/** The release type whose waybills may still change. */
export const OPEN_RELEASE: ReleaseType = "Partial Release";

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

/** A load list update line with this status puts the waybill on the release; any other status takes it off (001 §4). */
export const ADD_STATUS = "add";

/** At most this many waybills change in one update. */
export const MAX_UPDATE_LINES = 200;

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
