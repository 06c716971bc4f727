import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import {
  areas, bookingCharges, bookings, charges, companyPolicies, containerVans, customers, invoices, outboundCts, salesQuotationDocuments, salesQuotations,
  vessels, voyageSchedules, waybillCharges, waybills,
} from "../../../../db/schema/index.ts";
import { changedLines, recordAudit } from "../../../shared/audit.ts";
import { adjustLine, adjustmentsOfWaybill, chargeAdjustmentsOf } from "../../../shared/charge-adjustments.ts";
import { type BranchScope, branchCondition, findInScope } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { manilaDate } from "../../../shared/dates.ts";
import { addExact, formatAmount, formatCentavos, normalizeAmount, sumAmounts } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import type { Caller } from "../../auth/index.ts";
import { addressText, type BookingRecord, bookingByRef, bookingRow, type BookingRow, recordCargoStage } from "../../bookings/index.ts";
import {
  chargeAmount, type CompanyPolicy, INSURANCE_RATE_POLICY, INSURED_VALUE_PER_TEU_POLICY, policyInForce, RATE_UNIT_LABELS,
} from "../../master-data/index.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import {
  chargeApplies, dangerousCargoProblem, type InsurancePolicies, insuranceParticulars, isConditional, type PaymentSide, paymentSideOf, tandemPairProblem,
  type TandemSide, vanOutEnds, type WaybillConditions, WAYBILL_SERIES, waybillInsurance, waybillRemarks, waybillTotals, waybillWorkflow,
} from "./rules.ts";
import type { CreateWaybillInput, UpdateWaybillInput, WaybillListQuery, WaybillRow } from "./schemas.ts";
import { groupBy } from "../../../shared/grouping.ts";

/** The stage a booking's cargo reaches when its waybill is issued (001 §4): 1, WayBill Issued. */
const WAYBILL_STAGE = 1;

type WaybillRecord = typeof waybills.$inferSelect;
type ChargeRecord = typeof waybillCharges.$inferSelect;

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

/** The quantity a rate is multiplied by, by its unit (domain notes §1): TEU, bags, or tons. */
function quantityFor(unit: string, w: Pick<WaybillRecord, "quantityTeu" | "quantity" | "cargoWeight">): string {
  if (unit === "perTeu") return String(w.quantityTeu);
  if (unit === "perBag") return String(w.quantity);
  if (unit === "perTon") return normalizeQuantity(w.cargoWeight);
  throw new Error(`Unknown rate unit: ${unit}`);
}

/** A quantity as read: "12.500" is 12.5 and "1.000" is 1; a whole number keeps its zeros. */
const normalizeQuantity = (value: string) => (value.includes(".") ? value.replace(/\.?0+$/, "") : value) || "0";

function particularsOf(name: string, unit: string, quantity: string, rate: string): string {
  const label = RATE_UNIT_LABELS[unit as keyof typeof RATE_UNIT_LABELS] ?? unit;
  return `${name}, ${label.toLowerCase()}, ${normalizeQuantity(quantity)} x ${formatAmount(rate)}`;
}

