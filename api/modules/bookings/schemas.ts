import { z } from "zod";
import { dateModifiedField } from "../../shared/contracts.ts";
import { dateText } from "../../shared/fields.ts";
import { PACKAGING_TYPES } from "../../shared/reference-lists.ts";
import { BATCH_STATUSES, BOOKING_PAGE_SIZE, BOOKING_STATUSES, DELIVERY_MODES, PAYMENT_MODES } from "./rules.ts";

/** Contracts of the Bookings calls (001 §7); imports only zod and pure modules, so the web app uses them. */

const code = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);
const optionalCode = (label: string) => z.preprocess((v) => (v === "" || v === undefined ? null : v), code(label).nullable()).default(null);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
/** Kept as typed: a part made of spaces only must reach the blank-address rule rather than vanish. */
const addressPart = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).max(max, `${label} can be at most ${max} characters`).default("");
const decimalText = (label: string, scale: number) =>
  z.union([z.string(), z.number()], { error: `${label} must be a number` }).transform((v) => String(v).trim() || "0")
    .pipe(z.string().regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`), `${label} must be a number of at most ${scale} decimals, not negative`));
const count = (label: string, max: number) =>
  z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`)
    .max(max, `${label} can be at most ${max}`).default(0);

export const bookingRefField = z.string({ error: "bookingRef is required" }).trim().min(1, "bookingRef is required")
  .max(40, "bookingRef can be at most 40 characters");
export const batchRefField = z.string({ error: "bookingBatchRef is required" }).trim().min(1, "bookingBatchRef is required")
  .max(40, "bookingBatchRef can be at most 40 characters");
export const bookingRefParam = z.object({ bookingRef: bookingRefField });
export const batchRefParam = z.object({ bookingBatchRef: batchRefField });
/** Public ids and link tokens: 128 random bits or more, base64url. Anything else cannot be one. */
const opaque = (label: string) => z.string({ error: `${label} is required` }).trim().regex(/^[A-Za-z0-9_-]{22,64}$/, `${label} is not valid`);
export const publicIdParam = z.object({ id: opaque("The link") });
export const tokenParam = z.object({ token: z.string().trim().max(200, "The link is not valid") });

export const addressInput = z.object({
  street: addressPart("Street", 200),
  barangay: addressPart("Barangay", 120),
  city: addressPart("City or municipality", 120),
  province: addressPart("Province", 120),
  zipCode: addressPart("Zip code", 10),
});
export type AddressInput = z.infer<typeof addressInput>;
const emptyAddress = { street: "", barangay: "", city: "", province: "", zipCode: "" };

export const additionalChargeInput = z.object({
  chargeCode: code("Charge"),
  amount: decimalText("Charge amount", 2),
});

