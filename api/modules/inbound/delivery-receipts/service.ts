import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import { areas, cargoDeliveryReceipts, customers, inboundCts, truckings, vessels, voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES } from "../../../shared/page-paths.ts";
import type { Caller } from "../../auth/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { destinationWaybill } from "../cargo-release/service.ts";
import { inboundCtsOf } from "../inbound-cts/service.ts";
import { INBOUND_CTS_TITLE, TIME_OUT_LEEWAY_MS } from "../inbound-cts/rules.ts";
import { CDR_SERIES, DAMAGE_CLAIM_NOTE } from "./rules.ts";
import type { CdrListQuery, CdrRow, CreateCdrInput } from "./schemas.ts";
import { userNamesOf } from "../../../shared/user-names.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Cargo delivery receipts (001 §3: cargoDeliveryReceiptId, dateReleased, consigneeAreaName): the consignee's
 * acknowledgement that the cargo trucked out on an inbound CTS was received, with the note that a damage claim is
 * due within 24 hours (001 §9). One per waybill, made while its slip stands; it records no stage.
 */

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });

const rowColumns = {
  id: cargoDeliveryReceipts.id,
  cargoDeliveryReceiptId: cargoDeliveryReceipts.cargoDeliveryReceiptId,
  wayBillRef: cargoDeliveryReceipts.wayBillRef,
  bookingRef: waybills.bookingRef,
  ctsNum: cargoDeliveryReceipts.ctsNum,
  branchCode: cargoDeliveryReceipts.branchCode,
  voyageNum: waybills.voyageNum,
  voyageRef: voyageSchedules.voyageRef,
  vesselName: vessels.name,
  shipperName: customers.company,
  shipperPreferredName: waybills.shipperPreferredName,
  consigneeName: cargoDeliveryReceipts.consigneeName,
  consigneeAreaName: cargoDeliveryReceipts.consigneeAreaName,
  containerVanNum: inboundCts.containerVanNum,
  sealNum: waybills.sealNum,
  goods: waybills.goods,
  goodsOthers: waybills.goodsOthers,
  truckerName: truckings.name,
  plateNum: inboundCts.plateNum,
  driver: inboundCts.driver,
  receivedBy: cargoDeliveryReceipts.receivedBy,
  remarks: cargoDeliveryReceipts.remarks,
  dateReleased: cargoDeliveryReceipts.dateReleased,
  issuedBy: cargoDeliveryReceipts.issuedBy,
  dateModified: cargoDeliveryReceipts.dateModified,
};

function selectRows(db: Executor) {
  return db.select(rowColumns).from(cargoDeliveryReceipts)
    .innerJoin(waybills, eq(waybills.wayBillRef, cargoDeliveryReceipts.wayBillRef))
    .innerJoin(inboundCts, eq(inboundCts.ctsNum, cargoDeliveryReceipts.ctsNum))
    .innerJoin(truckings, eq(truckings.code, inboundCts.truckingCode))
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .leftJoin(customers, eq(customers.code, waybills.customerCode));
}

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

async function toRows(db: Executor, rows: SelectedRow[]): Promise<CdrRow[]> {
  const nameOf = await userNamesOf(db, rows.map((r) => r.issuedBy));
  return rows.map((r) => ({
    id: r.id,
    cargoDeliveryReceiptId: r.cargoDeliveryReceiptId,
    wayBillRef: r.wayBillRef,
    bookingRef: r.bookingRef,
    ctsNum: r.ctsNum,
    branchCode: r.branchCode,
    voyageNum: r.voyageNum,
    voyageRef: r.voyageRef,
    vesselName: r.vesselName,
    shipperName: shipperOnWaybill(r, r.shipperName),
    consigneeName: r.consigneeName,
    consigneeAreaName: r.consigneeAreaName,
    containerVanNum: r.containerVanNum,
    sealNum: r.sealNum,
    goods: [r.goods, r.goodsOthers].filter(Boolean).join(", "),
    truckerName: r.truckerName,
    plateNum: r.plateNum,
    driver: r.driver,
    receivedBy: r.receivedBy,
    remarks: r.remarks,
    note: DAMAGE_CLAIM_NOTE,
    dateReleased: r.dateReleased.toISOString(),
    issuedBy: r.issuedBy,
    issuedByName: nameOf(r.issuedBy),
    dateModified: r.dateModified.toISOString(),
  }));
}

