import { z } from "zod";
import { dateText, decimal, int, money } from "../../shared/fields.ts";
import { CHARGE_PARTS, RATE_UNITS } from "../../shared/reference-lists.ts";
import { SQ_STATUSES, STATUS_UPDATE_ACTIONS } from "./workflow.ts";

/** Contracts of the sales-quotation calls (001 §7); imports only zod and pure modules, so the web app uses them. */

const code = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);
const optionalCode = (label: string) =>
  z.preprocess((v) => (v === "" ? null : v), code(label).nullable()).default(null);
const remarks = z.string({ error: "Remarks must be text" }).trim().max(1000, "Remarks can be at most 1000 characters").default("");

export const sqRefNumField = z.string({ error: "sqRefNum is required" }).trim().min(1, "sqRefNum is required")
  .max(40, "sqRefNum can be at most 40 characters");
export const sqRefParam = z.object({ sqRefNum: sqRefNumField });
export const sqRefBody = z.object({ sqRefNum: sqRefNumField, remarks });

// ---------------------------------------------------------------------------------------------------------
// The quotation

export const createQuotationBody = z.object({
  customerCode: code("Customer"),
  cargoTypeCode: code("Cargo type"),
  /** The AE's branch; the default branch of the AE when left out. */
  branchCode: code("Branch").optional(),
  sqDate: dateText("Quotation date").optional(),
  validUntil: dateText("Valid until").optional(),
  remarks,
});
export type CreateQuotationInput = z.infer<typeof createQuotationBody>;

export const statusUpdateBody = z.object({
  action: z.enum(STATUS_UPDATE_ACTIONS, { error: `action must be one of ${STATUS_UPDATE_ACTIONS.join(", ")}` }),
  remarks,
});

export const quotationRow = z.object({
  id: z.number(),
  sqRefNum: z.string(),
  sqDate: z.string(),
  validUntil: z.string(),
  userId: z.string(),
  branchCode: z.string(),
  customerCode: z.string(),
  cargoTypeCode: z.string(),
  status: z.enum(SQ_STATUSES),
  amendedSqRef: z.string().nullable(),
  memoRef: z.string().nullable(),
  remarks: z.string(),
  isActive: z.boolean(),
  dateModified: z.string(),
});
export type QuotationRow = z.infer<typeof quotationRow>;

export const historyRow = z.object({
  action: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  actor: z.string(),
  remarks: z.string(),
  dateCreated: z.string(),
});

// ---------------------------------------------------------------------------------------------------------
// Terms (company policies per cargo type)

export const termRow = z.object({
  id: z.number(),
  sqRefNum: z.string(),
  policyCode: z.string(),
  description: z.string(),
  standardValue: z.string(),
  requestedValue: z.string(),
  appliedValue: z.string(),
});
export type TermRow = z.infer<typeof termRow>;

/** A policy as offered for a cargo type: its value in force on the quotation date. */
export const policyTerm = z.object({ policyCode: z.string(), description: z.string(), standardValue: z.string() });

const termValue = (label: string) => z.string({ error: `${label} must be text` }).trim().max(60, `${label} can be at most 60 characters`).default("");

export const termsByCargoTypeQuery = z.object({ cargoTypeCode: code("Cargo type"), on: dateText("Date").optional() });

/** CreateSQWTerms: the quotation's terms from its cargo type's policies; a requested value per policy where asked. */
export const createTermsBody = z.object({
  sqRefNum: sqRefNumField,
  requested: z.array(z.object({ policyCode: code("Policy"), requestedValue: termValue("Requested value") }))
    .max(50, "At most 50 requested values").default([]),
});

