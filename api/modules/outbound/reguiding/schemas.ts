import { z } from "zod";
import { dateModifiedField } from "../../../shared/contracts.ts";
import { REGUIDE_KINDS } from "./rules.ts";

/** Contracts of the reguiding calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const reason = z.string({ error: "reason must be text" }).trim().max(500, "reason can be at most 500 characters").default("");

/** A vessel change carries the voyage's dateModified as read: a voyage changed meanwhile answers 409. */
export const vesselChangeBody = z.object({
  voyageNum: required("voyageNum", 40),
  vesselCode: required("vesselCode", 30),
  dateModified: dateModifiedField,
  reason,
});
export type VesselChangeInput = z.infer<typeof vesselChangeBody>;

/** A voyage transfer names each booking with the dateModified it was read with. */
export const voyageTransferBody = z.object({
  voyageNum: required("voyageNum", 40),
  toVoyageNum: required("toVoyageNum", 40),
  bookings: z.array(z.object({ bookingRef: required("bookingRef", 40), dateModified: dateModifiedField }), { error: "bookings must be a list" })
    .min(1, "Choose at least one booking to transfer").max(200, "At most 200 bookings at a time"),
  reason,
});
export type VoyageTransferInput = z.infer<typeof voyageTransferBody>;

/** A booking of the voyage as the transfer dialog lists it, with why it cannot move when it cannot. */
export const transferableBooking = z.object({
  bookingRef: z.string(),
  status: z.string(),
  customer: z.string(),
  destinationBranchCode: z.string(),
  modeOfDelivery: z.string(),
  containerVanNum: z.string(),
  wayBillRef: z.string().nullable(),
  waybillStatus: z.string().nullable(),
  /** The release whose load list carries its waybill, if any: the transfer takes it off. */
  releaseId: z.string().nullable(),
  /** Why it stays on the voyage (loaded, counted on a tally sheet); null when it may move. */
  blocked: z.string().nullable(),
  dateModified: z.string(),
});
export type TransferableBooking = z.infer<typeof transferableBooking>;

/** A voyage cargo may move to: active, from the same origin, its loading not closed. */
export const transferTarget = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  estimatedTimeDeparture: z.string(),
  destinationBranchCodes: z.array(z.string()),
});
export type TransferTarget = z.infer<typeof transferTarget>;

export const reguideRow = z.object({
  id: z.number(),
  kind: z.enum(REGUIDE_KINDS),
  voyageNum: z.string(),
  toVoyageNum: z.string().nullable(),
  fromVesselCode: z.string().nullable(),
  toVesselCode: z.string().nullable(),
  bookingRefs: z.array(z.string()),
  wayBillRefs: z.array(z.string()),
  reason: z.string(),
  userCreated: z.string(),
  dateCreated: z.string(),
});
export type ReguideRow = z.infer<typeof reguideRow>;
