import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { reportDeliveries, reportSubscriptions, roleDetails, roles, users } from "../../../db/schema/index.ts";
import { recordAudit } from "../../shared/audit.ts";
import { addCalendarDays, manilaDate, monthBounds, weekdayOf } from "../../shared/dates.ts";
import { AppError } from "../../shared/errors.ts";
import { CAPABILITIES, type Capability, MENU_LABELS, type MenuId } from "../../shared/permissions.ts";
import type { ScheduledJob } from "../../shared/schedule.ts";
import { type Caller, callerOfUser } from "../auth/index.ts";
import { queueEmail } from "../email/index.ts";
import { REPORT_CATALOGUE } from "./catalogue.ts";
import type { ReportFrequency, ReportName, ReportSubscription, ReportSubscriptionList, SubscriptionBody } from "./schemas.ts";

/**
 * Scheduled reports (issue 26): a role subscribes to a report weekly or monthly; once a period is over, the
 * daily job mails the report's workbook of that period to each active user of the role with an e-mail address,
 * built within that user's branches, through the outbox with the workbook attached. A period is sent once per
 * subscription (report_deliveries), however often the job runs. Managing a report's subscriptions takes the
 * permission that reads the report.
 */

const holds = (caller: Pick<Caller, "menus" | "capabilities">, permission: MenuId | Capability) =>
  permission in MENU_LABELS ? caller.menus.has(permission as MenuId) : caller.capabilities.has(permission as Capability);

const permissionLabel = (permission: MenuId | Capability) =>
  permission in MENU_LABELS ? MENU_LABELS[permission as MenuId] : CAPABILITIES.find((c) => c.id === permission)?.label ?? permission;

function mayManage(caller: Caller, report: ReportName): void {
  const { permission, title } = REPORT_CATALOGUE[report];
  if (!holds(caller, permission)) {
    throw new AppError("FORBIDDEN", `Your role does not have access to ${permissionLabel(permission)}, so it cannot manage the ${title} subscriptions.`);
  }
}

/** The last whole period of a frequency before `today` (a Manila date): last Monday to Sunday, or last month. */
export function lastPeriod(frequency: ReportFrequency, today: string): { dateFrom: string; dateTo: string } {
  if (frequency === "WEEKLY") {
    const sinceMonday = (weekdayOf(today) + 6) % 7;
    const dateFrom = addCalendarDays(today, -sinceMonday - 7);
    return { dateFrom, dateTo: addCalendarDays(dateFrom, 6) };
  }
  const [year, month] = today.split("-").map(Number);
  const { first, last } = month === 1 ? monthBounds(year - 1, 12) : monthBounds(year, month - 1);
  return { dateFrom: first, dateTo: last };
}

async function recipientsOf(db: Db, roleKey: number) {
  return await db.select({ id: users.id, userId: users.userId, name: users.name, email: users.email }).from(users)
    .where(and(eq(users.roleId, roleKey), eq(users.isActive, true), ne(users.email, "")))
    .orderBy(asc(users.userId));
}

/** The subscriptions of the reports the caller may read, by role and report. */
export async function listSubscriptions(db: Db, caller: Caller): Promise<ReportSubscriptionList> {
  const rows = await db.select({
    id: reportSubscriptions.id, roleKey: roles.id, roleId: roles.roleId, roleName: roles.roleName,
    report: reportSubscriptions.report, frequency: reportSubscriptions.frequency,
  }).from(reportSubscriptions).innerJoin(roles, eq(roles.id, reportSubscriptions.roleId))
    .where(eq(reportSubscriptions.isActive, true))
    .orderBy(asc(roles.roleId), asc(reportSubscriptions.report), asc(reportSubscriptions.frequency));
  const readable = rows.filter((r) => r.report in REPORT_CATALOGUE && holds(caller, REPORT_CATALOGUE[r.report as ReportName].permission));
  const data: ReportSubscription[] = [];
  for (const r of readable) {
    const [last] = await db.select({ dateFrom: reportDeliveries.dateFrom, dateTo: reportDeliveries.dateTo, recipients: reportDeliveries.recipients })
      .from(reportDeliveries).where(eq(reportDeliveries.subscriptionId, r.id)).orderBy(desc(reportDeliveries.dateFrom)).limit(1);
    data.push({
      id: r.id, roleId: r.roleId, roleName: r.roleName, report: r.report as ReportName, title: REPORT_CATALOGUE[r.report as ReportName].title,
      frequency: r.frequency as ReportFrequency, recipients: (await recipientsOf(db, r.roleKey)).map((u) => u.email), lastSent: last ?? null,
    });
  }
  return { data, ...(data.length === 0 ? { message: "No data found" } : {}) };
}

