import { adjustLine, type ChargeAdjustment, lineKey } from "../../../shared/charge-adjustments.ts";

/**
 * What approved waivers and overrides change in what a waybill's side owes (domain notes §5.5): the part of the paid
 * answer that weighs them, beside the money collected (paid.ts). An invoice bills the lines as they stood when it was
 * issued; a waiver or an override approved after that changes what is owed on it (a waiver lowers it, an override
 * moves it either way), one approved before it is billed by the invoice itself. A side whose lines are all waived
 * owes nothing, invoiced or not.
 */

export interface SideAdjustments {
  /** Whether any approved waiver or override touches the side's lines. */
  adjusted: boolean;
  /** What is due on the side's lines now, in centavos. */
  due: bigint;
  /** How much what is due now differs from what was due at `at` (negative when lowered since). */
  changeSince(at: Date): bigint;
  /** The waivers and overrides that touch the side, by number. */
  sources: string[];
}

type Line = { chargeCode: string; part: string; chargeValue: string };

const dueOf = (lines: readonly Line[], adjustments: readonly ChargeAdjustment[]) =>
  lines.reduce((sum, line) => sum + adjustLine(line, adjustments).due, 0n);

/**
 * The adjustments of `lines` (one side's lines of a waybill) and what they leave due, from the adjustments read
 * (those of the waybill, or of many waybills: only those of `lines` count).
 */
export function adjustmentsOfLines(adjustments: readonly ChargeAdjustment[], lines: readonly Line[]): SideAdjustments {
  const keys = new Set(lines.map(lineKey));
  const own = adjustments.filter((a) => keys.has(lineKey(a)));
  const due = dueOf(lines, own);
  return {
    adjusted: own.length > 0,
    due,
    changeSince: (at) => due - dueOf(lines, own.filter((a) => a.dateApproved.getTime() <= at.getTime())),
    sources: [...new Set(own.map((a) => a.sourceRef))],
  };
}
