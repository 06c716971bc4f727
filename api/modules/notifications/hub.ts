import type { NotificationRow } from "./schemas.ts";
import { groupBy } from "../../shared/grouping.ts";

/**
 * Hands new notifications to the open streams of one server, by recipient. A server holds one hub per database
 * handle it opened (relay.ts keeps them); on PostgreSQL several servers each hold their own and relay.ts carries
 * every new notification to the others through LISTEN/NOTIFY, so this file only knows its own streams.
 */
type Listener = (rows: NotificationRow[]) => void;

export interface StreamBound {
  /** Listeners one user may hold at once; adding one more evicts the oldest. */
  limit: number;
  /** Called when this listener is evicted (it no longer receives anything); its stream should end. */
  onEvicted: () => void;
}

export class NotificationHub {
  /** Tells this hub's own announcements apart from another server's when they come back through the database. */
  readonly origin = crypto.randomUUID();
  /** One user's listeners, oldest first (a Set keeps the order they were added in). */
  private readonly listeners = new Map<string, Set<Listener>>();
  /** How to tell a listener's stream it was closed to make room for a newer one of the same user. */
  private readonly evictions = new WeakMap<Listener, () => void>();

  /**
   * Starts delivering a user's new notifications to `listener`; the answer stops it. With `bound`, a user's
   * listeners are at most `bound.limit`: the oldest ones are dropped and told so. The bound is per server, which
   * is what it protects: each server holds its own connections and their memory. With several servers a user
   * could hold the limit on each, still a fixed number, so nothing needs to be counted across them.
   */
  subscribe(userId: string, listener: Listener, bound?: StreamBound): () => void {
    let own = this.listeners.get(userId);
    if (!own) this.listeners.set(userId, own = new Set());
    if (bound) {
      this.evictions.set(listener, bound.onEvicted);
      for (const oldest of [...own].slice(0, Math.max(0, own.size - Math.max(1, bound.limit) + 1))) {
        own.delete(oldest);
        try {
          this.evictions.get(oldest)?.();
        } catch {
          // A stream that cannot be told still stops receiving; the newer one opens regardless.
        }
      }
    }
    own.add(listener);
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.listeners.get(userId) === own) this.listeners.delete(userId);
    };
  }

  publish(rows: readonly NotificationRow[]): void {
    const byUser = groupBy(rows.filter((row) => row.userId !== null), (row) => row.userId as string);
    for (const [userId, own] of byUser) {
      for (const listener of this.listeners.get(userId) ?? []) {
        try {
          listener(own);
        } catch {
          // One broken stream must not keep the others from their notifications.
        }
      }
    }
  }

  /** Whether a stream of this user is open here: another server's notification is read only for those. */
  holds(userId: string): boolean {
    return this.listeners.has(userId);
  }

  /** Open streams on this hub. */
  listenerCount(): number {
    let n = 0;
    for (const own of this.listeners.values()) n += own.size;
    return n;
  }
}
