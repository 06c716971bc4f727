import { and, asc, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Workflow } from "./workflow-definition.ts";
import { type SetTransitionRequest, transitionWhere, type WorkflowTable } from "./workflow.ts";

/**
 * How a job works through many rows while the API keeps answering. PGlite is one connection: a statement or a
 * transaction of a job holds it, and every request waits behind it. So a job takes its due rows a chunk at a
 * time, each chunk set-based in its own short transaction, and gives the event loop and the database back
 * between chunks so that the requests that arrived meanwhile run their statements before the next chunk starts.
 * On PostgreSQL each chunk's transaction reserves one connection of the pool for itself (postgres.js), so the
 * job holds one connection at a time and requests keep the rest.
 */

/**
 * How long one chunk should hold the database. A request that arrives meanwhile waits at most about this long,
 * so chunks are sized to it as the job goes: a few hundred rows on PostgreSQL or a fast machine, fewer on a
 * slow one, where PGlite writes a booking's status, history and audit rows in about half a millisecond.
 */
export const CHUNK_MS = 12;
const FIRST_CHUNK = 50;
const MIN_CHUNK = 10;
const MAX_CHUNK = 500;

export interface ChunkedWork<R> {
  /** Rows per transaction, fixed; by default each chunk is sized to take about CHUNK_MS. */
  size?: number;
  /**
   * The keys of the next due rows, in ascending key order, after `after` (0 at first), at most `limit`. Read in
   * the chunk's transaction; the walk moves on past the last key, so a row left due is not read twice.
   */
  next(tx: Tx, after: number, limit: number): Promise<number[]>;
  /** Does the chunk's work (set-based: one statement for the chunk, not one per row) in its transaction. */
  work(tx: Tx, ids: number[]): Promise<R[]>;
}

/** Hands the event loop to whatever is waiting (the requests that came in during the last chunk). */
export function yieldToRequests(): Promise<void> {
  // A macrotask, not a resolved promise: timers and network callbacks run before it does.
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Rows a big list export reads per statement. On PGlite a statement holds the one connection until its rows are
 * in: 500 trucking rows take a few milliseconds, 20,000 take a few hundred, during which no request gets an answer.
 */
export const EXPORT_PAGE_ROWS = 200;

/**
 * Reads rows a page at a time in key order, letting the requests that came in go between pages: `readPage` answers
 * at most `limit` rows after the last row of the previous page (undefined at first), and the walk stops at a short
 * page. Between pages the reader gives way as a job's chunks do (giveWay below), pausing as long as the page took:
 * a download someone waits for may take twice as long on PGlite, never the others' answers. Each page is its own
 * statement, so an export of rows being changed meanwhile sees each row once, as it was when its page was read.
 */
export async function* readInPages<T>(
  db: Db,
  readPage: (after: T | undefined, limit: number) => Promise<T[]>,
  size = EXPORT_PAGE_ROWS,
): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const started = performance.now();
    const page = await readPage(after, size);
    const workedMs = performance.now() - started;
    if (page.length > 0) yield page;
    if (page.length < size) return;
    after = page[page.length - 1];
    await giveWay(db, workedMs, EXPORT_PAUSE_FACTOR);
  }
}

/** A statement that waits this long or more had someone ahead of it: the requests are not through yet. */
const QUEUED_MS = 2;
/** However busy the API, the job takes its next chunk after this many turns. */
const MAX_TURNS = 50;
/** The longest pause between two chunks. */
const MAX_PAUSE_MS = 250;
const PAUSE_FACTOR = 2;
/** An export someone is waiting for pauses only as long as its last page took. */
const EXPORT_PAUSE_FACTOR = 2;

/**
 * Lets the requests go first after a chunk that held the database `workedMs`. The job pauses twice as long (so
 * it has at most a third of the database's time, and a request arriving in the pause waits for nothing), then lets the
 * requests still waiting through: a request runs several statements one after another, so the job queues a
 * trivial statement behind theirs, turn after turn, until one runs at once (nobody was ahead of it). On PGlite
 * statements run one at a time in the order they were asked for; on PostgreSQL this costs a round trip or two.
 */
async function giveWay(db: Db, workedMs: number, factor = PAUSE_FACTOR): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.min(factor * workedMs, MAX_PAUSE_MS)));
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const started = performance.now();
    await db.execute(sql`select 1`);
    if (performance.now() - started < QUEUED_MS) return;
    await yieldToRequests();
  }
}

/**
 * Runs `chunked` over every due row, a chunk per transaction, yielding between chunks; answers what every chunk
 * answered, in order. A chunk that fails rolls back alone: the chunks before it stay done, as a re-run would
 * find them.
 */
export async function inChunks<R>(db: Db, chunked: ChunkedWork<R>): Promise<R[]> {
  let size = chunked.size ?? FIRST_CHUNK;
  const done: R[] = [];
  let after = 0;
  for (;;) {
    const started = performance.now();
    const step = await db.transaction(async (tx) => {
      const ids = await chunked.next(tx, after, size);
      if (ids.length === 0) return null;
      return { last: ids[ids.length - 1], full: ids.length === size, results: await chunked.work(tx, ids) };
    });
    if (!step) return done;
    done.push(...step.results);
    // A short chunk was the last: the daily run over a handful of rows ends without a pause.
    if (!step.full) return done;
    after = step.last;
    const workedMs = performance.now() - started;
    if (chunked.size === undefined) size = Math.round(Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, size * CHUNK_MS / Math.max(workedMs, 1))));
    await giveWay(db, workedMs);
  }
}

/**
 * transitionWhere() of workflow.ts in chunks, for a job whose due rows are named by a condition on the moving
 * table itself ("valid until before today"): each chunk moves the next due keys, with their history and audit
 * rows, exactly as one transitionWhere() over them all would. Answers every moved record, ordered by key.
 */
export async function transitionInChunks<S extends string, A extends string>(
  db: Db,
  workflow: Workflow<S, A>,
  target: WorkflowTable,
  request: SetTransitionRequest<A> & { size?: number },
) {
  const rule = workflow.actions[request.action];
  // An unknown action, or one the actor may not take, is refused by transitionWhere() as it would be unchunked.
  if (!rule) return (await transitionWhere(db, workflow, target, request)).moved;
  const from = [...rule.from];
  return await inChunks(db, {
    size: request.size,
    next: async (tx, after, limit) => {
      const rows = await tx.select({ id: target.id }).from(target.table)
        .where(and(inArray(target.status, from), request.where, gt(target.id, after)))
        .orderBy(asc(target.id)).limit(limit);
      return rows.map((r) => Number(r.id));
    },
    work: async (tx, ids) => (await transitionWhere(tx, workflow, target, { ...request, where: chunkWhere(target, ids, request.where) })).moved,
  });
}

/** The chunk's keys, and the job's own condition again: a row changed since it was read does not move. */
export function chunkWhere(target: WorkflowTable, ids: number[], where?: SQL): SQL {
  return and(inArray(target.id, ids), where)!;
}