/** Two decimals added exactly and written at `scale` places: the weights and values of a tandem pair. */
function addDecimals(a: string, b: string, scale: number): string {
  const sum = addExact([a || "0", b || "0"]);
  const digits = (sum.units * 10n ** BigInt(scale - sum.scale)).toString().padStart(scale + 1, "0");
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

type ChargeMaster = Awaited<ReturnType<typeof chargeMasters>>[number];

/** What the charge master says of each code: the name printed, VATable or not, and the conditions chargeApplies reads. */
async function chargeMasters(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return await db.select({
    code: charges.code, name: sql<string>`coalesce(nullif(${charges.printName}, ''), ${charges.name})`, isVatable: charges.isVatable, isActive: charges.isActive, isDangerousCargo: charges.isDangerousCargo,
    isShipperOwn: charges.isShipperOwn, isStrippingStuffingCharge: charges.isStrippingStuffingCharge, strippingType: charges.strippingType,
    isPermitFee: charges.isPermitFee, isVanOut: charges.isVanOut, chargeClass: charges.chargeClass, isInsurancePremium: charges.isInsurancePremium,
  }).from(charges).where(inArray(sql`upper(${charges.code})`, codes.map((c) => c.toUpperCase())));
}

const masterOf = (masters: readonly ChargeMaster[], code: string) => masters.find((m) => m.code.toUpperCase() === code.toUpperCase());

/** The waybill facts the conditional charges turn on; the van-out ends come from its remarks by delivery mode. */
const conditionsOf = (w: Pick<WaybillRecord, "isDangerousCargo" | "isShipperOwned" | "isStuffing" | "strippingType" | "isWithPermit" | "remarks">):
  WaybillConditions => ({
    isDangerousCargo: w.isDangerousCargo, isShipperOwned: w.isShipperOwned, isStuffing: w.isStuffing, strippingType: w.strippingType,
    isWithPermit: w.isWithPermit, vanOut: vanOutEnds(w.remarks),
  });

/**
 * The insurance policies (C0004, C0005) of each waybill, as in force on the date of the quotation it was priced at
 * (the day it was prepared when it has none); null where either policy has no value on that day.
 */
async function insurancePoliciesOf(db: Db, records: readonly Pick<WaybillRecord, "wayBillRef" | "sqRefNum" | "datePrepared">[]) {
  const sqRefs = [...new Set(records.map((r) => r.sqRefNum).filter((r): r is string => !!r))];
  const [policies, quotations] = await Promise.all([
    db.select().from(companyPolicies).where(inArray(companyPolicies.code, [INSURED_VALUE_PER_TEU_POLICY, INSURANCE_RATE_POLICY])),
    sqRefs.length ? db.select({ sqRefNum: salesQuotations.sqRefNum, sqDate: salesQuotations.sqDate }).from(salesQuotations).where(inArray(salesQuotations.sqRefNum, sqRefs)) : [],
  ]);
  const out = new Map<string, InsurancePolicies | null>();
  for (const r of records) {
    const on = quotations.find((q) => q.sqRefNum === r.sqRefNum)?.sqDate ?? manilaDate(r.datePrepared);
    const value = (code: string) => policyInForce(policies as CompanyPolicy[], code, on)?.defaultValueDecimal ?? null;
    const [perTeu, rate] = [value(INSURED_VALUE_PER_TEU_POLICY), value(INSURANCE_RATE_POLICY)];
    out.set(r.wayBillRef, perTeu === null || rate === null ? null : { insuredValuePerTeu: normalizeAmount(perTeu), rate: String(rate) });
  }
  return out;
}

interface LineInput {
  chargeCode: string;
  part: string;
  rateUnit: string;
  rate: string;
}

/**
 * A charge line priced for the waybill as it stands: an insurance premium from the declared value and the policies
 * (waybillInsurance); any other line its rate times the waybill's quantity in the rate's unit, except that a line
 * whose rate and quantity did not change keeps the amount it has (`kept`: the lane's amount as the booking was priced).
 */
function pricedLine(
  wayBillRef: string, line: LineInput, master: ChargeMaster, w: WaybillRecord, insurance: InsurancePolicies | null,
  kept: { rate: string; quantity: string; chargeValue: string; particulars?: string } | undefined,
) {
  const quantity = quantityFor(line.rateUnit, w);
  const rate = normalizeAmount(line.rate);
  let chargeValue: string;
  let particulars: string;
  if (master.isInsurancePremium && insurance) {
    const premium = waybillInsurance(w, insurance);
    chargeValue = premium.premium;
    particulars = insuranceParticulars(master.name, premium.insuredValue, insurance.rate);
  } else {
    const unchanged = kept && normalizeAmount(kept.rate) === rate && Number(kept.quantity) === Number(quantity);
    chargeValue = unchanged ? normalizeAmount(kept.chargeValue) : chargeAmount(rate, line.rateUnit as "perTeu", quantity);
    particulars = particularsOf(master.name, line.rateUnit, quantity, rate);
  }
  return {
    wayBillRef, chargeCode: master.code, part: line.part, particulars, rateUnit: line.rateUnit, quantity, rate, chargeValue,
    availableTo: paymentSideOf(w.modeOfPayment as PaymentSide, w.isSplitCharge, line.part), isVatable: master.isVatable,
  };
}

async function waybillRecord(db: Db, wayBillRef: string, scope: BranchScope): Promise<WaybillRecord> {
  return await findInScope(db, waybills, waybills.branchCode, scope, sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`, `Waybill ${wayBillRef} was not found.`);
}

/** The waybill a booking is on, as its own or as the partner of a tandem, if any. */
const onWaybill = (bookingRef: string) =>
  or(sql`lower(${waybills.bookingRef}) = lower(${bookingRef})`, sql`lower(${waybills.tandemBookingRef}) = lower(${bookingRef})`);

/**
 * The waybills as their screens show them: with the shipper's name, the charge lines, the totals and the VAT. A
 * line keeps its computed value; what approved overrides moved it by and what approved waivers forgave of it are
 * shown beside it (the waivers module writes them), the totals and the VAT are worked out on the values after the
 * overrides, and what the waivers leave to pay is the waybill's due.
 */
async function rowsOf(db: Db, records: readonly WaybillRecord[]): Promise<WaybillRow[]> {
  if (records.length === 0) return [];
  const refs = records.map((r) => r.wayBillRef);
  const areaCodes = [...new Set(records.flatMap((r) => [r.shipperAreaCode, r.consigneeAreaCode]).filter((c): c is string => !!c))];
  const [lines, shippers, insurance, slips, dates, vesselNames, areaRows, policies, adjustments] = await Promise.all([
    db.select().from(waybillCharges).where(inArray(waybillCharges.wayBillRef, refs)).orderBy(asc(waybillCharges.id)),
    db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, [...new Set(records.map((r) => r.customerCode))])),
    db.select({ code: charges.code }).from(charges).where(eq(charges.isInsurancePremium, true)),
    db.select({ ctsNum: outboundCts.ctsNum, dateIssued: outboundCts.dateIssued }).from(outboundCts).where(inArray(outboundCts.ctsNum, records.map((r) => r.ctsNum))),
    db.select({ bookingRef: bookings.bookingRef, bookingDate: bookings.bookingDate }).from(bookings).where(inArray(bookings.bookingRef, records.map((r) => r.bookingRef))),
    db.select({ voyageNum: voyageSchedules.voyageNum, vesselName: vessels.name }).from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
      .where(inArray(voyageSchedules.voyageNum, [...new Set(records.map((r) => r.voyageNum))])),
    areaCodes.length ? db.select().from(areas).where(inArray(areas.code, areaCodes)) : Promise.resolve([]),
    insurancePoliciesOf(db, records),
    chargeAdjustmentsOf(db, refs),
  ]);
  const linesOf = groupBy(lines, (line) => line.wayBillRef);
  const insuranceCodes = new Set(insurance.map((c) => c.code));
  return records.map((r) => {
    const own = linesOf.get(r.wayBillRef) ?? [];
    const { id: _id, userCreated: _uc, userModified: _um, dateCreated: _dc, ...rest } = r;
    const freight = own.find((c) => c.part === "FREIGHT");
    const shipperArea = areaRows.find((a) => a.code === r.shipperAreaCode);
    const consigneeArea = areaRows.find((a) => a.code === r.consigneeAreaCode);
    const adjusted = own.map((c) => ({ line: c, ...adjustLine(c, adjustmentsOfWaybill(adjustments, r.wayBillRef)) }));
    const waived = adjusted.reduce((sum, a) => sum + a.waived, 0n);
    const due = adjusted.reduce((sum, a) => sum + a.due, 0n);
    return {
      ...rest,
      id: r.id,
      shipperName: shippers.find((s) => s.code === r.customerCode)?.company ?? r.customerCode,
      cyIn: r.cyIn?.toISOString() ?? null,
      ctsDate: slips.find((s) => s.ctsNum === r.ctsNum)?.dateIssued.toISOString() ?? "",
      bookingDate: dates.find((d) => d.bookingRef === r.bookingRef)?.bookingDate ?? "",
      actualVessel: vesselNames.find((v) => v.voyageNum === r.voyageNum)?.vesselName ?? "",
      ratesApplied: freight ? RATE_UNIT_LABELS[freight.rateUnit as keyof typeof RATE_UNIT_LABELS] ?? freight.rateUnit : "",
      shipperAreaName: shipperArea?.name ?? "",
      shipperAreaProvince: shipperArea?.province ?? "",
      shipperAreaIsBackLoad: shipperArea?.isBackLoad ?? false,
      consigneeAreaName: consigneeArea?.name ?? "",
      consigneeAreaProvince: consigneeArea?.province ?? "",
      datePrepared: r.datePrepared.toISOString(),
      dateModified: r.dateModified.toISOString(),
      charges: adjusted.map(({ line: c, overridden, value, waived, due }) => ({
        chargeCode: c.chargeCode, part: c.part, particulars: c.particulars, rateUnit: c.rateUnit, quantity: c.quantity, rate: c.rate,
        chargeValue: c.chargeValue, availableTo: c.availableTo, isVatable: c.isVatable, source: c.source, isInsurancePremium: insuranceCodes.has(c.chargeCode),
        overridden: formatCentavos(overridden), value: formatCentavos(value), waived: formatCentavos(waived), due: formatCentavos(due),
      })),
      totals: waybillTotals(adjusted.map(({ line, value }) => ({ ...line, chargeValue: formatCentavos(value) }))),
      waived: formatCentavos(waived),
      due: formatCentavos(due),
      insurancePremium: sumAmounts(own.filter((c) => insuranceCodes.has(c.chargeCode)).map((c) => c.chargeValue)),
      insurance: policies.get(r.wayBillRef) ?? null,
    };
  });
}

export async function waybillByRef(db: Db, wayBillRef: string, scope: BranchScope): Promise<WaybillRow> {
  const [row] = await rowsOf(db, [await waybillRecord(db, wayBillRef, scope)]);
  return row;
}

/** The waybills of the caller's branches, newest first, 20 a page, by voyage, status and branch, with a search. */
export async function listWaybills(db: Db, scope: BranchScope, query: WaybillListQuery) {
  const where = and(
    branchCondition(scope, waybills.branchCode),
    query.status ? eq(waybills.status, query.status) : undefined,
    query.voyageNum ? sql`lower(${waybills.voyageNum}) = lower(${query.voyageNum})` : undefined,
    query.branchCode ? sql`lower(${waybills.branchCode}) = lower(${query.branchCode})` : undefined,
    searchAny(
      [waybills.wayBillRef, waybills.bookingRef, waybills.tandemBookingRef, waybills.containerVanNum, waybills.tandemContainerVanNum, waybills.consigneeName, waybills.goods],
      query.search || undefined,
    ),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(waybills).where(where).orderBy(desc(waybills.datePrepared), desc(waybills.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(waybills).where(where),
  ]);
  const data = await rowsOf(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/**
 * Bookings of the caller's branches whose van is out on a slip and that are on no waybill yet (neither their own
 * nor as a tandem partner), with the lane each was priced on and whether it is a tandem lane.
 */
export async function waybillCandidates(db: Db, scope: BranchScope, search: string) {
  const own = sql`${waybills.bookingRef} = ${outboundCts.bookingRef} or ${waybills.tandemBookingRef} = ${outboundCts.bookingRef}`;
  const rows = await db.select({
    bookingRef: outboundCts.bookingRef, ctsNum: outboundCts.ctsNum, voyageNum: outboundCts.voyageNum, branchCode: outboundCts.branchCode,
    containerVanNum: outboundCts.containerVanNum, shipperName: customers.company, destinationBranchCode: bookings.destinationBranchCode,
    sqdocNum: bookings.sqdocNum, isTandem: sql<boolean>`(${bookings.isTandem} or coalesce(${salesQuotationDocuments.isTandem}, false))`,
    size: sql<string>`coalesce(${containerVans.size}, '')`,
  }).from(outboundCts)
    .innerJoin(bookings, eq(bookings.bookingRef, outboundCts.bookingRef))
    .innerJoin(customers, eq(customers.code, bookings.customerCode))
    .leftJoin(salesQuotationDocuments, eq(salesQuotationDocuments.sqdocNum, bookings.sqdocNum))
    .leftJoin(containerVans, eq(containerVans.id, outboundCts.containerVanId))
    .leftJoin(waybills, own)
    .where(and(
      eq(outboundCts.status, "Issued"), eq(bookings.status, "Outbound CTS Issued"), isNull(waybills.id),
      branchCondition(scope, outboundCts.branchCode),
      searchAny([outboundCts.bookingRef, outboundCts.ctsNum, outboundCts.containerVanNum, customers.company], search || undefined),
    ))
    .orderBy(asc(outboundCts.bookingRef)).limit(50);
  return rows.length === 0 ? { data: rows, message: "No booking is waiting for its waybill." } : { data: rows };
}

/** The waybill of a booking, its own or the tandem it is paired on, or null (the batch screen links to it). */
export async function waybillOfBooking(db: Db, bookingRef: string, scope: BranchScope) {
  await bookingByRef(db, bookingRef, scope);
  const [record] = await db.select().from(waybills).where(onWaybill(bookingRef));
  return { data: record ? (await rowsOf(db, [record]))[0] : null };
}

/** A booking whose van is out, with what its waybill is made from: its slip, its van's size, its lane and its lines. */
interface OutBooking {
  booking: BookingRecord;
  slip: typeof outboundCts.$inferSelect;
  view: BookingRow;
  vanSize: string;
  lane: { isTandem: boolean; isOpenVan: boolean } | null;
}

async function outBooking(db: Db, booking: BookingRecord, caller: Caller): Promise<OutBooking | null> {
  const [[slip], view, [lane]] = await Promise.all([
    db.select().from(outboundCts).where(and(eq(outboundCts.bookingRef, booking.bookingRef), eq(outboundCts.status, "Issued"))),
    bookingRow(db, booking.bookingRef, caller),
    booking.sqdocNum
      ? db.select({ isTandem: salesQuotationDocuments.isTandem, isOpenVan: salesQuotationDocuments.isOpenVan }).from(salesQuotationDocuments)
        .where(eq(salesQuotationDocuments.sqdocNum, booking.sqdocNum))
      : Promise.resolve([]),
  ]);
  if (!slip) return null;
  const [van] = slip.containerVanId ? await db.select({ size: containerVans.size }).from(containerVans).where(eq(containerVans.id, slip.containerVanId)) : [];
  return { booking, slip, view, vanSize: van?.size ?? "", lane: lane ?? null };
}

const tandemSide = (o: OutBooking): TandemSide => ({
  bookingRef: o.booking.bookingRef, voyageNum: o.booking.voyageNum, destinationBranchCode: o.booking.destinationBranchCode, sqdocNum: o.booking.sqdocNum,
  isTandemLane: o.booking.isTandem || (o.lane?.isTandem ?? false), modeOfPayment: o.booking.modeOfPayment, quantityTeu: o.booking.quantityTeu,
  containerVanNum: o.slip.containerVanNum, vanSize: o.vanSize,
});

/** The partner named is on a waybill already (the conflict names the field, as the other refusals do). */
const partnerTaken = (bookingRef: string, wayBillRef: string) => {
  const message = `Booking ${bookingRef} is already on waybill ${wayBillRef}.`;
  return new AppError("CONFLICT", message, { tandemBookingRef: [message] });
};
const alreadyHas = (bookingRef: string, wayBillRef: string) => new AppError("CONFLICT", `Booking ${bookingRef} already has waybill ${wayBillRef}.`);

/** The tandem partner named for a booking's waybill, checked; every refusal names the field tandemBookingRef. */
async function tandemPartner(db: Db, caller: Caller, main: OutBooking, partnerRef: string): Promise<OutBooking> {
  const field = "tandemBookingRef";
  let partner: BookingRecord;
  try {
    partner = await bookingByRef(db, partnerRef, caller);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw refused(field, error.message);
    throw error;
  }
  if (partner.bookingRef !== main.booking.bookingRef && partner.status !== "Outbound CTS Issued") {
    throw refused(field, `Booking ${partner.bookingRef} is ${partner.status}; only a booking whose van is out on a transfer slip can be paired.`);
  }
  const [paired] = await db.select({ ref: waybills.wayBillRef }).from(waybills).where(onWaybill(partner.bookingRef));
  if (paired) throw partnerTaken(partner.bookingRef, paired.ref);
  const out = await outBooking(db, partner, caller);
  if (!out) throw refused(field, `Booking ${partner.bookingRef} has no issued transfer slip.`);
  const problem = tandemPairProblem(tandemSide(main), tandemSide(out));
  if (problem) throw refused(field, problem);
  return out;
}

/**
 * The lane's charge lines of the booking (and of its tandem partner, added line by line: the same lane, so the same
 * rates on twice the TEU) that apply to the new waybill, with the amounts the bookings were priced at.
 */
function laneLinesOf(bookingsOut: readonly OutBooking[], masters: readonly ChargeMaster[], conditions: WaybillConditions) {
  const merged = new Map<string, { chargeCode: string; part: string; rateUnit: string; rate: string; quantity: string; amount: string; source: string }>();
  for (const o of bookingsOut) {
    for (const c of o.view.charges) {
      const master = masterOf(masters, c.chargeCode);
      if (master && !chargeApplies(master, conditions, c.chargePart)) continue;
      const key = `${c.chargeCode} ${c.chargePart}`;
      const before = merged.get(key);
      if (before) {
        before.quantity = addDecimals(before.quantity, c.quantity, 3);
        before.amount = sumAmounts([before.amount, c.amount]);
      } else {
        merged.set(key, {
          chargeCode: c.chargeCode, part: c.chargePart, rateUnit: c.rateUnit, rate: c.rate, quantity: c.quantity, amount: c.amount,
          source: c.source === "ADDED" ? "ADDED" : "SQ",
        });
      }
    }
  }
  return [...merged.values()];
}

/**
 * Issues the waybill of a booking whose van is out on a transfer slip: numbered from the origin branch's WB
 * series, filled from the booking, its slip and its quotation lane (the charge lines at the rates the booking was
 * priced at), Draft until a load list takes it, and stage 1 of the cargo recorded in the same transaction. On a
 * tandem lane it may pair the 20' van of a second booking (`tandemBookingRef`): one waybill for both vans, both
 * bookings on it and stage 1 recorded for each.
 */
export async function createWaybill(db: Db, caller: Caller, input: CreateWaybillInput) {
  const booking = await bookingByRef(db, input.bookingRef, caller);
  if (booking.status !== "Outbound CTS Issued") {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} is ${booking.status}; its waybill is made once its van is out on a transfer slip.`);
  }
  const [existing] = await db.select({ ref: waybills.wayBillRef }).from(waybills).where(onWaybill(booking.bookingRef));
  if (existing) throw alreadyHas(booking.bookingRef, existing.ref);
  const main = await outBooking(db, booking, caller);
  if (!main) throw new AppError("CONFLICT", `Booking ${booking.bookingRef} has no issued transfer slip.`);
  const partner = input.tandemBookingRef ? await tandemPartner(db, caller, main, input.tandemBookingRef) : null;
  const pair = partner ? [main, partner] : [main];

  const { view, slip } = main;
  const masters = await chargeMasters(db, [...new Set(pair.flatMap((o) => o.view.charges.map((c) => c.chargeCode)))]);
  const isBackLoad = view.serviceRemarks.split(" / ").includes("BACKLOAD");
  const isTandem = booking.isTandem || (main.lane?.isTandem ?? false) || partner !== null;
  // The van is stuffed at origin when the booking's remarks say so (PTP and DTP choose STUFFING or STUFFING MANO).
  const isStuffing = view.serviceRemarks.split(" / ").some((part) => part === "STUFFING AT ORIGIN" || part === "STUFFING MANO AT ORIGIN");
  const remarks = waybillRemarks(view.serviceRemarks, { originBackload: isBackLoad, isTandem });
  const conditions = conditionsOf({ isDangerousCargo: false, isShipperOwned: slip.isShipperOwned, isStuffing, strippingType: null, isWithPermit: false, remarks });
  const laneLines = laneLinesOf(pair, masters, conditions);
  const sum = (pick: (b: BookingRecord) => number) => pair.reduce((total, o) => total + pick(o.booking), 0);
  const now = new Date();

  const wayBillRef = await db.transaction(async (tx: Tx) => {
    // The bookings' rows are held to the end: of two clerks putting one booking on two waybills, the second waits
    // and then finds the first's.
    const refs = pair.map((o) => o.booking.bookingRef).sort();
    await tx.select({ id: bookings.id }).from(bookings).where(inArray(bookings.bookingRef, refs)).orderBy(asc(bookings.bookingRef)).for("update");
    for (const o of pair) {
      const [taken] = await tx.select({ ref: waybills.wayBillRef }).from(waybills).where(onWaybill(o.booking.bookingRef));
      if (taken) throw o === main ? alreadyHas(o.booking.bookingRef, taken.ref) : partnerTaken(o.booking.bookingRef, taken.ref);
    }
    const number = await nextNumber(tx, { series: WAYBILL_SERIES, branchCode: booking.branchCode, on: now });
    const [record] = await tx.insert(waybills).values({
      wayBillRef: number, status: initialStatus(waybillWorkflow), bookingRef: booking.bookingRef, ctsNum: slip.ctsNum, branchCode: booking.branchCode,
      destinationBranchCode: booking.destinationBranchCode, voyageNum: booking.voyageNum, customerCode: booking.customerCode,
      consigneeName: booking.consigneeName, consigneeAddress: addressText(view.deliveryAddress), shipperPickUpAddress: addressText(view.pickUpAddress),
      shipperAreaCode: booking.pickUpAreaCode, consigneeAreaCode: booking.deliveryAreaCode,
      goods: booking.goods, packaging: booking.packaging, quantity: sum((b) => b.quantity), quantityTeu: sum((b) => b.quantityTeu),
      cargoWeight: partner ? addDecimals(booking.cargoWeight, partner.booking.cargoWeight, 3) : booking.cargoWeight,
      declaredValue: partner ? addDecimals(booking.declaredValue, partner.booking.declaredValue, 2) : booking.declaredValue,
      modeOfDelivery: booking.modeOfDelivery, modeOfPayment: booking.modeOfPayment,
      containerVanNum: slip.containerVanNum, isShipperOwned: slip.isShipperOwned, isStuffing, size: main.vanSize, isTandem,
      tandemBookingRef: partner?.booking.bookingRef ?? null, tandemCtsNum: partner?.slip.ctsNum ?? null, tandemContainerVanNum: partner?.slip.containerVanNum ?? "",
      isOpenVan: main.lane?.isOpenVan ?? false, originBackload: isBackLoad,
      truckingCode: slip.truckingCode, plateNum: slip.plateNum, driver: slip.driver, remarks,
      sqRefNum: booking.sqRefNum, sqdocNum: booking.sqdocNum, datePrepared: now, preparedBy: caller.userId,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).returning();
    const insurance = (await insurancePoliciesOf(tx, [record])).get(number) ?? null;
    const lines = laneLines.map((c) => {
      const master = masterOf(masters, c.chargeCode);
      if (!master) {
        // A code the charge master no longer has keeps the booking's line as it was priced.
        return {
          wayBillRef: number, chargeCode: c.chargeCode, part: c.part, particulars: particularsOf(c.chargeCode, c.rateUnit, c.quantity, c.rate),
          rateUnit: c.rateUnit, quantity: c.quantity, rate: c.rate, chargeValue: c.amount,
          availableTo: paymentSideOf(record.modeOfPayment as PaymentSide, false, c.part), isVatable: true, source: c.source,
        };
      }
      return { ...pricedLine(number, c, master, record, insurance, { rate: c.rate, quantity: c.quantity, chargeValue: c.amount }), source: c.source };
    });
    if (lines.length > 0) await tx.insert(waybillCharges).values(lines);
    for (const o of pair) await recordCargoStage(tx, o.booking.bookingRef, WAYBILL_STAGE, now);
    return number;
  });
  return { data: await waybillByRef(db, wayBillRef, caller), message: "Waybill created successfully" };
}

/**
 * Changes a Draft waybill: its fields, and its charge lines when given (the whole list). Each line's amount is its
 * rate times the waybill's quantity in the rate's unit, and its payment side follows the mode of payment and the
 * split; a line whose rate and quantity did not change keeps its amount. An insurance premium follows the declared
 * value (waybillInsurance). A code may appear once per part.
 */
export async function updateWaybill(db: Db, caller: Caller, wayBillRef: string, input: UpdateWaybillInput) {
  const record = await waybillRecord(db, wayBillRef, caller);
  if (record.status !== "Draft") {
    throw new AppError("CONFLICT", `Waybill ${record.wayBillRef} is ${record.status}; a waybill can be changed only while it is Draft.`);
  }
  if (new Date(input.dateModified).getTime() !== record.dateModified.getTime()) {
    throw new AppError("CONFLICT", "This waybill was changed by someone else after you opened it. Reload it and try again.");
  }
  const { dateModified: _, charges: chargeInput, cyIn, ...rest } = input;
  const fields = { ...rest, ...(cyIn === undefined ? {} : { cyIn: cyIn === null ? null : new Date(cyIn) }) };
  const next = { ...record, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) } as WaybillRecord;
  if (record.tandemBookingRef && !next.isTandem) {
    throw refused("isTandem", `Waybill ${record.wayBillRef} carries the vans of bookings ${record.bookingRef} and ${record.tandemBookingRef} on one trailer; it stays tandem.`);
  }
  const dangerous = dangerousCargoProblem(next);
  if (dangerous) throw refused(dangerous.field, dangerous.message);
  const existing = await db.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, record.wayBillRef)).orderBy(asc(waybillCharges.id));
  const laneKeys = new Set<string>();
  let lines: LineInput[] = chargeInput ?? existing.map((c) => ({ chargeCode: c.chargeCode, part: c.part, rateUnit: c.rateUnit, rate: c.rate }));
  const conditionsChanged = next.isDangerousCargo !== record.isDangerousCargo || next.isStuffing !== record.isStuffing ||
    next.strippingType !== record.strippingType || next.isWithPermit !== record.isWithPermit;
  if (!chargeInput && conditionsChanged) {
    // The lane's conditional charges follow the waybill: those that no longer apply leave, those that now apply come
    // back at the rate the booking was quoted. A list given by staff is taken as it is.
    const laneLines = await db.select().from(bookingCharges)
      .where(inArray(bookingCharges.bookingRef, [record.bookingRef, ...(record.tandemBookingRef ? [record.tandemBookingRef] : [])]))
      .orderBy(asc(bookingCharges.id));
    const flags = await chargeMasters(db, [...new Set([...lines, ...laneLines].map((l) => l.chargeCode))]);
    const conditions = conditionsOf(next);
    const applies = (code: string, part: string) => {
      const master = masterOf(flags, code);
      return !master || !isConditional(master) || chargeApplies(master, conditions, part);
    };
    lines = lines.filter((l) => applies(l.chargeCode, l.part));
    for (const l of laneLines) {
      if (!applies(l.chargeCode, l.chargePart) || lines.some((x) => x.chargeCode === l.chargeCode && x.part === l.chargePart)) continue;
      lines.push({ chargeCode: l.chargeCode, part: l.chargePart, rateUnit: l.rateUnit, rate: l.rate });
      laneKeys.add(`${l.chargeCode} ${l.chargePart}`);
    }
  }
  const seen = new Set<string>();
  for (const line of lines) {
    const key = `${line.chargeCode.toUpperCase()} ${line.part}`;
    if (seen.has(key)) throw refused("charges", `Charge ${line.chargeCode.toUpperCase()} is on this waybill twice for ${line.part}; a charge may appear once.`);
    seen.add(key);
  }
  const masters = await chargeMasters(db, [...new Set(lines.map((l) => l.chargeCode.toUpperCase()))]);
  const insurance = (await insurancePoliciesOf(db, [record])).get(record.wayBillRef) ?? null;
  const priced = lines.map((line) => {
    const master = masterOf(masters, line.chargeCode);
    if (!master || !master.isActive) throw refused("charges", `Charge ${line.chargeCode} is not an active charge of the charge master.`);
    const before = existing.find((c) => c.chargeCode === master.code && c.part === line.part);
    return {
      ...pricedLine(record.wayBillRef, line, master, next, insurance, before),
      source: before?.source ?? (laneKeys.has(`${master.code} ${line.part}`) ? "SQ" : "ADDED"),
    };
  });
  // Money is audited where it is written: the lines whose amount, rate or side changed, before and after.
  const comparable = (l: { chargeCode: string; part: string; rate: string; quantity: string; chargeValue: string; availableTo: string }) => ({
    chargeCode: l.chargeCode, part: l.part, rate: normalizeAmount(l.rate), quantity: String(Number(l.quantity)),
    chargeValue: normalizeAmount(l.chargeValue), availableTo: l.availableTo,
  });
  const change = changedLines(existing.map(comparable), priced.map(comparable), (l) => `${l.chargeCode} ${l.part}`, ["rate", "quantity", "chargeValue", "availableTo"]);
  if (change) {
    // An invoice bills the lines as they were issued: they change only once it is cancelled (accounting's invoices).
    const [billed] = await db.select({ invoiceNo: invoices.invoiceNo }).from(invoices)
      .where(and(eq(invoices.wayBillRef, record.wayBillRef), ne(invoices.status, "Cancelled"))).limit(1);
    if (billed) {
      throw new AppError("CONFLICT", `Waybill ${record.wayBillRef} is invoiced (${billed.invoiceNo}); its charges change only once that invoice is cancelled.`);
    }
  }
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const moved = await tx.update(waybills).set({
      ...fields, remarks: waybillRemarks(record.remarks, { originBackload: next.originBackload, isTandem: next.isTandem }),
      userModified: caller.userId, dateModified: now,
    }).where(and(eq(waybills.id, record.id), eq(waybills.dateModified, record.dateModified), eq(waybills.status, "Draft"))).returning({ id: waybills.id });
    if (moved.length === 0) throw new AppError("CONFLICT", "This waybill was changed by someone else after you opened it. Reload it and try again.");
    await tx.delete(waybillCharges).where(eq(waybillCharges.wayBillRef, record.wayBillRef));
    if (priced.length > 0) await tx.insert(waybillCharges).values(priced);
    if (change) {
      await recordAudit(tx, { actor: caller.userId, action: "WAYBILL_CHARGES_CHANGED", target: `waybill:${record.wayBillRef}`, detail: change });
    }
  });
  return { data: await waybillByRef(db, record.wayBillRef, caller), message: "Waybill updated successfully" };
}

