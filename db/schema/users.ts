import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";
import { branches, containerYards } from "./master-data.ts";
import { roles } from "./roles.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const users = pgTable("users", {
  ...idColumn,
  userId: text("user_id").notNull().unique(),
  name: text("name").notNull(),
  email: text("email").notNull().default(""),
  /** Null until the user sets a password through the set-up link. */
  passwordHash: text("password_hash"),
  roleId: integer("role_id").notNull().references(() => roles.id),
  /** Bumped on sign-out, password change, deactivation and administrative changes; older tokens are refused. */
  sessionVersion: integer("session_version").notNull().default(1),
  darkMode: boolean("dark_mode").notNull().default(false),
  /** The container yard the user works at now (a code of container_yards), chosen from allCy. */
  userCy: text("user_cy").references(() => containerYards.code, { onUpdate: "cascade", onDelete: "set null" }),
  devicelogin: timestamptz("device_login"),
  ...activeColumn,
  ...auditColumns,
});

/** The branches a user works for; at most one is the default (a partial unique index holds that). */
export const userBranches = pgTable("user_branches", {
  ...idColumn,
  userKey: integer("user_key").notNull().references(() => users.id, { onDelete: "cascade" }),
  branchId: integer("branch_id").notNull().references(() => branches.id, { onDelete: "cascade" }),
  defaultBranch: boolean("default_branch").notNull().default(false),
}, (t) => [
  unique("user_branches_user_branch").on(t.userKey, t.branchId),
  uniqueIndex("user_branches_one_default").on(t.userKey).where(sql`${t.defaultBranch}`),
]);

/** The container yards a user may choose from (000 §3 allCy). */
export const userCys = pgTable("user_cys", {
  ...idColumn,
  userKey: integer("user_key").notNull().references(() => users.id, { onDelete: "cascade" }),
  cyCode: text("cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade", onDelete: "cascade" }),
}, (t) => [unique("user_cys_user_cy").on(t.userKey, t.cyCode)]);

/**
 * Single-use links for account set-up and password reset. Only a SHA-256 of the token is kept, so a copy
 * of the database does not hand out working links.
 */
export const accountTokens = pgTable("account_tokens", {
  ...idColumn,
  userKey: integer("user_key").notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamptz("expires_at").notNull(),
  usedAt: timestamptz("used_at"),
  dateCreated: timestamptz("date_created").notNull().defaultNow(),
}, (t) => [index("account_tokens_user_idx").on(t.userKey)]);

/**
 * Failed sign-ins per account key (the lower-cased user id, whether or not such a user exists, so a lock
 * looks the same for both). Kept in the database so every API instance sees the same count.
 */
export const signInGuards = pgTable("sign_in_guards", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: timestamptz("window_start").notNull().defaultNow(),
  lockedUntil: timestamptz("locked_until"),
  /** How many locks in a row; each lock lasts twice as long as the one before. */
  lockLevel: integer("lock_level").notNull().default(0),
});

/**
 * Sign-in tries per client address (or IPv6 /64 network), whatever user ids they name: the limit on password
 * spraying, which the per-account lockout above never sees. In the database so that every API instance counts
 * the same tries. A successful sign-in gives its try back, so only failures fill the window.
 */
export const signInAddressGuards = pgTable("sign_in_address_guards", {
  address: text("address").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: timestamptz("window_start").notNull().defaultNow(),
  blockedUntil: timestamptz("blocked_until"),
});
