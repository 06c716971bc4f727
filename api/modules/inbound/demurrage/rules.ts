/**
 * Free time at the container yard and what follows it (domain notes §4, §5, §12; 001 §9): storage (STO) and
 * demurrage (DEM) from the final inbound tally until the cargo leaves the yard, detention (DET) from van-out until
 * the empty van is back, and, when the company switches it on, demurrage at the origin from the van's return to
 * the yard (CY-in) until it is loaded.
 *
 * Pure: no database and no clock. The calendar (holiday rows with their type) and the company policies are passed
 * in, so a charge computed today can be computed again from the same rows and give the same figures; every
 * computation answers the snapshot of §5.6 that explains it. Dates are Manila business dates; money is worked in
 * exact decimals and rounded once to the centavo (api/shared/money.ts).
 */
import { addCalendarDays, daysBetween, holidayCloses, type HolidayType, manilaDate, weekdayOf } from "../../../shared/dates.ts";
import { addExact, type DecimalInput, type ExactDecimal, formatCentavos, multiplyExact, parseDecimal, pow10, roundToCentavos } from "../../../shared/money.ts";

// ---------------------------------------------------------------------------------------------------------
// Vocabulary

export const FREE_TIME_CHARGE_TYPES = ["STO", "DEM", "DET"] as const;
export type FreeTimeChargeType = (typeof FREE_TIME_CHARGE_TYPES)[number];

export const FREE_TIME_CHARGE_NAMES: Record<FreeTimeChargeType, string> = { STO: "Storage", DEM: "Demurrage", DET: "Detention" };

/** Where a charge is run up and billed: at the destination (inbound), or at the origin (outbound demurrage). */
export type FreeTimeSide = "destination" | "origin";

/** Free days of storage, and of demurrage (no policy of its own exists: §4). */
export const FREE_STORAGE_DAYS_POLICY = "C0001";
export const FREE_DETENTION_DAYS_POLICY = "C0002";
/** Demurrage per day, per TEU unless the rate basis says per van. */
export const DEMURRAGE_RATE_POLICY = "C0003";
/** Detention fee per day, per TEU unless the rate basis says per van. */
export const DETENTION_RATE_POLICY = "C0013";
/** Storage fee per TEU per day; DEFAULT_STORAGE_RATE while no row of it is in force. */
export const STORAGE_RATE_POLICY = "STORAGE FEE PER TEU";
/** Text value VAN: C0003 and C0013 are charged per van, not per TEU (§12.1). TEU unless a row says VAN. */
export const RATE_BASIS_POLICY = "FREE TIME RATE BASIS";
/** Text value ON: demurrage is also run up at the origin, from CY-in to loading (§12.2). OFF unless a row says ON. */
export const OUTBOUND_DEMURRAGE_POLICY = "OUTBOUND DEMURRAGE";
/** Every policy the rule set reads. */
export const FREE_TIME_POLICY_CODES = [
  FREE_STORAGE_DAYS_POLICY, FREE_DETENTION_DAYS_POLICY, DEMURRAGE_RATE_POLICY, DETENTION_RATE_POLICY, STORAGE_RATE_POLICY,
  RATE_BASIS_POLICY, OUTBOUND_DEMURRAGE_POLICY,
] as const;

/** 001 §9, the release order note: storage is 900 per TEU per day. */
export const DEFAULT_STORAGE_RATE = "900.00";

/** The destination whose free days are calendar days (001 §9); everywhere else Sundays and holidays are skipped. */
export const CALENDAR_DAY_BRANCH = "MNL";

/** How free days were counted: every calendar day, or skipping Sundays and the branch's holidays. */
export type CalendarBasis = "CALENDAR" | "SKIP_SUN_HOL";

/** The cargo stages of 001 §4 that start and stop the clocks, by their index. */
export const FREE_TIME_STAGES = { loaded: 4, finalTally: 6, vanOut: 8, vanIn: 9 } as const;

/** The events as the snapshot names them: the stages' own names, and the waybill's CY-in. */
export const FREE_TIME_EVENTS = {
  cyIn: "CY In",
  loaded: "At Vessel Loaded",
  finalTally: "Unloaded TallySheet Created",
  vanOut: "Inbound CTS Issued",
  vanIn: "Van-In",
} as const;

