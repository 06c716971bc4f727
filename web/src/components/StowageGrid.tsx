import type { CSSProperties, KeyboardEvent } from "react";
import type { StowageSlot } from "../../../api/modules/master-data/schemas.ts";

/*
 * The stowage grid of a vessel's plan (master data) and of a voyage's plan (outbound), drawn the same way and
 * worked the same way: the mouse clicks a slot; the keyboard moves between slots with the arrow keys, Enter does
 * what a click does, Delete (or Backspace) takes out what the slot holds: the slot itself in the vessel's editor,
 * the van placed in it on a voyage's plan.
 */

export interface StowageGridProps {
  rows: number;
  columns: number;
  slots: readonly StowageSlot[];
  /** Index of the slot being edited. */
  selected?: number | null;
  /** Without it the grid is a picture: slots are not buttons. */
  onSelect?: (index: number | null) => void;
  /** Slots the server refused, drawn in red. */
  invalid?: ReadonlySet<number>;
  /** Delete or Backspace on a slot: the editor takes the slot out, a voyage's plan the van in it. */
  onDelete?: (index: number) => void;
  /** What a slot holds, shown under its position (the van placed in it on a voyage's plan). */
  contents?: (slot: StowageSlot, index: number) => string | undefined;
  /** Pixels per cell. */
  cellSize?: number;
  testId?: string;
}

export type Direction = "up" | "down" | "left" | "right";

const ARROWS: Record<string, Direction> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

/**
 * The slot an arrow key moves to from slot `from`: the nearest whose centre lies that way, one in line with it
 * first (a slot two cells wide has neighbours above both its cells). Null when no slot lies that way.
 */
