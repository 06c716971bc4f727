import { and, asc, count, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, holidays, workSchedules } from "../../../../db/schema/master-data.ts";
import { EMPTY_LIST_MESSAGE, type ListQuery, type ListResult } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny, statusFilter } from "../../../shared/list-filters.ts";
import {
  addCalendarDays,
  addWorkingDays,
  type BranchCalendar,
  daysBetween,
  DEFAULT_WORK_SCHEDULE,
  holidayCloses,
  type HolidayType,
  isWorkingDay,
  manilaDate,
  type Weekday,
  weekdayOf,
} from "../../../shared/dates.ts";

type Holiday = typeof holidays.$inferSelect;
export type HolidayOfBranch = Holiday & { isNational: boolean };

/** The longest range one call reads or counts: a little over a year keeps answers small. */
export const MAX_CALENDAR_DAYS = 370;
/** The most working days addWorkingDays steps over. */
export const MAX_ADDED_WORKING_DAYS = 366;

async function branchCodeOf(db: Db, code: string): Promise<string> {
  const [row] = await db.select({ code: branches.code }).from(branches).where(sql`lower(${branches.code}) = lower(${code})`);
  if (!row) throw new AppError("NOT_FOUND", `Branch ${code} was not found.`, { BranchCode: [`Branch ${code} does not exist`] });
  return row.code;
}

/**
 * Active holidays the branch keeps: national ones (no branch) and its own, of every type (a special working day is
 * listed, and isWorkingDay() leaves the branch open on it).
 */
const observedByBranch = (branchCode: string): SQL =>
  and(eq(holidays.isActive, true), or(isNull(holidays.branchCode), eq(holidays.branchCode, branchCode)))!;

/** A holiday row as the working-day rules of api/shared/dates.ts read it. */
const asHoliday = (h: Holiday) => ({ date: h.holidayDate, branchCode: h.branchCode, holidayType: h.holidayType as HolidayType });

/**
 * The weekdays a branch works. A weekday without an active schedule row keeps the default (Monday to Saturday),
 * so a branch that recorded only its Saturday half-day still works Monday to Friday.
 */
export async function workScheduleOf(db: Db, branchCode: string): Promise<Weekday[]> {
  const rows = await db.select().from(workSchedules)
    .where(and(eq(workSchedules.branchCode, branchCode), eq(workSchedules.isActive, true)));
  const days: Weekday[] = [];
  for (let d = 0; d <= 6; d++) {
    const day = d as Weekday;
    const row = rows.find((r) => r.dayOfWeek === day);
    if (row ? row.isWorkingDay : DEFAULT_WORK_SCHEDULE.includes(day)) days.push(day);
  }
  return days;
}

/** National and branch holidays between two dates (both included), oldest first. */
async function holidaysBetween(db: Db, branchCode: string, from: string, to: string | null): Promise<HolidayOfBranch[]> {
  const rows = await db.select().from(holidays)
    .where(and(observedByBranch(branchCode), gte(holidays.holidayDate, from), to ? lte(holidays.holidayDate, to) : undefined))
    .orderBy(asc(holidays.holidayDate), sql`${holidays.branchCode} nulls first`);
  return rows.map((h) => ({ ...h, isNational: h.branchCode === null }));
}

/**
 * The working calendar of one branch over a range, in the shape the pricing rules take (storage due dates).
 * `to` null reads every holiday from `from` on.
 */
export async function branchCalendar(db: Db, branchCode: string, from: string, to: string | null): Promise<BranchCalendar & { branchCode: string }> {
  const code = await branchCodeOf(db, branchCode);
  const [workSchedule, list] = await Promise.all([workScheduleOf(db, code), holidaysBetween(db, code, from, to)]);
  return { branchCode: code, workSchedule, holidays: list.map(asHoliday) };
}

/** Days in a range, both ends included. */
const dayCount = (from: string, to: string): number => daysBetween(from, to) + 1;

