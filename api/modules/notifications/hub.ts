import type { NotificationRow } from "./schemas.ts";

/**
 * Hands new notifications to the open streams of this server process, by recipient. One process holds every
 * stream of its users; with several API instances, each one's hub only reaches its own streams, and a missed
 * notification is caught up from the database when the browser's stream reconnects (Last-Event-ID).
 */
type Listener = (rows: NotificationRow[]) => void;

/** One user's listeners, oldest first (a Set keeps the order they were added in). */
const listeners = new Map<string, Set<Listener>>();
/** How to tell a listener's stream it was closed to make room for a newer one of the same user. */
const evictions = new WeakMap<Listener, () => void>();

export interface StreamBound {
  /** Listeners one user may hold at once; adding one more evicts the oldest. */
  limit: number;
  /** Called when this listener is evicted (it no longer receives anything); its stream should end. */
  onEvicted: () => void;
}

/**
 * Starts delivering a user's new notifications to `listener`; the answer stops it. With `bound`, a user's
 * listeners are at most `bound.limit`: the oldest ones are dropped and told so. The bound is per process, which
 * is what it protects: each server holds its own connections and their memory. With several servers a user
 * could hold the limit on each, still a fixed number, so nothing needs to be counted across them.
 */
export function subscribe(userId: string, listener: Listener, bound?: StreamBound): () => void {
  let own = listeners.get(userId);
  if (!own) listeners.set(userId, own = new Set());
  if (bound) {
    evictions.set(listener, bound.onEvicted);
    for (const oldest of [...own].slice(0, Math.max(0, own.size - Math.max(1, bound.limit) + 1))) {
      own.delete(oldest);
      try {
        evictions.get(oldest)?.();
      } catch {
        // A stream that cannot be told still stops receiving; the newer one opens regardless.
      }
    }
  }
  own.add(listener);
  return () => {
    own.delete(listener);
    if (own.size === 0 && listeners.get(userId) === own) listeners.delete(userId);
  };
}

export function publish(rows: readonly NotificationRow[]): void {
  const byUser = new Map<string, NotificationRow[]>();
  for (const row of rows) {
    if (row.userId === null) continue;
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  }
  for (const [userId, own] of byUser) {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(own);
      } catch {
        // One broken stream must not keep the others from their notifications.
      }
    }
  }
}

/** Open streams in this process, for the bench and the health of the server. */
export function listenerCount(): number {
  let n = 0;
  for (const own of listeners.values()) n += own.size;
  return n;
}
