import { and, count, desc, eq, notExists, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  cargoDeliveryReceipts,
  cargoReleaseOrders,
  containerYards,
  customers,
  inboundCts,
  truckings,
  vessels,
  voyageSchedules,
  waybills,
} from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { bookingsCarried } from "../../../shared/cargo-lists.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES } from "../../../shared/page-paths.ts";
import { transition } from "../../../shared/workflow.ts";
import { initialStatus } from "../../../shared/workflow-definition.ts";
import type { Caller } from "../../auth/index.ts";
import { cargoStageReached, cargoStageTimes, recordCargoStage, withdrawCargoStage } from "../../bookings/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { destinationWaybill } from "../cargo-release/service.ts";
import {
  INBOUND_CTS_SERIES,
  INBOUND_CTS_STAGE,
  INBOUND_CTS_TITLE,
  inboundCtsWorkflow,
  RELEASED_STAGE,
  TIME_OUT_LEEWAY_MS,
  VAN_IN_STAGE,
} from "./rules.ts";
import type { CancelInboundCtsInput, InboundCtsCandidateRow, InboundCtsListQuery, InboundCtsRow, IssueInboundCtsInput } from "./schemas.ts";
import { userNamesOf } from "../../../shared/user-names.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Inbound cargo transfer slips (001 §3 CTS, §4 stage 8 Inbound CTS Issued): the laden van of a waybill whose cargo
 * release order is cleared leaves the destination's yard (the order's CY pull-out) for the consignee, on a trucker
 * of the branch. The van-out stops storage and demurrage and starts detention: the free-time clocks read stage 8
 * from the booking's progress. A slip is cancelled (stage 8 withdrawn) only while the van has not come back and no
 * delivery receipt was made.
 */

