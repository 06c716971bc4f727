import { z } from "zod";

/** Contracts of the unpaid waybills list (001 §7 InBound: unpaid waybills); zod only, so the web imports them. */

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).optional(),
  );

/** The caller's branches, or the one branchCode names; one voyage; a search over waybill, booking, consignee and van. */
export const unpaidWaybillsQuery = z.object({
  branchCode: optionalText("branchCode", 20),
  voyageNum: optionalText("voyageNum", 40),
  search: optionalText("search", 100),
});
export type UnpaidWaybillsQuery = z.infer<typeof unpaidWaybillsQuery>;

/** A side accounting answers unpaid: why, and what is owed on it. */
export const unpaidSide = z.object({
  side: z.enum(["origin", "destination"]),
  reason: z.string(),
  /** The open balance of its invoices; a side not invoiced yet owes its lines as the waybill bills them. */
  amount: z.string(),
});

export const unpaidWaybillRow = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  destinationBranchCode: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  modeOfPayment: z.string(),
  /** The final inbound tally (stage 6), an ISO instant. */
  discharged: z.string(),
  /** The first unpaid side's reason, as a cargo release order would be refused with it. */
  reason: z.string(),
  /** What is owed on every unpaid side together. */
  amount: z.string(),
  sides: z.array(unpaidSide),
});
export type UnpaidWaybillRow = z.infer<typeof unpaidWaybillRow>;

export const unpaidWaybillsAnswer = z.object({
  data: z.array(unpaidWaybillRow),
  total: z.number(),
  /** What all of them owe. */
  amount: z.string(),
  message: z.string().optional(),
});
export type UnpaidWaybillsAnswer = z.infer<typeof unpaidWaybillsAnswer>;
