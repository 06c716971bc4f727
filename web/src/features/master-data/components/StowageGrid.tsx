import type { CSSProperties } from "react";
import type { StowageSlot } from "../../../../../api/modules/master-data/schemas.ts";

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
  /** Pixels per cell. */
  cellSize?: number;
  testId?: string;
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
  const { slots, selected = null, onSelect, invalid, cellSize = 36, testId = "stowage-grid" } = props;
  // Guard against half-typed sizes: a grid of 0 or NaN cells would collapse to nothing.
  const rows = drawable(props.rows) ? Math.min(props.rows, 60) : 1;
  const columns = drawable(props.columns) ? Math.min(props.columns, 60) : 1;
  // Cells are wider than high: bay-row-tier positions such as 010382 must fit on one line.
  const cellWidth = Math.round(cellSize * 1.6);
  const showRulers = cellSize >= 20;
  const offset = showRulers ? RULER : 0;
  const line = "rgba(138, 155, 168, 0.35)";

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
            const style: CSSProperties = {
              position: "absolute",
              left: (slot.column - 1) * cellWidth + 2,
              top: (slot.row - 1) * cellSize + 2,
              width: slot.width * cellWidth - 4,
              height: slot.height * cellSize - 4,
              boxSizing: "border-box",
              borderRadius: 3,
              border: `${isSelected ? 2 : 1}px solid ${isInvalid ? "#cd4246" : isSelected ? "#2d72d2" : "rgba(45, 114, 210, 0.6)"}`,
              background: isInvalid ? "rgba(205, 66, 70, 0.25)" : isSelected ? "rgba(45, 114, 210, 0.35)" : "rgba(45, 114, 210, 0.15)",
              color: "inherit",
              font: "inherit",
              fontSize: Math.max(9, Math.min(12, cellSize / 3)),
              lineHeight: 1.1,
              padding: 1,
              overflow: "hidden",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              textAlign: "center",
              cursor: onSelect ? "pointer" : "default",
            };
            const label = `Slot ${slot.position}, row ${slot.row}, column ${slot.column}, ${slot.width} wide and ${slot.height} high`;
            const testid = `stowage-slot-${slot.position}`;
            return onSelect
              ? (
                <button key={index} type="button" style={style} aria-label={label} aria-pressed={isSelected} data-testid={testid}
                  data-invalid={isInvalid || undefined} onClick={() => onSelect(index)}>
                  {cellSize >= 16 ? slot.position : ""}
                </button>
              )
              : (
                <div key={index} style={style} title={label} data-testid={testid}>
                  {cellSize >= 16 ? slot.position : ""}
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
