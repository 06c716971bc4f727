import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import {
  bookings,
  branches,
  cargoTypes,
  customers,
  loadingConfirmations,
  salesQuotations,
  vessels,
  voyageScheduleDestinations,
  voyageSchedules,
  waybills,
} from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, findInScope } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { formatManilaDateTime } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { randomToken, sha256Hex } from "../../../shared/tokens.ts";
import type { Caller } from "../../auth/index.ts";
import { queueEmail } from "../../email/index.ts";
import { isLinkToken, LINK_NOT_FOUND, LINK_TOKEN_BYTES, LOADING_CONFIRMATION_SERIES } from "./rules.ts";
import type { ConfirmationLine, ConfirmationRow, ConfirmationView, LoadingConfirmationListQuery, ResendConfirmationInput } from "./schemas.ts";
import { groupBy } from "../../../shared/grouping.ts";
import { consigneeOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Loading confirmations (001 §3, §9): once a final tally counts a shipper's cargo onto the vessel, the shipper
 * gets one confirmation for the voyage, numbered from the origin branch's LC series, and an e-mail with a link to
 * read and print it. The link's token is 256 random bits of which only the SHA-256 hash is kept; sending the link
 * again makes a new token and the old link stops working. The confirmation lists what of the shipper is loaded
 * when it is read, so a final tally reopened and made again needs no second confirmation.
 */

/** What a final tally hands on: the voyage and the bookings it counted onto the vessel. */
export interface LoadedCargo {
  voyageNum: string;
  bookingRefs: readonly string[];
  actor: Caller;
  /**
   * Where the web app is served (https://lading.example.com), for the link in the e-mail: the route that made the
   * final tally passes linkBase() of api/http/security.ts. Left out, the e-mail carries the link's path alone.
   */
  linkBase?: string;
}

type ConfirmationRecord = typeof loadingConfirmations.$inferSelect;

/** The status a booking's cargo is in once counted onto the vessel: what a confirmation lists. */
const LOADED = "At Vessel Loaded";

const linkOf = (linkBase: string, bookingRef: string, token: string) =>
  `${linkBase.replace(/\/+$/, "")}${pathTo(PAGES.loadingConfirmation, { bookingRef, token })}`;

async function voyageOf(db: Executor, voyageNum: string) {
  const [voyage] = await db.select({
    voyageNum: voyageSchedules.voyageNum, voyageRef: voyageSchedules.voyageRef, originBranchCode: voyageSchedules.originBranchCode,
    estimatedTimeDeparture: voyageSchedules.estimatedTimeDeparture, vesselName: vessels.name,
  }).from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(eq(voyageSchedules.voyageNum, voyageNum));
  if (!voyage) throw new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  return voyage;
}

const voyageText = (v: { voyageNum: string; voyageRef: string; vesselName: string }) =>
  `${v.voyageNum} (${[v.voyageRef, v.vesselName].filter(Boolean).join(", ")})`;

/** The loaded bookings of each (voyage, shipper) pair, booking references in order. */
async function loadedBookingsOf(db: Executor, pairs: readonly { voyageNum: string; customerCode: string }[]) {
  if (pairs.length === 0) return new Map<string, string[]>();
  const rows = await db.select({ voyageNum: bookings.voyageNum, customerCode: bookings.customerCode, bookingRef: bookings.bookingRef }).from(bookings)
    .where(and(
      inArray(bookings.voyageNum, [...new Set(pairs.map((p) => p.voyageNum))]),
      inArray(bookings.customerCode, [...new Set(pairs.map((p) => p.customerCode))]),
      eq(bookings.status, LOADED),
    ))
    .orderBy(asc(bookings.bookingRef));
  const byPair = groupBy(rows, (r) => `${r.voyageNum}/${r.customerCode}`);
  return new Map([...byPair].map(([pair, loaded]) => [pair, loaded.map((r) => r.bookingRef)]));
}

/**
 * Queues the confirmation's e-mail to the shipper with a fresh link, and answers the token's hash to keep. The
 * link names the first of the shipper's loaded bookings; any of them opens it.
 */
async function mailLink(tx: Executor, o: {
  record: Pick<ConfirmationRecord, "transactionRef" | "customerCode">;
  voyage: Awaited<ReturnType<typeof voyageOf>>;
  shipperName: string;
  email: string;
  bookingRefs: string[];
  linkBase: string;
  requestedBy: string;
}): Promise<{ tokenHash: string }> {
  const token = randomToken(LINK_TOKEN_BYTES);
  await queueEmail(tx, {
    to: o.email,
    template: "loadingConfirmation",
    data: {
      shipperName: o.shipperName,
      transactionRef: o.record.transactionRef,
      voyage: voyageText(o.voyage),
      etd: formatManilaDateTime(o.voyage.estimatedTimeDeparture),
      bookingRefs: o.bookingRefs,
      link: linkOf(o.linkBase, o.bookingRefs[0], token),
    },
    requestedBy: o.requestedBy,
    meta: { transactionRef: o.record.transactionRef },
  });
  return { tokenHash: await sha256Hex(token) };
}

/**
 * The loading confirmations of the shippers whose cargo a final tally counted onto the vessel: one per shipper
 * and voyage, e-mailed through the outbox. Called after the final tally's transaction has committed; a shipper
 * who has one for the voyage already gets no second one (a final tally reopened and made again, or a second
 * destination's sheet). A shipper without an e-mail address gets the confirmation unsent, for staff to send.
 * Answers the Transaction Refs it made.
 */
export async function confirmLoading(db: Db, cargo: LoadedCargo): Promise<{ made: string[] }> {
  if (cargo.bookingRefs.length === 0) return { made: [] };
  const voyage = await voyageOf(db, cargo.voyageNum);
  const counted = await db.select({ bookingRef: bookings.bookingRef, customerCode: bookings.customerCode }).from(bookings)
    .where(and(inArray(bookings.bookingRef, [...cargo.bookingRefs]), eq(bookings.voyageNum, voyage.voyageNum)))
    .orderBy(asc(bookings.bookingRef));
  const shippers = [...new Set(counted.map((b) => b.customerCode))].sort();
  if (shippers.length === 0) return { made: [] };
  const now = new Date();
  const made = await db.transaction(async (tx: Tx) => {
    const existing = await tx.select({ customerCode: loadingConfirmations.customerCode }).from(loadingConfirmations)
      .where(and(eq(loadingConfirmations.voyageNum, voyage.voyageNum), inArray(loadingConfirmations.customerCode, shippers)));
    const waiting = shippers.filter((code) => !existing.some((e) => e.customerCode === code));
    const people = waiting.length === 0 ? [] : await tx.select({ code: customers.code, company: customers.company, email: customers.customerContactEmail })
      .from(customers).where(inArray(customers.code, waiting));
    const refs: string[] = [];
    for (const code of waiting) {
      const shipper = people.find((p) => p.code === code);
      const email = shipper?.email.trim() ?? "";
      const bookingRefs = counted.filter((b) => b.customerCode === code).map((b) => b.bookingRef);
      const transactionRef = await nextNumber(tx, { series: LOADING_CONFIRMATION_SERIES, branchCode: voyage.originBranchCode, on: now });
      const sent = email
        ? await mailLink(tx, {
          record: { transactionRef, customerCode: code }, voyage, shipperName: shipper?.company ?? code, email, bookingRefs,
          linkBase: cargo.linkBase ?? "", requestedBy: cargo.actor.userId,
        })
        : null;
      // Unsent, the confirmation still needs a hash in its place: one of a token nobody was given.
      const tokenHash = sent?.tokenHash ?? await sha256Hex(randomToken(LINK_TOKEN_BYTES));
      await tx.insert(loadingConfirmations).values({
        transactionRef, voyageNum: voyage.voyageNum, customerCode: code, branchCode: voyage.originBranchCode, tokenHash,
        shipperEmail: email, dateSent: sent ? now : null, sentBy: sent ? cargo.actor.userId : null,
        userCreated: cargo.actor.userId, userModified: cargo.actor.userId, dateCreated: now, dateModified: now,
      });
      await recordAudit(tx, {
        actor: cargo.actor.userId, action: sent ? "LOADING_CONFIRMATION_SENT" : "LOADING_CONFIRMATION_MADE", target: `loading-confirmation:${transactionRef}`,
        detail: { voyageNum: voyage.voyageNum, customerCode: code, bookingRefs, ...(sent ? { email } : {}) },
      });
      refs.push(transactionRef);
    }
    return refs;
  });
  return { made };
}

// ---------------------------------------------------------------------------------------------------------
// What a confirmation lists

/** The lines of a confirmation: the shipper's bookings on the voyage that are loaded, with their waybills. */
async function linesOf(db: Executor, record: Pick<ConfirmationRecord, "voyageNum" | "customerCode">): Promise<ConfirmationLine[]> {
  const rows = await db.select({
    bookingRef: bookings.bookingRef,
    bookingDate: bookings.bookingDate,
    destinationBranchCode: bookings.destinationBranchCode,
    destination: branches.name,
    bookingConsignee: bookings.consigneeName,
    consigneeEmail: bookings.consigneeEmail,
    bookingGoods: bookings.goods,
    bookingVan: bookings.containerVanNum,
    bookingRemarks: bookings.remarks,
    bookingMode: bookings.modeOfDelivery,
    bookingPayment: bookings.modeOfPayment,
    bookingTeu: bookings.quantityTeu,
    bookingDeclared: bookings.declaredValue,
    cargoType: cargoTypes.name,
    wayBillRef: waybills.wayBillRef,
    cyIn: waybills.cyIn,
    goods: waybills.goods,
    goodsOthers: waybills.goodsOthers,
    packaging: waybills.packaging,
    quantity: waybills.quantity,
    quantityTeu: waybills.quantityTeu,
    size: waybills.size,
    sealNum: waybills.sealNum,
    containerVanNum: waybills.containerVanNum,
    modeOfDelivery: waybills.modeOfDelivery,
    modeOfPayment: waybills.modeOfPayment,
    consigneeName: waybills.consigneeName,
    consigneePreferredName: waybills.consigneePreferredName,
    declaredValue: waybills.declaredValue,
    remarks: waybills.remarks,
    eta: voyageScheduleDestinations.estimatedTimeArrival,
  }).from(bookings)
    .innerJoin(branches, eq(branches.code, bookings.destinationBranchCode))
    .leftJoin(waybills, eq(waybills.bookingRef, bookings.bookingRef))
    .leftJoin(salesQuotations, eq(salesQuotations.sqRefNum, bookings.sqRefNum))
    .leftJoin(cargoTypes, eq(cargoTypes.code, salesQuotations.cargoTypeCode))
    .leftJoin(voyageScheduleDestinations, and(
      eq(voyageScheduleDestinations.voyageNum, bookings.voyageNum),
      eq(voyageScheduleDestinations.destinationBranchCode, bookings.destinationBranchCode),
    ))
    .where(and(eq(bookings.voyageNum, record.voyageNum), eq(bookings.customerCode, record.customerCode), eq(bookings.status, LOADED)))
    .orderBy(asc(bookings.bookingRef));
  return rows.map((r) => {
    const teu = r.wayBillRef ? r.quantityTeu ?? 0 : r.bookingTeu;
    const size = r.size ? `${r.size}'` : "TEU";
    const goods = r.wayBillRef ? [r.goods, r.goodsOthers].filter(Boolean).join(", ") : r.bookingGoods;
    const packed = r.wayBillRef && r.quantity ? `${r.quantity} ${r.packaging}`.trim() : "";
    return {
      bookingRef: r.bookingRef,
      wayBillRef: r.wayBillRef ?? "",
      bookingDate: r.bookingDate,
      cyIn: r.cyIn?.toISOString() ?? null,
      cargo: `${teu} x ${size}`,
      goods: [goods, packed].filter(Boolean).join(", "),
      sealNum: r.sealNum ?? "",
      containerVanNum: r.containerVanNum ?? r.bookingVan,
      modeOfDelivery: r.modeOfDelivery ?? r.bookingMode,
      modeOfPayment: r.modeOfPayment ?? r.bookingPayment,
      consignee: r.consigneeName === null ? r.bookingConsignee : consigneeOnWaybill(r),
      consigneeEmail: r.consigneeEmail,
      destination: r.destination,
      eta: r.eta?.toISOString() ?? null,
      cargoType: r.cargoType ?? "",
      declaredValue: r.declaredValue ?? r.bookingDeclared,
      remarks: r.remarks ?? r.bookingRemarks,
    };
  });
}

async function viewOf(db: Executor, record: ConfirmationRecord): Promise<ConfirmationView> {
  const [voyage, [shipper], [origin], lines] = await Promise.all([
    voyageOf(db, record.voyageNum),
    db.select({ company: customers.company }).from(customers).where(eq(customers.code, record.customerCode)),
    db.select({ name: branches.name }).from(branches).where(eq(branches.code, record.branchCode)),
    linesOf(db, record),
  ]);
  return {
    transactionRef: record.transactionRef,
    voyageNum: voyage.voyageNum,
    voyageRef: voyage.voyageRef,
    vessel: voyage.vesselName,
    origin: origin?.name ?? record.branchCode,
    etd: voyage.estimatedTimeDeparture.toISOString(),
    shipper: shipper?.company ?? record.customerCode,
    shipperEmail: record.shipperEmail,
    lines,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Staff

async function recordInScope(db: Executor, transactionRef: string, scope: BranchScope): Promise<ConfirmationRecord> {
  return await findInScope(db, loadingConfirmations, loadingConfirmations.branchCode, scope,
    sql`lower(${loadingConfirmations.transactionRef}) = lower(${transactionRef})`, `Loading confirmation ${transactionRef} was not found.`);
}

function selectRows(db: Executor) {
  return db.select({
    id: loadingConfirmations.id,
    transactionRef: loadingConfirmations.transactionRef,
    voyageNum: loadingConfirmations.voyageNum,
    voyageRef: voyageSchedules.voyageRef,
    vesselName: vessels.name,
    branchCode: loadingConfirmations.branchCode,
    customerCode: loadingConfirmations.customerCode,
    shipperName: customers.company,
    shipperEmail: loadingConfirmations.shipperEmail,
    dateSent: loadingConfirmations.dateSent,
    sentBy: loadingConfirmations.sentBy,
    dateCreated: loadingConfirmations.dateCreated,
    dateModified: loadingConfirmations.dateModified,
  }).from(loadingConfirmations)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, loadingConfirmations.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .innerJoin(customers, eq(customers.code, loadingConfirmations.customerCode));
}

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

async function toRows(db: Executor, rows: SelectedRow[]): Promise<ConfirmationRow[]> {
  const loaded = await loadedBookingsOf(db, rows);
  return rows.map((r) => ({
    ...r,
    bookingRefs: loaded.get(`${r.voyageNum}/${r.customerCode}`) ?? [],
    dateSent: r.dateSent?.toISOString() ?? null,
    dateCreated: r.dateCreated.toISOString(),
    dateModified: r.dateModified.toISOString(),
  }));
}

/** The confirmations of the caller's branches, newest first, by voyage and with a search. */
export async function listConfirmations(db: Db, scope: BranchScope, query: LoadingConfirmationListQuery) {
  const where = and(
    branchCondition(scope, loadingConfirmations.branchCode),
    query.voyageNum ? sql`lower(${loadingConfirmations.voyageNum}) = lower(${query.voyageNum})` : undefined,
    searchAny([loadingConfirmations.transactionRef, customers.company, loadingConfirmations.shipperEmail, loadingConfirmations.voyageNum], query.search || undefined),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(loadingConfirmations.dateCreated), desc(loadingConfirmations.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(loadingConfirmations).innerJoin(customers, eq(customers.code, loadingConfirmations.customerCode)).where(where),
  ]);
  const data = await toRows(db, rows);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

/** One confirmation of the caller's branches: its row and what it lists. */
export async function confirmationByRef(db: Db, transactionRef: string, scope: BranchScope) {
  const record = await recordInScope(db, transactionRef, scope);
  const [[row], view] = await Promise.all([
    selectRows(db).where(eq(loadingConfirmations.id, record.id)),
    viewOf(db, record),
  ]);
  const [withRefs] = await toRows(db, [row]);
  return { data: { ...withRefs, view } };
}

/**
 * Sends the link again with a new token: the old link stops working. To the address given (kept as the
 * shipper's for this confirmation), else the one on file. The dateModified read must be current.
 */
export async function resendConfirmation(db: Db, caller: Caller, transactionRef: string, input: ResendConfirmationInput, ctx: { linkBase: string }) {
  const record = await recordInScope(db, transactionRef, caller);
  if (new Date(input.dateModified).getTime() !== record.dateModified.getTime()) {
    throw new AppError("CONFLICT", "This loading confirmation was changed by someone else after you opened it. Reload it and try again.");
  }
  const [customer] = await db.select({ company: customers.company, email: customers.customerContactEmail }).from(customers)
    .where(eq(customers.code, record.customerCode));
  const email = input.email ?? (record.shipperEmail || customer?.email.trim() || "");
  if (!email) {
    throw new AppError("VALIDATION", `Customer ${record.customerCode} has no e-mail address; type one to send the link to.`, { email: ["E-mail is required"] });
  }
  const bookingRefs = (await loadedBookingsOf(db, [record])).get(`${record.voyageNum}/${record.customerCode}`) ?? [];
  if (bookingRefs.length === 0) {
    throw new AppError("CONFLICT", `No cargo of ${customer?.company ?? record.customerCode} is loaded on voyage ${record.voyageNum} now; there is nothing to confirm.`);
  }
  const voyage = await voyageOf(db, record.voyageNum);
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const { tokenHash } = await mailLink(tx, {
      record, voyage, shipperName: customer?.company ?? record.customerCode, email, bookingRefs, linkBase: ctx.linkBase, requestedBy: caller.userId,
    });
    const moved = await tx.update(loadingConfirmations).set({ tokenHash, shipperEmail: email, dateSent: now, sentBy: caller.userId, userModified: caller.userId, dateModified: now })
      .where(and(eq(loadingConfirmations.id, record.id), eq(loadingConfirmations.dateModified, record.dateModified)))
      .returning({ id: loadingConfirmations.id });
    if (moved.length === 0) throw new AppError("CONFLICT", "This loading confirmation was changed by someone else after you opened it. Reload it and try again.");
    await recordAudit(tx, {
      actor: caller.userId, action: "LOADING_CONFIRMATION_SENT", target: `loading-confirmation:${record.transactionRef}`,
      detail: { voyageNum: record.voyageNum, customerCode: record.customerCode, bookingRefs, email, again: record.dateSent !== null },
    });
  });
  const { data } = await confirmationByRef(db, record.transactionRef, caller);
  return { data, message: "Email was sent successfully" };
}

/** A confirmation of the caller's branches, for its printout. */
export async function confirmationForPrint(db: Db, transactionRef: string, scope: BranchScope): Promise<ConfirmationView> {
  return await viewOf(db, await recordInScope(db, transactionRef, scope));
}

// ---------------------------------------------------------------------------------------------------------
// The shipper's side

/**
 * What the link opens: the confirmation whose token this is, if the booking named is one of the loaded cargo it
 * lists. A token of the wrong shape, a token no confirmation has, and a booking that is not on it all answer
 * the same 404.
 */
export async function confirmationOfLink(db: Db, bookingRef: string, token: string): Promise<ConfirmationView> {
  if (!isLinkToken(token)) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  const [record] = await db.select().from(loadingConfirmations).where(eq(loadingConfirmations.tokenHash, await sha256Hex(token)));
  if (!record) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  const view = await viewOf(db, record);
  if (!view.lines.some((l) => l.bookingRef.toLowerCase() === bookingRef.toLowerCase())) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  return view;
}