/** What the customer may fill in through the booking link; staff may change all of it and more. */
export const customerPartInput = z.object({
  consigneeCode: optionalCode("Consignee"),
  consigneeName: text("Consignee", 200),
  consigneeEmail: z.union([z.literal(""), z.email("Consignee e-mail is not a valid e-mail address").max(200)]).default(""),
  consigneeContactNum: text("Consignee contact number", 40),
  pickUpDate: z.preprocess((v) => (v === "" ? null : v), dateText("Pick-up date").nullable()).default(null),
  pickUpTime: z.union([z.literal(""), z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Pick-up time must be written HH:MM")]).default(""),
  pickUpAddress: addressInput.default(emptyAddress),
  pickUpAreaCode: optionalCode("Pick-up area"),
  deliveryAddress: addressInput.default(emptyAddress),
  deliveryAreaCode: optionalCode("Delivery area"),
  goods: text("Goods", 200),
  packaging: z.enum(["", ...PACKAGING_TYPES], { error: `Packaging must be one of ${PACKAGING_TYPES.join(", ")}` }).default(""),
  quantity: count("Quantity", 100_000),
  cargoWeight: decimalText("Weight", 3).default("0"),
  declaredValue: decimalText("Declared value", 2).default("0"),
  remarks: text("Remarks", 1000),
});
export type CustomerPartInput = z.infer<typeof customerPartInput>;

export const bookingInput = customerPartInput.extend({
  /** Required with no default (001 §5): one of the voyage's destinations. */
  destinationBranchCode: code("Destination"),
  modeOfDelivery: z.enum(DELIVERY_MODES, { error: `Mode of delivery must be one of ${DELIVERY_MODES.join(", ")}` }),
  modeOfPayment: z.enum(PAYMENT_MODES, { error: `Mode of payment must be one of ${PAYMENT_MODES.join(", ")}` }),
  originHandling: text("Origin handling", 30),
  destinationHandling: text("Destination handling", 30),
  isTandem: z.boolean({ error: "isTandem must be true or false" }).default(false),
  commodityCode: optionalCode("Commodity"),
  quantityTeu: count("TEU", 1000),
  isShipperOwned: z.boolean({ error: "isShipperOwned must be true or false" }).default(false),
  containerVanNum: text("Container number", 30),
  truckingCode: optionalCode("Trucker"),
  plateNum: text("Plate number", 20),
  trailerNum: text("Trailer number", 20),
  helperName: text("Helper name", 120),
  oldBookingRef: text("Old booking reference", 40),
  oldWaybillRef: text("Old waybill reference", 40),
  /** The quotation lane to price from; when left out the customer's lane for these ports and mode is found. */
  sqdocNum: optionalCode("Quotation lane"),
  additionalCharges: z.array(additionalChargeInput).max(30, "At most 30 added charges").default([]),
});
export type BookingInput = z.infer<typeof bookingInput>;

export const bookingUpdate = bookingInput.extend({ dateModified: dateModifiedField.optional() });
export type BookingUpdate = z.infer<typeof bookingUpdate>;

export const createBatchBody = z.object({
  voyageNum: code("Voyage"),
  customerCode: code("Customer"),
  remarks: text("Remarks", 1000),
  bookings: z.array(bookingInput).max(100, "At most 100 bookings per batch").default([]),
});
export type CreateBatchInput = z.infer<typeof createBatchBody>;

export const addBookingBody = bookingInput.extend({ bookingBatchRef: batchRefField });

export const multipleUpdateBody = z.array(z.object({ bookingRef: bookingRefField, updateBooking: bookingUpdate }))
  .min(1, "Give at least one booking to update").max(100, "At most 100 bookings at a time");

export const bookingRefsBody = z.object({
  bookingRefs: z.array(bookingRefField).min(1, "Choose at least one booking").max(200, "At most 200 bookings at a time"),
});

export const sendLinkBody = z.object({
  bookingBatchRef: batchRefField,
  /** Where the link goes; the customer's contact e-mail when left out. */
  email: z.union([z.literal(""), z.email("E-mail is not a valid e-mail address").max(200)]).optional(),
});

export const issueAtwBody = bookingRefsBody.extend({
  truckingCode: optionalCode("Trucker"),
  plateNum: text("Plate number", 20).optional(),
});

export const expireBody = z.object({ dryRun: z.boolean({ error: "dryRun must be true or false" }).default(false) });

export const laneQuery = z.object({
  voyageNum: code("Voyage"),
  customerCode: code("Customer"),
  destinationBranchCode: code("Destination").optional(),
  modeOfDelivery: z.enum(DELIVERY_MODES, { error: `Mode of delivery must be one of ${DELIVERY_MODES.join(", ")}` }).optional(),
});
export type LaneQuery = z.infer<typeof laneQuery>;

export const priceBody = bookingInput.extend({ voyageNum: code("Voyage"), customerCode: code("Customer") });

export const bookingListQuery = z.object({
  skip: z.number().int().min(0, "skip cannot be negative").default(0),
  take: z.number().int().min(1, "take must be at least 1").max(200, "take can be at most 200").default(BOOKING_PAGE_SIZE),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
  voyageNum: code("Voyage").optional(),
  bookingBatchRef: batchRefField.optional(),
  status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(", ")}` }).optional(),
  modeOfDelivery: z.enum(DELIVERY_MODES, { error: `Mode of delivery must be one of ${DELIVERY_MODES.join(", ")}` }).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuery>;

export const batchListQuery = z.object({
  voyageNum: code("Voyage"),
  skip: z.number().int().min(0, "skip cannot be negative").default(0),
  take: z.number().int().min(1, "take must be at least 1").max(200, "take can be at most 200").default(BOOKING_PAGE_SIZE),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
});

/** The pick-up list (origin branch, by pick-up date) and the inbound delivery list (destination, by booking date). */
export const deliveryListQuery = z.object({
  branchCode: code("Branch"),
  dateFrom: dateText("From date"),
  dateTo: dateText("To date"),
}).refine((q) => q.dateFrom <= q.dateTo, { error: "To date cannot be before From date", path: ["dateTo"] });
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

export const trackingParam = z.object({ bookingRef: z.string().trim().min(1, "Enter a booking reference").max(40, "A booking reference is at most 40 characters") });

// ---------------------------------------------------------------------------------------------------------
// Rows

export const chargeRow = z.object({
  chargeCode: z.string(),
  chargeName: z.string(),
  chargePart: z.string(),
  rateUnit: z.string(),
  quantity: z.string(),
  rate: z.string(),
  amount: z.string(),
  source: z.enum(["SQ", "ADDED"]),
});
export type BookingChargeRow = z.infer<typeof chargeRow>;

const addressRow = z.object({ street: z.string(), barangay: z.string(), city: z.string(), province: z.string(), zipCode: z.string() });

export const bookingRow = z.object({
  id: z.number(),
  bookingRef: z.string(),
  bookingBatchRef: z.string(),
  voyageNum: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  branchCode: z.string(),
  status: z.enum(BOOKING_STATUSES),
  consigneeCode: z.string().nullable(),
  consigneeName: z.string(),
  consigneeEmail: z.string(),
  consigneeContactNum: z.string(),
  destinationBranchCode: z.string(),
  destinationName: z.string(),
  modeOfDelivery: z.enum(DELIVERY_MODES),
  modeOfPayment: z.enum(PAYMENT_MODES),
  originHandling: z.string(),
  destinationHandling: z.string(),
  isTandem: z.boolean(),
  serviceRemarks: z.string(),
  pickUpDate: z.string().nullable(),
  pickUpTime: z.string(),
  pickUpAddress: addressRow,
  pickUpAreaCode: z.string().nullable(),
  deliveryAddress: addressRow,
  deliveryAreaCode: z.string().nullable(),
  commodityCode: z.string().nullable(),
  goods: z.string(),
  packaging: z.string(),
  quantity: z.number(),
  quantityTeu: z.number(),
  cargoWeight: z.string(),
  declaredValue: z.string(),
  insurancePremium: z.string(),
  isShipperOwned: z.boolean(),
  containerVanNum: z.string(),
  truckingCode: z.string().nullable(),
  truckerName: z.string(),
  plateNum: z.string(),
  trailerNum: z.string(),
  helperName: z.string(),
  remarks: z.string(),
  oldBookingRef: z.string(),
  oldWaybillRef: z.string(),
  sqRefNum: z.string().nullable(),
  sqdocNum: z.string().nullable(),
  bookingDate: z.string(),
  dateSubmitted: z.string().nullable(),
  dateConfirmed: z.string().nullable(),
  dateAtwIssued: z.string().nullable(),
  /** For the trucker's pages: /booking/AuthorizationLetter/{publicId} and /booking/PickUpRequest/{publicId}. */
  publicId: z.string(),
  clonedFrom: z.string().nullable(),
  charges: z.array(chargeRow),
  total: z.string(),
  dateModified: z.string(),
});
export type BookingRow = z.infer<typeof bookingRow>;

export const batchRow = z.object({
  id: z.number(),
  bookingBatchRef: z.string(),
  voyageNum: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  branchCode: z.string(),
  status: z.enum(BATCH_STATUSES),
  remarks: z.string(),
  linkEmail: z.string().nullable(),
  linkSentAt: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  linkUsedAt: z.string().nullable(),
  clonedFrom: z.string().nullable(),
  bookingCount: z.number(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type BatchRow = z.infer<typeof batchRow>;

export const batchWithBookings = batchRow.extend({ bookings: z.array(bookingRow) });
export type BatchWithBookings = z.infer<typeof batchWithBookings>;

/** A quotation lane a booking can be priced from (the booking form's choice). */
export const laneOption = z.object({
  sqRefNum: z.string(),
  sqdocNum: z.string(),
  serviceModeCode: z.string(),
  originPortCode: z.string(),
  destinationPortCode: z.string(),
  originAreaCode: z.string().nullable(),
  destinationAreaCode: z.string().nullable(),
  isTandem: z.boolean(),
  validUntil: z.string(),
});

export const priceRow = z.object({
  sqRefNum: z.string(),
  sqdocNum: z.string(),
  charges: z.array(chargeRow),
  insurancePremium: z.string(),
  serviceRemarks: z.string(),
  total: z.string(),
});

/** What the customer sees through the link: the batch's bookings and the choices the form needs, nothing else. */
export const linkView = z.object({
  bookingBatchRef: z.string(),
  customerName: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  originBranchName: z.string(),
  estimatedTimeDeparture: z.string(),
  linkExpiresAt: z.string(),
  destinations: z.array(z.object({ branchCode: z.string(), branchName: z.string() })),
  pickUpAreas: z.array(z.object({ code: z.string(), name: z.string() })),
  deliveryAreas: z.array(z.object({ code: z.string(), name: z.string(), branchCode: z.string() })),
  bookings: z.array(bookingRow.pick({
    bookingRef: true, destinationBranchCode: true, destinationName: true, modeOfDelivery: true, modeOfPayment: true,
    consigneeName: true, consigneeEmail: true, consigneeContactNum: true, pickUpDate: true, pickUpTime: true,
    pickUpAddress: true, pickUpAreaCode: true, deliveryAddress: true, deliveryAreaCode: true, goods: true,
    packaging: true, quantity: true, quantityTeu: true, cargoWeight: true, declaredValue: true, remarks: true,
    serviceRemarks: true, total: true,
  })),
});
export type LinkView = z.infer<typeof linkView>;

export const linkSubmitBody = z.object({
  bookings: z.array(customerPartInput.extend({ bookingRef: bookingRefField })).min(1, "Complete at least one booking")
    .max(100, "At most 100 bookings"),
});
export type LinkSubmitInput = z.infer<typeof linkSubmitBody>;

/** The authorization letter and the pick-up request: what the trucker needs to collect the cargo. */
export const truckerView = z.object({
  bookingRef: z.string(),
  status: z.string(),
  shipperName: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  originBranchName: z.string(),
  destinationName: z.string(),
  modeOfDelivery: z.string(),
  pickUpDate: z.string().nullable(),
  pickUpTime: z.string(),
  pickUpAddress: z.string(),
  goods: z.string(),
  packaging: z.string(),
  quantity: z.number(),
  quantityTeu: z.number(),
  containerVanNum: z.string(),
  truckerName: z.string(),
  plateNum: z.string(),
  trailerNum: z.string(),
  helperName: z.string(),
  dateAtwIssued: z.string().nullable(),
  serviceRemarks: z.string(),
});
export type TruckerView = z.infer<typeof truckerView>;

export const trackingView = z.object({
  bookingRef: z.string(),
  origin: z.string(),
  destination: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  /** The booking's own steps before the cargo moves: booked, confirmed, ATW issued. */
  steps: z.array(z.object({ label: z.string(), reachedAt: z.string().nullable() })),
  /** The ten cargo progress stages (0 to 9) and when each was reached, null while not yet. */
  stages: z.array(z.object({ index: z.number(), label: z.string(), reachedAt: z.string().nullable() })),
});
export type TrackingView = z.infer<typeof trackingView>;

export const deliveryListLine = z.object({
  bookingRef: z.string(),
  bookingDate: z.string(),
  pickUpDate: z.string().nullable(),
  pickUpTime: z.string(),
  customer: z.string(),
  destination: z.string(),
  address: z.string(),
  modeOfDelivery: z.string(),
  truckerName: z.string(),
  plateNum: z.string(),
  status: z.string(),
  remarks: z.string(),
});
export type DeliveryListLine = z.infer<typeof deliveryListLine>;
