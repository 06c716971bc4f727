import { and, asc, count, desc, eq, gt, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import {
  bookingBatches, bookings, customers, loadListEntries, outboundCts, stowagePlacements, tallySheetLines, tallySheets, vessels, voyageReguides,
  voyageScheduleDestinations, voyageSchedules, voyageStowagePlans, waybills,
} from "../../../../db/schema/index.ts";
import { recordAudit, recordAudits } from "../../../shared/audit.ts";
import { type BranchScope, coversBranch } from "../../../shared/branch-scope.ts";
import { manilaDate } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { transition } from "../../../shared/workflow.ts";
import type { Caller } from "../../auth/index.ts";
import { withdrawCargoStage } from "../../bookings/index.ts";
import { outboundVoyage } from "../voyage-documents/service.ts";
import { waybillWorkflow } from "../waybills/rules.ts";
import {
  FINAL_TALLY,
  GONE_BOOKING_STATUSES, LOAD_LIST_STAGE, LOADED_BOOKING_STATUS, LOADED_WAYBILL_STATUS, ON_LOAD_LIST, type ReguideKind, VESSEL_CHANGED,
  VOYAGE_TRANSFERRED,
} from "./rules.ts";
import type { ReguideRow, TransferableBooking, TransferTarget, VesselChangeInput, VoyageTransferInput } from "./schemas.ts";

/**
 * Reguiding (001 §7 OutBound): a voyage's vessel changed, or bookings moved with their waybills to another voyage
 * from the same origin, before their cargo is loaded. Each is one transaction that also writes its
 * voyage_reguides row and its audit rows; a refusal changes nothing. The voyage is its origin branch's: staff of
 * other branches find no such voyage.
 */

type VoyageRecord = typeof voyageSchedules.$inferSelect;

const waybillTarget = { table: waybills, id: waybills.id, status: waybills.status, dateModified: waybills.dateModified, label: waybills.wayBillRef };

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const VESSEL_CHANGE: ReguideKind = "Vessel change";
const VOYAGE_TRANSFER: ReguideKind = "Voyage transfer";

/** The voyage by its number, when it leaves from one of the caller's branches. */
async function originVoyage(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageRecord> {
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`);
  if (!voyage || !coversBranch(scope, voyage.originBranchCode)) throw new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  return voyage;
}

async function vesselName(db: Db, code: string): Promise<string> {
  const [vessel] = await db.select({ name: vessels.name }).from(vessels).where(eq(vessels.code, code));
  return vessel?.name ?? code;
}

// ---------------------------------------------------------------------------------------------------------
// Vessel change

/**
 * Puts the voyage on another active vessel (one getVesselForVesselChange offers). Not once the final tally has
 * counted the cargo onto the vessel, nor while the voyage's stowage plan places vans on the old vessel's grid; a
 * plan that places nothing yet is dropped, so planning starts again on the new vessel's grid.
 */
export async function changeVessel(db: Db, caller: Caller, input: VesselChangeInput) {
  const voyage = await originVoyage(db, input.voyageNum, caller);
  if (new Date(input.dateModified).getTime() !== voyage.dateModified.getTime()) {
    throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} was changed by someone else after you opened it. Reload it and try again.`);
  }
  const current = await vesselName(db, voyage.vesselCode);
  if (voyage.finalTallyAt) {
    throw new AppError("CONFLICT",
      `Voyage ${voyage.voyageNum} was loaded on ${current} by its final tally on ${manilaDate(voyage.finalTallyAt)}; its vessel can no longer change.`);
  }
  const [vessel] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${input.vesselCode})`);
  if (!vessel || !vessel.isActive) throw refused("vesselCode", `Vessel ${input.vesselCode} is not an active vessel.`);
  if (vessel.code === voyage.vesselCode) throw refused("vesselCode", `Voyage ${voyage.voyageNum} already sails on ${vessel.name}.`);
  const [{ placed }] = await db.select({ placed: count() }).from(stowagePlacements).where(eq(stowagePlacements.voyageNum, voyage.voyageNum));
  if (Number(placed) > 0) {
    throw new AppError("CONFLICT",
      `The stowage plan of voyage ${voyage.voyageNum} already places cargo on ${current}; clear the plan before changing the vessel.`);
  }
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const moved = await tx.update(voyageSchedules).set({ vesselCode: vessel.code, userModified: caller.userId, dateModified: now })
      .where(and(eq(voyageSchedules.id, voyage.id), eq(voyageSchedules.dateModified, voyage.dateModified))).returning({ id: voyageSchedules.id });
    if (moved.length === 0) {
      throw new AppError("CONFLICT", `Voyage ${voyage.voyageNum} was changed by someone else after you opened it. Reload it and try again.`);
    }
    // The grid was copied from the old vessel's plan and holds nothing yet.
    await tx.delete(voyageStowagePlans).where(eq(voyageStowagePlans.voyageNum, voyage.voyageNum));
    await tx.insert(voyageReguides).values({
      kind: VESSEL_CHANGE, voyageNum: voyage.voyageNum, fromVesselCode: voyage.vesselCode, toVesselCode: vessel.code, reason: input.reason,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    await recordAudit(tx, {
      actor: caller.userId, action: "VOYAGE_VESSEL_CHANGED", target: `voyage:${voyage.voyageNum}`,
      detail: { before: { vesselCode: voyage.vesselCode }, after: { vesselCode: vessel.code }, ...(input.reason ? { reason: input.reason } : {}) },
    });
  });
  return { data: await outboundVoyage(db, voyage.voyageNum, caller), message: VESSEL_CHANGED };
}

// ---------------------------------------------------------------------------------------------------------
// Voyage transfer

interface CargoState {
  booking: typeof bookings.$inferSelect;
  waybill: typeof waybills.$inferSelect | null;
  releaseId: string | null;
  /** Live lines counting its van on the voyage's tally sheets, with the sheet's number and status. */
  tallied: { tallySheetNum: string; status: string }[];
}

/** Each booking's waybill, the load list release its waybill is on, and the tally lines that count its van. */
async function cargoStates(db: Db, voyageNum: string, records: (typeof bookings.$inferSelect)[]): Promise<CargoState[]> {
  if (records.length === 0) return [];
  const refs = records.map((b) => b.bookingRef);
  const [bills, lines] = await Promise.all([
    // A booking's waybill is its own, or the tandem waybill it is the partner of.
    db.select().from(waybills).where(or(inArray(waybills.bookingRef, refs), inArray(waybills.tandemBookingRef, refs))),
    db.select({ bookingRef: tallySheetLines.bookingRef, wayBillRef: tallySheetLines.wayBillRef, tallySheetNum: tallySheets.tallySheetNum, status: tallySheets.status })
      .from(tallySheetLines).innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
      .where(and(eq(tallySheets.voyageNum, voyageNum), isNull(tallySheetLines.dateRemoved))),
  ]);
  const wayBillRefs = bills.map((w) => w.wayBillRef);
  const entries = wayBillRefs.length
    ? await db.select({ wayBillRef: loadListEntries.wayBillRef, releaseId: loadListEntries.releaseId }).from(loadListEntries)
      .where(and(inArray(loadListEntries.wayBillRef, wayBillRefs), isNull(loadListEntries.dateRemoved)))
    : [];
  return records.map((booking) => {
    const waybill = bills.find((w) => w.bookingRef === booking.bookingRef || w.tandemBookingRef === booking.bookingRef) ?? null;
    return {
      booking,
      waybill,
      releaseId: waybill ? entries.find((e) => e.wayBillRef === waybill.wayBillRef)?.releaseId ?? null : null,
      tallied: lines.filter((l) => l.bookingRef === booking.bookingRef || (waybill !== null && l.wayBillRef === waybill.wayBillRef))
        .map((l) => ({ tallySheetNum: l.tallySheetNum, status: l.status })),
    };
  });
}

/** Why a booking's cargo stays on its voyage, or null when it may move. */
function blockedReason(state: CargoState): string | null {
  const { booking, waybill, tallied } = state;
  if ((GONE_BOOKING_STATUSES as readonly string[]).includes(booking.status)) return `Booking ${booking.bookingRef} is ${booking.status}; it is no cargo to move.`;
  const final = tallied.find((t) => t.status === FINAL_TALLY);
  if (booking.status === LOADED_BOOKING_STATUS || waybill?.status === LOADED_WAYBILL_STATUS || final) {
    return `Booking ${booking.bookingRef} is already loaded${final ? ` (final tally ${final.tallySheetNum})` : ""}; loaded cargo sails with its voyage.`;
  }
  if (tallied.length > 0) {
    return `Booking ${booking.bookingRef}'s van is counted on tally sheet ${tallied[0].tallySheetNum}; take it off the sheet before transferring it.`;
  }
  return null;
}

