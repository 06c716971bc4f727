import { AppError } from "../shared/errors.ts";

/**
 * Fixed-window attempt counter kept in memory, per server (attemptLimit below gives each app its own). Sign-in
 * does not use it: its lockout and its limit per address count in the database (auth/lockout.ts,
 * auth/address-limit.ts), where every server sees them. What it still guards is throttling, not a secret:
 * - password reset requests (users): the link goes to the account's own mailbox and guesses nothing, so the
 *   limit only keeps a mailbox from being flooded; with n servers a mailbox gets at most n × the limit;
 * - lookups of the public pages (tracking, a loading confirmation's and an arrival notice's links): the limit only
 *   keeps one address from walking a series or guessing a token; n servers allow n × the limit, still a few per
 *   second at most.
 * A fixed multiple of a small number is acceptable for both, and counting them in the database would add a
 * write to every such request for no protection that matters.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  /** `refusal` is what a caller over the limit is told, in the words of what is limited. */
  constructor(private readonly limit: number, private readonly windowMs: number, private readonly refusal: string) {}

  /** Counts one attempt for key; throws 429 with the refusal when the window is already full. */
  hit(key: string, now = Date.now()): void {
    if (this.windows.size > 10_000) this.prune(now);
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    if (entry.count >= this.limit) throw new AppError("RATE_LIMITED", this.refusal);
    entry.count++;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * A limit of `limit` attempts per key in `windowMs`, counted apart for each app: the counters hang off the app's
 * `deps`, so two apps in one process (two servers in a test, one test file's app after another's) never share
 * them. A full window answers 429 with `refusal`.
 */
export function attemptLimit(limit: number, windowMs: number, refusal: string): (app: object, key: string) => void {
  const limiters = new WeakMap<object, AttemptLimiter>();
  return (app, key) => {
    let limiter = limiters.get(app);
    if (!limiter) limiters.set(app, limiter = new AttemptLimiter(limit, windowMs, refusal));
    limiter.hit(key);
  };
}

/**
 * The limit on lookups of a public page reached by a reference or a link's token: 30 a minute from one address,
 * plenty for a customer opening and printing what it was sent, far too few to walk a series or guess a token.
 * `what` names the lookups in the refusal ("tracking", "arrival notice").
 */
export const publicLookupLimit = (what: string) =>
  attemptLimit(30, 60_000, `Too many ${what} lookups from your network. Wait a minute and try again.`);