/** Which events start and end each clock. */
export const CLOCKS: Record<FreeTimeSide, Partial<Record<FreeTimeChargeType, { start: keyof typeof FREE_TIME_EVENTS; end: keyof typeof FREE_TIME_EVENTS }>>> = {
  destination: {
    STO: { start: "finalTally", end: "vanOut" },
    DEM: { start: "finalTally", end: "vanOut" },
    DET: { start: "vanOut", end: "vanIn" },
  },
  origin: { DEM: { start: "cyIn", end: "loaded" } },
};

// ---------------------------------------------------------------------------------------------------------
// Inputs

/** A company policy row (000 §3): the value in force on a day is the active row with the latest date ≤ that day. */
export interface FreeTimePolicy {
  id?: number | null;
  code: string;
  defaultValueDecimal: DecimalInput | null;
  dateEffective: string;
  inputtedString?: string | null;
  isActive?: boolean;
}

/** A holiday row: national when branchCode is null; REGULAR when its type is not given. */
export interface FreeTimeHoliday {
  date: string;
  branchCode: string | null;
  holidayType?: HolidayType;
  name?: string;
  isActive?: boolean;
}

/** An event that starts or ends a clock, and when it happened (an instant; its Manila date is what counts). */
export interface ClockEvent {
  event: string;
  at: Date | string;
}

/** A refusal of the rule set: a policy it needs is not in force, or holds a value it cannot use. */
export class FreeTimeRuleError extends Error {
  constructor(message: string, readonly policyCode: string) {
    super(message);
    this.name = "FreeTimeRuleError";
  }
}

/** The active policy row with `code` in force on `on` (greatest dateEffective ≤ on; a later id wins a tie); null when none. */
export function policyInForce<P extends FreeTimePolicy>(policies: readonly P[], code: string, on: string): P | null {
  let best: P | null = null;
  for (const policy of policies) {
    if (policy.code !== code || policy.isActive === false || policy.dateEffective > on) continue;
    if (!best || policy.dateEffective > best.dateEffective || (policy.dateEffective === best.dateEffective && (policy.id ?? 0) > (best.id ?? 0))) {
      best = policy;
    }
  }
  return best;
}

/** A policy row as the snapshot names it. */
export interface PolicyReference {
  code: string;
  id: number | null;
  dateEffective: string;
  value: string;
}

const referenceOf = (p: FreeTimePolicy, value: string): PolicyReference => ({ code: p.code, id: p.id ?? null, dateEffective: p.dateEffective, value });

