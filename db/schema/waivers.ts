import { sql } from "drizzle-orm";
import { customType, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { branches } from "./master-data.ts";
import { waybills } from "./outbound.ts";

/**
 * Waivers and charge overrides (001 §3, §4; domain notes §5.5, §12): requests to forgive charges of a waybill, or to
 * change a charge line's value, each through its approval chain. Neither edits the waybill's computed charge line:
 * once approved, each writes an adjustment beside the line (waybill_charge_adjustments), which the waybill's totals,
 * the invoices still to be made and the paid answer of release read. Nothing approved or denied is deleted.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * Bytes kept in the row (bytea). PostgreSQL's driver answers a Buffer and PGlite a Uint8Array; both are read back as
 * a plain Uint8Array.
 */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A waiver (001 §3 Waiver): a request to forgive some or all of the open charge lines a branch bills on a waybill,
 * with remarks (required, 001 §5) and supporting files. Numbered from the branch's WV series. Draft → For Endorse →
 * For Approval → Approved or Denied, moved by the waiver workflow; the approver is never the drafter nor the endorser.
 */
export const waivers = pgTable("waivers", {
  ...idColumn,
  waiverNum: text("waiver_num").notNull().unique(),
  status: text("status").notNull(),
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  /** The branch that bills the waived lines: the waybill's origin (P, AO) or destination (C, AD). Its staff see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** "origin" or "destination": the end of the waybill the branch bills. */
  side: text("side").notNull(),
  /** Why the charges should be forgiven: required. */
  remarks: text("remarks").notNull(),
  /** What the lines waive together. */
  total: money("total").notNull(),
  /** Who drafted it: never its approver. */
  requestedBy: text("requested_by").notNull(),
  dateSubmitted: instant("date_submitted"),
  endorsedBy: text("endorsed_by"),
  dateEndorsed: instant("date_endorsed"),
  decidedBy: text("decided_by"),
  dateDecided: instant("date_decided"),
  decisionRemarks: text("decision_remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [
  index("waivers_branch_status_idx").on(t.branchCode, t.status),
  index("waivers_waybill_idx").on(t.wayBillRef),
  index("waivers_requested_by_idx").on(t.requestedBy),
]);

/**
 * A charge line a waiver forgives, whole or in part: the line as the drafter saw it (its computed value and what was
 * due on it then) and the amount waived, never more than was open.
 */
export const waiverLines = pgTable("waiver_lines", {
  ...idColumn,
  waiverId: integer("waiver_id").notNull().references(() => waivers.id, { onDelete: "cascade" }),
  seq: integer("seq").notNull(),
  chargeCode: text("charge_code").notNull(),
  part: text("part").notNull(),
  particulars: text("particulars").notNull(),
  /** P, C, AO or AD. */
  availableTo: text("available_to").notNull(),
  /** The line's computed value, as the waybill has it. */
  chargeValue: money("charge_value").notNull(),
  /** What was due on the line when the waiver was drafted: its value after overrides, less what approved waivers forgave. */
  valueBefore: money("value_before").notNull(),
  amount: money("amount").notNull(),
}, (t) => [unique("waiver_lines_line_idx").on(t.waiverId, t.chargeCode, t.part)]);

/**
 * A supporting file of a waiver (a letter, a photo of the damage): a PDF, JPEG or PNG recognised by its content, kept
 * in the database with the waiver so that any server of several serves it.
 */
export const waiverFiles = pgTable("waiver_files", {
  ...idColumn,
  waiverId: integer("waiver_id").notNull().references(() => waivers.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  /** The type its content shows, never the one the browser declared. */
  contentType: text("content_type").notNull(),
  byteSize: integer("byte_size").notNull(),
  sha256: text("sha256").notNull(),
  content: bytes("content").notNull(),
  uploadedBy: text("uploaded_by").notNull(),
  dateUploaded: instant("date_uploaded").notNull(),
}, (t) => [index("waiver_files_waiver_idx").on(t.waiverId)]);

/**
 * A charge override (001 §3 Override charge): a new value asked for one charge line of a waybill, with the reason.
 * Numbered from the billing branch's OVR series. Draft → For Approval → Approved or Denied; the approver is never
 * the drafter. One open override per line at a time.
 */
export const chargeOverrides = pgTable("charge_overrides", {
  ...idColumn,
  overrideNum: text("override_num").notNull().unique(),
  status: text("status").notNull(),
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  chargeCode: text("charge_code").notNull(),
  part: text("part").notNull(),
  particulars: text("particulars").notNull(),
  availableTo: text("available_to").notNull(),
  /** The line's computed value, as the waybill has it. */
  chargeValue: money("charge_value").notNull(),
  /** The line's value when the override was drafted: computed, with the overrides approved before. */
  valueBefore: money("value_before").notNull(),
  newValue: money("new_value").notNull(),
  reason: text("reason").notNull(),
  requestedBy: text("requested_by").notNull(),
  dateSubmitted: instant("date_submitted"),
  decidedBy: text("decided_by"),
  dateDecided: instant("date_decided"),
  decisionRemarks: text("decision_remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [
  uniqueIndex("charge_overrides_open_line_idx").on(t.wayBillRef, t.chargeCode, t.part).where(sql`status in ('Draft', 'For Approval')`),
  index("charge_overrides_branch_status_idx").on(t.branchCode, t.status),
  index("charge_overrides_waybill_idx").on(t.wayBillRef),
]);

/**
 * An adjustment kept beside a waybill's charge line, written when a waiver or an override is approved (domain notes
 * §5.5): the computed line is never edited. `amount` is signed: a waiver forgives (negative), an override moves the
 * line's value up or down. A line is named by its waybill, code and part, as the waybill's lines are. The waiver
 * rows are the waived-charges log (001 §7 CreateWaivedChargesLog): what, how much, on whose approval and when.
 */
export const waybillChargeAdjustments = pgTable("waybill_charge_adjustments", {
  ...idColumn,
  wayBillRef: text("way_bill_ref").notNull().references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  chargeCode: text("charge_code").notNull(),
  part: text("part").notNull(),
  availableTo: text("available_to").notNull(),
  /** "WAIVER" or "OVERRIDE". */
  kind: text("kind").notNull(),
  /** The waiver's or the override's number. */
  sourceRef: text("source_ref").notNull(),
  amount: money("amount").notNull(),
  /** What the record itself counts on the line, before and after: what was due (a waiver), the line's value (an override). */
  valueBefore: money("value_before").notNull(),
  valueAfter: money("value_after").notNull(),
  approvedBy: text("approved_by").notNull(),
  dateApproved: instant("date_approved").notNull(),
}, (t) => [
  unique("waybill_charge_adjustments_source_line_idx").on(t.kind, t.sourceRef, t.chargeCode, t.part),
  index("waybill_charge_adjustments_waybill_idx").on(t.wayBillRef),
]);
