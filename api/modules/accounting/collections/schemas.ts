import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import {
  COLLECTION_PAGE_SIZE,
  COLLECTION_STATUSES,
  EXCESS_HANDLINGS,
  FORM_2307_STATUSES,
  PAYMENT_METHODS,
  WITHHOLDING_SETTINGS,
} from "./rules.ts";

/** Contracts of the collection calls (001 §7 Collections) and Form 2307; zod and pure modules only, so the web uses them. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
/** An empty box reads as left out. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** Pesos with centavos as decimal text ("1234.50"), never negative. */
export const amountField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be an amount` })
    .transform((v) => String(v).trim().replace(/,/g, ""))
    .pipe(z.string().min(1, `${label} is required`).regex(/^\d{1,12}(\.\d{1,2})?$/, `${label} must be an amount of at most 2 decimals, not negative`));

/** A withholding rate in percent ("2" or "2.00"). */
export const rateField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be a percent` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, `${label} must be a percent of at most 2 decimals, not negative`));

export const branchCodeField = required("branchCode", 20);
export const customerCodeField = required("customerCode", 30);

export const collectionIdParam = z.object({ id: wholeNumber("id", { min: 1, tooSmall: "id must be positive" }) });
export const wayBillRefParam = z.object({ wayBillRef: required("wayBillRef", 40) });

/** One invoice a collection settles, and how much of it. */
export const collectionLineInput = z.object({
  invoiceId: wholeNumber("invoiceId", { min: 1, tooSmall: "invoiceId must be positive" }),
  applied: amountField("applied"),
});

/** Money received besides the invoices, credited to an other-income account (or to a charge's own account). */
export const otherChargeInput = z.object({
  chargeCode: optional(required("chargeCode", 20)),
  accountCode: optional(required("accountCode", 40)),
  description: required("description", 200),
  amount: amountField("amount"),
});

const lines = z.array(collectionLineInput, { error: "lines must be a list" })
  .min(1, "Choose at least one invoice to settle").max(200, "A collection settles at most 200 invoices");

/** What the cashier records. Rates left out follow the payer's withholding setting. */
export const createCollectionBody = z.object({
  branchCode: branchCodeField,
  /** Left out, the payer is the consignee the invoices name, not registered as a customer (a walk-in payer). */
  customerCode: optional(customerCodeField),
  collectionDate: dateText("collectionDate"),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "paymentMethod must be CASH, CHEQUE or PDC" }),
  bank: text("bank", 80),
  chequeNo: text("chequeNo", 30),
  chequeDate: optional(dateText("chequeDate")),
  isManagersCheque: z.boolean({ error: "isManagersCheque must be true or false" }).default(false),
  ewtRate: optional(rateField("ewtRate")),
  wvatRate: optional(rateField("wvatRate")),
  lines,
  otherCharges: z.array(otherChargeInput, { error: "otherCharges must be a list" }).max(20, "At most 20 other charges").default([]),
  /** What changed hands; left out, exactly what the lines and other charges come to. */
  amountReceived: optional(amountField("amountReceived")),
  excessHandling: z.enum(EXCESS_HANDLINGS, { error: "excessHandling must be REFUSE or CREDIT" }).default("REFUSE"),
  /** Of the customer's credit kept from earlier excess payments, what this receipt spends; left out, none. */
  creditApplied: optional(amountField("creditApplied")),
  remarks: text("remarks", 500),
});
export type CreateCollectionInput = z.infer<typeof createCollectionBody>;

/** calculate CWT: what a payer withholds on the invoices and amounts given, before anything is saved. */
export const calculateCwtBody = z.object({
  branchCode: branchCodeField,
  customerCode: optional(customerCodeField),
  lines,
  ewtRate: optional(rateField("ewtRate")),
  wvatRate: optional(rateField("wvatRate")),
});
export type CalculateCwtInput = z.infer<typeof calculateCwtBody>;

/** An issued receipt's money never changes; only its remarks do. */
export const updateCollectionBody = z.object({
  dateModified: dateModifiedField,
  remarks: text("remarks", 500),
});

/** The spec's delete: the receipt is cancelled with the reason and keeps its number. */
export const deleteCollectionBody = z.object({
  id: wholeNumber("id", { min: 1, tooSmall: "id must be positive" }),
  dateModified: dateModifiedField,
  reason: required("reason", 300),
});

