import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import { BILLING_SIDES, CANCEL_REASON_MAX, CRO_ACCOUNTING_ACTIONS, CRO_PAGE_SIZE } from "./rules.ts";

/** Contracts of the CRO accounting and invoice calls (001 §7 CRO accounting); zod and pure modules only. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);

const paging = {
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(CRO_PAGE_SIZE),
  search: text("search", 100).optional(),
};

export const voyageNumParam = z.object({ voyageNum: required("voyageNum", 40) });
export const wayBillRefParam = z.object({ wayBillRef: required("wayBillRef", 40) });
export const invoiceNoParam = z.object({ invoiceNo: required("invoiceNo", 40) });

/** The voyages list of /CROAccounting: a branch and side of a voyage per row. */
export const voyageListQuery = z.object({
  ...paging,
  branchCode: text("branchCode", 30).optional(),
  side: z.enum(BILLING_SIDES, { error: "side must be Origin or Destination" }).optional(),
});
export type VoyageListQuery = z.infer<typeof voyageListQuery>;

export const createCroAccountingBody = z.object({
  voyageNum: required("voyageNum", 40),
  branchCode: required("branchCode", 30),
  side: z.enum(BILLING_SIDES, { error: "side must be Origin or Destination" }),
  remarks: text("remarks", 500).default(""),
});
export type CreateCroAccountingInput = z.infer<typeof createCroAccountingBody>;

export const updateCroAccountingBody = z.object({
  dateModified: dateModifiedField,
  remarks: text("remarks", 500),
});
export type UpdateCroAccountingInput = z.infer<typeof updateCroAccountingBody>;

export const croStatusBody = z.object({
  action: z.enum(CRO_ACCOUNTING_ACTIONS, { error: `action must be one of: ${CRO_ACCOUNTING_ACTIONS.join(", ")}` }),
  dateModified: dateModifiedField,
  remarks: text("remarks", 500).default(""),
});
export type CroStatusInput = z.infer<typeof croStatusBody>;

/** Generate the invoices of some waybills only; all that are waiting when left out. */
export const generateBody = z.object({
  wayBillRefs: z.array(required("wayBillRef", 40), { error: "wayBillRefs must be a list" }).max(500, "At most 500 waybills at once").optional(),
}).default({});
export type GenerateInput = z.infer<typeof generateBody>;

export const cancelInvoiceBody = z.object({
  dateModified: dateModifiedField,
  reason: required("reason", CANCEL_REASON_MAX),
});
export type CancelInvoiceInput = z.infer<typeof cancelInvoiceBody>;

export const dailyTotalsQuery = z.object({
  date: dateText("date").optional(),
});

export const invoiceSearchQuery = z.object({ ...paging, take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(20) });
export type InvoiceSearchQuery = z.infer<typeof invoiceSearchQuery>;

// ---------------------------------------------------------------------------------------------------------
// Answers

const amounts = {
  vatableSales: z.string(),
  vatAmount: z.string(),
  exemptSales: z.string(),
  zeroRatedSales: z.string(),
  total: z.string(),
};

export const invoiceLineRow = z.object({
  chargeCode: z.string(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  taxClass: z.string(),
});

export const invoiceRow = z.object({
  id: z.number(),
  invoiceNo: z.string(),
  status: z.string(),
  branchCode: z.string(),
  croAccountingId: z.number().nullable(),
  wayBillRef: z.string().nullable(),
  voyageNum: z.string().nullable(),
  billedSide: z.string(),
  invoiceDate: z.string(),
  customerCode: z.string().nullable(),
  buyerName: z.string(),
  buyerAddress: z.string(),
  buyerTin: z.string(),
  buyerVatRegistered: z.boolean(),
  seller: z.object({ registeredName: z.string(), businessStyle: z.string(), tin: z.string(), address: z.string() }),
  ...amounts,
  revision: z.number(),
  dateIssued: z.string(),
  issuedBy: z.string(),
  cancelReason: z.string().nullable(),
  dateCancelled: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  dateModified: z.string(),
  lines: z.array(invoiceLineRow),
  /** The latest posting of the invoice (its issue, or its reversal once cancelled), as the relay left it. */
  posting: z.object({ idempotencyKey: z.string(), status: z.string(), lastError: z.string().nullable() }).nullable(),
  /** What collections applied to it, and what is still open. */
  collected: z.string(),
  open: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const croAccountingRow = z.object({
  id: z.number(),
  croAcctgNum: z.string(),
  status: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  side: z.string(),
  remarks: z.string(),
  invoiceCount: z.number(),
  invoiced: z.string(),
  collected: z.string(),
  open: z.string(),
  /** Waybills with lines of this side still to invoice. */
  waiting: z.number(),
  userCreated: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type CroAccountingRow = z.infer<typeof croAccountingRow>;

export const croAccountingDetail = croAccountingRow.extend({ invoices: z.array(invoiceRow) });
export type CroAccountingDetail = z.infer<typeof croAccountingDetail>;

export const voyageRow = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  estimatedTimeDeparture: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  side: z.string(),
  waybills: z.number(),
  /** What the waybills bill on this side, VAT included. */
  billed: z.string(),
  invoiced: z.string(),
  collected: z.string(),
  open: z.string(),
  waiting: z.number(),
  croAccounting: z.object({ id: z.number(), croAcctgNum: z.string(), status: z.string(), dateModified: z.string() }).nullable(),
});
export type VoyageRow = z.infer<typeof voyageRow>;

export const waybillSideRow = z.object({
  wayBillRef: z.string(),
  status: z.string(),
  bookingRef: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  modeOfPayment: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  voyageNum: z.string(),
  /** Each payment side the waybill bills, with what it bills and its live invoice. */
  sides: z.array(z.object({
    mode: z.string(),
    side: z.string(),
    billingBranch: z.string(),
    amount: z.string(),
    invoice: z.object({ invoiceNo: z.string(), status: z.string(), total: z.string() }).nullable(),
  })),
});
export type WaybillSideRow = z.infer<typeof waybillSideRow>;

export const generateAnswer = z.object({
  data: z.array(invoiceRow),
  /** Waybills whose invoice could not be issued, and why. */
  refused: z.array(z.object({ wayBillRef: z.string(), mode: z.string(), message: z.string() })),
  message: z.string(),
});
export type GenerateAnswer = z.infer<typeof generateAnswer>;

const countTotal = z.object({ count: z.number(), total: z.string() });

/** What a cashier reconciles at the end of the day, per branch. */
export const dailyTotalsAnswer = z.object({
  date: z.string(),
  data: z.array(z.object({
    branchCode: z.string(),
    issued: countTotal.extend({ vat: z.string() }),
    cancelled: countTotal,
    collected: countTotal,
  })),
});
export type DailyTotalsAnswer = z.infer<typeof dailyTotalsAnswer>;

export const voyageDestinationAnswer = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  originBranchCode: z.string(),
  destinations: z.array(z.object({ branchCode: z.string(), branchName: z.string(), estimatedTimeArrival: z.string() })),
});
