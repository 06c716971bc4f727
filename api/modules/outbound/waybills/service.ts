import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import {
  areas, bookingCharges, bookings, charges, containerVans, customers, outboundCts, salesQuotationDocuments, vessels, voyageSchedules, waybillCharges, waybills,
} from "../../../../db/schema/index.ts";
import { changedLines, recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, findInScope } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { formatAmount, normalizeAmount, sumAmounts } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import type { Caller } from "../../auth/index.ts";
import { addressText, bookingByRef, bookingRow, recordCargoStage } from "../../bookings/index.ts";
import { chargeAmount, RATE_UNIT_LABELS } from "../../master-data/index.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import { chargeApplies, dangerousCargoProblem, isConditional, type PaymentSide, paymentSideOf, WAYBILL_SERIES, waybillRemarks, waybillTotals, waybillWorkflow } from "./rules.ts";
import type { UpdateWaybillInput, WaybillListQuery, WaybillRow } from "./schemas.ts";

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

/** What the charge master says of each code: VATable or not, and the conditions chargeApplies reads. */
async function chargeMasters(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return await db.select({
    code: charges.code, isVatable: charges.isVatable, isDangerousCargo: charges.isDangerousCargo, isShipperOwn: charges.isShipperOwn,
    isStrippingStuffingCharge: charges.isStrippingStuffingCharge, strippingType: charges.strippingType,
  }).from(charges).where(inArray(charges.code, [...codes]));
}

