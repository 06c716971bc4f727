/*
 * Offline support for the app shell. Pages are always fetched from the network first so a new release shows
 * at once; the cached index.html only stands in when the network is gone. Built assets carry a content
 * hash in their names, so a cached copy is never stale and can be served straight from the cache.
 * Nothing under /api is ever cached: its answers are per user and must not outlive a sign-out (the tally
 * screen keeps its own last answer in IndexedDB, web/src/features/outbound/tally-offline.ts).
 */
const CACHE = "lading-shell-v1";
const SHELL = ["/", "/manifest.webmanifest", "/icon.svg"];
// Each release adds new hashed files; past this many the oldest go (keys come back in insertion order).
const MAX_ASSETS = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Every deep link answers the same index.html; keep the newest under "/" for offline use.
    if (response.ok && (response.headers.get("content-type") || "").includes("text/html")) {
      await cache.put("/", response.clone());
    }
    return response;
  } catch (error) {
    const cached = await cache.match("/");
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // A server that answers unknown paths with index.html would otherwise plant a page under a script's name.
  const isPage = (response.headers.get("content-type") || "").includes("text/html");
  if (response.ok && !isPage) {
    await cache.put(request, response.clone());
    const assets = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith("/assets/"));
    await Promise.all(assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((key) => cache.delete(key)));
  }
  return response;
}

async function networkFirstFile(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The server matches /api without regard to case, so this check must too.
  const path = url.pathname.toLowerCase();
  if (path === "/api" || path.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirstAsset(request));
  } else if (SHELL.includes(url.pathname) || url.pathname.endsWith(".svg")) {
    event.respondWith(networkFirstFile(request));
  }
});

// A screen that must open offline (the tally sheet) sends the scripts and styles it loaded: they are kept like
// any asset the worker fetched itself. Only same-origin files under /assets/ are taken, never an /api answer.
async function keepAssets(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    let target;
    try {
      target = new URL(url, self.location.origin);
    } catch {
      continue;
    }
    if (target.origin !== self.location.origin || !target.pathname.startsWith("/assets/")) continue;
    if (await cache.match(target.pathname)) continue;
    try {
      const response = await fetch(target.pathname);
      const isPage = (response.headers.get("content-type") || "").includes("text/html");
      if (response.ok && !isPage) await cache.put(target.pathname, response);
    } catch {
      // Offline already: what is kept stays kept.
    }
  }
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep-assets" && Array.isArray(data.urls)) event.waitUntil(keepAssets(data.urls.slice(0, MAX_ASSETS)));
});

// Desktop notifications (Web Push): the server sends a notification's title, message and page; a click opens
// that page in a Lading window, reusing one that is already open.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { message: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(data.title || "Lading", {
    body: data.message || "",
    icon: "/icon.svg",
    tag: data.id ? `lading-notification-${data.id}` : undefined,
    data: { url: data.url || "/notifications" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/notifications";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => "focus" in w);
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
