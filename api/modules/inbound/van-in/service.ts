import { and, count, desc, eq, ne, notExists, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import { containerYards, customers, vanIns, waybills } from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { normalizeContainerNumber } from "../../../shared/container-numbers.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { formatManilaDateTime, manilaDate } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { normalizeAmount } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES } from "../../../shared/page-paths.ts";
import type { Caller } from "../../auth/index.ts";
import { cargoStageReached, cargoStageTimes, recordCargoStage } from "../../bookings/index.ts";
import { moveVansBetweenYards, setVansUsed, vansByNumbers } from "../../master-data/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { freeTimeOfWaybill } from "../demurrage/service.ts";
import { checkReturnedVans, VAN_IN_SERIES, VAN_IN_STAGE, VAN_IN_TITLE, VAN_OUT_STAGE } from "./rules.ts";
import type { CreateVanInInput, VanInListQuery, VanInRow } from "./schemas.ts";
import { userNamesOf } from "../../../shared/user-names.ts";
import { destinationWaybill } from "../cargo-release/service.ts";
import { consigneeOnWaybill, shipperNameOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Van-in (001 §3, §4 stage 9): the empty van of a waybill released to its consignee comes back to a yard of the
 * destination branch. The van-in records stage 9 (which ends the detention clock of the free-time rule set), makes
 * the van free again in the van master (`setVansUsed`, the service of `updateCvIsUsed`) and puts it at the yard it
 * returned to, and keeps the detention the rule set answers on the return day for the van-in clearance.
 */

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

const vanInColumns = {
  id: vanIns.id,
  vanInId: vanIns.vanInId,
  wayBillRef: vanIns.wayBillRef,
  bookingRef: vanIns.bookingRef,
  tandemBookingRef: vanIns.tandemBookingRef,
  voyageNum: vanIns.voyageNum,
  branchCode: vanIns.branchCode,
  consigneeName: waybills.consigneeName,
  consigneePreferredName: waybills.consigneePreferredName,
  containerVanNum: waybills.containerVanNum,
  tandemContainerVanNum: waybills.tandemContainerVanNum,
  size: waybills.size,
  dateReturned: vanIns.dateReturned,
  cyCode: vanIns.cyCode,
  cyName: containerYards.name,
  tandemCodeIds: vanIns.tandemCodeIds,
  damages: vanIns.damages,
  remarks: vanIns.remarks,
  detentionLastFreeDay: vanIns.detentionLastFreeDay,
  detentionDays: vanIns.detentionDays,
  detentionAmount: vanIns.detentionAmount,
  detentionProblem: vanIns.detentionProblem,
  receivedBy: vanIns.receivedBy,
};

function selectVanIns(db: Executor) {
  return db.select(vanInColumns).from(vanIns)
    .innerJoin(waybills, eq(waybills.wayBillRef, vanIns.wayBillRef))
    .leftJoin(containerYards, eq(containerYards.code, vanIns.cyCode));
}

/** The waybills of the scope whose van is out on an inbound CTS (stage 8) with no van-in yet. */
function outCondition(db: Executor, scope: BranchScope, search: string) {
  return and(
    branchCondition(scope, waybills.destinationBranchCode),
    ne(waybills.status, "Cancelled"),
    cargoStageReached(waybills.bookingRef, VAN_OUT_STAGE),
    notExists(db.select({ one: sql`1` }).from(vanIns).where(eq(vanIns.wayBillRef, waybills.wayBillRef))),
    searchAny([waybills.wayBillRef, waybills.bookingRef, waybills.containerVanNum, waybills.tandemContainerVanNum], search || undefined),
  );
}

const returnedCondition = (scope: BranchScope, search: string) =>
  and(
    branchCondition(scope, vanIns.branchCode),
    searchAny([vanIns.vanInId, vanIns.wayBillRef, vanIns.bookingRef, waybills.containerVanNum, waybills.tandemContainerVanNum], search || undefined),
  );

type VanInSelected = Awaited<ReturnType<typeof selectVanIns>>[number];

async function returnedRows(db: Executor, rows: VanInSelected[]): Promise<VanInRow[]> {
  const nameOf = await userNamesOf(db, rows.map((r) => r.receivedBy));
  const out = await cargoStageTimes(db, rows.map((r) => r.bookingRef), [VAN_OUT_STAGE]);
  return rows.map((r) => ({
    state: "Returned",
    id: r.id,
    vanInId: r.vanInId,
    wayBillRef: r.wayBillRef,
    bookingRef: r.bookingRef,
    tandemBookingRef: r.tandemBookingRef,
    voyageNum: r.voyageNum,
    branchCode: r.branchCode,
    consigneeName: consigneeOnWaybill(r),
    containerVanNum: r.containerVanNum,
    tandemContainerVanNum: r.tandemContainerVanNum ?? "",
    size: r.size,
    vanOut: out.get(r.bookingRef)?.get(VAN_OUT_STAGE)?.toISOString() ?? null,
    dateReturned: r.dateReturned.toISOString(),
    cyCode: r.cyCode,
    cyName: r.cyName,
    tandemCodeIds: r.tandemCodeIds,
    damages: r.damages,
    remarks: r.remarks,
    detentionLastFreeDay: r.detentionLastFreeDay,
    detentionDays: r.detentionDays,
    detentionAmount: normalizeAmount(r.detentionAmount),
    detentionProblem: r.detentionProblem,
    receivedBy: r.receivedBy,
    receivedByName: nameOf(r.receivedBy),
  }));
}

/** One van-in of the caller's branches (the waybill's destination). */
export async function vanInById(db: Executor, vanInId: string, scope: BranchScope): Promise<VanInRow> {
  const [row] = await selectVanIns(db).where(and(sql`lower(${vanIns.vanInId}) = lower(${vanInId})`, branchCondition(scope, vanIns.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", `Van-in ${vanInId} was not found.`);
  return (await returnedRows(db, [row]))[0];
}

/**
 * The van-in screen's list, 20 a page: first the vans out on an inbound CTS awaiting their return (by waybill),
 * then the van-ins made (newest first); `state` keeps to one of them, `search` matches a van or waybill.
 */
export async function listVanIns(db: Db, scope: BranchScope, query: VanInListQuery) {
  const wantOut = query.state !== "Returned";
  const wantReturned = query.state !== "Out";
  const outWhere = outCondition(db, scope, query.search);
  const returnedWhere = returnedCondition(scope, query.search);
  const [[{ outTotal }], [{ returnedTotal }]] = await Promise.all([
    wantOut ? db.select({ outTotal: count() }).from(waybills).where(outWhere) : Promise.resolve([{ outTotal: 0 }]),
    wantReturned
      ? db.select({ returnedTotal: count() }).from(vanIns).innerJoin(waybills, eq(waybills.wayBillRef, vanIns.wayBillRef)).where(returnedWhere)
      : Promise.resolve([{ returnedTotal: 0 }]),
  ]);
  const data: VanInRow[] = [];
  if (wantOut && query.skip < outTotal) {
    const rows = await db.select({
      wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, tandemBookingRef: waybills.tandemBookingRef, voyageNum: waybills.voyageNum,
      branchCode: waybills.destinationBranchCode, consigneeName: waybills.consigneeName, consigneePreferredName: waybills.consigneePreferredName,
      containerVanNum: waybills.containerVanNum, tandemContainerVanNum: waybills.tandemContainerVanNum, size: waybills.size,
    }).from(waybills).where(outWhere).orderBy(waybills.wayBillRef).limit(query.take).offset(query.skip);
    const times = await cargoStageTimes(db, rows.map((r) => r.bookingRef), [VAN_OUT_STAGE]);
    for (const r of rows) {
      data.push({
        state: "Out", id: null, vanInId: null, wayBillRef: r.wayBillRef, bookingRef: r.bookingRef, tandemBookingRef: r.tandemBookingRef,
        voyageNum: r.voyageNum, branchCode: r.branchCode, consigneeName: consigneeOnWaybill(r),
        containerVanNum: r.containerVanNum, tandemContainerVanNum: r.tandemContainerVanNum ?? "", size: r.size,
        vanOut: times.get(r.bookingRef)?.get(VAN_OUT_STAGE)?.toISOString() ?? null, dateReturned: null, cyCode: null, cyName: null,
        tandemCodeIds: [], damages: [], remarks: "", detentionLastFreeDay: null, detentionDays: 0, detentionAmount: "0.00", detentionProblem: null,
        receivedBy: null, receivedByName: null,
      });
    }
  }
  const room = query.take - data.length;
  if (wantReturned && room > 0) {
    const offset = Math.max(0, query.skip - outTotal);
    const rows = await selectVanIns(db).where(returnedWhere).orderBy(desc(vanIns.dateReturned), desc(vanIns.id)).limit(room).offset(offset);
    data.push(...await returnedRows(db, rows));
  }
  const total = outTotal + returnedTotal;
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/** Tells the inbound staff of the branch (title "Van-In") that a van came back, after the van-in committed. */
async function tellBranch(db: Db, caller: Caller, row: VanInRow) {
  await sendNotification(db, {
    title: VAN_IN_TITLE,
    message: `Van-in ${row.vanInId}: ${row.tandemCodeIds.join(" / ")} of waybill ${row.wayBillRef} returned to ${row.cyName ?? row.cyCode} on ` +
      `${formatManilaDateTime(row.dateReturned)}.`,
    url: PAGES.vanIn,
    sender: caller.userId,
    holders: { menu: "INBOUND", branchCodes: [row.branchCode] },
    leaveOutSender: true,
  });
}

/**
 * Records the return of a released waybill's empty van (a tandem's two) at a yard of the destination branch, in one
 * transaction: the number from the branch's VI series; stage 9 (Van-In) of the booking and a tandem's second at the
 * moment returned, which ends detention; the vans made free again in the van master and put at the yard; the
 * detention the free-time rule set answers for the return day kept with the van-in; the audit. Refused, it changes
 * nothing.
 */
export async function createVanIn(db: Db, caller: Caller, input: CreateVanInInput, now = new Date()) {
  const waybill = await destinationWaybill(db, caller, input.wayBillRef, "return");
  const [existing] = await db.select({ id: vanIns.vanInId }).from(vanIns).where(eq(vanIns.wayBillRef, waybill.wayBillRef));
  if (existing) throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} already has van-in ${existing.id}.`, { wayBillRef: ["Already returned"] });
  const vanOut = (await cargoStageTimes(db, [waybill.bookingRef], [VAN_OUT_STAGE])).get(waybill.bookingRef)?.get(VAN_OUT_STAGE);
  if (!vanOut) {
    throw refused("wayBillRef", `Waybill ${waybill.wayBillRef} has no van out on an inbound CTS; its van-in is made once the van has gone out to the consignee.`);
  }
  const dateReturned = input.dateReturned ? new Date(input.dateReturned) : now;
  if (dateReturned.getTime() > now.getTime()) throw refused("dateReturned", "dateReturned cannot be in the future.");
  if (dateReturned.getTime() < vanOut.getTime()) {
    throw refused("dateReturned", `The van went out on ${formatManilaDateTime(vanOut)}; it cannot have come back before that.`);
  }

  const [yard] = await db.select().from(containerYards).where(sql`lower(${containerYards.code}) = lower(${input.cyCode})`);
  if (!yard || !yard.isActive) throw refused("cyCode", `Container yard ${input.cyCode} is not an active yard.`);
  if (yard.branchCode.toUpperCase() !== waybill.destinationBranchCode.toUpperCase()) {
    throw refused("cyCode", `Container yard ${yard.code} is not a yard of branch ${waybill.destinationBranchCode}.`);
  }

  // The vans that come back: the waybill's van, and a tandem's second, each named.
  const expected = [waybill.containerVanNum, waybill.tandemContainerVanNum ?? ""].map(normalizeContainerNumber).filter((v) => v !== "");
  const given = input.tandemCodeIds.map(normalizeContainerNumber);
  const isTandem = expected.length > 1;
  if (isTandem && given.length === 0) {
    throw refused("tandemCodeIds", `Waybill ${waybill.wayBillRef} is a tandem of vans ${expected.join(" and ")}: name both vans that came back.`);
  }
  const returned = given.length === 0 ? expected : [...new Set(given)];
  const { missing, unknown } = checkReturnedVans(expected, returned);
  if (unknown.length > 0) {
    throw refused("tandemCodeIds", `Van ${unknown.join(", ")} is not a van of waybill ${waybill.wayBillRef} (${expected.join(" / ") || "no van"}).`);
  }
  if (missing.length > 0) {
    throw refused("tandemCodeIds", `Waybill ${waybill.wayBillRef} is a tandem: van ${missing.join(", ")} must come back on the same van-in.`);
  }
  const damages = input.damages.map((d) => ({ ...d, containerVanNum: d.containerVanNum ? normalizeContainerNumber(d.containerVanNum) : returned[0] ?? "" }));
  const strange = damages.find((d) => !returned.includes(d.containerVanNum));
  if (strange) throw refused("damages", `A damage names van ${strange.containerVanNum}, which is not a van of this van-in.`);

  const vanInId = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: VAN_IN_SERIES, branchCode: waybill.destinationBranchCode, on: now });
    // Of two clerks recording the same return at once, the second inserts nothing and is told so.
    const made = await tx.insert(vanIns).values({
      vanInId: number, wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef, tandemBookingRef: waybill.tandemBookingRef, voyageNum: waybill.voyageNum,
      branchCode: waybill.destinationBranchCode, cyCode: yard.code, tandemCodeIds: returned, dateReturned, damages, remarks: input.remarks,
      receivedBy: caller.userId, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).onConflictDoNothing({ target: vanIns.wayBillRef }).returning({ id: vanIns.id });
    if (made.length === 0) throw new AppError("CONFLICT", `The van of waybill ${waybill.wayBillRef} was received by someone else a moment ago. Reload to see its van-in.`);
    for (const ref of [waybill.bookingRef, waybill.tandemBookingRef].filter((r): r is string => !!r)) await recordCargoStage(tx, ref, VAN_IN_STAGE, dateReturned);

    // The vans of the line's master are free again and stand at the yard they came back to (a shipper's own van is not in it).
    const known = await vansByNumbers(tx, returned);
    if (known.length > 0) {
      await setVansUsed(tx, { codes: known.map((v) => v.code) }, false, caller);
      await moveVansBetweenYards(tx, known.map((v) => ({ code: v.code, from: v.cyCode, to: yard.code })), caller);
    }

    // Detention settled: the rule set's answer on the return day, with the van-in's stage 9 as its end.
    const { data: freeTime } = await freeTimeOfWaybill(tx, caller, waybill.wayBillRef, manilaDate(dateReturned));
    const detention = freeTime.charges.find((c) => c.side === "destination" && c.chargeType === "DET") ?? null;
    const settled = {
      detentionLastFreeDay: detention?.snapshot?.lastFreeDay ?? null,
      detentionDays: detention?.snapshot?.days ?? 0,
      detentionAmount: detention?.snapshot?.amount ?? "0",
      detentionProblem: detention?.problem ?? null,
    };
    await tx.update(vanIns).set(settled).where(eq(vanIns.id, made[0].id));
    await recordAudit(tx, {
      actor: caller.userId, action: "VAN_IN_RECORDED", target: `van-in:${number}`,
      detail: {
        wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef, tandemBookingRef: waybill.tandemBookingRef, cyCode: yard.code,
        dateReturned: dateReturned.toISOString(), tandemCodeIds: returned, damages, vansFreed: known.map((v) => v.code), ...settled,
      },
    });
    return number;
  });
  const row = await vanInById(db, vanInId, caller);
  await tellBranch(db, caller, row);
  return { data: row, message: "Van-in recorded successfully" };
}

/** The customer's name of a waybill for the clearance: its shipper. */
export async function shipperOf(db: Executor, wayBillRef: string): Promise<string> {
  const [row] = await db.select({ name: shipperNameOnWaybill }).from(waybills)
    .leftJoin(customers, eq(customers.code, waybills.customerCode)).where(eq(waybills.wayBillRef, wayBillRef));
  return row?.name ?? "";
}
