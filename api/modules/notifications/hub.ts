import type { NotificationRow } from "./schemas.ts";

/**
 * Hands new notifications to the open streams of this server process, by recipient. One process holds every
 * stream of its users; with several API instances, each one's hub only reaches its own streams, and a missed
 * notification is caught up from the database when the browser's stream reconnects (Last-Event-ID).
 */
type Listener = (rows: NotificationRow[]) => void;

const listeners = new Map<string, Set<Listener>>();

/** Starts delivering a user's new notifications to `listener`; the answer stops it. */
export function subscribe(userId: string, listener: Listener): () => void {
  let own = listeners.get(userId);
  if (!own) listeners.set(userId, own = new Set());
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
