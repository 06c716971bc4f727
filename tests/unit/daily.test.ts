import { describe, expect, it } from "vitest";
import { nextManilaTime } from "../../api/shared/daily.ts";

describe("daily jobs in Manila time", () => {
  it("finds the next 00:05 in Manila, today or tomorrow", () => {
    // 15:00 UTC is 23:00 in Manila: the next 00:05 there is 16:05 UTC the same day.
    expect(nextManilaTime(new Date("2026-03-10T15:00:00Z"), 0, 5).toISOString()).toBe("2026-03-10T16:05:00.000Z");
    // 17:00 UTC is already 01:00 the next day in Manila: the next run is a day later.
    expect(nextManilaTime(new Date("2026-03-10T17:00:00Z"), 0, 5).toISOString()).toBe("2026-03-11T16:05:00.000Z");
    // Exactly at the time counts as passed.
    expect(nextManilaTime(new Date("2026-03-10T16:05:00Z"), 0, 5).toISOString()).toBe("2026-03-11T16:05:00.000Z");
  });
});
