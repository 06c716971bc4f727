import { Buffer } from "node:buffer";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { emailAttachments, emailOutbox } from "../../../db/schema/index.ts";
import type { MailTransport } from "./sender.ts";
import { onEmailQueued } from "./service.ts";

/**
 * The background sender of the outbox. Several API instances may run one each over the same PostgreSQL:
 * a message is claimed (PENDING/FAILED/HELD -> SENDING) with FOR UPDATE SKIP LOCKED, so two senders never
 * take the same row, and the claim doubles as a lease: nextAttemptAt of a SENDING row is when the claim
 * lapses. A sender that died mid-send leaves its rows in SENDING; once the lease is over they go back to
 * FAILED and are tried again. That makes delivery at least once, never silently lost.
 *
 * Without a transport (no SMTP configured) nothing is sent: waiting messages become HELD, and an
 * administrator reads them in the app. A sender started later with SMTP sends the HELD ones as well.
 */

/** Attempts before a message is DEAD. */
export const MAX_ATTEMPTS = 6;
/** Wait after the 1st, 2nd, ... failed attempt: 30 s, 2 min, 10 min, 30 min, 2 h. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 7200] as const;
/** How long a claim holds before the row counts as abandoned. */
export const CLAIM_LEASE_SECONDS = 600;
const BATCH_SIZE = 10;
const DEFAULT_INTERVAL_MS = 5000;
/** A queueEmail call usually runs inside the request's transaction; give it a moment to commit. */
const WAKE_DELAY_MS = 50;
const ERROR_MAX = 1000;
const INTERRUPTED = "Sending was interrupted before the mail server answered (the sender stopped); it will be tried again.";

export interface OutboxWorkerOptions {
  /** Null when no SMTP server is configured: messages are HELD for an administrator to read. */
  transport: MailTransport | null;
  /** The From of every message (MAIL_FROM). */
  from: string;
  log?: (line: Record<string, unknown>) => void;
  /** How often the outbox is polled; queueEmail also wakes the sender at once. */
  intervalMs?: number;
}

export interface OutboxWorker {
  /** Stops polling and waits for the message in hand to be recorded. */
  stop(): Promise<void>;
  /** Handles every message that is due now; answers how many were sent, failed or held. */
  drain(): Promise<number>;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** The delay before the next attempt, after `attempts` attempts have failed. */
export function retryDelaySeconds(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1;
  return RETRY_DELAYS_SECONDS[index];
}

/** A failure as it is stored in lastError: one line, bounded, no user:password@ of any address in it. */
export function describeFailure(err: unknown): string {
  const raw = err instanceof Error ? err.message || err.name : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  let text = raw.replace(/\s+/g, " ").trim().replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, "$1***@");
  if (typeof code === "string" && !text.includes(code)) text = `${code}: ${text}`;
  if (!text) text = "The mail server refused the message without a reason.";
  return text.length > ERROR_MAX ? text.slice(0, ERROR_MAX - 1) + "…" : text;
}

const seconds = (n: number) => sql`(${n}::int * interval '1 second')`;

