import type { StowageSlot } from "../schemas.ts";

/**
 * Checks of a stowage grid that need the whole grid at once (zod checks each slot on its own). Pure, so the
 * service, tests and any other caller get the same answers.
 *
 * Slots use 1-based rows and columns; a slot covers rows row .. row+height-1 and columns
 * column .. column+width-1. Slots that only touch along an edge or at a corner do not overlap.
 */
export interface StowageGrid {
  rows: number;
  columns: number;
  slots: readonly StowageSlot[];
}

/** Problems keyed by the field they belong to: "rows", "columns", "slots.3.row", "slots.3" (the slot as a whole). */
export type GridProblems = Record<string, string[]>;

const isWhole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);

/** The label used in messages: the position when there is one, else the slot's place in the list. */
function slotName(slot: StowageSlot, index: number): string {
  const position = typeof slot.position === "string" ? slot.position.trim() : "";
  return position ? `Slot ${position}` : `Slot #${index + 1}`;
}

/** Whether two slots share at least one cell. */
export function slotsOverlap(a: StowageSlot, b: StowageSlot): boolean {
  return a.row < b.row + b.height && b.row < a.row + a.height &&
    a.column < b.column + b.width && b.column < a.column + a.width;
}

export function checkStowageGrid(grid: StowageGrid): GridProblems {
  const problems: GridProblems = {};
  const add = (key: string, message: string) => (problems[key] ??= []).push(message);

  const rowsOk = isWhole(grid.rows) && grid.rows >= 1;
  const columnsOk = isWhole(grid.columns) && grid.columns >= 1;
  if (!rowsOk) add("rows", "The grid needs at least one row");
  if (!columnsOk) add("columns", "The grid needs at least one column");

  // Only slots whose own numbers make sense take part in the bounds and overlap checks; the others already
  // have a message and would only add confusing follow-up ones.
  const sound: boolean[] = grid.slots.map((slot, i) => {
    const name = slotName(slot, i);
    let ok = true;
    if (!isWhole(slot.row) || slot.row < 1) {
      add(`slots.${i}.row`, `${name}: the row must be a whole number from 1`);
      ok = false;
    }
    if (!isWhole(slot.column) || slot.column < 1) {
      add(`slots.${i}.column`, `${name}: the column must be a whole number from 1`);
      ok = false;
    }
    if (!isWhole(slot.width) || slot.width < 1) {
      add(`slots.${i}.width`, `${name}: the width must be at least 1 cell`);
      ok = false;
    }
    if (!isWhole(slot.height) || slot.height < 1) {
      add(`slots.${i}.height`, `${name}: the height must be at least 1 cell`);
      ok = false;
    }
    if (typeof slot.position !== "string" || slot.position.trim() === "") {
      add(`slots.${i}.position`, `${name}: every slot needs a position`);
    }
    return ok;
  });

  grid.slots.forEach((slot, i) => {
    if (!sound[i]) return;
    const name = slotName(slot, i);
    if (rowsOk) {
      if (slot.row > grid.rows) add(`slots.${i}.row`, `${name}: row ${slot.row} is outside the grid's ${grid.rows} rows`);
      else if (slot.row + slot.height - 1 > grid.rows) {
        add(`slots.${i}.height`, `${name}: reaches row ${slot.row + slot.height - 1}, past the grid's ${grid.rows} rows`);
      }
    }
    if (columnsOk) {
      if (slot.column > grid.columns) add(`slots.${i}.column`, `${name}: column ${slot.column} is outside the grid's ${grid.columns} columns`);
      else if (slot.column + slot.width - 1 > grid.columns) {
        add(`slots.${i}.width`, `${name}: reaches column ${slot.column + slot.width - 1}, past the grid's ${grid.columns} columns`);
      }
    }
  });

  // One overlap message per slot (against the first earlier slot it collides with) keeps the list readable
  // when a whole block is misplaced.
  for (let j = 1; j < grid.slots.length; j++) {
    if (!sound[j]) continue;
    for (let i = 0; i < j; i++) {
      if (!sound[i] || !slotsOverlap(grid.slots[i], grid.slots[j])) continue;
      add(`slots.${j}`, `${slotName(grid.slots[j], j)} overlaps ${slotName(grid.slots[i], i).replace(/^Slot/, "slot")}`);
      break;
    }
  }

  // Positions name bays on printed plans, so two slots may not share one (letter case and spaces ignored).
  const seen = new Map<string, number>();
  grid.slots.forEach((slot, i) => {
    if (typeof slot.position !== "string") return;
    const key = slot.position.trim().toUpperCase();
    if (!key) return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else add(`slots.${i}.position`, `Position ${slot.position.trim()} is already used by slot #${first + 1}`);
  });

  return problems;
}

/** The first message of a problem list, for a one-line notice; undefined when the grid is valid. */
export function firstGridProblem(problems: GridProblems): string | undefined {
  for (const list of Object.values(problems)) if (list[0]) return list[0];
  return undefined;
}