/** What a booking change approved moves on its booking's waybill: only what it proposed. */
export interface WaybillRevision {
  destinationBranchCode?: string;
  voyageNum?: string;
  modeOfDelivery?: string;
  consigneeName?: string;
  consigneeAddress?: string;
  consigneeAreaCode?: string | null;
  shipperPickUpAddress?: string;
  shipperAreaCode?: string | null;
  containerVanNum?: string;
  sqRefNum?: string | null;
  sqdocNum?: string | null;
}

/**
 * Applies an approved booking change (the booking-changes module) to the booking's waybill, in the approving
 * transaction: the fields it moved, and the charge lines written again from the booking's re-priced lines (as a new
 * waybill takes them), each priced on the waybill as it now stands. The caller checks that the waybill may change
 * (not invoiced, not on a load list when its voyage moves); the lines before and after are audited here.
 */
export async function reviseWaybill(
  tx: Tx, actor: string, wayBillRef: string, revision: WaybillRevision,
  bookingLines: readonly { chargeCode: string; chargePart: string; rateUnit: string; rate: string; quantity: string; amount: string; source: string }[],
  at: Date,
): Promise<{ before: typeof waybillCharges.$inferSelect[]; after: typeof waybillCharges.$inferSelect[] }> {
  const [record] = await tx.select().from(waybills).where(eq(waybills.wayBillRef, wayBillRef)).for("update");
  if (!record) throw new AppError("NOT_FOUND", `Waybill ${wayBillRef} was not found.`);
  const fields = Object.fromEntries(Object.entries(revision).filter(([, v]) => v !== undefined));
  const next = { ...record, ...fields } as WaybillRecord;
  const existing = await tx.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, wayBillRef)).orderBy(asc(waybillCharges.id));
  const masters = await chargeMasters(tx, [...new Set(bookingLines.map((l) => l.chargeCode))]);
  const conditions = conditionsOf(next);
  const insurance = (await insurancePoliciesOf(tx, [next])).get(wayBillRef) ?? null;
  const lines = bookingLines.flatMap((c) => {
    const master = masterOf(masters, c.chargeCode);
    if (master && isConditional(master) && !chargeApplies(master, conditions, c.chargePart)) return [];
    if (!master) {
      return [{
        wayBillRef, chargeCode: c.chargeCode, part: c.chargePart, particulars: particularsOf(c.chargeCode, c.rateUnit, c.quantity, c.rate),
        rateUnit: c.rateUnit, quantity: c.quantity, rate: c.rate, chargeValue: c.amount,
        availableTo: paymentSideOf(next.modeOfPayment as PaymentSide, next.isSplitCharge, c.chargePart), isVatable: true, source: c.source === "ADDED" ? "ADDED" : "SQ",
      }];
    }
    const line = { chargeCode: c.chargeCode, part: c.chargePart, rateUnit: c.rateUnit, rate: c.rate };
    return [{ ...pricedLine(wayBillRef, line, master, next, insurance, { rate: c.rate, quantity: c.quantity, chargeValue: c.amount }), source: c.source === "ADDED" ? "ADDED" : "SQ" }];
  });
  await tx.update(waybills).set({ ...fields, userModified: actor, dateModified: at }).where(eq(waybills.id, record.id));
  await tx.delete(waybillCharges).where(eq(waybillCharges.wayBillRef, wayBillRef));
  const after = lines.length > 0 ? await tx.insert(waybillCharges).values(lines).returning() : [];
  const comparable = (l: { chargeCode: string; part: string; rate: string; quantity: string; chargeValue: string; availableTo: string }) => ({
    chargeCode: l.chargeCode, part: l.part, rate: normalizeAmount(l.rate), quantity: String(Number(l.quantity)),
    chargeValue: normalizeAmount(l.chargeValue), availableTo: l.availableTo,
  });
  const change = changedLines(existing.map(comparable), after.map(comparable), (l) => `${l.chargeCode} ${l.part}`, ["rate", "quantity", "chargeValue", "availableTo"]);
  if (change) await recordAudit(tx, { actor, action: "WAYBILL_CHARGES_CHANGED", target: `waybill:${wayBillRef}`, detail: change });
  return { before: existing, after };
}
