import { z } from "zod";
import { dateModifiedField } from "../../../shared/contracts.ts";
import { addCalendarDays, daysBetween } from "../../../shared/dates.ts";
import { dateText } from "../../../shared/fields.ts";

/** Contracts of the VoyageSchedules calls (001 §7); imports only zod and pure modules, so the web app uses them. */

const code = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time with its offset, e.g. 2026-12-01T08:00:00+08:00` });

export const CRO_STATUSES = ["Open", "Closed"] as const;

export const voyageNumField = z.string({ error: "voyageNum is required" }).trim().min(1, "voyageNum is required")
  .max(40, "voyageNum can be at most 40 characters");
export const voyageNumParam = z.object({ n: voyageNumField });

export const destinationInput = z.object({
  destinationBranchCode: code("Destination branch"),
  estimatedTimeArrival: instant("ETA"),
});

export const scheduleInput = z.object({
  voyageRef: z.string({ error: "Voyage reference is required" }).trim().min(1, "Voyage reference is required")
    .max(40, "Voyage reference can be at most 40 characters"),
  vesselCode: code("Vessel"),
  routeCode: code("Route"),
  estimatedTimeDeparture: instant("ETD"),
  remarks: z.string().trim().max(1000, "Remarks can be at most 1000 characters").default(""),
  destinations: z.array(destinationInput).min(1, "Add at least one destination").max(20, "At most 20 destinations"),
});
export type ScheduleInput = z.infer<typeof scheduleInput>;

/** An edit carries the dateModified it was read with; a voyage changed since is a 409. */
export const scheduleUpdate = scheduleInput.extend({ dateModified: dateModifiedField.optional() });
export type ScheduleUpdate = z.infer<typeof scheduleUpdate>;

export const scheduleListQuery = z.object({
  skip: z.coerce.number().int().min(0, "skip cannot be negative").default(0),
  take: z.coerce.number().int().min(1, "take must be at least 1").max(200, "take can be at most 200").default(20),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
  filter: z.string().trim().max(50, "filter can be at most 50 characters").optional(),
  dateFrom: dateText("From date").optional(),
  dateTo: dateText("To date").optional(),
  branchCode: code("Branch").optional(),
  vesselCode: code("Vessel").optional(),
});
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;

/**
 * voyage_schedule.xlsx reaches a month either side of today when no date is given (what the export dialog
 * proposes), and REPORT_DEFAULT_DAYS * 2 days from the one end given; a range is at most REPORT_MAX_DAYS long.
 * A bounded range keeps the workbook a schedule to pass on, made in a moment, rather than the whole history.
 */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 366;

const optionalDate = (label: string) => z.preprocess((v) => (v === "" ? undefined : v), dateText(label).optional());

export const reportQuery = z.object({ DateFrom: optionalDate("DateFrom"), DateTo: optionalDate("DateTo") })
  .refine((q) => !q.DateFrom || !q.DateTo || q.DateFrom <= q.DateTo, { error: "DateTo cannot be before DateFrom", path: ["DateTo"] })
  .refine((q) => !q.DateFrom || !q.DateTo || daysBetween(q.DateFrom, q.DateTo) < REPORT_MAX_DAYS, {
    error: `The range can be at most ${REPORT_MAX_DAYS} days long`, path: ["DateTo"],
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/** The departure dates (Manila) voyage_schedule.xlsx covers for a query whose ends may be left out. */
export function reportRange(query: ReportQuery, today: string): { dateFrom: string; dateTo: string } {
  if (query.DateFrom && query.DateTo) return { dateFrom: query.DateFrom, dateTo: query.DateTo };
  if (query.DateFrom) return { dateFrom: query.DateFrom, dateTo: addCalendarDays(query.DateFrom, 2 * REPORT_DEFAULT_DAYS) };
  if (query.DateTo) return { dateFrom: addCalendarDays(query.DateTo, -2 * REPORT_DEFAULT_DAYS), dateTo: query.DateTo };
  return { dateFrom: addCalendarDays(today, -REPORT_DEFAULT_DAYS), dateTo: addCalendarDays(today, REPORT_DEFAULT_DAYS) };
}

export const vesselHistoryQuery = z.object({ vesselCode: code("Vessel"), dateFrom: dateText("From date"), dateTo: dateText("To date") });

export const croStatusBody = z.object({
  croStatus: z.enum(CRO_STATUSES, { error: `croStatus must be one of ${CRO_STATUSES.join(", ")}` }),
});

export const destinationRow = z.object({
  seq: z.number(),
  destinationBranchCode: z.string(),
  destinationBranchName: z.string(),
  estimatedTimeArrival: z.string(),
});

export const scheduleRow = z.object({
  id: z.number(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselCode: z.string(),
  vesselName: z.string(),
  routeCode: z.string(),
  originBranchCode: z.string(),
  originBranchName: z.string(),
  estimatedTimeDeparture: z.string(),
  remarks: z.string(),
  approvedBy: z.string().nullable(),
  dateApproved: z.string().nullable(),
  croStatus: z.string(),
  isActive: z.boolean(),
  dateModified: z.string(),
  destinations: z.array(destinationRow),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;
