import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { LOADING_CONFIRMATION_PAGE_SIZE } from "./rules.ts";

/** Contracts of the loading confirmation calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

export const transactionRefParam = z.object({ transactionRef: required("transactionRef", 40) });

/** The public link: a booking of the confirmation and the token the e-mail carried. */
export const confirmationLinkParams = z.object({
  bookingRef: required("bookingRef", 40),
  token: required("token", 100),
});

export const loadingConfirmationListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(LOADING_CONFIRMATION_PAGE_SIZE),
  voyageNum: z.preprocess((v) => (v === "" ? undefined : v), required("voyageNum", 40).optional()),
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").default(""),
});
export type LoadingConfirmationListQuery = z.infer<typeof loadingConfirmationListQuery>;

/** Sends the link again with a new token (the old link stops working), to the address given or the one on file. */
export const resendConfirmationBody = z.object({
  dateModified: dateModifiedField,
  email: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string({ error: "email must be text" }).trim().max(254, "email can be at most 254 characters").pipe(z.email("email must be an e-mail address")).optional(),
  ),
});
export type ResendConfirmationInput = z.infer<typeof resendConfirmationBody>;

/** One loaded booking of the shipper on the voyage (001 §3 loading confirmation lines). */
export const confirmationLine = z.object({
  bookingRef: z.string(),
  wayBillRef: z.string(),
  bookingDate: z.string(),
  cyIn: z.string().nullable(),
  /** How much: "1 x 20'" for one 20-foot van. */
  cargo: z.string(),
  goods: z.string(),
  sealNum: z.string(),
  containerVanNum: z.string(),
  modeOfDelivery: z.string(),
  modeOfPayment: z.string(),
  consignee: z.string(),
  consigneeEmail: z.string(),
  destination: z.string(),
  eta: z.string().nullable(),
  cargoType: z.string(),
  declaredValue: z.string(),
  remarks: z.string(),
});
export type ConfirmationLine = z.infer<typeof confirmationLine>;

/** The confirmation as the shipper reads it, on the public page and in its PDF. No token, no record ids. */
export const confirmationView = z.object({
  transactionRef: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vessel: z.string(),
  origin: z.string(),
  etd: z.string(),
  shipper: z.string(),
  shipperEmail: z.string(),
  lines: z.array(confirmationLine),
});
export type ConfirmationView = z.infer<typeof confirmationView>;

/** A confirmation as staff list it. */
export const confirmationRow = z.object({
  id: z.number(),
  transactionRef: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  branchCode: z.string(),
  customerCode: z.string(),
  shipperName: z.string(),
  shipperEmail: z.string(),
  /** The shipper's bookings on the voyage that are loaded: what the confirmation lists. */
  bookingRefs: z.array(z.string()),
  dateSent: z.string().nullable(),
  sentBy: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type ConfirmationRow = z.infer<typeof confirmationRow>;