export const reverseCollectionBody = z.object({
  dateModified: dateModifiedField,
  reason: required("reason", 300),
});

export const collectionListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(COLLECTION_PAGE_SIZE),
  search: text("search", 100),
  status: optional(z.enum(COLLECTION_STATUSES, { error: `status must be one of: ${COLLECTION_STATUSES.join(", ")}` })),
  branchCode: optional(branchCodeField),
  collectionDate: optional(dateText("collectionDate")),
});
export type CollectionListQuery = z.infer<typeof collectionListQuery>;

export const dayTotalsQuery = z.object({
  collectionDate: dateText("collectionDate"),
  branchCode: optional(branchCodeField),
});

export const payersQuery = z.object({
  branchCode: branchCodeField,
  search: text("search", 100),
});

/** A customer's open invoices; or, without a customer, the open invoices billed to no registered customer that match `search`. */
export const openInvoicesQuery = z.object({
  branchCode: branchCodeField,
  customerCode: optional(customerCodeField),
  search: text("search", 100),
}).refine((q) => q.customerCode !== undefined || q.search.length >= 3, {
  path: ["search"], message: "Choose the payer, or give at least 3 characters of the invoice, waybill or consignee to find the invoice",
});

export const receiptNumberQuery = z.object({ branchCode: branchCodeField });
export const excessSettingQuery = z.object({ customerCode: optional(customerCodeField) });

// Answers -----------------------------------------------------------------------------------------------

const amount = z.string();

/** What earlier receipts still standing took from an invoice: applied, and withheld with its bases. */
export const earlierPayments = z.object({ applied: amount, ewtBase: amount, ewt: amount, wvatBase: amount, wvat: amount });

/** An invoice of the payer with what is left to collect on it. */
export const openInvoiceRow = z.object({
  invoiceId: z.number(),
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  branchCode: z.string(),
  customerCode: z.string().nullable(),
  buyerName: z.string(),
  wayBillRef: z.string().nullable(),
  voyageNum: z.string().nullable(),
  billedSide: z.string(),
  status: z.string(),
  total: amount,
  vatableSales: amount,
  vatAmount: amount,
  exemptSales: amount,
  zeroRatedSales: amount,
  earlier: earlierPayments,
  balance: amount,
});
export type OpenInvoiceRow = z.infer<typeof openInvoiceRow>;

export const payerRow = z.object({
  customerCode: z.string(),
  company: z.string(),
  address: z.string(),
  tin: z.string(),
  withholding: z.enum(WITHHOLDING_SETTINGS),
  isTopWithholdingAgent: z.boolean(),
  openInvoices: z.number(),
  openBalance: amount,
  credit: amount,
});
export type PayerRow = z.infer<typeof payerRow>;

export const cwtLine = z.object({
  invoiceId: z.number(),
  invoiceNo: z.string(),
  applied: amount,
  ewtAtc: z.string(),
  ewtRate: amount,
  ewtBase: amount,
  ewtAmount: amount,
  wvatAtc: z.string(),
  wvatBase: amount,
  wvatAmount: amount,
  cash: amount,
  balanceAfter: amount,
});
export type CwtLine = z.infer<typeof cwtLine>;

export const cwtAnswer = z.object({
  withholding: z.enum(WITHHOLDING_SETTINGS),
  ewtRate: amount,
  wvatRate: amount,
  lines: z.array(cwtLine),
  totals: z.object({ applied: amount, ewt: amount, wvat: amount, cash: amount }),
  warnings: z.array(z.string()),
});
export type CwtAnswer = z.infer<typeof cwtAnswer>;

export const collectionLineRow = cwtLine.omit({ balanceAfter: true }).extend({ wayBillRef: z.string().nullable(), voyageNum: z.string().nullable() });

export const otherChargeRow = z.object({ accountCode: z.string(), description: z.string(), amount });

export const chequeOfCollection = z.object({
  id: z.number(),
  status: z.string(),
  bank: z.string(),
  chequeNo: z.string(),
  chequeDate: z.string(),
  amount,
  depositDate: z.string().nullable(),
  clearedDate: z.string().nullable(),
});

