import { describe, expect, it } from "vitest";
import {
  dayLabel,
  holidayTypeNote,
  daysInMonth,
  gridRange,
  longDate,
  monthGrid,
  monthTitle,
  moveDate,
  shiftMonth,
  weekdayOrder,
} from "../../web/src/features/calendar/month-grid.ts";

const dates = (weeks: ReturnType<typeof monthGrid>) => weeks.map((week) => week.map((d) => d.date));

describe("calendar month grid", () => {
  it("starts the weeks on Monday, as the work schedule screen does", () => {
    expect(weekdayOrder()).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const week of monthGrid({ year: 2026, month: 11 })) expect(week.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it("needs no leading day for a month that starts on Monday (June 2026)", () => {
    const weeks = monthGrid({ year: 2026, month: 6 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ date: "2026-06-01", day: 1, weekday: 1, inMonth: true });
    // June ends on a Tuesday: the last week runs on into July.
    expect(dates(weeks)[4]).toEqual(["2026-06-29", "2026-06-30", "2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04", "2026-07-05"]);
    expect(weeks[4]!.map((d) => d.inMonth)).toEqual([true, true, false, false, false, false, false]);
    expect(gridRange(weeks)).toEqual({ dateFrom: "2026-06-01", dateTo: "2026-07-05" });
  });

  it("leads with six days of the month before when the 1st is a Sunday (March 2026)", () => {
    const weeks = monthGrid({ year: 2026, month: 3 });
    expect(dates(weeks)[0]).toEqual(["2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(weeks[0]!.filter((d) => d.inMonth)).toHaveLength(1);
    // 6 leading + 31 days + 5 trailing (31 March is a Tuesday): six rows.
    expect(weeks).toHaveLength(6);
    expect(weeks[5]![6]!.date).toBe("2026-04-05");
  });

  it("with Sunday first, a month starting on Sunday has no leading day", () => {
    const weeks = monthGrid({ year: 2026, month: 3 }, 0);
    expect(weeks[0]![0]!.date).toBe("2026-03-01");
    expect(weeks).toHaveLength(5);
    expect(gridRange(weeks)).toEqual({ dateFrom: "2026-03-01", dateTo: "2026-04-04" });
  });

  it("fills exactly four rows for a 28-day February that starts on Monday (2027)", () => {
    const weeks = monthGrid({ year: 2027, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
    expect(gridRange(weeks)).toEqual({ dateFrom: "2027-02-01", dateTo: "2027-02-28" });
  });

  it("counts the 29th of a leap February (2028) and not of a common one", () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2100, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2000, month: 2 })).toBe(29);
    const inMonth = monthGrid({ year: 2028, month: 2 }).flat().filter((d) => d.inMonth);
    expect(inMonth).toHaveLength(29);
    expect(inMonth.at(-1)).toEqual({ date: "2028-02-29", day: 29, weekday: 2, inMonth: true });
    // 1 February 2028 is a Tuesday: one leading day from January.
    expect(monthGrid({ year: 2028, month: 2 })[0]![0]).toMatchObject({ date: "2028-01-31", inMonth: false });
  });

  it("keeps every month to whole weeks of consecutive days", () => {
    for (let year = 2024; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        const weeks = monthGrid({ year, month });
        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        const all = weeks.flat();
        expect(all.every((d, i) => i === 0 || Date.parse(d.date) - Date.parse(all[i - 1]!.date) === 86_400_000)).toBe(true);
        expect(all.filter((d) => d.inMonth)).toHaveLength(daysInMonth({ year, month }));
        // No row belongs wholly to a neighbouring month.
        expect(weeks.every((w) => w.some((d) => d.inMonth))).toBe(true);
      }
    }
  });

  it("steps months across the turn of the year", () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 6 }, -18)).toEqual({ year: 2024, month: 12 });
    expect(monthTitle({ year: 2026, month: 6 })).toBe("June 2026");
  });
});

describe("calendar day labels and keys", () => {
  it("says the date, the status and the holidays", () => {
    expect(longDate("2026-06-09")).toBe("Tuesday 9 June 2026");
    expect(dayLabel({ date: "2026-06-09", status: "working", closing: [] })).toBe("Tuesday 9 June 2026, working day");
    expect(dayLabel({ date: "2026-06-12", status: "holiday", closing: [{ name: "Independence Day", branchCode: null }] }))
      .toBe("Friday 12 June 2026, holiday: Independence Day (national)");
    expect(dayLabel({
      date: "2026-06-15",
      status: "working",
      closing: [],
      elsewhere: [{ name: "Cagayan de Oro Charter Day", branchCode: "CGY" }],
      isToday: true,
    })).toBe("Today, Monday 15 June 2026, working day, other branches: Cagayan de Oro Charter Day (CGY)");
    expect(dayLabel({ date: "2026-11-01", status: "rest", closing: [{ name: "All Saints' Day", branchCode: null }] }))
      .toBe("Sunday 1 November 2026, rest day, holiday: All Saints' Day (national)");
    // Before the month is read only the date is known.
    expect(dayLabel({ date: "2026-06-09", status: null, closing: [] })).toBe("Tuesday 9 June 2026");
    // A special working day is on the calendar and worked.
    const edsa = { name: "EDSA People Power Revolution Anniversary", branchCode: null, holidayType: "SPECIAL_WORKING" as const };
    expect(dayLabel({ date: "2026-02-25", status: "working", closing: [], observed: [edsa] }))
      .toBe("Wednesday 25 February 2026, working day, special working day: EDSA People Power Revolution Anniversary (national)");
  });

  it("names the kind of a holiday that is not a regular one", () => {
    expect(holidayTypeNote({ name: "Independence Day", branchCode: null })).toBe("");
    expect(holidayTypeNote({ name: "Independence Day", branchCode: null, holidayType: "REGULAR" })).toBe("");
    expect(holidayTypeNote({ name: "Ninoy Aquino Day", branchCode: null, holidayType: "SPECIAL_NON_WORKING" })).toBe(" · special non-working day");
    expect(holidayTypeNote({ name: "EDSA", branchCode: null, holidayType: "SPECIAL_WORKING" })).toBe(" · special working day");
  });

  it("moves by day, week, week end and month", () => {
    expect(moveDate("2026-06-01", "ArrowLeft")).toBe("2026-05-31");
    expect(moveDate("2026-06-30", "ArrowRight")).toBe("2026-07-01");
    expect(moveDate("2026-06-03", "ArrowUp")).toBe("2026-05-27");
    expect(moveDate("2026-06-03", "ArrowDown")).toBe("2026-06-10");
    expect(moveDate("2026-06-10", "Home")).toBe("2026-06-08");
    expect(moveDate("2026-06-10", "End")).toBe("2026-06-14");
    expect(moveDate("2026-06-14", "Home")).toBe("2026-06-08");
    expect(moveDate("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(moveDate("2028-03-31", "PageUp")).toBe("2028-02-29");
    expect(moveDate("2026-12-15", "PageDown")).toBe("2027-01-15");
    expect(moveDate("2028-02-29", "PageDown", true)).toBe("2029-02-28");
    expect(moveDate("2026-06-10", "Enter")).toBeNull();
  });
});
