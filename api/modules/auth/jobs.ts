import { and, type Column, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { signInAddressGuards, signInGuards } from "../../../db/schema/index.ts";
import type { ScheduledJob } from "../../shared/schedule.ts";
import { MAX_LOCK_MS } from "./lockout.ts";

/**
 * How long a sign-in guard row is kept after its last try and the end of its lock. A user id or an address
 * tried once leaves a row; without a clean-up the tables would grow with every mistyped id and every scanner.
 * After a quiet day a row no longer changes anything a new try would be told: the count's window (15 minutes)
 * is long over and no lock runs. The one thing it still holds is an account's lock level (each lock twice the
 * last), which caps at a day, so forgetting it after a quiet day gives a guesser no more tries than keeping it.
 */
export const GUARD_RETENTION_MS = MAX_LOCK_MS;

export const GUARD_CLEANUP_JOB = "sign-in-guards-cleanup";

/** Deletes the sign-in guard rows of ids and addresses quiet for GUARD_RETENTION_MS; answers how many went. */
export async function forgetQuietSignInGuards(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - GUARD_RETENTION_MS);
  const quiet = (windowStart: Column, until: Column) =>
    and(lt(windowStart, before), or(isNull(until), lt(until, before)));
  const accounts = await db.delete(signInGuards).where(quiet(signInGuards.windowStart, signInGuards.lockedUntil))
    .returning({ key: signInGuards.accountKey });
  const addresses = await db.delete(signInAddressGuards).where(quiet(signInAddressGuards.windowStart, signInAddressGuards.blockedUntil))
    .returning({ key: signInAddressGuards.address });
  return { accounts: accounts.length, addresses: addresses.length };
}

const guardCleanupJob: ScheduledJob = {
  name: GUARD_CLEANUP_JOB,
  cron: "40 3 * * *",
  summary: "Forget sign-in guards of user ids and addresses quiet for a day",
  run: async (db, { occurrence }) => await forgetQuietSignInGuards(db, occurrence),
};

export const authJobs: ScheduledJob[] = [guardCleanupJob];
