import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";
import { roles } from "./roles.ts";

export const users = pgTable("users", {
  ...idColumn,
  userId: text("user_id").notNull().unique(),
  name: text("name").notNull(),
  email: text("email").notNull().default(""),
  passwordHash: text("password_hash"),
  roleId: integer("role_id").notNull().references(() => roles.id),
  /** Bumped on sign-out (and later on password or role change); tokens carrying an older value are refused. */
  sessionVersion: integer("session_version").notNull().default(1),
  darkMode: boolean("dark_mode").notNull().default(false),
  userCy: text("user_cy"),
  devicelogin: timestamp("device_login", { withTimezone: true, precision: 3 }),
  ...activeColumn,
  ...auditColumns,
});
