import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  arrivalNotices,
  bookings,
  branches,
  cargoReleaseOrders,
  charges,
  companyPolicies,
  customers,
  vesselUpdateDetails,
  vesselUpdateHeaders,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
  waybills,
} from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, EVERY_BRANCH } from "../../../shared/branch-scope.ts";
import { manilaToday } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { formatAmount, normalizeAmount } from "../../../shared/money.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { randomToken, sha256Hex } from "../../../shared/tokens.ts";
import { releaseAnswer, waybillsPaid } from "../../accounting/index.ts";
import type { Caller } from "../../auth/index.ts";
import { CARGO_STAGES, cargoStageReached, cargoStageTimes } from "../../bookings/index.ts";
import { queueEmail } from "../../email/index.ts";
import { waybillByRef } from "../../outbound/index.ts";
import type { FreeTimeView } from "../demurrage/schemas.ts";
import { freeTimeOfWaybill } from "../demurrage/service.ts";
import {
  ARRIVAL_NOTICE_TERMS,
  arrivalNoticeAmounts,
  DISCHARGED_STAGE,
  isLinkToken,
  LINK_NOT_FOUND,
  LINK_TOKEN_BYTES,
  randomConsigneeEmailValue,
} from "./rules.ts";
import type { CargoArrivalNotice, PublicArrivalNotice, SendArrivalNoticeInput, SentNoticeRow, VesselArrivalNotice } from "./schemas.ts";
import { userNamesOf } from "../../../shared/user-names.ts";
import { destinationWaybill } from "../cargo-release/service.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Arrival notices (001 §3, §7 InBound, §9): the vessel arrival notice of a voyage at a port of call, and the cargo
 * arrival notice of each waybill for its consignee, with its charges under their arrival-notice labels, the terms,
 * the amount payable, and the storage due date with what each further day costs (read from the free-time rule set,
 * never worked out here). Staff send it to the consignee by e-mail through the outbox with a public link carrying an
 * unguessable token (only its SHA-256 hash is kept); the link opens the consignee's page: the amount due, whether
 * accounting answers it paid, the free days left and where the release stands. A waybill belongs to its
 * destination branch: for the staff of any other branch it does not exist.
 */

type WaybillRecord = typeof waybills.$inferSelect;

/** At Vessel Loaded: the cargo on the vessel, what the vessel arrival notice lists. */
const LOADED_STAGE = 4;

const voyageMissing = (voyageNum: string) => new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);

async function branchNames(db: Executor, codes: readonly string[]) {
  const rows = codes.length === 0 ? [] : await db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, [...new Set(codes)]));
  return (code: string) => rows.find((b) => b.code === code)?.name ?? code;
}

