import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { checkSession } from "../../lib/auth.ts";
import { SESSION_CHECK_INTERVAL_MS } from "../../lib/session-rules.ts";
import { signOutPendingAtom } from "../../lib/session.ts";
import { startNotificationStream } from "../../features/notifications/api/live.ts";

/** Focus and visibility usually fire together; one check serves both. */
const MIN_GAP_MS = 1500;

/**
 * While signed in, asks the server every 10 s, whenever the page comes back into view and when the connection
 * returns, whether the session still stands, so an administrator's change reaches an open page in seconds (000 §4). Notifications arrive on
 * their own stream meanwhile; a stream the server refuses asks for a session check at once.
 */
export function useSessionWatch(userId: number) {
  const pending = useAtomValue(signOutPendingAtom);
  useEffect(() => {
    if (pending) return;
    const stopStream = startNotificationStream(() => void checkSession());
    let last = Date.now();
    const run = () => {
      if (document.visibilityState === "hidden" || Date.now() - last < MIN_GAP_MS) return;
      last = Date.now();
      void checkSession();
    };
    const tick = () => {
      // The interval itself never waits for the gap: a focus just before it must not skip a whole round.
      last = 0;
      run();
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") run();
    };
    const timer = setInterval(tick, SESSION_CHECK_INTERVAL_MS);
    window.addEventListener("focus", run);
    // The connection is back: a session started offline is confirmed (or ended) at once, not at the next tick.
    window.addEventListener("online", tick);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopStream();
      clearInterval(timer);
      window.removeEventListener("focus", run);
      window.removeEventListener("online", tick);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [userId, pending]);
}
