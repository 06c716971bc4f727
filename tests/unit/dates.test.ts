import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  addWorkingDays,
  type BranchCalendar,
  daysBetween,
  daysInMonth,
  DEFAULT_WORK_SCHEDULE,
  formatBusinessDate,
  formatManilaDateTime,
  formatManilaDay,
  type Holiday,
  isBusinessDate,
  isWorkingDay,
  MANILA_UTC_OFFSET,
  manilaDate,
  manilaDateTime,
  manilaDayRange,
  manilaInstant,
  manilaMonth,
  manilaStartOfDay,
  manilaTimestamp,
  manilaToday,
  manilaYear,
  monthBounds,
  weekdayOf,
} from "../../api/shared/dates.ts";
import { multiplyAmount } from "../../api/shared/money.ts";

/**
 * Manila business dates and working days. The free-time vectors are those of the domain notes §5.3 (the 2025
 * Proclamation 727 holidays, test rates), the banking days those of §9 and the 2307 due dates those of §8.
 */

/** The national holidays of 2025 that close a branch: regular and special non-working days (Proclamation 727). */
const NATIONAL_2025: Holiday[] = [
  ...["01-01", "04-09", "04-17", "04-18", "05-01", "06-12", "08-25", "11-30", "12-25", "12-30"],
  ...["01-29", "04-19", "08-21", "10-31", "11-01", "12-08", "12-24", "12-31"],
].map((day) => ({ date: `2025-${day}`, branchCode: null }));
/** Test data: a Cebu local holiday on Fri 15 Aug 2025. */
const CEB_LOCAL: Holiday = { date: "2025-08-15", branchCode: "CEB" };
const HOLIDAYS = [...NATIONAL_2025, CEB_LOCAL];

const branch = (branchCode: string): BranchCalendar => ({ branchCode, holidays: HOLIDAYS });

/** The last free day (§5.2): calendar days at MNL, working days of the destination branch elsewhere. */
const lastFreeDay = (branchCode: string, start: string, free: number) =>
  branchCode === "MNL" ? addCalendarDays(start, free) : addWorkingDays(start, free, branch(branchCode));
/** Chargeable days: the Manila date the period ends on minus the last free day, never below 0. */
const chargeable = (lfd: string, end: string) => Math.max(0, daysBetween(lfd, manilaDate(end)));

