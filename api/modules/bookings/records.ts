import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import {
  areas,
  bookingBatches,
  bookingCharges,
  bookings,
  branches,
  commodities,
  customers,
  truckings,
} from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition, findInScope } from "../../shared/branch-scope.ts";
import { type AuditEntry, changedLines, recordAudits } from "../../shared/audit.ts";
import { AppError } from "../../shared/errors.ts";
import { manilaDate } from "../../shared/dates.ts";
import { sumAmounts } from "../../shared/money.ts";
import { scheduleByNumber } from "../voyages/index.ts";
import type { ScheduleRow } from "../voyages/index.ts";
import { type LaneChoice, type PricedBooking, priceBooking, type PricingLookups, pricingLookups } from "./pricing.ts";
import {
  type AddressParts,
  addressLine,
  type BookingStatus,
  deliverToDoor,
  handlingProblem,
  type DeliveryMode,
  isBlankAddress,
  pickUpAtDoor,
  serviceRemarks,
} from "./rules.ts";
import type { AddressInput, BatchRow, BookingChargeRow, BookingInput, BookingRow, CustomerPartInput } from "./schemas.ts";
import { groupBy } from "../../shared/grouping.ts";

/**
 * Bookings as records: checking one against the rules of 001 §5, writing it with its charges, and reading
 * bookings and batches back in the shape the screens use. The services built on them are listed in service.ts.
 */

export type BookingRecord = typeof bookings.$inferSelect;
export type BatchRecord = typeof bookingBatches.$inferSelect;

export const invalid = (field: string, text: string) => new AppError("VALIDATION", text, { [field]: [text] });

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

// ---------------------------------------------------------------------------------------------------------
// Checks

const END_LABEL = { pickUp: "pick-up", delivery: "delivery" } as const;

/** 001 §5: an address typed as spaces only is refused rather than stored as if it were one. */
export function checkAddressNotBlank(field: string, address: AddressInput, end: keyof typeof END_LABEL): void {
  const typed = [address.street, address.barangay, address.city, address.province, address.zipCode].some((p) => p.length > 0);
  if (typed && isBlankAddress(address)) {
    throw invalid(field, `The ${END_LABEL[end]} address is only blank spaces; type the address or leave it empty.`);
  }
}

interface DoorCheck {
  modeOfDelivery: DeliveryMode;
  pickUpAddress: AddressParts;
  pickUpAreaCode: string | null;
  deliveryAddress: AddressParts;
  deliveryAreaCode: string | null;
}

const hasPlace = (a: AddressParts) => a.city.trim() !== "" && a.province.trim() !== "";

/**
 * 001 §5: a door end needs its address (at least the city and province) and its area. Checked when the
 * booking is complete: when the customer submits it and when staff confirm it.
 */
export function doorProblems(b: DoorCheck, prefix = ""): Record<string, string> {
  const problems: Record<string, string> = {};
  if (pickUpAtDoor(b.modeOfDelivery)) {
    if (!hasPlace(b.pickUpAddress)) problems[`${prefix}pickUpAddress`] = `${b.modeOfDelivery} picks up at the door: the pick-up address (city and province at least) is required.`;
    if (!b.pickUpAreaCode) problems[`${prefix}pickUpAreaCode`] = `${b.modeOfDelivery} picks up at the door: the pick-up area is required.`;
  }
  if (deliverToDoor(b.modeOfDelivery)) {
    if (!hasPlace(b.deliveryAddress)) problems[`${prefix}deliveryAddress`] = `${b.modeOfDelivery} delivers to the door: the delivery address (city and province at least) is required.`;
    if (!b.deliveryAreaCode) problems[`${prefix}deliveryAreaCode`] = `${b.modeOfDelivery} delivers to the door: the delivery area is required.`;
  }
  return problems;
}

export function throwProblems(problems: Record<string, string>, headline?: string): void {
  const entries = Object.entries(problems);
  if (entries.length === 0) return;
  throw new AppError("VALIDATION", headline ?? entries[0][1], Object.fromEntries(entries.map(([k, v]) => [k, [v]])));
}

type AreaRecord = typeof areas.$inferSelect;

/**
 * A reader of reference rows by code (any letter case) for a set of bookings checked together: the first
 * question reads every code the set names in one query, and each later one is answered from it. A code outside
 * the set (none today) is read on its own.
 */
