import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { areas, charges, chargeServicesMatrices, companyPolicies, freightRates, ports, portRates, serviceModes, truckingRates } from "../../../db/schema/index.ts";
import { AppError, asValidation } from "../../shared/errors.ts";
import type { ChargePart } from "../../shared/reference-lists.ts";
import { type DecimalInput, sumAmounts } from "../../shared/money.ts";
import {
  chargeAmount,
  insurancePremium,
  RATE_UNIT_LABELS,
  type RateBase,
  rateInForce,
  type RateQuery,
  type RateUnit,
  truckingRate,
} from "../master-data/index.ts";
import type { ChargeRow, LaneInput } from "./schemas.ts";

/**
 * Prices one lane of a quotation from the rate tables, at the rates in force on the quotation date (001 §3,
 * §9): freight for the port pair, port charges at each end, trucking at each door end (the tandem rate for a
 * tandem, the back-load rate from a back-load area), the open-van charges when the van is open, and the
 * insurance premium from the company policies. Each charge is worked out in its own unit (Per TEU, Per BAG,
 * Per TON) on the lane's quantity in that unit, the standard rate beside the rate the customer asked for.
 */

type ChargeMaster = typeof charges.$inferSelect;
type Area = typeof areas.$inferSelect;

export interface PricedLane {
  charges: ChargeRow[];
  total: string;
  standardTotal: string;
  /** Where the lane runs, codes as the master data spells them and provinces from the areas where left out. */
  place: {
    serviceModeCode: string;
    originPortCode: string;
    destinationPortCode: string;
    originAreaCode: string | null;
    destinationAreaCode: string | null;
    originProvince: string;
    destinationProvince: string;
  };
}

export interface PricingInput extends LaneInput {
  cargoTypeCode: string;
  sqDate: string;
}

const invalid = (field: string, text: string) => new AppError("VALIDATION", text, { [field]: [text] });

function quantityIn(unit: RateUnit, lane: Pick<LaneInput, "teu" | "bags" | "tons">): string {
  switch (unit) {
    case "perTeu":
      return String(lane.teu);
    case "perBag":
      return String(lane.bags);
    case "perTon":
      return String(lane.tons);
  }
}

/** The rate of each charge in force on `on`, one per charge code, among rates already narrowed to a place. */
function inForceByCharge<R extends RateBase>(rates: readonly R[], on: string): R[] {
  const codes = [...new Set(rates.map((r) => r.chargeCode))].sort();
  return codes.map((chargeCode) => rateInForce(rates, { chargeCode, on } as RateQuery<R>)).filter((r): r is R => r !== null);
}

async function activeByCode<T extends { code: string }>(db: Db, table: typeof ports | typeof serviceModes | typeof areas, code: string, field: string, label: string) {
  const [row] = await db.select().from(table).where(and(sql`lower(${table.code}) = lower(${code})`, eq(table.isActive, true)));
  if (!row) throw invalid(field, `${label} ${code} does not exist or is inactive.`);
  return row as unknown as T;
}

/** Whether a charge belongs on a quotation of this cargo type at this branch. */
function appliesTo(charge: ChargeMaster | undefined, cargoTypeCode: string, branchCode: string | null): charge is ChargeMaster {
  if (!charge || !charge.isActive || !charge.showInSq) return false;
  // Shipper-owned, special and insurance charges are decided per booking or below, never from a rate row.
  if (charge.isShipperOwn || charge.isSpecialCharge || charge.isInsurancePremium) return false;
  if (charge.cargoType && charge.cargoType.toLowerCase() !== cargoTypeCode.toLowerCase()) return false;
  if (branchCode && charge.appliedBranches.length > 0 && !charge.appliedBranches.includes(branchCode)) return false;
  return true;
}

interface Line {
  charge: ChargeMaster;
  part: ChargePart;
  source: string;
  rate: DecimalInput;
  /** Set where the standard amount is not simply rate × quantity (the insurance premium). */
  standardAmount?: string;
}