export function neighbourSlot(slots: readonly StowageSlot[], from: number, direction: Direction): number | null {
  const centre = (s: StowageSlot) => ({ x: s.column + s.width / 2, y: s.row + s.height / 2 });
  const here = centre(slots[from]);
  let best: number | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  slots.forEach((slot, index) => {
    if (index === from || ![slot.row, slot.column, slot.width, slot.height].every(drawable)) return;
    const c = centre(slot);
    const dx = c.x - here.x;
    const dy = c.y - here.y;
    const along = direction === "left" ? -dx : direction === "right" ? dx : direction === "up" ? -dy : dy;
    if (along <= 0) return;
    const across = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
    // Staying in the same row (or column) counts for more than getting there a cell sooner.
    const score = across * 10 + along;
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

const slotButton = (testId: string, index: number) =>
  document.querySelector<HTMLElement>(`[data-testid="${testId}"] [data-slot-index="${index}"]`);

/** Gives the keyboard focus to one slot of a grid, once the current render is done. */
export function focusGridSlot(testId: string, index: number): void {
  setTimeout(() => slotButton(testId, index)?.focus());
}

/** A stowage plan as the API answers it. */
export interface StowagePlanRow {
  id: number;
  vesselCode: string;
  name: string;
  rows: number;
  columns: number;
  slots: StowageSlot[];
  isActive: boolean;
  dateModified: string;
}

/** The first cell no slot covers, scanning row by row. */
export function freeCell(draft: Pick<StowageGridProps, "rows" | "columns" | "slots">): { row: number; column: number } | null {
  const covers = (s: StowageSlot, r: number, c: number) => r >= s.row && r < s.row + s.height && c >= s.column && c < s.column + s.width;
  for (let r = 1; r <= draft.rows; r++) {
    for (let c = 1; c <= draft.columns; c++) {
      if (!draft.slots.some((s) => covers(s, r, c))) return { row: r, column: c };
    }
  }
  return null;
}

/** A position label not yet used in the plan: S1, S2, ... */
export function nextPosition(slots: readonly StowageSlot[]): string {
  const used = new Set(slots.map((s) => s.position.trim().toUpperCase()));
  let n = slots.length + 1;
  while (used.has(`S${n}`)) n++;
  return `S${n}`;
}

/** Server messages about slots, by slot index ("slots.3.row" and "slots.3" both belong to slot 3). */
export function slotErrors(fieldErrors: Record<string, string>): Map<number, string[]> {
  const bySlot = new Map<number, string[]>();
  for (const [key, message] of Object.entries(fieldErrors)) {
    const match = /^slots\.(\d+)(?:\.|$)/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    bySlot.set(index, [...(bySlot.get(index) ?? []), message]);
  }
  return bySlot;
}

const RULER = 22;

const drawable = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * A stowage grid: the cells as a ruled background, each slot an absolutely placed box over the cells it
 * covers. Slots reaching outside the grid are still drawn (past its edge) so the mistake is visible.
 */
export function StowageGrid(props: StowageGridProps) {
  const { slots, selected = null, onSelect, onDelete, contents, invalid, cellSize = 36, testId = "stowage-grid" } = props;
  // Guard against half-typed sizes: a grid of 0 or NaN cells would collapse to nothing.
  const rows = drawable(props.rows) ? Math.min(props.rows, 60) : 1;
  const columns = drawable(props.columns) ? Math.min(props.columns, 60) : 1;
  // Cells are wider than high: bay-row-tier positions such as 010382 must fit on one line.
  const cellWidth = Math.round(cellSize * 1.6);
  const showRulers = cellSize >= 20;
  const offset = showRulers ? RULER : 0;
  const line = "rgba(138, 155, 168, 0.35)";

  const onSlotKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      const next = neighbourSlot(slots, index, direction);
      // At once, not after a render: the next key pressed goes on from the slot this one reached.
      if (next !== null) slotButton(testId, next)?.focus();
    } else if ((event.key === "Delete" || event.key === "Backspace") && onDelete) {
      event.preventDefault();
      onDelete(index);
    }
  };

  const board: CSSProperties = {
    position: "absolute",
    left: offset,
    top: offset,
    width: columns * cellWidth,
    height: rows * cellSize,
    backgroundImage: `linear-gradient(to right, ${line} 1px, transparent 1px), linear-gradient(to bottom, ${line} 1px, transparent 1px)`,
    backgroundSize: `${cellWidth}px ${cellSize}px`,
    outline: `1px solid ${line}`,
  };

  return (
    <div style={{ overflow: "auto", maxWidth: "100%", paddingBottom: 4 }}>
      <div
        data-testid={testId}
        data-rows={rows}
        data-columns={columns}
        role="group"
        aria-label={`Stowage grid of ${rows} rows and ${columns} columns with ${slots.length} slots`}
        style={{ position: "relative", width: offset + columns * cellWidth + 2, height: offset + rows * cellSize + 2 }}
      >
        {showRulers && Array.from({ length: columns }, (_, i) => (
          <span key={`c${i}`} aria-hidden="true" style={ruler(offset + i * cellWidth, 0, cellWidth, RULER)}>{i + 1}</span>
        ))}
        {showRulers && Array.from({ length: rows }, (_, i) => (
          <span key={`r${i}`} aria-hidden="true" style={ruler(0, offset + i * cellSize, RULER, cellSize)}>{i + 1}</span>
        ))}
        <div
          style={board}
          onClick={onSelect ? (e) => e.target === e.currentTarget && onSelect(null) : undefined}
          // Escape lets go of the selected slot, as a click on an empty cell does.
          onKeyDown={onSelect ? (e) => e.key === "Escape" && onSelect(null) : undefined}
        >
          {slots.map((slot, index) => {
            if (![slot.row, slot.column, slot.width, slot.height].every(drawable)) return null;
            const isSelected = index === selected;
            const isInvalid = invalid?.has(index) ?? false;
            const holds = contents?.(slot, index);
            const style: CSSProperties = {
              position: "absolute",
              left: (slot.column - 1) * cellWidth + 2,
              top: (slot.row - 1) * cellSize + 2,
              width: slot.width * cellWidth - 4,
              height: slot.height * cellSize - 4,
              boxSizing: "border-box",
              borderRadius: 3,
              border: `${isSelected ? 2 : 1}px solid ${isInvalid ? "#cd4246" : isSelected ? "#2d72d2" : "rgba(45, 114, 210, 0.6)"}`,
              background: isInvalid ? "rgba(205, 66, 70, 0.25)" : isSelected ? "rgba(45, 114, 210, 0.35)" : holds ? "rgba(35, 133, 81, 0.28)" : "rgba(45, 114, 210, 0.15)",
              color: "inherit",
              font: "inherit",
              fontSize: Math.max(9, Math.min(12, cellSize / 3)),
              lineHeight: 1.1,
              padding: 1,
              overflow: "hidden",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              flexDirection: "column",
              textAlign: "center",
              cursor: onSelect ? "pointer" : "default",
            };
            const label = `Slot ${slot.position}, row ${slot.row}, column ${slot.column}, ${slot.width} wide and ${slot.height} high` +
              (contents ? (holds ? `, holds ${holds}` : ", free") : "");
            const testid = `stowage-slot-${slot.position}`;
            const text = cellSize >= 16
              ? (
                <>
                  <span>{slot.position}</span>
                  {holds && <strong data-testid={`${testid}-holds`} style={{ fontSize: "0.8em", whiteSpace: "nowrap" }}>{holds}</strong>}
                </>
              )
              : "";
            return onSelect
              ? (
                <button key={index} type="button" style={style} aria-label={label} aria-pressed={isSelected} data-testid={testid} data-slot-index={index}
                  data-invalid={isInvalid || undefined} onClick={() => onSelect(index)} onKeyDown={(e) => onSlotKey(e, index)}>
                  {text}
                </button>
              )
              : (
                <div key={index} style={style} title={label} data-testid={testid}>
                  {text}
                </div>
              );
          })}
        </div>
      </div>
    </div>
  );
}

function ruler(left: number, top: number, width: number, height: number): CSSProperties {
  return {
    position: "absolute",
    left,
    top,
    width,
    height,
    fontSize: 10,
    opacity: 0.65,
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    userSelect: "none",
  };
}
