import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { charges, companyPolicies, ports } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { normalizeAmount, sumAmounts, toCentavos } from "../../shared/money.ts";
import { chargeAmount, type CompanyPolicy, INSURANCE_RATE_POLICY, insurancePremium, INSURED_VALUE_PER_TEU_POLICY } from "../master-data/index.ts";
import { pricingLanes } from "../sales-quotations/index.ts";
import type { ScheduleRow } from "../voyages/index.ts";
import type { DeliveryMode } from "./rules.ts";
import type { BookingChargeRow } from "./schemas.ts";

/**
 * A booking is priced from its shipper's approved quotation (sqReportsBooking): the lane that runs from a port
 * of the voyage's origin to a port of the booking's destination by the booking's mode. The lane's agreed rates
 * are multiplied out by what the booking ships, in each charge's unit (TEU, bags, tons).
 */

export interface LaneChoice {
  sqRefNum: string;
  sqdocNum: string;
  serviceModeCode: string;
  originPortCode: string;
  destinationPortCode: string;
  /** The voyage's call the lane's destination port belongs to. */
  destinationBranchCode: string;
  originAreaCode: string | null;
  destinationAreaCode: string | null;
  isTandem: boolean;
  /** The quotation date: the rates and policies the lane was priced at were those in force on it. */
  sqDate: string;
  validUntil: string;
  charges: {
    chargeCode: string; chargeName: string; chargePart: string; rateUnit: string; source: string; standardRate: string; requestedRate: string;
    isInsurancePremium: boolean;
  }[];
}

export interface LaneSearch {
  voyage: ScheduleRow;
  customerCode: string;
  destinationBranchCode?: string;
  modeOfDelivery?: DeliveryMode;
  /** The booking date: the quotation must be in force on it. */
  on: string;
  /**
   * Every lane of the shipper on the voyage, read once for several bookings (a batch, a clone); priceBooking
   * filters it by destination and mode. Left out, each pricing reads the lanes itself.
   */
  readLanes?: () => Promise<LaneChoice[]>;
  /** The other pricing inputs, read once for several bookings (pricingLookups); left out, read for this one. */
  lookups?: PricingLookups;
}

/** What pricing reads besides the lanes; every booking priced in one request asks the same questions. */
export interface PricingLookups {
  /** The insurance policies (insured value per TEU, rate). */
  insurancePolicies(): Promise<CompanyPolicy[]>;
  /** Active charges of the charge master by upper-case code, for the added charges. */
  chargeMasters(upperCodes: string[]): Promise<{ code: string; name: string }[]>;
}

/**
 * The pricing inputs read on first use and kept for the call: `addedCodes` are the added charge codes of every
 * booking priced with it, read together the first time one is asked for.
 */
export function pricingLookups(db: Db, addedCodes: readonly string[]): PricingLookups {
  let policies: Promise<CompanyPolicy[]> | null = null;
  const named = new Set(addedCodes.map((c) => c.toUpperCase()));
  let masters: Promise<{ code: string; name: string }[]> | null = null;
  const readMasters = async (codes: string[]) =>
    await db.select({ code: charges.code, name: charges.name }).from(charges)
      .where(and(inArray(sql`upper(${charges.code})`, codes), eq(charges.isActive, true)));
  return {
    insurancePolicies: () => (policies ??= insurancePolicies(db)),
    async chargeMasters(upperCodes) {
      if (upperCodes.some((c) => !named.has(c))) return await readMasters(upperCodes);
      const all = await (masters ??= readMasters([...named]));
      return all.filter((m) => upperCodes.includes(m.code.toUpperCase()));
    },
  };
}

/** The lanes of one shipper on one voyage, read on first use and then shared by every booking priced with it. */
export function sharedLaneReader(db: Db, search: Omit<LaneSearch, "readLanes" | "destinationBranchCode" | "modeOfDelivery">) {
  let lanes: Promise<LaneChoice[]> | null = null;
  return () => (lanes ??= lanesFor(db, search));
}

