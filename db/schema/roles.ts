import { boolean, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";

export const roles = pgTable("roles", {
  ...idColumn,
  roleId: text("role_id").notNull().unique(),
  roleName: text("role_name").notNull(),
  isDat: boolean("is_dat").notNull().default(false),
  ...activeColumn,
  ...auditColumns,
});

/**
 * What a role grants, one row each (000 §6: menuId, isAllowed). `type` MENU rows are menu permissions;
 * CAPABILITY rows are the operational flags later modules read (approver, endorser, SQ list role, ...).
 */
export const roleDetails = pgTable("role_details", {
  ...idColumn,
  roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  type: text("type").notNull().default("MENU"),
  menuId: text("menu_id").notNull(),
  isAllowed: boolean("is_allowed").notNull().default(true),
}, (t) => [unique("role_details_role_menu").on(t.roleId, t.type, t.menuId)]);
