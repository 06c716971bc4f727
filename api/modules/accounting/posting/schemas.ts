import { z } from "zod";
import { MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import { POSTING_STATUSES } from "./rules.ts";

/** Contracts of the posting calls; zod and pure modules only, so the web app uses them as they are. */

export const voyageNumParam = z.object({
  voyageNum: z.string({ error: "voyageNum is required" }).trim().min(1, "voyageNum is required").max(40, "voyageNum can be at most 40 characters"),
});

export const postingListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(20),
  status: z.enum(POSTING_STATUSES, { error: `status must be one of: ${POSTING_STATUSES.join(", ")}` }).optional(),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
});
export type PostingListQuery = z.infer<typeof postingListQuery>;

export const reconciliationQuery = z.object({
  /** The business day (Manila); today when left out. */
  date: dateText("date").optional(),
  voyageNum: z.string().trim().max(40, "voyageNum can be at most 40 characters").optional(),
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

const totals = z.object({ gross: z.string(), vat: z.string(), ewt: z.string(), wvat: z.string(), cash: z.string() });

export const postingRow = z.object({
  id: z.number(),
  docType: z.string(),
  docId: z.number(),
  revision: z.number(),
  reversesKey: z.string().nullable(),
  idempotencyKey: z.string(),
  reference: z.string(),
  branchCode: z.string(),
  voyageNum: z.string().nullable(),
  documentDate: z.string(),
  totals,
  status: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  externalRef: z.string().nullable(),
  /** BASE's answer as kept: its customer details and its message (message or Message). */
  custDetails: z.unknown(),
  message: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  requestedBy: z.string().nullable(),
  dateCreated: z.string(),
});
export type PostingRow = z.infer<typeof postingRow>;

export const postingList = z.object({
  data: z.array(postingRow),
  total: z.number(),
  /** Whether a BASE is configured: without one, postings wait HELD. */
  baseConfigured: z.boolean(),
  message: z.string().optional(),
});

const countAndTotals = z.object({ count: z.number(), totals });
const side = z.object({ idempotencyKey: z.string(), reference: z.string(), docType: z.string(), gross: z.string() });

export const reconciliationAnswer = z.object({
  date: z.string(),
  data: z.array(z.object({ documentDate: z.string(), voyageNum: z.string().nullable(), posted: countAndTotals, pending: countAndTotals, failed: countAndTotals })),
  totals: z.object({ posted: countAndTotals, pending: countAndTotals, failed: countAndTotals }),
  /** Lading's posted documents of the day against BASE's; null when no BASE is configured or it could not be asked. */
  comparison: z.object({
    onlyInLading: z.array(side.extend({ status: z.string() })),
    onlyInBase: z.array(side),
    amountsDiffer: z.array(z.object({ idempotencyKey: z.string(), reference: z.string(), lading: z.string(), base: z.string() })),
    totals: z.object({ lading: z.string(), base: z.string() }),
  }).nullable(),
  /** Why there is no comparison. */
  comparisonNote: z.string().nullable(),
  message: z.string().optional(),
});
export type ReconciliationAnswer = z.infer<typeof reconciliationAnswer>;

/** What a send on demand answers: each document's state and BASE's words (001 §7: custDetails, message or Message). */
export const postedAnswer = z.object({
  data: z.array(postingRow),
  custDetails: z.array(z.unknown()),
  message: z.string(),
});
export type PostedAnswer = z.infer<typeof postedAnswer>;
