import {
  CHARGE_CATEGORY_LABELS,
  CHARGE_CLASS_LABELS,
  EFFECTIVE_DATE_BASIS_LABELS,
} from "../../../api/modules/master-data/schemas.ts";
import { CARGO_STAGES, DELIVERY_MODE_LABELS, PAYMENT_MODE_LABELS } from "../../../api/modules/bookings/rules.ts";
import { RATE_UNITS } from "../../../api/shared/reference-lists.ts";
import { EXCESS_HANDLING_NAMES, PAYMENT_METHOD_NAMES, WITHHOLDING_NAMES } from "../../../api/modules/accounting/collections/rules.ts";
import { TAX_CLASS_NAMES } from "../../../api/modules/accounting/manual-invoices/rules.ts";
import { CONTAINER_TYPE_LABELS } from "../../../api/modules/outbound/tally-sheets/rules.ts";

/**
 * Words, not codes: what a screen shows for a stored code. Every screen reads its labels here, so a code
 * reads the same everywhere. The maps a server contract also needs (the choices of a form, a rate's unit, a
 * booking's modes) are defined beside their lists in those pure files; this file only gathers them, with the
 * words only a screen uses (the tracking page's).
 */

/** The label for a code in a map, or the code itself when the map does not know it (a value newer than the web). */
function labelOf(labels: Readonly<Record<string, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined) return "";
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

const RATE_UNIT_LABELS: Readonly<Record<string, string>> = Object.fromEntries(RATE_UNITS.map((u) => [u.id, u.label]));

/** perTeu → "Per TEU" (001 §9). */
export const rateUnitLabel = (unit: string | null | undefined) => labelOf(RATE_UNIT_LABELS, unit);
/** STRIPPING_STUFFING → "Stripping and stuffing". */
export const chargeCategoryLabel = (category: string | null | undefined) => labelOf(CHARGE_CATEGORY_LABELS, category);
/** ORIGIN → "Origin". */
export const chargeClassLabel = (chargeClass: string | null | undefined) => labelOf(CHARGE_CLASS_LABELS, chargeClass);
/** SQ_DATE → "Quotation date". */
export const effectiveDateBasisLabel = (basis: string | null | undefined) => labelOf(EFFECTIVE_DATE_BASIS_LABELS, basis);
/** PTP → "Pier to pier" (001 §4). */
export const deliveryModeLabel = (mode: string | null | undefined) => labelOf(DELIVERY_MODE_LABELS, mode);
/** P → "Prepaid" (001 §4). */
export const paymentModeLabel = (mode: string | null | undefined) => labelOf(PAYMENT_MODE_LABELS, mode);
/** A booking's two modes together, as a list cell shows them: "Pier to pier · Prepaid" rather than "PTP/P". */
/** A tally line's container type: FL → "Full", anything else an empty (001 §3). */
export const containerTypeLabel = (type: string | null | undefined) => labelOf(CONTAINER_TYPE_LABELS, type);
export const bookingModesLabel = (delivery: string, payment: string) => `${deliveryModeLabel(delivery)} · ${paymentModeLabel(payment)}`;

/**
 * What a customer reads on the public tracking page for each step of the booking and stage of the cargo
 * (001 §4 names them as the yard and the office do: "Outbound CTS Issued", "UnLoadList Created"). The
 * server answers the office's names; the page shows these.
 */
const TRACKING_WORDS: Readonly<Record<string, string>> = {
  Booked: "Booking received",
  Confirmed: "Booking confirmed",
  "ATW Issued": "Empty van released for loading",
  [CARGO_STAGES[0]]: "Van out of the yard to the shipper",
  [CARGO_STAGES[1]]: "Waybill issued",
  [CARGO_STAGES[2]]: "Listed for loading",
  [CARGO_STAGES[3]]: "Being loaded",
  [CARGO_STAGES[4]]: "Loaded on the vessel",
  [CARGO_STAGES[5]]: "Listed for unloading",
  [CARGO_STAGES[6]]: "Unloaded at destination",
  [CARGO_STAGES[7]]: "Ready for release",
  [CARGO_STAGES[8]]: "Released to the consignee",
  [CARGO_STAGES[9]]: "Empty van returned",
};

/** A tracking step or cargo stage in a customer's words; a name the page does not know is shown as it came. */
export const trackingLabel = (name: string) => labelOf(TRACKING_WORDS, name);

/** How a collection was paid: "Post-dated cheque" rather than PDC. */
export const paymentMethodLabel = (method: string | null | undefined) => labelOf(PAYMENT_METHOD_NAMES, method);
/** A payer's withholding setting in words: "Private: 2% EWT". */
export const withholdingLabel = (setting: string | null | undefined) => labelOf(WITHHOLDING_NAMES, setting);
/** What is done with money received beyond what is due. */
export const excessHandlingLabel = (handling: string | null | undefined) => labelOf(EXCESS_HANDLING_NAMES, handling);
/** A line's tax class as the invoice marks it: "VAT-exempt sale". */
export const taxClassLabel = (taxClass: string | null | undefined) => labelOf(TAX_CLASS_NAMES, taxClass);
