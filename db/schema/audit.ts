import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who did what and when (UTC). Never holds a password or a token. */
export const auditLog = pgTable("audit_log", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp("at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  /** The signed-in user id, or the user id tried at sign-in; null for anonymous calls. */
  actor: text("actor"),
  action: text("action").notNull(),
  /** What the action touched, e.g. "user:jdoe" or "role:OPS". */
  target: text("target"),
  detail: jsonb("detail").$type<Record<string, unknown>>(),
  address: text("address"),
}, (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_action_idx").on(t.action, t.at)]);
