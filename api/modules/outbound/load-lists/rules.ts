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

/** Rows per page of the outbound voyage list. */
export const VOYAGE_PAGE_SIZE = 20;

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

/**
 * The name of a voyage workbook's sheet (001 §9): the voyage's remarks, its number, its routes and the date of its
 * final tally (YYYY-MM-DD in Manila), joined by spaces. Excel allows 31 characters and none of []:*?/\ (those
 * become spaces), so a name too long is made shorter step by step until it fits: the remarks are left out, the
 * date is written YYMMDD, the route leaves out the origin the voyage number already names (MNL-CEB-DVO as
 * CEB-DVO), and the number its series prefix (VOY-MNL-2026-000003 as MNL-2026-000003: branch, year and serial
 * always stay whole); only what is still too long after that is cut at 31.
 */
export function voyageSheetName(parts: { remarks: string; voyageNum: string; routes: string; finalTally: string | null }): string {
  const clean = (text: string) => text.replace(/[[\]:*?/\\]/g, " ").replace(/\s+/g, " ").trim();
  const remarks = clean(parts.remarks);
  let voyage = clean(parts.voyageNum);
  let routes = clean(parts.routes);
  let date = parts.finalTally ? clean(parts.finalTally) : "";
  const join = (...texts: string[]) => texts.filter(Boolean).join(" ");
  const fits = (name: string) => name.length <= 31;
  if (fits(join(remarks, voyage, routes, date))) return join(remarks, voyage, routes, date) || "Sheet1";
  const steps = [
    () => {
      date = date.replace(/^\d\d(\d\d)-(\d\d)-(\d\d)$/, "$1$2$3");
    },
    () => {
      const origin = /^[A-Z]+-([A-Z]{3})-/i.exec(voyage)?.[1];
      if (origin && routes.toUpperCase().startsWith(`${origin.toUpperCase()}-`)) routes = routes.slice(origin.length + 1);
    },
    () => {
      voyage = voyage.replace(/^[A-Z]+-(?=[A-Z]{3}-\d{4}-)/i, "");
    },
  ];
  for (const step of steps) {
    if (fits(join(voyage, routes, date))) break;
    step();
  }
  return join(voyage, routes, date).slice(0, 31).trim() || "Sheet1";
}