describe("Manila business dates of instants", () => {
  it("converts a stored timestamp to its Manila date before counting (domain notes §0)", () => {
    expect(manilaDate("2025-04-24T17:30:00Z")).toBe("2025-04-25");
    expect(manilaDate("2025-04-24T15:59:59Z")).toBe("2025-04-24");
    expect(manilaDate("2025-04-25T01:30:00+08:00")).toBe("2025-04-25");
    expect(manilaDate(new Date("2025-04-24T16:00:00Z"))).toBe("2025-04-25");
    expect(manilaToday(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01");
    expect(() => manilaDate("not a date")).toThrow('Not a point in time: "not a date"');
  });

  it("gives the Manila year, month, wall clock and print stamp of an instant", () => {
    expect(manilaYear(new Date("2025-12-31T16:00:00Z"))).toBe(2026);
    expect(manilaYear(new Date("2025-12-31T15:59:59Z"))).toBe(2025);
    expect(manilaMonth(new Date("2026-02-28T16:00:00Z"))).toEqual({ year: 2026, month: 3 });
    expect(manilaDateTime("2026-03-01T16:30:00Z")).toBe("2026-03-02T00:30");
    expect(manilaTimestamp(new Date("2026-03-01T16:30:00Z"))).toBe("2026-03-02 00:30");
    expect(manilaTimestamp("2026-12-01T00:00:00.000Z")).toBe("2026-12-01 08:00");
  });

  it("writes a Manila date and time as an instant with its offset, and the instants a range of dates covers", () => {
    expect(MANILA_UTC_OFFSET).toBe("+08:00");
    expect(manilaInstant("2026-12-01", "08:00")).toBe("2026-12-01T08:00:00+08:00");
    expect(manilaInstant("2026-12-01")).toBe("2026-12-01T00:00:00+08:00");
    expect(() => manilaInstant("2026-12-01", "24:00")).toThrow('Time must be written HH:MM: "24:00"');
    expect(() => manilaInstant("2026-02-30", "08:00")).toThrow('Date is not a calendar date: "2026-02-30"');
    expect(manilaStartOfDay("2026-01-01").toISOString()).toBe("2025-12-31T16:00:00.000Z");
    const range = manilaDayRange("2026-03-01", "2026-03-31");
    expect([range.start?.toISOString(), range.end?.toISOString()]).toEqual(["2026-02-28T16:00:00.000Z", "2026-03-31T16:00:00.000Z"]);
    expect(manilaDayRange(null, "2026-03-31").start).toBeNull();
    expect(manilaDayRange("2026-03-01", undefined).end).toBeNull();
  });
});

describe("calendar dates", () => {
  it("steps, counts and checks YYYY-MM-DD dates without a time zone", () => {
    expect(addCalendarDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addCalendarDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(() => addCalendarDays("2026-01-01", 1.5)).toThrow("Days must be a whole number: 1.5");
    expect(daysBetween("2025-04-18", "2025-04-21")).toBe(3);
    expect(daysBetween("2025-04-21", "2025-04-18")).toBe(-3);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(monthBounds(2026, 12)).toEqual({ first: "2026-12-01", last: "2026-12-31" });
    expect(isBusinessDate("2025-02-29")).toBe(false);
    expect(isBusinessDate("2024-02-29")).toBe(true);
    expect(isBusinessDate("01/12/2026")).toBe(false);
  });

  it("reads a business date in words, and the Manila day of an instant as a letter is dated", () => {
    expect(formatBusinessDate("2025-03-14")).toBe("Mar 14, 2025");
    expect(formatBusinessDate("2025-03-14T00:00:00.000Z")).toBe("Mar 14, 2025");
    expect(formatBusinessDate("2025-03-14", "long")).toBe("March 14, 2025");
    expect(formatBusinessDate("soon")).toBe("soon");
    expect(formatBusinessDate(null)).toBe("");
    expect(formatManilaDay("2025-03-13T16:30:00Z")).toBe("March 14, 2025");
  });

  it("shows an instant on screens in Manila time, whatever the machine's zone", () => {
    expect(formatManilaDateTime(new Date("2026-03-01T16:30:00Z"))).toBe("Mar 2, 2026, 12:30 AM");
    expect(formatManilaDateTime("2026-03-02T05:05:00Z")).toBe("Mar 2, 2026, 1:05 PM");
    expect(formatManilaDateTime(null)).toBe("");
  });
});

describe("working days against a branch calendar", () => {
  it("works Monday to Saturday by default; Sundays, national holidays and the branch's own are closed", () => {
    expect(DEFAULT_WORK_SCHEDULE).toEqual([1, 2, 3, 4, 5, 6]);
    expect(weekdayOf("2025-04-20")).toBe(0);
    expect(weekdayOf("2025-04-19")).toBe(6);
    expect(isWorkingDay("2025-04-20", branch("DVO"))).toBe(false);
    expect(isWorkingDay("2025-04-17", branch("DVO"))).toBe(false);
    expect(isWorkingDay("2025-08-15", branch("CEB"))).toBe(false);
    expect(isWorkingDay("2025-08-15", branch("DVO"))).toBe(true);
    // 25 Feb 2025 is a special working day: an ordinary day.
    expect(isWorkingDay("2025-02-25", branch("DVO"))).toBe(true);
    expect(isWorkingDay("2025-04-19", { workSchedule: [1, 2, 3, 4, 5] })).toBe(false);
  });

  it("counts the free days of storage and demurrage (domain notes §5.3)", () => {
    // A: MNL, 20-foot, calendar days; leaves Mon 21 Apr 10:00.
    expect(lastFreeDay("MNL", "2025-04-15", 3)).toBe("2025-04-18");
    expect(chargeable("2025-04-18", "2025-04-21T02:00:00Z")).toBe(3);
    expect(multiplyAmount("900", 3, 1)).toBe("2700.00");
    // B: DVO, 40-foot, holiday week: Wed 16; 17-18 regular, 19 special, 20 Sunday skipped; Mon 21, Tue 22.
    expect(lastFreeDay("DVO", "2025-04-15", 3)).toBe("2025-04-22");
    expect(chargeable("2025-04-22", "2025-04-24T02:00:00Z")).toBe(2);
    expect([multiplyAmount("900", 2, 2), multiplyAmount("500", 2, 2)]).toEqual(["3600.00", "2000.00"]);
    // B2: leaves on the last free day.
    expect(chargeable("2025-04-22", "2025-04-22T08:00:00Z")).toBe(0);
    // C: DVO, Sunday only; C': MNL, same dates; C'': DVO leaving Fri 22 Aug (21 Aug special holiday chargeable).
    expect(lastFreeDay("DVO", "2025-08-14", 3)).toBe("2025-08-18");
    expect(chargeable("2025-08-18", "2025-08-20T02:00:00Z")).toBe(2);
    expect(lastFreeDay("MNL", "2025-08-14", 3)).toBe("2025-08-17");
    expect(chargeable("2025-08-17", "2025-08-20T02:00:00Z")).toBe(3);
    expect(chargeable("2025-08-18", "2025-08-22T02:00:00Z")).toBe(4);
    expect(multiplyAmount("900", 4, 1)).toBe("3600.00");
    // D: CEB skips its own holiday on Fri 15 Aug; DVO does not (C stands).
    expect(lastFreeDay("CEB", "2025-08-14", 3)).toBe("2025-08-19");
    expect(chargeable("2025-08-19", "2025-08-20T02:00:00Z")).toBe(1);
    // E: MNL, leaves Sat 19 Apr 00:30 Manila, stored as 18 Apr 16:30 UTC: a part day counts whole.
    expect(chargeable("2025-04-18", "2025-04-18T16:30:00Z")).toBe(1);
    // F: 45-foot, 2.25 TEU, as B.
    expect(multiplyAmount("900", 2, "2.25")).toBe("4050.00");
  });

  it("counts the free days of detention (domain notes §5.3 G, G', H)", () => {
    // G: DVO, van-out Mon 28 Apr, 5 free days: 29, 30; 1 May skipped; 2, 3; Sun 4 skipped; Mon 5.
    expect(lastFreeDay("DVO", "2025-04-28", 5)).toBe("2025-05-05");
    expect(chargeable("2025-05-05", "2025-05-08T03:00:00Z")).toBe(3);
    expect([multiplyAmount("1000", 3, 1), multiplyAmount("1000", 3, 2)]).toEqual(["3000.00", "6000.00"]);
    // G': MNL, calendar days.
    expect(lastFreeDay("MNL", "2025-04-28", 5)).toBe("2025-05-03");
    expect(chargeable("2025-05-03", "2025-05-08T03:00:00Z")).toBe(5);
    // H: van-in stored 2025-05-05T17:30Z is 6 May 01:30 in Manila: one day, where the UTC date gives none.
    expect(chargeable("2025-05-05", "2025-05-05T17:30:00Z")).toBe(1);
    expect(Math.max(0, daysBetween("2025-05-05", "2025-05-05T17:30:00Z".slice(0, 10)))).toBe(0);
  });

  it("takes the free days in force on the first day when a policy changes (domain notes §5.4 P2)", () => {
    // Final tally Wed 16 Apr at DVO, 5 free days from 17 Apr: 17-20 skipped, 21 to 25 counted.
    expect(lastFreeDay("DVO", "2025-04-16", 5)).toBe("2025-04-25");
    expect(chargeable("2025-04-25", "2025-04-28T00:00:00Z")).toBe(3);
    expect([multiplyAmount("900", 3, 2), multiplyAmount("500", 3, 2)]).toEqual(["5400.00", "3000.00"]);
  });

  it("finds the next banking day of a cheque deposit: Monday to Friday, no national holiday (domain notes §9)", () => {
    const banking: BranchCalendar = { workSchedule: [1, 2, 3, 4, 5], holidays: HOLIDAYS };
    expect(addWorkingDays("2025-04-16", 1, banking)).toBe("2025-04-21");
    expect(addWorkingDays("2025-04-11", 1, banking)).toBe("2025-04-14");
    expect(addWorkingDays("2025-12-23", 1, banking)).toBe("2025-12-26");
    // A local branch holiday is no bank holiday.
    expect(addWorkingDays("2025-08-14", 1, banking)).toBe("2025-08-15");
    // Stale cheques: warn from day 150, last deposit day 179, blocked from day 180.
    expect([addCalendarDays("2025-01-10", 150), addCalendarDays("2025-01-10", 179), addCalendarDays("2025-01-10", 180)]).toEqual([
      "2025-06-09",
      "2025-07-08",
      "2025-07-09",
    ]);
  });

  it("dates the 2307 due on the 20th day after the quarter ends (domain notes §8)", () => {
    expect(["2025-03-31", "2025-06-30", "2025-09-30", "2025-12-31"].map((end) => addCalendarDays(end, 20))).toEqual([
      "2025-04-20",
      "2025-07-20",
      "2025-10-20",
      "2026-01-20",
    ]);
  });

  it("refuses a negative count and a schedule without a working day", () => {
    expect(addWorkingDays("2025-04-15", 0, branch("DVO"))).toBe("2025-04-15");
    expect(() => addWorkingDays("2025-04-15", -1)).toThrow("Working days must be a whole number of 0 or more: -1");
    expect(() => addWorkingDays("2025-04-15", 1, { workSchedule: [] })).toThrow("The work schedule has no working day");
  });
});
