/**
 * Pricing and calendar rules over master data (000 §3 rates and policies, 001 §9 charge codes, policy codes
 * and calculations). Pure functions: no database, no clock, no time zone.
 *
 * Money: amounts enter and leave as decimal strings ("1234.50") and are computed in integer centavos
 * (bigint), rounding half-up (away from zero) to the centavo. Rates, quantities and policy values are parsed
 * from their decimal text exactly, never through float arithmetic.
 *
 * Dates: business dates are "YYYY-MM-DD" strings on the Asia/Manila calendar. They compare as text and are
 * stepped through a UTC day count, so the machine's time zone never moves a date.
 */
import { type ChargePart, RATE_UNITS, type RateUnit } from "../../shared/reference-lists.ts";
export { CHARGE_PARTS } from "../../shared/reference-lists.ts";

export type { ChargePart, RateUnit };

// ---------------------------------------------------------------------------------------------------------
// Decimal text and centavos

/** A decimal as stored or typed: "1234.50", "0.0025", 12. Numbers are read through their shortest text. */
export type DecimalInput = string | number;

interface Scaled {
  /** The digits as an integer: "12.345" -> 12345n. */
  units: bigint;
  /** How many of those digits are decimals: "12.345" -> 3. */
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

function parseDecimal(value: DecimalInput, what: string): Scaled {
  const text = typeof value === "number" ? numberText(value, what) : String(value).trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new Error(`${what} is not a decimal number: "${value}"`);
  const sign = match[1] ?? match[4];
  const whole = match[2] ?? "0";
  const fraction = match[3] ?? match[5] ?? "";
  const units = BigInt(whole + fraction);
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

function numberText(value: number, what: string): string {
  if (!Number.isFinite(value)) throw new Error(`${what} is not a decimal number: ${value}`);
  const text = String(value);
  // 1e-7 and 1e21 print in exponent form; such values are not amounts, rates or quantities of this domain.
  if (/e/i.test(text)) throw new Error(`${what} is out of range: ${value}`);
  return text;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** n / d rounded half away from zero; d must be positive. */
function divideRounded(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= d) return quotient + (n < 0n ? -1n : 1n);
  return quotient;
}

/** Integer centavos of a peso amount; more than two decimals round half-up. */
export function toCentavos(amount: DecimalInput, what = "Amount"): bigint {
  const { units, scale } = parseDecimal(amount, what);
  return scale <= 2 ? units * pow10(2 - scale) : divideRounded(units, pow10(scale - 2));
}

/** Centavos back to the two-decimal text used at the edges: 123450n -> "1234.50". */
export function formatCentavos(centavos: bigint): string {
  const negative = centavos < 0n;
  const digits = (negative ? -centavos : centavos).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An amount as two-decimal text, rounded half-up: "1234.5" -> "1234.50". */
export function normalizeAmount(amount: DecimalInput): string {
  return formatCentavos(toCentavos(amount));
}

/** Sum of amounts, exactly. */
export function sumAmounts(amounts: readonly DecimalInput[]): string {
  return formatCentavos(amounts.reduce<bigint>((total, amount) => total + toCentavos(amount), 0n));
}

/** centavos × (units / 10^scale), rounded half-up to the centavo. */
function multiply(centavos: bigint, factor: Scaled): bigint {
  return divideRounded(centavos * factor.units, pow10(factor.scale));
}

// ---------------------------------------------------------------------------------------------------------
// Business dates

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a "YYYY-MM-DD" business date; throws on anything else, 2026-02-30 included. */
function dayNumber(date: string, what = "Date"): number {
  const match = DATE_TEXT.exec(date);
  if (!match) throw new Error(`${what} must be a date written YYYY-MM-DD: "${date}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new Error(`${what} is not a calendar date: "${date}"`);
  }
  return ms / DAY_MS;
}

function dateOfDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The business date `days` calendar days after (or before, when negative) `date`. */
export function addCalendarDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new Error(`Days must be a whole number: ${days}`);
  return dateOfDayNumber(dayNumber(date) + days);
}

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000; // Asia/Manila is UTC+8 all year, without daylight saving.

/** The Asia/Manila business date of an instant (a Date or an ISO timestamp with its offset). */
export function manilaDate(instant: Date | string): string {
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (Number.isNaN(ms)) throw new Error(`Not a point in time: "${String(instant)}"`);
  return new Date(ms + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

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
  return formatCentavos(multiply(toCentavos(rate, "Rate"), amount));
}

// ---------------------------------------------------------------------------------------------------------
// VAT

/** The Philippine VAT rate, as a fraction. */
export const VAT_RATE = "0.12";

/**
 * Splits a VAT-inclusive amount (every stdRate...Wvat is one) into net and VAT. The net is
 * gross / (1 + rate) rounded half-up; the VAT is the remainder, so net + vat is always exactly the input.
 */
export function splitVat(amountWithVat: DecimalInput, vatRate: DecimalInput = VAT_RATE): { net: string; vat: string } {
  const gross = toCentavos(amountWithVat, "Amount with VAT");
  const rate = parseDecimal(vatRate, "VAT rate");
  if (rate.units < 0n) throw new Error(`VAT rate cannot be negative: ${vatRate}`);
  const one = pow10(rate.scale);
  const net = divideRounded(gross * one, one + rate.units);
  return { net: formatCentavos(net), vat: formatCentavos(gross - net) };
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
 * 100000.00 is 250.00. The premium is rounded half-up to the centavo.
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
  const vans = multiply(toCentavos(perTeu, "Insured value per 20-foot van"), teu);
  const others = (input.otherCharges ?? []).reduce<bigint>((sum, charge) => sum + toCentavos(charge, "Charge"), 0n);
  const insured = vans + others;
  return {
    insuredValue: formatCentavos(insured),
    rate: String(rateValue).trim(),
    premium: formatCentavos(multiply(insured, rate)),
  };
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

// ---------------------------------------------------------------------------------------------------------
// Calendar: holidays and work schedules by branch (001 §3 accounting, §9 storage due date)

/** Day of the week, 0 = Sunday to 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Monday to Saturday: the schedule of a branch that has none recorded. */
export const DEFAULT_WORK_SCHEDULE: readonly Weekday[] = [1, 2, 3, 4, 5, 6];

/** A holiday of one branch, or of every branch when branchCode is null (a national holiday). */
export interface Holiday {
  date: string;
  branchCode: string | null;
}

/** The working calendar of one branch. Without a branch only national holidays apply. */
export interface BranchCalendar {
  branchCode?: string | null;
  holidays?: readonly Holiday[];
  workSchedule?: readonly Weekday[] | null;
}

/** Day of the week of a business date, 0 = Sunday. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday.
  return (((dayNumber(date) + 4) % 7) + 7) % 7 as Weekday;
}

/** Whether the branch works on `date`: a day of its schedule that is neither a national nor its own holiday. */
export function isWorkingDay(date: string, calendar: BranchCalendar = {}): boolean {
  const schedule = calendar.workSchedule ?? DEFAULT_WORK_SCHEDULE;
  if (!schedule.includes(weekdayOf(date))) return false;
  const branch = calendar.branchCode ?? null;
  return !(calendar.holidays ?? []).some((holiday) =>
    holiday.date === date && (holiday.branchCode === null || holiday.branchCode === branch)
  );
}

/**
 * The date `n` working days after `date` (the start date itself is not counted; n = 0 gives `date`).
 * Throws when the schedule has no working day at all.
 */
export function addWorkingDays(date: string, n: number, calendar: BranchCalendar = {}): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Working days must be a whole number of 0 or more: ${n}`);
  const schedule = calendar.workSchedule ?? DEFAULT_WORK_SCHEDULE;
  if (n > 0 && schedule.length === 0) throw new Error("The work schedule has no working day");
  let day = dayNumber(date);
  let counted = 0;
  while (counted < n) {
    day += 1;
    if (isWorkingDay(dateOfDayNumber(day), calendar)) counted += 1;
  }
  return dateOfDayNumber(day);
}

/** The branch whose storage due date counts calendar days. */
export const CALENDAR_DAY_STORAGE_BRANCH = "MNL";

/**
 * The storage due date (001 §9). At destination MNL it is the finalize date plus the free days, every
 * calendar day counting. Elsewhere only working days of the destination branch count: with the default
 * Monday-to-Saturday schedule and no holidays that is the spec's "excluding Sundays"; the branch's own
 * schedule and its holidays (and national ones) are skipped too.
 */
export function storageDueDate(input: {
  destinationBranch: string;
  finalizeDate: string;
  freeDays: number;
  calendar?: BranchCalendar;
}): string {
  const { destinationBranch, finalizeDate, freeDays } = input;
  if (!Number.isInteger(freeDays) || freeDays < 0) {
    throw new Error(`Free storage days must be a whole number of 0 or more: ${freeDays}`);
  }
  if (destinationBranch.trim().toUpperCase() === CALENDAR_DAY_STORAGE_BRANCH) {
    return addCalendarDays(finalizeDate, freeDays);
  }
  return addWorkingDays(finalizeDate, freeDays, { ...input.calendar, branchCode: destinationBranch });
}
