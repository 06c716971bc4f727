import { describe, expect, it } from "vitest";
import { yardPlan } from "../../api/modules/hustling/rules.ts";

/** Where a hustling's vans go when it is written, changed or deleted (the invariant of api/modules/hustling/README.md). */

const places = (fromCyCode: string, toCyCode: string, vans: string[]) => ({ fromCyCode, toCyCode, vans });

describe("yardPlan", () => {
  it("takes every van out when a hustling is written, and back when it is deleted", () => {
    expect(yardPlan(null, places("Y1", "Y2", ["A", "B"]))).toEqual({
      back: [],
      out: [{ code: "A", from: "Y1", to: "Y2" }, { code: "B", from: "Y1", to: "Y2" }],
    });
    expect(yardPlan(places("Y1", "Y2", ["A", "B"]), null)).toEqual({
      back: [{ code: "A", from: "Y2", to: "Y1" }, { code: "B", from: "Y2", to: "Y1" }],
      out: [],
    });
    expect(yardPlan(null, null)).toEqual({ back: [], out: [] });
  });

  it("moves only the vans taken off and added when the yards stay, whatever the letter case", () => {
    expect(yardPlan(places("Y1", "Y2", ["A", "B"]), places("y1", "y2", ["b", "C"]))).toEqual({
      back: [{ code: "A", from: "Y2", to: "Y1" }],
      out: [{ code: "C", from: "y1", to: "y2" }],
    });
    expect(yardPlan(places("Y1", "Y2", ["A"]), places("Y1", "Y2", ["A"]))).toEqual({ back: [], out: [] });
  });

  it("moves every van back and out again when a yard changes", () => {
    expect(yardPlan(places("Y1", "Y2", ["A", "B"]), places("Y1", "Y3", ["A"]))).toEqual({
      back: [{ code: "A", from: "Y2", to: "Y1" }, { code: "B", from: "Y2", to: "Y1" }],
      out: [{ code: "A", from: "Y1", to: "Y3" }],
    });
    expect(yardPlan(places("Y1", "Y2", ["A"]), places("Y4", "Y2", ["A"]))).toEqual({
      back: [{ code: "A", from: "Y2", to: "Y1" }],
      out: [{ code: "A", from: "Y4", to: "Y2" }],
    });
  });
});
