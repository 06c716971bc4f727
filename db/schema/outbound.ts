import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { bookings } from "./bookings.ts";
import { branches, containerVans, containerYards, customers, type StowageSlot, truckings, vesselStowagePlans } from "./master-data.ts";
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
  /**
   * A tandem waybill pairs the 20' van of a second booking on the same trailer: that booking, its slip and its van.
   * Null on a waybill of one van. A booking is on one waybill only, as its own or as the partner of another.
   */
  tandemBookingRef: text("tandem_booking_ref").references(() => bookings.bookingRef, { onUpdate: "cascade" }),
  tandemCtsNum: text("tandem_cts_num").references(() => outboundCts.ctsNum, { onUpdate: "cascade" }),
  tandemContainerVanNum: text("tandem_container_van_num").notNull().default(""),
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
  uniqueIndex("waybills_tandem_booking_idx").on(t.tandemBookingRef),
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

// ---------------------------------------------------------------------------------------------------------
// Loading a voyage (001 §3 release, tally sheet, stowage plan, loading confirmation, dispatch list; §4 release
// types, tally sheets, cargo stages 2 to 4). The module README says who writes what.

/**
 * A release of a voyage's load list at its origin branch (001 §3 Release): the waybills staff put on the list
 * together. Numbered from the origin branch's RL series. Its type is its status (001 §4 release types): Partial
 * Release while waybills are added to it, Final Release once released, Draft when it was cancelled.
 */
