import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { CRO_PAGE_SIZE, CRO_STATUSES } from "./rules.ts";

/** Contracts of the cargo release order calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const croIdParam = z.object({ cargorReleaseOrderId: required("cargorReleaseOrderId", 40) });

export const croListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(CRO_PAGE_SIZE),
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").default(""),
  status: z.preprocess(blankIsAbsent, z.enum(CRO_STATUSES, { error: `status must be one of ${CRO_STATUSES.join(", ")}` }).optional()),
});
export type CroListQuery = z.infer<typeof croListQuery>;

export const createCroBody = z.object({
  wayBillRef: required("wayBillRef", 40),
  remarks: z.string({ error: "remarks must be text" }).trim().max(500, "remarks can be at most 500 characters").default(""),
});
export type CreateCroInput = z.infer<typeof createCroBody>;

export const clearCroBody = z.object({
  dateModified: dateModifiedField,
  /** The container yard the van is pulled out of (CY pull-out). */
  cyPullOutCode: required("cyPullOutCode", 40),
});
export type ClearCroInput = z.infer<typeof clearCroBody>;

/** A release order as the list, the read and the printout show it. */
export const croRow = z.object({
  id: z.number(),
  cargorReleaseOrderId: z.string(),
  status: z.enum(CRO_STATUSES),
  /** 001 §3: the cleared flag. */
  cleared: z.boolean(),
  wayBillRef: z.string(),
  bookingRef: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  branchCode: z.string(),
  originBranchCode: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  sealNum: z.string(),
  size: z.string(),
  goods: z.string(),
  modeOfPayment: z.string(),
  paidReason: z.string(),
  storageRate: z.string(),
  storageTeu: z.string(),
  storageDueDate: z.string().nullable(),
  storagePerDay: z.string().nullable(),
  storageAmount: z.string(),
  /** 001 §9: the release order note with the storage fee per TEU per day. */
  note: z.string(),
  remarks: z.string(),
  dateReleased: z.string(),
  releasedBy: z.string(),
  releasedByName: z.string(),
  cyPullOutCode: z.string().nullable(),
  cyPullOutName: z.string().nullable(),
  clearedBy: z.string().nullable(),
  clearedByName: z.string().nullable(),
  dateCleared: z.string().nullable(),
  dateModified: z.string(),
});
export type CroRow = z.infer<typeof croRow>;

/** A waybill discharged at the caller's branch with no release order yet, and whether accounting answers it paid. */
export const croCandidateRow = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  voyageNum: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  modeOfPayment: z.string(),
  paid: z.boolean(),
  /** Accounting's answer for the side that is not paid, or how it is settled. */
  paidReason: z.string(),
});
export type CroCandidateRow = z.infer<typeof croCandidateRow>;
