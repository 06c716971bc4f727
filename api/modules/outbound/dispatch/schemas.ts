import { z } from "zod";
import { dateModifiedField, MAX_TAKE } from "../../../shared/contracts.ts";
import { DISPATCH_DIRECTIONS, DISPATCH_PAGE_SIZE, DISPATCH_STATUSES } from "./rules.ts";

/** Contracts of the dispatch list calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);

export const dispatchNumParam = z.object({ dispatchNum: required("dispatchNum", 40) });

/** Which door bookings a list is of: a voyage at a branch (outbound: the voyage's origin, which it defaults to). */
export const dispatchScopeQuery = z.object({
  voyageNum: required("voyageNum", 40),
  branchCode: text("branchCode", 20).default(""),
});
export type DispatchScopeQuery = z.infer<typeof dispatchScopeQuery>;

export const createDispatchBody = dispatchScopeQuery.extend({
  remarks: text("remarks", 500).default(""),
});
export type CreateDispatchInput = z.infer<typeof createDispatchBody>;

/** Sending carries the dateModified the sender read, and may say a word to the team. */
export const sendDispatchBody = z.object({
  dateModified: dateModifiedField,
  remarks: text("remarks", 500).optional(),
});
export type SendDispatchInput = z.infer<typeof sendDispatchBody>;

export const archiveDispatchBody = z.object({ dateModified: dateModifiedField });

/** The lists in work (Draft and Sent) or the archive, by voyage, with a search. */
export const dispatchListQuery = z.object({
  skip: z.number({ error: "skip must be a whole number" }).int("skip must be a whole number").min(0, "skip cannot be negative").max(1_000_000).default(0),
  take: z.number({ error: "take must be a whole number" }).int("take must be a whole number").min(1, "take must be at least 1")
    .max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(DISPATCH_PAGE_SIZE),
  view: z.enum(["current", "archive"], { error: "view must be current or archive" }).default("current"),
  voyageNum: text("voyageNum", 40).default(""),
  search: text("search", 100).default(""),
});
export type DispatchListQuery = z.infer<typeof dispatchListQuery>;

/** A line of a dispatch list (001 §3 delivery list line). */
export const dispatchLine = z.object({
  bookingRef: z.string(),
  bookingDate: z.string(),
  customer: z.string(),
  destination: z.string(),
  address: z.string(),
  modeOfDelivery: z.string(),
  remarks: z.string(),
});

export const dispatchRow = z.object({
  id: z.number(),
  dispatchNum: z.string(),
  direction: z.enum(DISPATCH_DIRECTIONS),
  status: z.enum(DISPATCH_STATUSES),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  /** A draft's lines as the bookings stand now; a sent list's lines as they were sent. */
  lines: z.array(dispatchLine),
  remarks: z.string(),
  dateSent: z.string().nullable(),
  sentBy: z.string().nullable(),
  dateArchived: z.string().nullable(),
  archivedBy: z.string().nullable(),
  userCreated: z.string(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type DispatchRow = z.infer<typeof dispatchRow>;
