import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { bookings } from "./bookings.ts";
import { branches, containerVans, containerYards, truckings } from "./master-data.ts";
import { voyageSchedules } from "./voyages.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An outbound cargo transfer slip (001 §3 CTS): the van that leaves the yard for a booking whose withdrawal (ATW)
 * is issued, with the trucker who takes it. Numbered from the origin branch's CTS series. Issuing it takes the van
 * (container_vans.is_used) and moves the booking to Outbound CTS Issued; cancelling gives both back. A slip is
 * never deleted: a cancelled one stays, with who cancelled it.
 */
export const outboundCts = pgTable("outbound_cts", {
  ...idColumn,
  ctsNum: text("cts_num").notNull().unique(),
  /** "Issued" or "Cancelled", moved by the CTS workflow. */
  status: text("status").notNull(),
  bookingRef: text("booking_ref").notNull().references(() => bookings.bookingRef, { onUpdate: "cascade" }),
  /** The booking's origin branch: its series numbers the slip and its staff see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  containerVanNum: text("container_van_num").notNull(),
  /** The line's van taken for the booking; null for a shipper's own van, which the line does not keep. */
  containerVanId: integer("container_van_id").references(() => containerVans.id),
  isShipperOwned: boolean("is_shipper_owned").notNull().default(false),
  /** Why a shipper's van number that fails the ISO 6346 check was accepted; null when it passed. Audited. */
  numberOverrideReason: text("number_override_reason"),
  numberOverrideBy: text("number_override_by"),
  truckingCode: text("trucking_code").notNull().references(() => truckings.code, { onUpdate: "cascade" }),
  plateNum: text("plate_num").notNull(),
  driver: text("driver").notNull(),
  fromCyCode: text("from_cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade" }),
  /** "Shipper" or "Consignee", and the name the slip is made out to. */
  toParty: text("to_party").notNull(),
  toName: text("to_name").notNull(),
  /** A van condition of the reference list, or "Damaged" (then `damages` lists the parts). */
  vanStatus: text("van_status").notNull(),
  damages: jsonb("damages").$type<{ vanPart: string; damageType: string }[]>().notNull().default([]),
  vanLocator: text("van_locator").notNull().default(""),
  vanLocatorAmount: numeric("van_locator_amount", { precision: 14, scale: 2 }).notNull().default("0"),
  remarks: text("remarks").notNull().default(""),
  dateIssued: instant("date_issued").notNull(),
  issuedBy: text("issued_by").notNull(),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [
  // A booking has at most one issued slip: of two clerks issuing at once, the second is refused here too.
  uniqueIndex("outbound_cts_booking_issued_idx").on(t.bookingRef).where(sql`status = 'Issued'`),
  index("outbound_cts_booking_idx").on(t.bookingRef),
  index("outbound_cts_branch_idx").on(t.branchCode, t.dateIssued),
]);

/**
 * A waybill (001 §3 Waybill): the contract of carriage of one booking, made once its van is out on a transfer
 * slip, and the basis of every later invoice. Numbered from the origin branch's WB series. Draft while it is not
 * on a load list: only then may it be changed. Filled from the booking, its slip, its voyage and its quotation.
 */
