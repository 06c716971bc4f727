import { formatBusinessDate } from "../../../shared/dates.ts";
import { formatAmount } from "../../../shared/money.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/** Cargo release orders (001 §3, §4, §9): statuses, the series, the page size and the words of a refusal. Pure. */

export const CRO_STATUSES = ["Created", "Cleared"] as const;
export type CroStatus = (typeof CRO_STATUSES)[number];

/** Rows per page of the CRO list (001 §9). */
export const CRO_PAGE_SIZE = 20;

/** The series that numbers the orders at each destination branch: CRO-CEB-2026-000001. */
export const CRO_SERIES = "CRO";

/** The cargo stage a release order records (001 §4): 7, CRO Created. */
export const CRO_STAGE = 7;
/** The stage the cargo must have reached first: 6, Unloaded TallySheet Created (the final inbound tally). */
export const DISCHARGED_STAGE = 6;

/**
 * The words a refusal for an unpaid waybill carries: the screens mark the booking unpaid on an error that contains
 * them (001 §8).
 */
export const UNPAID_MARK = "in BASE Accounting";

/** Whether an error text is the refusal of an unpaid waybill (001 §8). */
export const isUnpaidRefusal = (message: string): boolean => message.includes(UNPAID_MARK);

/** "Booking BK-... is not paid in BASE Accounting: 1,000.00 is open on invoice ...". */
export function unpaidRefusal(bookingRef: string, wayBillRef: string, side: string, reason: string): string {
  return `Booking ${bookingRef} (waybill ${wayBillRef}) is not paid ${UNPAID_MARK}: the ${side} side is unpaid. ${reason}`;
}

/**
 * The release order note (001 §9): the storage fee per TEU per day, at the rate of the free-time rule set (900 unless
 * a storage policy is in force), with the storage due date once the free days are known.
 */
export function releaseNote(o: { storageRate: string; storageDueDate: string | null }): string {
  const from = o.storageDueDate ? `from the day after ${formatBusinessDate(o.storageDueDate)}` : "after the free days";
  return `Storage fee of ${formatAmount(o.storageRate)} per TEU per day ${from}.`;
}

const inboundStaff = (actor: WorkflowActor) => actor.menus.has("INBOUND");

export const croWorkflow = defineWorkflow({
  entity: "cargo-release-order",
  noun: "cargo release order",
  statuses: CRO_STATUSES,
  actions: {
    clear: { from: ["Created"], to: "Cleared", who: "inbound staff", allowed: inboundStaff, notice: "Cleared Successfully" },
  },
});
