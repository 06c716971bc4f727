import { date, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";
import { roles } from "./roles.ts";

/**
 * A role's subscription to a report (issue 26): every week (Monday to Sunday) or month, once the period is over,
 * the scheduled job of the reports module mails the report's workbook of that period to the role's active users
 * who have an e-mail address, each reading within their own branches.
 */
export const reportSubscriptions = pgTable("report_subscriptions", {
  ...idColumn,
  roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  /** The report's command name: revenue, bookings, sq-commodity... (REPORT_CATALOGUE of the reports module). */
  report: text("report").notNull(),
  /** WEEKLY or MONTHLY. */
  frequency: text("frequency").notNull(),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("report_subscriptions_uq").on(t.roleId, t.report, t.frequency)]);

/** One period a subscription was sent for: the job sends a period once, however often it runs. */
export const reportDeliveries = pgTable("report_deliveries", {
  ...idColumn,
  subscriptionId: integer("subscription_id").notNull().references(() => reportSubscriptions.id, { onDelete: "cascade" }),
  dateFrom: date("date_from").notNull(),
  dateTo: date("date_to").notNull(),
  /** How many messages went to the outbox. */
  recipients: integer("recipients").notNull(),
  ...auditColumns,
}, (t) => [unique("report_deliveries_period_uq").on(t.subscriptionId, t.dateFrom), index("report_deliveries_subscription_idx").on(t.subscriptionId)]);
