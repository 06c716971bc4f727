import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { branches, containerYards, truckings } from "./master-data.ts";
import { waybills } from "./outbound.ts";

/**
 * The inbound cargo transfer slip (001 §3 CTS, §4 stage 8 Inbound CTS Issued): the laden van of a released waybill
 * leaves the destination's yard for the consignee (van-out). It stops storage and demurrage and starts detention
 * (domain notes §4, §5). One stands per waybill at a time (a partial unique index); a cancelled one stays, marked so.
 */
export const inboundCts = pgTable("inbound_cts", {
  ...idColumn,
  /** "ICTS-CEB-2026-000001", from the destination branch's ICTS series. */
  ctsNum: text("cts_num").notNull().unique(),
  /** Issued, then Cancelled. */
  status: text("status").notNull(),
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  bookingRef: text("booking_ref").notNull(),
  tandemBookingRef: text("tandem_booking_ref"),
  voyageNum: text("voyage_num").notNull(),
  /** The waybill's destination branch: whose staff issue and see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** The cleared release order the van leaves on. */
  cargoReleaseOrderId: text("cargo_release_order_id").notNull(),
  /** The waybill's van (and a tandem's second, "A / B"). */
  containerVanNum: text("container_van_num").notNull().default(""),
  truckingCode: text("trucking_code").notNull().references(() => truckings.code, { onUpdate: "cascade" }),
  plateNum: text("plate_num").notNull(),
  driver: text("driver").notNull(),
  /** The CY pull-out of the release order's clearance. */
  fromCyCode: text("from_cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade" }),
  toName: text("to_name").notNull().default(""),
  remarks: text("remarks").notNull().default(""),
  /** When the van left the yard: the moment stage 8 is recorded at. */
  dateTimeOut: timestamp("date_time_out", { withTimezone: true, precision: 3 }).notNull(),
  dateIssued: timestamp("date_issued", { withTimezone: true, precision: 3 }).notNull(),
  issuedBy: text("issued_by").notNull(),
  dateCancelled: timestamp("date_cancelled", { withTimezone: true, precision: 3 }),
  cancelledBy: text("cancelled_by"),
  cancelReason: text("cancel_reason"),
  ...auditColumns,
}, (t) => [
  index("inbound_cts_branch_idx").on(t.branchCode, t.dateIssued),
  uniqueIndex("inbound_cts_waybill_issued_idx").on(t.wayBillRef).where(sql`status = 'Issued'`),
]);

/**
 * The cargo delivery receipt (001 §3: cargoDeliveryReceiptId, dateReleased, consigneeAreaName): the consignee's
 * acknowledgement that the cargo of a waybill trucked out on an inbound CTS was received; one per waybill.
 */
export const cargoDeliveryReceipts = pgTable("cargo_delivery_receipts", {
  ...idColumn,
  /** "CDR-CEB-2026-000001", from the destination branch's CDR series. */
  cargoDeliveryReceiptId: text("cargo_delivery_receipt_id").notNull().unique(),
  wayBillRef: text("way_bill_ref").notNull().unique().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  ctsNum: text("cts_num").notNull().references(() => inboundCts.ctsNum, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  consigneeName: text("consignee_name").notNull().default(""),
  /** The consignee's delivery area. */
  consigneeAreaName: text("consignee_area_name").notNull().default(""),
  receivedBy: text("received_by").notNull(),
  remarks: text("remarks").notNull().default(""),
  dateReleased: timestamp("date_released", { withTimezone: true, precision: 3 }).notNull(),
  issuedBy: text("issued_by").notNull(),
  ...auditColumns,
}, (t) => [index("cargo_delivery_receipts_branch_idx").on(t.branchCode, t.dateReleased)]);
