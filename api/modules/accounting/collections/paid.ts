import { and, asc, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../../db/client.ts";
import { invoices, waybillCharges, waybills } from "../../../../db/schema/index.ts";
import { AppError } from "../../../shared/errors.ts";
import { formatAmount, formatCentavos, toCentavos } from "../../../shared/money.ts";
import { adjustmentsOfLines } from "./adjusted.ts";
import { type ChargeAdjustment, chargeAdjustmentsOf } from "../../../shared/charge-adjustments.ts";
import type { SidePaymentRow } from "./schemas.ts";
import { liveInvoice, settledOf } from "./settlement.ts";
import { groupBy } from "../../../shared/grouping.ts";

/**
 * Whether a waybill's side is paid, for its release (domain notes §5.5, §9): the question the inbound release asks
 * of this module.
 */

export type WaybillSide = "origin" | "destination";

/** The payment sides of a waybill's lines (P, C, AO, AD) that each end bills: cash first, then on account. */
export const SIDE_CODES: Record<WaybillSide, { cash: string; account: string }> = {
  origin: { cash: "P", account: "AO" },
  destination: { cash: "C", account: "AD" },
};

/**
 * Whether `side` of the waybill is settled: lines on account (AO, AD) go through, as the customer is billed on its
 * account; lines to be paid in cash need their invoice collected in full, by cash or cheque, or by a post-dated
 * cheque only once it has CLEARED. A side with such lines and no invoice is not paid; a side with no line at all has
 * nothing to pay. Approved waivers and overrides count (adjusted.ts): a side whose cash lines are all waived owes
 * nothing, and one approved after the invoice was issued changes what is owed on it. The caller has found the
 * waybill within its scope; this answers for any branch.
 */
export async function waybillSidePaid(db: Executor, wayBillRef: string, side: WaybillSide): Promise<SidePaymentRow> {
  const [waybill] = await db.select({ wayBillRef: waybills.wayBillRef }).from(waybills).where(sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`);
  if (!waybill) throw new AppError("NOT_FOUND", `Waybill ${wayBillRef} was not found.`);
  return (await waybillsPaid(db, [waybill.wayBillRef])).get(waybill.wayBillRef)![side];
}

/**
 * waybillSidePaid for many waybills and both sides at once, in five reads whatever their number (the unpaid list
 * and the release order's candidates ask it of a whole yard). `wayBillRefs` are references as stored; one that
 * does not exist answers as a waybill with no line (nothing to pay).
 */
export async function waybillsPaid(db: Executor, wayBillRefs: readonly string[]): Promise<Map<string, Record<WaybillSide, SidePaymentRow>>> {
  const refs = [...new Set(wayBillRefs)];
  const answers = new Map<string, Record<WaybillSide, SidePaymentRow>>();
  if (refs.length === 0) return answers;
  const cashCodes = SIDES.map((side) => SIDE_CODES[side].cash);
  const [lines, adjustments, billed] = await Promise.all([
    db.select({ wayBillRef: waybillCharges.wayBillRef, availableTo: waybillCharges.availableTo, chargeCode: waybillCharges.chargeCode, part: waybillCharges.part, chargeValue: waybillCharges.chargeValue })
      .from(waybillCharges)
      .where(and(inArray(waybillCharges.wayBillRef, refs), inArray(waybillCharges.availableTo, SIDES.flatMap((side) => [SIDE_CODES[side].cash, SIDE_CODES[side].account])))),
    chargeAdjustmentsOf(db, refs),
    db.select({ wayBillRef: invoices.wayBillRef, id: invoices.id, invoiceNo: invoices.invoiceNo, billedSide: invoices.billedSide, total: invoices.total, dateIssued: invoices.dateIssued })
      .from(invoices)
      .where(and(inArray(invoices.wayBillRef, refs), inArray(invoices.billedSide, cashCodes), liveInvoice))
      .orderBy(asc(invoices.id)),
  ]);
  const settled = await settledOf(db, billed.map((i) => i.id));
  const linesOf = groupBy(lines, (l) => l.wayBillRef);
  const adjustmentsOf = groupBy(adjustments, (a) => a.wayBillRef);
  const billedOf = groupBy(billed, (i) => `${i.wayBillRef} ${i.billedSide}`);
  for (const ref of refs) {
    const own = linesOf.get(ref) ?? [];
    const answerOf = (side: WaybillSide) =>
      sideAnswer(ref, side, own.filter((l) => l.availableTo === SIDE_CODES[side].cash || l.availableTo === SIDE_CODES[side].account),
        adjustmentsOf.get(ref) ?? [], billedOf.get(`${ref} ${SIDE_CODES[side].cash}`) ?? [], settled);
    answers.set(ref, { origin: answerOf("origin"), destination: answerOf("destination") });
  }
  return answers;
}

const SIDES: readonly WaybillSide[] = ["origin", "destination"];

/**
 * Both sides' answers as a release asks them (the release order, the consignee's page): the first side not paid,
 * or, when both are, how each is settled.
 */
export function releaseAnswer(sides: Record<WaybillSide, SidePaymentRow>): { unpaid: SidePaymentRow | null; reason: string } {
  const answers = SIDES.map((side) => sides[side]);
  const unpaid = answers.find((a) => !a.paid) ?? null;
  const reason = unpaid ? unpaid.reason : answers.map((a) => `${a.side[0].toUpperCase()}${a.side.slice(1)}: ${a.reason}`).join(" ");
  return { unpaid, reason };
}

type BilledInvoice = { id: number; invoiceNo: string; billedSide: string; total: string; dateIssued: Date };

/** One side's answer from what was read: its lines (cash and on account), the waybill's adjustments, its live cash invoices. */
function sideAnswer(
  wayBillRef: string,
  side: WaybillSide,
  lines: readonly { availableTo: string; chargeCode: string; part: string; chargeValue: string }[],
  adjustments: readonly ChargeAdjustment[],
  billed: readonly BilledInvoice[],
  settled: Map<number, { settled: bigint; awaiting: bigint }>,
): SidePaymentRow {
  const codes = SIDE_CODES[side];
  const cashLines = lines.filter((l) => l.availableTo === codes.cash);
  if (cashLines.length === 0) {
    const reason = lines.length > 0 ? "On account: the customer is billed on its account." : "Nothing is billed on this side.";
    return { side, paid: true, reason, invoices: [] };
  }
  const adjusted = adjustmentsOfLines(adjustments, cashLines);
  const waivedInFull = `Waived: nothing is left to pay on this side (${adjusted.sources.join(", ")}).`;
  if (billed.length === 0) {
    if (adjusted.adjusted && adjusted.due === 0n) return { side, paid: true, reason: waivedInFull, invoices: [] };
    return { side, paid: false, reason: `Not invoiced yet: the ${side} charges of ${wayBillRef} have no invoice.`, invoices: [] };
  }
  const rows = billed.map((i) => {
    const s = settled.get(i.id) ?? { settled: 0n, awaiting: 0n };
    const total = toCentavos(i.total);
    // What the invoice bills, moved by the waivers and overrides approved after it was issued.
    const change = adjusted.adjusted ? adjusted.changeSince(i.dateIssued) : 0n;
    const owed = total + change > 0n ? total + change : 0n;
    const balance = owed - s.settled - s.awaiting;
    return { invoiceNo: i.invoiceNo, billedSide: i.billedSide, total: i.total, owed, change, settled: s.settled, awaiting: s.awaiting, balance };
  });
  const open = rows.filter((r) => r.balance > 0n);
  const waiting = rows.filter((r) => r.awaiting > 0n);
  const paid = rows.every((r) => r.settled >= r.owed);
  const moved = rows.filter((r) => r.change !== 0n)
    .map((r) => `${formatAmount(formatCentavos(r.change < 0n ? -r.change : r.change))} was ${r.change < 0n ? "taken off" : "added to"} invoice ${r.invoiceNo} by waivers or overrides approved after it was issued`);
  const reason = paid && rows.every((r) => r.owed === 0n)
    ? waivedInFull
    : paid
    ? `Collected in full.${moved.length > 0 ? ` ${moved.join("; ")}.` : ""}`
    : open.length > 0
    ? `${open.map((r) => `${formatAmount(formatCentavos(r.balance))} is open on invoice ${r.invoiceNo}`).join("; ")}.`
    : `${waiting.map((r) => `A post-dated cheque for ${formatAmount(formatCentavos(r.awaiting))} on invoice ${r.invoiceNo} has not cleared`).join("; ")}.`;
  return {
    side,
    paid,
    reason,
    invoices: rows.map((r) => ({
      invoiceNo: r.invoiceNo, billedSide: r.billedSide, total: r.total,
      settled: formatCentavos(r.settled), awaitingClearing: formatCentavos(r.awaiting), balance: formatCentavos(r.balance),
    })),
  };
}