function codeReader<T extends { code: string }>(wanted: (string | null | undefined)[], load: (lowerCodes: string[]) => Promise<T[]>) {
  const named = new Set(wanted.filter((c): c is string => !!c).map((c) => c.toLowerCase()));
  let all: Promise<Map<string, T>> | null = null;
  const byCode = (rows: T[]) => {
    const map = new Map<string, T>();
    for (const row of rows) if (!map.has(row.code.toLowerCase())) map.set(row.code.toLowerCase(), row);
    return map;
  };
  return async (code: string): Promise<T | undefined> => {
    const key = code.toLowerCase();
    if (!named.has(key)) return (await load([key]))[0];
    all ??= load([...named]).then(byCode);
    return (await all).get(key);
  };
}

/**
 * What checking bookings reads besides the bookings themselves: areas, consignees, commodities, truckers and the
 * pricing inputs. Made once for the bookings of one request (bookingLookups), so a batch of 100 reads each table
 * once, not once per booking.
 */
export interface BookingLookups {
  area(code: string): Promise<AreaRecord | undefined>;
  consignee(code: string): Promise<{ code: string } | undefined>;
  commodity(code: string): Promise<typeof commodities.$inferSelect | undefined>;
  trucker(code: string): Promise<typeof truckings.$inferSelect | undefined>;
  pricing: PricingLookups;
}

type LookupInput = Pick<BookingInput, "pickUpAreaCode" | "deliveryAreaCode" | "consigneeCode"> &
  Partial<Pick<BookingInput, "commodityCode" | "truckingCode" | "additionalCharges">>;

export function bookingLookups(db: Db, inputs: readonly LookupInput[]): BookingLookups {
  const lowerIn = (column: AnyPgColumn) => (codes: string[]) => inArray(sql`lower(${column})`, codes);
  return {
    area: codeReader(inputs.flatMap((i) => [i.pickUpAreaCode, i.deliveryAreaCode]), (codes) => db.select().from(areas).where(lowerIn(areas.code)(codes))),
    consignee: codeReader(inputs.map((i) => i.consigneeCode), (codes) => db.select({ code: customers.code }).from(customers).where(lowerIn(customers.code)(codes))),
    commodity: codeReader(inputs.map((i) => i.commodityCode), (codes) => db.select().from(commodities).where(lowerIn(commodities.code)(codes))),
    trucker: codeReader(inputs.map((i) => i.truckingCode), (codes) => db.select().from(truckings).where(lowerIn(truckings.code)(codes))),
    pricing: pricingLookups(db, inputs.flatMap((i) => (i.additionalCharges ?? []).map((a) => a.chargeCode))),
  };
}

async function checkArea(lookups: BookingLookups, field: string, areaCode: string | null, branchCode: string, what: string) {
  if (!areaCode) return null;
  const area = await lookups.area(areaCode);
  if (!area || !area.isActive) throw invalid(field, `Area ${areaCode} is not an active area.`);
  if (area.branchCode.toLowerCase() !== branchCode.toLowerCase()) {
    throw invalid(field, `Area ${area.code} belongs to branch ${area.branchCode}; the ${what} area must be one of branch ${branchCode}.`);
  }
  return area;
}

/** Checks what the customer can type (shared by the staff form and the booking link). */
export async function checkCustomerPart(
  db: Db,
  input: CustomerPartInput,
  ends: { originBranchCode: string; destinationBranchCode: string },
  prefix = "",
  lookups: BookingLookups = bookingLookups(db, [input]),
) {
  checkAddressNotBlank(`${prefix}pickUpAddress`, input.pickUpAddress, "pickUp");
  checkAddressNotBlank(`${prefix}deliveryAddress`, input.deliveryAddress, "delivery");
  const pickUpArea = await checkArea(lookups, `${prefix}pickUpAreaCode`, input.pickUpAreaCode, ends.originBranchCode, "pick-up");
  const deliveryArea = await checkArea(lookups, `${prefix}deliveryAreaCode`, input.deliveryAreaCode, ends.destinationBranchCode, "delivery");
  if (input.consigneeCode) {
    const consignee = await lookups.consignee(input.consigneeCode);
    if (!consignee) throw invalid(`${prefix}consigneeCode`, `Consignee ${input.consigneeCode} is not a customer.`);
  }
  return { pickUpArea, deliveryArea };
}

