import { and, asc, eq, ne } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { collectionLines, collections, croAccountings, invoices, postings, waybills } from "../../../../db/schema/index.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { manilaDate } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { transition } from "../../../shared/workflow.ts";
import type { Caller } from "../../auth/index.ts";
import { enqueuePosting } from "../posting/outbox.ts";
import { invoiceWorkflow, negated } from "./rules.ts";
import { invoiceTarget, issueWaybillInvoice } from "./service.ts";

/**
 * Correcting the invoices of a waybill whose charges change after it was invoiced (domain notes §6: an issued
 * invoice is never edited; before posting it is cancelled and a new number issued, after posting a reversal is
 * posted and a new invoice issued, §10). Used by the booking-changes module's approval, in its transaction.
 */

/** What happened to one invoice of the waybill. */
export interface InvoiceCorrection {
  /** The invoice cancelled: it keeps its number, with the reason, who and when. */
  cancelled: string;
  billedSide: string;
  /** Whether BASE had confirmed its posting, or its CRO accounting record was posted, before the correction. */
  posted: boolean;
  /** The REVERSAL queued for its posting. */
  reversalKey: string;
  /** The invoice issued in its place with the branch's next SI number, or null when nothing is billed now
   * (the side has nothing left, or the waybill moved to another voyage or branch whose CRO accounting bills it). */
  reissued: string | null;
}

export interface InvoiceCorrectionRequest {
  wayBillRef: string;
  /** Why: the cancelled invoices keep it as their reason (e.g. "Booking change BC-MNL-2026-000004 approved"). */
  reason: string;
  /** Refusals name it: "… before <purpose>" (e.g. "booking change BC-MNL-2026-000004 is approved"). */
  purpose: string;
  now: Date;
}

const LIVE_COLLECTION = "Issued";

/**
 * In the caller's transaction: the waybill's live invoices are held, each cancelled (status Cancelled, its number
 * kept, the reason, the user and the time) with a REVERSAL of its posting queued (as every cancellation does, so
 * BASE learns of every number: one BASE confirmed is reversed at the next relay, one not yet sent is reversed once
 * its original is), then `rewrite` changes the waybill's lines, and an invoice is issued again for each side from
 * the waybill as it now stands, under the same CRO accounting record, with the branch's next SI number.
 *
 * An invoice a standing collection settles (in part or whole) is refused (409) before anything is written: the
 * receipt is cancelled first, so no payment is left against a cancelled number.
 */
export async function correctWaybillInvoices(
  tx: Tx,
  caller: Caller,
  request: InvoiceCorrectionRequest,
  rewrite: () => Promise<void>,
): Promise<InvoiceCorrection[]> {
  const live = await tx.select().from(invoices)
    .where(and(eq(invoices.wayBillRef, request.wayBillRef), ne(invoices.status, "Cancelled"))).orderBy(asc(invoices.id)).for("update");
  for (const invoice of live) {
    const [settled] = await tx.select({ receiptNo: collections.receiptNo }).from(collectionLines)
      .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
      .where(and(eq(collectionLines.invoiceId, invoice.id), eq(collections.status, LIVE_COLLECTION))).limit(1);
    if (settled) {
      throw new AppError(
        "CONFLICT",
        `Invoice ${invoice.invoiceNo} of waybill ${request.wayBillRef} is settled by collection ${settled.receiptNo}; cancel that collection before ${request.purpose}.`,
      );
    }
  }
  const done: (InvoiceCorrection & { croAccountingId: number | null })[] = [];
  for (const invoice of live) {
    const key = `INVOICE:${invoice.id}:r${invoice.revision}`;
    const [posting] = await tx.select({ status: postings.status }).from(postings).where(eq(postings.idempotencyKey, key));
    const [cro] = invoice.croAccountingId === null ? []
      : await tx.select({ status: croAccountings.status }).from(croAccountings).where(eq(croAccountings.id, invoice.croAccountingId));
    const posted = posting?.status === "CONFIRMED" || cro?.status === "Posted";
    await transition(tx, invoiceWorkflow, invoiceTarget, {
      id: invoice.id, action: "replace", actor: caller, remarks: request.reason,
      set: { cancelReason: request.reason, dateCancelled: request.now, cancelledBy: caller.userId, userModified: caller.userId },
    });
    const reversalKey = await enqueuePosting(tx, {
      docType: "REVERSAL", docId: invoice.id, revision: invoice.revision, reversesKey: key, reference: invoice.invoiceNo, branchCode: invoice.branchCode,
      voyageNum: invoice.voyageNum, documentDate: manilaDate(request.now),
      totals: negated({ gross: invoice.total, vat: invoice.vatAmount, ewt: "0.00", wvat: "0.00", cash: "0.00" }),
      payload: { invoiceNo: invoice.invoiceNo, reason: request.reason, cancelledBy: caller.userId, dateCancelled: request.now.toISOString() },
      requestedBy: caller.userId,
    });
    done.push({ cancelled: invoice.invoiceNo, billedSide: invoice.billedSide, posted, reversalKey, reissued: null, croAccountingId: invoice.croAccountingId });
  }
  await rewrite();
  for (const c of done) {
    const id = await issueAgain(tx, caller, c.croAccountingId, request.wayBillRef, c.billedSide, request.now);
    if (id !== null) {
      const [made] = await tx.select({ invoiceNo: invoices.invoiceNo }).from(invoices).where(eq(invoices.id, id));
      c.reissued = made.invoiceNo;
    }
    await recordAudit(tx, {
      actor: caller.userId, action: "INVOICE_CORRECTED", target: `invoice:${c.cancelled}`,
      detail: { wayBillRef: request.wayBillRef, reason: request.reason, posted: c.posted, reversalKey: c.reversalKey, before: c.cancelled, after: c.reissued },
    });
  }
  return done.map(({ croAccountingId: _, ...c }) => c);
}

/** The side issued again under its CRO accounting record, or null when that record no longer bills the waybill. */
async function issueAgain(tx: Tx, caller: Caller, croAccountingId: number | null, wayBillRef: string, mode: string, now: Date): Promise<number | null> {
  if (croAccountingId === null) return null;
  const [cro] = await tx.select().from(croAccountings).where(eq(croAccountings.id, croAccountingId));
  const [w] = await tx.select().from(waybills).where(eq(waybills.wayBillRef, wayBillRef));
  // Moved to another voyage or destination: the CRO accounting of its new voyage and branch invoices it.
  const branchOfSide = cro?.side === "Origin" ? w?.branchCode : w?.destinationBranchCode;
  if (!cro || !w || w.voyageNum !== cro.voyageNum || branchOfSide !== cro.branchCode) return null;
  return await issueWaybillInvoice(tx, caller, { cro, wayBillRef, mode, now });
}
