/**
 * Business dates and times (spec 001 §3, §9; domain notes §0, §5). Pure: no database, no clock unless one is
 * passed in, no dependence on the machine's time zone. Used alike by the API, the CLI, the printed documents
 * and the web.
 *
 * A business date is a "YYYY-MM-DD" string on the Asia/Manila calendar. Dates compare as text and are stepped
 * through a UTC day count, so the machine's zone never moves a date. Manila keeps UTC+8 all year (no daylight
 * saving), so an instant is shown in Manila time by shifting it eight hours and reading it as UTC.
 *
 * Working days are counted against a branch's calendar: the weekdays it works (Monday to Saturday unless it
 * recorded otherwise) minus the national holidays and its own.
 */

/** The IANA zone of business time, for the formatters that take one. */
export const MANILA_TIME_ZONE = "Asia/Manila";
/** Manila's offset from UTC as ISO 8601 writes it. */
export const MANILA_UTC_OFFSET = "+08:00";
/** The same offset in milliseconds: the display shift. */
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

const DAY_MS = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT = /^([01]\d|2[0-3]):[0-5]\d$/;

// ---------------------------------------------------------------------------------------------------------
// Calendar dates

/** Days since 1970-01-01 of a "YYYY-MM-DD" business date; throws on anything else, 2026-02-30 included. */
export function dayNumber(date: string, what = "Date"): number {
  const match = DATE_TEXT.exec(date);
  if (!match) throw new Error(`${what} must be a date written YYYY-MM-DD: "${date}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new Error(`${what} is not a calendar date: "${date}"`);
  }
  return ms / DAY_MS;
}

/** The business date of a day count since 1970-01-01. */
export function dateOfDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isBusinessDate(text: string): boolean {
  try {
    dayNumber(text);
    return true;
  } catch {
    return false;
  }
}

/** The business date `days` calendar days after (or before, when negative) `date`. */
export function addCalendarDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new Error(`Days must be a whole number: ${days}`);
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Calendar days from `from` to `to`: 0 on the same day, negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** How many days the month has (month 1 to 12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The names of the months, January first. */
export const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
] as const;

/** The first and last calendar day of a month, "YYYY-MM-DD". */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  const mm = String(month).padStart(2, "0");
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(daysInMonth(year, month)).padStart(2, "0")}` };
}

// ---------------------------------------------------------------------------------------------------------
// Instants in Manila time

/** Milliseconds of an instant (a Date, or an ISO timestamp with its offset); throws on anything else. */
function instantMs(instant: Date | string): number {
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (Number.isNaN(ms)) throw new Error(`Not a point in time: "${String(instant)}"`);
  return ms;
}

/** Manila's wall clock at an instant, "YYYY-MM-DDTHH:MM:SS.sssZ" read without the Z. */
const wallClock = (instant: Date | string) => new Date(instantMs(instant) + MANILA_OFFSET_MS).toISOString();

/** The Asia/Manila business date of an instant (a Date or an ISO timestamp with its offset). */
export function manilaDate(instant: Date | string): string {
  return wallClock(instant).slice(0, 10);
}

/** Today's business date in Manila. */
export function manilaToday(now: Date = new Date()): string {
  return manilaDate(now);
}

