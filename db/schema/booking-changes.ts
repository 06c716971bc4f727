import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { auditColumns, idColumn } from "./columns.ts";
import { branches } from "./master-data.ts";

/**
 * Booking changes (001 §3 Booking revision, §4, §5): a revision of a booking whose cargo is past Confirmed, proposing
 * new values for some of its fields, endorsed and approved through the booking-change workflow. Approval applies the
 * revision to the booking and its waybill in one transaction; the revision keeps what it changed, before and after.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const bookingRevisions = pgTable("booking_revisions", {
  ...idColumn,
  /** BC-MNL-2026-000001, from the booking branch's BC series. */
  revisionId: text("revision_id").notNull().unique(),
  status: text("status").notNull(),
  bookingRef: text("booking_ref").notNull().references(() => bookings.bookingRef, { onUpdate: "cascade" }),
  /** The booking's waybill when it has one (the base row's waybillref). */
  wayBillRef: text("way_bill_ref"),
  /** The booking's branch: its staff see the revision. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** Why the booking changes. */
  remarks: text("remarks").notNull(),
  /** The values proposed, only those that change; and what the booking had for them when the revision was drafted. */
  proposed: jsonb("proposed").notNull(),
  original: jsonb("original").notNull(),
  /** The charge lines the booking has and would have (re-priced from the quotation), as of the last save or approval. */
  chargesBefore: jsonb("charges_before").notNull(),
  chargesAfter: jsonb("charges_after").notNull(),
  /** Whether the revision changes money: the accounting approver's step is then the last. */
  chargesChange: boolean("charges_change").notNull().default(false),
  /** The amendment fee (AMF) the revision adds, 0 where none is due (001 §5). */
  amendmentFee: money("amendment_fee").notNull().default("0"),
  requestedBy: text("requested_by").notNull(),
  dateSubmitted: instant("date_submitted"),
  endorsedBy: text("endorsed_by"),
  dateEndorsed: instant("date_endorsed"),
  managementApprovedBy: text("management_approved_by"),
  dateManagementApproved: instant("date_management_approved"),
  /** Who gave the last approval (final or accounting) and when the revision was applied (datApproved). */
  approvedBy: text("approved_by"),
  datApproved: instant("dat_approved"),
  decidedBy: text("decided_by"),
  dateDecided: instant("date_decided"),
  decisionRemarks: text("decision_remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [
  // One revision of a booking open at a time: of two drafted at once, the second is refused.
  uniqueIndex("booking_revisions_open_idx").on(t.bookingRef).where(sql`status in ('draft', 'For Endorse', 'For Approval', 'Management Approved')`),
  index("booking_revisions_branch_status_idx").on(t.branchCode, t.status),
]);

/** The shipping-instruction (SI) and shipper-handling (SH) references of a revision, in their order. */
export const bookingRevisionReferences = pgTable("booking_revision_references", {
  ...idColumn,
  revisionKey: integer("revision_key").notNull().references(() => bookingRevisions.id, { onDelete: "cascade" }),
  seq: integer("seq").notNull(),
  /** "SI" or "SH". */
  kind: text("kind").notNull(),
  refNum: text("ref_num").notNull(),
}, (t) => [unique("booking_revision_references_uq").on(t.revisionKey, t.kind, t.refNum)]);

/** The waybill entries a revision marks: a van added to or removed from the booking's waybill. */
export const bookingRevisionWaybillEntries = pgTable("booking_revision_waybill_entries", {
  ...idColumn,
  revisionKey: integer("revision_key").notNull().references(() => bookingRevisions.id, { onDelete: "cascade" }),
  wayBillRef: text("way_bill_ref").notNull(),
  containerVanNum: text("container_van_num").notNull(),
  /** "added" or "removed". */
  status: text("status").notNull(),
}, (t) => [index("booking_revision_waybill_entries_idx").on(t.revisionKey)]);
