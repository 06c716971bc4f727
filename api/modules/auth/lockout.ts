import { and, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { signInGuards as g } from "../../../db/schema/index.ts";

/**
 * Per-account sign-in lockout, kept in sign_in_guards so that every API instance sees the same count.
 *
 * The key is the lower-cased user id as typed, whether or not such a user exists: an unknown id is counted
 * and locked exactly like a real one, so the answers never tell which ids exist.
 *
 * How a try is counted:
 * - Before the password is checked, one UPSERT reserves the try: it adds one to `failures` unless the key is
 *   locked (then it changes nothing and answers no row). Parallel tries are serialised by the row lock of
 *   that one statement, so at most `attempts` tries of a run ever reach the password check. A reserved try
 *   counts as failed until it succeeds; a success deletes the row (count and lock level start over).
 * - The run starts over (count 1) when a full window passed since its latest try, or after a lock ended.
 *   Measuring the window from the latest try means no stretch of `windowMs` ever holds more than `attempts`
 *   failures without a lock.
 * - A lock starts when a failed try finds the count at the limit, or when a try is reserved beyond the limit
 *   (more tries in flight than allowed). A conditional UPDATE starts it, so exactly one request starts each
 *   lock and records it. Locks last baseLockMs × 2^lockLevel, at most maxLockMs.
 */
export interface LockoutPolicy {
  /** Failures allowed in a run; the one that reaches this number starts the lock. */
  attempts: number;
  windowMs: number;
  /** Length of the first lock; every further lock without a successful sign-in in between lasts twice as long. */
  baseLockMs?: number;
  maxLockMs?: number;
}

export const BASE_LOCK_MS = 15 * 60 * 1000;
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;
/** 2^16 base locks is far beyond the 24 h cap; stopping the level there keeps the arithmetic finite. */
const MAX_LOCK_LEVEL = 16;

export const LOCKED_MESSAGE = "Too many failed sign-ins. Try again later or reset your password.";

/** The lockout key of a typed user id. */
export function accountKey(userId: string): string {
  return userId.trim().toLowerCase();
}

const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

export type Reservation =
  | { allowed: true; failures: number }
  /** overLimit: the count is past the limit but no lock runs yet (tries in flight); the caller starts one. */
  | { allowed: false; overLimit: boolean; failures: number | null };

/** Counts one try of the key before its password is checked. */
export async function reserveAttempt(db: Db, key: string, policy: LockoutPolicy): Promise<Reservation> {
  const runOver = sql`${g.lockedUntil} is not null or ${g.windowStart} <= now() - ${millis(policy.windowMs)}`;
  const [row] = await db.insert(g)
    .values({ accountKey: key, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: g.accountKey,
      set: {
        failures: sql`case when ${runOver} then 1 else ${g.failures} + 1 end`,
        windowStart: sql`now()`,
        lockedUntil: sql`null`,
      },
      // A locked key is left as it is: no row comes back, and that is the answer "locked".
      setWhere: sql`${g.lockedUntil} is null or ${g.lockedUntil} <= now()`,
    })
    .returning({ failures: g.failures });
  if (!row) return { allowed: false, overLimit: false, failures: null };
  if (row.failures > policy.attempts) return { allowed: false, overLimit: true, failures: row.failures };
  return { allowed: true, failures: row.failures };
}

export interface LockStarted {
  until: Date;
  failures: number;
  lockLevel: number;
}

/**
 * Starts a lock when the count has reached the limit and no lock runs; answers the lock when this call
 * started it, null otherwise (below the limit, or another request started it first).
 */
export async function lockIfOverLimit(db: Db, key: string, policy: LockoutPolicy): Promise<LockStarted | null> {
  const base = policy.baseLockMs ?? BASE_LOCK_MS;
  const max = policy.maxLockMs ?? MAX_LOCK_MS;
  const [row] = await db.update(g)
    .set({
      lockedUntil: sql`now() + ${millis(base)} * least(power(2, ${g.lockLevel}), ${max / base}::double precision)`,
      lockLevel: sql`least(${g.lockLevel} + 1, ${MAX_LOCK_LEVEL})`,
    })
    .where(and(
      eq(g.accountKey, key),
      gte(g.failures, policy.attempts),
      or(isNull(g.lockedUntil), lte(g.lockedUntil, sql`now()`)),
    ))
    .returning({ until: g.lockedUntil, failures: g.failures, lockLevel: g.lockLevel });
  if (!row?.until) return null;
  return { until: row.until, failures: row.failures, lockLevel: row.lockLevel };
}

/** A successful sign-in forgets the key's failures and lock level. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(g).where(eq(g.accountKey, key));
}

/** Whether a lock of the key runs now; a read only, which counts nothing. */
export async function isLocked(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: g.accountKey }).from(g)
    .where(and(eq(g.accountKey, key), sql`${g.lockedUntil} > now()`));
  return row !== undefined;
}
