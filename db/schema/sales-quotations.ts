import { boolean, date, index, integer, numeric, pgTable, text, unique } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";
import { areas, branches, cargoTypes, charges, customers, ports, serviceModes } from "./master-data.ts";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

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
  /** The memorandum that announced it to operations, once one has. */
  memoRef: text("memo_ref"),
  remarks: text("remarks").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [
  index("sales_quotations_status_idx").on(t.status),
  index("sales_quotations_owner_idx").on(t.userId),
  index("sales_quotations_customer_idx").on(t.customerCode),
]);

/**
 * A quotation's terms (CreateSQWTerms): one company policy each, with the standard value in force on the
 * quotation date, what the customer asked for and the value that applies.
 */
export const salesQuotationTerms = pgTable("sales_quotation_terms", {
  ...idColumn,
  sqRefNum: text("sq_ref_num").notNull().references(() => salesQuotations.sqRefNum, { onUpdate: "cascade", onDelete: "cascade" }),
  policyCode: text("policy_code").notNull(),
  description: text("description").notNull().default(""),
  standardValue: text("standard_value").notNull().default(""),
  requestedValue: text("requested_value").notNull().default(""),
  appliedValue: text("applied_value").notNull().default(""),
  ...auditColumns,
}, (t) => [unique("sales_quotation_terms_uq").on(t.sqRefNum, t.policyCode)]);

/**
 * A document of a quotation (001 §3): one lane from an origin to a destination, each end a port and, for a
 * door end, an area with its province. The same area and province pair twice on one quotation is refused
 * (001 §5); the unique key is the last guard behind the service's own check.
 */
export const salesQuotationDocuments = pgTable("sales_quotation_documents", {
  ...idColumn,
  sqdocNum: text("sqdoc_num").notNull().unique(),
  sqRefNum: text("sq_ref_num").notNull().references(() => salesQuotations.sqRefNum, { onUpdate: "cascade", onDelete: "cascade" }),
  lineNo: integer("line_no").notNull(),
  serviceModeCode: text("service_mode_code").notNull().references(() => serviceModes.code, { onUpdate: "cascade" }),
  originPortCode: text("origin_port_code").notNull().references(() => ports.code, { onUpdate: "cascade" }),
  destinationPortCode: text("destination_port_code").notNull().references(() => ports.code, { onUpdate: "cascade" }),
  originAreaCode: text("origin_area_code").references(() => areas.code, { onUpdate: "cascade" }),
  destinationAreaCode: text("destination_area_code").references(() => areas.code, { onUpdate: "cascade" }),
  originProvince: text("origin_province").notNull().default(""),
  destinationProvince: text("destination_province").notNull().default(""),
  /** Quantities the charges are priced on, one per rate unit (Per TEU, Per BAG, Per TON). */
  teu: integer("teu").notNull().default(1),
  bags: integer("bags").notNull().default(0),
  tons: numeric("tons", { precision: 12, scale: 3 }).notNull().default("0"),
  isTandem: boolean("is_tandem").notNull().default(false),
  isOpenVan: boolean("is_open_van").notNull().default(false),
  withInsurance: boolean("with_insurance").notNull().default(false),
  termsAndConditions: text("terms_and_conditions").notNull().default(""),
  ...auditColumns,
}, (t) => [
  unique("sales_quotation_documents_lane_uq")
    .on(t.sqRefNum, t.originPortCode, t.originAreaCode, t.originProvince, t.destinationPortCode, t.destinationAreaCode, t.destinationProvince)
    .nullsNotDistinct(),
  index("sales_quotation_documents_sq_idx").on(t.sqRefNum),
]);

/**
 * A charge of a lane at the rate in force on the quotation date: the standard rate from the rate tables
 * beside the rate the AE requests, both multiplied out by the lane's quantity in the charge's unit.
 */
export const salesQuotationCharges = pgTable("sales_quotation_charges", {
  ...idColumn,
  sqdocNum: text("sqdoc_num").notNull().references(() => salesQuotationDocuments.sqdocNum, { onUpdate: "cascade", onDelete: "cascade" }),
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade" }),
  chargePart: text("charge_part").notNull(),
  rateUnit: text("rate_unit").notNull(),
  quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  /** Which rate it came from: FREIGHT_RATE, PORT_RATE, TRUCKING_RATE, TANDEM_RATE, BACKLOAD_RATE, OPEN_VAN, INSURANCE. */
  source: text("source").notNull(),
  standardRate: money("standard_rate").notNull(),
  requestedRate: money("requested_rate").notNull(),
  standardAmount: money("standard_amount").notNull(),
  amount: money("amount").notNull(),
  ...auditColumns,
}, (t) => [unique("sales_quotation_charges_uq").on(t.sqdocNum, t.chargeCode, t.chargePart)]);

/** A memorandum (proceedtoSQMemoV1) that tells operations which approved quotations are now in force. */
export const salesQuotationMemos = pgTable("sales_quotation_memos", {
  ...idColumn,
  memoRef: text("memo_ref").notNull().unique(),
  memoDate: date("memo_date").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  preparedBy: text("prepared_by").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull().default(""),
  sqRefNums: text("sq_ref_nums").array().notNull(),
  ...auditColumns,
});
