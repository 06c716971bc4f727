import { multiplyAmount, toCentavos } from "../../../shared/money.ts";
import type { TaxClass } from "../../../shared/reference-lists.ts";
import { invoiceAmounts, type TaxedAmount } from "../invoices/rules.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Manual sales invoices and their Authority-to-Print booklets (001 §7 BaseManualSI, §9; domain notes §6, §7,
 * §11): the workflows, serials, the gap report and the VAT of a manual invoice. Pure: no database, no clock.
 */

/** Draft: written but not issued, and the only state in which it may be changed or deleted. Cancelled: spoiled, with the reason. */
export const MANUAL_SI_STATUSES = ["Draft", "Issued", "Cancelled"] as const;
export type ManualSiStatus = (typeof MANUAL_SI_STATUSES)[number];

/** A booklet is used until no serial of its range is left (EXHAUSTED). ATP stock no longer expires (RR 6-2022). */
export const ATP_BOOKLET_STATUSES = ["ACTIVE", "EXHAUSTED"] as const;
export type AtpBookletStatus = (typeof ATP_BOOKLET_STATUSES)[number];

const cashier = (actor: WorkflowActor) => actor.menus.has("CROACCOUNTING");

export const manualSiWorkflow = defineWorkflow({
  entity: "manual-sales-invoice",
  noun: "manual SI",
  statuses: MANUAL_SI_STATUSES,
  actions: {
    issue: { from: ["Draft"], to: "Issued", who: "CRO accounting staff", allowed: cashier, notice: "Manual SI Issued Successfully" },
    cancel: { from: ["Issued"], to: "Cancelled", who: "CRO accounting staff", allowed: cashier, notice: "Manual SI Cancelled Successfully" },
  },
});

export const atpBookletWorkflow = defineWorkflow({
  entity: "atp-booklet",
  noun: "ATP booklet",
  statuses: ATP_BOOKLET_STATUSES,
  actions: {
    exhaust: { from: ["ACTIVE"], to: "EXHAUSTED", who: "CRO accounting staff", allowed: cashier, notice: "ATP booklet used up" },
  },
});

/** The manual SI list: skip 0, take 20 (001 §9). */
export const MANUAL_SI_PAGE_SIZE = 20;
/** The widest range a gap report covers at once. */
export const MAX_GAP_REPORT = 5000;

/** The actions of the one BaseManualSI call (001 §7): the spec's four, and issuing and cancelling (spoiling). */
export const MANUAL_SI_ACTIONS = ["list", "create", "update", "delete", "issue", "cancel"] as const;

export { TAX_CLASSES, type TaxClass } from "../../../shared/reference-lists.ts";
export const TAX_CLASS_NAMES: Record<TaxClass, string> = { VATABLE: "VATable", EXEMPT: "VAT-exempt sale", ZERO_RATED: "Zero-rated sale" };

/** A serial as the booklet prints it: 750 in a four-digit booklet is "0750". */
export function formatSerial(serial: number, digits: number): string {
  return String(serial).padStart(digits, "0");
}

/** What a gap report says of one serial. */
export const SERIAL_STATES = ["ISSUED", "CANCELLED", "DRAFT", "UNUSED"] as const;
export type SerialState = (typeof SERIAL_STATES)[number];

/** Every serial of a range with what became of it: issued, cancelled (spoiled), written as a draft, or unused. */
export function gapReport(from: number, to: number, used: ReadonlyMap<number, ManualSiStatus>): { serial: number; state: SerialState }[] {
  const rows: { serial: number; state: SerialState }[] = [];
  for (let serial = from; serial <= to; serial++) {
    const status = used.get(serial);
    rows.push({ serial, state: status === "Issued" ? "ISSUED" : status === "Cancelled" ? "CANCELLED" : status === "Draft" ? "DRAFT" : "UNUSED" });
  }
  return rows;
}

/** A booklet as the serial check reads it. */
export interface BookletRange {
  id: number;
  atpNo: string;
  serialFrom: number;
  serialTo: number;
  serialDigits: number;
  bookletStatus: string;
}

/**
 * The booklet a serial of the branch may be written on, or why none: the serial must fall in a booklet of the
 * user's branch that is still ACTIVE. (That it was not used before is the database's to say: it is unique.)
 */
export function bookletForSerial(serial: number, branchCode: string, booklets: readonly BookletRange[]):
  { booklet: BookletRange; problem: null } | { booklet: null; problem: string } {
  const holding = booklets.filter((b) => b.serialFrom <= serial && serial <= b.serialTo);
  const active = holding.find((b) => b.bookletStatus === "ACTIVE");
  if (active) return { booklet: active, problem: null };
  const digits = holding[0]?.serialDigits ?? Math.max(4, ...booklets.map((b) => b.serialDigits));
  const shown = formatSerial(serial, digits);
  if (holding.length > 0) {
    return { booklet: null, problem: `Serial ${shown} is in ATP booklet ${holding[0].atpNo} of branch ${branchCode}, which is used up (EXHAUSTED).` };
  }
  return { booklet: null, problem: `Serial ${shown} is outside every active ATP booklet of branch ${branchCode}.` };
}

/** A line of a manual invoice as typed: quantity times unit price, rounded once to the centavo. */
export function lineAmount(quantity: string, unitPrice: string): string {
  return multiplyAmount(unitPrice, quantity);
}

/**
 * The VAT of a manual invoice: worked out exactly as a waybill invoice's (domain notes §7), by the one function
 * both kinds of invoice share.
 */
export function documentVat(lines: readonly TaxedAmount[]) {
  const { vatableInclusive: _inclusive, ...amounts } = invoiceAmounts(lines);
  return amounts;
}

/** From this total a VAT-registered buyer's TIN must be on the invoice (NIRC §113). */
export const BUYER_TIN_THRESHOLD = "1000.00";

/** Why the buyer's particulars do not do for an invoice of `total`, or null. */
export function buyerTinProblem(o: { buyerVatRegistered: boolean; buyerTin: string; total: string }): string | null {
  if (!o.buyerVatRegistered || o.buyerTin.trim() !== "") return null;
  if (toCentavos(o.total) < toCentavos(BUYER_TIN_THRESHOLD)) return null;
  return "The buyer is VAT-registered: its TIN is required on an invoice of 1,000.00 or more.";
}
