import { z } from "zod";
import { listQuery } from "../../shared/contracts.ts";

/**
 * The notification contracts (000 §3, §7). Imports only zod, so the web app uses them too. A notification is
 * stored once per recipient: sent to a role, it reaches every active user of that role at that moment, and
 * each of them reads or clears it on their own.
 */

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

/** A path inside the app ("/waiver/draft"); never another site, so a notice cannot send anyone away. */
export const notificationUrl = z.string({ error: "url must be text" }).trim().max(300, "url can be at most 300 characters")
  .refine((v) => v === "" || (v.startsWith("/") && !v.startsWith("//")), "url must be a path inside Lading, starting with /")
  .default("");

export const createNotificationBody = z.object({
  title: text("Title", 120),
  message: text("Message", 1000),
  url: notificationUrl,
  /** The role (its code) whose users all receive it. */
  roleId: z.string().trim().max(20, "roleId can be at most 20 characters").optional().transform((v) => (v === "" ? undefined : v)),
  /** Specific users (their user ids) who receive it, besides or instead of a role. */
  userIds: z.array(z.string().trim().min(1, "A user id cannot be empty").max(50, "A user id can be at most 50 characters"), {
    error: "userIds must be a list of user ids",
  }).max(200, "Send to at most 200 users at a time").default([]),
}).refine((b) => b.roleId !== undefined || b.userIds.length > 0, {
  message: "Choose a role or at least one user to send the notification to",
  path: ["roleId"],
});
export type CreateNotificationInput = z.infer<typeof createNotificationBody>;

export const notificationRow = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  url: z.string(),
  userId: z.string().nullable(),
  roleId: z.string().nullable(),
  sender: z.string().nullable(),
  isViewed: z.boolean(),
  dateCreated: z.string(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

/** The dropdown's call: roleId and userId may be given as the earlier client did, but only the caller's own. */
export const unreadQuery = z.object({
  roleId: z.string().trim().max(20).optional(),
  userId: z.string().trim().max(50).optional(),
});

export const allQuery = listQuery.pick({ skip: true, take: true }).extend({
  roleId: z.string().trim().max(20).optional(),
  userId: z.string().trim().max(50).optional(),
});

export const waivedChargesLogBody = z.object({
  wayBillRef: text("Waybill reference", 40),
  chargeCodes: z.array(text("Charge code", 30), { error: "chargeCodes must be a list of charge codes" })
    .min(1, "Name at least one waived charge").max(50, "Name at most 50 charges"),
  remarks: z.string().trim().max(500, "Remarks can be at most 500 characters").default(""),
  url: notificationUrl,
});

export const sqNotificationBody = z.object({
  sqRefNum: text("Quotation reference", 40),
  branchCode: z.string().trim().max(20, "branchCode can be at most 20 characters").optional(),
  message: z.string().trim().max(1000, "Message can be at most 1000 characters").optional(),
  url: notificationUrl,
});

/**
 * The avatar of a notification by its title (000 §2); any other title shows the sender's initial. Matched
 * without regard to letter case.
 */
export const AVATAR_CODES: Record<string, string> = {
  "booking changes": "BC",
  "unloading tally sheet": "IT",
  "unload list": "IU",
  "load list": "OL",
  "loading tally sheet": "OT",
  "sales quotation": "SQ",
  "vessel updates": "VU",
  waiver: "WV",
  "customer request": "CR",
};

export function avatarCode(title: string, sender: string | null | undefined): string {
  const code = AVATAR_CODES[title.trim().toLowerCase()];
  if (code) return code;
  const initial = (sender ?? "").trim().charAt(0);
  return initial ? initial.toUpperCase() : "?";
}

/** A colour for an avatar, the same for the same text everywhere: a hue from a hash of it. */
export function avatarColor(text: string): string {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360}, 55%, 42%)`;
}

/** A browser's PushSubscription as PushSubscription.toJSON() gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ error: "endpoint must be the push service address of the subscription" }).max(1000, "endpoint can be at most 1000 characters"),
  keys: z.object({
    p256dh: z.string({ error: "keys.p256dh is required" }).trim().min(1, "keys.p256dh is required").max(200, "keys.p256dh can be at most 200 characters"),
    auth: z.string({ error: "keys.auth is required" }).trim().min(1, "keys.auth is required").max(100, "keys.auth can be at most 100 characters"),
  }, { error: "keys (p256dh and auth) are required" }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionBody>;