export interface BookingScope {
  voyage: ScheduleRow;
  customerCode: string;
  bookingDate: string;
  /** Shares one read of the shipper's lanes among the bookings checked together (sharedLaneReader). */
  readLanes?: () => Promise<LaneChoice[]>;
  /** Shares the reference rows among the bookings checked together (bookingLookups); left out, read for this one. */
  lookups?: BookingLookups;
}

export interface CheckedBooking {
  /** Whether the cargo is picked up in a back-load area: BACKLOAD goes into the service remarks. */
  isBackLoad: boolean;
  values: Omit<typeof bookings.$inferInsert, "bookingRef" | "bookingBatchRef" | "voyageNum" | "customerCode" | "branchCode" | "status" | "publicId" | "bookingDate">;
  priced: PricedBooking;
  /** The rows the check read that a booking's row names (the trucker), so a new booking is answered without reading them back. */
  trucker: { code: string; name: string } | null;
}

const trimmed = (a: AddressInput): AddressInput => ({
  street: a.street.trim(),
  barangay: a.barangay.trim(),
  city: a.city.trim(),
  province: a.province.trim(),
  zipCode: a.zipCode.trim(),
});

/** Every rule a booking's own fields must meet, and its price; answers the columns to write. */
export async function checkBooking(db: Db, scope: BookingScope, input: BookingInput): Promise<CheckedBooking> {
  const { voyage } = scope;
  const destination = voyage.destinations.find((d) => d.destinationBranchCode.toLowerCase() === input.destinationBranchCode.toLowerCase());
  if (!destination) {
    const calls = voyage.destinations.map((d) => d.destinationBranchCode).join(", ");
    throw invalid("destinationBranchCode", `Destination ${input.destinationBranchCode} is not a port of call of voyage ${voyage.voyageNum} (${calls}).`);
  }
  const handling = handlingProblem(input);
  if (handling) throw invalid(handling.field, handling.message);
  if (input.isShipperOwned && input.containerVanNum.trim() === "") {
    throw invalid("containerVanNum", "A shipper-owned container needs its container number.");
  }
  if (input.quantityTeu === 0 && input.quantity === 0 && Number(input.cargoWeight) === 0) {
    throw invalid("quantityTeu", "Give the TEU, the quantity or the weight the booking ships.");
  }
  const lookups = scope.lookups ?? bookingLookups(db, [input]);
  const { pickUpArea, deliveryArea } = await checkCustomerPart(db, input, {
    originBranchCode: voyage.originBranchCode,
    destinationBranchCode: destination.destinationBranchCode,
  }, "", lookups);
  if (input.commodityCode) {
    const commodity = await lookups.commodity(input.commodityCode);
    if (!commodity || !commodity.isActive) throw invalid("commodityCode", `Commodity ${input.commodityCode} is not an active commodity.`);
  }
  let truckingCode: string | null = null;
  let truckerNamed: CheckedBooking["trucker"] = null;
  if (input.truckingCode) {
    const trucker = await lookups.trucker(input.truckingCode);
    if (!trucker || !trucker.isActive) throw invalid("truckingCode", `Trucker ${input.truckingCode} is not an active trucker.`);
    truckingCode = trucker.code;
    truckerNamed = { code: trucker.code, name: trucker.name };
  }
  const priced = await priceBooking(db, { voyage, customerCode: scope.customerCode, on: scope.bookingDate, readLanes: scope.readLanes, lookups: lookups.pricing }, {
    destinationBranchCode: destination.destinationBranchCode,
    modeOfDelivery: input.modeOfDelivery,
    isTandem: input.isTandem,
    pickUpAreaCode: pickUpArea?.code ?? null,
    deliveryAreaCode: deliveryArea?.code ?? null,
    quantity: input.quantity,
    quantityTeu: input.quantityTeu,
    cargoWeight: input.cargoWeight,
    sqdocNum: input.sqdocNum,
    additionalCharges: input.additionalCharges,
  });
  const pickUp = trimmed(input.pickUpAddress);
  const delivery = trimmed(input.deliveryAddress);
  return {
    priced,
    isBackLoad: pickUpArea?.isBackLoad ?? false,
    trucker: truckerNamed,
    values: {
      consigneeCode: input.consigneeCode,
      consigneeName: input.consigneeName,
      consigneeEmail: input.consigneeEmail,
      consigneeContactNum: input.consigneeContactNum,
      destinationBranchCode: destination.destinationBranchCode,
      modeOfDelivery: input.modeOfDelivery,
      modeOfPayment: input.modeOfPayment,
      originHandling: input.originHandling,
      destinationHandling: input.destinationHandling,
      isTandem: input.isTandem,
      pickUpDate: input.pickUpDate,
      pickUpTime: input.pickUpTime,
      pickUpStreet: pickUp.street,
      pickUpBarangay: pickUp.barangay,
      pickUpCity: pickUp.city,
      pickUpProvince: pickUp.province,
      pickUpZipCode: pickUp.zipCode,
      pickUpAreaCode: pickUpArea?.code ?? null,
      deliveryStreet: delivery.street,
      deliveryBarangay: delivery.barangay,
      deliveryCity: delivery.city,
      deliveryProvince: delivery.province,
      deliveryZipCode: delivery.zipCode,
      deliveryAreaCode: deliveryArea?.code ?? null,
      commodityCode: input.commodityCode,
      goods: input.goods,
      packaging: input.packaging,
      quantity: input.quantity,
      quantityTeu: input.quantityTeu,
      cargoWeight: input.cargoWeight,
      declaredValue: input.declaredValue,
      insurancePremium: priced.insurancePremium,
      isShipperOwned: input.isShipperOwned,
      containerVanNum: input.containerVanNum,
      truckingCode,
      plateNum: input.plateNum,
      trailerNum: input.trailerNum,
      helperName: input.helperName,
      remarks: input.remarks,
      oldBookingRef: input.oldBookingRef,
      oldWaybillRef: input.oldWaybillRef,
      sqRefNum: priced.sqRefNum,
      sqdocNum: priced.sqdocNum,
    },
  };
}

