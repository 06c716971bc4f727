import { and, count, desc, eq, ne, notExists, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import { cargoReleaseOrders, containerYards, customers, vessels, voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, findInScope } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { manilaToday } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { normalizeAmount } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import { releaseAnswer, waybillsPaid } from "../../accounting/index.ts";
import type { Caller } from "../../auth/index.ts";
import { cargoStageReached, cargoStageTimes, recordCargoStage } from "../../bookings/index.ts";
import { freeTimeOfWaybill } from "../demurrage/service.ts";
import { CRO_SERIES, CRO_STAGE, croWorkflow, DISCHARGED_STAGE, releaseNote, unpaidRefusal } from "./rules.ts";
import type { ClearCroInput, CreateCroInput, CroCandidateRow, CroListQuery, CroRow } from "./schemas.ts";
import { userNamesOf } from "../../../shared/user-names.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Cargo release orders (001 §3, §4 stage 7): the destination branch lets a discharged waybill's cargo go once
 * accounting answers that it is paid. "Paid" is asked of the accounting module (`waybillSidePaid`: invoices,
 * collections, cleared post-dated cheques, approved waivers), never worked out here; a waybill that is not paid is
 * refused with the words "in BASE Accounting", which the screens read as "the booking is unpaid" (001 §8). The
 * order is cleared at the yard (who cleared it, the CY the van is pulled out of), asked again of accounting then,
 * since a cheque may have bounced in between.
 */

export const croTarget = {
  table: cargoReleaseOrders, id: cargoReleaseOrders.id, status: cargoReleaseOrders.status, dateModified: cargoReleaseOrders.dateModified,
  label: cargoReleaseOrders.cargoReleaseOrderId,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

/** Why a cancelled waybill cannot take each step of its cargo at the destination. */
const NOTHING_TO = {
  announce: "there is no cargo to announce",
  release: "its cargo has nothing to release",
  deliver: "its cargo has nothing to deliver",
  return: "it has no van to return",
} as const;

/**
 * A waybill whose destination is one of the caller's branches, for a step of its cargo there: not found otherwise.
 * Given the step (an arrival notice, a release, a delivery, a van's return), a cancelled waybill is refused, naming what it lacks.
 */
export async function destinationWaybill(db: Executor, scope: BranchScope, wayBillRef: string, step?: keyof typeof NOTHING_TO) {
  const waybill = await findInScope(db, waybills, waybills.destinationBranchCode, scope,
    sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`, `Waybill ${wayBillRef} was not found.`);
  if (step && waybill.status === "Cancelled") throw refused("wayBillRef", `Waybill ${waybill.wayBillRef} is cancelled; ${NOTHING_TO[step]}.`);
  return waybill;
}

/**
 * Accounting's answer for both sides: the first side not paid, or how each is settled. Both are asked: a prepaid
 * waybill's origin side and a collect waybill's destination side alike must be settled.
 */
async function paymentOf(db: Executor, wayBillRef: string) {
  return releaseAnswer((await waybillsPaid(db, [wayBillRef])).get(wayBillRef)!);
}

/** Refuses a waybill accounting does not answer paid, with the words the screens mark the booking unpaid by. */
async function checkPaid(db: Executor, waybill: { wayBillRef: string; bookingRef: string }): Promise<string> {
  const { unpaid, reason } = await paymentOf(db, waybill.wayBillRef);
  if (unpaid) {
    const message = unpaidRefusal(waybill.bookingRef, waybill.wayBillRef, unpaid.side, unpaid.reason);
    throw new AppError("CONFLICT", message, { wayBillRef: [message] });
  }
  return reason;
}

const rowColumns = {
  id: cargoReleaseOrders.id,
  cargorReleaseOrderId: cargoReleaseOrders.cargoReleaseOrderId,
  status: cargoReleaseOrders.status,
  wayBillRef: cargoReleaseOrders.wayBillRef,
  bookingRef: cargoReleaseOrders.bookingRef,
  voyageNum: cargoReleaseOrders.voyageNum,
  voyageRef: voyageSchedules.voyageRef,
  vesselName: vessels.name,
  branchCode: cargoReleaseOrders.branchCode,
  originBranchCode: waybills.branchCode,
  shipperName: customers.company,
  shipperPreferredName: waybills.shipperPreferredName,
  consigneeName: cargoReleaseOrders.consigneeName,
  containerVanNum: waybills.containerVanNum,
  tandemContainerVanNum: waybills.tandemContainerVanNum,
  sealNum: waybills.sealNum,
  size: waybills.size,
  goods: waybills.goods,
  goodsOthers: waybills.goodsOthers,
  modeOfPayment: waybills.modeOfPayment,
  paidReason: cargoReleaseOrders.paidReason,
  storageRate: cargoReleaseOrders.storageRate,
  storageTeu: cargoReleaseOrders.storageTeu,
  storageDueDate: cargoReleaseOrders.storageDueDate,
  storagePerDay: cargoReleaseOrders.storagePerDay,
  storageAmount: cargoReleaseOrders.storageAmount,
  remarks: cargoReleaseOrders.remarks,
  dateReleased: cargoReleaseOrders.dateReleased,
  releasedBy: cargoReleaseOrders.releasedBy,
  cyPullOutCode: cargoReleaseOrders.cyPullOutCode,
  cyPullOutName: containerYards.name,
  clearedBy: cargoReleaseOrders.clearedBy,
  dateCleared: cargoReleaseOrders.dateCleared,
  dateModified: cargoReleaseOrders.dateModified,
};

function selectRows(db: Executor) {
  return db.select(rowColumns).from(cargoReleaseOrders)
    .innerJoin(waybills, eq(waybills.wayBillRef, cargoReleaseOrders.wayBillRef))
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, cargoReleaseOrders.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .leftJoin(customers, eq(customers.code, waybills.customerCode))
    .leftJoin(containerYards, eq(containerYards.code, cargoReleaseOrders.cyPullOutCode));
}

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

async function toRows(db: Executor, rows: SelectedRow[]): Promise<CroRow[]> {
  const nameOf = await userNamesOf(db, rows.flatMap((r) => [r.releasedBy, r.clearedBy]));
  return rows.map((r) => ({
    id: r.id,
    cargorReleaseOrderId: r.cargorReleaseOrderId,
    status: r.status as CroRow["status"],
    cleared: r.status === "Cleared",
    wayBillRef: r.wayBillRef,
    bookingRef: r.bookingRef,
    voyageNum: r.voyageNum,
    voyageRef: r.voyageRef,
    vesselName: r.vesselName,
    branchCode: r.branchCode,
    originBranchCode: r.originBranchCode,
    shipperName: shipperOnWaybill(r, r.shipperName),
    consigneeName: r.consigneeName,
    containerVanNum: [r.containerVanNum, r.tandemContainerVanNum].filter(Boolean).join(" / "),
    sealNum: r.sealNum,
    size: r.size,
    goods: [r.goods, r.goodsOthers].filter(Boolean).join(", "),
    modeOfPayment: r.modeOfPayment,
    paidReason: r.paidReason,
    storageRate: normalizeAmount(r.storageRate),
    storageTeu: r.storageTeu,
    storageDueDate: r.storageDueDate,
    storagePerDay: r.storagePerDay,
    storageAmount: r.storageAmount,
    note: releaseNote({ storageRate: r.storageRate, storageDueDate: r.storageDueDate }),
    remarks: r.remarks,
    dateReleased: r.dateReleased.toISOString(),
    releasedBy: r.releasedBy,
    releasedByName: nameOf(r.releasedBy),
    cyPullOutCode: r.cyPullOutCode,
    cyPullOutName: r.cyPullOutName,
    clearedBy: r.clearedBy,
    clearedByName: r.clearedBy ? nameOf(r.clearedBy) : null,
    dateCleared: r.dateCleared?.toISOString() ?? null,
    dateModified: r.dateModified.toISOString(),
  }));
}

/** One release order of the caller's branches (its destination branch). */
export async function croById(db: Executor, cargorReleaseOrderId: string, scope: BranchScope): Promise<CroRow> {
  const [row] = await selectRows(db).where(and(
    sql`lower(${cargoReleaseOrders.cargoReleaseOrderId}) = lower(${cargorReleaseOrderId})`,
    branchCondition(scope, cargoReleaseOrders.branchCode),
  ));
  if (!row) throw new AppError("NOT_FOUND", `Cargo release order ${cargorReleaseOrderId} was not found.`);
  return (await toRows(db, [row]))[0];
}

/** The release orders of the caller's branches, newest first, 20 a page unless asked otherwise. */
export async function listCros(db: Db, scope: BranchScope, query: CroListQuery) {
  const where = and(
    branchCondition(scope, cargoReleaseOrders.branchCode),
    query.status ? eq(cargoReleaseOrders.status, query.status) : undefined,
    searchAny([cargoReleaseOrders.cargoReleaseOrderId, cargoReleaseOrders.wayBillRef, cargoReleaseOrders.bookingRef, cargoReleaseOrders.consigneeName,
      cargoReleaseOrders.voyageNum], query.search || undefined),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(cargoReleaseOrders.dateReleased), desc(cargoReleaseOrders.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(cargoReleaseOrders).where(where),
  ]);
  const data = await toRows(db, rows);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/**
 * Waybills discharged at the caller's branches (final inbound tally, stage 6) that have no release order yet, with
 * accounting's answer for each: what a release order can be made for, the unpaid ones marked.
 */
export async function croCandidates(db: Db, scope: BranchScope, search: string) {
  const rows = await db.select({
    wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, voyageNum: waybills.voyageNum, consigneeName: waybills.consigneeName,
    consigneePreferredName: waybills.consigneePreferredName, containerVanNum: waybills.containerVanNum, modeOfPayment: waybills.modeOfPayment,
  }).from(waybills)
    .where(and(
      branchCondition(scope, waybills.destinationBranchCode),
      ne(waybills.status, "Cancelled"),
      cargoStageReached(waybills.bookingRef, DISCHARGED_STAGE),
      notExists(db.select({ one: sql`1` }).from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, waybills.wayBillRef))),
      searchAny([waybills.wayBillRef, waybills.bookingRef, waybills.consigneeName, waybills.containerVanNum, waybills.voyageNum], search || undefined),
    ))
    .orderBy(waybills.wayBillRef).limit(50);
  const payments = await waybillsPaid(db, rows.map((r) => r.wayBillRef));
  const data: CroCandidateRow[] = [];
  for (const r of rows) {
    const { unpaid, reason } = releaseAnswer(payments.get(r.wayBillRef)!);
    data.push({
      wayBillRef: r.wayBillRef, bookingRef: r.bookingRef, voyageNum: r.voyageNum, consigneeName: consigneeOnWaybill(r),
      containerVanNum: r.containerVanNum, modeOfPayment: r.modeOfPayment, paid: unpaid === null, paidReason: reason,
    });
  }
  return data.length === 0 ? { data, message: "No discharged waybill is waiting for a release order." } : { data };
}

/**
 * Makes the release order of a discharged waybill of the caller's branch, once accounting answers it paid: numbered
 * from the destination branch's CRO series, with the release note's storage figures of the free-time rule set as of
 * today, and stage 7 of its cargo (and of its tandem booking's), in one transaction. Refused, it changes nothing.
 */
export async function createCro(db: Db, caller: Caller, input: CreateCroInput, now = new Date()) {
  const waybill = await destinationWaybill(db, caller, input.wayBillRef, "release");
  const [existing] = await db.select({ id: cargoReleaseOrders.cargoReleaseOrderId }).from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, waybill.wayBillRef));
  if (existing) throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} already has cargo release order ${existing.id}.`, { wayBillRef: ["Already released"] });
  const stages = await cargoStageTimes(db, [waybill.bookingRef], [DISCHARGED_STAGE]);
  if (!stages.get(waybill.bookingRef)?.has(DISCHARGED_STAGE)) {
    throw refused("wayBillRef", `Waybill ${waybill.wayBillRef} has not been tallied off the vessel yet; its cargo is released after the final unloading tally sheet.`);
  }
  const paidReason = await checkPaid(db, waybill);

  // The release note: the storage figures of the free-time rule set as of today.
  const { data: freeTime } = await freeTimeOfWaybill(db, caller, waybill.wayBillRef, manilaToday(now));
  const storage = freeTime.charges.find((c) => c.side === "destination" && c.chargeType === "STO")?.snapshot ?? null;
  const note = {
    storageRate: storage?.rate ?? "900",
    storageTeu: storage?.teu ?? String(waybill.quantityTeu),
    storageDueDate: freeTime.storageDue?.dueDate ?? null,
    storagePerDay: freeTime.storageDue?.perDay.total ?? null,
    storageAmount: storage?.amount ?? "0",
  };

  const cargorReleaseOrderId = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: CRO_SERIES, branchCode: waybill.destinationBranchCode, on: now });
    // Of two clerks releasing the same waybill at once, the second inserts nothing and is told so.
    const made = await tx.insert(cargoReleaseOrders).values({
      cargoReleaseOrderId: number, status: initialStatus(croWorkflow), wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef,
      voyageNum: waybill.voyageNum, branchCode: waybill.destinationBranchCode,
      consigneeName: consigneeOnWaybill(waybill), paidReason, ...note, remarks: input.remarks,
      dateReleased: now, releasedBy: caller.userId, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).onConflictDoNothing({ target: cargoReleaseOrders.wayBillRef }).returning({ id: cargoReleaseOrders.id });
    if (made.length === 0) throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} was released by someone else a moment ago. Reload to see its release order.`);
    for (const ref of [waybill.bookingRef, waybill.tandemBookingRef].filter((r): r is string => !!r)) await recordCargoStage(tx, ref, CRO_STAGE, now);
    await recordAudit(tx, {
      actor: caller.userId, action: "CARGO_RELEASE_ORDER_CREATED", target: `cargo-release-order:${number}`,
      detail: { wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef, paidReason, ...note },
    });
    return number;
  });
  return { data: await croById(db, cargorReleaseOrderId, caller), message: "Cargo release order created successfully" };
}

/**
 * Clears a release order at the yard: the CY the van is pulled out of (a yard of the order's branch) and who
 * cleared it. Accounting is asked again, as a cheque may have bounced since the order was made. The dateModified
 * read must be current.
 */
export async function clearCro(db: Db, caller: Caller, cargorReleaseOrderId: string, input: ClearCroInput) {
  const cro = await croById(db, cargorReleaseOrderId, caller);
  if (new Date(input.dateModified).getTime() !== new Date(cro.dateModified).getTime()) {
    throw new AppError("CONFLICT", "This cargo release order was changed by someone else after you opened it. Reload it and try again.");
  }
  const [yard] = await db.select().from(containerYards).where(sql`lower(${containerYards.code}) = lower(${input.cyPullOutCode})`);
  if (!yard || !yard.isActive) throw refused("cyPullOutCode", `Container yard ${input.cyPullOutCode} is not an active yard.`);
  if (yard.branchCode.toUpperCase() !== cro.branchCode.toUpperCase()) {
    throw refused("cyPullOutCode", `Container yard ${yard.code} is not a yard of branch ${cro.branchCode}.`);
  }
  if (cro.status === "Created") await checkPaid(db, cro);
  const now = new Date();
  await transition(db, croWorkflow, croTarget, {
    id: cro.id, action: "clear", actor: caller,
    set: { cyPullOutCode: yard.code, clearedBy: caller.userId, dateCleared: now, userModified: caller.userId },
  });
  return { data: await croById(db, cro.cargorReleaseOrderId, caller), message: "Cleared Successfully" };
}