/** The bookings of a voyage that are still cargo, each with its waybill and why it cannot move, if it cannot. */
export async function transferableBookings(db: Db, caller: Caller, voyageNum: string): Promise<{ data: TransferableBooking[]; message?: string }> {
  const voyage = await originVoyage(db, voyageNum, caller);
  const records = await db.select().from(bookings)
    .where(and(eq(bookings.voyageNum, voyage.voyageNum), notInArray(bookings.status, [...GONE_BOOKING_STATUSES]))).orderBy(asc(bookings.bookingRef));
  const [states, names] = await Promise.all([
    cargoStates(db, voyage.voyageNum, records),
    records.length
      ? db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, [...new Set(records.map((b) => b.customerCode))]))
      : [],
  ]);
  const data = states.map((s) => ({
    bookingRef: s.booking.bookingRef,
    status: s.booking.status,
    customer: names.find((n) => n.code === s.booking.customerCode)?.company ?? s.booking.customerCode,
    destinationBranchCode: s.booking.destinationBranchCode,
    modeOfDelivery: s.booking.modeOfDelivery,
    containerVanNum: s.booking.containerVanNum,
    wayBillRef: s.waybill?.wayBillRef ?? null,
    waybillStatus: s.waybill?.status ?? null,
    releaseId: s.releaseId,
    blocked: blockedReason(s),
    dateModified: s.booking.dateModified.toISOString(),
  }));
  return data.length === 0 ? { data, message: `Voyage ${voyage.voyageNum} has no booking to transfer.` } : { data };
}

