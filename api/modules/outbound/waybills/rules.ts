import { formatCentavos, splitVat, sumAmounts, toCentavos } from "../../../shared/money.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/** Waybills (001 §3, §4): statuses, who bills each charge line, the totals and the VAT. Pure. */

/**
 * Draft: not on a load list yet, the only status in which a waybill may be changed. Any other status counts as on
 * a load list (001 §4): On Load List once a release carries it, Loaded once the final tally counted its van onto
 * the vessel. Taking it off the list puts it back to Draft; reopening a final tally puts it back on the list.
 */
export const WAYBILL_STATUSES = ["Draft", "On Load List", "Loaded", "Cancelled"] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];

const outboundStaff = (actor: WorkflowActor) => actor.menus.has("OUTBOUND");
const tallyUndo = (actor: WorkflowActor) => actor.menus.has("OUTBOUND") && actor.capabilities.has("TALLY_SHEET_UNDO");

/** The waybill's moves: onto and off a load list, loaded by the final tally, and back when that tally is reopened. */
export const waybillWorkflow = defineWorkflow({
  entity: "waybill",
  noun: "waybill",
  statuses: WAYBILL_STATUSES,
  actions: {
    addToLoadList: { from: ["Draft"], to: "On Load List", who: "outbound staff", allowed: outboundStaff, notice: "Added to the load list" },
    removeFromLoadList: { from: ["On Load List"], to: "Draft", who: "outbound staff", allowed: outboundStaff, notice: "Taken off the load list" },
    load: { from: ["On Load List"], to: "Loaded", who: "outbound staff", allowed: outboundStaff, notice: "Loaded successfully" },
    undoLoad: { from: ["Loaded"], to: "On Load List", who: "users with the tally sheet undo role", allowed: tallyUndo, notice: "Final tally undone" },
  },
});
export type WaybillAction = keyof typeof waybillWorkflow.actions;

/** Rows per page of the waybill list (001 §9). */
export const WAYBILL_PAGE_SIZE = 20;

/** The series that numbers the waybills at each origin branch: WB-MNL-2026-000001. */
export const WAYBILL_SERIES = "WB";

export const PAYMENT_SIDE_NAMES = { P: "Prepaid", C: "Collect", AO: "Account Origin", AD: "Account Destination" } as const;
export type PaymentSide = keyof typeof PAYMENT_SIDE_NAMES;

/** The charge parts billed at the destination when a waybill's charges are split (001 §4). */
const DESTINATION_PARTS = new Set(["PORT_DESTINATION", "TRUCKING_DESTINATION"]);

/**
 * The side that bills a charge line. Without a split every line goes to the waybill's mode of payment. With a
 * split, freight and the origin parts (and anything added) go to the origin side and the destination parts to
 * the destination side: prepaid and collect for a cash shipper, account origin and account destination for one
 * on account.
 */
export function paymentSideOf(modeOfPayment: PaymentSide, isSplitCharge: boolean, part: string): PaymentSide {
  if (!isSplitCharge) return modeOfPayment;
  const onAccount = modeOfPayment === "AO" || modeOfPayment === "AD";
  const atDestination = DESTINATION_PARTS.has(part);
  if (onAccount) return atDestination ? "AD" : "AO";
  return atDestination ? "C" : "P";
}

export interface TotalsLine {
  chargeValue: string;
  availableTo: string;
  isVatable: boolean;
}

export interface WaybillTotals {
  prepaid: string;
  collect: string;
  accountOrigin: string;
  accountDestination: string;
  total: string;
  /** The VAT of the whole waybill, worked out once from its VATable lines (domain notes §7). */
  vat: { vatableInclusive: string; vatableNet: string; vat: string; exempt: string };
}

