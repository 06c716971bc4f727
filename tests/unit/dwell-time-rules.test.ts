import { describe, expect, it } from "vitest";
import { averageDays, dwellDays, formatAverage } from "../../api/modules/inbound/dwell-time/rules.ts";

/** Dwell time's pure rules: whole days by Manila date, averages to one decimal half up. */

describe("dwell days", () => {
  it("counts Manila calendar days, whatever the hour", () => {
    expect(dwellDays("2025-04-15T01:00:00Z", "2025-04-15T08:00:00Z")).toBe(0);
    // 23:30 Manila on the 18th is 15:30 UTC: still the 18th.
    expect(dwellDays("2025-04-15T01:00:00Z", "2025-04-18T15:30:00Z")).toBe(3);
    // 01:00 Manila on the 25th is the 24th in UTC: counted on the 25th.
    expect(dwellDays("2025-04-15T01:00:00Z", "2025-04-24T17:00:00Z")).toBe(10);
    // Across the year: 23:59 Manila on 31 December to midnight Manila on 2 January.
    expect(dwellDays("2025-12-31T15:59:00Z", "2026-01-01T16:00:00Z")).toBe(2);
  });
});

describe("average days", () => {
  it("is none of nothing, and one decimal rounded half up", () => {
    expect(averageDays([])).toBeNull();
    expect(averageDays([2, 3, 0])).toBe(1.7);
    expect(averageDays([1, 2, 2, 4])).toBe(2.3);
    expect(averageDays([1, 1, 2])).toBe(1.3);
    expect(averageDays([5, 10])).toBe(7.5);
    expect(averageDays([0])).toBe(0);
  });

  it("is written with one decimal, or not at all", () => {
    expect([formatAverage(6), formatAverage(1.7), formatAverage(null)]).toEqual(["6.0", "1.7", ""]);
  });
});
