import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { invoices } from "./accounting.ts";
import { auditColumns, idColumn } from "./columns.ts";
import { branches, containerYards } from "./master-data.ts";
import { waybills } from "./outbound.ts";
import { voyageSchedules } from "./voyages.ts";

/**
 * Inbound (001 §2 /inbound): what happens at the destination after the vessel arrives. So far the charges run up
 * once the free days are over (domain notes §4, §5); the unload lists, tally sheets, release orders and van-in
 * documents come with their own tables.
 */

const businessDate = (name: string) => date(name, { mode: "string" });

/**
 * A free-time charge of a waybill (domain notes §5): storage (STO), demurrage (DEM) or detention (DET), run up at
 * the destination (billed C, or AD for a shipper on account), or demurrage at the origin when the company runs
 * outbound demurrage. Written by the nightly accrual (api/modules/inbound/demurrage) with the snapshot of the
 * computation (§5.6) that explains it.
 *
 * A row is the open computation of its waybill, type and side until an invoice bills it (`invoiceId`); the next
 * night's run changes it in place while the clock runs, audited before and after, and leaves it alone when the
 * figures stay the same. A billed row is never changed again: days that accrue after it go on a new row (the next
 * `seq`), for a new invoice (§5.2).
 */
export const freeTimeCharges = pgTable("free_time_charges", {
  ...idColumn,
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  /** STO, DEM or DET. */
  chargeType: text("charge_type").notNull(),
  /** "destination", or "origin" for outbound demurrage. */
  side: text("side").notNull(),
  /** The payment side that bills it: C or AD at the destination, P or AO at the origin. */
  billedSide: text("billed_side").notNull(),
  /** Whose calendar counted the free days, and whose staff see it: the destination branch (the origin for outbound demurrage). */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** 1 for the first period charged, one more for each period after a billed one. */
  seq: integer("seq").notNull(),
  /** The chargeable days the row covers, both included. */
  periodFrom: businessDate("period_from").notNull(),
  periodTo: businessDate("period_to").notNull(),
  days: integer("days").notNull(),
  /** What the daily rate was multiplied by: the TEU, or the vans on a per-van basis. */
  units: numeric("units", { precision: 8, scale: 2 }).notNull(),
  rate: numeric("rate", { precision: 14, scale: 4 }).notNull(),
  amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
  /** The end event has happened: the figures no longer grow. */
  isFinal: boolean("is_final").notNull().default(false),
  /** The business day the stored figures were worked out for (the run's date). */
  computedOn: businessDate("computed_on").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true, precision: 3 }).notNull(),
  /** The computation's inputs and result (FreeTimeSnapshot of api/modules/inbound/demurrage/rules.ts). */
  snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  /** The invoice that billed it, set by cargo-release accounting; from then on the row is never changed. */
  invoiceId: integer("invoice_id").references(() => invoices.id),
  ...auditColumns,
}, (t) => [
  unique("free_time_charges_period_uq").on(t.wayBillRef, t.chargeType, t.side, t.seq),
  // One open (unbilled) row per waybill, type and side: the nightly run's upsert lands on it.
  uniqueIndex("free_time_charges_open_idx").on(t.wayBillRef, t.chargeType, t.side).where(sql`invoice_id is null`),
  index("free_time_charges_branch_idx").on(t.branchCode, t.computedOn),
]);

// ---------------------------------------------------------------------------------------------------------
// Discharging a voyage (001 §3 release, §4 release types with Cancelled for unload lists, cargo stage 5). The
// unloading tally sheets share `tally_sheets` with the loading ones (type Unloading, tallied at the port of call).

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A release of a voyage's unload list at one of its ports of call: the waybills for that branch that staff take
 * off the vessel together. Numbered from the destination branch's UL series. Its type is its status: Partial
 * Release while waybills are put on it, Final Release once released, Cancelled when it was called off (its
 * waybills are then off the list).
 */