/** UpdateSqWTerms/{id}: what the customer asks for and, when it differs, the value that applies. */
export const updateTermBody = z.object({
  requestedValue: termValue("Requested value"),
  appliedValue: termValue("Applied value").optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Documents (lanes) and their charges

const requestedRate = z.object({
  chargeCode: code("Charge"),
  chargePart: z.enum(CHARGE_PARTS, { error: `chargePart must be one of ${CHARGE_PARTS.join(", ")}` }),
  requestedRate: money("Requested rate").schema,
});

/** One lane as the AE enters it; the charges are priced by the server from the rate tables. */
export const laneInput = z.object({
  serviceModeCode: code("Service mode"),
  originPortCode: code("Origin port"),
  destinationPortCode: code("Destination port"),
  /** Needed at a door end (the service mode says which); the province comes from the area when left out. */
  originAreaCode: optionalCode("Origin area"),
  destinationAreaCode: optionalCode("Destination area"),
  originProvince: z.string().trim().max(80, "Origin province can be at most 80 characters").default(""),
  destinationProvince: z.string().trim().max(80, "Destination province can be at most 80 characters").default(""),
  teu: int("TEU", { min: 0, max: 500, default: 1 }).schema,
  bags: int("Bags", { min: 0, max: 1_000_000, default: 0 }).schema,
  tons: decimal("Tons", { scale: 3 }).schema.default("0"),
  isTandem: z.boolean({ error: "isTandem must be true or false" }).default(false),
  isOpenVan: z.boolean({ error: "isOpenVan must be true or false" }).default(false),
  withInsurance: z.boolean({ error: "withInsurance must be true or false" }).default(false),
  termsAndConditions: z.string().trim().max(4000, "Terms and conditions can be at most 4000 characters").default(""),
  /** Rates the customer asks for instead of the standard ones, by charge and part. */
  requestedRates: z.array(requestedRate).max(100, "At most 100 requested rates").default([]),
});
export type LaneInput = z.infer<typeof laneInput>;

export const insertLanesBody = z.object({
  sqRefNum: sqRefNumField,
  documents: z.array(laneInput).min(1, "Add at least one lane").max(50, "At most 50 lanes per quotation"),
});

export const sqdocParam = z.object({
  sqdocNum: z.string().trim().min(1, "sqdocNum is required").max(50, "sqdocNum can be at most 50 characters"),
});

/** generateChargeWithTandemRates: prices a lane without saving it (the form's preview). */
export const priceLaneBody = laneInput.extend({ cargoTypeCode: code("Cargo type"), sqDate: dateText("Quotation date").optional() });

export const openVanBody = z.object({ originPortCode: code("Origin port"), sqDate: dateText("Quotation date").optional() });

export const chargeRow = z.object({
  chargeCode: z.string(),
  chargeName: z.string(),
  chargePart: z.enum(CHARGE_PARTS),
  rateUnit: z.enum(RATE_UNITS.map((u) => u.id) as ["perTeu", "perBag", "perTon"]),
  quantity: z.string(),
  source: z.string(),
  standardRate: z.string(),
  requestedRate: z.string(),
  standardAmount: z.string(),
  amount: z.string(),
});
export type ChargeRow = z.infer<typeof chargeRow>;

export const laneRow = z.object({
  id: z.number(),
  sqdocNum: z.string(),
  sqRefNum: z.string(),
  lineNo: z.number(),
  serviceModeCode: z.string(),
  originPortCode: z.string(),
  destinationPortCode: z.string(),
  originAreaCode: z.string().nullable(),
  destinationAreaCode: z.string().nullable(),
  originProvince: z.string(),
  destinationProvince: z.string(),
  teu: z.number(),
  bags: z.number(),
  tons: z.string(),
  isTandem: z.boolean(),
  isOpenVan: z.boolean(),
  withInsurance: z.boolean(),
  termsAndConditions: z.string(),
  charges: z.array(chargeRow),
  total: z.string(),
  standardTotal: z.string(),
});
export type LaneRow = z.infer<typeof laneRow>;

/** A quotation with everything on it: lanes with their charges, terms, and the history of its status. */
export const fullQuotationRow = quotationRow.extend({
  lanes: z.array(laneRow),
  terms: z.array(termRow),
  history: z.array(historyRow),
  total: z.string(),
});
export type FullQuotation = z.infer<typeof fullQuotationRow>;

// ---------------------------------------------------------------------------------------------------------
// Viewer, bookings, memorandum, downloads

export const groupBody = z.object({
  sqRefNums: z.array(sqRefNumField).min(1, "Name at least one quotation").max(100, "At most 100 quotations at a time"),
});

export const customerViewerQuery = z.object({
  customerCode: code("Customer"),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
});

/** sqReportsBooking: the approved quotations in force that a booking of this customer may be priced from. */
export const bookingQuotationsBody = z.object({
  customerCode: code("Customer"),
  originPortCode: optionalCode("Origin port"),
  destinationPortCode: optionalCode("Destination port"),
  on: dateText("Booking date").optional(),
});

export const memoCandidatesBody = z.object({
  branchCode: optionalCode("Branch"),
  dateFrom: dateText("From date").optional(),
  dateTo: dateText("To date").optional(),
});

export const memoBody = z.object({
  sqRefNums: z.array(sqRefNumField).min(1, "Choose at least one approved quotation").max(100, "At most 100 quotations per memorandum"),
  subject: z.string({ error: "Subject is required" }).trim().min(1, "Subject is required").max(200, "Subject can be at most 200 characters"),
  body: z.string().trim().max(4000, "The memorandum text can be at most 4000 characters").default(""),
});

export const memoRow = z.object({
  memoRef: z.string(),
  memoDate: z.string(),
  branchCode: z.string(),
  preparedBy: z.string(),
  subject: z.string(),
  body: z.string(),
  sqRefNums: z.array(z.string()),
});

export const customerDownloadBody = z.object({ customerCode: code("Customer") });

export const expiredDocumentsBody = z.object({
  customerCode: optionalCode("Customer"),
  skip: z.number().int().min(0, "skip cannot be negative").default(0),
  take: z.number().int().min(1, "take must be at least 1").max(200, "take can be at most 200").default(20),
});