/** One receipt of the caller's branches. */
export async function cdrById(db: Executor, cargoDeliveryReceiptId: string, scope: BranchScope): Promise<CdrRow> {
  const [row] = await selectRows(db).where(and(
    sql`lower(${cargoDeliveryReceipts.cargoDeliveryReceiptId}) = lower(${cargoDeliveryReceiptId})`,
    branchCondition(scope, cargoDeliveryReceipts.branchCode),
  ));
  if (!row) throw new AppError("NOT_FOUND", `Cargo delivery receipt ${cargoDeliveryReceiptId} was not found.`);
  return (await toRows(db, [row]))[0];
}

/** The receipts of the caller's branches, newest first. */
export async function listCdrs(db: Db, scope: BranchScope, query: CdrListQuery) {
  const where = and(
    branchCondition(scope, cargoDeliveryReceipts.branchCode),
    searchAny([cargoDeliveryReceipts.cargoDeliveryReceiptId, cargoDeliveryReceipts.wayBillRef, cargoDeliveryReceipts.ctsNum,
      cargoDeliveryReceipts.consigneeName, cargoDeliveryReceipts.receivedBy], query.search || undefined),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(cargoDeliveryReceipts.dateReleased), desc(cargoDeliveryReceipts.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(cargoDeliveryReceipts).where(where),
  ]);
  const data = await toRows(db, rows);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/**
 * Makes the delivery receipt of a waybill of the caller's branch whose van is out on an inbound CTS: numbered from
 * the branch's CDR series, with the consignee's delivery area (the waybill's consignee area unless given), audited.
 */
export async function createCdr(db: Db, caller: Caller, input: CreateCdrInput, now = new Date()) {
  const waybill = await destinationWaybill(db, caller, input.wayBillRef);
  const [existing] = await db.select({ id: cargoDeliveryReceipts.cargoDeliveryReceiptId }).from(cargoDeliveryReceipts)
    .where(eq(cargoDeliveryReceipts.wayBillRef, waybill.wayBillRef));
  if (existing) {
    throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} already has cargo delivery receipt ${existing.id}.`, { wayBillRef: ["Already received"] });
  }
  const slip = await inboundCtsOf(db, waybill.wayBillRef);
  if (!slip) throw refused("wayBillRef", `Waybill ${waybill.wayBillRef} has no inbound CTS issued; the cargo is received once its van has left the yard.`);
  const released = input.dateReleased ? new Date(input.dateReleased) : now;
  if (released.getTime() > now.getTime() + TIME_OUT_LEEWAY_MS) throw refused("dateReleased", "dateReleased cannot be in the future.");
  if (released.getTime() < new Date(slip.dateTimeOut).getTime()) {
    throw refused("dateReleased", `dateReleased cannot be before the van left the yard (${slip.dateTimeOut}).`);
  }
  let areaName = input.consigneeAreaName;
  if (!areaName && waybill.consigneeAreaCode) {
    const [area] = await db.select({ name: areas.name }).from(areas).where(eq(areas.code, waybill.consigneeAreaCode));
    areaName = area?.name ?? "";
  }
  const consignee = consigneeOnWaybill(waybill);

  const id = await db.transaction(async (tx: Tx) => {
    const number = await nextNumber(tx, { series: CDR_SERIES, branchCode: waybill.destinationBranchCode, on: now });
    const made = await tx.insert(cargoDeliveryReceipts).values({
      cargoDeliveryReceiptId: number, wayBillRef: waybill.wayBillRef, ctsNum: slip.ctsNum, branchCode: waybill.destinationBranchCode,
      consigneeName: consignee, consigneeAreaName: areaName, receivedBy: input.receivedBy, remarks: input.remarks, dateReleased: released,
      issuedBy: caller.userId, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).onConflictDoNothing({ target: cargoDeliveryReceipts.wayBillRef }).returning({ id: cargoDeliveryReceipts.id });
    if (made.length === 0) throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} was given a delivery receipt by someone else a moment ago.`);
    await recordAudit(tx, {
      actor: caller.userId, action: "CARGO_DELIVERY_RECEIPT_CREATED", target: `cargo-delivery-receipt:${number}`,
      detail: { wayBillRef: waybill.wayBillRef, ctsNum: slip.ctsNum, consigneeAreaName: areaName, receivedBy: input.receivedBy, dateReleased: released.toISOString() },
    });
    return number;
  });
  await sendNotification(db, {
    title: INBOUND_CTS_TITLE,
    message: `Cargo delivery receipt ${id}: waybill ${waybill.wayBillRef} received by ${input.receivedBy} for ${consignee}.`,
    url: PAGES.inboundCts,
    sender: caller.userId,
    holders: { menu: "INBOUND", branchCodes: [waybill.destinationBranchCode] },
    leaveOutSender: true,
  });
  return { data: await cdrById(db, id, caller), message: "Cargo delivery receipt created successfully" };
}
