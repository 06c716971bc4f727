import { atom } from "jotai";
import { api } from "../../lib/api.ts";
import { store } from "../../lib/session.ts";

/** Unread notifications of the signed-in user, for the bell's badge. */
export const unreadCountAtom = atom(0);

/** Asks the server for the unread count; a failed read keeps the last count rather than blank the badge. */
export async function refreshUnreadCount(): Promise<void> {
  try {
    const result = await api.get<{ data: { unread: number } }>("/notifications/unreadCount");
    const unread = Number(result.data?.unread);
    store.set(unreadCountAtom, Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0);
  } catch {
    // The session check reports a lost session; a missing count is not worth a notice of its own.
  }
}
