import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../../db/client.ts";
import { invoices, waybillCharges, waybills } from "../../../../db/schema/index.ts";
import { AppError } from "../../../shared/errors.ts";
import { formatAmount, formatCentavos, toCentavos } from "../../../shared/money.ts";
import type { SidePaymentRow } from "./schemas.ts";
import { liveInvoice, settledOf } from "./settlement.ts";

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
 * nothing to pay. The caller has found the waybill within its scope; this answers for any branch.
 */
export async function waybillSidePaid(db: Executor, wayBillRef: string, side: WaybillSide): Promise<SidePaymentRow> {
  const [waybill] = await db.select({ wayBillRef: waybills.wayBillRef }).from(waybills).where(sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`);
  if (!waybill) throw new AppError("NOT_FOUND", `Waybill ${wayBillRef} was not found.`);
  const codes = SIDE_CODES[side];
  const lines = await db.select({ availableTo: waybillCharges.availableTo }).from(waybillCharges)
    .where(and(eq(waybillCharges.wayBillRef, waybill.wayBillRef), inArray(waybillCharges.availableTo, [codes.cash, codes.account])));
  const cashLines = lines.filter((l) => l.availableTo === codes.cash).length;
  if (cashLines === 0) {
    const reason = lines.length > 0 ? "On account: the customer is billed on its account." : "Nothing is billed on this side.";
    return { side, paid: true, reason, invoices: [] };
  }
  const billed = await db.select({ id: invoices.id, invoiceNo: invoices.invoiceNo, billedSide: invoices.billedSide, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.wayBillRef, waybill.wayBillRef), eq(invoices.billedSide, codes.cash), liveInvoice))
    .orderBy(asc(invoices.id));
  if (billed.length === 0) {
    return { side, paid: false, reason: `Not invoiced yet: the ${side} charges of ${waybill.wayBillRef} have no invoice.`, invoices: [] };
  }
  const settled = await settledOf(db, billed.map((i) => i.id));
  const rows = billed.map((i) => {
    const s = settled.get(i.id) ?? { settled: 0n, awaiting: 0n };
    const balance = toCentavos(i.total) - s.settled - s.awaiting;
    return { invoiceNo: i.invoiceNo, billedSide: i.billedSide, total: i.total, settled: s.settled, awaiting: s.awaiting, balance };
  });
  const open = rows.filter((r) => r.balance > 0n);
  const waiting = rows.filter((r) => r.awaiting > 0n);
  const paid = rows.every((r) => r.settled >= toCentavos(r.total));
  const reason = paid
    ? "Collected in full."
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
