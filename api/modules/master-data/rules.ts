/**
 * Pricing and calendar rules over master data (000 §3 rates and policies, 001 §9 charge codes, policy codes
 * and calculations). Pure functions: no database, no clock, no time zone.
 *
 * Amounts, rates and their rounding come from api/shared/money.ts; business dates and working days from
 * api/shared/dates.ts. This file holds only what the master data means: which rate or policy is in force,
 * how a charge is priced in its unit, the trucking rate of a trip, the insurance premium and the part of a
 * charge. The free days of storage and their due date are the inbound module's (api/modules/inbound/demurrage/rules.ts).
 */
import { dayNumber } from "../../shared/dates.ts";
import {
  type DecimalInput,
  formatCentavos,
  insurancePremiumOf,
  multiplyCentavos,
  normalizeAmount,
  parseDecimal,
  pow10,
  toCentavos,
} from "../../shared/money.ts";
import { type ChargePart, RATE_UNITS, type RateUnit } from "../../shared/reference-lists.ts";
export { CHARGE_PARTS } from "../../shared/reference-lists.ts";

export type { ChargePart, RateUnit };

// ---------------------------------------------------------------------------------------------------------
// Rates in force (000 §3)

/** What every rate kind shares. `isActive: false` takes a rate out of pricing. */
export interface RateBase {
  id: number;
  dateEffective: string;
  chargeCode: string;
  isActive?: boolean;
}

export interface FreightRate extends RateBase {
  portCodeOrigin: string;
  portCodeDestination: string;
  branchCodeOrigin: string | null;
  branchCodeDestination: string | null;
  fastandardRates?: DecimalInput | null;
  stdRateWvat: DecimalInput;
}

export interface PortRate extends RateBase {
  branchCode: string;
  portCode: string;
  stdRateWvat: DecimalInput;
}

export interface TruckingRate extends RateBase {
  areaCode: string;
  portCode: string;
  branchCode: string;
  stdRateWvat: DecimalInput | null;
  backloadRateWvat?: DecimalInput | null;
  stdRateTandemRates?: DecimalInput | null;
}

/** The fields that identify which rate applies, whichever rate kind carries them. */
export const RATE_KEY_FIELDS = [
  "chargeCode",
  "portCodeOrigin",
  "portCodeDestination",
  "branchCodeOrigin",
  "branchCodeDestination",
  "branchCode",
  "portCode",
  "areaCode",
] as const;
export type RateKeyField = (typeof RATE_KEY_FIELDS)[number];

/**
 * The lookup keys of a rate kind, typed from the kind itself: a port rate takes branchCode and portCode, a
 * freight rate takes the origin and destination ports and branches, a trucking rate takes area, port and
 * branch. The charge code is always required; a key left out (undefined) does not narrow the choice.
 */
export type RateQuery<R extends RateBase> =
  & { on: string; chargeCode: string }
  & Partial<Pick<R, Exclude<Extract<keyof R, RateKeyField>, "chargeCode">>>;

/**
 * The rate in force on `on`: among the active rates matching every given key, the one with the latest
 * dateEffective not after `on` (a rate effective on `on` itself counts). Two rates on the same date: the
 * one with the higher id, i.e. entered later, wins. Null when none is in force yet.
 */
