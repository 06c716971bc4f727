import { describe, expect, it } from "vitest";
import { nextOccurrence, occurrenceOnDay, occurrencesBetween } from "../../api/shared/schedule.ts";
import { manilaDate } from "../../api/shared/dates.ts";

describe("jobs' cron lines in Manila time", () => {
  it("finds the next 00:05 in Manila, today or tomorrow", () => {
    const next = (now: string) => nextOccurrence("5 0 * * *", new Date(now))?.toISOString();
    // 15:00 UTC is 23:00 in Manila: the next 00:05 there is 16:05 UTC the same day.
    expect(next("2026-03-10T15:00:00Z")).toBe("2026-03-10T16:05:00.000Z");
    // 17:00 UTC is already 01:00 the next day in Manila: the next run is a day later.
    expect(next("2026-03-10T17:00:00Z")).toBe("2026-03-11T16:05:00.000Z");
    // Exactly at the time counts as passed.
    expect(next("2026-03-10T16:05:00Z")).toBe("2026-03-11T16:05:00.000Z");
  });

  it("lists the occurrences after one instant and up to another, both ends exact", () => {
    expect(occurrencesBetween("*/20 9 * * 1", new Date("2026-03-09T01:00:00Z"), new Date("2026-03-09T01:40:00Z")).map((d) => d.toISOString()))
      .toEqual(["2026-03-09T01:20:00.000Z", "2026-03-09T01:40:00.000Z"]);
    // Monday 09:00 in Manila only: Tuesday has none.
    expect(occurrencesBetween("*/20 9 * * 1", new Date("2026-03-10T00:00:00Z"), new Date("2026-03-10T02:00:00Z"))).toEqual([]);
    expect(occurrencesBetween("5 0 * * *", new Date("2026-03-10T16:05:00.001Z"), new Date("2026-03-12T16:05:00Z")).map((d) => d.toISOString()))
      .toEqual(["2026-03-11T16:05:00.000Z", "2026-03-12T16:05:00.000Z"]);
  });

  it("names the occurrence of a Manila day, whenever in that day it is asked", () => {
    // 2026-03-11 in Manila runs from 2026-03-10T16:00Z to 2026-03-11T16:00Z.
    for (const asked of ["2026-03-10T16:00:00Z", "2026-03-11T01:00:00Z", "2026-03-11T15:59:59Z"]) {
      expect(occurrenceOnDay("5 0 * * *", new Date(asked), manilaDate)?.toISOString()).toBe("2026-03-10T16:05:00.000Z");
    }
  });

  it("refuses a cron line that is not five fields", () => {
    expect(() => nextOccurrence("0 5 0 * * *", new Date())).toThrow('A job\'s cron line has five fields (minute hour day month weekday): "0 5 0 * * *"');
  });
});
