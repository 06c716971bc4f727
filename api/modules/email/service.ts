import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { searchAny } from "../../shared/list-filters.ts";
import type { Db } from "../../../db/client.ts";
import { emailAttachments, emailOutbox } from "../../../db/schema/index.ts";
import { recordAudit } from "../../shared/audit.ts";
import { type EmailTemplateName, type EmailTemplates, renderEmail } from "../../../templates/email/index.ts";
import { EMPTY_LIST_MESSAGE, type ListResult, type WriteResult } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import {
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxStatus,
  type OutboxSummary,
  RETRY_QUEUED_MESSAGE,
  RETRYABLE_STATUSES,
} from "./schemas.ts";

export interface QueueEmailInput<K extends EmailTemplateName> {
  to: string;
  template: K;
  data: EmailTemplates[K];
  /** User id of whoever caused the message. */
  requestedBy?: string | null;
  meta?: Record<string, unknown>;
  /** Files sent with the message, kept with it in the database (at most MAX_ATTACHMENT_BYTES in all). */
  attachments?: readonly EmailAttachment[];
}

/** A file sent with a message. */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** What one message may carry in files, all together: mail servers commonly refuse messages much over 10 MB. */
export const MAX_ATTACHMENT_BYTES = 8 * 1024 * 1024;

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Tells the sender of this process that a message is waiting, so it does not sit until the next poll.
 * Returns the function that stops listening.
 */
export function onEmailQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function signalQueued(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // A listener's trouble must never reach the request that queued the message.
    }
  }
}

/**
 * Renders a template and puts the message in the outbox. Call it with the transaction of the change that
 * causes the message; the background sender delivers it, so the request never waits on SMTP.
 */
export async function queueEmail<K extends EmailTemplateName>(db: Db, input: QueueEmailInput<K>): Promise<{ id: number }> {
  const attachments = input.attachments ?? [];
  const size = attachments.reduce((sum, a) => sum + a.content.byteLength, 0);
  if (size > MAX_ATTACHMENT_BYTES) {
    throw new AppError("VALIDATION", `The files of a message can be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB in all; these are ${(size / 1024 / 1024).toFixed(1)} MB.`);
  }
  const rendered = renderEmail(input.template, input.data);
  const [row] = await db.insert(emailOutbox).values({
    template: input.template,
    toAddress: input.to,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    requestedBy: input.requestedBy ?? null,
    meta: input.meta ?? null,
  }).returning({ id: emailOutbox.id });
  if (attachments.length > 0) {
    await db.insert(emailAttachments).values(attachments.map((a) => ({
      emailId: row.id, fileName: a.fileName, contentType: a.contentType, size: a.content.byteLength, content: a.content,
    })));
  }
  // Inside a transaction the row is not visible to the sender yet; the sender waits a moment before it looks,
  // and its regular poll picks up anything committed later.
  signalQueued();
  return row;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toSummary(row: OutboxRow): OutboxSummary {
  return {
    id: row.id,
    template: row.template,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: iso(row.nextAttemptAt)!,
    sentAt: iso(row.sentAt),
    requestedBy: row.requestedBy,
    dateCreated: iso(row.dateCreated)!,
  };
}

const summaryColumns = {
  id: emailOutbox.id,
  template: emailOutbox.template,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  requestedBy: emailOutbox.requestedBy,
  dateCreated: emailOutbox.dateCreated,
};

/** The outbox, newest first; search matches the recipient or the subject. */
export async function listOutbox(db: Db, query: OutboxListQuery): Promise<ListResult<OutboxSummary>> {
  const parts: (SQL | undefined)[] = [];
  if (query.status) parts.push(eq(emailOutbox.status, query.status));
  parts.push(searchAny([emailOutbox.toAddress, emailOutbox.subject], query.search));
  const where = and(...parts);
  const [rows, [{ total }]] = await Promise.all([
    db.select(summaryColumns).from(emailOutbox).where(where).orderBy(desc(emailOutbox.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  const result: ListResult<OutboxSummary> = { data: rows.map((row) => toSummary(row as OutboxRow)), total: Number(total) };
  if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

function notFound(id: number): AppError {
  return new AppError("NOT_FOUND", `Email message ${id} was not found.`);
}

/** One message with its bodies: without SMTP this is how an administrator reads a set-up link. */
export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessage> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw notFound(id);
  return { ...toSummary(row), textBody: row.textBody, htmlBody: row.htmlBody };
}

/**
 * Puts a FAILED, DEAD or HELD message back in the queue, due now. The attempts made so far are kept: a DEAD
 * message gets one more try, and gives up again if that fails too.
 */
export async function retryOutboxMessage(db: Db, id: number, actor: string): Promise<WriteResult<OutboxSummary>> {
  const [row] = await db.update(emailOutbox)
    .set({ status: "PENDING", nextAttemptAt: sql`now()` })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, [...RETRYABLE_STATUSES])))
    .returning();
  if (!row) {
    const [existing] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!existing) throw notFound(id);
    throw new AppError("VALIDATION", `Email message ${id} is ${existing.status}; only a FAILED, DEAD or HELD message can be sent again.`);
  }
  await recordAudit(db, { actor, action: "EMAIL_RETRIED", target: `email:${id}`, detail: { to: row.toAddress, template: row.template } });
  signalQueued();
  return { data: toSummary(row), message: RETRY_QUEUED_MESSAGE };
}
