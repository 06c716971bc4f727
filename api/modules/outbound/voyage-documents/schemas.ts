import { z } from "zod";
import { MAX_TAKE } from "../../../shared/contracts.ts";
import { LOADING_STATES } from "../load-lists/rules.ts";
import { OUTBOUND_VOYAGE_PAGE_SIZE } from "./rules.ts";

/**
 * Contracts of the outbound voyage list (the one list staff load, stow, report and reguide voyages from) and the
 * voyage's documents; zod and pure modules only, so the web app uses them.
 */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

export const voyageNumParam = z.object({ voyageNum: required("voyageNum", 40) });

export const outboundVoyageListQuery = z.object({
  skip: z.number({ error: "skip must be a whole number" }).int("skip must be a whole number").min(0, "skip cannot be negative").max(1_000_000).default(0),
  take: z.number({ error: "take must be a whole number" }).int("take must be a whole number").min(1, "take must be at least 1")
    .max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(OUTBOUND_VOYAGE_PAGE_SIZE),
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").default(""),
  /** Only the voyages leaving from or calling at this branch (one of the caller's). */
  branchCode: z.string({ error: "branchCode must be text" }).trim().max(20, "branchCode can be at most 20 characters").default(""),
  /** Only the voyages whose loading stands here. */
  state: z.enum(LOADING_STATES, { error: `state must be one of: ${LOADING_STATES.join(", ")}` }).optional(),
});
export type OutboundVoyageListQuery = z.infer<typeof outboundVoyageListQuery>;

export const outboundVoyageRow = z.object({
  id: z.number(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselCode: z.string(),
  vesselName: z.string(),
  routeCode: z.string(),
  originBranchCode: z.string(),
  originBranchName: z.string(),
  destinations: z.array(z.object({ branchCode: z.string(), branchName: z.string(), estimatedTimeArrival: z.string() })),
  estimatedTimeDeparture: z.string(),
  remarks: z.string(),
  isActive: z.boolean(),
  /** When the loading's final tally was made, or null before. */
  finalTallyAt: z.string().nullable(),
  /** Waybills on the voyage that are not cancelled. */
  waybills: z.number(),
  /**
   * Whether the caller works at the voyage's origin: its load list, tally sheets, stowage, reguiding and pick-up
   * lists are the origin's work; the staff of a port of call read its reports.
   */
  atOrigin: z.boolean(),
  /** Where its loading stands: waybills still Draft (waiting for a release), on the load list and loaded. */
  waiting: z.number(),
  onList: z.number(),
  loaded: z.number(),
  /** Vans counted on its loading tally sheets (full and empty), and of them the ones placed in a slot of its plan. */
  counted: z.number(),
  placed: z.number(),
  planStarted: z.boolean(),
  state: z.enum(LOADING_STATES),
  dateModified: z.string(),
});
export type OutboundVoyageRow = z.infer<typeof outboundVoyageRow>;

/** What the Reports panel shows before anything is downloaded: the header and how much each report holds. */
export const voyageReportSummary = z.object({
  header: z.object({
    voyageNum: z.string(),
    voyageRef: z.string(),
    voyageBranches: z.array(z.string()),
    vessel: z.string(),
    routes: z.string(),
    remarks: z.string(),
    finalTally: z.string().nullable(),
    estimatedTimeDeparture: z.string(),
    origin: z.string(),
    destinations: z.array(z.object({ branchCode: z.string(), branchName: z.string(), estimatedTimeArrival: z.string() })),
  }),
  /** The tab name the workbooks carry (001 §9 sheet name rule). */
  sheetName: z.string(),
  waybills: z.number(),
  onBoard: z.number(),
  empties: z.number(),
  teu: z.number(),
});
export type VoyageReportSummary = z.infer<typeof voyageReportSummary>;
