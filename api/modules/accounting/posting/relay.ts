import { and, asc, count, eq, gt, inArray, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { postings } from "../../../../db/schema/index.ts";
import { inChunks, yieldToRequests } from "../../../shared/chunks.ts";
import type { BaseConnector, BaseReply, SendOutcome } from "./connector.ts";
import { payloadHashOf } from "./outbox.ts";
import { backoffSeconds, jitterOf, MAX_POSTING_ATTEMPTS, type PostingStatus, SENDING_LEASE_SECONDS, WAITING_STATUSES } from "./rules.ts";

/**
 * The relay: sends what the outbox holds to BASE, each row under its own idempotency key, and records what BASE
 * answered. Any number of relays may run at once (the scheduled job on every server, `lading post`, a cashier's
 * "post to BASE"): each claims its rows with FOR UPDATE SKIP LOCKED, so no two send the same row at the same
 * time, and the claim is a lease (SENDING until nextAttemptAt): a relay that stopped mid-send leaves its rows,
 * which the next run takes as UNCERTAIN. An uncertain row is looked up in BASE by its reference before it is sent
 * again; BASE itself replays the first answer to a key it has seen. So every document lands in BASE once.
 *
 * Network calls happen outside any transaction: a claim and each outcome are short statements of their own, and
 * the relay gives the requests waiting meanwhile their turn between batches, as the chunked jobs do.
 */

type PostingRow = typeof postings.$inferSelect;
/** A row as a relay claimed it: its attempts counted, and the state it was claimed from. */
type Claimed = PostingRow & { prior: string };

export interface RelayOptions {
  /** Null when no BASE is configured: waiting rows are held (HELD), nothing is sent. */
  connector: BaseConnector | null;
  /** Only these postings (a CRO accounting's documents, on demand). */
  ids?: readonly number[];
  /** Only the postings of one voyage (`lading post --voyage`). */
  voyageNum?: string;
  /** On demand: send the chosen rows now, also those waiting out their back-off. */
  force?: boolean;
  /** Only say what would be sent. */
  dryRun?: boolean;
  /** The clock and the jitter's random numbers; tests fix them. */
  now?: () => Date;
  random?: () => number;
  /** Told after each row is done, for a progress bar. */
  onProgress?: (progress: { done: number; total: number }) => void;
  log?: (line: Record<string, unknown>) => void;
}

export interface RelayedRow {
  id: number;
  idempotencyKey: string;
  reference: string;
  status: string;
  externalRef: string | null;
  error: string | null;
  response: BaseReply | null;
}

export interface RelayReport {
  /** Rows moved to HELD because no BASE is configured. */
  held: number;
  /** SENDING rows of a relay that stopped, put back as UNCERTAIN. */
  released: number;
  /** What was due (or, on a dry run, would be sent). */
  due: number;
  rows: RelayedRow[];
  counts: Record<"confirmed" | "retrying" | "uncertain" | "failed", number>;
}

/** Rows a relay claims at once; each is a network call, so few. */
const CLAIM_BATCH = 10;
const PROGRESS_OFF = () => {};

/** The rows a relay may pick up at `at`: due and in a waiting state, a reversal only once what it reverses is in BASE. */
function dueWhere(at: Date, options: RelayOptions): SQL {
  return and(
    inArray(postings.status, [...WAITING_STATUSES]),
    options.force ? undefined : lte(postings.nextAttemptAt, at),
    options.ids ? inArray(postings.id, [...options.ids]) : undefined,
    options.voyageNum ? eq(postings.voyageNum, options.voyageNum) : undefined,
    // BASE books a reversal against the document it reverses, and a new revision after the reversal of the last.
    sql`(${postings.docType} <> 'REVERSAL' or exists (select 1 from postings o where o.idempotency_key = ${postings.reversesKey} and o.status = 'CONFIRMED'))`,
    sql`(${postings.docType} = 'REVERSAL' or ${postings.revision} = 1 or exists (select 1 from postings r where r.idempotency_key =
      'REVERSAL:' || ${postings.docType} || ':' || ${postings.docId} || ':r' || (${postings.revision} - 1) and r.status = 'CONFIRMED'))`,
  )!;
}

const scopeOf = (options: RelayOptions): SQL | undefined =>
  and(options.ids ? inArray(postings.id, [...options.ids]) : undefined, options.voyageNum ? eq(postings.voyageNum, options.voyageNum) : undefined);

/** SENDING rows whose lease ran out belong to a relay that stopped: BASE may have them, so they are UNCERTAIN. */
async function releaseLapsed(db: Db, at: Date): Promise<number> {
  const rows = await db.update(postings)
    .set({ status: "UNCERTAIN", lastError: "The relay stopped before BASE's answer was recorded; BASE is asked before it is sent again.", dateModified: at })
    .where(and(eq(postings.status, "SENDING"), lte(postings.nextAttemptAt, at)))
    .returning({ id: postings.id });
  return rows.length;
}

/** Without BASE, waiting rows are held where staff see them (a chunk per transaction, as the jobs do). */
async function holdWaiting(db: Db, scope: SQL | undefined, at: Date): Promise<number> {
  const held = await inChunks(db, {
    next: async (tx, after, limit) =>
      (await tx.select({ id: postings.id }).from(postings)
        .where(and(inArray(postings.status, ["PENDING", "FAILED_RETRYABLE"]), scope, gt(postings.id, after)))
        .orderBy(asc(postings.id)).limit(limit)).map((r) => r.id),
    work: async (tx, ids) =>
      await tx.update(postings).set({ status: "HELD", dateModified: at })
        .where(and(inArray(postings.id, ids), inArray(postings.status, ["PENDING", "FAILED_RETRYABLE"])))
        .returning({ id: postings.id }),
  });
  return held.length;
}

/** Takes up to `limit` due rows for this relay: SENDING, one more attempt, the lease in nextAttemptAt. */
async function claim(db: Db, where: SQL, at: Date, limit: number): Promise<Claimed[]> {
  return await db.transaction(async (tx) => {
    const rows = await tx.select().from(postings).where(where).orderBy(asc(postings.id)).limit(limit).for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    await tx.update(postings)
      .set({ status: "SENDING", attempts: sql`${postings.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + SENDING_LEASE_SECONDS * 1000), dateModified: at })
      .where(inArray(postings.id, rows.map((r) => r.id)));
    return rows.map((r) => ({ ...r, attempts: r.attempts + 1, prior: r.status }));
  });
}

/** Sends what is due; see the file's comment. Answers what became of each row. */
export async function relayPostings(db: Db, options: RelayOptions): Promise<RelayReport> {
  const clock = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => {});
  const onProgress = options.onProgress ?? PROGRESS_OFF;
  const report: RelayReport = { held: 0, released: 0, due: 0, rows: [], counts: { confirmed: 0, retrying: 0, uncertain: 0, failed: 0 } };
  const note = (level: string, event: string, fields: Record<string, unknown>) => log({ level, time: clock().toISOString(), event, ...fields });

  report.released = await releaseLapsed(db, clock());
  if (report.released) note("warn", "posting.released", { count: report.released });
  const { connector } = options;
  if (!connector) {
    report.held = await holdWaiting(db, scopeOf(options), clock());
    if (report.held) note("info", "posting.held", { count: report.held, reason: "no BASE configured" });
    return report;
  }
  if (options.dryRun) {
    const rows = await db.select().from(postings).where(dueWhere(clock(), options)).orderBy(asc(postings.id));
    report.due = rows.length;
    report.rows = rows.map((r) => ({ id: r.id, idempotencyKey: r.idempotencyKey, reference: r.reference, status: r.status, externalRef: null, error: null, response: null }));
    return report;
  }
  const [{ n }] = await db.select({ n: count() }).from(postings).where(dueWhere(clock(), options));
  report.due = Number(n);
  const tried = new Set<number>();
  for (;;) {
    const at = clock();
    // A row this run already tried is not tried twice in one run, even when it is due again at once (forced).
    const where = tried.size ? and(dueWhere(at, options), notInArray(postings.id, [...tried]))! : dueWhere(at, options);
    const batch = await claim(db, where, at, CLAIM_BATCH);
    if (batch.length === 0) break;
    for (const row of batch) {
      tried.add(row.id);
      const done = await deliver(db, connector, row, { clock, random, note });
      report.rows.push(done);
      const group = done.status === "CONFIRMED" ? "confirmed" : done.status === "UNCERTAIN" ? "uncertain" : done.status === "FAILED_PERMANENT" ? "failed" : "retrying";
      report.counts[group]++;
      onProgress({ done: report.rows.length, total: Math.max(report.due, report.rows.length) });
    }
    await yieldToRequests();
  }
  return report;
}

interface DeliveryTools {
  clock: () => Date;
  random: () => number;
  note: (level: string, event: string, fields: Record<string, unknown>) => void;
}

/** One claimed row to BASE and back: looked up first when it may be there already, sent, and its outcome written. */
async function deliver(db: Db, connector: BaseConnector, row: Claimed, tools: DeliveryTools): Promise<RelayedRow> {
  const { clock, random, note } = tools;

  /** Writes the outcome, only while this relay still holds the row (its lease may have been taken over). */
  const finish = async (status: PostingStatus, fields: Partial<typeof postings.$inferInsert>): Promise<RelayedRow> => {
    const at = clock();
    const [written] = await db.update(postings).set({ status, dateModified: at, ...fields } as never)
      .where(and(eq(postings.id, row.id), eq(postings.status, "SENDING")))
      .returning();
    if (!written) {
      note("warn", "posting.claim_lost", { id: row.id, key: row.idempotencyKey });
      const [now] = await db.select().from(postings).where(eq(postings.id, row.id));
      return relayed(now ?? row);
    }
    note(status === "CONFIRMED" ? "info" : status === "FAILED_PERMANENT" ? "error" : "warn", `posting.${status.toLowerCase()}`, {
      id: row.id, key: row.idempotencyKey, attempts: row.attempts, ...(fields.lastError ? { error: fields.lastError } : {}),
    });
    return relayed(written);
  };
  const confirm = (externalRef: string | null, response: BaseReply) =>
    finish("CONFIRMED", { externalRef, response, confirmedAt: clock(), lastError: null, nextAttemptAt: clock() });
  const giveUp = (error: string, response: BaseReply | null = null) =>
    finish("FAILED_PERMANENT", { lastError: error, nextAttemptAt: clock(), ...(response ? { response } : {}) });
  /** Another attempt later, or none once the attempts are used up. */
  const again = (state: "FAILED_RETRYABLE" | "UNCERTAIN", error: string, response: BaseReply | null = null) => {
    if (row.attempts >= MAX_POSTING_ATTEMPTS) return giveUp(`${error} (given up after ${row.attempts} attempts)`, response);
    const wait = backoffSeconds(row.attempts, jitterOf(random()));
    return finish(state, { lastError: error, nextAttemptAt: new Date(clock().getTime() + Math.round(wait * 1000)), ...(response ? { response } : {}) });
  };

  if (await payloadHashOf(row.payload) !== row.payloadHash) {
    return await giveUp("The payload no longer matches the hash it was written with; it is never sent under its key.");
  }
  // It may be in BASE already (an answer lost, a relay stopped mid-send): ask before sending it again.
  if (row.prior === "UNCERTAIN") {
    const looked = await connector.lookup(row.reference);
    if (looked.kind === "failed") return await again("UNCERTAIN", `BASE could not be asked whether it holds ${row.reference}: ${looked.error}`);
    const found = looked.documents.find((d) => d.idempotencyKey === row.idempotencyKey);
    if (found) return await confirm(found.documentId, { ...found, lookedUp: true });
  }
  const sent: SendOutcome = await connector.send({ idempotencyKey: row.idempotencyKey, payload: row.payload, payloadHash: row.payloadHash });
  switch (sent.kind) {
    case "accepted":
      return await confirm(sent.documentId, sent.reply);
    case "exists": {
      // BASE has a document of this reference already: that counts as posted; its id comes from the lookup.
      const looked = await connector.lookup(row.reference);
      const documents = looked.kind === "found" ? looked.documents : [];
      const found = documents.find((d) => d.idempotencyKey === row.idempotencyKey) ??
        documents.find((d) => d.docType === (row.payload as { docType?: string }).docType);
      return await confirm(found?.documentId ?? null, { ...sent.reply, ...(found ? { lookedUp: found } : {}) });
    }
    case "keyReused":
      return await giveUp(`BASE holds other content under ${row.idempotencyKey}: ${sent.error}`, sent.reply);
    case "invalid":
      return await giveUp(`BASE refused the document: ${sent.error}`, sent.reply);
    case "refused":
      return await again("FAILED_RETRYABLE", `BASE refused the call (${sent.status}): ${sent.error}`, sent.reply);
    case "unreachable":
      return await again("FAILED_RETRYABLE", `BASE could not be reached: ${sent.error}`);
    case "uncertain":
      return await again("UNCERTAIN", `BASE's answer is not known (${sent.error}); it is asked before the document is sent again`, sent.reply);
  }
}

function relayed(row: PostingRow): RelayedRow {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    reference: row.reference,
    status: row.status,
    externalRef: row.externalRef,
    error: row.lastError,
    response: (row.response ?? null) as BaseReply | null,
  };
}
