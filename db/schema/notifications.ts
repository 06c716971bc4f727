import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A notice for one user (userId), sent to them alone or as one of a role (roleId); read by the top bar's bell. */
export const notifications = pgTable("notifications", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  title: text("title").notNull(),
  message: text("message").notNull(),
  url: text("url").notNull().default(""),
  /** Recipient user id, or null when the notice goes to a whole role. */
  userId: text("user_id"),
  roleId: text("role_id"),
  /** User id of the sender; its initial is the avatar of titles without a code. */
  sender: text("sender"),
  isViewed: boolean("is_viewed").notNull().default(false),
  dateCreated: timestamp("date_created", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [index("notifications_user_idx").on(t.userId, t.isViewed), index("notifications_role_idx").on(t.roleId, t.isViewed)]);

/**
 * A browser's Web Push subscription (the push service's endpoint and the keys its messages are encrypted
 * with), so a notification reaches the user's desktop with no Lading tab open. A browser has one per user.
 */
export const pushSubscriptions = pgTable("push_subscriptions", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  userId: text("user_id").notNull(),
  endpoint: text("endpoint").notNull().unique(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  dateCreated: timestamp("date_created", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
}, (t) => [index("push_subscriptions_user_idx").on(t.userId)]);
