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
  /**
   * How many times this happened: refusals an anonymous client can repeat at will (a locked sign-in) are
   * counted in one row per window instead of one row each, so they cannot grow the log without bound.
   */
  repeats: integer("repeats").notNull().default(1),
  /** The latest repeat; null while the row stands for one occurrence. */
  lastAt: timestamp("last_at", { withTimezone: true, precision: 3 }),
}, (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_action_idx").on(t.action, t.at)]);
