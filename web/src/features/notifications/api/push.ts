import { api } from "../../../lib/api.ts";

/**
 * Desktop notifications through the browser's push service: a notification shows even with no Lading tab open.
 * Offered only where the browser can (a service worker with PushManager) and the server has VAPID keys.
 */

/** The VAPID public key (URL-safe base64) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const supported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** Whether to offer the switch: the browser can, the user has not refused, and the server is set up for it. */
export async function desktopAlertsOffered(): Promise<{ publicKey: string; on: boolean } | null> {
  if (!supported() || Notification.permission === "denied") return null;
  const { data } = await api.get<{ data: { publicKey: string | null } }>("/Notifications/webPushKey");
  if (!data.publicKey) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return { publicKey: data.publicKey, on: Boolean(subscription) };
}

/** Asks the user's leave, subscribes this browser and tells the server where to push. */
export async function enableDesktopAlerts(publicKey: string): Promise<string> {
  if ((await Notification.requestPermission()) !== "granted") throw new Error("Desktop notifications were not allowed in this browser.");
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const result = await api.post<{ message: string }>("/Notifications/subscribeWebPush", subscription.toJSON());
  return result.message;
}
