import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { branches, customers } from "./master-data.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** An address of a requested customer, kept with the request until it is written to the customer master. */
export interface RequestedAddress {
  label: string;
  street: string;
  barangay: string;
  city: string;
  province: string;
  zipCode: string;
  areaCode: string | null;
  isDefault: boolean;
}

/**
 * A customer request (001 §3, §4): sales staff ask for a new customer, or for a change to one, with the customer's
 * detail; an approver of the branch approves it (the customer is then written to the customer master in the same
 * transaction, with its account executive) or denies it. Numbered from the branch's CRQ series; its status moved
 * by the customer-request workflow; archived once approved, or when its requester closes it.
 */
export const customerRequests = pgTable("customer_requests", {
  ...idColumn,
  requestNum: text("request_num").notNull().unique(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** "New" or "Change". */
  requestType: text("request_type").notNull(),
  /** Change: the customer to change. New: null until approval writes the customer, then its code. */
  customerCode: text("customer_code").references(() => customers.code, { onUpdate: "cascade" }),
  status: text("status").notNull(),
  isArchive: boolean("is_archive").notNull().default(false),
  /** 1 for the first round; a denied request taken back to draft is its next revision. */
  revision: integer("revision").notNull().default(1),
  company: text("company").notNull(),
  firstName: text("first_name").notNull().default(""),
  middleInitial: text("middle_initial").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  address: text("address").notNull().default(""),
  contactNum: text("contact_num").notNull().default(""),
  customerContactEmail: text("customer_contact_email").notNull(),
  tin: text("tin").notNull().default(""),
  customerType: text("customer_type").notNull(),
  /** The account executive the customer is assigned to (a user id); the approver may assign another. */
  accountExecutiveId: text("account_executive_id"),
  addresses: jsonb("addresses").$type<RequestedAddress[]>().notNull().default([]),
  /** Why the customer is asked for, or what should change. */
  remarks: text("remarks").notNull().default(""),
  /** Who drafted it: never its approver. */
  requestedBy: text("requested_by").notNull(),
  dateSubmitted: instant("date_submitted"),
  decidedBy: text("decided_by"),
  dateDecided: instant("date_decided"),
  decisionRemarks: text("decision_remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [
  index("customer_requests_branch_status_idx").on(t.branchCode, t.status),
  index("customer_requests_requested_by_idx").on(t.requestedBy),
  index("customer_requests_company_trgm_idx").using("gin", t.company.op("gin_trgm_ops")),
]);
