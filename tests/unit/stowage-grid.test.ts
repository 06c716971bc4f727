import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkStowageGrid, firstGridProblem, slotsOverlap } from "../../api/modules/master-data/vessels/grid.ts";
import type { StowageSlot } from "../../api/modules/master-data/schemas.ts";
import { freeCell, neighbourSlot, nextPosition, slotErrors, StowageGrid } from "../../web/src/components/StowageGrid.tsx";
import { vesselStowagePath } from "../../web/src/lib/paths.ts";

const slot = (position: string, row: number, column: number, width = 1, height = 1): StowageSlot => ({ position, row, column, width, height });
const grid = (slots: StowageSlot[], rows = 4, columns = 6) => checkStowageGrid({ rows, columns, slots });

describe("stowage grid checks", () => {
  it("accepts a grid whose slots fill it edge to edge", () => {
    const slots = [slot("A1", 1, 1, 3, 2), slot("A2", 1, 4, 3, 2), slot("B1", 3, 1, 6, 2)];
    expect(grid(slots)).toEqual({});
    expect(firstGridProblem(grid(slots))).toBeUndefined();
  });

  it("accepts an empty grid", () => {
    expect(grid([])).toEqual({});
  });

  it("treats slots that share only an edge as separate", () => {
    // Side by side, one above the other.
    expect(slotsOverlap(slot("A", 1, 1, 2, 2), slot("B", 1, 3, 2, 2))).toBe(false);
    expect(slotsOverlap(slot("A", 1, 1, 2, 2), slot("B", 3, 1, 2, 2))).toBe(false);
    expect(grid([slot("A", 1, 1, 2, 2), slot("B", 1, 3, 2, 2), slot("C", 3, 1, 2, 2)])).toEqual({});
  });

  it("treats slots that touch only at a corner as separate", () => {
    expect(slotsOverlap(slot("A", 1, 1, 2, 2), slot("B", 3, 3, 2, 2))).toBe(false);
    expect(slotsOverlap(slot("A", 3, 1, 2, 2), slot("B", 1, 3, 2, 2))).toBe(false);
    expect(grid([slot("A", 1, 1, 2, 2), slot("B", 3, 3, 2, 2)])).toEqual({});
  });

  it("finds an overlap of a single shared corner cell", () => {
    const problems = grid([slot("A", 1, 1, 2, 2), slot("B", 2, 2, 2, 2)]);
    expect(problems["slots.1"]).toEqual(["Slot B overlaps slot A"]);
    expect(Object.keys(problems)).toEqual(["slots.1"]);
  });

  it("finds an overlap one cell deep along an edge", () => {
    expect(slotsOverlap(slot("A", 1, 1, 3, 1), slot("B", 1, 3, 2, 1))).toBe(true);
    expect(slotsOverlap(slot("A", 1, 1, 1, 3), slot("B", 3, 1, 1, 2))).toBe(true);
    expect(grid([slot("A", 1, 1, 3, 1), slot("B", 1, 3, 2, 1)])["slots.1"]).toEqual(["Slot B overlaps slot A"]);
  });

  it("finds a slot wholly inside another and two slots on the same cell", () => {
    expect(grid([slot("BIG", 1, 1, 4, 4), slot("IN", 2, 2)])["slots.1"]).toEqual(["Slot IN overlaps slot BIG"]);
    expect(grid([slot("A", 2, 2), slot("B", 2, 2)])["slots.1"]).toEqual(["Slot B overlaps slot A"]);
  });

  it("finds a cross-shaped overlap where no corner of either slot lies inside the other", () => {
    expect(slotsOverlap(slot("H", 2, 1, 5, 1), slot("V", 1, 3, 1, 4))).toBe(true);
  });

  it("reports one overlap per slot, against the first slot it hits", () => {
    const problems = grid([slot("A", 1, 1), slot("B", 1, 2), slot("WIDE", 1, 1, 3, 1)]);
    expect(problems["slots.2"]).toEqual(["Slot WIDE overlaps slot A"]);
  });

  it("refuses slots outside the grid, naming the field that is wrong", () => {
    const problems = grid([slot("R", 5, 1), slot("C", 1, 7), slot("H", 3, 1, 1, 3), slot("W", 1, 5, 3, 1)]);
    expect(problems["slots.0.row"]).toEqual(["Slot R: row 5 is outside the grid's 4 rows"]);
    expect(problems["slots.1.column"]).toEqual(["Slot C: column 7 is outside the grid's 6 columns"]);
    expect(problems["slots.2.height"]).toEqual(["Slot H: reaches row 5, past the grid's 4 rows"]);
    expect(problems["slots.3.width"]).toEqual(["Slot W: reaches column 7, past the grid's 6 columns"]);
  });

  it("accepts a slot that ends exactly on the last row and column", () => {
    expect(grid([slot("END", 3, 5, 2, 2)])).toEqual({});
  });

  it("refuses sizes and places below one without follow-up overlap messages", () => {
    const problems = grid([slot("A", 1, 1), slot("Z", 1, 1, 0, 1), slot("N", 0, 2, 1, -1)]);
    expect(problems["slots.1.width"]).toEqual(["Slot Z: the width must be at least 1 cell"]);
    expect(problems["slots.2.row"]).toEqual(["Slot N: the row must be a whole number from 1"]);
    expect(problems["slots.2.height"]).toEqual(["Slot N: the height must be at least 1 cell"]);
    expect(problems["slots.1"]).toBeUndefined();
  });

  it("refuses fractional sizes", () => {
    expect(grid([slot("F", 1, 1, 1.5, 1)])["slots.0.width"]).toHaveLength(1);
  });

  it("refuses a grid without rows or columns", () => {
    const problems = checkStowageGrid({ rows: 0, columns: -2, slots: [] });
    expect(problems.rows).toEqual(["The grid needs at least one row"]);
    expect(problems.columns).toEqual(["The grid needs at least one column"]);
  });

  it("refuses a position used twice, ignoring letter case and spaces", () => {
    const problems = grid([slot("a1", 1, 1), slot("B1", 1, 2), slot(" A1 ", 2, 1)]);
    expect(problems["slots.2.position"]).toEqual(["Position A1 is already used by slot #1"]);
    expect(Object.keys(problems)).toEqual(["slots.2.position"]);
  });

  it("refuses a blank position and names the slot by its place instead", () => {
    const problems = grid([slot("  ", 1, 1), slot("B", 1, 1)]);
    expect(problems["slots.0.position"]).toEqual(["Slot #1: every slot needs a position"]);
    expect(problems["slots.1"]).toEqual(["Slot B overlaps slot #1"]);
  });

  it("gives the first problem for a one-line notice", () => {
    expect(firstGridProblem(grid([slot("A", 1, 1), slot("B", 1, 1)]))).toBe("Slot B overlaps slot A");
  });
});

