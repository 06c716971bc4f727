import { and, count, eq, ne, not, notExists, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { cargoReleaseOrders, waybills } from "../../../db/schema/index.ts";
import { branchCondition } from "../../shared/branch-scope.ts";
import { addCalendarDays, manilaToday } from "../../shared/dates.ts";
import { PAGES } from "../../shared/page-paths.ts";
import { listCheques } from "../accounting/index.ts";
import type { Caller } from "../auth/index.ts";
import { listForApprover, listRevisions } from "../booking-changes/index.ts";
import { cargoStageReached } from "../bookings/index.ts";
import { listRequests } from "../customer-requests/index.ts";
import { DISCHARGED_STAGE, FREE_TIME_STAGES, lastFreeStorageDays } from "../inbound/index.ts";
import type { LIST_CAPABILITY, SqList } from "../sales-quotations/index.ts";
import { listQuotations } from "../sales-quotations/index.ts";
import { listOverrides, listWaivers } from "../waivers/index.ts";
import type { WaitingItem } from "./schemas.ts";

/**
 * What waits for a signed-in user (issue 26, Build 5): for each list their role opens, how many records of their
 * branches wait for them there. Each count is the total of the module's own list, asked for one row, so the
 * home page and the list it links to agree; only the lists the caller's menus and flags open are asked, and
 * only what waits (a count above nought) is answered.
 */

/** The quotation queues a step of approval works from, in the order of the chain. */
const SQ_QUEUES = [
  { list: "SM", capability: "SQ_SM", label: "Quotations waiting for your approval (sales manager)" },
  { list: "AUD", capability: "SQ_AUD", label: "Quotations waiting for your approval (audit)" },
  { list: "FA", capability: "SQ_FA", label: "Quotations waiting for your approval (finance)" },
] as const satisfies readonly { list: SqList; capability: (typeof LIST_CAPABILITY)[SqList]; label: string }[];

const ONE = { skip: 0, take: 1, search: "" } as const;

export interface WaitingOptions {
  /** The day the counts are made on (Manila); today unless given. */
  today?: string;
}

async function quotationItems(db: Db, caller: Caller): Promise<WaitingItem[]> {
  if (!caller.menus.has("SALESQUOTATION")) return [];
  const items: WaitingItem[] = [];
  for (const { list, capability, label } of SQ_QUEUES) {
    if (!caller.capabilities.has(capability)) continue;
    const { total } = await listQuotations(db, caller, { ...ONE, list });
    items.push({ key: `sq-${list}`, label, count: total, link: `${PAGES.salesQuotation}?list=${list}` });
  }
  return items;
}

async function customerRequestItems(db: Db, caller: Caller): Promise<WaitingItem[]> {
  if (!caller.menus.has("CUSTOMER")) return [];
  const answer = await listRequests(db, caller, { ...ONE, list: "forApproval" });
  // To anyone but an approver the list shows their own requests: those wait for someone else.
  if (!answer.isApprover) return [];
  return [{ key: "customer-requests", label: "Customer requests for approval", count: answer.total, link: PAGES.customerRequestsForApproval }];
}

async function bookingChangeItems(db: Db, caller: Caller): Promise<WaitingItem[]> {
  if (!caller.menus.has("BOOKINGCHANGES")) return [];
  const items: WaitingItem[] = [];
  const endorse = await listRevisions(db, caller, { ...ONE, list: "forEndorse", showMyApproved: false });
  if (endorse.isEndorser || endorse.adminEndorser) {
    items.push({ key: "booking-changes-endorse", label: "Booking changes for endorsement", count: endorse.total, link: `${PAGES.bookingChangeDrafts}?list=forEndorse` });
  }
  const approve = await listForApprover(db, caller, ONE);
  if (approve.isApprover || approve.isBCFinalApprover || approve.isAcctngApprover) {
    items.push({ key: "booking-changes-approve", label: "Booking changes for approval", count: approve.total, link: `${PAGES.bookingChangeDrafts}?list=forApproval` });
  }
  return items;
}

async function waiverItems(db: Db, caller: Caller): Promise<WaitingItem[]> {
  if (!caller.menus.has("WAIVER")) return [];
  const items: WaitingItem[] = [];
  const endorse = await listWaivers(db, caller, { ...ONE, list: "forEndorse" });
  if (endorse.isEndorser) items.push({ key: "waivers-endorse", label: "Waivers for endorsement", count: endorse.total, link: `${PAGES.waiverDrafts}?list=forEndorse` });
  const approve = await listWaivers(db, caller, { ...ONE, list: "forApproval" });
  if (approve.isApprover) items.push({ key: "waivers-approve", label: "Waivers for approval", count: approve.total, link: `${PAGES.waiverDrafts}?list=forApproval` });
  const overrides = await listOverrides(db, caller, { ...ONE, list: "forApproval" });
  if (overrides.isApprover) {
    items.push({ key: "overrides-approve", label: "Charge overrides for approval", count: overrides.total, link: `${PAGES.overrideDrafts}?list=forApproval` });
  }
  return items;
}

/** Discharged (stage 6) at the caller's branches, not cancelled. */
const dischargedHere = (caller: Caller) =>
  and(branchCondition(caller, waybills.destinationBranchCode), ne(waybills.status, "Cancelled"), cargoStageReached(waybills.bookingRef, DISCHARGED_STAGE));

/** Releases due: discharged waybills with no cargo release order yet (the release order page's candidates). */
async function releasesDue(db: Db, caller: Caller): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(waybills).where(and(
    dischargedHere(caller),
    notExists(db.select({ one: sql`1` }).from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, waybills.wayBillRef))),
  ));
  return Number(n);
}