/**
 * The open-van charges at a port on a date (getOpenVan): charges flagged to apply to open vans, at the port
 * rate in force there.
 */
export async function openVanCharges(db: Db, originPortCode: string, on: string, cargoTypeCode?: string) {
  const port = await activeByCode<typeof ports.$inferSelect>(db, ports, originPortCode, "originPortCode", "Origin port");
  const master = await db.select().from(charges).where(and(eq(charges.isActive, true), eq(charges.openVanApply, true)));
  if (master.length === 0) return [];
  const byCode = new Map(master.map((c) => [c.code, c]));
  const rates = await db.select().from(portRates).where(and(
    eq(portRates.isActive, true),
    eq(portRates.portCode, port.code),
    inArray(portRates.chargeCode, [...byCode.keys()]),
  ));
  return inForceByCharge(rates, on)
    .filter((r) => {
      const charge = byCode.get(r.chargeCode);
      return charge?.showInSq && (!cargoTypeCode || !charge.cargoType || charge.cargoType === cargoTypeCode);
    })
    .map((r) => ({ charge: byCode.get(r.chargeCode)!, rate: r }));
}

/** generateChargeWithTandemRates: every charge of one lane, priced; nothing is saved. */
export async function priceLane(db: Db, lane: PricingInput): Promise<PricedLane> {
  const on = lane.sqDate;
  const mode = await activeByCode<typeof serviceModes.$inferSelect>(db, serviceModes, lane.serviceModeCode, "serviceModeCode", "Service mode");
  const origin = await activeByCode<typeof ports.$inferSelect>(db, ports, lane.originPortCode, "originPortCode", "Origin port");
  const destination = await activeByCode<typeof ports.$inferSelect>(db, ports, lane.destinationPortCode, "destinationPortCode", "Destination port");
  if (origin.code === destination.code) throw invalid("destinationPortCode", "The origin and destination ports must differ.");
  const originArea = lane.originAreaCode ? await activeByCode<Area>(db, areas, lane.originAreaCode, "originAreaCode", "Origin area") : null;
  const destinationArea = lane.destinationAreaCode
    ? await activeByCode<Area>(db, areas, lane.destinationAreaCode, "destinationAreaCode", "Destination area")
    : null;
  if (mode.doorOrigin && !originArea) {
    throw invalid("originAreaCode", `Service mode ${mode.code} picks up at the door: choose the origin area.`);
  }
  if (mode.doorDestination && !destinationArea) {
    throw invalid("destinationAreaCode", `Service mode ${mode.code} delivers to the door: choose the destination area.`);
  }
  if (lane.isTandem && !(mode.doorOrigin || mode.doorDestination)) {
    throw invalid("isTandem", `A tandem is a trucking trip; service mode ${mode.code} has no trucking.`);
  }

  const master = new Map((await db.select().from(charges)).map((c) => [c.code, c]));
  const lines: Line[] = [];

  // Freight for the port pair.
  const freight = await db.select().from(freightRates).where(and(
    eq(freightRates.isActive, true),
    eq(freightRates.portCodeOrigin, origin.code),
    eq(freightRates.portCodeDestination, destination.code),
  ));
  for (const rate of inForceByCharge(freight, on)) {
    const charge = master.get(rate.chargeCode);
    if (appliesTo(charge, lane.cargoTypeCode, rate.branchCodeOrigin)) {
      lines.push({ charge, part: "FREIGHT", source: "FREIGHT_RATE", rate: rate.stdRateWvat });
    }
  }
  if (!lines.some((l) => l.part === "FREIGHT")) {
    throw invalid("originPortCode", `No freight rate is in force from ${origin.code} to ${destination.code} on ${on}.`);
  }

  // Port charges at the ends their class names; open-van charges only on an open van, and then at the origin.
  const portRows = await db.select().from(portRates).where(and(eq(portRates.isActive, true), inArray(portRates.portCode, [origin.code, destination.code])));
  for (const [port, part, end] of [[origin.code, "PORT_ORIGIN", "ORIGIN"], [destination.code, "PORT_DESTINATION", "DESTINATION"]] as const) {
    for (const rate of inForceByCharge(portRows.filter((r) => r.portCode === port), on)) {
      const charge = master.get(rate.chargeCode);
      if (!appliesTo(charge, lane.cargoTypeCode, rate.branchCode)) continue;
      if (charge.chargeClass !== "BOTH" && charge.chargeClass !== end) continue;
      if (charge.openVanApply) {
        if (lane.isOpenVan && part === "PORT_ORIGIN") lines.push({ charge, part, source: "OPEN_VAN", rate: rate.stdRateWvat });
        continue;
      }
      lines.push({ charge, part, source: "PORT_RATE", rate: rate.stdRateWvat });
    }
  }

  // Trucking at each door end.
  for (const [area, port, part, end] of [
    [mode.doorOrigin ? originArea : null, origin.code, "TRUCKING_ORIGIN", "origin"],
    [mode.doorDestination ? destinationArea : null, destination.code, "TRUCKING_DESTINATION", "destination"],
  ] as const) {
    if (!area) continue;
    const rows = await db.select().from(truckingRates).where(and(
      eq(truckingRates.isActive, true),
      eq(truckingRates.areaCode, area.code),
      eq(truckingRates.portCode, port),
    ));
    const before = lines.length;
    for (const rate of inForceByCharge(rows, on)) {
      const charge = master.get(rate.chargeCode);
      if (!appliesTo(charge, lane.cargoTypeCode, rate.branchCode)) continue;
      const backload = area.isBackLoad && charge.backLoadApply;
      const value = asValidation(`${end}AreaCode`, () => truckingRate(rate, { tandem: lane.isTandem, backload }));
      const source = lane.isTandem ? "TANDEM_RATE" : backload ? "BACKLOAD_RATE" : "TRUCKING_RATE";
      lines.push({ charge, part, source, rate: value });
    }
    if (lines.length === before) {
      throw invalid(`${end}AreaCode`, `No trucking rate is in force for area ${area.code} at port ${port} on ${on}.`);
    }
  }

  // Insurance from the company policies (C0004 insured value per 20-foot van, C0005 the rate).
  if (lane.withInsurance) {
    const insurance = [...master.values()].find((c) => c.isActive && c.isInsurancePremium);
    if (!insurance) throw invalid("withInsurance", "No active insurance premium charge is set up in the charge master.");
    if (lane.teu < 1) throw invalid("withInsurance", "Insurance is priced per 20-foot van: give at least one TEU.");
    const policies = await db.select().from(companyPolicies).where(inArray(companyPolicies.code, ["C0004", "C0005"]));
    // The rate shown is the premium of one TEU; the lane's amount is worked out on all its TEU and rounded once.
    const one = asValidation("withInsurance", () => insurancePremium({ policies, on, teu: 1 }));
    const all = asValidation("withInsurance", () => insurancePremium({ policies, on, teu: lane.teu }));
    lines.push({ charge: insurance, part: "FREIGHT", source: "INSURANCE", rate: one.premium, standardAmount: all.premium });
  }

  // Where the services matrix says which charges a service mode brings for this cargo type, only those apply.
  const matrix = await db.select().from(chargeServicesMatrices).where(and(
    eq(chargeServicesMatrices.isActive, true),
    eq(chargeServicesMatrices.serviceModeCode, mode.code),
    sql`lower(${chargeServicesMatrices.cargoTypeCode}) = lower(${lane.cargoTypeCode})`,
  ));
  if (matrix.length > 0) {
    // The matrix row names the end a port charge is taken at. It holds one row per charge, so a trucking
    // charge listed once serves every door end of the service mode.
    const trucking = (part: string) => part.startsWith("TRUCKING_");
    const kept = lines.filter((l) =>
      l.source === "INSURANCE" ||
      matrix.some((m) => m.chargeCode === l.charge.code && (m.chargePart === l.part || (trucking(m.chargePart) && trucking(l.part))))
    );
    lines.splice(0, lines.length, ...kept);
    // A door end the matrix brings no trucking to would quote a door service without the truck.
    for (const [door, part, end] of [[mode.doorOrigin, "TRUCKING_ORIGIN", "origin"], [mode.doorDestination, "TRUCKING_DESTINATION", "destination"]] as const) {
      if (door && !lines.some((l) => l.part === part)) {
        throw invalid(`${end}AreaCode`, `The charge services matrix brings no trucking charge to the ${end} door for service mode ${mode.code} and cargo type ${lane.cargoTypeCode}.`);
      }
    }
  }

  const requested = new Map(lane.requestedRates.map((r) => [`${r.chargeCode.toLowerCase()}|${r.chargePart}`, r.requestedRate]));
  const known = new Set(lines.map((l) => `${l.charge.code.toLowerCase()}|${l.part}`));
  for (const key of requested.keys()) {
    if (!known.has(key)) {
      const [code, part] = key.split("|");
      throw invalid("requestedRates", `A requested rate names charge ${code} (${part}), which this lane does not carry.`);
    }
  }

  // A charge in a unit the lane ships nothing in (per-ton freight on a lane counted in TEU) is left off.
  const shipped = lines.filter((line) => line.source === "INSURANCE" || Number(quantityIn(line.charge.unitOfMeasure as RateUnit, lane)) > 0);
  if (!shipped.some((line) => line.part === "FREIGHT")) {
    const units = [...new Set(lines.filter((l) => l.part === "FREIGHT").map((l) => RATE_UNIT_LABELS[l.charge.unitOfMeasure as RateUnit]))];
    throw invalid("teu", `Give the lane's quantity in the unit its freight is rated in (${units.join(" or ")}).`);
  }
  const rows: ChargeRow[] = shipped.map((line) => {
    const unit = line.charge.unitOfMeasure as RateUnit;
    if (!RATE_UNIT_LABELS[unit]) throw invalid("chargeCode", `Charge ${line.charge.code} has an unknown unit ${line.charge.unitOfMeasure}.`);
    const quantity = line.source === "INSURANCE" ? String(lane.teu) : quantityIn(unit, lane);
    const unitOfLine: RateUnit = line.source === "INSURANCE" ? "perTeu" : unit;
    const standardRate = asValidation("rate", () => chargeAmount(line.rate, "perTeu", 1));
    const requestedRate = asValidation("requestedRates", () => chargeAmount(requested.get(`${line.charge.code.toLowerCase()}|${line.part}`) ?? standardRate, "perTeu", 1));
    const standardAmount = line.standardAmount ?? asValidation("quantity", () => chargeAmount(standardRate, unitOfLine, quantity));
    return {
      chargeCode: line.charge.code,
      chargeName: line.charge.printName || line.charge.name,
      chargePart: line.part,
      rateUnit: unitOfLine,
      quantity,
      source: line.source,
      standardRate,
      requestedRate,
      standardAmount,
      // Without a rate of its own the charge costs its standard amount: for insurance that is the premium
      // rounded once on every TEU, not the one-TEU premium (the standard rate shown) multiplied.
      amount: requestedRate === standardRate ? standardAmount : asValidation("quantity", () => chargeAmount(requestedRate, unitOfLine, quantity)),
    };
  });
  return {
    charges: rows,
    total: sumAmounts(rows.map((r) => r.amount)),
    standardTotal: sumAmounts(rows.map((r) => r.standardAmount)),
    place: {
      serviceModeCode: mode.code,
      originPortCode: origin.code,
      destinationPortCode: destination.code,
      originAreaCode: originArea?.code ?? null,
      destinationAreaCode: destinationArea?.code ?? null,
      originProvince: lane.originProvince || originArea?.province || "",
      destinationProvince: lane.destinationProvince || destinationArea?.province || "",
    },
  };
}
