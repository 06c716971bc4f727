import { formatAmount, formatCentavos, insurancePremiumOf, parseDecimal, splitVat, sumAmounts, toCentavos } from "../../../shared/money.ts";
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
  isPermitFee: boolean;
  isVanOut: boolean;
  /** ORIGIN, DESTINATION or BOTH: the end a van-out charge is for when the line's part does not say. */
  chargeClass: string;
}

/** The ends of the trip at which the booking's van goes out on its own (handling VAN OUT). */
export interface VanOutEnds {
  origin: boolean;
  destination: boolean;
}

/** The waybill facts those charges turn on. */
export interface WaybillConditions {
  isDangerousCargo: boolean;
  isShipperOwned: boolean;
  isStuffing: boolean;
  strippingType: string | null;
  isWithPermit: boolean;
  vanOut: VanOutEnds;
}

/**
 * The handling a booking names for a van that goes out on its own at one end (the bookings module's
 * HANDLING_CHOICES: port to port only). The waybill's remarks carry it as the booking wrote them, "VAN OUT AT
 * ORIGIN" or "VAN OUT AT DESTINATION", and are never edited by hand.
 */
const VAN_OUT = "VAN OUT";

/** The ends at which the van goes out on its own, read from the waybill's remarks by delivery mode. */
export function vanOutEnds(remarks: string): VanOutEnds {
  const parts = remarks.split(" / ").map((p) => p.trim());
  return { origin: parts.includes(`${VAN_OUT} AT ORIGIN`), destination: parts.includes(`${VAN_OUT} AT DESTINATION`) };
}

/** Whether a charge the charge master marks as conditional applies to a charge of `code`'s stripping type. */
function strippingCovers(chosen: string | null, code: string): boolean {
  // ALL is both CY strippings (001 §5): by area (010) and MANO (011).
  return chosen === code || (chosen === "ALL" && (code === "010" || code === "011"));
}

/** The end of the trip a line is for: its part says so (PORT_ORIGIN, TRUCKING_DESTINATION), else its charge's class. */
function endOf(part: string, chargeClass: string): "origin" | "destination" | "either" {
  if (part.endsWith("_ORIGIN")) return "origin";
  if (part.endsWith("_DESTINATION")) return "destination";
  return chargeClass === "ORIGIN" ? "origin" : chargeClass === "DESTINATION" ? "destination" : "either";
}

/**
 * Whether a charge of the quotation lane, on the part `part`, is billed on this waybill: dangerous-cargo fees only
 * for dangerous cargo, shipper-owned (SOC) charges only for a shipper's van, the permit fee only for cargo that
 * travels with a permit, a van-out fee only at an end where the booking sends the van out on its own, a stripping
 * charge only for the stripping type chosen (ALL covering 010 and 011), a stuffing charge only when the van is
 * stuffed. Every other charge is billed.
 */
export function chargeApplies(charge: ChargeConditions, w: WaybillConditions, part: string): boolean {
  if (charge.isDangerousCargo && !w.isDangerousCargo) return false;
  if (charge.isShipperOwn && !w.isShipperOwned) return false;
  if (charge.isPermitFee && !w.isWithPermit) return false;
  if (charge.isVanOut) {
    const end = endOf(part, charge.chargeClass);
    const out = end === "origin" ? w.vanOut.origin : end === "destination" ? w.vanOut.destination : w.vanOut.origin || w.vanOut.destination;
    if (!out) return false;
  }
  if (charge.isStrippingStuffingCharge) return charge.strippingType ? strippingCovers(w.strippingType, charge.strippingType) : w.isStuffing;
  return true;
}

/** Whether the charge master makes a charge depend on the waybill (chargeApplies may leave it off). */
export const isConditional = (charge: ChargeConditions) =>
  charge.isDangerousCargo || charge.isShipperOwn || charge.isStrippingStuffingCharge || charge.isPermitFee || charge.isVanOut;

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

// ---------------------------------------------------------------------------------------------------------
// Insurance (001 §9 C0004, C0005)

/** The company policies an insurance premium is worked out with, as in force on the quotation's date. */
export interface InsurancePolicies {
  /** C0004: the most the line insures one 20-foot van (one TEU) for. */
  insuredValuePerTeu: string;
  /** C0005: the premium as a fraction of the insured value ("0.0025" is 0.25 %). */
  rate: string;
}

