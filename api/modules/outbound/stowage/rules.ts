/**
 * The voyage's stowage plan (001 §3 stowage plan): which slot of the grid holds which van. Pure, so the screen
 * answers the same as the server before it asks.
 */

/** A slot of the grid as it was copied from the vessel's plan: its top-left cell, its size in cells, its label. */
export interface GridSlot {
  row: number;
  column: number;
  width: number;
  height: number;
  position: string;
}

/** The tally sheets whose vans may be placed: those counted onto the vessel at the origin. */
export const LOADING_TALLY = "Loading";

/** The slot whose top-left cell is (row, column), the way a placement names it. */
export function slotAt(slots: readonly GridSlot[], row: number, column: number): GridSlot | undefined {
  return slots.find((s) => s.row === row && s.column === column);
}

/** Slots in reading order: top row first, left to right; the order the keyboard walks them and the demo fills them. */
export function slotsInOrder(slots: readonly GridSlot[]): GridSlot[] {
  return [...slots].sort((a, b) => a.row - b.row || a.column - b.column);
}

export type Direction = "up" | "down" | "left" | "right";

/**
 * The slot an arrow key moves to from `from`: the nearest slot whose centre lies that way, preferring one in
 * line with it (a slot two cells wide has neighbours above both its cells). Null when none lies that way.
 */
export function neighbourSlot(slots: readonly GridSlot[], from: GridSlot, direction: Direction): GridSlot | null {
  const centre = (s: GridSlot) => ({ x: s.column + s.width / 2, y: s.row + s.height / 2 });
  const here = centre(from);
  let best: GridSlot | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const slot of slots) {
    if (slot === from || (slot.row === from.row && slot.column === from.column)) continue;
    const c = centre(slot);
    const dx = c.x - here.x;
    const dy = c.y - here.y;
    const along = direction === "left" ? -dx : direction === "right" ? dx : direction === "up" ? -dy : dy;
    const across = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0) continue;
    // Staying in the same row (or column) counts for more than getting there a cell sooner.
    const score = across * 10 + along;
    if (score < bestScore) {
      bestScore = score;
      best = slot;
    }
  }
  return best;
}

/** A van number as typed: spaces and hyphens dropped, upper case (ISO 6346 numbers are stored so). */
export function vanKey(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}
