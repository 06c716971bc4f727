import { z } from "zod";
import { dateModifiedField, MAX_TAKE } from "../../../shared/contracts.ts";
import { DAMAGE_PARTS, DAMAGE_TYPES } from "../../../shared/reference-lists.ts";
import { CTS_PAGE_SIZE, CTS_STATUSES, TO_PARTIES, VAN_STATUSES } from "./rules.ts";

/** Contracts of the outbound CTS calls; zod and pure modules only, so the web app uses them as they are. */

const code = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

export const ctsNumField = required("ctsNum", 40);
export const ctsNumParam = z.object({ ctsNum: ctsNumField });

export const damageLine = z.object({
  vanPart: z.enum(DAMAGE_PARTS, { error: `vanPart must be one of: ${DAMAGE_PARTS.join(", ")}` }),
  damageType: z.enum(DAMAGE_TYPES, { error: `damageType must be one of: ${DAMAGE_TYPES.join(", ")}` }),
});

/** What staff fill in to issue a slip for a booking whose ATW is issued. */
export const issueCtsBody = z.object({
  bookingRef: required("bookingRef", 40),
  isShipperOwned: z.boolean({ error: "isShipperOwned must be true or false" }).default(false),
  /** One of the branch's free vans, or the number of the shipper's own van. */
  containerVanNum: text("containerVanNum", 20),
  /** Only for a shipper's van whose number fails the ISO 6346 check: why it is accepted anyway. */
  numberOverrideReason: text("numberOverrideReason", 300),
  truckingCode: code("truckingCode"),
  plateNum: required("plateNum", 30),
  driver: required("driver", 80),
  /** The yard the van leaves; the van's own yard when left out. */
  fromCyCode: z.preprocess((v) => (v === "" ? undefined : v), code("fromCyCode").optional()),
  toParty: z.enum(TO_PARTIES, { error: "toParty must be Shipper or Consignee" }),
  /** The name the slip is made out to; the booking's shipper or consignee when left out. */
  toName: text("toName", 120),
  vanStatus: z.enum(VAN_STATUSES, { error: `vanStatus must be one of: ${VAN_STATUSES.join(", ")}` }),
  damages: z.array(damageLine, { error: "damages must be a list" }).max(50, "At most 50 damages on one van").default([]),
  vanLocator: text("vanLocator", 80),
  vanLocatorAmount: z.union([z.string(), z.number()], { error: "vanLocatorAmount must be a number" })
    .transform((v) => String(v).trim() || "0")
    .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "vanLocatorAmount must be an amount of at most 2 decimals, not negative"))
    .default("0"),
  remarks: text("remarks", 500),
});
export type IssueCtsInput = z.infer<typeof issueCtsBody>;

export const cancelCtsBody = z.object({
  dateModified: dateModifiedField,
});

export const ctsListQuery = z.object({
  skip: z.number({ error: "skip must be a whole number" }).int("skip must be a whole number").min(0, "skip cannot be negative").max(1_000_000).default(0),
  take: z.number({ error: "take must be a whole number" }).int("take must be a whole number").min(1, "take must be at least 1")
    .max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(CTS_PAGE_SIZE),
  search: text("search", 100),
  status: z.enum(CTS_STATUSES, { error: "status must be Issued or Cancelled" }).optional(),
  branchCode: z.preprocess((v) => (v === "" ? undefined : v), code("branchCode").optional()),
});
export type CtsListQuery = z.infer<typeof ctsListQuery>;

export const ctsRow = z.object({
  id: z.number(),
  ctsNum: z.string(),
  status: z.enum(CTS_STATUSES),
  bookingRef: z.string(),
  branchCode: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  destinationBranchCode: z.string(),
  containerVanNum: z.string(),
  isShipperOwned: z.boolean(),
  numberOverrideReason: z.string().nullable(),
  numberOverrideBy: z.string().nullable(),
  truckingCode: z.string(),
  truckerName: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  fromCyCode: z.string(),
  fromCyName: z.string(),
  toParty: z.enum(TO_PARTIES),
  toName: z.string(),
  vanStatus: z.string(),
  damages: z.array(damageLine),
  vanLocator: z.string(),
  vanLocatorAmount: z.string(),
  remarks: z.string(),
  dateIssued: z.string(),
  issuedBy: z.string(),
  dateCancelled: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  dateModified: z.string(),
});
export type CtsRow = z.infer<typeof ctsRow>;

/** A booking whose ATW is issued and that has no slip yet: what the issue form offers. */
export const ctsCandidateRow = z.object({
  bookingRef: z.string(),
  voyageNum: z.string(),
  branchCode: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  destinationBranchCode: z.string(),
  truckingCode: z.string().nullable(),
  plateNum: z.string(),
  goods: z.string(),
  quantityTeu: z.number(),
});