/** Subscribes a role to a report; the role must itself be able to read the report. */
export async function subscribe(db: Db, caller: Caller, body: SubscriptionBody): Promise<{ data: ReportSubscription; message: string }> {
  mayManage(caller, body.report);
  const { permission, title } = REPORT_CATALOGUE[body.report];
  const [role] = await db.select().from(roles).where(eq(roles.roleId, body.roleId));
  if (!role || !role.isActive) throw new AppError("VALIDATION", `Role ${body.roleId} does not exist or is inactive.`, { roleId: [`Role ${body.roleId} does not exist or is inactive.`] });
  const [grant] = await db.select({ id: roleDetails.id }).from(roleDetails)
    .where(and(eq(roleDetails.roleId, role.id), eq(roleDetails.menuId, permission), eq(roleDetails.isAllowed, true)));
  if (!grant) {
    const message = `Role ${role.roleId} cannot read the ${title}: it lacks ${permissionLabel(permission)}.`;
    throw new AppError("VALIDATION", message, { roleId: [message] });
  }
  const [row] = await db.insert(reportSubscriptions).values({
    roleId: role.id, report: body.report, frequency: body.frequency, userCreated: caller.userId, userModified: caller.userId,
  }).onConflictDoNothing().returning();
  if (!row) throw new AppError("CONFLICT", `Role ${role.roleId} is already subscribed to the ${title} ${body.frequency.toLowerCase()}.`);
  await recordAudit(db, {
    actor: caller.userId, action: "REPORT_SUBSCRIBED", target: `report-subscription:${row.id}`,
    detail: { roleId: role.roleId, report: body.report, frequency: body.frequency },
  });
  const data = (await listSubscriptions(db, caller)).data.find((s) => s.id === row.id)!;
  return { data, message: "Subscription Successfully Created" };
}

/** Ends a subscription (and the record of what it sent). */
export async function unsubscribe(db: Db, caller: Caller, id: number): Promise<{ message: string }> {
  const [row] = await db.select().from(reportSubscriptions).where(eq(reportSubscriptions.id, id));
  if (!row || !(row.report in REPORT_CATALOGUE)) throw new AppError("NOT_FOUND", `Subscription ${id} was not found.`);
  mayManage(caller, row.report as ReportName);
  await db.delete(reportSubscriptions).where(eq(reportSubscriptions.id, id));
  await recordAudit(db, { actor: caller.userId, action: "REPORT_UNSUBSCRIBED", target: `report-subscription:${id}`, detail: { report: row.report, frequency: row.frequency } });
  return { message: "Subscription Deleted Successfully" };
}

export interface SentReports {
  date: string;
  sent: { subscriptionId: number; report: string; dateFrom: string; dateTo: string; recipients: number }[];
  skipped: number;
}

/**
 * Mails every subscription's last whole period that has not been sent: each recipient gets the workbook built
 * within their own branches, attached to a message in the outbox. The period is claimed in the same transaction
 * as the messages, so a second run (or a second server) finds it taken and sends nothing.
 */
export async function sendDueReports(db: Db, today: string): Promise<SentReports> {
  const subs = await db.select().from(reportSubscriptions).where(eq(reportSubscriptions.isActive, true)).orderBy(asc(reportSubscriptions.id));
  const result: SentReports = { date: today, sent: [], skipped: 0 };
  for (const sub of subs) {
    if (!(sub.report in REPORT_CATALOGUE)) continue;
    const report = REPORT_CATALOGUE[sub.report as ReportName];
    const period = lastPeriod(sub.frequency as ReportFrequency, today);
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(reportDeliveries).values({ subscriptionId: sub.id, ...period, recipients: 0, userCreated: "system", userModified: "system" })
        .onConflictDoNothing().returning({ id: reportDeliveries.id });
      if (!claimed) return null;
      let count = 0;
      for (const user of await recipientsOf(tx, sub.roleId)) {
        let caller: Caller;
        try {
          caller = await callerOfUser(tx, user.id);
        } catch {
          continue;
        }
        if (!holds(caller, report.permission)) continue;
        const query = report.query.parse(period);
        const { file } = await report.workbook(tx, caller, query);
        const every = sub.frequency === "WEEKLY" ? "weekly" : "monthly";
        await queueEmail(tx, {
          to: user.email, template: "generic", requestedBy: "system",
          data: {
            name: user.name,
            subject: `${report.title}, ${period.dateFrom} to ${period.dateTo}`,
            message: `The ${report.title} of ${period.dateFrom} to ${period.dateTo} is attached (${file.fileName}), as your role receives it ${every}. ` +
              `It covers the branches you work for.`,
          },
          attachments: [{ fileName: file.fileName, contentType: file.contentType, content: file.bytes }],
          meta: { reportSubscription: sub.id, ...period },
        });
        count += 1;
      }
      await tx.update(reportDeliveries).set({ recipients: count }).where(eq(reportDeliveries.id, claimed.id));
      return count;
    });
    if (sent === null) result.skipped += 1;
    else result.sent.push({ subscriptionId: sub.id, report: sub.report, ...period, recipients: sent });
  }
  return result;
}

export const REPORT_SUBSCRIPTIONS_JOB = "report-subscriptions";

/** Every morning at 06:00 Manila: the weeks and months just over go to their subscribers. */
export const reportSubscriptionsJob: ScheduledJob = {
  name: REPORT_SUBSCRIPTIONS_JOB,
  cron: "0 6 * * *",
  summary: "Mail the subscribed reports of the week or month just over, workbook attached",
  run: async (db, { occurrence }) => {
    const done = await sendDueReports(db, manilaDate(occurrence));
    return { date: done.date, sent: done.sent.length, messages: done.sent.reduce((n, s) => n + s.recipients, 0), skipped: done.skipped };
  },
};