export const loadListReleases = pgTable("load_list_releases", {
  ...idColumn,
  releaseId: text("release_id").notNull().unique(),
  releaseType: text("release_type").notNull(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** The voyage's origin branch: its series numbers the release and its staff see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  remarks: text("remarks").notNull().default(""),
  dateReleased: instant("date_released"),
  releasedBy: text("released_by"),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [index("load_list_releases_voyage_idx").on(t.voyageNum, t.branchCode)]);

/**
 * A waybill on a release. Added with the load list update status 'add'; any other status takes it off, which
 * keeps the row with who took it off and when (the release's history stays readable).
 */
export const loadListEntries = pgTable("load_list_entries", {
  ...idColumn,
  releaseId: text("release_id").notNull().references(() => loadListReleases.releaseId, { onUpdate: "cascade" }),
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  dateAdded: instant("date_added").notNull(),
  addedBy: text("added_by").notNull(),
  dateRemoved: instant("date_removed"),
  removedBy: text("removed_by"),
}, (t) => [
  // A waybill is on one release at a time: of two clerks adding it at once, the second is refused.
  uniqueIndex("load_list_entries_waybill_on_idx").on(t.wayBillRef).where(sql`date_removed is null`),
  index("load_list_entries_release_idx").on(t.releaseId),
]);

/**
 * A tally sheet (001 §3): the containers counted onto the vessel at the origin (Loading) or off it at a port of
 * discharge (Unloading), one sheet per voyage, type and destination. Numbered from the tallying branch's TS
 * series. Open while lines are captured; Final locks it (the final tally), and a user with the tally sheet undo
 * capability may reopen it with a reason.
 */
export const tallySheets = pgTable("tally_sheets", {
  ...idColumn,
  tallySheetNum: text("tally_sheet_num").notNull().unique(),
  /** "Loading" or "Unloading". */
  tallySheetType: text("tally_sheet_type").notNull(),
  status: text("status").notNull(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** Where the tally is taken: the voyage's origin when loading, the port of discharge when unloading. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** The destination whose cargo the sheet counts (for an unloading sheet, the branch itself). */
  destinationBranchCode: text("destination_branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  timeStarted: instant("time_started"),
  timeFinished: instant("time_finished"),
  remarks: text("remarks").notNull().default(""),
  dateFinalized: instant("date_finalized"),
  finalizedBy: text("finalized_by"),
  ...auditColumns,
}, (t) => [
  uniqueIndex("tally_sheets_voyage_type_destination_idx").on(t.voyageNum, t.tallySheetType, t.branchCode, t.destinationBranchCode),
]);

/**
 * A container counted on a tally sheet. `entryId` is made by the device that captured the line (a pier tablet
 * may capture with no connection and send later): the same entry sent twice lands once. A line taken back
 * before the final tally keeps its row with who took it back.
 */
export const tallySheetLines = pgTable("tally_sheet_lines", {
  ...idColumn,
  tallySheetId: integer("tally_sheet_id").notNull().references(() => tallySheets.id),
  entryId: text("entry_id").notNull(),
  /** The waybill the van carries; null for an empty van moved on the vessel. */
  wayBillRef: text("way_bill_ref").references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  bookingRef: text("booking_ref").references(() => bookings.bookingRef, { onUpdate: "cascade" }),
  containerVanNum: text("container_van_num").notNull(),
  /** "FL" full; anything else is an empty (001 §3 containerType). */
  containerType: text("container_type").notNull(),
  /** The van's length in feet as printed: "20", "40" or "45". */
  size: text("size").notNull().default("20"),
  sealNum: text("seal_num").notNull().default(""),
  truckingCode: text("trucking_code").references(() => truckings.code, { onUpdate: "cascade" }),
  plateNum: text("plate_num").notNull().default(""),
  driver: text("driver").notNull().default(""),
  /** The yard the van was pulled out of to the pier (cyPullOutName). */
  cyPullOutCode: text("cy_pull_out_code").references(() => containerYards.code, { onUpdate: "cascade" }),
  remarks: text("remarks").notNull().default(""),
  /** When the van was counted, as the device recorded it (it may reach the server later). */
  timeTallied: instant("time_tallied").notNull(),
  dateRemoved: instant("date_removed"),
  removedBy: text("removed_by"),
  ...auditColumns,
}, (t) => [
  uniqueIndex("tally_sheet_lines_entry_idx").on(t.tallySheetId, t.entryId),
  // A van is counted once per sheet.
  uniqueIndex("tally_sheet_lines_van_idx").on(t.tallySheetId, t.containerVanNum).where(sql`date_removed is null`),
  index("tally_sheet_lines_waybill_idx").on(t.wayBillRef),
]);

/**
 * The stowage plan of a voyage: the grid of the vessel's stowage plan as it was when the voyage's plan was
 * started (a later change of the vessel's template leaves a sailed voyage's plan as it was).
 */
export const voyageStowagePlans = pgTable("voyage_stowage_plans", {
  ...idColumn,
  voyageNum: text("voyage_num").notNull().unique().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** The vessel's plan the grid was copied from. */
  vesselStowagePlanId: integer("vessel_stowage_plan_id").references(() => vesselStowagePlans.id),
  rows: integer("rows").notNull(),
  columns: integer("columns").notNull(),
  slots: jsonb("slots").$type<StowageSlot[]>().notNull().default(sql`'[]'::jsonb`),
  ...auditColumns,
});

/**
 * Where a loaded container, or cargo that travels without one (breakbulk, rolling cargo), sits on the vessel:
 * a slot of the voyage's grid (row, column and its position label), or a cargo location in words.
 */
export const stowagePlacements = pgTable("stowage_placements", {
  ...idColumn,
  voyageNum: text("voyage_num").notNull().references(() => voyageStowagePlans.voyageNum, { onUpdate: "cascade" }),
  slotRow: integer("slot_row"),
  slotColumn: integer("slot_column"),
  slotPosition: text("slot_position").notNull().default(""),
  /** The tallied van; empty for cargo without a van. */
  containerVanNum: text("container_van_num").notNull().default(""),
  wayBillRef: text("way_bill_ref").references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  /** Free words for where the cargo is ("Hold 2, port side"); used when it has no slot. */
  cargoLocation: text("cargo_location").notNull().default(""),
  ...auditColumns,
}, (t) => [
  uniqueIndex("stowage_placements_slot_idx").on(t.voyageNum, t.slotRow, t.slotColumn).where(sql`slot_row is not null`),
  uniqueIndex("stowage_placements_van_idx").on(t.voyageNum, t.containerVanNum).where(sql`container_van_num <> ''`),
]);

/**
 * The loading confirmation of one shipper's cargo on one voyage (001 §3, §9): numbered from the origin branch's
 * LC series (its Transaction Ref), reached by the shipper through a link whose token only its hash is kept of,
 * and e-mailed through the outbox when the final tally is made.
 */
export const loadingConfirmations = pgTable("loading_confirmations", {
  ...idColumn,
  transactionRef: text("transaction_ref").notNull().unique(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** SHA-256 of the link's token (128 random bits or more); a new link replaces it. */
  tokenHash: text("token_hash").notNull().unique(),
  shipperEmail: text("shipper_email").notNull().default(""),
  dateSent: instant("date_sent"),
  sentBy: text("sent_by"),
  ...auditColumns,
}, (t) => [uniqueIndex("loading_confirmations_voyage_customer_idx").on(t.voyageNum, t.customerCode)]);

/** A line of a dispatch list (001 §3 delivery list line), as it was when the list was sent. */
export interface DispatchLine {
  bookingRef: string;
  bookingDate: string;
  customer: string;
  destination: string;
  address: string;
  modeOfDelivery: string;
  remarks: string;
}

/**
 * A dispatch list (001 §4): the pick-ups (Outbound) or deliveries (Inbound) of a voyage at one branch, handed to
 * the dispatch team. Numbered from the branch's DL series. Draft while it is made, Sent once the team was told
 * (its lines are kept as sent), Archived afterwards; the archive stays readable.
 */
export const dispatchLists = pgTable("dispatch_lists", {
  ...idColumn,
  dispatchNum: text("dispatch_num").notNull().unique(),
  /** "Outbound" or "Inbound". */
  direction: text("direction").notNull(),
  status: text("status").notNull(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  lines: jsonb("lines").$type<DispatchLine[]>().notNull().default(sql`'[]'::jsonb`),
  remarks: text("remarks").notNull().default(""),
  dateSent: instant("date_sent"),
  sentBy: text("sent_by"),
  dateArchived: instant("date_archived"),
  archivedBy: text("archived_by"),
  ...auditColumns,
}, (t) => [index("dispatch_lists_voyage_idx").on(t.voyageNum, t.branchCode)]);

/**
 * Reguiding (001 §7 OutBound): a voyage's vessel changed, or bookings and their waybills moved to another voyage.
 * One row per change, written in the transaction that makes it, so the voyage's history says what moved, from
 * where to where, by whom and why.
 */
export const voyageReguides = pgTable("voyage_reguides", {
  ...idColumn,
  /** "Vessel change" or "Voyage transfer". */
  kind: text("kind").notNull(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  toVoyageNum: text("to_voyage_num").references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  fromVesselCode: text("from_vessel_code"),
  toVesselCode: text("to_vessel_code"),
  bookingRefs: jsonb("booking_refs").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  wayBillRefs: jsonb("way_bill_refs").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  reason: text("reason").notNull().default(""),
  ...auditColumns,
}, (t) => [index("voyage_reguides_voyage_idx").on(t.voyageNum)]);
