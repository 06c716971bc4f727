import { and, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import { bookings, containerVans, containerYards, customers, outboundCts, truckings, vessels, voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { checkContainerNumber, normalizeContainerNumber } from "../../../shared/container-numbers.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { type BookingRecord, bookingByRef, bookingTarget, bookingWorkflow, recordCargoStage, withdrawCargoStage } from "../../bookings/index.ts";
import { CTS_SERIES, ctsWorkflow, DAMAGED } from "./rules.ts";
import type { CtsListQuery, CtsRow, IssueCtsInput } from "./schemas.ts";

/** The stage a booking's cargo reaches when its van leaves the yard on a slip (001 §4): 0, Outbound CTS Issued. */
const CTS_STAGE = 0;

export const ctsTarget = {
  table: outboundCts, id: outboundCts.id, status: outboundCts.status, dateModified: outboundCts.dateModified, label: outboundCts.ctsNum,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

/** The columns of a slip as the list and the read page show it, with the names of what it points at. */
const rowColumns = {
  id: outboundCts.id,
  ctsNum: outboundCts.ctsNum,
  status: outboundCts.status,
  bookingRef: outboundCts.bookingRef,
  branchCode: outboundCts.branchCode,
  voyageNum: outboundCts.voyageNum,
  voyageRef: voyageSchedules.voyageRef,
  vesselName: vessels.name,
  shipperName: customers.company,
  consigneeName: bookings.consigneeName,
  destinationBranchCode: bookings.destinationBranchCode,
  containerVanNum: outboundCts.containerVanNum,
  isShipperOwned: outboundCts.isShipperOwned,
  numberOverrideReason: outboundCts.numberOverrideReason,
  numberOverrideBy: outboundCts.numberOverrideBy,
  truckingCode: outboundCts.truckingCode,
  truckerName: truckings.name,
  plateNum: outboundCts.plateNum,
  driver: outboundCts.driver,
  fromCyCode: outboundCts.fromCyCode,
  fromCyName: containerYards.name,
  toParty: outboundCts.toParty,
  toName: outboundCts.toName,
  vanStatus: outboundCts.vanStatus,
  damages: outboundCts.damages,
  vanLocator: outboundCts.vanLocator,
  vanLocatorAmount: outboundCts.vanLocatorAmount,
  remarks: outboundCts.remarks,
  dateIssued: outboundCts.dateIssued,
  issuedBy: outboundCts.issuedBy,
  dateCancelled: outboundCts.dateCancelled,
  cancelledBy: outboundCts.cancelledBy,
  dateModified: outboundCts.dateModified,
};

function selectRows(db: Db) {
  return db.select(rowColumns).from(outboundCts)
    .innerJoin(bookings, eq(bookings.bookingRef, outboundCts.bookingRef))
    .innerJoin(customers, eq(customers.code, bookings.customerCode))
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, outboundCts.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .innerJoin(truckings, eq(truckings.code, outboundCts.truckingCode))
    .innerJoin(containerYards, eq(containerYards.code, outboundCts.fromCyCode));
}

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

function toRow(r: SelectedRow): CtsRow {
  return {
    ...r,
    status: r.status as CtsRow["status"],
    toParty: r.toParty as CtsRow["toParty"],
    damages: r.damages as CtsRow["damages"],
    dateIssued: r.dateIssued.toISOString(),
    dateCancelled: r.dateCancelled?.toISOString() ?? null,
    dateModified: r.dateModified.toISOString(),
  };
}

/** One slip by its number, if it is of a branch the caller sees. */
export async function ctsByNum(db: Db, ctsNum: string, scope: BranchScope): Promise<CtsRow> {
  const [row] = await selectRows(db).where(and(sql`lower(${outboundCts.ctsNum}) = lower(${ctsNum})`, branchCondition(scope, outboundCts.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", `Transfer slip ${ctsNum} was not found.`);
  return toRow(row);
}

/** The slips of the caller's branches, newest first, 10 a page unless asked otherwise. */
export async function listCts(db: Db, scope: BranchScope, query: CtsListQuery) {
  const where = and(
    branchCondition(scope, outboundCts.branchCode),
    query.status ? eq(outboundCts.status, query.status) : undefined,
    query.branchCode ? sql`lower(${outboundCts.branchCode}) = lower(${query.branchCode})` : undefined,
    searchAny([outboundCts.ctsNum, outboundCts.bookingRef, outboundCts.containerVanNum, outboundCts.plateNum, outboundCts.driver, outboundCts.toName], query.search || undefined),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(outboundCts.dateIssued), desc(outboundCts.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(outboundCts).where(where),
  ]);
  const data = rows.map(toRow);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/** Bookings of the caller's branches whose ATW is issued and whose van has not left yet: what a slip can be issued for. */
export async function ctsCandidates(db: Db, scope: BranchScope, search: string) {
  const rows = await db.select({
    bookingRef: bookings.bookingRef, voyageNum: bookings.voyageNum, branchCode: bookings.branchCode, shipperName: customers.company,
    consigneeName: bookings.consigneeName, destinationBranchCode: bookings.destinationBranchCode, truckingCode: bookings.truckingCode,
    plateNum: bookings.plateNum, goods: bookings.goods, quantityTeu: bookings.quantityTeu,
  }).from(bookings)
    .innerJoin(customers, eq(customers.code, bookings.customerCode))
    .where(and(
      eq(bookings.status, "ATW Issued"),
      branchCondition(scope, bookings.branchCode),
      searchAny([bookings.bookingRef, bookings.voyageNum, customers.company, bookings.consigneeName], search || undefined),
    ))
    .orderBy(bookings.bookingRef).limit(50);
  return rows.length === 0 ? { data: rows, message: "No booking is waiting for a transfer slip." } : { data: rows };
}

/** The trucker, who must be active and accredited at the booking's origin branch. */
async function checkedTrucker(db: Db, truckingCode: string, branchCode: string) {
  const [trucker] = await db.select().from(truckings).where(sql`lower(${truckings.code}) = lower(${truckingCode})`);
  if (!trucker || !trucker.isActive) throw refused("truckingCode", `Trucker ${truckingCode} is not an active trucker.`);
  const serves = trucker.branchCodes.some((code) => code.toUpperCase() === branchCode.toUpperCase());
  if (!trucker.isAuthorized || !serves) {
    const [{ authorized }] = await db.select({ authorized: count() }).from(truckings).where(and(
      eq(truckings.isActive, true), eq(truckings.isAuthorized, true), sql`${truckings.branchCodes} @> array[${branchCode}]::text[]`,
    ));
    throw refused("truckingCode", authorized === 0 ? `No Authorized Trucker on ${branchCode} Branch` : `Trucker ${trucker.name} is not authorised at branch ${branchCode}.`);
  }
  return trucker;
}

/** A yard of the booking's origin branch. */
async function checkedYard(db: Db, cyCode: string, branchCode: string) {
  const [yard] = await db.select().from(containerYards).where(sql`lower(${containerYards.code}) = lower(${cyCode})`);
  if (!yard || !yard.isActive) throw refused("fromCyCode", `Container yard ${cyCode} is not an active yard.`);
  if (yard.branchCode.toUpperCase() !== branchCode.toUpperCase()) {
    throw refused("fromCyCode", `Container yard ${yard.code} is not a yard of branch ${branchCode}.`);
  }
  return yard;
}

interface VanChoice {
  number: string;
  lineVanId: number | null;
  fromCyCode: string;
  override: { reason: string; problem: string } | null;
}

/** The van the slip takes: one of the line's free empty vans at the branch, or the shipper's own, by its number. */
async function checkedVan(db: Db, input: IssueCtsInput, booking: BookingRecord): Promise<VanChoice> {
  const number = normalizeContainerNumber(input.containerVanNum);
  if (!number) {
    throw refused("containerVanNum", input.isShipperOwned
      ? "A shipper-owned container requires the container number."
      : "Choose the container van that leaves the yard.");
  }
  const [lineVan] = await db.select().from(containerVans).where(sql`upper(replace(${containerVans.code}, ' ', '')) = ${number}`);
  const check = checkContainerNumber(number);
  if (input.isShipperOwned) {
    if (lineVan && !lineVan.isShipperOwn) {
      throw refused("containerVanNum", `${lineVan.code} is a van of the line; issue it as one of the branch's vans, not as the shipper's.`);
    }
    let override: VanChoice["override"] = null;
    if (!check.valid) {
      if (!input.numberOverrideReason) throw refused("containerVanNum", `${check.message} Give the reason to accept the shipper's van anyway.`);
      override = { reason: input.numberOverrideReason, problem: check.message };
    }
    if (!input.fromCyCode) throw refused("fromCyCode", "Name the yard the shipper's van leaves.");
    const yard = await checkedYard(db, input.fromCyCode, booking.branchCode);
    return { number, lineVanId: null, fromCyCode: yard.code, override };
  }
  if (!lineVan || !lineVan.isActive) throw refused("containerVanNum", `Container van ${number} is not an active van of the line.`);
  if (!check.valid) throw refused("containerVanNum", check.message);
  if (lineVan.isUsed) throw new AppError("CONFLICT", `Container van ${lineVan.code} is already used by another booking or transfer.`, { containerVanNum: ["Already used"] });
  if (lineVan.condition !== "Empty") {
    throw refused("containerVanNum", `Container van ${lineVan.code} is ${lineVan.condition}; only an empty van leaves on a transfer slip.`);
  }
  const cyCode = input.fromCyCode ?? lineVan.cyCode;
  if (!cyCode) throw refused("fromCyCode", `Container van ${lineVan.code} is not at a yard; name the yard it leaves.`);
  const yard = await checkedYard(db, cyCode, booking.branchCode);
  if (lineVan.cyCode && lineVan.cyCode.toUpperCase() !== yard.code.toUpperCase()) {
    throw refused("fromCyCode", `Container van ${lineVan.code} is at yard ${lineVan.cyCode}, not ${yard.code}.`);
  }
  return { number: lineVan.code, lineVanId: lineVan.id, fromCyCode: yard.code, override: null };
}

function checkDamages(input: IssueCtsInput): void {
  if (input.vanStatus === DAMAGED && input.damages.length === 0) throw refused("damages", "List the damaged parts of a damaged van.");
  if (input.vanStatus !== DAMAGED && input.damages.length > 0) throw refused("damages", "Damages are listed only when the van status is Damaged.");
  const seen = new Set<string>();
  for (const d of input.damages) {
    const key = `${d.vanPart}: ${d.damageType}`;
    if (seen.has(key)) throw refused("damages", `${key} is listed twice.`);
    seen.add(key);
  }
}

/**
 * Issues a slip for a booking whose ATW is issued (001 §3 CTS): numbered from the origin branch's CTS series,
 * taking the van and moving the booking to Outbound CTS Issued in one transaction, with stage 0 of its cargo.
 */
export async function issueCts(db: Db, caller: Caller, input: IssueCtsInput) {
  const booking = await bookingByRef(db, input.bookingRef, caller);
  if (booking.status !== "ATW Issued") {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} is ${booking.status}; a transfer slip is issued once its ATW is issued and before its van leaves.`);
  }
  checkDamages(input);
  const trucker = await checkedTrucker(db, input.truckingCode, booking.branchCode);
  const van = await checkedVan(db, input, booking);
  const [customer] = await db.select({ company: customers.company }).from(customers).where(eq(customers.code, booking.customerCode));
  const toName = input.toName || (input.toParty === "Shipper" ? customer?.company ?? "" : booking.consigneeName);
  if (!toName) throw refused("toName", "Name the consignee the van goes to.");
  const now = new Date();

  const ctsNum = await db.transaction(async (tx: Tx) => {
    // The booking moves first: of two clerks issuing for it at once, the second stops here.
    await transition(tx, bookingWorkflow, bookingTarget, {
      id: booking.id, action: "issueCts", actor: caller,
      set: { containerVanNum: van.number, truckingCode: trucker.code, plateNum: input.plateNum, isShipperOwned: input.isShipperOwned },
    });
    if (van.lineVanId !== null) {
      // Only a van still free is taken: of two slips on the same van, the second finds none.
      const taken = await tx.update(containerVans).set({ isUsed: true, dateModified: now, userModified: caller.userId })
        .where(and(eq(containerVans.id, van.lineVanId), eq(containerVans.isUsed, false))).returning({ id: containerVans.id });
      if (taken.length === 0) throw new AppError("CONFLICT", `Container van ${van.number} is already used by another booking or transfer.`, { containerVanNum: ["Already used"] });
    } else {
      const [out] = await tx.select({ ctsNum: outboundCts.ctsNum }).from(outboundCts)
        .where(and(eq(outboundCts.containerVanNum, van.number), eq(outboundCts.status, "Issued")));
      if (out) throw new AppError("CONFLICT", `Container van ${van.number} is already out on transfer slip ${out.ctsNum}.`, { containerVanNum: ["Already out"] });
    }
    const number = await nextNumber(tx, { series: CTS_SERIES, branchCode: booking.branchCode, on: now });
    await tx.insert(outboundCts).values({
      ctsNum: number, status: initialStatus(ctsWorkflow), bookingRef: booking.bookingRef, branchCode: booking.branchCode, voyageNum: booking.voyageNum,
      containerVanNum: van.number, containerVanId: van.lineVanId, isShipperOwned: input.isShipperOwned,
      numberOverrideReason: van.override?.reason ?? null, numberOverrideBy: van.override ? caller.userId : null,
      truckingCode: trucker.code, plateNum: input.plateNum, driver: input.driver, fromCyCode: van.fromCyCode,
      toParty: input.toParty, toName, vanStatus: input.vanStatus, damages: input.damages,
      vanLocator: input.vanLocator, vanLocatorAmount: input.vanLocatorAmount, remarks: input.remarks,
      dateIssued: now, issuedBy: caller.userId, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    await recordCargoStage(tx, booking.bookingRef, CTS_STAGE, now);
    if (van.override) {
      await recordAudit(tx, {
        actor: caller.userId, action: "CONTAINER_NUMBER_OVERRIDE", target: `outbound-cts:${number}`,
        detail: { bookingRef: booking.bookingRef, containerVanNum: van.number, problem: van.override.problem, reason: van.override.reason },
      });
    }
    return number;
  });
  return { data: await ctsByNum(db, ctsNum, caller), message: "Outbound CTS issued successfully" };
}

/**
 * Cancels an issued slip: the line's van is free again, the booking goes back to ATW Issued and its cargo no
 * longer shows stage 0. The slip stays, marked Cancelled with who cancelled it.
 */
export async function cancelCts(db: Db, caller: Caller, ctsNum: string, input: { dateModified: string }) {
  const slip = await ctsByNum(db, ctsNum, caller);
  if (new Date(input.dateModified).getTime() !== new Date(slip.dateModified).getTime()) {
    throw new AppError("CONFLICT", "This transfer slip was changed by someone else after you opened it. Reload it and try again.");
  }
  const booking = await bookingByRef(db, slip.bookingRef, caller);
  // The van is on a waybill (the booking's own or a tandem's): the slip stands while the waybill does.
  const [onWaybill] = await db.select({ ref: waybills.wayBillRef }).from(waybills)
    .where(or(eq(waybills.ctsNum, slip.ctsNum), eq(waybills.tandemCtsNum, slip.ctsNum)));
  if (onWaybill) {
    throw new AppError("CONFLICT", `Van ${slip.containerVanNum} of transfer slip ${slip.ctsNum} is on waybill ${onWaybill.ref}; the slip cannot be cancelled while the waybill stands.`);
  }
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    await transition(tx, ctsWorkflow, ctsTarget, { id: slip.id, action: "cancel", actor: caller, set: { dateCancelled: now, cancelledBy: caller.userId, userModified: caller.userId } });
    await transition(tx, bookingWorkflow, bookingTarget, { id: booking.id, action: "cancelCts", actor: caller, set: { containerVanNum: "", isShipperOwned: false } });
    const [row] = await tx.select({ vanId: outboundCts.containerVanId }).from(outboundCts).where(eq(outboundCts.id, slip.id));
    if (row?.vanId) {
      await tx.update(containerVans).set({ isUsed: false, dateModified: now, userModified: caller.userId }).where(eq(containerVans.id, row.vanId));
    }
    await withdrawCargoStage(tx, booking.bookingRef, CTS_STAGE);
  });
  return { data: await ctsByNum(db, slip.ctsNum, caller), message: "Outbound CTS cancelled successfully" };
}

/** The slip of a booking that is issued now, if any (the batch screen links to it). */
export async function issuedCtsOfBooking(db: Db, bookingRef: string, scope: BranchScope) {
  await bookingByRef(db, bookingRef, scope);
  const [row] = await selectRows(db).where(and(sql`lower(${outboundCts.bookingRef}) = lower(${bookingRef})`, eq(outboundCts.status, "Issued")));
  return { data: row ? toRow(row) : null };
}
