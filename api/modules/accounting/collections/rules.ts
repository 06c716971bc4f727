import { addCalendarDays } from "../../../shared/dates.ts";
import { formatCentavos, multiplyCentavos, parseDecimal, toCentavos } from "../../../shared/money.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Collections (001 §3, §7 Collections; domain notes §8): the receipt's workflow and series, the tax a payer
 * withholds (EWT and withholding VAT, a partial payment withholding its share), what a collection comes to, and
 * the quarter's Form 2307. Pure: no database, no clock.
 */

/**
 * Issued: the receipt stands and settles its invoices. Cancelled: a mistake found before it was posted to BASE
 * (the spec's delete). Reversed: its cheque bounced, or accounting reversed it after posting. Neither of the last
 * two settles anything; the receipt keeps its number.
 */
export const COLLECTION_STATUSES = ["Issued", "Cancelled", "Reversed"] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

const cashier = (actor: WorkflowActor) => actor.menus.has("CROACCOUNTING");
const accountingApprover = (actor: WorkflowActor) => actor.menus.has("CROACCOUNTING") && actor.capabilities.has("ACCOUNTING_APPROVER");

export const collectionWorkflow = defineWorkflow({
  entity: "collection",
  noun: "collection",
  statuses: COLLECTION_STATUSES,
  actions: {
    cancel: { from: ["Issued"], to: "Cancelled", who: "CRO accounting staff", allowed: cashier, notice: "Collection Deleted Successfully." },
    bounce: { from: ["Issued"], to: "Reversed", who: "CRO accounting staff", allowed: cashier, notice: "Collection reversed: its cheque bounced" },
    reverse: { from: ["Issued"], to: "Reversed", who: "accounting approvers", allowed: accountingApprover, notice: "Collection reversed successfully" },
  },
});
export type CollectionAction = keyof typeof collectionWorkflow.actions;

/** The statuses in which a receipt settles its invoices. */
export const SETTLING_STATUSES: readonly CollectionStatus[] = ["Issued"];