export function rateInForce<R extends RateBase>(rates: readonly R[], query: RateQuery<R>): R | null {
  const on = dayNumber(query.on, "Pricing date");
  const wanted = Object.entries(query).filter(([field, value]) =>
    field !== "on" && value !== undefined && (RATE_KEY_FIELDS as readonly string[]).includes(field)
  );
  let best: R | null = null;
  let bestDay = -Infinity;
  for (const rate of rates) {
    if (rate.isActive === false) continue;
    if (!wanted.every(([field, value]) => (rate as unknown as Record<string, unknown>)[field] === value)) continue;
    const day = dayNumber(rate.dateEffective, `Effective date of rate ${rate.id}`);
    if (day > on) continue;
    if (day > bestDay || (day === bestDay && best !== null && rate.id > best.id)) {
      best = rate;
      bestDay = day;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Rate units (001 §9)

/** How a rate is applied: the label shown for each stored id. */
export const RATE_UNIT_LABELS = Object.fromEntries(RATE_UNITS.map((u) => [u.id, u.label])) as Record<RateUnit, string>;

/** Decimals each unit's quantity may carry: TEU and bags are counted, tons are weighed to the kilogram. */
const UNIT_DECIMALS: Record<RateUnit, number> = { perTeu: 0, perBag: 0, perTon: 3 };

/**
 * The amount of a charge: rate × quantity, the quantity being the TEU count (perTeu), the number of bags
 * (perBag) or the tons to three decimals (perTon). Rounded half-up to the centavo; returns "1234.50" text.
 */
export function chargeAmount(rate: DecimalInput, unit: RateUnit, quantity: DecimalInput): string {
  const label = RATE_UNIT_LABELS[unit];
  if (!label) throw new Error(`Unknown rate unit: "${String(unit)}"`);
  const amount = parseDecimal(quantity, `Quantity ${label}`);
  if (amount.units < 0n) throw new Error(`Quantity ${label} cannot be negative: ${quantity}`);
  const decimals = UNIT_DECIMALS[unit];
  // Trailing zeros ("2.000" bags) are harmless; significant decimals beyond the unit's are refused.
  if (amount.scale > decimals && amount.units % pow10(amount.scale - decimals) !== 0n) {
    throw new Error(
      decimals === 0
        ? `Quantity ${label} must be a whole number: ${quantity}`
        : `Quantity ${label} takes at most ${decimals} decimals: ${quantity}`,
    );
  }
  return formatCentavos(multiplyCentavos(toCentavos(rate, "Rate"), amount));
}

// ---------------------------------------------------------------------------------------------------------
// Trucking

const hasValue = (value: DecimalInput | null | undefined): value is DecimalInput =>
  value !== null && value !== undefined && String(value).trim() !== "";

/**
 * The VAT-inclusive trucking rate of a trip: the back-load rate for a back-load, the tandem rate for a
 * tandem, otherwise the standard rate. The rate table has no back-load tandem rate, so that trip is
 * refused, as is a trip whose rate is missing; pricing never falls back to another rate silently.
 */
export function truckingRate(
  rate: Pick<TruckingRate, "chargeCode" | "areaCode" | "stdRateWvat" | "backloadRateWvat" | "stdRateTandemRates">,
  trip: { backload?: boolean; tandem?: boolean } = {},
): string {
  const which = `trucking rate ${rate.chargeCode} for area ${rate.areaCode}`;
  if (trip.backload && trip.tandem) {
    throw new Error(`There is no back-load tandem rate; the ${which} has separate back-load and tandem rates`);
  }
  if (trip.backload) {
    if (!hasValue(rate.backloadRateWvat)) throw new Error(`The ${which} has no back-load rate`);
    return normalizeAmount(rate.backloadRateWvat);
  }
  if (trip.tandem) {
    if (!hasValue(rate.stdRateTandemRates)) throw new Error(`The ${which} has no tandem rate`);
    return normalizeAmount(rate.stdRateTandemRates);
  }
  if (!hasValue(rate.stdRateWvat)) throw new Error(`The ${which} has no standard rate`);
  return normalizeAmount(rate.stdRateWvat);
}

// ---------------------------------------------------------------------------------------------------------
// Company policies and insurance (001 §9)

export interface CompanyPolicy {
  id?: number;
  code: string;
  defaultValueDecimal: DecimalInput | null;
  dateEffective: string;
  inputtedString?: string | null;
  isActive?: boolean;
}

/** The policy with `code` in force on `on`, by the same effective-date rule as rates; null when none. */
export function policyInForce<P extends CompanyPolicy>(policies: readonly P[], code: string, on: string): P | null {
  const day = dayNumber(on, "Policy date");
  let best: P | null = null;
  let bestDay = -Infinity;
  for (const policy of policies) {
    if (policy.code !== code || policy.isActive === false) continue;
    const effective = dayNumber(policy.dateEffective, `Effective date of policy ${code}`);
    if (effective > day) continue;
    if (effective > bestDay || (effective === bestDay && best !== null && (policy.id ?? 0) > (best.id ?? 0))) {
      best = policy;
      bestDay = effective;
    }
  }
  return best;
}

function policyValue(policies: readonly CompanyPolicy[], code: string, on: string, meaning: string): DecimalInput {
  const policy = policyInForce(policies, code, on);
  if (!policy || !hasValue(policy.defaultValueDecimal)) {
    throw new Error(`No ${meaning} policy (${code}) is in force on ${on}`);
  }
  return policy.defaultValueDecimal;
}

export const INSURED_VALUE_PER_TEU_POLICY = "C0004";
export const INSURANCE_RATE_POLICY = "C0005";

/**
 * The insurance premium of a shipment. The insured value is C0004 (the insured value of one 20-foot van,
 * i.e. per TEU) × the TEU count, plus the charges insured along with the cargo (`otherCharges`). The premium
 * is that value × C0005.
 *
 * C0005 is read as a fraction of the insured value, not a percent: 0.0025 means 0.25 %, so a premium on
 * 100000.00 is 250.00. The premium is worked out exactly and rounded once, half-up to the centavo
 * (insurancePremiumOf): 123,456.78 × 3 TEU × 0.0027 = 999.999918 gives 1,000.00.
 */
export function insurancePremium(input: {
  policies: readonly CompanyPolicy[];
  on: string;
  teu: DecimalInput;
  otherCharges?: readonly DecimalInput[];
}): { insuredValue: string; rate: string; premium: string } {
  const perTeu = policyValue(input.policies, INSURED_VALUE_PER_TEU_POLICY, input.on, "insured value per 20-foot van");
  const rateValue = policyValue(input.policies, INSURANCE_RATE_POLICY, input.on, "insurance rate");
  const teu = parseDecimal(input.teu, "TEU");
  if (teu.units < 0n) throw new Error(`TEU cannot be negative: ${input.teu}`);
  const rate = parseDecimal(rateValue, "Insurance rate");
  if (rate.units < 0n || rate.units > pow10(rate.scale)) {
    throw new Error(`Insurance rate (${INSURANCE_RATE_POLICY}) must be a fraction between 0 and 1: ${rateValue}`);
  }
  const { insuredValue, premium } = insurancePremiumOf({
    insuredValuePerTeu: perTeu,
    teu: input.teu,
    rate: rateValue,
    otherCharges: input.otherCharges,
  });
  return { insuredValue, rate: String(rateValue).trim(), premium };
}

// ---------------------------------------------------------------------------------------------------------
// Charge parts (001 §9)

export type ChargeSide = "origin" | "destination";

/**
 * The part of a charge, where 001 §9 decides it: 001 to 003 are freight; 004, 007 and 008 are port charges
 * and 006 the trucking tariff, at the origin or the destination as `side` says; 012 is destination trucking
 * (stripping MANO) and 013 origin trucking (stuffing MANO). Null for every other code, and for a port or
 * trucking code asked without a side.
 */
export function chargePartOf(chargeCode: string, side?: ChargeSide): ChargePart | null {
  switch (chargeCode.trim()) {
    case "001":
    case "002":
    case "003":
      return "FREIGHT";
    case "004":
    case "007":
    case "008":
      return side === "origin" ? "PORT_ORIGIN" : side === "destination" ? "PORT_DESTINATION" : null;
    case "006":
      return side === "origin" ? "TRUCKING_ORIGIN" : side === "destination" ? "TRUCKING_DESTINATION" : null;
    case "012":
      return "TRUCKING_DESTINATION";
    case "013":
      return "TRUCKING_ORIGIN";
    default:
      return null;
  }
}
