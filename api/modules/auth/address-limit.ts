import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { signInAddressGuards as a } from "../../../db/schema/index.ts";
import { RetryLaterError } from "../../shared/errors.ts";

/**
 * Sign-in tries per client address, kept in sign_in_address_guards so that every API instance counts the same
 * tries: the limit on password spraying (one password tried on many user ids from one place), which the
 * per-account lockout of lockout.ts never sees because each user id fails once.
 *
 * - Before anything else, one UPSERT reserves the try: it adds one to the address's count unless the address is
 *   blocked (then it changes nothing and answers no row). The try that goes past `attempts` in the window starts
 *   the block in the same statement, so parallel tries can never get more than `attempts` past this point.
 * - A try that turns out not to guess a password (the right password, or a user id already locked) gives its
 *   place back, so the count is of wrong passwords only and a busy office signing in is never slowed by it.
 * - The window is fixed from the first failure of a run; a block lasts one window, then the run starts over.
 */
export interface AddressPolicy {
  /** Failed tries allowed from one address in a window; the next one starts the block. */
  attempts: number;
  windowMs: number;
}

const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

export type AddressReservation =
  | { allowed: true }
  /** started: this try started the block (audit it once); retryAfterSeconds: how long the block still runs. */
  | { allowed: false; started: boolean; retryAfterSeconds: number };

/**
 * The key an address is counted under. An IPv6 client usually holds a whole /64 network and can pick any
 * address in it, so an IPv6 address counts by its first four groups; IPv4 (also IPv4 written as IPv6) by itself.
 */
export function addressKey(address: string | null): string {
  let text = (address ?? "unknown").trim().toLowerCase().replace(/^\[|\]$/g, "");
  text = text.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) return mapped[1];
  if (!text.includes(":")) return text.slice(0, 64);
  const [head, tail] = text.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return text.slice(0, 64);
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** Counts one sign-in try from the address before its password is checked. */
export async function reserveAddressAttempt(db: Db, key: string, policy: AddressPolicy): Promise<AddressReservation> {
  const runOver = sql`(${a.blockedUntil} is not null or ${a.windowStart} <= now() - ${millis(policy.windowMs)})`;
  const [row] = await db.insert(a)
    .values({ address: key, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: a.address,
      set: {
        failures: sql`case when ${runOver} then 1 else ${a.failures} + 1 end`,
        windowStart: sql`case when ${runOver} then now() else ${a.windowStart} end`,
        blockedUntil: sql`case when not ${runOver} and ${a.failures} + 1 > ${policy.attempts}
          then now() + ${millis(policy.windowMs)} else null end`,
      },
      // A blocked address is left as it is: no row comes back, and that is the answer "blocked".
      setWhere: sql`${a.blockedUntil} is null or ${a.blockedUntil} <= now()`,
    })
    .returning({ blocked: sql<boolean>`${a.blockedUntil} is not null`, seconds: secondsLeft });
  if (row && !row.blocked) return { allowed: true };
  if (row) return { allowed: false, started: true, retryAfterSeconds: Math.max(1, Number(row.seconds)) };
  const [blocked] = await db.select({ seconds: secondsLeft }).from(a).where(eq(a.address, key));
  return { allowed: false, started: false, retryAfterSeconds: Math.max(1, Number(blocked?.seconds ?? 1)) };
}

/**
 * Whole seconds until the block ends, rounded up, by the database's clock, which every server shares. The column
 * keeps milliseconds and now() has microseconds, so a block just started can read a fraction of a millisecond
 * longer than its window; the allowance keeps it at the window.
 */
const secondsLeft = sql<number>`coalesce(ceil(extract(epoch from (${a.blockedUntil} - now())) - 0.001), 0)::integer`;

/** A try that guessed no password (the right one, or a locked user id) gives its place back. */
export async function releaseAddressAttempt(db: Db, key: string): Promise<void> {
  await db.update(a)
    .set({ failures: sql`greatest(${a.failures} - 1, 0)` })
    .where(and(eq(a.address, key), isNull(a.blockedUntil)));
}

/** The refusal of a blocked address: when to come back, in the message and in Retry-After. */
export function addressBlocked(retryAfterSeconds: number): RetryLaterError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new RetryLaterError(
    `Too many failed sign-ins from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  );
}
