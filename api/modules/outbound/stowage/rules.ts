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

/** Slots in reading order: top row first, left to right; the order the demo fills them in. */
export function slotsInOrder(slots: readonly GridSlot[]): GridSlot[] {
  return [...slots].sort((a, b) => a.row - b.row || a.column - b.column);
}

/** A van number as typed: spaces and hyphens dropped, upper case (ISO 6346 numbers are stored so). */
export function vanKey(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}
