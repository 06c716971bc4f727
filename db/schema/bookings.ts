import { boolean, date, index, integer, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { areas, branches, charges, commodities, customers, truckings } from "./master-data.ts";
import { voyageSchedules } from "./voyages.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const businessDate = (name: string) => date(name, { mode: "string" });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * A booking batch (001 §3 Booking and batch): the bookings one shipper places on one voyage at one time. Its
 * link lets the customer complete the bookings without signing in; only a hash of the link's token is kept.
 */
export const bookingBatches = pgTable("booking_batches", {
  ...idColumn,
  bookingBatchRef: text("booking_batch_ref").notNull().unique(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade" }),
  /** The branch that took the booking (userBranch): the voyage's origin. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  status: text("status").notNull(),
  remarks: text("remarks").notNull().default(""),
  /** SHA-256 of the token of the latest link sent; sending again replaces it, so an older link stops working. */
  linkTokenHash: text("link_token_hash").unique(),
  linkEmail: text("link_email"),
  linkExpiresAt: instant("link_expires_at"),
  linkSentAt: instant("link_sent_at"),
  /** When the customer submitted through the link; a used link opens no more. */
  linkUsedAt: instant("link_used_at"),
  clonedFrom: text("cloned_from"),
  ...auditColumns,
}, (t) => [index("booking_batches_voyage_idx").on(t.voyageNum)]);

/** One booking: one lane's cargo of the batch's shipper, priced from the shipper's approved quotation. */
export const bookings = pgTable("bookings", {
  ...idColumn,
  bookingRef: text("booking_ref").notNull().unique(),
  bookingBatchRef: text("booking_batch_ref").notNull().references(() => bookingBatches.bookingBatchRef, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  status: text("status").notNull(),
  /** A registered consignee when there is one; the name as the shipper gave it in any case. */
  consigneeCode: text("consignee_code").references(() => customers.code, { onUpdate: "cascade" }),
  consigneeName: text("consignee_name").notNull().default(""),
  consigneeEmail: text("consignee_email").notNull().default(""),
  consigneeContactNum: text("consignee_contact_num").notNull().default(""),
  destinationBranchCode: text("destination_branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  modeOfDelivery: text("mode_of_delivery").notNull(),
  modeOfPayment: text("mode_of_payment").notNull(),
  /** How the van is handled at each end (stuffing, van out, MANO, grounding...); it writes the service remarks. */
  originHandling: text("origin_handling").notNull().default(""),
  destinationHandling: text("destination_handling").notNull().default(""),
  isTandem: boolean("is_tandem").notNull().default(false),
  pickUpDate: businessDate("pick_up_date"),
  pickUpTime: text("pick_up_time").notNull().default(""),
  pickUpStreet: text("pick_up_street").notNull().default(""),
  pickUpBarangay: text("pick_up_barangay").notNull().default(""),
  pickUpCity: text("pick_up_city").notNull().default(""),
  pickUpProvince: text("pick_up_province").notNull().default(""),
  pickUpZipCode: text("pick_up_zip_code").notNull().default(""),
  pickUpAreaCode: text("pick_up_area_code").references(() => areas.code, { onUpdate: "cascade" }),
  deliveryStreet: text("delivery_street").notNull().default(""),
  deliveryBarangay: text("delivery_barangay").notNull().default(""),
  deliveryCity: text("delivery_city").notNull().default(""),
  deliveryProvince: text("delivery_province").notNull().default(""),
  deliveryZipCode: text("delivery_zip_code").notNull().default(""),
  deliveryAreaCode: text("delivery_area_code").references(() => areas.code, { onUpdate: "cascade" }),
  commodityCode: text("commodity_code").references(() => commodities.code, { onUpdate: "cascade" }),
  goods: text("goods").notNull().default(""),
  packaging: text("packaging").notNull().default(""),
  quantity: integer("quantity").notNull().default(0),
  quantityTeu: integer("quantity_teu").notNull().default(0),
  /** Tons. */
  cargoWeight: numeric("cargo_weight", { precision: 12, scale: 3 }).notNull().default("0"),
  declaredValue: money("declared_value").notNull().default("0"),
  insurancePremium: money("insurance_premium").notNull().default("0"),
  isShipperOwned: boolean("is_shipper_owned").notNull().default(false),
  containerVanNum: text("container_van_num").notNull().default(""),
  truckingCode: text("trucking_code").references(() => truckings.code, { onUpdate: "cascade" }),
  plateNum: text("plate_num").notNull().default(""),
  trailerNum: text("trailer_num").notNull().default(""),
  helperName: text("helper_name").notNull().default(""),
  remarks: text("remarks").notNull().default(""),
  oldBookingRef: text("old_booking_ref").notNull().default(""),
  oldWaybillRef: text("old_waybill_ref").notNull().default(""),
  /** The quotation lane the charges were taken from. */
  sqRefNum: text("sq_ref_num"),
  sqdocNum: text("sqdoc_num"),
  /** Names the booking in the trucker's links (authorization letter, pick-up request); 128 random bits. */
  publicId: text("public_id").notNull().unique(),
  bookingDate: businessDate("booking_date").notNull(),
  dateConfirmed: instant("date_confirmed"),
  confirmedBy: text("confirmed_by"),
  dateAtwIssued: instant("date_atw_issued"),
  atwIssuedBy: text("atw_issued_by"),
  dateSubmitted: instant("date_submitted"),
  clonedFrom: text("cloned_from"),
  ...auditColumns,
}, (t) => [
  index("bookings_batch_idx").on(t.bookingBatchRef),
  index("bookings_voyage_idx").on(t.voyageNum),
  index("bookings_pick_up_idx").on(t.branchCode, t.pickUpDate),
  index("bookings_destination_idx").on(t.destinationBranchCode),
]);

/** A charge of a booking: taken from the quotation lane, or added by staff from the charge master. */
export const bookingCharges = pgTable("booking_charges", {
  ...idColumn,
  bookingRef: text("booking_ref").notNull().references(() => bookings.bookingRef, { onUpdate: "cascade", onDelete: "cascade" }),
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade" }),
  chargeName: text("charge_name").notNull(),
  /** FREIGHT, PORT_ORIGIN, ... as on the quotation lane (a code may come at both ends), or OTHER when added. */
  chargePart: text("charge_part").notNull(),
  rateUnit: text("rate_unit").notNull(),
  quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  rate: money("rate").notNull(),
  amount: money("amount").notNull(),
  /** "SQ" when it came from the quotation, "ADDED" when staff added it. */
  source: text("source").notNull(),
}, (t) => [unique("booking_charges_booking_charge_uq").on(t.bookingRef, t.chargeCode, t.chargePart)]);

/**
 * When a booking's cargo reached each progress stage of 001 §4 (0 Outbound CTS Issued to 9 Van-In). The
 * outbound and inbound modules record them; the public tracking page reads them.
 */
export const bookingProgress = pgTable("booking_progress", {
  ...idColumn,
  bookingRef: text("booking_ref").notNull().references(() => bookings.bookingRef, { onUpdate: "cascade", onDelete: "cascade" }),
  stage: integer("stage").notNull(),
  reachedAt: instant("reached_at").notNull(),
}, (t) => [unique("booking_progress_booking_stage_uq").on(t.bookingRef, t.stage)]);