export function startOutboxWorker(db: Db, options: OutboxWorkerOptions): OutboxWorker {
  const { transport, from } = options;
  const log = options.log ?? (() => {});
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = Infinity;
  // Runs of this sender happen one after another; several senders are kept apart by the row locks.
  let chain: Promise<unknown> = Promise.resolve();

  const note = (level: string, event: string, fields: Record<string, unknown> = {}) =>
    log({ level, time: new Date().toISOString(), event, ...fields });

  /** SENDING rows whose lease is over belong to a sender that stopped; they are tried again. */
  async function releaseAbandoned(): Promise<void> {
    const rows = await db.update(emailOutbox)
      .set({ status: "FAILED", lastError: INTERRUPTED, nextAttemptAt: sql`now()` })
      .where(sql`${emailOutbox.status} = 'SENDING' and ${emailOutbox.nextAttemptAt} <= now()`)
      .returning({ id: emailOutbox.id });
    if (rows.length) note("warn", "email.released", { ids: rows.map((r) => r.id) });
  }

  async function holdWaiting(): Promise<number> {
    const rows = await db.update(emailOutbox)
      .set({ status: "HELD" })
      .where(inArray(emailOutbox.status, ["PENDING", "FAILED"]))
      .returning({ id: emailOutbox.id });
    if (rows.length) note("info", "email.held", { ids: rows.map((r) => r.id), reason: "no SMTP server configured" });
    return rows.length;
  }

  function claim(): Promise<OutboxRow[]> {
    return db.update(emailOutbox)
      .set({
        status: "SENDING",
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${seconds(CLAIM_LEASE_SECONDS)}`,
      })
      .where(sql`${emailOutbox.id} in (
        select id from email_outbox
        where status in ('PENDING', 'FAILED', 'HELD') and next_attempt_at <= now()
        order by id
        limit ${BATCH_SIZE}
        for update skip locked)`)
      .returning();
  }

  async function deliver(row: OutboxRow): Promise<void> {
    let failure: string | null = null;
    try {
      // The files were stored with the message, so whichever server claimed it sends them.
      const files = await db.select({ fileName: emailAttachments.fileName, contentType: emailAttachments.contentType, content: emailAttachments.content })
        .from(emailAttachments).where(eq(emailAttachments.emailId, row.id)).orderBy(asc(emailAttachments.id));
      await transport!.sendMail({
        from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody,
        ...(files.length > 0
          ? { attachments: files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: Buffer.from(f.content) })) }
          : {}),
      });
    } catch (err) {
      failure = describeFailure(err);
    }
    if (failure === null) {
      await db.update(emailOutbox)
        .set({ status: "SENT", sentAt: sql`now()`, lastError: null, nextAttemptAt: sql`now()` })
        .where(sql`${emailOutbox.id} = ${row.id} and ${emailOutbox.status} = 'SENDING'`);
      note("info", "email.sent", { id: row.id, template: row.template, attempts: row.attempts });
      return;
    }
    const dead = row.attempts >= MAX_ATTEMPTS;
    await db.update(emailOutbox)
      .set({
        status: dead ? "DEAD" : "FAILED",
        lastError: failure,
        nextAttemptAt: dead ? sql`now()` : sql`now() + ${seconds(retryDelaySeconds(row.attempts))}`,
      })
      .where(sql`${emailOutbox.id} = ${row.id} and ${emailOutbox.status} = 'SENDING'`);
    note(dead ? "error" : "warn", dead ? "email.dead" : "email.failed", { id: row.id, attempts: row.attempts, error: failure });
  }

  async function runOnce(): Promise<number> {
    await releaseAbandoned();
    if (!transport) return await holdWaiting();
    let handled = 0;
    while (!stopped) {
      const batch = await claim();
      if (batch.length === 0) break;
      for (const row of batch) {
        await deliver(row);
        handled++;
      }
    }
    return handled;
  }

  function drain(): Promise<number> {
    const run = chain.then(runOnce);
    chain = run.catch(() => {});
    return run;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    if (timer !== undefined && timerDue <= Date.now() + delay) return;
    if (timer !== undefined) clearTimeout(timer);
    timerDue = Date.now() + delay;
    timer = setTimeout(tick, delay);
  }

  async function tick(): Promise<void> {
    timer = undefined;
    timerDue = Infinity;
    try {
      await drain();
    } catch (err) {
      // A database hiccup must not end the sender; the next poll tries again.
      note("error", "email.worker_error", { error: err instanceof Error ? err.message : String(err) });
    } finally {
      schedule(intervalMs);
    }
  }

  const unsubscribe = onEmailQueued(() => schedule(WAKE_DELAY_MS));
  schedule(0);

  return {
    drain,
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await chain;
    },
  };
}
