import { index, pgTable, text } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";

export const branches = pgTable("branches", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
});

export const ports = pgTable("ports", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  location: text("location").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [
  index("ports_branch_code_idx").on(t.branchCode),
  index("ports_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  index("ports_code_trgm_idx").using("gin", t.code.op("gin_trgm_ops")),
]);

export const containerYards = pgTable("container_yards", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  address: text("address").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("container_yards_branch_code_idx").on(t.branchCode)]);
