import { AppError } from "../shared/errors.ts";

/**
 * Fixed-window attempt counter kept in memory, per server process. Sign-in does not use it: its lockout and its
 * limit per address count in the database (auth/lockout.ts, auth/address-limit.ts), where every server sees
 * them. What it still guards is throttling, not a secret:
 * - password reset requests (users): the link goes to the account's own mailbox and guesses nothing, so the
 *   limit only keeps a mailbox from being flooded; with n servers a mailbox gets at most n × the limit;
 * - public tracking lookups (bookings): a tracking reference shows where cargo is, and the limit only keeps
 *   one address from walking the series; n servers allow n × the limit, still a few per second at most.
 * A fixed multiple of a small number is acceptable for both, and counting them in the database would add a
 * write to every such request for no protection that matters.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly limit: number, private readonly windowMs: number) {}

  /** Counts one attempt for key; throws 429 when the window is already full. */
  hit(key: string, now = Date.now()): void {
    if (this.windows.size > 10_000) this.prune(now);
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    if (entry.count >= this.limit) {
      const minutes = Math.max(1, Math.ceil((entry.resetAt - now) / 60_000));
      throw new AppError("RATE_LIMITED", `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
    }
    entry.count++;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