/**
 * The insurance premium of a waybill: the cargo is insured at its declared value, up to C0004 for each TEU it
 * fills; cargo declared at nothing is insured at that full cover, as the quotation priced it. The premium is the
 * insured value times C0005, worked out exactly and rounded once.
 */
export function waybillInsurance(w: { declaredValue: string; quantityTeu: number }, policies: InsurancePolicies): { insuredValue: string; premium: string } {
  const cover = toCentavos(policies.insuredValuePerTeu) * BigInt(Math.max(0, w.quantityTeu));
  const declared = toCentavos(w.declaredValue || "0");
  const insured = declared > 0n && declared < cover ? declared : cover;
  const { premium } = insurancePremiumOf({ insuredValuePerTeu: formatCentavos(insured), teu: 1, rate: policies.rate });
  return { insuredValue: formatCentavos(insured), premium };
}

/** "0.0025" as "0.25%": a fraction as a percentage, every digit kept. */
export function percentText(fraction: string): string {
  const { units, scale } = parseDecimal(fraction, "Rate");
  const shifted = Math.max(0, scale - 2);
  const digits = (units * 10n ** BigInt(Math.max(0, 2 - scale))).toString().padStart(shifted + 1, "0");
  const whole = digits.slice(0, digits.length - shifted) || "0";
  const part = digits.slice(digits.length - shifted).replace(/0+$/, "");
  return `${whole}${part ? `.${part}` : ""}%`;
}

/** What an insurance line says it is: "Insurance premium, 0.25% of 100,000.00". */
export const insuranceParticulars = (name: string, insuredValue: string, rate: string) =>
  `${name}, ${percentText(rate)} of ${formatAmount(insuredValue)}`;

// ---------------------------------------------------------------------------------------------------------
// Tandem (001 §7 "way bill (and tandem, open van)", domain notes §3)

/** What the tandem rule reads of each booking of a pair. */
export interface TandemSide {
  bookingRef: string;
  voyageNum: string;
  destinationBranchCode: string;
  /** The quotation lane the booking was priced on, and whether it is a tandem lane. */
  sqdocNum: string | null;
  isTandemLane: boolean;
  modeOfPayment: string;
  quantityTeu: number;
  containerVanNum: string;
  /** The van's size ("20", "40"), or "" for a shipper's van the line does not keep. */
  vanSize: string;
}

/** A 20-foot van: one TEU, and where the line knows the van, a 20-foot one. */
const isTwentyFoot = (side: TandemSide) => side.quantityTeu === 1 && (side.vanSize === "" || side.vanSize.startsWith("20"));

/**
 * Why two bookings cannot share one tandem waybill, or null when they can. A tandem carries the 20-foot vans of two
 * bookings on one trailer, so the pair sails on one voyage to one destination, was priced on the same tandem lane of
 * one quotation (so one shipper, the same ends and the tandem rates), and is paid one way.
 */
export function tandemPairProblem(main: TandemSide, partner: TandemSide): string | null {
  const p = partner.bookingRef;
  if (p.toUpperCase() === main.bookingRef.toUpperCase()) return "A booking cannot be paired with itself; name the other booking of the tandem.";
  if (!main.isTandemLane) return `Booking ${main.bookingRef} is not on a tandem lane; only a tandem lane's waybill pairs two vans.`;
  if (partner.voyageNum !== main.voyageNum) return `Booking ${p} sails on voyage ${partner.voyageNum}, not ${main.voyageNum}; a tandem pair sails together.`;
  if (partner.destinationBranchCode !== main.destinationBranchCode) {
    return `Booking ${p} goes to ${partner.destinationBranchCode}, not ${main.destinationBranchCode}; a tandem pair goes to one destination.`;
  }
  if (!partner.isTandemLane || partner.sqdocNum !== main.sqdocNum) {
    return `Booking ${p} is not on tandem lane ${main.sqdocNum}; a tandem pair is priced on one tandem lane.`;
  }
  if (partner.modeOfPayment !== main.modeOfPayment) {
    return `Booking ${p} is paid ${partner.modeOfPayment}, not ${main.modeOfPayment}; the pair's one waybill is paid one way.`;
  }
  for (const side of [main, partner]) {
    if (!isTwentyFoot(side)) {
      return `Van ${side.containerVanNum} of booking ${side.bookingRef} is not a 20' van of one TEU; a tandem pairs two 20' vans.`;
    }
  }
  return null;
}
