import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * Reference number series (SQ, booking, waybill, CTS, CRO, receipt, SI): the last number given, per series,
 * branch and year. The row is locked by the transaction that takes a number, so numbers are gapless.
 */
export const numberSeries = pgTable("number_series", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  series: text("series").notNull(),
  branchCode: text("branch_code").notNull(),
  year: integer("year").notNull(),
  lastValue: integer("last_value").notNull(),
}, (t) => [unique("number_series_series_branch_year").on(t.series, t.branchCode, t.year)]);

/** Every status change of every workflow record: who moved it from what to what, when, and why. */
export const statusHistory = pgTable("status_history", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** The workflow's name, e.g. "sales-quotation". */
  entity: text("entity").notNull(),
  recordId: integer("record_id").notNull(),
  action: text("action").notNull(),
  fromStatus: text("from_status").notNull(),
  toStatus: text("to_status").notNull(),
  actor: text("actor").notNull(),
  remarks: text("remarks").notNull().default(""),
  dateCreated: timestamp("date_created", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [index("status_history_record_idx").on(t.entity, t.recordId)]);