/** A range given as a year or as two dates; both ends checked, at most MAX_CALENDAR_DAYS long. */
export function calendarRange(input: { year?: number; dateFrom?: string; dateTo?: string }, today = manilaDate(new Date())) {
  if (input.year !== undefined && (input.dateFrom || input.dateTo)) {
    throw new AppError("VALIDATION", "Give either a year or a date range, not both.", { year: ["Give either a year or a date range"] });
  }
  if (input.dateFrom || input.dateTo) {
    if (!input.dateFrom || !input.dateTo) {
      const field = input.dateFrom ? "dateTo" : "dateFrom";
      throw new AppError("VALIDATION", "A date range needs both dateFrom and dateTo.", { [field]: [`${field} is required with a range`] });
    }
    if (input.dateTo < input.dateFrom) {
      throw new AppError("VALIDATION", "dateTo is before dateFrom.", { dateTo: ["dateTo must not be before dateFrom"] });
    }
    if (dayCount(input.dateFrom, input.dateTo) > MAX_CALENDAR_DAYS) {
      throw new AppError("VALIDATION", `A range can span at most ${MAX_CALENDAR_DAYS} days.`, {
        dateTo: [`A range can span at most ${MAX_CALENDAR_DAYS} days`],
      });
    }
    return { dateFrom: input.dateFrom, dateTo: input.dateTo };
  }
  const year = input.year ?? Number(today.slice(0, 4));
  return { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
}

/** The holidays a branch observes in a year or range: the national ones and its own. */
export async function localHolidaysOfBranch(db: Db, branchCode: string, range: { year?: number; dateFrom?: string; dateTo?: string }) {
  const { dateFrom, dateTo } = calendarRange(range);
  const code = await branchCodeOf(db, branchCode);
  return { branchCode: code, dateFrom, dateTo, holidays: await holidaysBetween(db, code, dateFrom, dateTo) };
}

/**
 * One page of the holidays a branch observes (national ones included), optionally within one year; without a
 * branch, every holiday. Feeds the holidays screen, whose branch filter must still show national holidays.
 */
export async function holidaysForBranchPage(
  db: Db,
  query: ListQuery & { forBranch?: string; year?: number },
): Promise<ListResult<Holiday>> {
  const branchCode = query.forBranch ? await branchCodeOf(db, query.forBranch) : undefined;
  const where = and(
    statusFilter(holidays.isActive, query.filter),
    branchCode ? or(isNull(holidays.branchCode), eq(holidays.branchCode, branchCode)) : undefined,
    query.year !== undefined ? gte(holidays.holidayDate, `${query.year}-01-01`) : undefined,
    query.year !== undefined ? lte(holidays.holidayDate, `${query.year}-12-31`) : undefined,
    query.search
      ? or(searchAny([holidays.name, holidays.branchCode], query.search), sql`${holidays.holidayDate}::text like ${`%${query.search.replace(/[\\%_]/g, (c) => "\\" + c)}%`}`)
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(holidays).where(where)
      .orderBy(asc(holidays.holidayDate), sql`${holidays.branchCode} nulls first`, asc(holidays.id))
      .limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(holidays).where(where),
  ]);
  const result: ListResult<Holiday> = { data: rows, total: Number(total) };
  if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

export interface CalendarDay {
  date: string;
  weekday: Weekday;
  isWorkingDay: boolean;
  /** Why the branch is closed: its weekly rest day or the holiday's name. */
  reason: string | null;
}

/** Each day of a range (or one date) for a branch: working or not, and why not. */
export async function workingDaysOfBranch(
  db: Db,
  branchCode: string,
  input: { date?: string; dateFrom?: string; dateTo?: string },
) {
  if (input.date && (input.dateFrom || input.dateTo)) {
    throw new AppError("VALIDATION", "Give either a date or a date range, not both.", { date: ["Give either a date or a date range"] });
  }
  if (!input.date && !input.dateFrom && !input.dateTo) {
    throw new AppError("VALIDATION", "Give a date, or dateFrom and dateTo.", { date: ["A date or a date range is required"] });
  }
  const { dateFrom, dateTo } = input.date ? { dateFrom: input.date, dateTo: input.date } : calendarRange(input);
  const code = await branchCodeOf(db, branchCode);
  const [workSchedule, list] = await Promise.all([workScheduleOf(db, code), holidaysBetween(db, code, dateFrom, dateTo)]);
  const calendar: BranchCalendar = { branchCode: code, workSchedule, holidays: list.map(asHoliday) };
  const days: CalendarDay[] = [];
  for (let date = dateFrom; date <= dateTo; date = addCalendarDays(date, 1)) {
    const working = isWorkingDay(date, calendar);
    const weekday = weekdayOf(date);
    let reason: string | null = null;
    if (!working) {
      const holiday = list.find((h) => h.holidayDate === date && holidayCloses(asHoliday(h)));
      reason = !workSchedule.includes(weekday) ? "Rest day" : `Holiday: ${holiday?.name ?? ""}`;
    }
    days.push({ date, weekday, isWorkingDay: working, reason });
  }
  return {
    branchCode: code,
    dateFrom,
    dateTo,
    workSchedule,
    workingDayCount: days.filter((d) => d.isWorkingDay).length,
    days,
  };
}

/** The date `days` working days after `date` for a branch (the start date is not counted). */
export async function addWorkingDaysForBranch(db: Db, branchCode: string, date: string, days: number) {
  const code = await branchCodeOf(db, branchCode);
  const workSchedule = await workScheduleOf(db, code);
  if (days > 0 && workSchedule.length === 0) {
    throw new AppError("VALIDATION", `Branch ${code} has no working day in its week schedule.`, { BranchCode: ["The branch never works"] });
  }
  const list = await holidaysBetween(db, code, addCalendarDays(date, 1), null);
  const result = addWorkingDays(date, days, {
    branchCode: code,
    workSchedule,
    holidays: list.map(asHoliday),
  });
  return { branchCode: code, date, days, result, workSchedule };
}
