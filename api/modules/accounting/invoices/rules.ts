import { formatAmount, formatCentavos, multiplyAmount, normalizeAmount, splitVat, sumAmounts, toCentavos } from "../../../shared/money.ts";
import { type TaxClass } from "../../../shared/reference-lists.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

export { TAX_CLASSES, type TaxClass } from "../../../shared/reference-lists.ts";

/**
 * Cargo-release accounting and its invoices (001 §3, §7 CRO accounting; domain notes §6, §7): who bills which
 * waybill lines, what an invoice must say before it may be issued, and its VAT worked out once. Pure.
 */

const cashier = (actor: WorkflowActor) => actor.menus.has("CROACCOUNTING");

/**
 * A CRO accounting record: the billing of one voyage's waybills at one branch and side. Draft while the cashier
 * generates its invoices; Posted once they are final and sent to BASE. Reopened to invoice a waybill that came
 * late. Deleted only while Draft and without invoices.
 */
export const CRO_ACCOUNTING_STATUSES = ["Draft", "Posted"] as const;
export type CroAccountingStatus = (typeof CRO_ACCOUNTING_STATUSES)[number];

export const croAccountingWorkflow = defineWorkflow({
  entity: "cro-accounting",
  noun: "CRO accounting",
  statuses: CRO_ACCOUNTING_STATUSES,
  actions: {
    post: { from: ["Draft"], to: "Posted", who: "CRO accounting staff", allowed: cashier, notice: "CRO accounting posted successfully" },
    reopen: { from: ["Posted"], to: "Draft", who: "CRO accounting staff", allowed: cashier, notice: "CRO accounting reopened" },
  },
});
export type CroAccountingAction = keyof typeof croAccountingWorkflow.actions;
export const CRO_ACCOUNTING_ACTIONS = Object.keys(croAccountingWorkflow.actions) as [CroAccountingAction, ...CroAccountingAction[]];

/** An issued invoice is never edited or deleted: it is cancelled, with the reason, and keeps its number. */
export const INVOICE_STATUSES = ["Issued", "Cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceWorkflow = defineWorkflow({
  entity: "invoice",
  noun: "invoice",
  statuses: INVOICE_STATUSES,
  actions: {
    cancel: { from: ["Issued"], to: "Cancelled", who: "CRO accounting staff", allowed: cashier, notice: "Invoice cancelled" },
    // An approved booking change re-prices an invoiced waybill: the accounting approver's step cancels the invoice
    // and issues the next number in the same transaction (correction.ts).
    replace: {
      from: ["Issued"], to: "Cancelled", who: "CRO accounting staff or an accounting approver", notice: "Invoice cancelled and issued again",
      allowed: (actor) => cashier(actor) || actor.capabilities.has("ACCOUNTING_APPROVER") || actor.capabilities.has("BC_ACCOUNTING_APPROVER"),
    },
  },
});

/** The series of the CRO accounting records (CRA-MNL-2026-000001) and of the invoices (SI-MNL-2026-000001), per branch. */
export const CRO_ACCOUNTING_SERIES = "CRA";
export const INVOICE_SERIES = "SI";

/** 001 §8: what generating answers when every waybill line of the record is invoiced already. */
export const NO_MORE_WAYBILLS = "No more Waybill Data";

/** Rows per page of the CRO accounting lists (001 §9: CRO 20). */
export const CRO_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------
// Who bills what

/** The two ends that bill a waybill: the origin branch its prepaid and account-origin lines, the destination the rest. */
export const BILLING_SIDES = ["Origin", "Destination"] as const;
export type BillingSide = (typeof BILLING_SIDES)[number];

export type PaymentMode = "P" | "C" | "AO" | "AD";

/** The payment sides (waybill lines' availableTo) each end bills, one invoice per waybill and payment side. */
export const MODES_OF_SIDE: Record<BillingSide, readonly PaymentMode[]> = { Origin: ["P", "AO"], Destination: ["C", "AD"] };

