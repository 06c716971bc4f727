import { z } from "zod";
import { listQuery } from "../../shared/contracts.ts";

/**
 * The outbox's HTTP contract. Imports only zod (and the shared contracts), so the web app uses it too.
 *
 * Statuses: PENDING (waiting for the sender), SENDING (claimed by a sender), SENT, FAILED (will be tried
 * again at nextAttemptAt), DEAD (gave up after the last attempt) and HELD (no SMTP server configured; an
 * administrator reads the message in the app).
 */
export const OUTBOX_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED", "DEAD", "HELD"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Statuses an administrator can send again. */
export const RETRYABLE_STATUSES = ["FAILED", "DEAD", "HELD"] as const satisfies readonly OutboxStatus[];

export const RETRY_QUEUED_MESSAGE = "Message queued for another try";

export const outboxListQuery = listQuery.omit({ filter: true }).extend({
  // An empty value (a cleared select) means every status.
  status: z.union([z.enum(OUTBOX_STATUSES), z.literal("")], { error: `status must be one of ${OUTBOX_STATUSES.join(", ")}` })
    .optional().transform((value) => value || undefined),
});
export type OutboxListQuery = z.output<typeof outboxListQuery>;

export const outboxSummary = z.object({
  id: z.number(),
  template: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** When a FAILED message is tried again. */
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  requestedBy: z.string().nullable(),
  dateCreated: z.string(),
});
export type OutboxSummary = z.infer<typeof outboxSummary>;

export const outboxMessage = outboxSummary.extend({
  textBody: z.string(),
  htmlBody: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxListResult = z.object({
  data: z.array(outboxSummary),
  total: z.number(),
  message: z.string().optional(),
});

export const outboxMessageResult = z.object({ data: outboxMessage });

export const outboxRetryResult = z.object({ data: outboxSummary, message: z.string() });