async function voyageOf(db: Executor, voyageNum: string) {
  const [voyage] = await db.select({
    voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, originBranchCode: voyageSchedules.originBranchCode,
    vesselCode: voyageSchedules.vesselCode, vesselName: vessels.name,
  }).from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .where(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`);
  if (!voyage) throw voyageMissing(voyageNum);
  return voyage;
}

/** The actual departure recorded by the vessel updates of the voyage, and the arrival at a port of call (its ETA when none). */
async function voyageTimes(db: Executor, voyageNum: string, destinationBranchCode: string) {
  const [departed] = await db.select({ at: vesselUpdateDetails.actualTimeDeparture }).from(vesselUpdateDetails)
    .innerJoin(vesselUpdateHeaders, eq(vesselUpdateHeaders.vuid, vesselUpdateDetails.vuid))
    .where(and(eq(vesselUpdateHeaders.voyageNum, voyageNum), isNotNull(vesselUpdateDetails.actualTimeDeparture)))
    .orderBy(asc(vesselUpdateDetails.actualTimeDeparture)).limit(1);
  const [arrived] = await db.select({ at: vesselUpdateDetails.actualTimeArrival }).from(vesselUpdateDetails)
    .innerJoin(vesselUpdateHeaders, eq(vesselUpdateHeaders.vuid, vesselUpdateDetails.vuid))
    .where(and(eq(vesselUpdateHeaders.voyageNum, voyageNum), eq(vesselUpdateDetails.branchCode, destinationBranchCode), isNotNull(vesselUpdateDetails.actualTimeArrival)))
    .orderBy(desc(vesselUpdateDetails.actualTimeArrival)).limit(1);
  const [stop] = await db.select({ eta: voyageScheduleDestinations.estimatedTimeArrival }).from(voyageScheduleDestinations)
    .where(and(eq(voyageScheduleDestinations.voyageNum, voyageNum), eq(voyageScheduleDestinations.destinationBranchCode, destinationBranchCode)));
  return {
    actualTimeDeparture: departed?.at?.toISOString() ?? null,
    arrivalDate: (arrived?.at ?? stop?.eta)?.toISOString() ?? null,
  };
}

const cargoText = (w: { quantityTeu: number; size: string; isTandem: boolean }) =>
  w.size ? `${w.isTandem ? 2 : 1} x ${w.size}'` : `${w.quantityTeu} TEU`;

const goodsText = (w: { goods: string; goodsOthers: string; quantity: number; packaging: string }) =>
  [[w.goods, w.goodsOthers].filter(Boolean).join(", "), w.quantity ? `${w.quantity} ${w.packaging}`.trim() : ""].filter(Boolean).join(", ");

// ---------------------------------------------------------------------------------------------------------
// The cargo arrival notice

/** The policies in force today, for the terms the free-time snapshots do not name (a clock not started). */
async function policiesToday(db: Executor, on: string) {
  const rows = await db.select().from(companyPolicies)
    .where(and(inArray(companyPolicies.code, ARRIVAL_NOTICE_TERMS.map((t) => t.policyCode)), eq(companyPolicies.isActive, true), lte(companyPolicies.dateEffective, on)))
    .orderBy(desc(companyPolicies.dateEffective), desc(companyPolicies.id));
  return (code: string) => {
    const row = rows.find((r) => r.code === code);
    return row ? (row.defaultValueDecimal ?? row.inputtedString) : null;
  };
}

/** The notice of a waybill already found in scope, as of `asOf` (a Manila date). */
async function noticeOf(db: Db, waybill: WaybillRecord, asOf: string): Promise<CargoArrivalNotice> {
  return (await noticeWithFreeTime(db, waybill, asOf)).notice;
}

/** The notice and the free-time read it was made from (the consignee's page shows its countdown too). */
async function noticeWithFreeTime(db: Db, waybill: WaybillRecord, asOf: string): Promise<{ notice: CargoArrivalNotice; freeTime: FreeTimeView }> {
  const [row, freeTime, voyage, times, nameOf, passThrough, inForce] = await Promise.all([
    waybillByRef(db, waybill.wayBillRef, EVERY_BRANCH),
    freeTimeOfWaybill(db, EVERY_BRANCH, waybill.wayBillRef, asOf).then((r) => r.data),
    voyageOf(db, waybill.voyageNum),
    voyageTimes(db, waybill.voyageNum, waybill.destinationBranchCode),
    branchNames(db, [waybill.branchCode, waybill.destinationBranchCode]),
    db.select({ code: charges.code }).from(charges).where(eq(charges.passThrough, true)),
    policiesToday(db, asOf),
  ]);
  const portCodes = new Set(passThrough.map((c) => c.code));
  const amounts = arrivalNoticeAmounts(row.charges.map((c) => ({
    chargeCode: c.chargeCode, part: c.part, particulars: c.particulars, value: c.value, due: c.due, availableTo: c.availableTo,
    isInsurancePremium: c.isInsurancePremium, passThrough: portCodes.has(c.chargeCode),
  })));

  // The free time as the rule set answers it: the figures in force when each clock started, else today's policies.
  const snapshotOf = (type: string) => freeTime.charges.find((c) => c.side === "destination" && c.chargeType === type)?.snapshot ?? null;
  const sto = snapshotOf("STO");
  const dem = snapshotOf("DEM");
  const det = snapshotOf("DET");
  const days = (n: string | number | null) => (n === null ? "-" : `${Number(n)} day${Number(n) === 1 ? "" : "s"}`);
  const money = (n: string | null) => (n === null ? "-" : formatAmount(n));
  const values: Record<string, string> = {
    "C0001": days(sto ? sto.freeDays : inForce("C0001")),
    "STORAGE FEE PER TEU": money(sto ? sto.rate : inForce("STORAGE FEE PER TEU") ?? "900"),
    "C0003": money(dem ? dem.rate : inForce("C0003")),
    "C0002": days(det ? det.freeDays : inForce("C0002")),
    "C0013": money(det ? det.rate : inForce("C0013")),
  };
  const notice: CargoArrivalNotice = {
    wayBillRef: waybill.wayBillRef,
    bookingRef: waybill.bookingRef,
    consigneeName: consigneeOnWaybill(waybill),
    vessel: voyage.vesselName,
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    arrivalDate: times.arrivalDate,
    cargo: cargoText(waybill),
    containerVanNum: [waybill.containerVanNum, waybill.tandemContainerVanNum].filter(Boolean).join(" / "),
    sealNum: waybill.sealNum,
    goods: goodsText(waybill),
    shipper: shipperOnWaybill(waybill, row.shipperName),
    modeOfDelivery: waybill.modeOfDelivery,
    modeOfPayment: waybill.modeOfPayment,
    origin: nameOf(waybill.branchCode),
    destination: nameOf(waybill.destinationBranchCode),
    destinationBranchCode: waybill.destinationBranchCode,
    charges: amounts.charges,
    chargesPayable: amounts.chargesPayable,
    insurance: amounts.insurance,
    amountPaybles: amounts.amountPayable,
    payableToPort: amounts.payableToPort,
    terms: ARRIVAL_NOTICE_TERMS.map((t) => ({ ...t, value: values[t.policyCode] })),
    storage: freeTime.storageDue && sto
      ? { dueDate: freeTime.storageDue.dueDate, perDay: freeTime.storageDue.perDay, storageRate: normalizeAmount(sto.rate), teu: sto.teu }
      : null,
    asOf,
  };
  return { notice, freeTime };
}

/** The cargo arrival notice of a waybill of the caller's branches (its destination), as of today in Manila unless given. */
export async function cargoArrivalNotice(db: Db, scope: BranchScope, wayBillRef: string, asOf = manilaToday()): Promise<CargoArrivalNotice> {
  return await noticeOf(db, await destinationWaybill(db, scope, wayBillRef), asOf);
}

// ---------------------------------------------------------------------------------------------------------
// The vessel arrival notice

/**
 * The vessel arrival notice of a voyage at one of the caller's ports of call (001 §3 vessel arrival line): the
 * waybills loaded on the voyage for that port, not cancelled. With no port given, the caller's first on the voyage.
 */
export async function vesselArrivalNotice(db: Db, scope: BranchScope, voyageNum: string, destinationBranchCode?: string): Promise<VesselArrivalNotice> {
  const voyage = await voyageOf(db, voyageNum);
  const stops = await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(and(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum), branchCondition(scope, voyageScheduleDestinations.destinationBranchCode)))
    .orderBy(asc(voyageScheduleDestinations.seq));
  if (stops.length === 0) throw voyageMissing(voyageNum);
  const stop = destinationBranchCode ? stops.find((s) => s.code.toLowerCase() === destinationBranchCode.toLowerCase()) : stops[0];
  if (!stop) {
    const message = `Voyage ${voyage.voyageNum} does not call at a port of yours named ${destinationBranchCode}.`;
    throw new AppError("VALIDATION", message, { destinationBranchCode: [message] });
  }
  const rows = await db.select({
    bookingRef: waybills.bookingRef, wayBillRef: waybills.wayBillRef, customerCode: waybills.customerCode, shipperPreferredName: waybills.shipperPreferredName,
    shipperName: customers.company, consigneeName: waybills.consigneeName, consigneePreferredName: waybills.consigneePreferredName,
    branchCode: waybills.branchCode, destinationBranchCode: waybills.destinationBranchCode, quantityTeu: waybills.quantityTeu, size: waybills.size,
    isTandem: waybills.isTandem, sealNum: waybills.sealNum, goods: waybills.goods, goodsOthers: waybills.goodsOthers, quantity: waybills.quantity,
    packaging: waybills.packaging, remarks: waybills.remarks, containerVanNum: waybills.containerVanNum,
  }).from(waybills).leftJoin(customers, eq(customers.code, waybills.customerCode))
    .where(and(
      eq(waybills.voyageNum, voyage.voyageNum), eq(waybills.destinationBranchCode, stop.code), ne(waybills.status, "Cancelled"),
      cargoStageReached(waybills.bookingRef, LOADED_STAGE),
    ))
    .orderBy(asc(waybills.wayBillRef));
  const [times, nameOf] = await Promise.all([voyageTimes(db, voyage.voyageNum, stop.code), branchNames(db, [voyage.originBranchCode, stop.code, ...rows.map((r) => r.branchCode)])]);
  return {
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    vessel: voyage.vesselName,
    origin: nameOf(voyage.originBranchCode),
    destinationBranchCode: stop.code,
    destination: nameOf(stop.code),
    actualTimeDeparture: times.actualTimeDeparture,
    arrivalDate: times.arrivalDate,
    lines: rows.map((r) => ({
      vessel: voyage.vesselName,
      voyage: voyage.voyageRef ? `${voyage.voyageNum} (${voyage.voyageRef})` : voyage.voyageNum,
      bookingRef: r.bookingRef,
      wayBillRef: r.wayBillRef,
      shipper: shipperOnWaybill(r, r.shipperName ?? r.customerCode),
      consigneeName: consigneeOnWaybill(r),
      origin: nameOf(r.branchCode),
      destination: nameOf(r.destinationBranchCode),
      actualTimeDeparture: times.actualTimeDeparture,
      cargo: [cargoText(r), r.containerVanNum].filter(Boolean).join(", "),
      sealNum: r.sealNum,
      goods: goodsText(r),
      remarks: r.remarks,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The staff screen: a voyage's discharged waybills and the notices sent

async function sentRows(db: Executor, wayBillRefs: readonly string[]): Promise<SentNoticeRow[]> {
  if (wayBillRefs.length === 0) return [];
  const rows = await db.select().from(arrivalNotices).where(inArray(arrivalNotices.wayBillRef, [...wayBillRefs]))
    .orderBy(desc(arrivalNotices.dateSent), desc(arrivalNotices.id));
  const nameOf = await userNamesOf(db, rows.map((r) => r.sentBy));
  return rows.map((r) => ({
    id: r.id, wayBillRef: r.wayBillRef, sentTo: r.sentTo, mailed: r.mailed, amountPayable: normalizeAmount(r.amountPayable),
    dateSent: r.dateSent.toISOString(), sentBy: r.sentBy, sentByName: nameOf(r.sentBy),
  }));
}

/**
 * The voyage as the arrival-notice screen shows it: the caller's ports of call on it and their waybills discharged
 * there (the final inbound tally), each with its consignee's address on file and the notices sent. A voyage
 * calling at none of the caller's branches answers as a missing one.
 */
export async function voyageNotices(db: Db, scope: BranchScope, voyageNum: string) {
  const voyage = await voyageOf(db, voyageNum);
  const stops = await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(and(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum), branchCondition(scope, voyageScheduleDestinations.destinationBranchCode)))
    .orderBy(asc(voyageScheduleDestinations.seq));
  if (stops.length === 0) throw voyageMissing(voyageNum);
  const rows = await db.select({
    wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, destinationBranchCode: waybills.destinationBranchCode,
    consigneeName: waybills.consigneeName, consigneePreferredName: waybills.consigneePreferredName, containerVanNum: waybills.containerVanNum,
    modeOfPayment: waybills.modeOfPayment, bookingEmail: bookings.consigneeEmail, customerEmail: customers.customerContactEmail,
  }).from(waybills)
    .innerJoin(bookings, eq(bookings.bookingRef, waybills.bookingRef))
    .leftJoin(customers, eq(customers.code, bookings.consigneeCode))
    .where(and(
      eq(waybills.voyageNum, voyage.voyageNum), inArray(waybills.destinationBranchCode, stops.map((s) => s.code)), ne(waybills.status, "Cancelled"),
      cargoStageReached(waybills.bookingRef, DISCHARGED_STAGE),
    ))
    .orderBy(asc(waybills.wayBillRef));
  const sent = await sentRows(db, rows.map((r) => r.wayBillRef));
  const nameOf = await branchNames(db, stops.map((s) => s.code));
  return {
    data: {
      voyageNum: voyage.voyageNum,
      voyageRef: voyage.voyageRef,
      vessel: voyage.vesselName,
      destinations: stops.map((s) => ({ destinationBranchCode: s.code, destination: nameOf(s.code) })),
      waybills: rows.map((r) => ({
        wayBillRef: r.wayBillRef, bookingRef: r.bookingRef, destinationBranchCode: r.destinationBranchCode,
        consigneeName: consigneeOnWaybill(r), consigneeEmail: (r.bookingEmail.trim() || r.customerEmail?.trim()) ?? "",
        containerVanNum: r.containerVanNum, modeOfPayment: r.modeOfPayment, discharged: true,
        sent: sent.filter((s) => s.wayBillRef === r.wayBillRef),
      })),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Sending it

const linkOf = (linkBase: string, wayBillRef: string, token: string) =>
  `${linkBase.replace(/\/+$/, "")}${pathTo(PAGES.arrivalNotice, { wayBillRef, token })}`;

/** The consignee's address on file: the booking's, else the registered consignee's. */
async function consigneeEmailOf(db: Executor, bookingRef: string): Promise<string> {
  const [row] = await db.select({ bookingEmail: bookings.consigneeEmail, customerEmail: customers.customerContactEmail }).from(bookings)
    .leftJoin(customers, eq(customers.code, bookings.consigneeCode)).where(eq(bookings.bookingRef, bookingRef));
  return row?.bookingEmail.trim() || row?.customerEmail?.trim() || "";
}

/**
 * "Send arrival notice to the consignee" (001 §7): to the address typed, else the consignee's on file, an e-mail is
 * queued through the outbox with a public link whose token is 256 random bits (only its hash is kept). Where there
 * is no address at all, 001 §9's random 8-character value is generated for the consignee e-mail: the notice is
 * recorded with it and its link made for staff to hand over, and no e-mail is queued. Each sending is a row (to
 * whom, when, by whom, the amount payable shown) and audited; every link sent stays open.
 */
export async function sendArrivalNotice(db: Db, caller: Caller, wayBillRef: string, input: SendArrivalNoticeInput, ctx: { linkBase: string }, now = new Date()) {
  const waybill = await destinationWaybill(db, caller, wayBillRef, "announce");
  const refuse = (message: string) => new AppError("VALIDATION", message, { wayBillRef: [message] });
  const stages = await cargoStageTimes(db, [waybill.bookingRef], [DISCHARGED_STAGE]);
  if (!stages.get(waybill.bookingRef)?.has(DISCHARGED_STAGE)) {
    throw refuse(`Waybill ${waybill.wayBillRef} has not been tallied off the vessel yet; its arrival notice is sent after the final unloading tally sheet.`);
  }
  const notice = await noticeOf(db, waybill, manilaToday(now));
  const onFile = await consigneeEmailOf(db, waybill.bookingRef);
  const email = input.email ?? onFile;
  const token = randomToken(LINK_TOKEN_BYTES);
  const link = linkOf(ctx.linkBase, waybill.wayBillRef, token);
  const sentTo = email || randomConsigneeEmailValue();
  const mailed = email !== "";

  const id = await db.transaction(async (tx: Tx) => {
    const queued = mailed
      ? await queueEmail(tx, {
        to: email,
        template: "arrivalNotice",
        data: {
          consigneeName: notice.consigneeName || "Consignee",
          wayBillRef: notice.wayBillRef,
          voyage: `${notice.voyageNum} (${[notice.voyageRef, notice.vessel].filter(Boolean).join(", ")})`,
          destination: notice.destination,
          amountPayable: formatAmount(notice.amountPaybles),
          storageDueDate: notice.storage?.dueDate ?? null,
          link,
        },
        requestedBy: caller.userId,
        meta: { wayBillRef: waybill.wayBillRef },
      })
      : null;
    const [row] = await tx.insert(arrivalNotices).values({
      wayBillRef: waybill.wayBillRef, branchCode: waybill.destinationBranchCode, consigneeName: notice.consigneeName, sentTo, mailed,
      tokenHash: await sha256Hex(token), emailId: queued?.id ?? null, amountPayable: notice.amountPaybles, dateSent: now, sentBy: caller.userId,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).returning({ id: arrivalNotices.id });
    await recordAudit(tx, {
      actor: caller.userId, action: "ARRIVAL_NOTICE_SENT", target: `waybill:${waybill.wayBillRef}`,
      detail: { arrivalNoticeId: row.id, sentTo, mailed, amountPayable: notice.amountPaybles, storageDueDate: notice.storage?.dueDate ?? null },
    });
    return row.id;
  });
  const sent = (await sentRows(db, [waybill.wayBillRef])).find((r) => r.id === id)!;
  return mailed
    ? { data: { sent, link: null }, message: `Arrival notice was sent to ${email}` }
    : {
      data: { sent, link },
      message: `The consignee has no e-mail address on file: the arrival notice was recorded under ${sentTo} and no e-mail was sent. Hand the consignee the link.`,
    };
}

// ---------------------------------------------------------------------------------------------------------
// The consignee's side

/** Accounting's answer for both sides, as the release order asks it: the first side not paid, else how each is settled. */
async function paymentOf(db: Executor, wayBillRef: string) {
  const { unpaid, reason } = releaseAnswer((await waybillsPaid(db, [wayBillRef])).get(wayBillRef)!);
  return { paid: unpaid === null, reason };
}

/** The waybill a link opens: a token of the wrong shape, one no notice has, and another waybill all answer the same 404. */
async function waybillOfLink(db: Db, wayBillRef: string, token: string): Promise<WaybillRecord> {
  if (!isLinkToken(token)) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  const [notice] = await db.select({ wayBillRef: arrivalNotices.wayBillRef }).from(arrivalNotices).where(eq(arrivalNotices.tokenHash, await sha256Hex(token)));
  if (!notice || notice.wayBillRef.toLowerCase() !== wayBillRef.toLowerCase()) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  return await destinationWaybill(db, EVERY_BRANCH, notice.wayBillRef);
}

/**
 * What the consignee's link opens, with no sign-in: the notice as of today, whether accounting answers the waybill
 * paid (asked, never worked out here), the free days of storage left as a countdown, and the release: the cargo
 * release order made or cleared and the cargo's latest stage.
 */
export async function arrivalNoticeOfLink(db: Db, wayBillRef: string, token: string, asOf = manilaToday()): Promise<PublicArrivalNotice> {
  const waybill = await waybillOfLink(db, wayBillRef, token);
  const [{ notice, freeTime }, payment, [cro], stages] = await Promise.all([
    noticeWithFreeTime(db, waybill, asOf),
    paymentOf(db, waybill.wayBillRef),
    db.select({ id: cargoReleaseOrders.cargoReleaseOrderId, status: cargoReleaseOrders.status }).from(cargoReleaseOrders)
      .where(eq(cargoReleaseOrders.wayBillRef, waybill.wayBillRef)),
    cargoStageTimes(db, [waybill.bookingRef], CARGO_STAGES.map((_, i) => i)),
  ]);
  const reached = [...(stages.get(waybill.bookingRef)?.keys() ?? [])].sort((a, b) => a - b);
  const stage = reached.length > 0 ? reached[reached.length - 1] : null;
  return {
    notice,
    payment,
    countdown: freeTime.charges.find((c) => c.side === "destination" && c.chargeType === "STO")?.countdown ?? null,
    release: {
      cargorReleaseOrderId: cro?.id ?? null,
      croStatus: cro?.status ?? null,
      cleared: cro?.status === "Cleared",
      cargoStage: stage,
      cargoStageName: stage === null ? "" : CARGO_STAGES[stage],
    },
  };
}

/** The waybill and notice of a link, for the consignee's printout. */
export async function noticeOfLinkForPrint(db: Db, wayBillRef: string, token: string): Promise<CargoArrivalNotice> {
  return await noticeOf(db, await waybillOfLink(db, wayBillRef, token), manilaToday());
}
