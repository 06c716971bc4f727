import { asc, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { waybillChargeAdjustments } from "../../db/schema/index.ts";
import { toCentavos } from "./money.ts";

/**
 * The adjustments kept beside a waybill's charge lines (domain notes §5.5): what approved waivers forgave and what
 * approved overrides moved, written by the waivers module and read here by everyone who asks what a line is worth
 * or what is due on it: the waybill's totals (outbound), the invoices still to be made and the paid answer of
 * release (accounting), the open amounts of the next waiver. The computed line itself is never edited.
 */

export const ADJUSTMENT_KINDS = ["WAIVER", "OVERRIDE"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export interface ChargeAdjustment {
  wayBillRef: string;
  chargeCode: string;
  part: string;
  availableTo: string;
  kind: AdjustmentKind;
  /** The waiver's or the override's number. */
  sourceRef: string;
  /** Signed centavos: a waiver's is negative, an override's the change of the line's value. */
  amount: bigint;
  dateApproved: Date;
}

/** A charge line is named by its code and part within its waybill (one line per pair). */
export const lineKey = (line: { chargeCode: string; part: string }) => `${line.chargeCode} ${line.part}`;

/** Every adjustment of these waybills, oldest first. */
export async function chargeAdjustmentsOf(db: Executor, wayBillRefs: readonly string[]): Promise<ChargeAdjustment[]> {
  if (wayBillRefs.length === 0) return [];
  const rows = await db.select().from(waybillChargeAdjustments)
    .where(inArray(waybillChargeAdjustments.wayBillRef, [...new Set(wayBillRefs)]))
    .orderBy(asc(waybillChargeAdjustments.dateApproved), asc(waybillChargeAdjustments.id));
  return rows.map((r) => ({
    wayBillRef: r.wayBillRef, chargeCode: r.chargeCode, part: r.part, availableTo: r.availableTo, kind: r.kind as AdjustmentKind,
    sourceRef: r.sourceRef, amount: toCentavos(r.amount), dateApproved: r.dateApproved,
  }));
}

/** What a line is worth and what is due on it, in centavos, once its adjustments are counted. */
export interface AdjustedLine {
  /** The computed value. */
  computed: bigint;
  /** What approved overrides moved it by (signed). */
  overridden: bigint;
  /** Its value: computed and overridden, never below nothing. */
  value: bigint;
  /** What approved waivers forgave of it. */
  waived: bigint;
  /** What is left to pay: its value less what was waived, never below nothing. */
  due: bigint;
}

/** One line with the adjustments given (those of other lines are ignored). */
export function adjustLine(line: { chargeCode: string; part: string; chargeValue: string }, adjustments: readonly ChargeAdjustment[]): AdjustedLine {
  const own = adjustments.filter((a) => a.chargeCode === line.chargeCode && a.part === line.part);
  const computed = toCentavos(line.chargeValue);
  const overridden = own.filter((a) => a.kind === "OVERRIDE").reduce((sum, a) => sum + a.amount, 0n);
  const waived = -own.filter((a) => a.kind === "WAIVER").reduce((sum, a) => sum + a.amount, 0n);
  const value = computed + overridden > 0n ? computed + overridden : 0n;
  const due = value - waived > 0n ? value - waived : 0n;
  return { computed, overridden, value, waived, due };
}

/** The adjustments of one waybill, from a list of several. */
export const adjustmentsOfWaybill = (all: readonly ChargeAdjustment[], wayBillRef: string) => all.filter((a) => a.wayBillRef === wayBillRef);