async function waybillRecord(db: Db, wayBillRef: string, scope: BranchScope): Promise<WaybillRecord> {
  return await findInScope(db, waybills, waybills.branchCode, scope, sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`, `Waybill ${wayBillRef} was not found.`);
}

/** The waybills as their screens show them: with the shipper's name, the charge lines, the totals and the VAT. */
async function rowsOf(db: Db, records: readonly WaybillRecord[]): Promise<WaybillRow[]> {
  if (records.length === 0) return [];
  const refs = records.map((r) => r.wayBillRef);
  const areaCodes = [...new Set(records.flatMap((r) => [r.shipperAreaCode, r.consigneeAreaCode]).filter((c): c is string => !!c))];
  const [lines, shippers, insurance, slips, dates, vesselNames, areaRows] = await Promise.all([
    db.select().from(waybillCharges).where(inArray(waybillCharges.wayBillRef, refs)).orderBy(asc(waybillCharges.id)),
    db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, [...new Set(records.map((r) => r.customerCode))])),
    db.select({ code: charges.code }).from(charges).where(eq(charges.isInsurancePremium, true)),
    db.select({ ctsNum: outboundCts.ctsNum, dateIssued: outboundCts.dateIssued }).from(outboundCts).where(inArray(outboundCts.ctsNum, records.map((r) => r.ctsNum))),
    db.select({ bookingRef: bookings.bookingRef, bookingDate: bookings.bookingDate }).from(bookings).where(inArray(bookings.bookingRef, records.map((r) => r.bookingRef))),
    db.select({ voyageNum: voyageSchedules.voyageNum, vesselName: vessels.name }).from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
      .where(inArray(voyageSchedules.voyageNum, [...new Set(records.map((r) => r.voyageNum))])),
    areaCodes.length ? db.select().from(areas).where(inArray(areas.code, areaCodes)) : Promise.resolve([]),
  ]);
  const linesOf = new Map<string, ChargeRecord[]>();
  for (const line of lines) {
    const list = linesOf.get(line.wayBillRef);
    if (list) list.push(line);
    else linesOf.set(line.wayBillRef, [line]);
  }
  const insuranceCodes = new Set(insurance.map((c) => c.code));
  return records.map((r) => {
    const own = linesOf.get(r.wayBillRef) ?? [];
    const { id: _id, userCreated: _uc, userModified: _um, dateCreated: _dc, ...rest } = r;
    const freight = own.find((c) => c.part === "FREIGHT");
    const shipperArea = areaRows.find((a) => a.code === r.shipperAreaCode);
    const consigneeArea = areaRows.find((a) => a.code === r.consigneeAreaCode);
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
      charges: own.map((c) => ({
        chargeCode: c.chargeCode, part: c.part, particulars: c.particulars, rateUnit: c.rateUnit, quantity: c.quantity, rate: c.rate,
        chargeValue: c.chargeValue, availableTo: c.availableTo, isVatable: c.isVatable, source: c.source,
      })),
      totals: waybillTotals(own),
      insurancePremium: sumAmounts(own.filter((c) => insuranceCodes.has(c.chargeCode)).map((c) => c.chargeValue)),
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
    searchAny([waybills.wayBillRef, waybills.bookingRef, waybills.containerVanNum, waybills.consigneeName, waybills.goods], query.search || undefined),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(waybills).where(where).orderBy(desc(waybills.datePrepared), desc(waybills.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(waybills).where(where),
  ]);
  const data = await rowsOf(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/** Bookings of the caller's branches whose van is out on a slip and that have no waybill yet. */
export async function waybillCandidates(db: Db, scope: BranchScope, search: string) {
  const rows = await db.select({
    bookingRef: outboundCts.bookingRef, ctsNum: outboundCts.ctsNum, voyageNum: outboundCts.voyageNum, branchCode: outboundCts.branchCode,
    containerVanNum: outboundCts.containerVanNum, shipperName: customers.company,
  }).from(outboundCts)
    .innerJoin(bookings, eq(bookings.bookingRef, outboundCts.bookingRef))
    .innerJoin(customers, eq(customers.code, bookings.customerCode))
    .leftJoin(waybills, eq(waybills.bookingRef, outboundCts.bookingRef))
    .where(and(
      eq(outboundCts.status, "Issued"), eq(bookings.status, "Outbound CTS Issued"), isNull(waybills.id),
      branchCondition(scope, outboundCts.branchCode),
      searchAny([outboundCts.bookingRef, outboundCts.ctsNum, outboundCts.containerVanNum, customers.company], search || undefined),
    ))
    .orderBy(asc(outboundCts.bookingRef)).limit(50);
  return rows.length === 0 ? { data: rows, message: "No booking is waiting for its waybill." } : { data: rows };
}

/** The waybill of a booking, or null (the batch screen links to it). */
export async function waybillOfBooking(db: Db, bookingRef: string, scope: BranchScope) {
  await bookingByRef(db, bookingRef, scope);
  const [record] = await db.select().from(waybills).where(sql`lower(${waybills.bookingRef}) = lower(${bookingRef})`);
  return { data: record ? (await rowsOf(db, [record]))[0] : null };
}

/**
 * Issues the waybill of a booking whose van is out on a transfer slip: numbered from the origin branch's WB
 * series, filled from the booking, its slip and its quotation lane (the charge lines at the rates the booking was
 * priced at), Draft until a load list takes it, and stage 1 of the cargo recorded in the same transaction.
 */
export async function createWaybill(db: Db, caller: Caller, input: { bookingRef: string }) {
  const booking = await bookingByRef(db, input.bookingRef, caller);
  if (booking.status !== "Outbound CTS Issued") {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} is ${booking.status}; its waybill is made once its van is out on a transfer slip.`);
  }
  const [[existing], [slip], view] = await Promise.all([
    db.select({ ref: waybills.wayBillRef }).from(waybills).where(eq(waybills.bookingRef, booking.bookingRef)),
    db.select().from(outboundCts).where(and(eq(outboundCts.bookingRef, booking.bookingRef), eq(outboundCts.status, "Issued"))),
    bookingRow(db, booking.bookingRef, caller),
  ]);
  if (existing) throw new AppError("CONFLICT", `Booking ${booking.bookingRef} already has waybill ${existing.ref}.`);
  if (!slip) throw new AppError("CONFLICT", `Booking ${booking.bookingRef} has no issued transfer slip.`);
  const [van] = slip.containerVanId ? await db.select({ size: containerVans.size }).from(containerVans).where(eq(containerVans.id, slip.containerVanId)) : [];
  // A tandem or open-van lane was quoted with its tandem rates and open-van fee, which the booking's lines carry.
  const [lane] = booking.sqdocNum
    ? await db.select({ isTandem: salesQuotationDocuments.isTandem, isOpenVan: salesQuotationDocuments.isOpenVan }).from(salesQuotationDocuments)
      .where(eq(salesQuotationDocuments.sqdocNum, booking.sqdocNum))
    : [];
  const masters = view.charges.length ? await chargeMasters(db, view.charges.map((c) => c.chargeCode)) : [];
  const mode = booking.modeOfPayment as PaymentSide;
  const isBackLoad = view.serviceRemarks.split(" / ").includes("BACKLOAD");
  const isTandem = booking.isTandem || (lane?.isTandem ?? false);
  // The van is stuffed at origin when the booking's remarks say so (PTP and DTP choose STUFFING or STUFFING MANO).
  const isStuffing = view.serviceRemarks.split(" / ").some((part) => part === "STUFFING AT ORIGIN" || part === "STUFFING MANO AT ORIGIN");
  const conditions = { isDangerousCargo: false, isShipperOwned: slip.isShipperOwned, isStuffing, strippingType: null };
  const laneLines = view.charges.filter((c) => {
    const master = masters.find((m) => m.code === c.chargeCode);
    return !master || chargeApplies(master, conditions);
  });
  const now = new Date();

  const wayBillRef = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: WAYBILL_SERIES, branchCode: booking.branchCode, on: now });
    await tx.insert(waybills).values({
      wayBillRef: number, status: initialStatus(waybillWorkflow), bookingRef: booking.bookingRef, ctsNum: slip.ctsNum, branchCode: booking.branchCode,
      destinationBranchCode: booking.destinationBranchCode, voyageNum: booking.voyageNum, customerCode: booking.customerCode,
      consigneeName: booking.consigneeName, consigneeAddress: addressText(view.deliveryAddress), shipperPickUpAddress: addressText(view.pickUpAddress),
      shipperAreaCode: booking.pickUpAreaCode, consigneeAreaCode: booking.deliveryAreaCode,
      goods: booking.goods, packaging: booking.packaging, quantity: booking.quantity, quantityTeu: booking.quantityTeu,
      cargoWeight: booking.cargoWeight, declaredValue: booking.declaredValue, modeOfDelivery: booking.modeOfDelivery, modeOfPayment: booking.modeOfPayment,
      containerVanNum: slip.containerVanNum, isShipperOwned: slip.isShipperOwned, isStuffing, size: van?.size ?? "", isTandem,
      isOpenVan: lane?.isOpenVan ?? false, originBackload: isBackLoad,
      truckingCode: slip.truckingCode, plateNum: slip.plateNum, driver: slip.driver,
      remarks: waybillRemarks(view.serviceRemarks, { originBackload: isBackLoad, isTandem }),
      sqRefNum: booking.sqRefNum, sqdocNum: booking.sqdocNum, datePrepared: now, preparedBy: caller.userId,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    if (laneLines.length > 0) {
      await tx.insert(waybillCharges).values(laneLines.map((c) => ({
        wayBillRef: number, chargeCode: c.chargeCode, part: c.chargePart, particulars: particularsOf(c.chargeName, c.rateUnit, c.quantity, c.rate),
        rateUnit: c.rateUnit, quantity: c.quantity, rate: c.rate, chargeValue: c.amount,
        availableTo: paymentSideOf(mode, false, c.chargePart), isVatable: masters.find((m) => m.code === c.chargeCode)?.isVatable ?? true,
        source: c.source === "ADDED" ? "ADDED" : "SQ",
      })));
    }
    await recordCargoStage(tx, booking.bookingRef, WAYBILL_STAGE, now);
    return number;
  });
  return { data: await waybillByRef(db, wayBillRef, caller), message: "Waybill created successfully" };
}

