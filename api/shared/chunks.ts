import { and, asc, gt, inArray, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Workflow } from "./workflow-definition.ts";
import { type SetTransitionRequest, transitionWhere, type WorkflowTable } from "./workflow.ts";

/**
 * How a job works through many rows while the API keeps answering. PGlite is one connection: a statement or a
 * transaction of a job holds it, and every request waits behind it. So a job takes its due rows a few hundred
 * at a time, each chunk in its own short transaction, and gives the event loop back between chunks so that the
 * requests that arrived meanwhile run their statements before the next chunk starts. On PostgreSQL each chunk's
 * transaction reserves one connection of the pool for itself (postgres.js), so the job never holds more than one
 * and requests keep the rest.
 */

/** Rows per chunk: small enough that a request waits one short transaction at most, big enough to stay set-based. */
export const CHUNK_SIZE = 200;

export interface ChunkedWork<R> {
  /** Rows per transaction; CHUNK_SIZE by default. */
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
 * Runs `chunked` over every due row, a chunk per transaction, yielding between chunks; answers what every chunk
 * answered, in order. A chunk that fails rolls back alone: the chunks before it stay done, as a re-run would
 * find them.
 */
export async function inChunks<R>(db: Db, chunked: ChunkedWork<R>): Promise<R[]> {
  const size = chunked.size ?? CHUNK_SIZE;
  const done: R[] = [];
  let after = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const ids = await chunked.next(tx, after, size);
      if (ids.length === 0) return null;
      return { last: ids[ids.length - 1], results: await chunked.work(tx, ids) };
    });
    if (!step) return done;
    done.push(...step.results);
    after = step.last;
    await yieldToRequests();
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
