import { AppError } from "../shared/errors.ts";

/**
 * Fixed-window attempt counter kept in memory. It guards sign-in of one process; several API instances
 * would each count on their own, which still bounds guessing per instance.
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
