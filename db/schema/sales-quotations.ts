import { date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";
import { branches, cargoTypes, customers } from "./master-data.ts";

/**
 * A sales quotation (001 §3): what a customer pays on its lanes and on which terms, from draft to finance
 * approval. Its status moves only through the workflow of api/modules/sales-quotations (history in
 * status_history); lanes, charges and terms hang off it by sqRefNum.
 */
export const salesQuotations = pgTable("sales_quotations", {
  ...idColumn,
  sqRefNum: text("sq_ref_num").notNull().unique(),
  sqDate: date("sq_date").notNull(),
  /** Last day the quotation may be booked on; the expiry job closes it after. */
  validUntil: date("valid_until").notNull(),
  /** The account executive who owns it (users.user_id). */
  userId: text("user_id").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade" }),
  cargoTypeCode: text("cargo_type_code").notNull().references(() => cargoTypes.code, { onUpdate: "cascade" }),
  status: text("status").notNull().default("Draft"),
  /** The quotation this one amends, when it is an amendment. */
  amendedSqRef: text("amended_sq_ref"),
  remarks: text("remarks").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("sales_quotations_status_idx").on(t.status), index("sales_quotations_owner_idx").on(t.userId)]);