export const inboundCtsTarget = {
  table: inboundCts, id: inboundCts.id, status: inboundCts.status, dateModified: inboundCts.dateModified, label: inboundCts.ctsNum,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

const rowColumns = {
  id: inboundCts.id,
  ctsNum: inboundCts.ctsNum,
  status: inboundCts.status,
  wayBillRef: inboundCts.wayBillRef,
  bookingRef: inboundCts.bookingRef,
  tandemBookingRef: inboundCts.tandemBookingRef,
  voyageNum: inboundCts.voyageNum,
  voyageRef: voyageSchedules.voyageRef,
  vesselName: vessels.name,
  branchCode: inboundCts.branchCode,
  originBranchCode: waybills.branchCode,
  cargoReleaseOrderId: inboundCts.cargoReleaseOrderId,
  shipperName: customers.company,
  shipperPreferredName: waybills.shipperPreferredName,
  consigneeName: waybills.consigneeName,
  consigneePreferredName: waybills.consigneePreferredName,
  containerVanNum: inboundCts.containerVanNum,
  size: waybills.size,
  sealNum: waybills.sealNum,
  truckingCode: inboundCts.truckingCode,
  truckerName: truckings.name,
  plateNum: inboundCts.plateNum,
  driver: inboundCts.driver,
  fromCyCode: inboundCts.fromCyCode,
  fromCyName: containerYards.name,
  toName: inboundCts.toName,
  remarks: inboundCts.remarks,
  dateTimeOut: inboundCts.dateTimeOut,
  dateIssued: inboundCts.dateIssued,
  issuedBy: inboundCts.issuedBy,
  dateCancelled: inboundCts.dateCancelled,
  cancelledBy: inboundCts.cancelledBy,
  cancelReason: inboundCts.cancelReason,
  cargoDeliveryReceiptId: cargoDeliveryReceipts.cargoDeliveryReceiptId,
  dateModified: inboundCts.dateModified,
};

function selectRows(db: Executor) {
  return db.select(rowColumns).from(inboundCts)
    .innerJoin(waybills, eq(waybills.wayBillRef, inboundCts.wayBillRef))
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, inboundCts.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .innerJoin(truckings, eq(truckings.code, inboundCts.truckingCode))
    .innerJoin(containerYards, eq(containerYards.code, inboundCts.fromCyCode))
    .leftJoin(customers, eq(customers.code, waybills.customerCode))
    .leftJoin(cargoDeliveryReceipts, eq(cargoDeliveryReceipts.ctsNum, inboundCts.ctsNum));
}

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

async function toRows(db: Executor, rows: SelectedRow[]): Promise<InboundCtsRow[]> {
  const nameOf = await userNamesOf(db, rows.map((r) => r.issuedBy));
  return rows.map((r) => ({
    id: r.id,
    ctsNum: r.ctsNum,
    status: r.status as InboundCtsRow["status"],
    wayBillRef: r.wayBillRef,
    bookingRef: r.bookingRef,
    tandemBookingRef: r.tandemBookingRef,
    voyageNum: r.voyageNum,
    voyageRef: r.voyageRef,
    vesselName: r.vesselName,
    branchCode: r.branchCode,
    originBranchCode: r.originBranchCode,
    cargoReleaseOrderId: r.cargoReleaseOrderId,
    shipperName: shipperOnWaybill(r, r.shipperName),
    consigneeName: consigneeOnWaybill(r),
    containerVanNum: r.containerVanNum,
    size: r.size,
    sealNum: r.sealNum,
    truckingCode: r.truckingCode,
    truckerName: r.truckerName,
    plateNum: r.plateNum,
    driver: r.driver,
    fromCyCode: r.fromCyCode,
    fromCyName: r.fromCyName,
    toName: r.toName,
    remarks: r.remarks,
    dateTimeOut: r.dateTimeOut.toISOString(),
    dateIssued: r.dateIssued.toISOString(),
    issuedBy: r.issuedBy,
    issuedByName: nameOf(r.issuedBy),
    dateCancelled: r.dateCancelled?.toISOString() ?? null,
    cancelledBy: r.cancelledBy,
    cancelReason: r.cancelReason,
    cargoDeliveryReceiptId: r.cargoDeliveryReceiptId ?? null,
    dateModified: r.dateModified.toISOString(),
  }));
}

/** One slip of the caller's branches (its destination branch). */
export async function inboundCtsByNum(db: Executor, ctsNum: string, scope: BranchScope): Promise<InboundCtsRow> {
  const [row] = await selectRows(db).where(and(sql`lower(${inboundCts.ctsNum}) = lower(${ctsNum})`, branchCondition(scope, inboundCts.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", `Inbound transfer slip ${ctsNum} was not found.`);
  return (await toRows(db, [row]))[0];
}

/**
 * The slip a waybill's van is out on (Issued), or null: what van-in reads before it takes the van back (stage 9).
 * No branch scope: callers inside the inbound module have checked the waybill's branch already.
 */
export async function inboundCtsOf(db: Executor, wayBillRef: string): Promise<InboundCtsRow | null> {
  const [row] = await selectRows(db).where(and(sql`lower(${inboundCts.wayBillRef}) = lower(${wayBillRef})`, eq(inboundCts.status, "Issued")));
  return row ? (await toRows(db, [row]))[0] : null;
}

/** The slips of the caller's branches, newest first, 20 a page unless asked otherwise. */
export async function listInboundCts(db: Db, scope: BranchScope, query: InboundCtsListQuery) {
  const where = and(
    branchCondition(scope, inboundCts.branchCode),
    query.status ? eq(inboundCts.status, query.status) : undefined,
    searchAny([inboundCts.ctsNum, inboundCts.wayBillRef, inboundCts.bookingRef, inboundCts.containerVanNum, inboundCts.plateNum, inboundCts.driver,
      inboundCts.toName], query.search || undefined),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(inboundCts.dateIssued), desc(inboundCts.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(inboundCts).where(where),
  ]);
  const data = await toRows(db, rows);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/** Waybills of the caller's branches with a release order (stage 7) and no slip standing: what a slip can be issued for. */
export async function inboundCtsCandidates(db: Db, scope: BranchScope, search: string) {
  const rows = await db.select({
    wayBillRef: waybills.wayBillRef, branchCode: waybills.destinationBranchCode, bookingRef: waybills.bookingRef, voyageNum: waybills.voyageNum,
    consigneeName: waybills.consigneeName, consigneePreferredName: waybills.consigneePreferredName, containerVanNum: waybills.containerVanNum, tandemVan: waybills.tandemContainerVanNum,
    cargoReleaseOrderId: cargoReleaseOrders.cargoReleaseOrderId, croStatus: cargoReleaseOrders.status, cyPullOutName: containerYards.name,
  }).from(waybills)
    .innerJoin(cargoReleaseOrders, eq(cargoReleaseOrders.wayBillRef, waybills.wayBillRef))
    .leftJoin(containerYards, eq(containerYards.code, cargoReleaseOrders.cyPullOutCode))
    .where(and(
      branchCondition(scope, waybills.destinationBranchCode),
      sql`${waybills.status} <> 'Cancelled'`,
      notExists(db.select({ one: sql`1` }).from(inboundCts).where(and(eq(inboundCts.wayBillRef, waybills.wayBillRef), eq(inboundCts.status, "Issued")))),
      cargoStageReached(waybills.bookingRef, RELEASED_STAGE),
      searchAny([waybills.wayBillRef, waybills.bookingRef, waybills.consigneeName, waybills.containerVanNum, cargoReleaseOrders.cargoReleaseOrderId],
        search || undefined),
    ))
    .orderBy(waybills.wayBillRef).limit(50);
  const data: InboundCtsCandidateRow[] = rows.map((r) => ({
    wayBillRef: r.wayBillRef, branchCode: r.branchCode, bookingRef: r.bookingRef, voyageNum: r.voyageNum,
    consigneeName: consigneeOnWaybill(r), containerVanNum: [r.containerVanNum, r.tandemVan].filter(Boolean).join(" / "), cargoReleaseOrderId: r.cargoReleaseOrderId,
    cleared: r.croStatus === "Cleared", cyPullOutName: r.cyPullOutName,
  }));
  return data.length === 0 ? { data, message: "No released waybill is waiting for its van to leave." } : { data };
}

/** A trucker active and accredited at the destination branch (the branch's truckers). */
async function checkedTrucker(db: Executor, truckingCode: string, branchCode: string) {
  const [trucker] = await db.select().from(truckings).where(sql`lower(${truckings.code}) = lower(${truckingCode})`);
  if (!trucker || !trucker.isActive) throw refused("truckingCode", `Trucker ${truckingCode} is not an active trucker.`);
  const serves = trucker.branchCodes.some((code) => code.toUpperCase() === branchCode.toUpperCase());
  if (!trucker.isAuthorized || !serves) throw refused("truckingCode", `Trucker ${trucker.name} is not authorised at branch ${branchCode}.`);
  return trucker;
}

/** Tells the inbound staff of the destination branch (not the person who did it), after the change committed. */
async function tellBranch(db: Db, caller: Caller, branchCode: string, message: string) {
  await sendNotification(db, {
    title: INBOUND_CTS_TITLE,
    message,
    url: PAGES.inboundCts,
    sender: caller.userId,
    holders: { menu: "INBOUND", branchCodes: [branchCode] },
    leaveOutSender: true,
  });
}

/**
 * Issues the slip of a waybill of the caller's branch whose release order is cleared: numbered from the branch's
 * ICTS series, from the order's CY pull-out, with stage 8 (Inbound CTS Issued) of its booking and of a tandem's
 * second at the time out, in one transaction, audited. Refused, it changes nothing.
 */
export async function issueInboundCts(db: Db, caller: Caller, input: IssueInboundCtsInput, now = new Date()) {
  const waybill = await destinationWaybill(db, caller, input.wayBillRef, "deliver");
  const [cro] = await db.select().from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, waybill.wayBillRef));
  if (!cro) {
    throw refused("wayBillRef", `Waybill ${waybill.wayBillRef} has no cargo release order; its van leaves the yard once its cargo is released.`);
  }
  if (cro.status !== "Cleared" || !cro.cyPullOutCode) {
    throw refused("wayBillRef", `Cargo release order ${cro.cargoReleaseOrderId} of waybill ${waybill.wayBillRef} is not cleared yet; the van leaves the yard named at its clearance (CY pull-out).`);
  }
  const out = await inboundCtsOf(db, waybill.wayBillRef);
  if (out) throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} is already out on inbound transfer slip ${out.ctsNum}.`, { wayBillRef: ["Already out"] });
  const trucker = await checkedTrucker(db, input.truckingCode, waybill.destinationBranchCode);
  const timeOut = input.dateTimeOut ? new Date(input.dateTimeOut) : now;
  if (timeOut.getTime() > now.getTime() + TIME_OUT_LEEWAY_MS) throw refused("dateTimeOut", "dateTimeOut cannot be in the future.");
  if (timeOut.getTime() < cro.dateReleased.getTime()) {
    throw refused("dateTimeOut", `dateTimeOut cannot be before the cargo was released (${cro.dateReleased.toISOString()}).`);
  }
  const consignee = consigneeOnWaybill(waybill);

  const ctsNum = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: INBOUND_CTS_SERIES, branchCode: waybill.destinationBranchCode, on: now });
    // One slip stands per waybill (a partial unique index): of two clerks at once, the second inserts nothing.
    const made = await tx.insert(inboundCts).values({
      ctsNum: number, status: initialStatus(inboundCtsWorkflow), wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef,
      tandemBookingRef: waybill.tandemBookingRef, voyageNum: waybill.voyageNum, branchCode: waybill.destinationBranchCode,
      cargoReleaseOrderId: cro.cargoReleaseOrderId, containerVanNum: [waybill.containerVanNum, waybill.tandemContainerVanNum].filter(Boolean).join(" / "),
      truckingCode: trucker.code, plateNum: input.plateNum, driver: input.driver, fromCyCode: cro.cyPullOutCode!, toName: input.toName || consignee,
      remarks: input.remarks, dateTimeOut: timeOut, dateIssued: now, issuedBy: caller.userId,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).onConflictDoNothing().returning({ id: inboundCts.id });
    if (made.length === 0) throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} was put on an inbound transfer slip by someone else a moment ago.`);
    for (const ref of bookingsCarried(waybill)) await recordCargoStage(tx, ref, INBOUND_CTS_STAGE, timeOut);
    await recordAudit(tx, {
      actor: caller.userId, action: "INBOUND_CTS_ISSUED", target: `inbound-cts:${number}`,
      detail: {
        wayBillRef: waybill.wayBillRef, bookingRef: waybill.bookingRef, cargoReleaseOrderId: cro.cargoReleaseOrderId, truckingCode: trucker.code,
        plateNum: input.plateNum, driver: input.driver, fromCyCode: cro.cyPullOutCode, dateTimeOut: timeOut.toISOString(),
      },
    });
    return number;
  });
  await tellBranch(db, caller, waybill.destinationBranchCode,
    `Inbound CTS ${ctsNum} issued: the van of waybill ${waybill.wayBillRef} left for ${input.toName || consignee}.`);
  return { data: await inboundCtsByNum(db, ctsNum, caller), message: "Inbound CTS issued successfully" };
}

