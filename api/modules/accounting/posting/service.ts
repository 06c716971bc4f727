import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { postings, voyageSchedules } from "../../../../db/schema/index.ts";
import type { BaseSettings } from "../../../http/config.ts";
import { recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { manilaToday } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { sumAmounts } from "../../../shared/money.ts";
import type { Caller } from "../../auth/index.ts";
import { type BaseConnector, type BaseReply, connectorFor } from "./connector.ts";
import { relayPostings } from "./relay.ts";
import { compareWithBase, type PostingTotals, reconcile, RETRYABLE_BY_HAND } from "./rules.ts";
import type { PostedAnswer, PostingListQuery, PostingRow, ReconciliationAnswer, ReconciliationQuery } from "./schemas.ts";

type PostingRecord = typeof postings.$inferSelect;

/** A posting as the screens show it, with BASE's words picked out of its answer. */
export function postingRowOf(r: PostingRecord): PostingRow {
  const reply = (r.response ?? {}) as BaseReply;
  const said = reply.message ?? reply.Message;
  return {
    id: r.id,
    docType: r.docType,
    docId: r.docId,
    revision: r.revision,
    reversesKey: r.reversesKey,
    idempotencyKey: r.idempotencyKey,
    reference: r.reference,
    branchCode: r.branchCode,
    voyageNum: r.voyageNum,
    documentDate: r.documentDate,
    totals: r.totals,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    lastError: r.lastError,
    externalRef: r.externalRef,
    custDetails: reply.custDetails ?? null,
    message: typeof said === "string" ? said : null,
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    requestedBy: r.requestedBy,
    dateCreated: r.dateCreated.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The BASE the scheduled job posts to

let jobSettings: BaseSettings | null = null;

/**
 * The BASE the scheduled relay posts to, set once at start from the server's settings (createApp) or by
 * `lading schedule`: a job is handed the database alone.
 */
export function configureBase(settings: BaseSettings | null): void {
  jobSettings = settings;
}

export const configuredConnector = (): BaseConnector | null => connectorFor(jobSettings);

// ---------------------------------------------------------------------------------------------------------
// Lists

async function voyageOrNotFound(db: Db, voyageNum: string) {
  const [voyage] = await db.select({ voyageNum: voyageSchedules.voyageNum }).from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`);
  if (!voyage) throw new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  return voyage.voyageNum;
}

/** /CROAccounting/Posting/voyage/{voyageNum}: a voyage's postings of the caller's branches, oldest first, with BASE's answers. */
export async function voyagePostings(db: Db, scope: BranchScope, voyageNum: string, query: PostingListQuery, base: BaseSettings | null) {
  const voyage = await voyageOrNotFound(db, voyageNum);
  const where = and(
    eq(postings.voyageNum, voyage),
    branchCondition(scope, postings.branchCode),
    query.status ? eq(postings.status, query.status) : undefined,
    searchAny([postings.reference, postings.idempotencyKey], query.search),
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(postings).where(where).orderBy(asc(postings.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(postings).where(where),
  ]);
  const data = rows.map(postingRowOf);
  return { data, total: Number(total), baseConfigured: base !== null, ...(data.length === 0 ? { message: EMPTY_LIST_MESSAGE } : {}) };
}

/** The posting exceptions: documents given up on (FAILED_PERMANENT) until someone sends them again, newest first. */
export async function postingExceptions(db: Db, scope: BranchScope, query: PostingListQuery, base: BaseSettings | null) {
  const where = and(eq(postings.status, "FAILED_PERMANENT"), branchCondition(scope, postings.branchCode), searchAny([postings.reference, postings.idempotencyKey], query.search));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(postings).where(where).orderBy(desc(postings.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(postings).where(where),
  ]);
  const data = rows.map(postingRowOf);
  return { data, total: Number(total), baseConfigured: base !== null, ...(data.length === 0 ? { message: "No posting has failed." } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// Sending on demand

/** In words: what became of the documents a cashier sent. */
function sentMessage(rows: readonly PostingRow[], connector: BaseConnector | null): string {
  if (rows.length === 0) return "Nothing is waiting to be posted.";
  if (!connector) return `No BASE is configured: ${rows.length} posting${rows.length === 1 ? " waits" : "s wait"} (HELD).`;
  const by = (status: string) => rows.filter((r) => r.status === status).length;
  const posted = by("CONFIRMED");
  const parts = [`${posted} of ${rows.length} posted to BASE`];
  const waiting = rows.length - posted - by("FAILED_PERMANENT");
  if (waiting) parts.push(`${waiting} will be tried again`);
  if (by("FAILED_PERMANENT")) parts.push(`${by("FAILED_PERMANENT")} refused (see the postings screen)`);
  return parts.join("; ") + ".";
}

/**
 * Sends the given postings to BASE now (their back-off waived) and answers each one's state and BASE's words
 * (custDetails, message). Rows another relay holds at that moment are not sent twice: they are answered as
 * they stand.
 */
export async function sendNow(db: Db, ids: readonly number[], connector: BaseConnector | null, log?: (line: Record<string, unknown>) => void): Promise<PostedAnswer> {
  if (ids.length > 0) await relayPostings(db, { connector, ids, force: true, log });
  const rows = ids.length ? (await db.select().from(postings).where(inArray(postings.id, [...ids])).orderBy(asc(postings.id))).map(postingRowOf) : [];
  const custDetails = rows.map((r) => r.custDetails).filter((c) => c !== null && c !== undefined);
  return { data: rows, custDetails, message: sentMessage(rows, connector) };
}

/**
 * Sends one posting again by hand, under the same key: a row that may have reached BASE (it was tried before)
 * is looked up first. HELD, FAILED_RETRYABLE, UNCERTAIN and FAILED_PERMANENT rows may be; audited.
 */
export async function retryPosting(db: Db, caller: Caller, id: number, connector: BaseConnector | null, log?: (line: Record<string, unknown>) => void) {
  const [row] = await db.select().from(postings).where(and(eq(postings.id, id), branchCondition(caller, postings.branchCode)));
  if (!row) throw new AppError("NOT_FOUND", `Posting ${id} was not found.`);
  if (!(RETRYABLE_BY_HAND as readonly string[]).includes(row.status)) {
    throw new AppError("CONFLICT", `Posting ${row.idempotencyKey} is ${row.status}; only a held, failed or uncertain posting is sent again.`);
  }
  await db.transaction(async (tx) => {
    const moved = await tx.update(postings)
      .set({ status: row.attempts > 0 ? "UNCERTAIN" : "PENDING", nextAttemptAt: new Date(), dateModified: new Date() })
      .where(and(eq(postings.id, id), eq(postings.status, row.status)))
      .returning({ id: postings.id });
    if (moved.length === 0) throw new AppError("CONFLICT", `Posting ${row.idempotencyKey} was changed a moment ago. Reload it to see its state.`);
    await recordAudit(tx, {
      actor: caller.userId, action: "POSTING_RETRIED", target: `posting:${row.idempotencyKey}`,
      detail: { recordId: id, before: { status: row.status, attempts: row.attempts }, after: { status: "sent again" } },
    });
  });
  const answer = await sendNow(db, [id], connector, log);
  return { data: answer.data[0], message: answer.message };
}

// ---------------------------------------------------------------------------------------------------------
// The daily reconciliation

function totalOf(cells: { count: number; totals: PostingTotals }[]) {
  const of = (k: keyof PostingTotals) => sumAmounts(cells.map((c) => c.totals[k]));
  return { count: cells.reduce((n, c) => n + c.count, 0), totals: { gross: of("gross"), vat: of("vat"), ewt: of("ewt"), wvat: of("wvat"), cash: of("cash") } };
}

/**
 * One business day's postings of the caller's branches (one voyage's when asked): posted, pending and failed
 * counts and totals per voyage, and Lading's posted documents against what BASE holds for the day.
 */
export async function reconciliationReport(db: Db, scope: BranchScope, query: ReconciliationQuery, base: BaseSettings | null): Promise<ReconciliationAnswer> {
  const date = query.date ?? manilaToday();
  const rows = await db.select().from(postings).where(and(
    eq(postings.documentDate, date),
    branchCondition(scope, postings.branchCode),
    query.voyageNum ? sql`lower(${postings.voyageNum}) = lower(${query.voyageNum})` : undefined,
  )).orderBy(asc(postings.id));
  const data = reconcile(rows);
  const totals = {
    posted: totalOf(data.map((r) => r.posted)),
    pending: totalOf(data.map((r) => r.pending)),
    failed: totalOf(data.map((r) => r.failed)),
  };
  const connector = connectorFor(base);
  let comparison: ReconciliationAnswer["comparison"] = null;
  let comparisonNote: string | null = null;
  if (!connector) {
    comparisonNote = "No BASE is configured: there is nothing to compare with.";
  } else {
    const listed = await connector.documentsOf(date);
    if (listed.kind === "failed") {
      comparisonNote = `BASE could not be asked for the day's documents: ${listed.error}`;
    } else {
      const theirs = listed.documents.filter((d) =>
        (!query.voyageNum || (d as { voyageNum?: string }).voyageNum?.toLowerCase() === query.voyageNum.toLowerCase()) &&
        coversBranch(scope, String((d as { branchCode?: string }).branchCode ?? ""))
      );
      comparison = compareWithBase(
        rows.map((r) => ({ idempotencyKey: r.idempotencyKey, reference: r.reference, docType: r.docType, status: r.status, gross: r.totals.gross })),
        theirs.map((d) => ({ idempotencyKey: d.idempotencyKey, reference: d.reference, docType: d.docType, gross: d.gross ?? "0.00" })),
      );
    }
  }
  return {
    date,
    data,
    totals,
    comparison,
    comparisonNote,
    ...(rows.length === 0 ? { message: "No document was posted on this day." } : {}),
  };
}