/** The month an instant falls in, in Manila (month 1 to 12). */
export function manilaMonth(now: Date | string = new Date()): { year: number; month: number } {
  const today = manilaDate(now);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** The year of an instant in Manila: a record made at 17:00 UTC on 31 December belongs to the next year. */
export function manilaYear(instant: Date | string): number {
  return Number(manilaDate(instant).slice(0, 4));
}

/** An instant as Manila's wall clock, "YYYY-MM-DDTHH:MM" (what a datetime-local input holds). */
export function manilaDateTime(instant: Date | string): string {
  return wallClock(instant).slice(0, 16);
}

/** An instant as documents and exports print it in Manila time: "2026-03-02 00:30". */
export function manilaTimestamp(instant: Date | string): string {
  return manilaDateTime(instant).replace("T", " ");
}

/**
 * A Manila date and wall-clock time ("HH:MM") as the ISO instant with its offset, "2026-12-01T08:00:00+08:00".
 * Throws on a date or time that is not one.
 */
export function manilaInstant(date: string, time = "00:00"): string {
  dayNumber(date);
  if (!TIME_TEXT.test(time)) throw new Error(`Time must be written HH:MM: "${time}"`);
  return `${date}T${time}:00${MANILA_UTC_OFFSET}`;
}

/** The first instant of a Manila business date. */
export function manilaStartOfDay(date: string): Date {
  return new Date(manilaInstant(date));
}

/**
 * The instants a range of Manila dates covers, both dates included: from the start of `from` up to (not
 * including) the start of the day after `to`. Either end may be left out.
 */
export function manilaDayRange(from?: string | null, to?: string | null): { start: Date | null; end: Date | null } {
  return {
    start: from ? manilaStartOfDay(from) : null,
    end: to ? manilaStartOfDay(addCalendarDays(to, 1)) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Display

const MEDIUM_DATE_TIME = new Intl.DateTimeFormat("en-PH", { timeZone: MANILA_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
// A business date names a day, not a moment: it is read at UTC midnight in UTC, so no zone shifts it.
const BUSINESS_DATE = {
  medium: new Intl.DateTimeFormat("en-PH", { timeZone: "UTC", dateStyle: "medium" }),
  long: new Intl.DateTimeFormat("en-PH", { timeZone: "UTC", dateStyle: "long" }),
} as const;

/** An instant as staff read it on screens and in e-mails, in Manila time: "Mar 2, 2026, 8:30 AM". Empty stays empty. */
export function formatManilaDateTime(instant: Date | string | null | undefined): string {
  if (instant === null || instant === undefined || instant === "") return "";
  return MEDIUM_DATE_TIME.format(new Date(instantMs(instant)));
}

/**
 * A business date in words: "Mar 14, 2025" (medium) or "March 14, 2025" (long). A timestamp counts by its
 * first ten characters; text that is no date comes back as it is, and null as "".
 */
export function formatBusinessDate(date: string | null | undefined, style: "medium" | "long" = "medium"): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return date ?? "";
  return BUSINESS_DATE[style].format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** The Manila calendar day of an instant in words, as a letter is dated: "March 14, 2025". */
export function formatManilaDay(instant: Date | string, style: "medium" | "long" = "long"): string {
  return formatBusinessDate(manilaDate(instant), style);
}

// ---------------------------------------------------------------------------------------------------------
// Working days: holidays and work schedules by branch (001 §3 accounting, §9 storage due date)

/** Day of the week, 0 = Sunday to 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Monday to Saturday: the schedule of a branch that has none recorded. */
export const DEFAULT_WORK_SCHEDULE: readonly Weekday[] = [1, 2, 3, 4, 5, 6];

/**
 * What kind of day a holiday row is, as the yearly proclamation lists it: a regular holiday and a special
 * non-working day close the branches the row applies to; a special working day (25 Feb 2025) is remembered on
 * the calendar but worked like any other day.
 */
export const HOLIDAY_TYPES = ["REGULAR", "SPECIAL_NON_WORKING", "SPECIAL_WORKING"] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

/** A holiday row's type in words, for screens and printouts. */
export const HOLIDAY_TYPE_LABELS: Record<HolidayType, string> = {
  REGULAR: "Regular holiday",
  SPECIAL_NON_WORKING: "Special non-working day",
  SPECIAL_WORKING: "Special working day",
};

/** A holiday of one branch, or of every branch when branchCode is null (a national holiday). */
export interface Holiday {
  date: string;
  branchCode: string | null;
  /** REGULAR when not given. */
  holidayType?: HolidayType;
}

/** Whether a holiday row closes the branches it applies to: every type but a special working day does. */
export function holidayCloses(holiday: Pick<Holiday, "holidayType">): boolean {
  return holiday.holidayType !== "SPECIAL_WORKING";
}

/** The working calendar of one branch. Without a branch only national holidays apply. */
export interface BranchCalendar {
  branchCode?: string | null;
  holidays?: readonly Holiday[];
  workSchedule?: readonly Weekday[] | null;
}

/** Day of the week of a business date, 0 = Sunday. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday.
  return (((dayNumber(date) + 4) % 7) + 7) % 7 as Weekday;
}

/**
 * Whether the branch works on `date`: a day of its schedule that is neither a national nor its own holiday (a
 * special working day does not close it).
 */
export function isWorkingDay(date: string, calendar: BranchCalendar = {}): boolean {
  const schedule = calendar.workSchedule ?? DEFAULT_WORK_SCHEDULE;
  if (!schedule.includes(weekdayOf(date))) return false;
  const branch = calendar.branchCode ?? null;
  return !(calendar.holidays ?? []).some((holiday) =>
    holiday.date === date && (holiday.branchCode === null || holiday.branchCode === branch) && holidayCloses(holiday)
  );
}

/**
 * The date `n` working days after `date` (the start date itself is not counted; n = 0 gives `date`).
 * Throws when the schedule has no working day at all.
 */
export function addWorkingDays(date: string, n: number, calendar: BranchCalendar = {}): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Working days must be a whole number of 0 or more: ${n}`);
  const schedule = calendar.workSchedule ?? DEFAULT_WORK_SCHEDULE;
  if (n > 0 && schedule.length === 0) throw new Error("The work schedule has no working day");
  let day = dayNumber(date);
  let counted = 0;
  while (counted < n) {
    day += 1;
    if (isWorkingDay(dateOfDayNumber(day), calendar)) counted += 1;
  }
  return dateOfDayNumber(day);
}