export const unloadListReleases = pgTable("unload_list_releases", {
  ...idColumn,
  releaseId: text("release_id").notNull().unique(),
  releaseType: text("release_type").notNull(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** The port of call that discharges: its series numbers the release and its staff see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  remarks: text("remarks").notNull().default(""),
  dateReleased: instant("date_released"),
  releasedBy: text("released_by"),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [index("unload_list_releases_voyage_idx").on(t.voyageNum, t.branchCode)]);

/** A waybill on an unload list release; taken off, the row stays with who took it off and when. */
export const unloadListEntries = pgTable("unload_list_entries", {
  ...idColumn,
  releaseId: text("release_id").notNull().references(() => unloadListReleases.releaseId, { onUpdate: "cascade" }),
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  dateAdded: instant("date_added").notNull(),
  addedBy: text("added_by").notNull(),
  dateRemoved: instant("date_removed"),
  removedBy: text("removed_by"),
}, (t) => [
  // A waybill is on one unload release at a time: of two clerks adding it at once, the second is refused.
  uniqueIndex("unload_list_entries_waybill_on_idx").on(t.wayBillRef).where(sql`date_removed is null`),
  index("unload_list_entries_release_idx").on(t.releaseId),
]);
// Cargo release orders (001 §3 cargo release order, §4 stage 7)

/**
 * A cargo release order (CRO): the destination branch lets a waybill's cargo go to its consignee. Made only once
 * accounting answers that the waybill is paid (api/modules/accounting `waybillSidePaid`); numbered from the
 * destination branch's CRO series; one per waybill. It is Created, then Cleared at the yard: who cleared it and
 * the container yard the van is pulled out of (CY pull-out). The release note keeps the storage figures of the
 * free-time rule set as they stood on the day it was made.
 */
export const cargoReleaseOrders = pgTable("cargo_release_orders", {
  ...idColumn,
  /** "CRO-CEB-2026-000001" (the spec's cargorReleaseOrderId). */
  cargoReleaseOrderId: text("cargo_release_order_id").notNull().unique(),
  /** Created, then Cleared. */
  status: text("status").notNull(),
  wayBillRef: text("way_bill_ref").notNull().unique().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  bookingRef: text("booking_ref").notNull(),
  voyageNum: text("voyage_num").notNull(),
  /** The waybill's destination branch: whose staff made it and see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  consigneeName: text("consignee_name").notNull().default(""),
  /** What accounting answered for each side when the order was made. */
  paidReason: text("paid_reason").notNull().default(""),
  /** The release note: the storage rate per TEU per day, the TEU, the storage due date, what a further day costs and the storage run up so far. */
  storageRate: numeric("storage_rate", { precision: 14, scale: 4 }).notNull(),
  storageTeu: numeric("storage_teu", { precision: 8, scale: 2 }).notNull(),
  storageDueDate: businessDate("storage_due_date"),
  storagePerDay: numeric("storage_per_day", { precision: 14, scale: 2 }),
  storageAmount: numeric("storage_amount", { precision: 14, scale: 2 }).notNull().default("0"),
  remarks: text("remarks").notNull().default(""),
  dateReleased: timestamp("date_released", { withTimezone: true, precision: 3 }).notNull(),
  releasedBy: text("released_by").notNull(),
  cyPullOutCode: text("cy_pull_out_code").references(() => containerYards.code, { onUpdate: "cascade" }),
  clearedBy: text("cleared_by"),
  dateCleared: timestamp("date_cleared", { withTimezone: true, precision: 3 }),
  ...auditColumns,
}, (t) => [index("cargo_release_orders_branch_idx").on(t.branchCode, t.dateReleased)]);

/**
 * A van-in (001 §3, §4 stage 9): the empty van of a waybill released to its consignee (out on an inbound CTS,
 * stage 8) back at a container yard of the destination branch. One per waybill; a tandem waybill's two vans come
 * back on the same van-in. It ends the detention clock; the detention figures of the free-time rule set on the
 * return day are kept with it for the van-in clearance.
 */
export const vanIns = pgTable("van_ins", {
  ...idColumn,
  /** "VI-CEB-2026-000001" (the spec's vanInId). */
  vanInId: text("van_in_id").notNull().unique(),
  wayBillRef: text("way_bill_ref").notNull().unique().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  bookingRef: text("booking_ref").notNull(),
  tandemBookingRef: text("tandem_booking_ref"),
  voyageNum: text("voyage_num").notNull(),
  /** The waybill's destination branch: whose staff received the van and see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** The container yard the van returns to (a yard of the branch). */
  cyCode: text("cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade" }),
  /** The van numbers that came back: the waybill's van, or a tandem's two (the spec's tandemCodeIds). */
  tandemCodeIds: text("tandem_code_ids").array().notNull(),
  dateReturned: timestamp("date_returned", { withTimezone: true, precision: 3 }).notNull(),
  /** Damage found on return: [{ containerVanNum, vanPart, damageType }] by the reference lists (001 §9). */
  damages: jsonb("damages").$type<{ containerVanNum: string; vanPart: string; damageType: string }[]>().notNull().default([]),
  remarks: text("remarks").notNull().default(""),
  /** Detention as the free-time rule set answers it on the return day (C0002 free days, C0013 per day). */
  detentionLastFreeDay: businessDate("detention_last_free_day"),
  detentionDays: integer("detention_days").notNull().default(0),
  detentionAmount: numeric("detention_amount", { precision: 14, scale: 2 }).notNull().default("0"),
  /** Why detention could not be worked out (a policy missing), or null. */
  detentionProblem: text("detention_problem"),
  receivedBy: text("received_by").notNull(),
  ...auditColumns,
}, (t) => [index("van_ins_branch_idx").on(t.branchCode, t.dateReturned)]);

// Arrival notices (001 §3 cargo arrival notice, §7 "send arrival notice to the consignee by e-mail", §9)

/**
 * A cargo arrival notice sent to a waybill's consignee: one row per sending, with whom it went to and when, and
 * the SHA-256 hash of the token of the public link it carries (the token itself is only in the e-mail). Where the
 * consignee has no e-mail address on file and staff typed none, `sentTo` holds the random 8-character value of
 * 001 §9 and `mailed` is false: the notice is recorded and its link made, but no e-mail is queued.
 */
export const arrivalNotices = pgTable("arrival_notices", {
  ...idColumn,
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  /** The waybill's destination branch: whose staff sent it and see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  consigneeName: text("consignee_name").notNull().default(""),
  sentTo: text("sent_to").notNull(),
  mailed: boolean("mailed").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  /** The outbox row of the e-mail, when one was queued. */
  emailId: integer("email_id"),
  /** The amount payable shown on the notice when it was sent. */
  amountPayable: numeric("amount_payable", { precision: 14, scale: 2 }).notNull(),
  dateSent: timestamp("date_sent", { withTimezone: true, precision: 3 }).notNull(),
  sentBy: text("sent_by").notNull(),
  ...auditColumns,
}, (t) => [index("arrival_notices_waybill_idx").on(t.wayBillRef, t.dateSent)]);
