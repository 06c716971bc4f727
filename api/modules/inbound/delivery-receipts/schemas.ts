import { z } from "zod";
import { MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { CDR_PAGE_SIZE } from "./rules.ts";

/** Contracts of the cargo delivery receipt calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const cdrIdParam = z.object({ cargoDeliveryReceiptId: required("cargoDeliveryReceiptId", 40) });

export const cdrListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(CDR_PAGE_SIZE),
  search: text("search", 100),
});
export type CdrListQuery = z.infer<typeof cdrListQuery>;

export const createCdrBody = z.object({
  wayBillRef: required("wayBillRef", 40),
  /** When the consignee received the cargo; now when left out. Not in the future nor before the van left. */
  dateReleased: z.preprocess(blankIsAbsent, z.iso.datetime({ offset: true, error: "dateReleased must be an ISO date-time with its offset" }).optional()),
  /** The consignee's delivery area; the waybill's consignee area when left out. */
  consigneeAreaName: text("consigneeAreaName", 120),
  /** Who received the cargo for the consignee. */
  receivedBy: required("receivedBy", 120),
  remarks: text("remarks", 500),
});
export type CreateCdrInput = z.infer<typeof createCdrBody>;

export const cdrRow = z.object({
  id: z.number(),
  cargoDeliveryReceiptId: z.string(),
  wayBillRef: z.string(),
  bookingRef: z.string(),
  ctsNum: z.string(),
  branchCode: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  consigneeAreaName: z.string(),
  containerVanNum: z.string(),
  sealNum: z.string(),
  goods: z.string(),
  truckerName: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  receivedBy: z.string(),
  remarks: z.string(),
  /** 001 §9: the damage claim is due within 24 hours. */
  note: z.string(),
  dateReleased: z.string(),
  issuedBy: z.string(),
  issuedByName: z.string(),
  dateModified: z.string(),
});
export type CdrRow = z.infer<typeof cdrRow>;
