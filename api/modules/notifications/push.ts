import { Agent } from "node:https";
import { rootCertificates } from "node:tls";
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../../db/client.ts";
import { pushSubscriptions } from "../../../db/schema/index.ts";
import type { WebPushSettings } from "../../http/config.ts";
import { AppError } from "../../shared/errors.ts";
import type { NotificationRow, PushSubscriptionInput } from "./schemas.ts";

/**
 * Web Push: a notification also goes to the push service of each browser its recipient allowed, so it shows
 * on the desktop with no Lading tab open. Set once at start from the VAPID keys; without them nothing is sent.
 */
let settings: WebPushSettings | null = null;
/** Set when an extra certificate authority is to be trusted; otherwise the platform's own are. */
let agent: Agent | undefined;

export function configureWebPush(next: WebPushSettings | null): void {
  settings = next;
  agent = next?.pushCa ? new Agent({ ca: [...rootCertificates, next.pushCa] }) : undefined;
}

export function webPushPublicKey(): string | null {
  return settings?.publicKey ?? null;
}

/** A subscription may only point at a known push service, so nobody can make the server post elsewhere. */
function checkEndpoint(endpoint: string): void {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const known = settings?.pushHosts.some((h) => (h.startsWith(".") ? host.endsWith(h) : host === h)) ?? false;
  if (!known || url.protocol !== "https:") {
    throw new AppError("VALIDATION", "That push endpoint is not one of a known push service.", { endpoint: ["Not a known push service"] });
  }
}

/** Keeps a browser's subscription for the caller (the same browser again replaces its keys). */
export async function subscribePush(db: Db, userId: string, input: PushSubscriptionInput) {
  if (!settings) throw new AppError("CONFLICT", "Desktop notifications are not set up on this server.");
  checkEndpoint(input.endpoint);
  const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
  return { data: { subscribed: true }, message: "Desktop notifications are on for this browser" };
}

export async function unsubscribePush(db: Db, userId: string, endpoint: string) {
  const gone = await db.delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError("NOT_FOUND", "That subscription was not found.");
  return { data: { subscribed: false }, message: "Desktop notifications are off for this browser" };
}

/**
 * Posts each notification to its recipient's browsers. Answers how many pushes the services took; a
 * subscription the service says is gone (404, 410) is dropped, any other failure only costs that push.
 */
export async function deliverWebPush(db: Db, rows: readonly NotificationRow[]): Promise<number> {
  const current = settings;
  const recipients = [...new Set(rows.map((r) => r.userId).filter((u): u is string => u !== null))];
  if (!current || recipients.length === 0) return 0;
  const subscriptions = await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, recipients));
  let delivered = 0;
  await Promise.all(rows.flatMap((row) =>
    subscriptions.filter((s) => s.userId === row.userId).map(async (s) => {
      const payload = JSON.stringify({ id: row.id, title: row.title, message: row.message, url: row.url });
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
          vapidDetails: { subject: current.subject, publicKey: current.publicKey, privateKey: current.privateKey },
          TTL: 24 * 3600,
          timeout: 10_000,
          agent,
        });
        delivered++;
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
      }
    })
  ));
  return delivered;
}