export function sideOfMode(mode: string): BillingSide | null {
  if (mode === "P" || mode === "AO") return "Origin";
  if (mode === "C" || mode === "AD") return "Destination";
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Tax classes and the VAT of one document (domain notes §7)

/** The words an invoice prints beside a line that is not VATable. */
export const TAX_CLASS_MARKS: Record<TaxClass, string> = { VATABLE: "", EXEMPT: "VAT-exempt sale", ZERO_RATED: "zero-rated sale" };

/**
 * A charge's tax class as the invoice reads it: the class the charge master gives, except that a charge marked
 * not VAT-able under the default class (a row older than the class) is VAT-exempt.
 */
export function effectiveTaxClass(charge: { taxClass: string; isVatable: boolean }): TaxClass {
  if (charge.taxClass === "EXEMPT" || charge.taxClass === "ZERO_RATED") return charge.taxClass;
  return charge.isVatable ? "VATABLE" : "EXEMPT";
}

export interface TaxedAmount {
  amount: string;
  taxClass: TaxClass;
}

/** What an invoice prints at its foot: the sales by tax class, the VAT as its own item, and the total. */
export interface InvoiceAmounts {
  /** The VATable lines as billed, VAT included. */
  vatableInclusive: string;
  /** VATable sales net of VAT: the VATable lines' sum divided by 1.12 once, half up. */
  vatableSales: string;
  vatAmount: string;
  exemptSales: string;
  zeroRatedSales: string;
  total: string;
}

/**
 * The amounts of one document from its lines' VAT-inclusive amounts: the VATable net worked out once from the
 * sum of the VATable lines (never line by line: 3 × 100.00 nets 267.86, not 3 × 89.29), the VAT what remains.
 */
export function invoiceAmounts(lines: readonly TaxedAmount[]): InvoiceAmounts {
  const of = (taxClass: TaxClass) => sumAmounts(lines.filter((l) => l.taxClass === taxClass).map((l) => l.amount));
  const vatableInclusive = of("VATABLE");
  const { net, vat } = splitVat(vatableInclusive);
  const exemptSales = of("EXEMPT");
  const zeroRatedSales = of("ZERO_RATED");
  return {
    vatableInclusive,
    vatableSales: net,
    vatAmount: vat,
    exemptSales,
    zeroRatedSales,
    total: sumAmounts([vatableInclusive, exemptSales, zeroRatedSales]),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The lines of an invoice

export interface BillableLine {
  chargeCode: string;
  /** The name the charge master prints (its print name, else its name). */
  chargeName: string;
  rateUnit: string;
  /** The unit as people read it: "Per TEU". */
  unitLabel: string;
  quantity: string;
  rate: string;
  chargeValue: string;
  taxClass: TaxClass;
  /** Billed by the port to the consignee directly: not Lading's sale, so not on its invoice. */
  passThrough: boolean;
}

export interface InvoiceLine {
  chargeCode: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
  taxClass: TaxClass;
}

/** "12.500" reads 12.5, "2.000" reads 2; a whole number keeps its zeros ("400"). */
export const quantityText = (value: string) => (value.includes(".") ? value.replace(/\.?0+$/, "") : value) || "0";

/**
 * A waybill line as the invoice describes it: the charge, its quantity in the rate's unit and the rate. A line
 * whose amount is not the rate times the quantity (a premium priced from the policies) is billed as one lot at
 * its amount, so quantity times unit price is always the amount printed.
 */
export function invoiceLineOf(line: BillableLine): InvoiceLine {
  const amount = normalizeAmount(line.chargeValue);
  const priced = multiplyAmount(line.rate, line.quantity) === amount;
  return {
    chargeCode: line.chargeCode,
    description: line.chargeName,
    quantity: priced ? quantityText(line.quantity) : "1",
    unit: priced ? line.unitLabel : "Lot",
    unitPrice: priced ? normalizeAmount(line.rate) : amount,
    amount,
    taxClass: line.taxClass,
  };
}

/** The lines Lading bills: pass-through lines stay off the invoice and out of its VAT (and withholding) base. */
export function invoiceLinesOf(lines: readonly BillableLine[]): InvoiceLine[] {
  return lines.filter((l) => !l.passThrough).map(invoiceLineOf);
}

// ---------------------------------------------------------------------------------------------------------
// What an invoice must say (domain notes §6)

/** A VAT-registered buyer billed this much or more is named by its TIN on the invoice. */
export const BUYER_TIN_THRESHOLD = "1000.00";

export interface Seller {
  branchCode: string;
  registeredName: string;
  businessStyle: string;
  tin: string;
  address: string;
}

export interface Buyer {
  name: string;
  address: string;
  tin: string;
  vatRegistered: boolean;
}

export interface Refusal {
  field: string;
  message: string;
}

/** What the seller's branch lacks before its invoices may be issued; empty when nothing. */
export function sellerProblems(seller: Seller): Refusal[] {
  const missing = ([
    ["registeredName", "registered name"],
    ["businessStyle", "business style"],
    ["tin", "TIN with branch code"],
    ["address", "registered address"],
  ] as const).filter(([field]) => seller[field].trim() === "").map(([, words]) => words);
  if (missing.length === 0) return [];
  return [{
    field: "branchCode",
    message: `Branch ${seller.branchCode} has no ${missing.join(", ")}; an invoice cannot be issued without the seller's particulars. ` +
      "Fill them in under Master Data > Branches.",
  }];
}

/** Whether the buyer's TIN must be printed: a VAT-registered buyer billed 1,000.00 or more. */
export function buyerTinRequired(buyer: Pick<Buyer, "vatRegistered">, total: string): boolean {
  return buyer.vatRegistered && toCentavos(total) >= toCentavos(BUYER_TIN_THRESHOLD);
}

/** What the buyer's particulars lack for an invoice of `total`; empty when nothing. */
export function buyerProblems(buyer: Buyer, total: string, reference: string): Refusal[] {
  if (buyer.name.trim() === "") return [{ field: "buyer", message: `${reference}: the invoice needs the buyer's name.` }];
  if (buyerTinRequired(buyer, total) && buyer.tin.trim() === "") {
    return [{
      field: "buyerTin",
      message: `${reference}: ${buyer.name} is VAT-registered and is billed ${formatAmount(total)}, so its TIN must be on the invoice; ` +
        "fill it in under Master Data > Customers.",
    }];
  }
  return [];
}

/** A cancellation says why: the reason stays on the invoice with who cancelled it and when. */
export const CANCEL_REASON_MAX = 300;

/** The reversal of a posted amount: every total with its sign turned. */
export function negated<T extends Record<string, string>>(totals: T): T {
  return Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, formatCentavos(-toCentavos(v))])) as T;
}
