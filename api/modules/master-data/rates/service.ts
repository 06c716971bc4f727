import { and, asc, count, desc, eq, max, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../../db/client.ts";
import { charges, freightRates, portRates, truckingRates } from "../../../../db/schema/master-data.ts";
import { EMPTY_LIST_MESSAGE, type ListResult } from "../../../shared/contracts.ts";
import { AppError, asValidation } from "../../../shared/errors.ts";
import { searchAny, statusFilter } from "../../../shared/list-filters.ts";
import { splitVat } from "../../../shared/money.ts";
import { chargeAmount, rateInForce, RATE_UNIT_LABELS, type RateUnit, truckingRate } from "../rules.ts";
import { freightRateContract, portRateContract, truckingRateContract } from "../schemas.ts";
import { chargeByCode } from "../charges/service.ts";

export type FreightRateRow = typeof freightRates.$inferSelect;
export type PortRateRow = typeof portRates.$inferSelect;
export type TruckingRateRow = typeof truckingRates.$inferSelect;

/**
 * What differs between the three rate tables: the table, the fields that place a rate (besides its charge)
 * and how one placement is named in messages. The calls themselves are the same for all three.
 */
export interface RateKind {
  label: string;
  table: typeof freightRates | typeof portRates | typeof truckingRates;
  /** The fields that tell two rates of one charge apart, apart from the date; a "lane" in the grouped list. */
  placeFields: readonly string[];
  /** The declared unique key less the date: the rates one of which is in force on any day. */
  keyFields: readonly string[];
  /** Columns the plain list and the grouped list can be narrowed by. */
  filterFields: readonly string[];
  searchable: readonly string[];
}

export const FREIGHT: RateKind = {
  label: "Freight rate",
  table: freightRates,
  placeFields: ["portCodeOrigin", "portCodeDestination", "branchCodeOrigin", "branchCodeDestination"],
  keyFields: freightRateContract.uniqueBy.filter((f) => f !== "dateEffective"),
  filterFields: ["chargeCode", "portCodeOrigin", "portCodeDestination", "branchCodeOrigin", "branchCodeDestination"],
  searchable: ["chargeCode", "portCodeOrigin", "portCodeDestination", "branchCodeOrigin", "branchCodeDestination"],
};

export const PORT: RateKind = {
  label: "Port rate",
  table: portRates,
  placeFields: ["branchCode", "portCode"],
  keyFields: portRateContract.uniqueBy.filter((f) => f !== "dateEffective"),
  filterFields: ["chargeCode", "branchCode", "portCode"],
  searchable: ["chargeCode", "branchCode", "portCode"],
};

export const TRUCKING: RateKind = {
  label: "Trucking rate",
  table: truckingRates,
  placeFields: ["areaCode", "portCode", "branchCode"],
  keyFields: truckingRateContract.uniqueBy.filter((f) => f !== "dateEffective"),
  filterFields: ["chargeCode", "areaCode", "portCode", "branchCode"],
  searchable: ["chargeCode", "areaCode", "portCode", "branchCode"],
};

type Row = Record<string, unknown> & { id: number; chargeCode: string; dateEffective: string; isActive: boolean };

const column = (kind: RateKind, field: string): AnyPgColumn => {
  const col = (kind.table as unknown as Record<string, AnyPgColumn>)[field];
  if (!col) throw new Error(`${kind.label} has no column ${field}`);
  return col;
};

function filtersOf(kind: RateKind, query: Record<string, unknown>): (SQL | undefined)[] {
  const parts: (SQL | undefined)[] = [];
  for (const field of kind.filterFields) {
    const value = query[field];
    if (typeof value === "string" && value !== "") parts.push(eq(column(kind, field), value));
  }
  return parts;
}


// ---------------------------------------------------------------------------------------------- lists

export interface PlainListQuery {
  search?: string;
  filter?: string;
  [field: string]: unknown;
}

export interface Window {
  skip: number;
  take: number;
}

/** One window of a rate list and the count of all rows the list holds. */
async function windowOf(db: Db, kind: RateKind, where: SQL | undefined, order: SQL[], w: Window): Promise<ListResult<Row>> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(kind.table).where(where).orderBy(...order).limit(w.take).offset(w.skip),
    db.select({ total: count() }).from(kind.table).where(where),
  ]);
  return { data: rows as Row[], total: Number(total) };
}

/**
 * The rates matching the filters, a window of up to 200 at a time: what a pricing screen shows of a lane.
 * Ordered by charge, then placement, newest first within a placement.
 */