/**
 * Free days running out: discharged waybills whose cargo has not gone out (no van-out, stage 8) and whose storage
 * free days end today or tomorrow, or ended already. The last free day is the one the free-time screen shows,
 * worked out for the whole yard at once; the set asked is only the cargo still in the yard.
 */
async function freeDaysRunningOut(db: Db, caller: Caller, today: string): Promise<number> {
  const inYard = await db.select().from(waybills)
    .where(and(dischargedHere(caller), not(cargoStageReached(waybills.bookingRef, FREE_TIME_STAGES.vanOut))));
  const tomorrow = addCalendarDays(today, 1);
  const lastFreeDays = await lastFreeStorageDays(db, inYard, today);
  return [...lastFreeDays.values()].filter((day) => day <= tomorrow).length;
}

async function inboundItems(db: Db, caller: Caller, today: string): Promise<WaitingItem[]> {
  if (!caller.menus.has("INBOUND")) return [];
  return [
    { key: "releases-due", label: "Discharged waybills waiting for a cargo release order", count: await releasesDue(db, caller), link: PAGES.cargoReleaseOrders },
    { key: "free-days", label: "Waybills whose free storage days end by tomorrow", count: await freeDaysRunningOut(db, caller, today), link: PAGES.unpaidWaybills },
  ];
}

async function chequeItems(db: Db, caller: Caller, today: string): Promise<WaitingItem[]> {
  if (!caller.menus.has("CROACCOUNTING")) return [];
  const { total } = await listCheques(db, caller, { ...ONE, filter: "RECEIVED", dueTo: today });
  return [{ key: "pdcs-due", label: "Post-dated cheques due for deposit", count: Number(total), link: PAGES.pdcClearing }];
}

/** GET /Home/waiting: what waits for the caller, each with its count and the list it is on. */
export async function waitingFor(db: Db, caller: Caller, options: WaitingOptions = {}): Promise<{ data: WaitingItem[]; message?: string }> {
  const today = options.today ?? manilaToday();
  const items = [
    ...(await quotationItems(db, caller)),
    ...(await customerRequestItems(db, caller)),
    ...(await bookingChangeItems(db, caller)),
    ...(await waiverItems(db, caller)),
    ...(await inboundItems(db, caller, today)),
    ...(await chequeItems(db, caller, today)),
  ].filter((item) => item.count > 0);
  return items.length === 0 ? { data: items, message: NOTHING_WAITS } : { data: items };
}

export const NOTHING_WAITS = "Nothing waits for you";
