import { atom } from "jotai";
import { store } from "../../../lib/session.ts";
import { notificationsApi, type NotificationRow } from "./notifications.ts";

/**
 * The signed-in user's notifications as they arrive: the server's stream (server-sent events) gives the unread
 * count on connecting and each new notification as it is sent. The browser reconnects a dropped stream by
 * itself and the server sends what was missed since the last one received, so nothing polls. The count covers
 * everything the connection sent before it, so only what comes after it adds to the bell.
 */

/** Unread notifications, for the bell's badge. */
export const unreadCountAtom = atom(0);
/** The dropdown's unread list: loaded when it opens, then kept current by the stream. */
export const unreadListAtom = atom<NotificationRow[] | null>(null);
/**
 * Whether the bell is current: true once the open stream's count has arrived, false while it connects or
 * reconnects, when the count may be behind what the server holds.
 */
export const bellLiveAtom = atom(false);

/** Waits this long before opening a stream the browser gave up on (a refused reconnect). */
const REOPEN_MS = 3_000;

/** Opens the stream for the signed-in user; the answer closes it (sign-out, or another user signs in). */
export function startNotificationStream(onRefused: () => void): () => void {
  let source: EventSource | undefined;
  let lastId = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * The server closed this stream for a newer one of the same user (more tabs and devices than it allows).
   * Reconnecting at once would close the next oldest in turn; so the page waits until the user looks at it.
   */
  const reopenWhenSeen = () => {
    if (stopped || document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", reopenWhenSeen);
    open();
  };

  const open = () => {
    // After a reopen of our own the browser has no Last-Event-ID to send; the query carries it instead.
    source = new EventSource(`/api/Notifications/stream${lastId > 0 ? `?after=${lastId}` : ""}`);
    // The bell is live once this connection's count has arrived; the browser's own reconnects open a new one.
    store.set(bellLiveAtom, false);
    source.addEventListener("open", () => store.set(bellLiveAtom, false));
    source.addEventListener("unread", (event) => {
      const { unread } = JSON.parse((event as MessageEvent).data) as { unread: number };
      store.set(unreadCountAtom, unread);
      store.set(bellLiveAtom, true);
      // A stream (re)opened: the list the dropdown shows may be out of date, so it loads again when opened.
      store.set(unreadListAtom, null);
    });
    source.addEventListener("notification", (event) => {
      const message = event as MessageEvent;
      const row = JSON.parse(message.data) as NotificationRow;
      lastId = Math.max(lastId, row.id);
      // What the server caught this connection up on is in the count that follows it.
      if (row.isViewed || !store.get(bellLiveAtom)) return;
      store.set(unreadCountAtom, (n) => n + 1);
      store.set(unreadListAtom, (list) => (list === null || list.some((r) => r.id === row.id) ? list : [row, ...list]));
    });
    source.addEventListener("closed", () => {
      source?.close();
      store.set(bellLiveAtom, false);
      document.addEventListener("visibilitychange", reopenWhenSeen);
    });
    source.addEventListener("error", () => {
      store.set(bellLiveAtom, false);
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (the server refused, e.g. a 401).
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      onRefused();
      timer = setTimeout(() => !stopped && open(), REOPEN_MS);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", reopenWhenSeen);
    source?.close();
    store.set(unreadCountAtom, 0);
    store.set(unreadListAtom, null);
    store.set(bellLiveAtom, false);
  };
}

/** Loads the dropdown's list (and the count with it). */
export async function loadUnread(): Promise<void> {
  const result = await notificationsApi.unread();
  store.set(unreadListAtom, result.data);
  store.set(unreadCountAtom, result.total);
}

/** The user opened a notification: it is viewed, and leaves the unread list and the count. */
export async function markViewed(row: NotificationRow): Promise<void> {
  await notificationsApi.markViewed(row.id);
  store.set(unreadListAtom, (list) => list?.filter((r) => r.id !== row.id) ?? null);
  store.set(unreadCountAtom, (n) => Math.max(0, n - 1));
}

/** Clear Notification: all of the user's unread notifications become viewed. */
export async function clearAll(): Promise<void> {
  await notificationsApi.clearAll();
  store.set(unreadListAtom, []);
  store.set(unreadCountAtom, 0);
}
