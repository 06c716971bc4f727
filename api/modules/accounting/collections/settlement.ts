import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../../../db/client.ts";
import { collectionLines, collections, invoices, postDatedCheques } from "../../../../db/schema/index.ts";
import { formatCentavos, toCentavos } from "../../../shared/money.ts";
import type { EarlierPayments } from "./rules.ts";

/**
 * What the receipts still standing took from invoices: the one place that reads it, for the collections (what is
 * open, what earlier payments withheld) and for the paid question of release (what is settled for good).
 */

/** An invoice that is cancelled settles nothing and is owed nothing (invoices/: Issued → Cancelled). */
export const CANCELLED_INVOICE = "Cancelled";
/** Only receipts in this status settle their invoices (collections/rules.ts: SETTLING_STATUSES). */
const ISSUED_COLLECTION = "Issued";

export const liveInvoice = ne(invoices.status, CANCELLED_INVOICE);

/** Per invoice, what standing receipts applied and withheld (with their bases), in centavos. */
export async function earlierPaymentsOf(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, EarlierPayments>> {
  const found = new Map<number, EarlierPayments>();
  if (invoiceIds.length === 0) return found;
  const rows = await db.select({
    invoiceId: collectionLines.invoiceId,
    applied: sql<string>`coalesce(sum(${collectionLines.applied}), 0)::text`,
    ewtBase: sql<string>`coalesce(sum(${collectionLines.ewtBase}), 0)::text`,
    ewt: sql<string>`coalesce(sum(${collectionLines.ewtAmount}), 0)::text`,
    wvatBase: sql<string>`coalesce(sum(${collectionLines.wvatBase}), 0)::text`,
    wvat: sql<string>`coalesce(sum(${collectionLines.wvatAmount}), 0)::text`,
  }).from(collectionLines)
    .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
    .where(and(inArray(collectionLines.invoiceId, [...invoiceIds]), eq(collections.status, ISSUED_COLLECTION)))
    .groupBy(collectionLines.invoiceId);
  for (const r of rows) {
    found.set(r.invoiceId, {
      applied: toCentavos(r.applied), ewtBase: toCentavos(r.ewtBase), ewt: toCentavos(r.ewt), wvatBase: toCentavos(r.wvatBase), wvat: toCentavos(r.wvat),
    });
  }
  return found;
}

/** Earlier payments as the screens read them: decimal text. */
export function earlierAsText(e: EarlierPayments) {
  return { applied: formatCentavos(e.applied), ewtBase: formatCentavos(e.ewtBase), ewt: formatCentavos(e.ewt), wvatBase: formatCentavos(e.wvatBase), wvat: formatCentavos(e.wvat) };
}

/**
 * Per invoice, what standing receipts settled for good (cash, a cheque, a post-dated cheque once CLEARED) and what
 * still waits for a post-dated cheque to clear. Centavos.
 */
export async function settledOf(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, { settled: bigint; awaiting: bigint }>> {
  const found = new Map<number, { settled: bigint; awaiting: bigint }>();
  if (invoiceIds.length === 0) return found;
  const cleared = sql`exists (select 1 from ${postDatedCheques} where ${postDatedCheques.collectionId} = ${collections.id} and ${postDatedCheques.status} = 'CLEARED')`;
  const byPdc = sql`${collections.paymentMethod} = 'PDC'`;
  const rows = await db.select({
    invoiceId: collectionLines.invoiceId,
    settled: sql<string>`coalesce(sum(${collectionLines.applied}) filter (where not (${byPdc}) or ${cleared}), 0)::text`,
    awaiting: sql<string>`coalesce(sum(${collectionLines.applied}) filter (where ${byPdc} and not ${cleared}), 0)::text`,
  }).from(collectionLines)
    .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
    .where(and(inArray(collectionLines.invoiceId, [...invoiceIds]), eq(collections.status, ISSUED_COLLECTION)))
    .groupBy(collectionLines.invoiceId);
  for (const r of rows) found.set(r.invoiceId, { settled: toCentavos(r.settled), awaiting: toCentavos(r.awaiting) });
  return found;
}
