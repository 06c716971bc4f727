import { z } from "zod";

/** Contracts of the arrival-notice calls; zod only, so the web app uses them as they are. */

const ref = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(40, `${name} can be at most 40 characters`);

export const wayBillRefParam = z.object({ wayBillRef: ref("wayBillRef") });
export const voyageNumParam = z.object({ voyageNum: ref("voyageNum") });
export const vesselNoticeQuery = z.object({
  /** The port of call; the caller's only one on the voyage when left out. */
  destinationBranchCode: z.string().trim().max(10, "destinationBranchCode can be at most 10 characters").optional(),
});
export const noticeLinkParams = z.object({
  wayBillRef: ref("wayBillRef"),
  token: z.string({ error: "token is required" }).trim().min(1, "token is required").max(100, "token can be at most 100 characters"),
});

export const sendArrivalNoticeBody = z.object({
  /** An address to send to instead of the one on file (kept on the notice). */
  email: z.string().trim().max(200, "email can be at most 200 characters").email("email must be an e-mail address").optional()
    .or(z.literal("").transform(() => undefined)),
}).strict();
export type SendArrivalNoticeInput = z.infer<typeof sendArrivalNoticeBody>;

/** A line of the vessel arrival notice (001 §3 vessel arrival line). */
export const vesselArrivalLine = z.object({
  vessel: z.string(),
  voyage: z.string(),
  bookingRef: z.string(),
  wayBillRef: z.string(),
  shipper: z.string(),
  consigneeName: z.string(),
  origin: z.string(),
  destination: z.string(),
  actualTimeDeparture: z.string().nullable(),
  cargo: z.string(),
  sealNum: z.string(),
  goods: z.string(),
  remarks: z.string(),
});
export type VesselArrivalLine = z.infer<typeof vesselArrivalLine>;

export const vesselArrivalNotice = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vessel: z.string(),
  origin: z.string(),
  destinationBranchCode: z.string(),
  destination: z.string(),
  actualTimeDeparture: z.string().nullable(),
  /** The actual arrival at the port of call when the vessel update has it, else its ETA. */
  arrivalDate: z.string().nullable(),
  lines: z.array(vesselArrivalLine),
});
export type VesselArrivalNotice = z.infer<typeof vesselArrivalNotice>;

export const noticeCharge = z.object({
  part: z.string(),
  chargeCode: z.string(),
  particulars: z.string(),
  chargeValue: z.string().nullable(),
  payable: z.string(),
  availableTo: z.string(),
  prepaid: z.boolean(),
  isInsurancePremium: z.boolean(),
  payableTo: z.enum(["LINE", "PORT"]),
});

export const noticeTerm = z.object({ policyCode: z.string(), policyName: z.string(), value: z.string() });

/** The cargo arrival notice of a waybill (001 §3), with the storage due date and what a further day costs (§9). */
export const cargoArrivalNotice = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  consigneeName: z.string(),
  vessel: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  arrivalDate: z.string().nullable(),
  cargo: z.string(),
  containerVanNum: z.string(),
  sealNum: z.string(),
  goods: z.string(),
  shipper: z.string(),
  modeOfDelivery: z.string(),
  modeOfPayment: z.string(),
  origin: z.string(),
  destination: z.string(),
  destinationBranchCode: z.string(),
  charges: z.array(noticeCharge),
  chargesPayable: z.string(),
  insurance: z.string(),
  /** 001 §3 amountPaybles: the applicable charges plus insurance. */
  amountPaybles: z.string(),
  payableToPort: z.string(),
  terms: z.array(noticeTerm),
  /** From the free-time rule set as of `asOf`; null before the final inbound tally. */
  storage: z.object({
    dueDate: z.string(),
    perDay: z.object({ storage: z.string(), demurrage: z.string(), total: z.string() }),
    storageRate: z.string(),
    teu: z.string(),
  }).nullable(),
  asOf: z.string(),
});
export type CargoArrivalNotice = z.infer<typeof cargoArrivalNotice>;

/** A sending of the notice: to whom, when, by whom. */
export const sentNoticeRow = z.object({
  id: z.number(),
  wayBillRef: z.string(),
  sentTo: z.string(),
  /** False: the consignee had no address (sentTo is the 8-character value) and no e-mail was queued. */
  mailed: z.boolean(),
  amountPayable: z.string(),
  dateSent: z.string(),
  sentBy: z.string(),
  sentByName: z.string(),
});
export type SentNoticeRow = z.infer<typeof sentNoticeRow>;

/** A discharged waybill of the voyage at one of the caller's ports, with the notices sent for it. */
export const noticeWaybillRow = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  destinationBranchCode: z.string(),
  consigneeName: z.string(),
  consigneeEmail: z.string(),
  containerVanNum: z.string(),
  modeOfPayment: z.string(),
  discharged: z.boolean(),
  sent: z.array(sentNoticeRow),
});

export const voyageNotices = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vessel: z.string(),
  /** The caller's ports of call on the voyage. */
  destinations: z.array(z.object({ destinationBranchCode: z.string(), destination: z.string() })),
  waybills: z.array(noticeWaybillRow),
});

/** What the consignee's link opens (no sign-in). */
export const publicArrivalNotice = z.object({
  notice: cargoArrivalNotice,
  payment: z.object({ paid: z.boolean(), reason: z.string() }),
  /** The free days of storage as a countdown on `asOf`; null before the final inbound tally. */
  countdown: z.object({ on: z.string(), lastFreeDay: z.string(), freeDaysLeft: z.number(), daysOverdue: z.number(), isLastFreeDay: z.boolean() }).nullable(),
  release: z.object({
    cargorReleaseOrderId: z.string().nullable(),
    croStatus: z.string().nullable(),
    cleared: z.boolean(),
    cargoStage: z.number().nullable(),
    cargoStageName: z.string(),
  }),
});
export type PublicArrivalNotice = z.infer<typeof publicArrivalNotice>;