export async function listRates(db: Db, kind: RateKind, query: PlainListQuery & Window): Promise<ListResult<Row>> {
  const t = kind.table;
  const where = and(
    statusFilter(t.isActive, query.filter),
    searchAny(kind.searchable.map((f) => column(kind, f)), query.search),
    ...filtersOf(kind, query),
  );
  const order = [asc(t.chargeCode), ...kind.placeFields.map((f) => asc(column(kind, f))), desc(t.dateEffective), desc(t.id)];
  const result = await windowOf(db, kind, where, order, query);
  if (result.data.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

/** The rates of one charge, newest dateEffective first (the later entry first on the same date). */
export async function ratesOfCharge(db: Db, kind: RateKind, code: string, w: Window = { skip: 0, take: 200 }): Promise<ListResult<Row>> {
  const charge = await chargeByCode(db, code);
  const t = kind.table;
  const order = [desc(t.dateEffective), desc(t.id), ...kind.placeFields.map((f) => asc(column(kind, f)))];
  const result = await windowOf(db, kind, eq(t.chargeCode, charge.code), order, w);
  if (result.data.length === 0) result.message = `There are no ${kind.label.toLowerCase()}s for charge ${charge.code} yet.`;
  return result;
}

export interface RateLane {
  /** The placement fields of the kind (ports, branches or area) with their values. */
  [field: string]: string | number | null;
  count: number;
  latestDateEffective: string;
}

export interface ChargeGroup {
  chargeCode: string;
  chargeName: string;
  count: number;
  activeCount: number;
  latestDateEffective: string;
  lanes: RateLane[];
}

/**
 * One entry per charge code: how many rates it has (and how many are active), its newest effective date and
 * the placements (lanes) it is rated for, each with its own count. Narrowed by the same filters as the list.
 */
export async function ratesGroupedByCharge(db: Db, kind: RateKind, query: PlainListQuery): Promise<ListResult<ChargeGroup>> {
  const t = kind.table;
  const where = and(
    statusFilter(t.isActive, query.filter),
    searchAny(kind.searchable.map((f) => column(kind, f)), query.search),
    ...filtersOf(kind, query),
  );
  const placeColumns = Object.fromEntries(kind.placeFields.map((f) => [f, column(kind, f)]));
  const lanes = await db.select({
    chargeCode: t.chargeCode,
    chargeName: charges.name,
    ...placeColumns,
    count: count(),
    activeCount: sql<number>`count(*) filter (where ${t.isActive})`,
    latest: max(t.dateEffective),
  }).from(t)
    .innerJoin(charges, eq(charges.code, t.chargeCode))
    .where(where)
    .groupBy(t.chargeCode, charges.name, ...Object.values(placeColumns))
    .orderBy(asc(t.chargeCode), ...Object.values(placeColumns).map((c) => asc(c))) as Record<string, unknown>[];

  const groups = new Map<string, ChargeGroup>();
  for (const lane of lanes) {
    const chargeCode = String(lane.chargeCode);
    const latest = String(lane.latest);
    let group = groups.get(chargeCode);
    if (!group) {
      group = { chargeCode, chargeName: String(lane.chargeName), count: 0, activeCount: 0, latestDateEffective: latest, lanes: [] };
      groups.set(chargeCode, group);
    }
    const laneCount = Number(lane.count);
    group.count += laneCount;
    group.activeCount += Number(lane.activeCount);
    if (latest > group.latestDateEffective) group.latestDateEffective = latest;
    const entry: RateLane = { count: laneCount, latestDateEffective: latest };
    for (const field of kind.placeFields) entry[field] = (lane[field] as string | null) ?? null;
    group.lanes.push(entry);
  }
  const data = [...groups.values()];
  const result: ListResult<ChargeGroup> = { data, total: data.length };
  if (data.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

// ---------------------------------------------------------------------------------------------- rate in force

/** How much the rate comes to for a quantity, when the caller gives one. */
export interface Quantity {
  unit?: RateUnit;
  quantity?: string;
}

export interface RateInForceAnswer<R> {
  rate: R;
  /** The VAT-inclusive rate that applies (for trucking, the one of the trip asked for). */
  rateWvat: string;
  net: string;
  vat: string;
  /** rateWvat × quantity in the unit, with its own VAT split; only when a unit and quantity were given. */
  amount?: { unit: RateUnit; quantity: string; amountWvat: string; net: string; vat: string };
}

function priced<R>(rate: R, rateWvat: string, q: Quantity): RateInForceAnswer<R> {
  const answer: RateInForceAnswer<R> = { rate, rateWvat, ...splitVat(rateWvat) };
  if (q.unit !== undefined && q.quantity !== undefined) {
    const { unit, quantity } = q;
    const amountWvat = asValidation("quantity", () => chargeAmount(rateWvat, unit, quantity));
    answer.amount = { unit, quantity, amountWvat, ...splitVat(amountWvat) };
  }
  return answer;
}

const sameCode = (a: unknown, b: string) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

/**
 * The rate of `kind` in force on `lookup.date`. The choice is made among the rates of the declared key (charge
 * and placement, any letter case), so a newer rate always replaces an older one; fields outside the key (the
 * branches of a freight or port rate) are then checked on the rate chosen, and a mismatch is a 404 rather than
 * a silent fall-back to a rate that no longer applies. A unit to price in must be the charge's own.
 */
async function inForce<R extends Row>(
  db: Db,
  kind: RateKind,
  lookup: Record<string, string | undefined> & Quantity & { chargeCode: string; date: string },
  names: Record<string, string>,
): Promise<R> {
  const charge = await chargeByCode(db, lookup.chargeCode);
  if (lookup.unit !== undefined && lookup.unit !== charge.unitOfMeasure) {
    const text = `Charge ${charge.code} is rated ${RATE_UNIT_LABELS[charge.unitOfMeasure as RateUnit] ?? charge.unitOfMeasure}; ` +
      `price it with unit ${charge.unitOfMeasure}.`;
    throw new AppError("VALIDATION", text, { unit: [text] });
  }
  const given = (fields: readonly string[]) =>
    fields.filter((f) => typeof lookup[f] === "string" && lookup[f] !== "").map((f) => [f, lookup[f] as string] as const);
  const key = given(kind.keyFields);
  const where = (pairs: readonly (readonly [string, string])[]) => pairs.map(([f, v]) => `${names[f] ?? f} ${v}`).join(", ");
  const rows = await db.select().from(kind.table)
    .where(and(eq(kind.table.isActive, true), ...key.map(([f, v]) => sql`lower(${column(kind, f)}) = lower(${v})`))) as Row[];
  const found = rateInForce(rows, { chargeCode: charge.code, on: lookup.date });
  const label = kind.label.toLowerCase();
  if (!found) throw new AppError("NOT_FOUND", `No ${label} is in force on ${lookup.date} for ${where(key)}.`);
  const differs = given(kind.placeFields.filter((f) => !kind.keyFields.includes(f))).filter(([f, v]) => !sameCode(found[f], v));
  if (differs.length > 0) {
    const [field, value] = differs[0];
    throw new AppError(
      "NOT_FOUND",
      `The ${label} in force on ${lookup.date} for ${where(key)} (effective ${found.dateEffective}) is for ${names[field] ?? field} ` +
        `${String(found[field])}, not ${value}.`,
    );
  }
  return found as R;
}

export interface FreightLookup extends Quantity {
  chargeCode: string;
  portCodeOrigin: string;
  portCodeDestination: string;
  branchCodeOrigin?: string;
  branchCodeDestination?: string;
  date: string;
}

export async function freightRateInForce(db: Db, q: FreightLookup): Promise<RateInForceAnswer<FreightRateRow>> {
  const found = await inForce<FreightRateRow & Row>(db, FREIGHT, { ...q }, {
    chargeCode: "charge",
    portCodeOrigin: "from port",
    portCodeDestination: "to port",
    branchCodeOrigin: "origin branch",
    branchCodeDestination: "destination branch",
  });
  return priced(found, found.stdRateWvat, q);
}

export interface PortLookup extends Quantity {
  chargeCode: string;
  portCode: string;
  branchCode?: string;
  date: string;
}

export async function portRateInForce(db: Db, q: PortLookup): Promise<RateInForceAnswer<PortRateRow>> {
  const found = await inForce<PortRateRow & Row>(db, PORT, { ...q }, { chargeCode: "charge", portCode: "port", branchCode: "branch" });
  return priced(found, found.stdRateWvat, q);
}

export interface TruckingLookup extends Quantity {
  chargeCode: string;
  areaCode: string;
  portCode: string;
  branchCode?: string;
  date: string;
  backload?: boolean;
  tandem?: boolean;
}

export type TruckingTrip = "standard" | "backload" | "tandem";

export async function truckingRateInForce(
  db: Db,
  q: TruckingLookup,
): Promise<RateInForceAnswer<TruckingRateRow> & { trip: TruckingTrip }> {
  if (q.backload && q.tandem) {
    const text = "A trip is either a back-load or a tandem; there is no back-load tandem rate.";
    throw new AppError("VALIDATION", text, { tandem: [text] });
  }
  const { backload: _backload, tandem: _tandem, ...lookup } = q;
  const found = await inForce<TruckingRateRow & Row>(db, TRUCKING, lookup, { chargeCode: "charge", areaCode: "area", portCode: "port", branchCode: "branch" });
  const trip: TruckingTrip = q.backload ? "backload" : q.tandem ? "tandem" : "standard";
  let rateWvat: string;
  try {
    rateWvat = truckingRate(found, { backload: q.backload, tandem: q.tandem });
  } catch (err) {
    // The rate in force leaves this kind of trip unpriced: for that trip there is no rate, and pricing must not
    // fall back to the standard one.
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppError("NOT_FOUND", `${reason} on ${q.date} (rate effective ${found.dateEffective}).`);
  }
  return { ...priced(found, rateWvat, q), trip };
}