/** How the money came: cash, a cheque dated today or earlier, or a post-dated cheque (cleared later, pdc/). */
export const PAYMENT_METHODS = ["CASH", "CHEQUE", "PDC"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { CASH: "Cash", CHEQUE: "Cheque", PDC: "Post-dated cheque" };

/** A customer's withholding setting (master data): what it withholds when it pays. */
export const WITHHOLDING_SETTINGS = ["NONE", "PRIVATE", "GOVERNMENT"] as const;
export type WithholdingSetting = (typeof WITHHOLDING_SETTINGS)[number];
export const WITHHOLDING_NAMES: Record<WithholdingSetting, string> = {
  NONE: "Does not withhold",
  PRIVATE: "Private: 2% EWT",
  GOVERNMENT: "Government: 2% EWT and 5% VAT",
};

/** What happens to money received beyond what the invoices and other charges come to (the excess payment setting). */
export const EXCESS_HANDLINGS = ["REFUSE", "CREDIT"] as const;
export type ExcessHandling = (typeof EXCESS_HANDLINGS)[number];
export const EXCESS_HANDLING_NAMES: Record<ExcessHandling, string> = {
  REFUSE: "Refuse: take no more than is due",
  CREDIT: "Keep the excess as the customer's credit",
};

/** The series that numbers the Collection Receipts of each branch, gapless: CR-DVO-2025-000001. */
export const RECEIPT_SERIES = "CR";
/** Rows per page of the collection list (001 §9). */
export const COLLECTION_PAGE_SIZE = 20;
/** After a collection is deleted (cancelled) the screen waits this long before it reloads (001 §9). */
export const REDIRECT_DELAY_MS = 1000;

/** Printed on every Collection Receipt: only the invoice supports the buyer's input VAT (domain notes §8). */
export const RECEIPT_INPUT_TAX_NOTICE = "THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX";

/** Rates in percent, as the receipt line stores them ("2.00"). */
export const EWT_RATE = "2.00";
export const WVAT_RATE = "5.00";
/** A rate above this share of its base is not a withholding anyone makes: refused as a typing slip. */
export const MAX_EWT_RATE = "15.00";
/** Withholding VAT cannot exceed the VAT itself. */
export const MAX_WVAT_RATE = "12.00";

/** Alphanumeric tax codes (ATC): 2% on contractors' services, the same by a top withholding agent, VAT withheld on services. */
export const ATC = { ewt: "WC120", topAgentEwt: "WC160", wvat: "WV020" } as const;

/**
 * Other-income accounts a collection may credit besides the invoices it settles (001 §7 Collections: other income
 * accounts). The chart of accounts is BASE's; these are the codes the cashier picks from, sent as they are.
 */
export const OTHER_INCOME_ACCOUNTS = [
  { code: "4600-MISC", name: "Miscellaneous income" },
  { code: "4600-DOCS", name: "Documentation fees" },
  { code: "4600-PEN", name: "Penalties and surcharges" },
  { code: "4600-SCRAP", name: "Sale of scrap and used materials" },
] as const;

// ---------------------------------------------------------------------------------------------------------
// Withholding (domain notes §8)

/** What the withholding of an invoice is worked out from: its totals as issued (VATable sales are net of VAT). */
export interface InvoiceTaxBase {
  total: string;
  vatableSales: string;
  vatAmount: string;
  exemptSales: string;
  zeroRatedSales: string;
}

/** The rates a payer's setting names. */
export function settingRates(setting: WithholdingSetting): { ewtRate: string; wvatRate: string } {
  if (setting === "NONE") return { ewtRate: "0.00", wvatRate: "0.00" };
  return { ewtRate: EWT_RATE, wvatRate: setting === "GOVERNMENT" ? WVAT_RATE : "0.00" };
}

/** The EWT code a payer records: WC160 for a top withholding agent, WC120 otherwise; none when nothing is withheld. */
export function ewtAtcOf(ewtRate: string, isTopWithholdingAgent: boolean): string {
  if (toCentavos(ewtRate) === 0n) return "";
  return isTopWithholdingAgent ? ATC.topAgentEwt : ATC.ewt;
}

/** A percent rate as a fraction: "2.00" is 0.02, kept exact. */
const fraction = (percent: string) => {
  const p = parseDecimal(percent, "Rate");
  return { units: p.units, scale: p.scale + 2 };
};

/** The whole-invoice withholding at the given rates: base net of VAT, EWT on it, and VAT withheld on the VATable net. */
export function invoiceWithholding(invoice: InvoiceTaxBase, rates: { ewtRate: string; wvatRate: string }) {
  const base = toCentavos(invoice.total) - toCentavos(invoice.vatAmount);
  const vatableNet = toCentavos(invoice.vatableSales);
  return {
    base,
    ewt: multiplyCentavos(base, fraction(rates.ewtRate)),
    wvatBase: toCentavos(rates.wvatRate) === 0n ? 0n : vatableNet,
    wvat: multiplyCentavos(vatableNet, fraction(rates.wvatRate)),
  };
}

/**
 * The share of a whole-invoice amount that a payment of `applied` carries: amount × applied / total, rounded once;
 * the payment that settles the balance takes whatever the earlier payments left, so nothing is withheld twice
 * and the parts add up to the whole (837.69 = 357.83 + 479.86).
 */
export function shareOf(whole: bigint, applied: bigint, total: bigint, before: { applied: bigint; taken: bigint }): bigint {
  if (total <= 0n) return 0n;
  if (before.applied + applied >= total) {
    const rest = whole - before.taken;
    return rest > 0n ? rest : 0n;
  }
  const product = whole * applied;
  // Half up, for amounts that are never negative.
  return (product * 2n + total) / (2n * total);
}

/** What is withheld on one invoice by one payment, and the cash that leaves it. Centavos. */
export interface LineWithholding {
  applied: bigint;
  ewtAtc: string;
  ewtRate: string;
  ewtBase: bigint;
  ewtAmount: bigint;
  wvatAtc: string;
  wvatBase: bigint;
  wvatAmount: bigint;
  cash: bigint;
}

/** What earlier live payments already applied to the invoice and withheld from it. Centavos. */
export interface EarlierPayments {
  applied: bigint;
  ewtBase: bigint;
  ewt: bigint;
  wvatBase: bigint;
  wvat: bigint;
}

export const NO_EARLIER_PAYMENTS: EarlierPayments = { applied: 0n, ewtBase: 0n, ewt: 0n, wvatBase: 0n, wvat: 0n };

/**
 * The withholding of a payment of `applied` on an invoice: its share of the invoice's EWT and withholding VAT and
 * of their bases (domain notes §8, partial payments), and the cash the payer hands over for it.
 */
export function lineWithholding(
  invoice: InvoiceTaxBase,
  applied: bigint,
  earlier: EarlierPayments,
  rates: { ewtRate: string; wvatRate: string; isTopWithholdingAgent: boolean },
): LineWithholding {
  const whole = invoiceWithholding(invoice, rates);
  const total = toCentavos(invoice.total);
  const share = (amount: bigint, taken: bigint) => shareOf(amount, applied, total, { applied: earlier.applied, taken });
  const ewtAmount = share(whole.ewt, earlier.ewt);
  const wvatAmount = share(whole.wvat, earlier.wvat);
  const withholdsVat = whole.wvat > 0n;
  return {
    applied,
    ewtAtc: ewtAtcOf(rates.ewtRate, rates.isTopWithholdingAgent),
    ewtRate: formatCentavos(toCentavos(rates.ewtRate)),
    ewtBase: ewtAmount === 0n && toCentavos(rates.ewtRate) === 0n ? 0n : share(whole.base, earlier.ewtBase),
    ewtAmount,
    wvatAtc: withholdsVat ? ATC.wvat : "",
    wvatBase: withholdsVat ? share(whole.wvatBase, earlier.wvatBase) : 0n,
    wvatAmount,
    cash: applied - ewtAmount - wvatAmount,
  };
}

/**
 * Why the rates asked for cannot be used, or null: EWT above 15% of its base is implausible, and more VAT cannot
 * be withheld than the 12% there is.
 */
export function rateProblem(rates: { ewtRate: string; wvatRate: string }): { field: "ewtRate" | "wvatRate"; message: string } | null {
  if (toCentavos(rates.ewtRate) > toCentavos(MAX_EWT_RATE)) {
    return { field: "ewtRate", message: `An EWT of ${trimRate(rates.ewtRate)}% is above ${trimRate(MAX_EWT_RATE)}% of its base: check the rate the customer withheld.` };
  }
  if (toCentavos(rates.wvatRate) > toCentavos(MAX_WVAT_RATE)) {
    return { field: "wvatRate", message: `Withholding VAT of ${trimRate(rates.wvatRate)}% is more than the ${trimRate(MAX_WVAT_RATE)}% VAT there is.` };
  }
  return null;
}

/** Warnings a cashier sees but may go past: rates other than the payer's setting names. */
export function rateWarnings(setting: WithholdingSetting, rates: { ewtRate: string; wvatRate: string }): string[] {
  const expected = settingRates(setting);
  const warnings: string[] = [];
  if (toCentavos(rates.ewtRate) !== toCentavos(expected.ewtRate)) {
    warnings.push(`The customer's setting (${WITHHOLDING_NAMES[setting]}) withholds ${trimRate(expected.ewtRate)}% EWT, not ${trimRate(rates.ewtRate)}%.`);
  }
  if (toCentavos(rates.wvatRate) !== toCentavos(expected.wvatRate)) {
    warnings.push(`The customer's setting (${WITHHOLDING_NAMES[setting]}) withholds ${trimRate(expected.wvatRate)}% VAT, not ${trimRate(rates.wvatRate)}%.`);
  }
  return warnings;
}

/** "2.00" as "2", "2.50" as "2.5". */
export function trimRate(rate: string): string {
  const text = formatCentavos(toCentavos(rate));
  return text.replace(/\.?0+$/, "");
}

// ---------------------------------------------------------------------------------------------------------
// What a collection comes to

/**
 * The cash the lines and other charges come to, the amount received (when the cashier gives none, what is due less
 * any credit spent), and what the two leave over. An excess is kept only as the customer's credit; a shortfall is
 * never a collection (apply less to the invoices instead).
 */
export function collectionBalance(o: { lines: readonly { cash: bigint }[]; otherTotal: bigint; amountReceived?: bigint; creditApplied?: bigint }) {
  const due = o.lines.reduce((sum, l) => sum + l.cash, 0n) + o.otherTotal;
  const credit = o.creditApplied ?? 0n;
  const received = o.amountReceived ?? due - credit;
  return { due, received, excess: received + credit - due };
}

// ---------------------------------------------------------------------------------------------------------
// Form 2307 (domain notes §8)

export const FORM_2307_STATUSES = ["EXPECTED", "RECEIVED", "MISSING"] as const;
export type Form2307Status = (typeof FORM_2307_STATUSES)[number];

/** The calendar quarter of a business date. */
export function quarterOf(date: string): { year: number; quarter: number } {
  return { year: Number(date.slice(0, 4)), quarter: Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1 };
}

/** The first and last day of a quarter. */
export function quarterBounds(year: number, quarter: number): { first: string; last: string } {
  const lastMonth = quarter * 3;
  const first = `${year}-${String(lastMonth - 2).padStart(2, "0")}-01`;
  const next = quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(lastMonth + 1).padStart(2, "0")}-01`;
  return { first, last: addCalendarDays(next, -1) };
}

/** A customer owes its 2307 by the 20th day after the quarter ends: Q2 2025 by 2025-07-20, Q4 by 20 January. */
export function form2307DueDate(year: number, quarter: number): string {
  return addCalendarDays(quarterBounds(year, quarter).last, 20);
}

/** Where a quarter's form stands on `today`: received once recorded, missing once past its due date, expected until then. */
export function form2307Status(o: { received: boolean; dueDate: string; today: string }): Form2307Status {
  if (o.received) return "RECEIVED";
  return o.today > o.dueDate ? "MISSING" : "EXPECTED";
}