/** The voyage's active ports in one read: those of its origin, and those of the destinations asked by code. */
async function portsOf(db: Db, originBranchCode: string, destinationBranchCodes: string[]) {
  const rows = await db.select({ code: ports.code, branchCode: ports.branchCode }).from(ports)
    .where(and(inArray(ports.branchCode, [originBranchCode, ...destinationBranchCodes]), eq(ports.isActive, true)));
  const origin = new Map<string, string>();
  const destination = new Map<string, string>();
  for (const r of rows) {
    if (r.branchCode === originBranchCode) origin.set(r.code.toLowerCase(), r.branchCode);
    if (destinationBranchCodes.includes(r.branchCode)) destination.set(r.code.toLowerCase(), r.branchCode);
  }
  return { origin, destination };
}

/**
 * The quotation lanes a booking of this shipper on this voyage could be priced from, newest quotation first.
 * The customer's price stands wherever it was quoted: pricing reads every branch's quotations.
 */
export async function lanesFor(db: Db, search: LaneSearch): Promise<LaneChoice[]> {
  const destinations = search.voyage.destinations.map((d) => d.destinationBranchCode)
    .filter((code) => !search.destinationBranchCode || code.toLowerCase() === search.destinationBranchCode.toLowerCase());
  const [{ origin: originPorts, destination: destinationPorts }, quoted] = await Promise.all([
    portsOf(db, search.voyage.originBranchCode, destinations),
    pricingLanes(db, { customerCode: search.customerCode, on: search.on }),
  ]);
  const lanes: LaneChoice[] = [];
  for (const lane of quoted) {
    if (!originPorts.has(lane.originPortCode.toLowerCase()) || !destinationPorts.has(lane.destinationPortCode.toLowerCase())) continue;
    if (search.modeOfDelivery && lane.serviceModeCode !== search.modeOfDelivery) continue;
    const { charges: laneCharges, ...rest } = lane;
    lanes.push({ ...rest, destinationBranchCode: destinationPorts.get(lane.destinationPortCode.toLowerCase())!, charges: laneCharges });
  }
  return lanes;
}

export interface PricingInput {
  destinationBranchCode: string;
  modeOfDelivery: DeliveryMode;
  isTandem: boolean;
  pickUpAreaCode: string | null;
  deliveryAreaCode: string | null;
  quantity: number;
  quantityTeu: number;
  cargoWeight: string;
  sqdocNum: string | null;
  additionalCharges: { chargeCode: string; amount: string }[];
}

export interface PricedBooking {
  sqRefNum: string;
  sqdocNum: string;
  charges: BookingChargeRow[];
  insurancePremium: string;
  total: string;
}

const invalid = (field: string, text: string) => new AppError("VALIDATION", text, { [field]: [text] });

/** The lane asked for, or the best of the shipper's lanes: same tandem setting, then the areas of the booking. */
function chooseLane(lanes: LaneChoice[], input: PricingInput, customerCode: string, voyage: ScheduleRow): LaneChoice {
  if (input.sqdocNum) {
    const asked = lanes.find((l) => l.sqdocNum.toLowerCase() === input.sqdocNum!.toLowerCase());
    if (!asked) {
      throw invalid("sqdocNum", `Quotation lane ${input.sqdocNum} does not price this booking: it must be a lane of an approved quotation of ${customerCode} in force, from ${voyage.originBranchName} to the destination by ${input.modeOfDelivery}.`);
    }
    return asked;
  }
  const candidates = lanes.filter((l) => l.isTandem === input.isTandem);
  if (candidates.length === 0) {
    throw invalid(
      "sqdocNum",
      `No approved quotation of ${customerCode} prices ${input.isTandem ? "a tandem " : ""}${input.modeOfDelivery} from ${voyage.originBranchName} to ${input.destinationBranchCode}. Ask the account executive for a quotation of this lane.`,
    );
  }
  const score = (l: LaneChoice) =>
    (l.originAreaCode && l.originAreaCode === input.pickUpAreaCode ? 2 : l.originAreaCode ? 0 : 1) +
    (l.destinationAreaCode && l.destinationAreaCode === input.deliveryAreaCode ? 2 : l.destinationAreaCode ? 0 : 1);
  return [...candidates].sort((a, b) => score(b) - score(a))[0];
}

const QUANTITY_OF: Record<string, (input: PricingInput) => string> = {
  perTeu: (input) => String(input.quantityTeu),
  perBag: (input) => String(input.quantity),
  perTon: (input) => input.cargoWeight,
};

// A real promise, not drizzle's query (which runs again at every await): kept, it is read once.
const insurancePolicies = async (db: Db): Promise<CompanyPolicy[]> =>
  await db.select().from(companyPolicies).where(inArray(companyPolicies.code, [INSURED_VALUE_PER_TEU_POLICY, INSURANCE_RATE_POLICY]));

