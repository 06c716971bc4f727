import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { INBOUND_CTS_PAGE_SIZE, INBOUND_CTS_STATUSES } from "./rules.ts";

/** Contracts of the inbound CTS calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const inboundCtsNumParam = z.object({ ctsNum: required("ctsNum", 40) });
export const wayBillRefParam = z.object({ wayBillRef: required("wayBillRef", 40) });

export const inboundCtsListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(INBOUND_CTS_PAGE_SIZE),
  search: text("search", 100),
  status: z.preprocess(blankIsAbsent, z.enum(INBOUND_CTS_STATUSES, { error: `status must be one of ${INBOUND_CTS_STATUSES.join(", ")}` }).optional()),
});
export type InboundCtsListQuery = z.infer<typeof inboundCtsListQuery>;

/** What staff fill in when the van of a released waybill leaves the yard for the consignee. */
export const issueInboundCtsBody = z.object({
  wayBillRef: required("wayBillRef", 40),
  /** A trucker accredited at the destination branch. */
  truckingCode: required("truckingCode", 30),
  plateNum: required("plateNum", 30),
  driver: required("driver", 80),
  /** When the van left the yard (date-time out); now when left out. Not in the future. */
  dateTimeOut: z.preprocess(blankIsAbsent, z.iso.datetime({ offset: true, error: "dateTimeOut must be an ISO date-time with its offset" }).optional()),
  /** The name the slip is made out to; the waybill's consignee when left out. */
  toName: text("toName", 120),
  remarks: text("remarks", 500),
});
export type IssueInboundCtsInput = z.infer<typeof issueInboundCtsBody>;

export const cancelInboundCtsBody = z.object({
  dateModified: dateModifiedField,
  reason: required("reason", 300),
});
export type CancelInboundCtsInput = z.infer<typeof cancelInboundCtsBody>;

/** A slip as the list, the read and the printout show it. */
export const inboundCtsRow = z.object({
  id: z.number(),
  ctsNum: z.string(),
  status: z.enum(INBOUND_CTS_STATUSES),
  wayBillRef: z.string(),
  bookingRef: z.string(),
  tandemBookingRef: z.string().nullable(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  branchCode: z.string(),
  originBranchCode: z.string(),
  cargoReleaseOrderId: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  size: z.string(),
  sealNum: z.string(),
  truckingCode: z.string(),
  truckerName: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  fromCyCode: z.string(),
  fromCyName: z.string(),
  toName: z.string(),
  remarks: z.string(),
  dateTimeOut: z.string(),
  dateIssued: z.string(),
  issuedBy: z.string(),
  issuedByName: z.string(),
  dateCancelled: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The cargo delivery receipt of the waybill, once made. */
  cargoDeliveryReceiptId: z.string().nullable(),
  dateModified: z.string(),
});
export type InboundCtsRow = z.infer<typeof inboundCtsRow>;

/** A released waybill of the caller's branches whose van has not left yet: what the issue form offers. */
export const inboundCtsCandidateRow = z.object({
  wayBillRef: z.string(),
  /** The destination branch: its truckers are offered. */
  branchCode: z.string(),
  bookingRef: z.string(),
  voyageNum: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  cargoReleaseOrderId: z.string(),
  /** Whether the release order is cleared: only then can the van leave. */
  cleared: z.boolean(),
  cyPullOutName: z.string().nullable(),
});
export type InboundCtsCandidateRow = z.infer<typeof inboundCtsCandidateRow>;
