import { formatCentavos, toCentavos } from "../../../shared/money.ts";

/**
 * Arrival notices (001 §3 cargo arrival notice and vessel arrival line, §9 charge labels, the arrival notice total
 * and the consignee e-mail value): what the server, the printouts and the screens agree on. Pure.
 */

/** Port charges shown as arrastre on the arrival notice (001 §9). */
export const ARRASTRE_CODES: readonly string[] = ["004", "007", "008"];
/** Wharfage, shown as the weighing fee on the arrival notice (001 §9). */
export const WEIGHING_FEE_CODES: readonly string[] = ["005"];

/** The payment sides billed at the origin: on the arrival notice their items are prepaid. */
export const PREPAID_SIDES: readonly string[] = ["P", "AO"];

/** The label a charge line carries on the arrival notice: arrastre for 004, 007, 008, weighing fee for 005, else its particulars. */
export function arrivalNoticeLabel(chargeCode: string, particulars: string): string {
  if (ARRASTRE_CODES.includes(chargeCode)) return "Arrastre";
  if (WEIGHING_FEE_CODES.includes(chargeCode)) return "Weighing fee";
  return particulars || chargeCode;
}

/** A waybill charge line as the notice reads it. */
export interface NoticeChargeInput {
  chargeCode: string;
  part: string;
  particulars: string;
  /** The line's value (an approved override applied), decimal text. */
  value: string;
  /** What is left to pay on it once approved waivers are taken off, decimal text. */
  due: string;
  /** P, C, AO or AD. */
  availableTo: string;
  isInsurancePremium: boolean;
  /** Billed by the port to the consignee directly (domain notes §7): shown as payable to the port. */
  passThrough: boolean;
}

/** A line of the notice (001 §3 charges: part, chargeCode, chargeValue, particulars), with what is payable on it. */
export interface NoticeCharge {
  part: string;
  chargeCode: string;
  /** The arrival-notice label (arrastre, weighing fee, or the particulars). */
  particulars: string;
  /** The line's value; null on a prepaid item, which shows only the amount payable. */
  chargeValue: string | null;
  /** What the consignee pays on it: 0.00 on a prepaid item. */
  payable: string;
  availableTo: string;
  prepaid: boolean;
  isInsurancePremium: boolean;
  /** LINE: paid to the line (Lading's invoice); PORT: the port bills it to the consignee directly. */
  payableTo: "LINE" | "PORT";
}

export interface NoticeAmounts {
  charges: NoticeCharge[];
  /** The applicable charges payable to the line, insurance left out. */
  chargesPayable: string;
  /** The insurance premium payable. */
  insurance: string;
  /** 001 §9: the applicable charges plus insurance (the spec's amountPaybles). */
  amountPayable: string;
  /** What the consignee pays the port directly (pass-through lines): shown apart, not in the amount payable. */
  payableToPort: string;
}

/**
 * The notice's charges and the amount payable (001 §9): every line is listed with its arrival-notice label; a
 * prepaid item (billed at the origin, P or AO) shows only the amount payable, nothing; the lines the destination
 * bills (C, AD) are payable as they stand after approved waivers. Amount payable = those applicable charges plus
 * the insurance premium; a pass-through line is payable to the port and kept out of it.
 */
export function arrivalNoticeAmounts(lines: readonly NoticeChargeInput[]): NoticeAmounts {
  let charges = 0n;
  let insurance = 0n;
  let port = 0n;
  const out = lines.map((l): NoticeCharge => {
    const prepaid = PREPAID_SIDES.includes(l.availableTo.trim().toUpperCase());
    const payable = prepaid ? 0n : toCentavos(l.due);
    const payableTo = l.passThrough ? "PORT" : "LINE";
    if (payableTo === "PORT") port += payable;
    else if (l.isInsurancePremium) insurance += payable;
    else charges += payable;
    return {
      part: l.part,
      chargeCode: l.chargeCode,
      particulars: arrivalNoticeLabel(l.chargeCode, l.particulars),
      chargeValue: prepaid ? null : formatCentavos(toCentavos(l.value)),
      payable: formatCentavos(payable),
      availableTo: l.availableTo,
      prepaid,
      isInsurancePremium: l.isInsurancePremium,
      payableTo,
    };
  });
  return {
    charges: out,
    chargesPayable: formatCentavos(charges),
    insurance: formatCentavos(insurance),
    amountPayable: formatCentavos(charges + insurance),
    payableToPort: formatCentavos(port),
  };
}

/** The terms printed on the notice (001 §3 terms: policyCode, policyName, value). */
export const ARRIVAL_NOTICE_TERMS: readonly { policyCode: string; policyName: string }[] = [
  { policyCode: "C0001", policyName: "Free storage days" },
  { policyCode: "STORAGE FEE PER TEU", policyName: "Storage fee per TEU per day" },
  { policyCode: "C0003", policyName: "Demurrage per day" },
  { policyCode: "C0002", policyName: "Free detention days" },
  { policyCode: "C0013", policyName: "Detention fee per day" },
];

/** Characters of the 8-character value: letters and digits that cannot be mistaken for one another. */
const VALUE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** The length of the value 001 §9 generates for a consignee e-mail. */
export const CONSIGNEE_EMAIL_VALUE_LENGTH = 8;

/**
 * 001 §9: "A random 8-character value is generated for a consignee e-mail." Used where the consignee has no
 * e-mail address on file and staff typed none: the notice records this value as whom it went to, and no e-mail is
 * queued to it (it is no address).
 */
export function randomConsigneeEmailValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CONSIGNEE_EMAIL_VALUE_LENGTH));
  return Array.from(bytes, (b) => VALUE_ALPHABET[b % VALUE_ALPHABET.length]).join("");
}

/** Random bytes of a link's token: 256 bits, 43 URL-safe characters. */
export const LINK_TOKEN_BYTES = 32;

/** A token is 43 base64url characters; anything else cannot be one and is not even looked up. */
export const isLinkToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** What a wrong token and a waybill not on the link answer alike. */
export const LINK_NOT_FOUND = "This arrival notice was not found. Ask the line's staff to send it again.";

/** The cargo stage a notice needs: the final inbound tally (6, Unloaded TallySheet Created). */
export const DISCHARGED_STAGE = 6;