export const waybills = pgTable("waybills", {
  ...idColumn,
  wayBillRef: text("way_bill_ref").notNull().unique(),
  status: text("status").notNull(),
  bookingRef: text("booking_ref").notNull().references(() => bookings.bookingRef, { onUpdate: "cascade" }),
  ctsNum: text("cts_num").notNull().references(() => outboundCts.ctsNum, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  destinationBranchCode: text("destination_branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  customerCode: text("customer_code").notNull(),
  shipperPreferredName: text("shipper_preferred_name").notNull().default(""),
  consigneeName: text("consignee_name").notNull().default(""),
  consigneePreferredName: text("consignee_preferred_name").notNull().default(""),
  consigneeAddress: text("consignee_address").notNull().default(""),
  shipperPickUpAddress: text("shipper_pick_up_address").notNull().default(""),
  /** The door areas of the booking at each end, for their names, provinces and the back-load flag. */
  shipperAreaCode: text("shipper_area_code"),
  consigneeAreaCode: text("consignee_area_code"),
  goods: text("goods").notNull().default(""),
  goodsOthers: text("goods_others").notNull().default(""),
  packaging: text("packaging").notNull().default(""),
  packagingOthers: text("packaging_others").notNull().default(""),
  quantity: integer("quantity").notNull().default(0),
  quantityTeu: integer("quantity_teu").notNull().default(0),
  unit: text("unit").notNull().default(""),
  /** Tons and cubic metres. */
  cargoWeight: numeric("cargo_weight", { precision: 12, scale: 3 }).notNull().default("0"),
  cargoVolume: numeric("cargo_volume", { precision: 12, scale: 3 }).notNull().default("0"),
  declaredValue: numeric("declared_value", { precision: 14, scale: 2 }).notNull().default("0"),
  modeOfDelivery: text("mode_of_delivery").notNull(),
  modeOfPayment: text("mode_of_payment").notNull(),
  containerVanNum: text("container_van_num").notNull().default(""),
  /** The van is the shipper's own (from its slip): shipper-owned (SOC) charges apply. */
  isShipperOwned: boolean("is_shipper_owned").notNull().default(false),
  sealNum: text("seal_num").notNull().default(""),
  size: text("size").notNull().default(""),
  /** 010, 011, 012 or ALL (001 §5 stripping type codes); null when the cargo is not stripped. */
  strippingType: text("stripping_type"),
  isStuffing: boolean("is_stuffing").notNull().default(false),
  isTandem: boolean("is_tandem").notNull().default(false),
  isOpenVan: boolean("is_open_van").notNull().default(false),
  isVia: boolean("is_via").notNull().default(false),
  isDangerousCargo: boolean("is_dangerous_cargo").notNull().default(false),
  /** Of dangerous cargo: its IMDG class (1 to 9, with a division: "2.1") and its 4-digit UN number. */
  imdgClass: text("imdg_class").notNull().default(""),
  unNumber: text("un_number").notNull().default(""),
  isWithPermit: boolean("is_with_permit").notNull().default(false),
  isSplitCharge: boolean("is_split_charge").notNull().default(false),
  originBackload: boolean("origin_backload").notNull().default(false),
  placeIssuedAddress: text("place_issued_address").notNull().default(""),
  /** When the stuffed van came back into the yard, and when it was grounded there. */
  cyIn: instant("cy_in"),
  dateGrounded: date("date_grounded", { mode: "string" }),
  /** Written by the load list: the release the waybill went out on and its tag. */
  releaseType: text("release_type").notNull().default(""),
  releaseTag: text("release_tag").notNull().default(""),
  truckingCode: text("trucking_code").notNull().references(() => truckings.code, { onUpdate: "cascade" }),
  plateNum: text("plate_num").notNull().default(""),
  driver: text("driver").notNull().default(""),
  remarks: text("remarks").notNull().default(""),
  /** The quotation lane the charges were priced at. */
  sqRefNum: text("sq_ref_num"),
  sqdocNum: text("sqdoc_num"),
  datePrepared: instant("date_prepared").notNull(),
  preparedBy: text("prepared_by").notNull(),
  ...auditColumns,
}, (t) => [
  // One waybill per booking.
  uniqueIndex("waybills_booking_idx").on(t.bookingRef),
  index("waybills_branch_idx").on(t.branchCode, t.datePrepared),
  index("waybills_voyage_idx").on(t.voyageNum),
]);

/**
 * A charge line of a waybill (001 §3 charge line): the rate it was quoted at times the quantity its unit names,
 * VAT included, billed by the payment side `availableTo` names.
 */
export const waybillCharges = pgTable("waybill_charges", {
  ...idColumn,
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade", onDelete: "cascade" }),
  chargeCode: text("charge_code").notNull(),
  part: text("part").notNull(),
  particulars: text("particulars").notNull(),
  rateUnit: text("rate_unit").notNull(),
  quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  rate: numeric("rate", { precision: 14, scale: 2 }).notNull(),
  chargeValue: numeric("charge_value", { precision: 14, scale: 2 }).notNull(),
  /** P, C, AO or AD: the side that bills the line. */
  availableTo: text("available_to").notNull(),
  isVatable: boolean("is_vatable").notNull().default(true),
  /** "SQ" from the quotation lane through the booking, "ADDED" by staff. */
  source: text("source").notNull(),
}, (t) => [uniqueIndex("waybill_charges_line_idx").on(t.wayBillRef, t.chargeCode, t.part)]);
