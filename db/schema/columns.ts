import { boolean, integer, text, timestamp } from "drizzle-orm/pg-core";

/** Surrogate key shared by every table. */
export const idColumn = {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
};

/**
 * Audit columns. dateModified is written by the services with millisecond precision so that the value a
 * client read back (a JS Date) compares equal on the next update; that is how stale writes are detected.
 */
export const auditColumns = {
  userCreated: text("user_created"),
  userModified: text("user_modified"),
  dateCreated: timestamp("date_created", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  dateModified: timestamp("date_modified", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

export const activeColumn = {
  isActive: boolean("is_active").notNull().default(true),
};
