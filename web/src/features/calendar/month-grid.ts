/**
 * The month grid of the calendar page and the words it speaks: pure functions over "YYYY-MM-DD" business
 * dates. Dates step through api/shared/dates.ts (a UTC day count), so the browser's time zone never moves a
 * day; names are spelled out here rather than by Intl so the labels read the same in every browser locale.
 */
import {
  addCalendarDays, daysInMonth as daysOfMonth, HOLIDAY_TYPE_LABELS, type HolidayType, MONTH_NAMES, type Weekday, weekdayOf,
} from "../../../../api/shared/dates.ts";

export { MONTH_NAMES };
export type { Weekday };

/** A month of a year; month runs 1 (January) to 12. */
export interface YearMonth {
  year: number;
  month: number;
}

export interface GridDay {
  date: string;
  /** Day of the month, 1 to 31. */
  day: number;
  weekday: Weekday;
  /** False for the leading and trailing days of the neighbouring months that fill the first and last week. */
  inMonth: boolean;
}

/** Monday first: the week the branches keep, as the work schedule screen draws it. */
export const WEEK_STARTS_ON: Weekday = 1;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const pad = (n: number) => String(n).padStart(2, "0");

export function firstOfMonth({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, "0")}-${pad(month)}-01`;
}

export function daysInMonth({ year, month }: YearMonth): number {
  return daysOfMonth(year, month);
}

export function monthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function sameMonth(a: YearMonth, b: YearMonth): boolean {
  return a.year === b.year && a.month === b.month;
}

/** The weekdays in column order, starting with `weekStartsOn`. */
export function weekdayOrder(weekStartsOn: Weekday = WEEK_STARTS_ON): Weekday[] {
  return Array.from({ length: 7 }, (_, i) => ((weekStartsOn + i) % 7) as Weekday);
}

/**
 * The weeks of a month as rows of seven days: the first row starts on the week's first day on or before the
 * 1st, the last ends on the week's last day on or after the month's end. So a month has 4 to 6 rows, and only
 * as many as it needs (a 28-day February that starts on the week's first day fills exactly 4).
 */
export function monthGrid(ym: YearMonth, weekStartsOn: Weekday = WEEK_STARTS_ON): GridDay[][] {
  const first = firstOfMonth(ym);
  const last = addCalendarDays(first, daysInMonth(ym) - 1);
  const lead = (weekdayOf(first) - weekStartsOn + 7) % 7;
  const trail = (weekStartsOn + 6 - weekdayOf(last) + 7) % 7;
  const start = addCalendarDays(first, -lead);
  const total = lead + daysInMonth(ym) + trail;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < total; i++) {
    const date = addCalendarDays(start, i);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({
      date,
      day: Number(date.slice(8, 10)),
      weekday: weekdayOf(date),
      inMonth: sameMonth(monthOf(date), ym),
    });
  }
  return weeks;
}

/** First and last date a grid shows, leading and trailing days included: the range the page reads. */
export function gridRange(weeks: readonly (readonly GridDay[])[]): { dateFrom: string; dateTo: string } {
  const lastWeek = weeks[weeks.length - 1]!;
  return { dateFrom: weeks[0]![0]!.date, dateTo: lastWeek[lastWeek.length - 1]!.date };
}

export function monthTitle({ year, month }: YearMonth): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Tuesday 9 June 2026". */
export function longDate(date: string): string {
  const { year, month } = monthOf(date);
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${Number(date.slice(8, 10))} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** Whether the branch works a day, and if not why: its weekly rest day or a holiday that closes it. */
export type DayStatus = "working" | "rest" | "holiday";

export interface DayHoliday {
  name: string;
  /** Null for a national holiday. */
  branchCode: string | null;
  /** REGULAR when not given. */
  holidayType?: HolidayType;
}

/** How a holiday names its owner: national ones as such, a branch's own by its code. */
export function holidayText(holiday: DayHoliday): string {
  return `${holiday.name} (${holiday.branchCode === null ? "national" : holiday.branchCode})`;
}

/** The kind of a holiday that is not a regular one, as the month's list adds it: " · special non-working day"; "" for a regular holiday. */
export function holidayTypeNote(holiday: DayHoliday): string {
  const type = holiday.holidayType ?? "REGULAR";
  return type === "REGULAR" ? "" : ` · ${HOLIDAY_TYPE_LABELS[type].toLowerCase()}`;
}

/**
 * What a screen reader says for a day cell, e.g. "Tuesday 9 June 2026, working day" or "Friday 12 June 2026,
 * holiday: Independence Day (national)". `closing` are the holidays that close the branch shown; `elsewhere`
 * the other branches' own, which it works through.
 */
export function dayLabel(input: {
  date: string;
  status: DayStatus | null;
  closing: readonly DayHoliday[];
  /** Special working days of the branch shown: on the calendar, and worked. */
  observed?: readonly DayHoliday[];
  elsewhere?: readonly DayHoliday[];
  isToday?: boolean;
}): string {
  const parts = [input.isToday ? `Today, ${longDate(input.date)}` : longDate(input.date)];
  if (input.status === "working") parts.push("working day");
  // A holiday on the weekly rest day is still a rest day; the holiday is said after it.
  if (input.status === "rest") parts.push("rest day");
  if (input.closing.length > 0) parts.push(`holiday: ${input.closing.map(holidayText).join(", ")}`);
  if (input.observed && input.observed.length > 0) parts.push(`special working day: ${input.observed.map(holidayText).join(", ")}`);
  if (input.elsewhere && input.elsewhere.length > 0) {
    parts.push(`other branches: ${input.elsewhere.map(holidayText).join(", ")}`);
  }
  return parts.join(", ");
}

/**
 * Where the keyboard moves the focused day in the grid (the WAI-ARIA date grid keys): arrows by a day or a
 * week, Home and End to the ends of the week, Page Up and Page Down by a month (Shift: by a year), keeping the
 * day of the month where the target month has it. Null for any other key.
 */
export function moveDate(date: string, key: string, shiftKey = false, weekStartsOn: Weekday = WEEK_STARTS_ON): string | null {
  switch (key) {
    case "ArrowLeft":
      return addCalendarDays(date, -1);
    case "ArrowRight":
      return addCalendarDays(date, 1);
    case "ArrowUp":
      return addCalendarDays(date, -7);
    case "ArrowDown":
      return addCalendarDays(date, 7);
    case "Home":
      return addCalendarDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));
    case "End":
      return addCalendarDays(date, 6 - ((weekdayOf(date) - weekStartsOn + 7) % 7));
    case "PageUp":
    case "PageDown": {
      const target = shiftMonth(monthOf(date), (key === "PageUp" ? -1 : 1) * (shiftKey ? 12 : 1));
      const day = Math.min(Number(date.slice(8, 10)), daysInMonth(target));
      return `${firstOfMonth(target).slice(0, 8)}${pad(day)}`;
    }
    default:
      return null;
  }
}
