import { z } from "zod";
import { MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { DAMAGE_PARTS, DAMAGE_TYPES } from "../../../shared/reference-lists.ts";
import { VAN_IN_PAGE_SIZE, VAN_IN_STATES } from "./rules.ts";

/** Contracts of the van-in calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const vanInIdParam = z.object({ vanInId: required("vanInId", 40) });

export const vanInListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(VAN_IN_PAGE_SIZE),
  /** A van number or a waybill (or booking) reference, or part of one. */
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").default(""),
  /** Out: vans on an inbound CTS awaiting return; Returned: the van-ins made. Both when left out. */
  state: z.preprocess(blankIsAbsent, z.enum(VAN_IN_STATES, { error: `state must be one of ${VAN_IN_STATES.join(", ")}` }).optional()),
});
export type VanInListQuery = z.infer<typeof vanInListQuery>;

/** A damage found on a returned van, by the reference lists (001 §9). */
export const vanInDamage = z.object({
  /** Which van of a tandem; the waybill's (first) van when left out. */
  containerVanNum: z.string({ error: "containerVanNum must be text" }).trim().max(20, "containerVanNum can be at most 20 characters").default(""),
  vanPart: z.enum(DAMAGE_PARTS, { error: `vanPart must be one of: ${DAMAGE_PARTS.join(", ")}` }),
  damageType: z.enum(DAMAGE_TYPES, { error: `damageType must be one of: ${DAMAGE_TYPES.join(", ")}` }),
});
export type VanInDamage = z.infer<typeof vanInDamage>;

export const createVanInBody = z.object({
  wayBillRef: required("wayBillRef", 40),
  /**
   * When the empty van came back (an ISO timestamp with its offset); not in the future, not before it went out. Left
   * out, the moment the van-in is recorded.
   */
  dateReturned: z.iso.datetime({ offset: true, error: "dateReturned must be a date and time, e.g. 2025-05-08T11:00:00+08:00" }).optional(),
  /** The container yard of the branch the van returns to. */
  cyCode: required("cyCode", 30),
  /** The van numbers that came back: a tandem waybill names both of its vans; the waybill's van when left out. */
  tandemCodeIds: z.array(required("tandemCodeIds", 20), { error: "tandemCodeIds must be a list of van numbers" })
    .max(2, "A waybill has at most two vans (a tandem)").default([]),
  damages: z.array(vanInDamage, { error: "damages must be a list" }).max(50, "At most 50 damages on one van-in").default([]),
  remarks: z.string({ error: "remarks must be text" }).trim().max(500, "remarks can be at most 500 characters").default(""),
});
export type CreateVanInInput = z.infer<typeof createVanInBody>;

/** A row of the van-in screen: a van out awaiting return (no van-in yet), or a van-in made. */
export const vanInRow = z.object({
  state: z.enum(VAN_IN_STATES),
  /** Null while the van is out. */
  id: z.number().nullable(),
  vanInId: z.string().nullable(),
  wayBillRef: z.string(),
  bookingRef: z.string(),
  tandemBookingRef: z.string().nullable(),
  voyageNum: z.string(),
  branchCode: z.string(),
  consigneeName: z.string(),
  /** The waybill's van, and a tandem's second van. */
  containerVanNum: z.string(),
  tandemContainerVanNum: z.string(),
  size: z.string(),
  /** When the van went out on the inbound CTS (stage 8). */
  vanOut: z.string().nullable(),
  dateReturned: z.string().nullable(),
  cyCode: z.string().nullable(),
  cyName: z.string().nullable(),
  tandemCodeIds: z.array(z.string()),
  damages: z.array(z.object({ containerVanNum: z.string(), vanPart: z.string(), damageType: z.string() })),
  remarks: z.string(),
  detentionLastFreeDay: z.string().nullable(),
  detentionDays: z.number(),
  detentionAmount: z.string(),
  detentionProblem: z.string().nullable(),
  receivedBy: z.string().nullable(),
  receivedByName: z.string().nullable(),
});
export type VanInRow = z.infer<typeof vanInRow>;
