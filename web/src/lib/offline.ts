import { useSyncExternalStore } from "react";

/**
 * Screens that must open with no connection (the tally sheet at the pier) ask the service worker (web/public/
 * sw.js) to keep every script and style sheet the page has loaded so far, their own chunk among them. The worker
 * keeps files under /assets/ only, never an /api answer. Until now the worker kept a file only when it fetched it
 * itself, which misses everything loaded on the very first visit, before it took charge of the page.
 */
export function keepLoadedAssetsOffline(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || typeof performance === "undefined") return;
  const urls = performance.getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => {
      try {
        const url = new URL(name);
        return url.origin === location.origin && url.pathname.startsWith("/assets/");
      } catch {
        return false;
      }
    });
  if (urls.length === 0) return;
  navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: "keep-assets", urls }))
    .catch(() => {
      // Offline support is a bonus: without a worker the screen works while the page stays open.
    });
}

/** Whether the browser believes it has a connection; the screens listen to its online and offline events. */
export const isOnline = (): boolean => typeof navigator === "undefined" || navigator.onLine !== false;

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser has a connection now, kept current by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