describe("the stowage grid drawing and editor helpers", () => {
  // No DOM here: read the opening tags of the server-rendered markup.
  const draw = (props: Parameters<typeof StowageGrid>[0]) => renderToStaticMarkup(createElement(StowageGrid, props));
  const element = (markup: string, testId: string) => {
    const match = new RegExp(`<(\\w+)([^>]*data-testid="${testId}"[^>]*)>`).exec(markup);
    if (!match) return null;
    const style = Object.fromEntries(/style="([^"]*)"/.exec(match[2])![1].split(";").map((part) => part.split(":") as [string, string]));
    return { tag: match[1], attributes: match[2], style };
  };

  it("places each slot box over the cells it covers; cells are 1.6 times as wide as high", () => {
    const markup = draw({ rows: 3, columns: 4, slots: [slot("A1", 2, 3, 2, 1)], cellSize: 30, onSelect: () => {} });
    const box = element(markup, "stowage-slot-A1")!;
    expect(box.tag).toBe("button");
    // Cells of 48 × 30 px, less a 2 px inset on each side.
    expect(box.style).toMatchObject({ left: "98px", top: "32px", width: "92px", height: "26px" });
    const grid = element(markup, "stowage-grid")!;
    expect(grid.attributes).toContain('data-rows="3"');
    expect(grid.attributes).toContain('data-columns="4"');
  });

  it("marks refused slots and draws a read-only grid without buttons", () => {
    const editable = draw({ rows: 2, columns: 2, slots: [slot("A", 1, 1), slot("B", 1, 1)], invalid: new Set([1]), onSelect: () => {} });
    expect(element(editable, "stowage-slot-B")!.attributes).toContain('data-invalid="true"');
    expect(element(editable, "stowage-slot-A")!.attributes).not.toContain("data-invalid");
    const picture = draw({ rows: 2, columns: 2, slots: [slot("A", 1, 1)] });
    expect(picture).not.toContain("<button");
    expect(element(picture, "stowage-slot-A")!.tag).toBe("div");
  });

  it("skips slots whose numbers are half typed instead of drawing garbage", () => {
    const markup = draw({ rows: 2, columns: 2, slots: [slot("A", 1, 1, Number.NaN, 1), slot("B", 2, 2)], onSelect: () => {} });
    expect(element(markup, "stowage-slot-A")).toBeNull();
    expect(element(markup, "stowage-slot-B")).not.toBeNull();
  });

  it("shows what a slot holds under its position, and says so to a screen reader", () => {
    const markup = draw({
      rows: 1, columns: 2, slots: [slot("A", 1, 1), slot("B", 1, 2)], onSelect: () => {},
      contents: (s) => (s.position === "A" ? "LDGU2010020" : undefined),
    });
    expect(markup).toContain('aria-label="Slot A, row 1, column 1, 1 wide and 1 high, holds LDGU2010020"');
    expect(markup).toContain('aria-label="Slot B, row 1, column 2, 1 wide and 1 high, free"');
    expect(markup).toContain('<strong data-testid="stowage-slot-A-holds" style="font-size:0.8em;white-space:nowrap">LDGU2010020</strong>');
    expect(markup).not.toContain("stowage-slot-B-holds");
  });

  it("walks the slots with the arrow keys: along the row or column first, past a slot two cells wide", () => {
    // Row 1: A B C D; row 2: E (two cells wide) F G.
    const slots = [slot("A", 1, 1), slot("B", 1, 2), slot("C", 1, 3), slot("D", 1, 4), slot("E", 2, 1, 2), slot("F", 2, 3), slot("G", 2, 4)];
    const go = (from: string, direction: "up" | "down" | "left" | "right") => {
      const next = neighbourSlot(slots, slots.findIndex((s) => s.position === from), direction);
      return next === null ? null : slots[next].position;
    };
    expect([go("A", "right"), go("B", "right"), go("D", "right")]).toEqual(["B", "C", null]);
    expect([go("C", "left"), go("A", "left"), go("A", "up")]).toEqual(["B", null, null]);
    expect([go("A", "down"), go("B", "down"), go("C", "down")]).toEqual(["E", "E", "F"]);
    expect([go("E", "up"), go("E", "right"), go("F", "left"), go("G", "up")]).toEqual(["A", "F", "E", "D"]);
  });

  it("finds the first free cell for a new slot, or none when the grid is full", () => {
    expect(freeCell({ rows: 2, columns: 3, slots: [slot("A", 1, 1, 2, 1)] })).toEqual({ row: 1, column: 3 });
    expect(freeCell({ rows: 2, columns: 2, slots: [slot("A", 1, 1, 2, 1), slot("B", 2, 1)] })).toEqual({ row: 2, column: 2 });
    expect(freeCell({ rows: 2, columns: 2, slots: [slot("ALL", 1, 1, 2, 2)] })).toBeNull();
  });

  it("proposes a position label nobody uses", () => {
    expect(nextPosition([])).toBe("S1");
    expect(nextPosition([slot("s2", 1, 1)])).toBe("S3");
    expect(nextPosition([slot("X", 1, 1), slot("S3", 1, 2)])).toBe("S4");
  });

  it("groups the server's slot messages by slot", () => {
    const bySlot = slotErrors({ "slots.1": "overlap", "slots.1.row": "row", "slots.10.width": "wide", name: "name", "slotsX": "no" });
    expect([...bySlot.entries()]).toEqual([[1, ["overlap", "row"]], [10, ["wide"]]]);
  });

  it("builds the editor's address with the vessel and plan", () => {
    expect(vesselStowagePath("MV 1")).toBe("/master_data/vessel_stowage?vessel=MV%201");
    expect(vesselStowagePath("V1", 7)).toBe("/master_data/vessel_stowage?vessel=V1&plan=7");
    expect(vesselStowagePath("V1", "new")).toBe("/master_data/vessel_stowage?vessel=V1&plan=new");
  });
});