export const collectionRow = z.object({
  id: z.number(),
  receiptNo: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  branchCode: z.string(),
  customerCode: z.string().nullable(),
  payerName: z.string(),
  collectionDate: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  bank: z.string(),
  chequeNo: z.string(),
  chequeDate: z.string().nullable(),
  withholding: z.enum(WITHHOLDING_SETTINGS),
  appliedTotal: amount,
  ewtTotal: amount,
  wvatTotal: amount,
  otherTotal: amount,
  amountReceived: amount,
  excessAmount: amount,
  excessHandling: z.enum(EXCESS_HANDLINGS),
  /** Credit of the customer's spent on this receipt: it settles with the money received. */
  creditApplied: amount,
  remarks: z.string(),
  revision: z.number(),
  dateIssued: z.string(),
  issuedBy: z.string(),
  cancelReason: z.string().nullable(),
  dateCancelled: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  dateModified: z.string(),
  lines: z.array(collectionLineRow),
  otherCharges: z.array(otherChargeRow),
  /** The cheque of a PDC collection (the one standing, after any replacement). */
  cheque: chequeOfCollection.nullable(),
  /** Where its posting to BASE stands (HELD, PENDING, ..., CONFIRMED). */
  postingStatus: z.string().nullable(),
});
export type CollectionRow = z.infer<typeof collectionRow>;

const countAndAmount = z.object({ count: z.number(), amount });

/** The day's figures a cashier reconciles at closing: by how the money came, and what was withheld. */
export const dayTotalsRow = z.object({
  collectionDate: z.string(),
  receipts: z.number(),
  cash: countAndAmount,
  cheques: countAndAmount,
  pdcs: countAndAmount,
  applied: amount,
  ewt: amount,
  wvat: amount,
  other: amount,
  excess: amount,
  /** Customers' credit spent on the day's receipts: it settled invoices without changing hands. */
  creditApplied: amount,
  received: amount,
  cancelled: z.number(),
});
export type DayTotalsRow = z.infer<typeof dayTotalsRow>;

/** The payment status of a waybill's side for release (the accounting module's paid question). */
export const sidePaymentRow = z.object({
  side: z.enum(["origin", "destination"]),
  paid: z.boolean(),
  reason: z.string(),
  invoices: z.array(z.object({ invoiceNo: z.string(), billedSide: z.string(), total: amount, settled: amount, awaitingClearing: amount, balance: amount })),
});
export type SidePaymentRow = z.infer<typeof sidePaymentRow>;

export const waybillAccountRow = z.object({
  wayBillRef: z.string(),
  voyageNum: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  modeOfPayment: z.string(),
  customerCode: z.string(),
  consigneeName: z.string(),
  invoices: z.array(openInvoiceRow),
  origin: sidePaymentRow,
  destination: sidePaymentRow,
});

// Form 2307 ----------------------------------------------------------------------------------------------

export const form2307Query = z.object({
  year: wholeNumber("year", { min: 2000, max: 2200 }),
  quarter: optional(wholeNumber("quarter", { min: 1, max: 4 })),
  branchCode: optional(branchCodeField),
  customerCode: optional(customerCodeField),
  status: optional(z.enum(FORM_2307_STATUSES, { error: "status must be EXPECTED, RECEIVED or MISSING" })),
});
export type Form2307Query = z.infer<typeof form2307Query>;

export const receive2307Body = z.object({
  branchCode: branchCodeField,
  customerCode: customerCodeField,
  year: wholeNumber("year", { min: 2000, max: 2200 }),
  quarter: wholeNumber("quarter", { min: 1, max: 4 }),
  amount: amountField("amount"),
  dateReceived: dateText("dateReceived"),
  periodOnForm: text("periodOnForm", 60),
  remarks: text("remarks", 300),
  /** The dateModified of the form as read, when one is recorded already (correcting it). */
  dateModified: optional(dateModifiedField),
});
export type Receive2307Input = z.infer<typeof receive2307Body>;

export const form2307Row = z.object({
  id: z.number().nullable(),
  branchCode: z.string(),
  customerCode: z.string(),
  company: z.string(),
  year: z.number(),
  quarter: z.number(),
  receipts: z.number(),
  expectedEwt: amount,
  expectedWvat: amount,
  expected: amount,
  received: amount.nullable(),
  dateReceived: z.string().nullable(),
  periodOnForm: z.string(),
  pending: amount,
  dueDate: z.string(),
  status: z.enum(FORM_2307_STATUSES),
  dateModified: z.string().nullable(),
});
export type Form2307Row = z.infer<typeof form2307Row>;