/**
 * The insurance premium of a booking priced at the lane's standard premium: worked out on all the booking's
 * TEU from the policies the quotation was priced at and rounded once, as the lane's own amount is, rather than
 * the one-TEU premium (the lane's rate, already rounded) multiplied. Should those policies no longer give the
 * lane's rate (a policy row changed since), the lane's rate stands and is multiplied out.
 */
function insuranceAmount(policies: readonly CompanyPolicy[], sqDate: string, perTeu: string, teu: string): string {
  try {
    if (insurancePremium({ policies, on: sqDate, teu: 1 }).premium === normalizeAmount(perTeu)) {
      return insurancePremium({ policies, on: sqDate, teu }).premium;
    }
  } catch {
    // No policy in force on the quotation date any more: the lane's rate stands.
  }
  return chargeAmount(perTeu, "perTeu", teu);
}

/** Prices a booking; refuses a missing lane and a charge code added twice or already on the lane (001 §5). */
export async function priceBooking(db: Db, search: LaneSearch, input: PricingInput): Promise<PricedBooking> {
  const lanes = search.readLanes
    ? (await search.readLanes()).filter((l) =>
      l.destinationBranchCode.toLowerCase() === input.destinationBranchCode.toLowerCase() && l.serviceModeCode === input.modeOfDelivery
    )
    : await lanesFor(db, { ...search, destinationBranchCode: input.destinationBranchCode, modeOfDelivery: input.modeOfDelivery });
  const lane = chooseLane(lanes, input, search.customerCode, search.voyage);

  const shared = search.lookups ?? pricingLookups(db, input.additionalCharges.map((a) => a.chargeCode));
  const priced: BookingChargeRow[] = [];
  for (const charge of lane.charges) {
    const quantity = QUANTITY_OF[charge.rateUnit]?.(input) ?? "0";
    // As on the quotation, a charge in a unit the booking ships nothing in is left off.
    if (Number(quantity) === 0) continue;
    const standardInsurance = charge.source === "INSURANCE" && toCentavos(charge.requestedRate) === toCentavos(charge.standardRate);
    priced.push({
      chargeCode: charge.chargeCode,
      chargeName: charge.chargeName,
      chargePart: charge.chargePart,
      rateUnit: charge.rateUnit,
      quantity,
      rate: normalizeAmount(charge.requestedRate),
      amount: standardInsurance
        ? insuranceAmount(await shared.insurancePolicies(), lane.sqDate, charge.standardRate, quantity)
        : chargeAmount(charge.requestedRate, charge.rateUnit as "perTeu", quantity),
      source: "SQ",
    });
  }

  const added = input.additionalCharges;
  if (added.length > 0) {
    const codes = added.map((a) => a.chargeCode.toUpperCase());
    const masters = await shared.chargeMasters(codes);
    const seen = new Set(lane.charges.map((c) => c.chargeCode.toUpperCase()));
    for (const extra of added) {
      const code = extra.chargeCode.toUpperCase();
      const master = masters.find((m) => m.code.toUpperCase() === code);
      if (!master) throw invalid("additionalCharges", `Charge ${extra.chargeCode} is not an active charge of the charge master.`);
      if (seen.has(code)) {
        throw invalid("additionalCharges", `Charge ${master.code} (${master.name}) is already on this booking; a charge may appear only once.`);
      }
      seen.add(code);
      const amount = normalizeAmount(extra.amount);
      priced.push({ chargeCode: master.code, chargeName: master.name, chargePart: "OTHER", rateUnit: "perTeu", quantity: "1", rate: amount, amount, source: "ADDED" });
    }
  }

  // The lane's own charges carry whether the charge master counts them as insurance; added charges never do.
  const insuranceCodes = new Set(lane.charges.filter((c) => c.isInsurancePremium).map((c) => c.chargeCode));
  const insurance = priced.filter((c) => insuranceCodes.has(c.chargeCode) && c.source === "SQ").map((c) => c.amount);
  return {
    sqRefNum: lane.sqRefNum,
    sqdocNum: lane.sqdocNum,
    charges: priced,
    insurancePremium: sumAmounts(insurance),
    total: sumAmounts(priced.map((c) => c.amount)),
  };
}