/**
 * Changes a Draft waybill: its fields, and its charge lines when given (the whole list). Each line's amount is its
 * rate times the waybill's quantity in the rate's unit, and its payment side follows the mode of payment and the
 * split; a line whose rate and quantity did not change keeps its amount (an insurance premium priced from the
 * policies stays as it was priced). A code may appear once per part.
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
  const dangerous = dangerousCargoProblem(next);
  if (dangerous) throw refused(dangerous.field, dangerous.message);
  const existing = await db.select().from(waybillCharges).where(eq(waybillCharges.wayBillRef, record.wayBillRef)).orderBy(asc(waybillCharges.id));
  const laneKeys = new Set<string>();
  let lines = chargeInput ?? existing.map((c) => ({ chargeCode: c.chargeCode, part: c.part, rateUnit: c.rateUnit, rate: c.rate }));
  const conditionsChanged = next.isDangerousCargo !== record.isDangerousCargo || next.isStuffing !== record.isStuffing || next.strippingType !== record.strippingType;
  if (!chargeInput && conditionsChanged) {
    // The lane's conditional charges follow the waybill: those that no longer apply leave, those that now apply come
    // back at the rate the booking was quoted. A list given by staff is taken as it is.
    const laneLines = await db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, record.bookingRef)).orderBy(asc(bookingCharges.id));
    const flags = await chargeMasters(db, [...new Set([...lines, ...laneLines].map((l) => l.chargeCode))]);
    const applies = (code: string) => {
      const master = flags.find((m) => m.code === code);
      return !master || !isConditional(master) || chargeApplies(master, next);
    };
    lines = lines.filter((l) => applies(l.chargeCode));
    for (const l of laneLines) {
      if (!applies(l.chargeCode) || lines.some((x) => x.chargeCode === l.chargeCode && x.part === l.chargePart)) continue;
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
  const codes = [...new Set(lines.map((l) => l.chargeCode.toUpperCase()))];
  const masters = codes.length
    ? await db.select({ code: charges.code, name: charges.name, isVatable: charges.isVatable, isActive: charges.isActive }).from(charges)
      .where(inArray(sql`upper(${charges.code})`, codes))
    : [];
  const mode = next.modeOfPayment as PaymentSide;
  const priced = lines.map((line) => {
    const master = masters.find((m) => m.code.toUpperCase() === line.chargeCode.toUpperCase());
    if (!master || !master.isActive) throw refused("charges", `Charge ${line.chargeCode} is not an active charge of the charge master.`);
    const quantity = quantityFor(line.rateUnit, next);
    const rate = normalizeAmount(line.rate);
    const before = existing.find((c) => c.chargeCode === master.code && c.part === line.part);
    const unchanged = before && normalizeAmount(before.rate) === rate && Number(before.quantity) === Number(quantity);
    return {
      wayBillRef: record.wayBillRef, chargeCode: master.code, part: line.part, particulars: particularsOf(master.name, line.rateUnit, quantity, rate),
      rateUnit: line.rateUnit, quantity, rate,
      chargeValue: unchanged ? before.chargeValue : chargeAmount(rate, line.rateUnit as "perTeu", quantity),
      availableTo: paymentSideOf(mode, next.isSplitCharge, line.part), isVatable: master.isVatable,
      source: before?.source ?? (laneKeys.has(`${master.code} ${line.part}`) ? "SQ" : "ADDED"),
    };
  });
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const moved = await tx.update(waybills).set({
      ...fields, remarks: waybillRemarks(record.remarks, { originBackload: next.originBackload, isTandem: next.isTandem }),
      userModified: caller.userId, dateModified: now,
    }).where(and(eq(waybills.id, record.id), eq(waybills.dateModified, record.dateModified), eq(waybills.status, "Draft"))).returning({ id: waybills.id });
    if (moved.length === 0) throw new AppError("CONFLICT", "This waybill was changed by someone else after you opened it. Reload it and try again.");
    await tx.delete(waybillCharges).where(eq(waybillCharges.wayBillRef, record.wayBillRef));
    if (priced.length > 0) await tx.insert(waybillCharges).values(priced);
    // Money is audited where it is written: the lines whose amount, rate or side changed, before and after.
    const comparable = (l: { chargeCode: string; part: string; rate: string; quantity: string; chargeValue: string; availableTo: string }) => ({
      chargeCode: l.chargeCode, part: l.part, rate: normalizeAmount(l.rate), quantity: String(Number(l.quantity)),
      chargeValue: normalizeAmount(l.chargeValue), availableTo: l.availableTo,
    });
    const change = changedLines(existing.map(comparable), priced.map(comparable), (l) => `${l.chargeCode} ${l.part}`, ["rate", "quantity", "chargeValue", "availableTo"]);
    if (change) {
      await recordAudit(tx, { actor: caller.userId, action: "WAYBILL_CHARGES_CHANGED", target: `waybill:${record.wayBillRef}`, detail: change });
    }
  });
  return { data: await waybillByRef(db, record.wayBillRef, caller), message: "Waybill updated successfully" };
}
