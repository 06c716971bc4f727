import { and, asc, eq, gte, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookings, branches, commodities, customers, truckings, users } from "../../../db/schema/index.ts";
import { EMPTY_LIST_MESSAGE } from "../../shared/contracts.ts";
import { type BranchScope, branchCondition, EVERY_BRANCH } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { buildDocument } from "../../shared/document-pool.ts";
import type { DownloadFile } from "../../shared/files.ts";
import { addressText, type BookingRecord, bookingByRef, bookingRow, deliveryAddressOf, pickUpAddressOf, voyageOf } from "./records.ts";
import { type BookingStatus, DELIVERY_MODES, deliverToDoor, pickUpAtDoor } from "./rules.ts";
import type { DeliveryListLine, DeliveryListQuery, TruckerView } from "./schemas.ts";

/**
 * What bookings print and export: the authority to withdraw, the cargo booking slip, the trucker's pages
 * (authorization letter and pick-up request, opened by the booking's public id) and the pick-up and inbound
 * delivery lists.
 */

const ATW_AND_LATER: readonly BookingStatus[] = ["ATW Issued", "Outbound CTS Issued", "At Vessel Loaded"];

async function byPublicId(db: Db, publicId: string): Promise<BookingRecord> {
  const [row] = await db.select().from(bookings).where(eq(bookings.publicId, publicId));
  // The same answer for a guessed id and a booking that is gone: nothing tells the two apart.
  if (!row || row.status === "Expired" || row.status === "Cloned") throw new AppError("NOT_FOUND", "This link does not name a booking.");
  return row;
}

async function truckerViewOf(db: Db, b: BookingRecord): Promise<TruckerView> {
  // The booking was found by whoever may see it (a signed-in user of its branch, or the holder of its link).
  const [row, voyage] = await Promise.all([bookingRow(db, b.bookingRef, EVERY_BRANCH), voyageOf(db, b.voyageNum)]);
  return {
    bookingRef: row.bookingRef,
    status: row.status,
    shipperName: row.customerName,
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    vesselName: voyage.vesselName,
    originBranchName: voyage.originBranchName,
    destinationName: row.destinationName,
    modeOfDelivery: row.modeOfDelivery,
    pickUpDate: row.pickUpDate,
    pickUpTime: row.pickUpTime,
    pickUpAddress: addressText(row.pickUpAddress),
    goods: row.goods,
    packaging: row.packaging,
    quantity: row.quantity,
    quantityTeu: row.quantityTeu,
    containerVanNum: row.containerVanNum,
    truckerName: row.truckerName,
    plateNum: row.plateNum,
    trailerNum: row.trailerNum,
    helperName: row.helperName,
    dateAtwIssued: row.dateAtwIssued,
    serviceRemarks: row.serviceRemarks,
  };
}

/** /booking/AuthorizationLetter/{id}: only once the ATW is issued, since before that it authorises nothing. */
export async function authorizationLetter(db: Db, publicId: string) {
  const booking = await byPublicId(db, publicId);
  if (!ATW_AND_LATER.includes(booking.status as BookingStatus)) throw new AppError("NOT_FOUND", "This link does not name a booking.");
  return { data: await truckerViewOf(db, booking) };
}

/** /booking/PickUpRequest/{id}: what the trucker collects, where and when, once the booking is confirmed. */
export async function pickUpRequest(db: Db, publicId: string) {
  const booking = await byPublicId(db, publicId);
  if (booking.status === "Draft" || booking.status === "Sent") throw new AppError("NOT_FOUND", "This link does not name a booking.");
  return { data: await truckerViewOf(db, booking) };
}

async function atwPdf(db: Db, booking: BookingRecord): Promise<DownloadFile> {
  if (!ATW_AND_LATER.includes(booking.status as BookingStatus)) {
    throw new AppError("CONFLICT", `The ATW of booking ${booking.bookingRef} is not issued yet; the booking is ${booking.status}.`);
  }
  const view = await truckerViewOf(db, booking);
  const [issuer] = booking.atwIssuedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.userId, booking.atwIssuedBy))
    : [];
  return await buildDocument("authorityToWithdraw", { ...view, issuedBy: issuer?.name ?? booking.atwIssuedBy ?? "", generatedAt: new Date() });
}

export async function atwDocument(db: Db, bookingRef: string, scope: BranchScope) {
  return await atwPdf(db, await bookingByRef(db, bookingRef, scope));
}

export async function atwDocumentByPublicId(db: Db, publicId: string) {
  return await atwPdf(db, await byPublicId(db, publicId));
}