/** An exact decimal as text, without trailing zeros beyond `minScale` places: 5.0000 is "5", 900.5 is "900.50". */
function decimalText(d: ExactDecimal, minScale: number): string {
  let { units, scale } = d;
  while (scale > minScale && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  if (scale < minScale) {
    units *= pow10(minScale - scale);
    scale = minScale;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** A decimal's text as a numeric column pads it, read plainly: "5.0000" is "5", "900.5000" is "900.50" (minScale 2). */
const plainDecimal = (value: DecimalInput, minScale: number) => decimalText(parseDecimal(value), minScale);

function requiredPolicy(policies: readonly FreeTimePolicy[], code: string, on: string, meaning: string): FreeTimePolicy & { defaultValueDecimal: DecimalInput } {
  const policy = policyInForce(policies, code, on);
  if (!policy || policy.defaultValueDecimal === null || String(policy.defaultValueDecimal).trim() === "") {
    throw new FreeTimeRuleError(`No ${meaning} policy (${code}) is in force on ${on}.`, code);
  }
  return policy as FreeTimePolicy & { defaultValueDecimal: DecimalInput };
}

/** The free days a policy row holds: a whole number of 0 or more. */
function freeDaysOf(policy: FreeTimePolicy & { defaultValueDecimal: DecimalInput }): number {
  const text = plainDecimal(policy.defaultValueDecimal, 0);
  if (!/^\d+$/.test(text) || Number(text) > 366) {
    throw new FreeTimeRuleError(`Policy ${policy.code} of ${policy.dateEffective} must hold a whole number of days from 0 to 366, not ${text}.`, policy.code);
  }
  return Number(text);
}

/** A rate a policy row holds: an amount of 0 or more. */
function rateOf(policy: FreeTimePolicy & { defaultValueDecimal: DecimalInput }): string {
  const rate = plainDecimal(policy.defaultValueDecimal, 2);
  if (rate.startsWith("-")) throw new FreeTimeRuleError(`Policy ${policy.code} of ${policy.dateEffective} holds a negative rate, ${rate}.`, policy.code);
  return rate;
}

// ---------------------------------------------------------------------------------------------------------
// TEU (domain notes §3) and the rate basis (§12.1)

/** Per TEU, or per van when the policy says so. */
export type RateBasis = "TEU" | "VAN";

/**
 * The TEU of one van by its size: 20' is 1, 40' is 2 (high cube too), 45' is 2.25. Takes the length in feet
 * ("20", "40", "45", "40HC") or an ISO 6346 size-type code, whose first character is the length (2, 4, L: "22G1",
 * "45G1", "L5G1"). Null for a size it cannot read.
 */
export function teuOfSize(size: string): string | null {
  const text = size.toUpperCase().replace(/[\s'’"-]/g, "");
  const feet = /^(20|40|45)(?:FT)?(?:HC|GP|DV|RF|OT|FR)?$/.exec(text)?.[1];
  if (feet) return feet === "20" ? "1" : feet === "40" ? "2" : "2.25";
  const iso = /^([24L])[0-9A-Z][A-Z][0-9A-Z]$/.exec(text)?.[1];
  if (iso) return iso === "2" ? "1" : iso === "4" ? "2" : "2.25";
  return null;
}

/** What a daily rate is multiplied by: the vans' TEU, or the number of vans on a per-van basis. */
export interface ChargedUnits {
  basis: RateBasis;
  vans: number;
  teu: string;
  /** The multiplier: `teu` on a TEU basis, `vans` on a van basis. */
  units: string;
}

/**
 * The units of a shipment's vans (each given by its size). A shipment without a van of known size (loose cargo, a
 * size nobody recorded) counts the TEU it was booked with, `bookedTeu`, as that many 20' vans.
 */
export function chargedUnits(vanSizes: readonly string[], basis: RateBasis, bookedTeu: DecimalInput = 0): ChargedUnits {
  const known = vanSizes.map(teuOfSize);
  if (vanSizes.length > 0 && known.every((t) => t !== null)) {
    const teu = decimalText(addExact(known as string[]), 0);
    return { basis, vans: vanSizes.length, teu, units: basis === "VAN" ? String(vanSizes.length) : teu };
  }
  const teu = plainDecimal(bookedTeu, 0);
  const vans = Math.ceil(Number(teu));
  return { basis, vans, teu, units: basis === "VAN" ? String(vans) : teu };
}

/** The rate basis of demurrage and detention in force on `on`: VAN only when a row says so. */
export function rateBasisOn(policies: readonly FreeTimePolicy[], on: string): { basis: RateBasis; policy: PolicyReference | null } {
  const row = policyInForce(policies, RATE_BASIS_POLICY, on);
  const text = (row?.inputtedString ?? "").trim().toUpperCase();
  return { basis: text === "VAN" ? "VAN" : "TEU", policy: row ? referenceOf(row, text || "TEU") : null };
}

/** Whether outbound demurrage is run up for a clock starting on `on` (§12.2): only when a row in force says ON. */
export function outboundDemurrageOn(policies: readonly FreeTimePolicy[], on: string): boolean {
  const row = policyInForce(policies, OUTBOUND_DEMURRAGE_POLICY, on);
  return (row?.inputtedString ?? "").trim().toUpperCase() === "ON";
}

// ---------------------------------------------------------------------------------------------------------
// Free days and the last free day

export interface SkippedHoliday {
  date: string;
  name: string;
  holidayType: HolidayType;
  /** Null for a national holiday. */
  branchCode: string | null;
}

export interface FreeDayCount {
  branchCode: string;
  calendarBasis: CalendarBasis;
  /** The day counting starts: the day after the start event's date. */
  startDay: string;
  freeDays: number;
  /** The days that counted as free, in order. */
  freeDaysCounted: string[];
  /** Holidays passed over while counting (a holiday on a Sunday is listed with the Sundays). */
  holidaysSkipped: SkippedHoliday[];
  sundaysSkipped: string[];
  /** The last free day (LFD); the start event's own date when there are no free days. */
  lastFreeDay: string;
}

/** The holiday that closes `branchCode` on `date`, national first; null when none does. */
function closingHoliday(holidays: readonly FreeTimeHoliday[], branchCode: string, date: string): FreeTimeHoliday | null {
  const branch = branchCode.trim().toUpperCase();
  const found = holidays.filter((h) =>
    h.date === date && h.isActive !== false && holidayCloses(h) && (h.branchCode === null || h.branchCode.trim().toUpperCase() === branch)
  );
  return found.find((h) => h.branchCode === null) ?? found[0] ?? null;
}

/**
 * Counts `freeDays` free days from the day after `startDate` at `branchCode` (§5.1, §5.2). At MNL every calendar
 * day counts. Elsewhere Sundays are skipped, and so are the holidays that close the branch: national rows and its
 * own, regular or special non-working (a special working day counts; another branch's holiday counts).
 */
export function countFreeDays(input: { branchCode: string; startDate: string; freeDays: number; holidays: readonly FreeTimeHoliday[] }): FreeDayCount {
  const { branchCode, startDate, freeDays, holidays } = input;
  if (!Number.isInteger(freeDays) || freeDays < 0) throw new Error(`Free days must be a whole number of 0 or more: ${freeDays}`);
  const startDay = addCalendarDays(startDate, 1);
  const calendarBasis: CalendarBasis = branchCode.trim().toUpperCase() === CALENDAR_DAY_BRANCH ? "CALENDAR" : "SKIP_SUN_HOL";
  const counted: string[] = [];
  const holidaysSkipped: SkippedHoliday[] = [];
  const sundaysSkipped: string[] = [];
  for (let day = startDay; counted.length < freeDays; day = addCalendarDays(day, 1)) {
    if (calendarBasis === "SKIP_SUN_HOL") {
      if (weekdayOf(day) === 0) {
        sundaysSkipped.push(day);
        continue;
      }
      const holiday = closingHoliday(holidays, branchCode, day);
      if (holiday) {
        holidaysSkipped.push({ date: day, name: holiday.name ?? "", holidayType: holiday.holidayType ?? "REGULAR", branchCode: holiday.branchCode });
        continue;
      }
    }
    counted.push(day);
  }
  return {
    branchCode, calendarBasis, startDay, freeDays, freeDaysCounted: counted, holidaysSkipped, sundaysSkipped,
    lastFreeDay: counted.at(-1) ?? startDate,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The computation and its snapshot (§5.2, §5.6)

export interface FreeTimeInput {
  chargeType: FreeTimeChargeType;
  side?: FreeTimeSide;
  /** Whose calendar counts: the destination branch (the origin's for outbound demurrage). */
  branchCode: string;
  start: ClockEvent;
  /** Null while the end event has not happened: the clock then runs to `asOf`. */
  end: ClockEvent | null;
  /** The business date the computation is made for. */
  asOf: string;
  /** The size of each van of the shipment ("20", "40", "45", or an ISO size-type code). */
  vanSizes: readonly string[];
  /** The TEU the shipment was booked with, counted when no van's size is known. */
  bookedTeu?: DecimalInput;
  policies: readonly FreeTimePolicy[];
  holidays: readonly FreeTimeHoliday[];
  /** The last day already billed on an earlier invoice: the days after it are charged, none before. */
  billedThrough?: string | null;
}

export interface RateReference {
  /** POLICY: the row named; DEFAULT: the storage fee of 001 §9's release order note. */
  kind: "POLICY" | "DEFAULT";
  code: string | null;
  id: number | null;
  dateEffective: string | null;
}

/** Everything a computed charge was made from (§5.6), stored with it so it can always explain itself. */
export interface FreeTimeSnapshot {
  chargeType: FreeTimeChargeType;
  side: FreeTimeSide;
  branchCode: string;
  startEvent: { event: string; at: string; date: string };
  /** Null while it has not happened; the clock then ran to `countedThrough`. */
  endEvent: { event: string; at: string; date: string } | null;
  /** The last day counted: the end event's date, or the day of the computation. */
  countedThrough: string;
  /** The end event happened: the figures no longer grow. */
  final: boolean;
  calendarBasis: CalendarBasis;
  startDay: string;
  freeDays: number;
  freeDaysPolicy: PolicyReference;
  freeDaysCounted: string[];
  holidaysSkipped: SkippedHoliday[];
  sundaysSkipped: string[];
  lastFreeDay: string;
  billedThrough: string | null;
  /** The chargeable days, both ends included; null when there are none. */
  chargeableFrom: string | null;
  chargeableTo: string | null;
  days: number;
  rateBasis: RateBasis;
  rateBasisPolicy: PolicyReference | null;
  vans: number;
  teu: string;
  /** What the rate is multiplied by each day: the TEU, or the vans on a per-van basis. */
  units: string;
  rate: string;
  rateSource: RateReference;
  /** What each further day costs: rate × units. */
  perDay: string;
  amount: string;
}

export interface FreeTimeComputation {
  snapshot: FreeTimeSnapshot;
  amountCentavos: bigint;
  perDayCentavos: bigint;
}

const meaningOfFreeDays = (chargeType: FreeTimeChargeType) => chargeType === "DET" ? "free detention days" : "free storage days";

/** The rate of a charge type in force on `on`, with where it came from. */
function rateFor(chargeType: FreeTimeChargeType, policies: readonly FreeTimePolicy[], on: string): { rate: string; source: RateReference } {
  if (chargeType === "STO") {
    const row = policyInForce(policies, STORAGE_RATE_POLICY, on);
    if (!row || row.defaultValueDecimal === null || String(row.defaultValueDecimal).trim() === "") {
      return { rate: DEFAULT_STORAGE_RATE, source: { kind: "DEFAULT", code: null, id: null, dateEffective: null } };
    }
    return { rate: rateOf(row as FreeTimePolicy & { defaultValueDecimal: DecimalInput }), source: { kind: "POLICY", code: row.code, id: row.id ?? null, dateEffective: row.dateEffective } };
  }
  const code = chargeType === "DEM" ? DEMURRAGE_RATE_POLICY : DETENTION_RATE_POLICY;
  const row = requiredPolicy(policies, code, on, chargeType === "DEM" ? "demurrage rate" : "detention fee");
  return { rate: rateOf(row), source: { kind: "POLICY", code, id: row.id ?? null, dateEffective: row.dateEffective } };
}

const eventOf = (e: ClockEvent) => {
  const at = e.at instanceof Date ? e.at.toISOString() : new Date(e.at).toISOString();
  return { event: e.event, at, date: manilaDate(at) };
};

/**
 * One charge of a shipment as of `asOf` (§5.2): free days and rates from the policies in force on the day after
 * the start event, kept for the whole period however the policies change later; the last free day by the
 * destination's calendar; every calendar day after it charged up to the end event's Manila date (a part day is a
 * whole day, so the end day counts), or up to `asOf` while the end event has not happened. Storage is charged per
 * TEU, demurrage and detention per TEU or per van (the rate basis). Throws FreeTimeRuleError when a policy it
 * needs is not in force.
 */
export function computeFreeTime(input: FreeTimeInput): FreeTimeComputation {
  const side = input.side ?? "destination";
  const start = eventOf(input.start);
  const end = input.end ? eventOf(input.end) : null;
  const startDay = addCalendarDays(start.date, 1);
  const freeCode = input.chargeType === "DET" ? FREE_DETENTION_DAYS_POLICY : FREE_STORAGE_DAYS_POLICY;
  const freePolicy = requiredPolicy(input.policies, freeCode, startDay, meaningOfFreeDays(input.chargeType));
  const freeDays = freeDaysOf(freePolicy);
  const count = countFreeDays({ branchCode: input.branchCode, startDate: start.date, freeDays, holidays: input.holidays });
  const { rate, source } = rateFor(input.chargeType, input.policies, startDay);
  const basis = input.chargeType === "STO" ? { basis: "TEU" as RateBasis, policy: null } : rateBasisOn(input.policies, startDay);
  const units = chargedUnits(input.vanSizes, basis.basis, input.bookedTeu ?? 0);

  const countedThrough = end ? end.date : input.asOf;
  const billedThrough = input.billedThrough ?? null;
  const from = billedThrough && billedThrough > count.lastFreeDay ? billedThrough : count.lastFreeDay;
  const days = Math.max(0, daysBetween(from, countedThrough));
  const perDayCentavos = roundToCentavos(multiplyExact(rate, units.units));
  const amountCentavos = roundToCentavos(multiplyExact(rate, units.units, days));
  return {
    amountCentavos,
    perDayCentavos,
    snapshot: {
      chargeType: input.chargeType,
      side,
      branchCode: input.branchCode,
      startEvent: start,
      endEvent: end,
      countedThrough,
      final: end !== null,
      calendarBasis: count.calendarBasis,
      startDay,
      freeDays,
      freeDaysPolicy: referenceOf(freePolicy, String(freeDays)),
      freeDaysCounted: count.freeDaysCounted,
      holidaysSkipped: count.holidaysSkipped,
      sundaysSkipped: count.sundaysSkipped,
      lastFreeDay: count.lastFreeDay,
      billedThrough,
      chargeableFrom: days > 0 ? addCalendarDays(from, 1) : null,
      chargeableTo: days > 0 ? countedThrough : null,
      days,
      rateBasis: units.basis,
      rateBasisPolicy: basis.policy,
      vans: units.vans,
      teu: units.teu,
      units: units.units,
      rate,
      rateSource: source,
      perDay: formatCentavos(perDayCentavos),
      amount: formatCentavos(amountCentavos),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// What the arrival notice and the consignee's page show

/**
 * The storage due date of 001 §9 and what each day after it costs: the last free day of storage, and the storage
 * and demurrage of one more day (each rate × its units).
 */
export function storageDue(storage: FreeTimeComputation, demurrage: FreeTimeComputation | null): {
  dueDate: string;
  perDay: { storage: string; demurrage: string; total: string };
} {
  const dem = demurrage?.perDayCentavos ?? 0n;
  return {
    dueDate: storage.snapshot.lastFreeDay,
    perDay: { storage: formatCentavos(storage.perDayCentavos), demurrage: formatCentavos(dem), total: formatCentavos(storage.perDayCentavos + dem) },
  };
}

export interface FreeDaysLeft {
  on: string;
  lastFreeDay: string;
  /** Free days still ahead, `on` included when it is one. */
  freeDaysLeft: number;
  /** Chargeable days so far: the days after the last free day up to `on`. */
  daysOverdue: number;
  isLastFreeDay: boolean;
}

/** The countdown of a charge's free days on a given day (the consignee's page). */
export function freeDaysLeft(snapshot: Pick<FreeTimeSnapshot, "freeDaysCounted" | "lastFreeDay">, on: string): FreeDaysLeft {
  return {
    on,
    lastFreeDay: snapshot.lastFreeDay,
    freeDaysLeft: snapshot.freeDaysCounted.filter((day) => day >= on).length,
    daysOverdue: Math.max(0, daysBetween(snapshot.lastFreeDay, on)),
    isLastFreeDay: on === snapshot.lastFreeDay && snapshot.freeDaysCounted.length > 0,
  };
}

/**
 * The payment side that bills a free-time charge (domain notes §1): at the destination C, or AD for a shipper on
 * account (AO or AD); at the origin P, or AO on account.
 */
export function freeTimeBilledSide(modeOfPayment: string, side: FreeTimeSide): "C" | "AD" | "P" | "AO" {
  const onAccount = ["AO", "AD"].includes(modeOfPayment.trim().toUpperCase());
  if (side === "destination") return onAccount ? "AD" : "C";
  return onAccount ? "AO" : "P";
}
