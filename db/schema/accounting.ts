import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { branches, customers } from "./master-data.ts";
import { voyageSchedules } from "./voyages.ts";
import { waybillCharges, waybills } from "./outbound.ts";

/**
 * Cargo-release accounting (001 §3 Accounting and related; domain notes §6 to §11): what a waybill bills, what
 * is collected for it, the cheques that pay it, the manual sales invoices, and the postings to the company's
 * accounting system (BASE). Nothing issued here is ever deleted: an invoice, a receipt or a manual SI is
 * cancelled and keeps its number; a posted document is corrected by a reversal and a new revision.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const businessDate = (name: string) => date(name, { mode: "string" });

/**
 * A CRO accounting record (001 §7 CRO accounting): the billing of one voyage's waybills at one branch, the origin
 * (prepaid and account-origin lines) or a destination (collect and account-destination lines), under which
 * the waybill invoices are generated and from which they are posted. Numbered from the branch's CRA series.
 * Its status is moved by its workflow; it may be deleted only while Draft and empty.
 */
export const croAccountings = pgTable("cro_accountings", {
  ...idColumn,
  croAcctgNum: text("cro_acctg_num").notNull().unique(),
  status: text("status").notNull(),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** "Origin" or "Destination": which sides of the waybills this branch bills. */
  side: text("side").notNull(),
  remarks: text("remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [uniqueIndex("cro_accountings_voyage_branch_side_idx").on(t.voyageNum, t.branchCode, t.side)]);

/**
 * An Invoice (domain notes §6, EOPT): one per waybill and paying side, numbered gapless per branch from the SI
 * series in the transaction that issues it, with the buyer and seller particulars as they were when issued and
 * the VAT worked out once for the whole document (§7). Issued → Cancelled; never deleted, never edited.
 */
export const invoices = pgTable("invoices", {
  ...idColumn,
  invoiceNo: text("invoice_no").notNull().unique(),
  status: text("status").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  croAccountingId: integer("cro_accounting_id").references(() => croAccountings.id),
  wayBillRef: text("way_bill_ref").references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** P, C, AO or AD: the payment side whose waybill lines it bills. */
  billedSide: text("billed_side").notNull(),
  invoiceDate: businessDate("invoice_date").notNull(),
  /** The buyer: a registered customer when there is one, and the particulars printed. */
  customerCode: text("customer_code").references(() => customers.code, { onUpdate: "cascade" }),
  buyerName: text("buyer_name").notNull(),
  buyerAddress: text("buyer_address").notNull().default(""),
  buyerTin: text("buyer_tin").notNull().default(""),
  buyerVatRegistered: boolean("buyer_vat_registered").notNull().default(false),
  /** The seller as the branch master gave it at issue: registered name, business style, TIN with branch code, address. */
  seller: jsonb("seller").$type<{ registeredName: string; businessStyle: string; tin: string; address: string }>().notNull(),
  vatableSales: money("vatable_sales").notNull(),
  vatAmount: money("vat_amount").notNull(),
  exemptSales: money("exempt_sales").notNull(),
  zeroRatedSales: money("zero_rated_sales").notNull(),
  total: money("total").notNull(),
  /** The posting revision: 1 when issued, one more after each reversal. */
  revision: integer("revision").notNull().default(1),
  dateIssued: instant("date_issued").notNull(),
  issuedBy: text("issued_by").notNull(),
  cancelReason: text("cancel_reason"),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [
  // One live invoice per waybill and side; a cancelled one stays beside its replacement.
  uniqueIndex("invoices_waybill_side_live_idx").on(t.wayBillRef, t.billedSide).where(sql`status <> 'Cancelled'`),
  index("invoices_branch_date_idx").on(t.branchCode, t.invoiceDate),
  index("invoices_voyage_idx").on(t.voyageNum),
  index("invoices_customer_idx").on(t.customerCode),
]);

/** A line of an invoice: description, quantity, unit price and amount, and its tax class (domain notes §6, §7). */
export const invoiceLines = pgTable("invoice_lines", {
  ...idColumn,
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id),
  /** The waybill charge line it bills, when it came from one. */
  waybillChargeId: integer("waybill_charge_id").references(() => waybillCharges.id),
  chargeCode: text("charge_code").notNull(),
  description: text("description").notNull(),
  quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
  unit: text("unit").notNull(),
  unitPrice: money("unit_price").notNull(),
  amount: money("amount").notNull(),
  /** VATABLE, EXEMPT or ZERO_RATED. */
  taxClass: text("tax_class").notNull(),
  seq: integer("seq").notNull(),
}, (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId)]);

/**
 * A collection (001 §3; domain notes §8): money received from one payer in cash, by cheque or by post-dated
 * cheque, settling one or more of its invoices, less what the payer withheld. Its Collection Receipt is numbered
 * gapless per branch from the CR series. Issued → Cancelled (a mistake found before posting) or Reversed (a
 * bounced cheque, after posting); never deleted.
 */
export const collections = pgTable("collections", {
  ...idColumn,
  receiptNo: text("receipt_no").notNull().unique(),
  status: text("status").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  customerCode: text("customer_code").references(() => customers.code, { onUpdate: "cascade" }),
  payerName: text("payer_name").notNull(),
  collectionDate: businessDate("collection_date").notNull(),
  /** CASH, CHEQUE or PDC. */
  paymentMethod: text("payment_method").notNull(),
  bank: text("bank").notNull().default(""),
  chequeNo: text("cheque_no").notNull().default(""),
  chequeDate: businessDate("cheque_date"),
  /** The payer's withholding setting when the collection was made: NONE, PRIVATE or GOVERNMENT. */
  withholding: text("withholding").notNull(),
  /** What was applied to invoices, what was withheld, and what changed hands (cash = applied − EWT − WVAT + other). */
  appliedTotal: money("applied_total").notNull(),
  ewtTotal: money("ewt_total").notNull(),
  wvatTotal: money("wvat_total").notNull(),
  otherTotal: money("other_total").notNull().default("0"),
  amountReceived: money("amount_received").notNull(),
  /** Received beyond what was applied: kept as the customer's credit (CREDIT) or refused (none is kept). */
  excessAmount: money("excess_amount").notNull().default("0"),
  excessHandling: text("excess_handling").notNull().default("REFUSE"),
  /** Credit the customer kept from earlier excess payments, spent on this receipt beside the money received. */
  creditApplied: money("credit_applied").notNull().default("0"),
  remarks: text("remarks").notNull().default(""),
  revision: integer("revision").notNull().default(1),
  dateIssued: instant("date_issued").notNull(),
  issuedBy: text("issued_by").notNull(),
  cancelReason: text("cancel_reason"),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [index("collections_branch_date_idx").on(t.branchCode, t.collectionDate), index("collections_customer_idx").on(t.customerCode)]);

/**
 * What a collection applied to one invoice, and the tax withheld on it (domain notes §8: ATC, rate, base net of
 * VAT and amount, for EWT and for withholding VAT). A partial payment withholds its share; the last takes the rest.
 */
export const collectionLines = pgTable("collection_lines", {
  ...idColumn,
  collectionId: integer("collection_id").notNull().references(() => collections.id),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id),
  applied: money("applied").notNull(),
  ewtAtc: text("ewt_atc").notNull().default(""),
  /** Percent, e.g. "2.00". */
  ewtRate: numeric("ewt_rate", { precision: 5, scale: 2 }).notNull().default("0"),
  ewtBase: money("ewt_base").notNull().default("0"),
  ewtAmount: money("ewt_amount").notNull().default("0"),
  wvatAtc: text("wvat_atc").notNull().default(""),
  wvatBase: money("wvat_base").notNull().default("0"),
  wvatAmount: money("wvat_amount").notNull().default("0"),
}, (t) => [index("collection_lines_collection_idx").on(t.collectionId), index("collection_lines_invoice_idx").on(t.invoiceId)]);

/** Other charges received with a collection, each to an other-income account (001 §7 Collections: other charges, other income accounts). */
export const collectionOtherCharges = pgTable("collection_other_charges", {
  ...idColumn,
  collectionId: integer("collection_id").notNull().references(() => collections.id),
  accountCode: text("account_code").notNull(),
  description: text("description").notNull(),
  amount: money("amount").notNull(),
});

/** A customer's credit from an excess payment kept (excess setting CREDIT), and where it was used. */
export const customerCredits = pgTable("customer_credits", {
  ...idColumn,
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade" }),
  amount: money("amount").notNull(),
  sourceCollectionId: integer("source_collection_id").notNull().references(() => collections.id),
  /**
   * The receipt that spent it; back to null when that receipt is cancelled or reversed. A credit spent in part is
   * split: this row keeps the part spent, a new row of the same source the rest.
   */
  usedByCollectionId: integer("used_by_collection_id").references(() => collections.id),
  /** Set when the collection that kept it is cancelled or reversed: the credit is no longer the customer's. */
  dateVoided: instant("date_voided"),
  voidedBy: text("voided_by"),
  ...auditColumns,
}, (t) => [
  index("customer_credits_customer_idx").on(t.customerCode),
  index("customer_credits_source_idx").on(t.sourceCollectionId),
  index("customer_credits_used_by_idx").on(t.usedByCollectionId),
]);

/**
 * The BIR Form 2307 a customer owes for a quarter's withholding (domain notes §8): expected from its collections,
 * received with its date and amount; missing once past the 20th day after the quarter.
 */
export const withholdingCertificates = pgTable("withholding_certificates", {
  ...idColumn,
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade" }),
  /** The branch whose receipts it covers: a customer issues its 2307 to the payee's TIN with its branch code. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  year: integer("year").notNull(),
  quarter: integer("quarter").notNull(),
  receivedAmount: money("received_amount"),
  dateReceived: businessDate("date_received"),
  /** The period printed on the form, when it differs from the quarter of the collections. */
  periodOnForm: text("period_on_form").notNull().default(""),
  remarks: text("remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [unique("withholding_certificates_customer_branch_quarter_uq").on(t.customerCode, t.branchCode, t.year, t.quarter)]);

/**
 * A post-dated cheque (domain notes §9): received with its collection, deposited no earlier than its date,
 * cleared no earlier than the next banking day, or bounced (its collection reversed and the invoices open again).
 * RECEIVED → DEPOSITED → CLEARED | BOUNCED, and REPLACED or CANCELLED, moved by its workflow.
 */
export const postDatedCheques = pgTable("post_dated_cheques", {
  ...idColumn,
  collectionId: integer("collection_id").notNull().references(() => collections.id),
  status: text("status").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  customerCode: text("customer_code").references(() => customers.code, { onUpdate: "cascade" }),
  bank: text("bank").notNull(),
  chequeNo: text("cheque_no").notNull(),
  chequeDate: businessDate("cheque_date").notNull(),
  amount: money("amount").notNull(),
  /** A manager's or cashier's cheque is never stale. */
  isManagersCheque: boolean("is_managers_cheque").notNull().default(false),
  depositDate: businessDate("deposit_date"),
  clearedDate: businessDate("cleared_date"),
  bounceReason: text("bounce_reason"),
  replacedById: integer("replaced_by_id"),
  ...auditColumns,
}, (t) => [unique("post_dated_cheques_bank_cheque_uq").on(t.bank, t.chequeNo), index("post_dated_cheques_due_idx").on(t.status, t.chequeDate)]);

/**
 * An Authority-to-Print booklet (domain notes §11): the serials a branch may write manual sales invoices on.
 * ACTIVE until its last serial is used (EXHAUSTED).
 */
export const atpBooklets = pgTable("atp_booklets", {
  ...idColumn,
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  atpNo: text("atp_no").notNull(),
  atpDate: businessDate("atp_date").notNull(),
  printerName: text("printer_name").notNull(),
  printerAccreditationNo: text("printer_accreditation_no").notNull(),
  /** The range as whole numbers; printed with the booklet's zero padding. */
  serialFrom: integer("serial_from").notNull(),
  serialTo: integer("serial_to").notNull(),
  serialDigits: integer("serial_digits").notNull().default(4),
  dateReceived: businessDate("date_received").notNull(),
  /** ACTIVE or EXHAUSTED. */
  bookletStatus: text("booklet_status").notNull(),
  ...auditColumns,
}, (t) => [unique("atp_booklets_branch_atp_uq").on(t.branchCode, t.atpNo)]);

/**
 * A manual sales invoice (001 §7 BaseManualSI; domain notes §11): written on a serial of an active ATP booklet of
 * the user's own branch, once. Draft (may be deleted) → Issued → Cancelled (spoiled, with the reason).
 */
export const manualSalesInvoices = pgTable("manual_sales_invoices", {
  ...idColumn,
  status: text("status").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  atpBookletId: integer("atp_booklet_id").notNull().references(() => atpBooklets.id),
  serialNo: integer("serial_no").notNull(),
  invoiceDate: businessDate("invoice_date").notNull(),
  customerCode: text("customer_code").references(() => customers.code, { onUpdate: "cascade" }),
  buyerName: text("buyer_name").notNull(),
  buyerAddress: text("buyer_address").notNull().default(""),
  buyerTin: text("buyer_tin").notNull().default(""),
  buyerVatRegistered: boolean("buyer_vat_registered").notNull().default(false),
  wayBillRef: text("way_bill_ref").references(() => waybills.wayBillRef, { onUpdate: "cascade" }),
  lines: jsonb("lines").$type<{ chargeCode: string; description: string; quantity: string; unit: string; unitPrice: string; amount: string; taxClass: string }[]>().notNull().default(sql`'[]'::jsonb`),
  vatableSales: money("vatable_sales").notNull(),
  vatAmount: money("vat_amount").notNull(),
  exemptSales: money("exempt_sales").notNull(),
  zeroRatedSales: money("zero_rated_sales").notNull(),
  total: money("total").notNull(),
  remarks: text("remarks").notNull().default(""),
  revision: integer("revision").notNull().default(1),
  dateIssued: instant("date_issued"),
  issuedBy: text("issued_by"),
  cancelReason: text("cancel_reason"),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [unique("manual_sales_invoices_branch_serial_uq").on(t.branchCode, t.serialNo)]);

/**
 * The posting outbox (domain notes §10): one row per document revision to send to BASE, written in the
 * transaction that issues, cancels or collects. Its key (`INVOICE:1042:r1`) is the idempotency key of every send;
 * its payload is frozen with its hash when written. Its delivery state is a queue worked by the relay, like the
 * e-mail outbox: HELD (no BASE configured), PENDING, SENDING, CONFIRMED, FAILED_RETRYABLE, UNCERTAIN,
 * FAILED_PERMANENT. Kept five years; a CONFIRMED row is never changed.
 */
export const postings = pgTable("postings", {
  ...idColumn,
  /** INVOICE, COLLECTION_RECEIPT, PDC_CLEARING, MANUAL_SI or REVERSAL. */
  docType: text("doc_type").notNull(),
  docId: integer("doc_id").notNull(),
  revision: integer("revision").notNull(),
  /** Of a REVERSAL: the key of the posting it reverses (INVOICE:1042:r1). */
  reversesKey: text("reverses_key"),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  /** Lading's reference of the document (invoice no., receipt no.), by which BASE is asked when a send is uncertain. */
  reference: text("reference").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** The document's date and totals, for the reconciliation report. */
  documentDate: businessDate("document_date").notNull(),
  totals: jsonb("totals").$type<{ gross: string; vat: string; ewt: string; wvat: string; cash: string }>().notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  payloadHash: text("payload_hash").notNull(),
  status: text("status").notNull(),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
  lastError: text("last_error"),
  /** BASE's id of the document once it is confirmed. */
  externalRef: text("external_ref"),
  /** BASE's last answer as kept: custDetails and message (or Message). */
  response: jsonb("response").$type<Record<string, unknown>>(),
  confirmedAt: instant("confirmed_at"),
  requestedBy: text("requested_by"),
  dateCreated: instant("date_created").notNull().defaultNow(),
  dateModified: instant("date_modified").notNull().defaultNow(),
}, (t) => [
  unique("postings_document_revision_uq").on(t.docType, t.docId, t.revision, t.reversesKey).nullsNotDistinct(),
  index("postings_due_idx").on(t.status, t.nextAttemptAt),
  index("postings_voyage_idx").on(t.voyageNum),
  index("postings_date_idx").on(t.documentDate),
]);