/** Active voyages from the same origin whose loading is not closed: where this voyage's cargo may go. */
export async function transferTargets(db: Db, caller: Caller, voyageNum: string): Promise<{ data: TransferTarget[] }> {
  const voyage = await originVoyage(db, voyageNum, caller);
  const rows = await db.select({ voyage: voyageSchedules, vesselName: vessels.name }).from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .where(and(
      eq(voyageSchedules.originBranchCode, voyage.originBranchCode), ne(voyageSchedules.voyageNum, voyage.voyageNum), eq(voyageSchedules.isActive, true),
      isNull(voyageSchedules.finalTallyAt), gt(voyageSchedules.estimatedTimeDeparture, sql`now() - interval '1 day'`),
    ))
    .orderBy(asc(voyageSchedules.estimatedTimeDeparture), asc(voyageSchedules.voyageNum)).limit(100);
  const calls = rows.length
    ? await db.select({ voyageNum: voyageScheduleDestinations.voyageNum, code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
      .where(inArray(voyageScheduleDestinations.voyageNum, rows.map((r) => r.voyage.voyageNum))).orderBy(asc(voyageScheduleDestinations.seq))
    : [];
  return {
    data: rows.map((r) => ({
      voyageNum: r.voyage.voyageNum,
      voyageRef: r.voyage.voyageRef,
      vesselName: r.vesselName,
      estimatedTimeDeparture: r.voyage.estimatedTimeDeparture.toISOString(),
      destinationBranchCodes: calls.filter((c) => c.voyageNum === r.voyage.voyageNum).map((c) => c.code),
    })),
  };
}

/**
 * Moves the chosen bookings, their transfer slips and their waybills to another voyage from the same origin, in
 * one transaction: only cargo not loaded (nothing counted on a tally sheet, nothing loaded by a final tally),
 * only to a voyage that calls at each booking's destination. A waybill on a load list leaves the list (its
 * workflow's removeFromLoadList, stage 2 withdrawn): the new voyage's load list takes it again. A batch whose
 * bookings all moved moves with them. Any refusal names every booking that stops the transfer and moves none.
 */
export async function transferBookings(db: Db, caller: Caller, input: VoyageTransferInput) {
  const from = await originVoyage(db, input.voyageNum, caller);
  const [to] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.toVoyageNum})`);
  if (!to) throw refused("toVoyageNum", `Voyage ${input.toVoyageNum} does not exist.`);
  if (to.voyageNum === from.voyageNum) throw refused("toVoyageNum", "Choose another voyage: the bookings are on this one already.");
  if (to.originBranchCode !== from.originBranchCode) {
    throw refused("toVoyageNum", `Voyage ${to.voyageNum} leaves from ${to.originBranchCode}; cargo of voyage ${from.voyageNum} moves only to a voyage from ${from.originBranchCode}.`);
  }
  if (!to.isActive) throw refused("toVoyageNum", `Voyage ${to.voyageNum} is inactive.`);
  if (to.finalTallyAt) throw refused("toVoyageNum", `Voyage ${to.voyageNum} was closed by its final tally on ${manilaDate(to.finalTallyAt)}.`);
  const calls = (await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(eq(voyageScheduleDestinations.voyageNum, to.voyageNum)).orderBy(asc(voyageScheduleDestinations.seq))).map((c) => c.code);

  const asked = new Map<string, string>();
  for (const b of input.bookings) {
    if (asked.has(b.bookingRef.toLowerCase())) throw refused("bookings", `Booking ${b.bookingRef} is named twice.`);
    asked.set(b.bookingRef.toLowerCase(), b.dateModified);
  }
  const records = await db.select().from(bookings).where(and(
    eq(bookings.voyageNum, from.voyageNum), inArray(sql`lower(${bookings.bookingRef})`, [...asked.keys()]),
  )).orderBy(asc(bookings.bookingRef));
  const missing = input.bookings.filter((b) => !records.some((r) => r.bookingRef.toLowerCase() === b.bookingRef.toLowerCase()));
  if (missing.length > 0) {
    throw refused("bookings", `${missing.map((b) => `Booking ${b.bookingRef}`).join(", ")} ${missing.length === 1 ? "is" : "are"} not on voyage ${from.voyageNum}.`);
  }
  const stale = records.filter((r) => new Date(asked.get(r.bookingRef.toLowerCase())!).getTime() !== r.dateModified.getTime());
  if (stale.length > 0) {
    throw new AppError("CONFLICT",
      `${stale.map((r) => `Booking ${r.bookingRef}`).join(", ")} changed after you opened the list. Reload it and try again; nothing was transferred.`);
  }
  const states = await cargoStates(db, from.voyageNum, records);
  const moving = new Set(records.map((r) => r.bookingRef));
  const problems = states.flatMap((s) => {
    const blocked = blockedReason(s);
    if (blocked) return [blocked];
    // The two bookings of a tandem waybill share its trailer: they move together or not at all.
    const pair = s.waybill?.tandemBookingRef ? [s.waybill.bookingRef, s.waybill.tandemBookingRef] : [];
    const other = pair.find((ref) => ref !== s.booking.bookingRef && !moving.has(ref));
    if (other) {
      return [`Booking ${s.booking.bookingRef} shares tandem waybill ${s.waybill!.wayBillRef} with booking ${other}; transfer both together.`];
    }
    if (!calls.includes(s.booking.destinationBranchCode)) {
      return [`Booking ${s.booking.bookingRef} goes to ${s.booking.destinationBranchCode}, where voyage ${to.voyageNum} does not call (${calls.join(", ")}).`];
    }
    return [];
  });
  if (problems.length > 0) {
    // Cargo that has gone too far is a conflict with its state; a voyage that does not call there, a wrong request.
    const code = states.some((s) => blockedReason(s)) ? "CONFLICT" : "VALIDATION";
    throw new AppError(code, `Nothing was transferred. ${problems.join(" ")}`, { bookings: problems });
  }

  const now = new Date();
  const refs = records.map((r) => r.bookingRef);
  // A tandem waybill is the waybill of two of the bookings: it moves, and leaves its load list, once.
  const bills = [...new Map(states.filter((s) => s.waybill !== null).map((s) => [s.waybill!.wayBillRef, s.waybill!])).values()];
  const offList = bills.filter((w) => w.status === ON_LOAD_LIST);
  const batchesMoved = await db.transaction(async (tx: Tx) => {
    for (const waybill of offList) {
      await tx.update(loadListEntries).set({ dateRemoved: now, removedBy: caller.userId })
        .where(and(eq(loadListEntries.wayBillRef, waybill.wayBillRef), isNull(loadListEntries.dateRemoved)));
      await transition(tx, waybillWorkflow, waybillTarget, {
        id: waybill.id, action: "removeFromLoadList", actor: caller, remarks: `Transferred to voyage ${to.voyageNum}`,
        set: { releaseType: "", releaseTag: "", userModified: caller.userId },
      });
      for (const ref of [waybill.bookingRef, waybill.tandemBookingRef]) if (ref) await withdrawCargoStage(tx, ref, LOAD_LIST_STAGE);
    }
    // Only bookings still as they were read move: of two clerks moving the same booking, the second stops here.
    for (const r of records) {
      const moved = await tx.update(bookings).set({ voyageNum: to.voyageNum, userModified: caller.userId, dateModified: now })
        .where(and(eq(bookings.id, r.id), eq(bookings.voyageNum, from.voyageNum), eq(bookings.dateModified, r.dateModified))).returning({ id: bookings.id });
      if (moved.length === 0) {
        throw new AppError("CONFLICT", `Booking ${r.bookingRef} changed after you opened the list. Reload it and try again; nothing was transferred.`);
      }
    }
    if (bills.length > 0) {
      await tx.update(waybills).set({ voyageNum: to.voyageNum, userModified: caller.userId, dateModified: now })
        .where(inArray(waybills.wayBillRef, bills.map((w) => w.wayBillRef)));
    }
    await tx.update(outboundCts).set({ voyageNum: to.voyageNum, userModified: caller.userId, dateModified: now }).where(inArray(outboundCts.bookingRef, refs));
    // A batch goes along when none of its bookings stays behind.
    const batchRefs = [...new Set(records.map((r) => r.bookingBatchRef))];
    const left = await tx.select({ batch: bookings.bookingBatchRef }).from(bookings)
      .where(and(inArray(bookings.bookingBatchRef, batchRefs), eq(bookings.voyageNum, from.voyageNum)));
    const whole = batchRefs.filter((b) => !left.some((l) => l.batch === b));
    if (whole.length > 0) {
      await tx.update(bookingBatches).set({ voyageNum: to.voyageNum, userModified: caller.userId, dateModified: now })
        .where(and(inArray(bookingBatches.bookingBatchRef, whole), eq(bookingBatches.voyageNum, from.voyageNum)));
    }
    await tx.insert(voyageReguides).values({
      kind: VOYAGE_TRANSFER, voyageNum: from.voyageNum, toVoyageNum: to.voyageNum, bookingRefs: refs, wayBillRefs: bills.map((w) => w.wayBillRef),
      reason: input.reason, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    });
    await recordAudits(tx, states.map((s) => ({
      actor: caller.userId,
      action: "VOYAGE_TRANSFERRED" as const,
      target: `booking:${s.booking.bookingRef}`,
      detail: {
        before: { voyageNum: from.voyageNum }, after: { voyageNum: to.voyageNum },
        ...(s.waybill ? { wayBillRef: s.waybill.wayBillRef } : {}),
        ...(s.releaseId ? { leftRelease: s.releaseId } : {}),
        ...(whole.includes(s.booking.bookingBatchRef) ? { bookingBatchRef: s.booking.bookingBatchRef } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
      },
    })));
    return whole;
  });
  return {
    data: { voyageNum: from.voyageNum, toVoyageNum: to.voyageNum, bookingRefs: refs, wayBillRefs: bills.map((w) => w.wayBillRef), batchesMoved },
    message: VOYAGE_TRANSFERRED,
  };
}

/** The reguiding history of a voyage: its vessel changes and the transfers from or to it, newest first. */
export async function reguideHistory(db: Db, caller: Caller, voyageNum: string): Promise<{ data: ReguideRow[] }> {
  const voyage = await originVoyage(db, voyageNum, caller);
  const rows = await db.select().from(voyageReguides)
    .where(or(eq(voyageReguides.voyageNum, voyage.voyageNum), eq(voyageReguides.toVoyageNum, voyage.voyageNum)))
    .orderBy(desc(voyageReguides.dateCreated), desc(voyageReguides.id));
  return {
    data: rows.map((r) => ({
      id: r.id, kind: r.kind as ReguideKind, voyageNum: r.voyageNum, toVoyageNum: r.toVoyageNum, fromVesselCode: r.fromVesselCode, toVesselCode: r.toVesselCode,
      bookingRefs: r.bookingRefs, wayBillRefs: r.wayBillRefs, reason: r.reason, userCreated: r.userCreated ?? "", dateCreated: r.dateCreated.toISOString(),
    })),
  };
}