/** Totals by payment side and the VAT, in exact centavos. */
export function waybillTotals(lines: readonly TotalsLine[]): WaybillTotals {
  const side = (code: PaymentSide) => sumAmounts(lines.filter((l) => l.availableTo === code).map((l) => l.chargeValue));
  const vatableInclusive = sumAmounts(lines.filter((l) => l.isVatable).map((l) => l.chargeValue));
  const exempt = sumAmounts(lines.filter((l) => !l.isVatable).map((l) => l.chargeValue));
  const split = splitVat(vatableInclusive);
  return {
    prepaid: side("P"),
    collect: side("C"),
    accountOrigin: side("AO"),
    accountDestination: side("AD"),
    total: formatCentavos(toCentavos(vatableInclusive) + toCentavos(exempt)),
    vat: { vatableInclusive, vatableNet: split.net, vat: split.vat, exempt },
  };
}

/** What the charge master says of a charge that only some waybills pay. */
export interface ChargeConditions {
  isDangerousCargo: boolean;
  isShipperOwn: boolean;
  isStrippingStuffingCharge: boolean;
  /** 010, 011 or 012 for a stripping charge; null for a stuffing charge. */
  strippingType: string | null;
}

/** The waybill facts those charges turn on. */
export interface WaybillConditions {
  isDangerousCargo: boolean;
  isShipperOwned: boolean;
  isStuffing: boolean;
  strippingType: string | null;
}

/** Whether a charge the charge master marks as conditional applies to a charge of `code`'s stripping type. */
function strippingCovers(chosen: string | null, code: string): boolean {
  // ALL is both CY strippings (001 §5): by area (010) and MANO (011).
  return chosen === code || (chosen === "ALL" && (code === "010" || code === "011"));
}

/**
 * Whether a charge of the quotation lane is billed on this waybill: dangerous-cargo fees only for dangerous cargo,
 * shipper-owned (SOC) charges only for a shipper's van, a stripping charge only for the stripping type chosen
 * (ALL covering 010 and 011), a stuffing charge only when the van is stuffed. Every other charge is billed.
 */
export function chargeApplies(charge: ChargeConditions, w: WaybillConditions): boolean {
  if (charge.isDangerousCargo && !w.isDangerousCargo) return false;
  if (charge.isShipperOwn && !w.isShipperOwned) return false;
  if (charge.isStrippingStuffingCharge) return charge.strippingType ? strippingCovers(w.strippingType, charge.strippingType) : w.isStuffing;
  return true;
}

/** Whether the charge master makes a charge depend on the waybill (chargeApplies may leave it off). */
export const isConditional = (charge: ChargeConditions) => charge.isDangerousCargo || charge.isShipperOwn || charge.isStrippingStuffingCharge;

/** An IMDG class: 1 to 9, with a division for the classes that have them ("1.4", "2.1", "6.1"). */
export const IMDG_CLASS = /^[1-9](\.[1-6])?$/;
/** A UN number: four digits ("1203"). */
export const UN_NUMBER = /^\d{4}$/;

/**
 * What a waybill of dangerous cargo must say (domain notes §3): its IMDG class and UN number. Answers the field
 * and message of the first thing missing or malformed, or null.
 */
export function dangerousCargoProblem(w: { isDangerousCargo: boolean; imdgClass: string; unNumber: string }): { field: string; message: string } | null {
  if (!w.isDangerousCargo) return null;
  if (!IMDG_CLASS.test(w.imdgClass)) {
    return { field: "imdgClass", message: w.imdgClass ? `${w.imdgClass} is not an IMDG class: write 1 to 9, with its division (2.1).` : "Dangerous cargo needs its IMDG class." };
  }
  if (!UN_NUMBER.test(w.unNumber)) {
    return { field: "unNumber", message: w.unNumber ? `${w.unNumber} is not a UN number: it is four digits.` : "Dangerous cargo needs its UN number." };
  }
  return null;
}

/** The waybill's remarks: the booking's remarks by delivery mode, with Backload and Tandem appended once. */
export function waybillRemarks(serviceRemarks: string, flags: { originBackload: boolean; isTandem: boolean }): string {
  const parts = serviceRemarks.split(" / ").map((p) => p.trim()).filter((p) => p && p !== "BACKLOAD" && p !== "TANDEM");
  if (flags.originBackload) parts.push("BACKLOAD");
  if (flags.isTandem) parts.push("TANDEM");
  return parts.join(" / ");
}
