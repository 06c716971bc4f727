import { addCalendarDays, addWorkingDays, daysBetween, type Holiday, type Weekday } from "../../../shared/dates.ts";
import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Post-dated cheques (001 §3, §4 PdcClearing; domain notes §9): the cheque's workflow, banking days, and when a
 * cheque may be deposited and cleared. Pure: no database, no clock.
 */

/**
 * RECEIVED with its collection; DEPOSITED on or after its date; CLEARED no earlier than the next banking day, or
 * BOUNCED (its collection reversed, the invoices open again). REPLACED by another cheque before it was deposited;
 * CANCELLED with its collection.
 */
export const PDC_STATUSES = ["RECEIVED", "DEPOSITED", "CLEARED", "BOUNCED", "REPLACED", "CANCELLED"] as const;
export type PdcStatus = (typeof PDC_STATUSES)[number];

/** The cheques still to be worked: waiting for their date or for the bank. */
export const OUTSTANDING_PDC: readonly PdcStatus[] = ["RECEIVED", "DEPOSITED"];

const cashier = (actor: WorkflowActor) => actor.menus.has("CROACCOUNTING");

export const pdcWorkflow = defineWorkflow({
  entity: "post-dated-cheque",
  noun: "cheque",
  statuses: PDC_STATUSES,
  actions: {
    deposit: { from: ["RECEIVED"], to: "DEPOSITED", who: "CRO accounting staff", allowed: cashier, notice: "Deposited Successfully" },
    clear: { from: ["DEPOSITED"], to: "CLEARED", who: "CRO accounting staff", allowed: cashier, notice: "Cleared Successfully" },
    bounce: { from: ["DEPOSITED"], to: "BOUNCED", who: "CRO accounting staff", allowed: cashier, notice: "Cheque bounced: its collection is reversed" },
    replace: { from: ["RECEIVED"], to: "REPLACED", who: "CRO accounting staff", allowed: cashier, notice: "Cheque replaced successfully" },
    cancel: { from: ["RECEIVED"], to: "CANCELLED", who: "CRO accounting staff", allowed: cashier, notice: "Cheque cancelled with its collection" },
  },
});
export type PdcAction = keyof typeof pdcWorkflow.actions;

/** The cheque list reloads this long after a clearing (001 §4, §9). */
export const PDC_RELOAD_MS = 500;
/** Rows per page of the cheque list. */
export const PDC_PAGE_SIZE = 20;

/** Banks clear Monday to Friday. */
export const BANKING_WEEK: readonly Weekday[] = [1, 2, 3, 4, 5];

/** A cheque is stale from this many days after its date (PCHC), and the cashier is warned from the second figure. */
export const STALE_DAY = 180;
export const STALE_WARNING_DAY = 150;

/** A banking day: Monday to Friday and not a national holiday (a branch's own holiday does not close the banks). */
export function isBankingDay(date: string, nationalHolidays: readonly string[]): boolean {
  return nextBankingDay(addCalendarDays(date, -1), nationalHolidays) === date;
}

/** The first banking day after `date`: a cheque deposited on Wednesday 16 April 2025 clears from Monday 21 April. */
export function nextBankingDay(date: string, nationalHolidays: readonly string[]): string {
  const holidays: Holiday[] = nationalHolidays.map((day) => ({ date: day, branchCode: null }));
  return addWorkingDays(date, 1, { holidays, workSchedule: BANKING_WEEK });
}

/** The days that mark a cheque's age: warned from, last day it may be deposited, and stale from. */
export function staleDates(chequeDate: string): { warnFrom: string; lastDeposit: string; staleFrom: string } {
  return {
    warnFrom: addCalendarDays(chequeDate, STALE_WARNING_DAY),
    lastDeposit: addCalendarDays(chequeDate, STALE_DAY - 1),
    staleFrom: addCalendarDays(chequeDate, STALE_DAY),
  };
}

export type Staleness = "FRESH" | "WARN" | "STALE";

/** How old a cheque is on `on`; a manager's or cashier's cheque never goes stale. */
export function stalenessOf(cheque: { chequeDate: string; isManagersCheque: boolean }, on: string): Staleness {
  if (cheque.isManagersCheque) return "FRESH";
  const age = daysBetween(cheque.chequeDate, on);
  if (age >= STALE_DAY) return "STALE";
  return age >= STALE_WARNING_DAY ? "WARN" : "FRESH";
}

/** Why a cheque cannot be deposited on `depositDate`, or null. */
export function depositProblem(cheque: { chequeDate: string; isManagersCheque: boolean }, depositDate: string, today: string): string | null {
  if (depositDate < cheque.chequeDate) {
    return `A cheque dated ${cheque.chequeDate} cannot be deposited before its date; deposit it on ${cheque.chequeDate} or later.`;
  }
  if (depositDate > today) return `The deposit date ${depositDate} is after today; record a deposit once it is made.`;
  if (stalenessOf(cheque, depositDate) === "STALE") {
    const { lastDeposit, staleFrom } = staleDates(cheque.chequeDate);
    return `The cheque dated ${cheque.chequeDate} is stale from ${staleFrom} (${STALE_DAY} days after its date); the last day it could be deposited was ${lastDeposit}.`;
  }
  return null;
}

/** The warning a cashier sees depositing a cheque near its stale date, or null. */
export function depositWarning(cheque: { chequeDate: string; isManagersCheque: boolean }, depositDate: string): string | null {
  if (stalenessOf(cheque, depositDate) !== "WARN") return null;
  const { lastDeposit } = staleDates(cheque.chequeDate);
  return `The cheque dated ${cheque.chequeDate} goes stale soon: the last day to deposit it is ${lastDeposit}.`;
}

/** Why a cheque deposited on `depositDate` cannot be cleared on `clearedDate`, or null. */
export function clearingProblem(depositDate: string, clearedDate: string, today: string, nationalHolidays: readonly string[]): string | null {
  const earliest = nextBankingDay(depositDate, nationalHolidays);
  if (clearedDate < earliest) {
    return `A cheque deposited on ${depositDate} clears no earlier than the next banking day, ${earliest}.`;
  }
  if (clearedDate > today) return `The clearing date ${clearedDate} is after today; clear the cheque once the bank has.`;
  return null;
}