/** A booking's charge line as stored. */
export type ChargeLine = typeof bookingCharges.$inferSelect;

/** The fields of a booking's charge line whose change the audit log keeps; a line is named by its charge and part. */
const PRICE_FIELDS = ["chargeName", "rateUnit", "quantity", "rate", "amount", "source"] as const;

/**
 * Replaces a booking's charges with a fresh price, in the caller's transaction, with an audit row of the lines
 * that changed (before and after) when any did; `actor` is the staff user, or `customer:<code>` through the link.
 */
export async function writeCharges(db: Db, actor: string, bookingRef: string, charges: BookingChargeRow[]): Promise<void> {
  await writeChargesMany(db, actor, [{ bookingRef, charges }]);
}

/**
 * writeCharges for several bookings in four statements whatever their number: one read of the lines before, one
 * delete, one insert answering the lines as stored, and one insert of the audit rows, in the order of `items`.
 * `fresh` bookings were inserted in this transaction and have no lines yet: the read and the delete are skipped.
 */
export async function writeChargesMany(
  db: Db,
  actor: string,
  items: readonly { bookingRef: string; charges: readonly BookingChargeRow[] }[],
  options: { fresh?: boolean } = {},
): Promise<ChargeLine[]> {
  if (items.length === 0) return [];
  const refs = items.map((i) => i.bookingRef);
  type Line = ChargeLine;
  const before = options.fresh ? [] : await db.select().from(bookingCharges).where(inArray(bookingCharges.bookingRef, refs)).orderBy(asc(bookingCharges.id));
  if (!options.fresh) await db.delete(bookingCharges).where(inArray(bookingCharges.bookingRef, refs));
  const values = items.flatMap((i) => i.charges.map((c) => ({ ...c, bookingRef: i.bookingRef })));
  const after: Line[] = [];
  // Within PostgreSQL's limit of bind parameters per statement (9 columns a line; a call writes far fewer lines).
  for (let at = 0; at < values.length; at += 5000) after.push(...await db.insert(bookingCharges).values(values.slice(at, at + 5000)).returning());
  after.sort((a, b) => a.id - b.id);
  const byBooking = (lines: Line[]) => groupBy(lines, (line) => line.bookingRef);
  const was = byBooking(before);
  const now = byBooking(after);
  // Compared as stored, so a quantity of 1 and its stored 1.000 are the same value.
  const key = (line: Line) => `${line.chargeCode}/${line.chargePart}`;
  const entries: AuditEntry[] = [];
  for (const bookingRef of refs) {
    const lines = changedLines(was.get(bookingRef) ?? [], now.get(bookingRef) ?? [], key, PRICE_FIELDS);
    if (lines) entries.push({ actor, action: "BOOKING_PRICE_CHANGED", target: `booking:${bookingRef}`, detail: lines });
  }
  await recordAudits(db, entries);
  // The lines as stored, in the order they were written: the rows of the answer (toRows) read no more.
  return after;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

export async function voyageOf(db: Db, voyageNum: string): Promise<ScheduleRow> {
  return await scheduleByNumber(db, voyageNum);
}

/** An active customer by code (any letter case); an unknown or inactive one is a 400. */
export async function customerOf(db: Db, code: string) {
  const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${code})`);
  if (!customer) throw new AppError("VALIDATION", `Customer ${code} was not found.`, { customerCode: [`Customer ${code} was not found.`] });
  if (!customer.isActive) throw new AppError("VALIDATION", `Customer ${customer.code} is inactive.`, { customerCode: [`Customer ${customer.code} is inactive.`] });
  return customer;
}

/** A voyage that still takes bookings: active and not yet departed. */
export async function bookableVoyage(db: Db, voyageNum: string) {
  const voyage = await voyageOf(db, voyageNum);
  if (!voyage.isActive) throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} is inactive; it takes no bookings.`);
  if (new Date(voyage.estimatedTimeDeparture) < new Date()) {
    throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} has left (ETD ${voyage.estimatedTimeDeparture}); it takes no more bookings.`);
  }
  return voyage;
}

/** A booking by reference within the caller's branches; one of another branch is not found, like a wrong one. */
export async function bookingByRef(db: Db, bookingRef: string, scope: BranchScope): Promise<BookingRecord> {
  return await findInScope(
    db, bookings, bookings.branchCode, scope, sql`lower(${bookings.bookingRef}) = lower(${bookingRef})`, `Booking ${bookingRef} was not found.`,
  );
}

/** A batch by reference within the caller's branches, as bookingByRef. */
export async function batchByRef(db: Db, bookingBatchRef: string, scope: BranchScope): Promise<BatchRecord> {
  return await findInScope(
    db, bookingBatches, bookingBatches.branchCode, scope,
    sql`lower(${bookingBatches.bookingBatchRef}) = lower(${bookingBatchRef})`, `Booking batch ${bookingBatchRef} was not found.`,
  );
}

/** Bookings by reference (any letter case), each once; one unknown reference, or one of another branch, is a 404. */
export async function recordsByRefs(db: Db, refs: string[], scope: BranchScope): Promise<BookingRecord[]> {
  const lower = [...new Set(refs.map((r) => r.toLowerCase()))];
  const rows = await db.select().from(bookings)
    .where(and(inArray(sql`lower(${bookings.bookingRef})`, lower), branchCondition(scope, bookings.branchCode)));
  const found = new Set(rows.map((row) => row.bookingRef.toLowerCase()));
  const missing = lower.filter((r) => !found.has(r));
  if (missing.length > 0) throw new AppError("NOT_FOUND", `Booking ${missing.join(", ")} was not found.`);
  return rows;
}

export const pickUpAddressOf = (b: BookingRecord): AddressParts => ({
  street: b.pickUpStreet,
  barangay: b.pickUpBarangay,
  city: b.pickUpCity,
  province: b.pickUpProvince,
  zipCode: b.pickUpZipCode,
});
export const deliveryAddressOf = (b: BookingRecord): AddressParts => ({
  street: b.deliveryStreet,
  barangay: b.deliveryBarangay,
  city: b.deliveryCity,
  province: b.deliveryProvince,
  zipCode: b.deliveryZipCode,
});
export const addressText = (a: AddressParts) => addressLine(a);

/** What a booking's row shows beyond the booking itself: its charge lines and the names of what it refers to. */
export interface RowSources {
  charges: readonly ChargeLine[];
  customers: readonly { code: string; company: string }[];
  branches: readonly { code: string; name: string }[];
  truckers: readonly { code: string; name: string }[];
  areas: readonly { code: string; isBackLoad: boolean }[];
}

/** Bookings as rows, with names and charges read once for the whole list. */
export async function toRows(db: Db, records: BookingRecord[]): Promise<BookingRow[]> {
  if (records.length === 0) return [];
  const refs = records.map((r) => r.bookingRef);
  const customerCodes = [...new Set(records.map((r) => r.customerCode))];
  const branchCodes = [...new Set(records.map((r) => r.destinationBranchCode))];
  const truckerCodes = [...new Set(records.map((r) => r.truckingCode).filter((c): c is string => !!c))];
  const areaCodes = [...new Set(records.map((r) => r.pickUpAreaCode).filter((c): c is string => !!c))];
  const [chargeRows, customerRows, branchRows, truckerRows, areaRows] = await Promise.all([
    db.select().from(bookingCharges).where(inArray(bookingCharges.bookingRef, refs)).orderBy(asc(bookingCharges.id)),
    db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, customerCodes)),
    db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, branchCodes)),
    truckerCodes.length
      ? db.select({ code: truckings.code, name: truckings.name }).from(truckings).where(inArray(truckings.code, truckerCodes))
      : Promise.resolve([]),
    areaCodes.length
      ? db.select({ code: areas.code, isBackLoad: areas.isBackLoad }).from(areas).where(inArray(areas.code, areaCodes))
      : Promise.resolve([]),
  ]);
  return rowsOf(records, { charges: chargeRows, customers: customerRows, branches: branchRows, truckers: truckerRows, areas: areaRows });
}

/** Bookings as rows from what is already in hand (rows just written and what their checks read): no read. */
export function rowsOf(records: readonly BookingRecord[], sources: RowSources): BookingRow[] {
  const { charges: chargeRows, customers: customerRows, branches: branchRows, truckers: truckerRows, areas: areaRows } = sources;
  // Each joined once by key: a list of 500 bookings costs 500 look-ups, not 500 scans of every charge line.
  const byCode = <T extends { code: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.code, row]));
  const name = <T extends { code: string }>(rows: Map<string, T>, code: string | null, pick: (row: T) => string) => {
    const row = code ? rows.get(code) : undefined;
    return row ? pick(row) : code ?? "";
  };
  const customerByCode = byCode(customerRows);
  const branchByCode = byCode(branchRows);
  const truckerByCode = byCode(truckerRows);
  const areaByCode = byCode(areaRows);
  const chargesOf = groupBy(chargeRows, (c) => c.bookingRef);
  return records.map((r) => {
    const charges = (chargesOf.get(r.bookingRef) ?? []).map((c) => ({
      chargeCode: c.chargeCode,
      chargeName: c.chargeName,
      chargePart: c.chargePart,
      rateUnit: c.rateUnit,
      quantity: c.quantity,
      rate: c.rate,
      amount: c.amount,
      source: c.source as "SQ" | "ADDED",
    }));
    const isBackLoad = (r.pickUpAreaCode ? areaByCode.get(r.pickUpAreaCode)?.isBackLoad : undefined) ?? false;
    return {
      id: r.id,
      bookingRef: r.bookingRef,
      bookingBatchRef: r.bookingBatchRef,
      voyageNum: r.voyageNum,
      customerCode: r.customerCode,
      customerName: name(customerByCode, r.customerCode, (c) => c.company),
      branchCode: r.branchCode,
      status: r.status as BookingStatus,
      consigneeCode: r.consigneeCode,
      consigneeName: r.consigneeName,
      consigneeEmail: r.consigneeEmail,
      consigneeContactNum: r.consigneeContactNum,
      destinationBranchCode: r.destinationBranchCode,
      destinationName: name(branchByCode, r.destinationBranchCode, (b) => b.name),
      modeOfDelivery: r.modeOfDelivery as DeliveryMode,
      modeOfPayment: r.modeOfPayment as BookingRow["modeOfPayment"],
      originHandling: r.originHandling,
      destinationHandling: r.destinationHandling,
      isTandem: r.isTandem,
      serviceRemarks: serviceRemarks({
        modeOfDelivery: r.modeOfDelivery as DeliveryMode,
        originHandling: r.originHandling,
        destinationHandling: r.destinationHandling,
        isBackLoad,
        isTandem: r.isTandem,
      }),
      pickUpDate: r.pickUpDate,
      pickUpTime: r.pickUpTime,
      pickUpAddress: pickUpAddressOf(r),
      pickUpAreaCode: r.pickUpAreaCode,
      deliveryAddress: deliveryAddressOf(r),
      deliveryAreaCode: r.deliveryAreaCode,
      commodityCode: r.commodityCode,
      goods: r.goods,
      packaging: r.packaging,
      quantity: r.quantity,
      quantityTeu: r.quantityTeu,
      cargoWeight: r.cargoWeight,
      declaredValue: r.declaredValue,
      insurancePremium: r.insurancePremium,
      isShipperOwned: r.isShipperOwned,
      containerVanNum: r.containerVanNum,
      truckingCode: r.truckingCode,
      truckerName: name(truckerByCode, r.truckingCode, (t) => t.name),
      plateNum: r.plateNum,
      trailerNum: r.trailerNum,
      helperName: r.helperName,
      remarks: r.remarks,
      oldBookingRef: r.oldBookingRef,
      oldWaybillRef: r.oldWaybillRef,
      sqRefNum: r.sqRefNum,
      sqdocNum: r.sqdocNum,
      bookingDate: r.bookingDate,
      dateSubmitted: iso(r.dateSubmitted),
      dateConfirmed: iso(r.dateConfirmed),
      dateAtwIssued: iso(r.dateAtwIssued),
      publicId: r.publicId,
      clonedFrom: r.clonedFrom,
      charges,
      total: sumAmounts(charges.map((c) => c.amount)),
      dateModified: new Date(r.dateModified).toISOString(),
    };
  });
}

export async function bookingRow(db: Db, bookingRef: string, scope: BranchScope): Promise<BookingRow> {
  const [row] = await toRows(db, [await bookingByRef(db, bookingRef, scope)]);
  return row;
}

export async function batchRows(db: Db, records: BatchRecord[]): Promise<BatchRow[]> {
  if (records.length === 0) return [];
  const refs = records.map((r) => r.bookingBatchRef);
  const [counts, customerRows] = await Promise.all([
    db.select({ ref: bookings.bookingBatchRef, n: sql<number>`count(*)::int` }).from(bookings)
      .where(inArray(bookings.bookingBatchRef, refs)).groupBy(bookings.bookingBatchRef),
    db.select({ code: customers.code, company: customers.company, email: customers.customerContactEmail }).from(customers)
      .where(inArray(customers.code, [...new Set(records.map((r) => r.customerCode))])),
  ]);
  const customerByCode = new Map(customerRows.map((c) => [c.code, c]));
  const countOf = new Map(counts.map((c) => [c.ref, c.n]));
  return records.map((r) => batchRowOf(r, customerByCode.get(r.customerCode), countOf.get(r.bookingBatchRef) ?? 0));
}

/** A batch as a row, from its record, its customer's name and email, and how many bookings it holds. */
export function batchRowOf(r: BatchRecord, customer: { company: string; email: string | null } | undefined, bookingCount: number): BatchRow {
  return {
    id: r.id,
    bookingBatchRef: r.bookingBatchRef,
    voyageNum: r.voyageNum,
    customerCode: r.customerCode,
    customerName: customer?.company ?? r.customerCode,
    customerEmail: customer?.email ?? "",
    branchCode: r.branchCode,
    status: r.status as BatchRow["status"],
    remarks: r.remarks,
    linkEmail: r.linkEmail,
    linkSentAt: iso(r.linkSentAt),
    linkExpiresAt: iso(r.linkExpiresAt),
    linkUsedAt: iso(r.linkUsedAt),
    clonedFrom: r.clonedFrom,
    bookingCount,
    dateCreated: new Date(r.dateCreated).toISOString(),
    dateModified: new Date(r.dateModified).toISOString(),
  };
}

export async function bookingsOfBatch(db: Db, bookingBatchRef: string, where?: SQL): Promise<BookingRecord[]> {
  return await db.select().from(bookings).where(and(eq(bookings.bookingBatchRef, bookingBatchRef), where))
    .orderBy(asc(bookings.id));
}

export const today = () => manilaDate(new Date());