/**
 * Cancels an issued slip: stage 8 is withdrawn (the free-time clocks see the van in the yard again). Refused once
 * the van has come back (stage 9) or the cargo delivery receipt was made. The slip stays, Cancelled, with the reason.
 */
export async function cancelInboundCts(db: Db, caller: Caller, ctsNum: string, input: CancelInboundCtsInput) {
  const slip = await inboundCtsByNum(db, ctsNum, caller);
  if (new Date(input.dateModified).getTime() !== new Date(slip.dateModified).getTime()) {
    throw new AppError("CONFLICT", "This inbound transfer slip was changed by someone else after you opened it. Reload it and try again.");
  }
  if (slip.cargoDeliveryReceiptId) {
    throw new AppError("CONFLICT", `Inbound transfer slip ${slip.ctsNum} has cargo delivery receipt ${slip.cargoDeliveryReceiptId}; the cargo was delivered.`);
  }
  const refs = bookingsCarried(slip);
  const stages = await cargoStageTimes(db, refs, [VAN_IN_STAGE]);
  if (refs.some((r) => stages.get(r)?.has(VAN_IN_STAGE))) {
    throw new AppError("CONFLICT", `The van of inbound transfer slip ${slip.ctsNum} has come back (van-in); the slip cannot be cancelled.`);
  }
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    await transition(tx, inboundCtsWorkflow, inboundCtsTarget, {
      id: slip.id, action: "cancel", actor: caller, remarks: input.reason,
      set: { dateCancelled: now, cancelledBy: caller.userId, cancelReason: input.reason, userModified: caller.userId },
    });
    for (const ref of refs) await withdrawCargoStage(tx, ref, INBOUND_CTS_STAGE);
    await recordAudit(tx, {
      actor: caller.userId, action: "INBOUND_CTS_CANCELLED", target: `inbound-cts:${slip.ctsNum}`,
      detail: { wayBillRef: slip.wayBillRef, bookingRef: slip.bookingRef, reason: input.reason, dateTimeOut: slip.dateTimeOut },
    });
  });
  await tellBranch(db, caller, slip.branchCode, `Inbound CTS ${slip.ctsNum} of waybill ${slip.wayBillRef} cancelled: ${input.reason}.`);
  return { data: await inboundCtsByNum(db, slip.ctsNum, caller), message: "Inbound CTS cancelled successfully" };
}