export async function bookingSlip(db: Db, bookingRef: string, scope: BranchScope): Promise<DownloadFile> {
  const booking = await bookingByRef(db, bookingRef, scope);
  const [row, voyage] = await Promise.all([bookingRow(db, booking.bookingRef, scope), voyageOf(db, booking.voyageNum)]);
  const [commodity] = booking.commodityCode
    ? await db.select({ name: commodities.name }).from(commodities).where(eq(commodities.code, booking.commodityCode))
    : [];
  return await buildDocument("bookingSlip", {
    bookingRef: row.bookingRef,
    bookingBatchRef: row.bookingBatchRef,
    bookingDate: row.bookingDate,
    status: row.status,
    shipperName: row.customerName,
    consigneeName: row.consigneeName,
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    vesselName: voyage.vesselName,
    estimatedTimeDeparture: voyage.estimatedTimeDeparture,
    originBranchName: voyage.originBranchName,
    destinationName: row.destinationName,
    modeOfDelivery: row.modeOfDelivery,
    modeOfPayment: row.modeOfPayment,
    pickUpDate: row.pickUpDate,
    pickUpTime: row.pickUpTime,
    pickUpAddress: addressText(row.pickUpAddress),
    deliveryAddress: addressText(row.deliveryAddress),
    commodity: commodity?.name ?? "",
    goods: row.goods,
    packaging: row.packaging,
    quantity: row.quantity,
    quantityTeu: row.quantityTeu,
    cargoWeight: row.cargoWeight,
    declaredValue: row.declaredValue,
    containerVanNum: row.containerVanNum,
    isShipperOwned: row.isShipperOwned,
    truckerName: row.truckerName,
    plateNum: row.plateNum,
    remarks: row.remarks,
    serviceRemarks: row.serviceRemarks,
    charges: row.charges,
    total: row.total,
    generatedAt: new Date(),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Pick-up and inbound delivery lists

const GONE: BookingStatus[] = ["Expired", "Cloned"];

async function linesOf(db: Db, records: BookingRecord[], address: (b: BookingRecord) => string): Promise<DeliveryListLine[]> {
  if (records.length === 0) return [];
  const [customerRows, branchRows, truckerRows] = await Promise.all([
    db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, [...new Set(records.map((r) => r.customerCode))])),
    db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [...new Set(records.map((r) => r.destinationBranchCode))])),
    db.select({ code: truckings.code, name: truckings.name }).from(truckings)
      .where(inArray(truckings.code, [...new Set(records.map((r) => r.truckingCode).filter((c): c is string => c !== null))])),
  ]);
  return records.map((b) => ({
    bookingRef: b.bookingRef,
    bookingDate: b.bookingDate,
    pickUpDate: b.pickUpDate,
    pickUpTime: b.pickUpTime,
    customer: customerRows.find((c) => c.code === b.customerCode)?.company ?? b.customerCode,
    destination: branchRows.find((c) => c.code === b.destinationBranchCode)?.name ?? b.destinationBranchCode,
    address: address(b),
    modeOfDelivery: b.modeOfDelivery,
    truckerName: truckerRows.find((t) => t.code === b.truckingCode)?.name ?? "",
    plateNum: b.plateNum,
    status: b.status,
    remarks: b.remarks,
  }));
}

/**
 * Which door bookings a list covers: a branch, and dates, a voyage or both (the dispatch lists of the outbound
 * module ask for one voyage's, whatever their dates).
 */
export type DeliveryListScope = Pick<DeliveryListQuery, "branchCode"> & Partial<Pick<DeliveryListQuery, "dateFrom" | "dateTo">> & { voyageNum?: string };

const ofVoyage = (voyageNum: string | undefined) => (voyageNum ? sql`lower(${bookings.voyageNum}) = lower(${voyageNum})` : undefined);

/** Door pick-ups of a branch by pick-up date: where the trucks go. */
export async function pickUpList(db: Db, query: DeliveryListScope, scope: BranchScope) {
  const records = await db.select().from(bookings).where(and(
    branchCondition(scope, bookings.branchCode),
    sql`lower(${bookings.branchCode}) = lower(${query.branchCode})`,
    inArray(bookings.modeOfDelivery, DELIVERY_MODES.filter(pickUpAtDoor)),
    query.dateFrom ? gte(bookings.pickUpDate, query.dateFrom) : undefined,
    query.dateTo ? lte(bookings.pickUpDate, query.dateTo) : undefined,
    ofVoyage(query.voyageNum),
    notInArray(bookings.status, GONE),
  )).orderBy(asc(bookings.pickUpDate), asc(bookings.pickUpTime), asc(bookings.id));
  const data = await linesOf(db, records, (b) => addressText(pickUpAddressOf(b)));
  return data.length === 0 ? { data, total: 0, message: EMPTY_LIST_MESSAGE } : { data, total: data.length };
}

/** Door deliveries bound for a branch, by booking date: what its trucks will deliver once the cargo lands. */
export async function inboundDeliveryList(db: Db, query: DeliveryListScope, scope: BranchScope) {
  // The branch that took the booking sees it as usual; the receiving branch sees it too, since delivering it
  // is that branch's work (its trucks go out), though the booking itself stays the origin branch's record.
  const records = await db.select().from(bookings).where(and(
    or(branchCondition(scope, bookings.branchCode), branchCondition(scope, bookings.destinationBranchCode)),
    sql`lower(${bookings.destinationBranchCode}) = lower(${query.branchCode})`,
    inArray(bookings.modeOfDelivery, DELIVERY_MODES.filter(deliverToDoor)),
    query.dateFrom ? gte(bookings.bookingDate, query.dateFrom) : undefined,
    query.dateTo ? lte(bookings.bookingDate, query.dateTo) : undefined,
    ofVoyage(query.voyageNum),
    notInArray(bookings.status, [...GONE, "Draft", "Sent"]),
  )).orderBy(asc(bookings.bookingDate), asc(bookings.id));
  const data = await linesOf(db, records, (b) => addressText(deliveryAddressOf(b)));
  return data.length === 0 ? { data, total: 0, message: EMPTY_LIST_MESSAGE } : { data, total: data.length };
}

export async function pickUpListFile(db: Db, query: DeliveryListQuery, scope: BranchScope): Promise<DownloadFile> {
  const { data } = await pickUpList(db, query, scope);
  return await buildDocument("pickUpList", { branchCode: query.branchCode.toUpperCase(), lines: data });
}

export async function deliveryListFile(db: Db, query: DeliveryListQuery, scope: BranchScope): Promise<DownloadFile> {
  const { data } = await inboundDeliveryList(db, query, scope);
  return await buildDocument("deliveryList", { branchCode: query.branchCode.toUpperCase(), lines: data });
}
