import { useLayoutEffect, useState } from "react";

/** A column's width: pixels, or a share of whatever the fixed columns leave. */
export type ColumnWidth = number | { share: number };

export interface ColumnLayout {
  /** Left to right; the shares of the flexible columns add up to 1. */
  columns: readonly ColumnWidth[];
  /** The numbering column on the left. */
  rowHeader: number;
  /** The flexible columns never get less than this between them; the table scrolls instead. */
  minFlexible: number;
  /** The width assumed until the box has been measured. */
  initialWidth: number;
}

/**
 * Widths for a table's columns: the fixed ones as given, the flexible ones sharing the rest of the box, so
 * the table spans the page without a gap. The last flexible column takes what rounding leaves.
 */
export function useColumnWidths(container: React.RefObject<HTMLDivElement | null>, layout: ColumnLayout): number[] {
  const [width, setWidth] = useState(layout.initialWidth);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  return columnWidths(width, layout);
}

export function columnWidths(width: number, { columns, rowHeader, minFlexible }: ColumnLayout): number[] {
  const fixed = columns.reduce<number>((sum, c) => sum + (typeof c === "number" ? c : 0), 0);
  const rest = Math.max(minFlexible, width - fixed - rowHeader - 2);
  const lastFlexible = columns.findLastIndex((c) => typeof c !== "number");
  let given = 0;
  return columns.map((c, index) => {
    if (typeof c === "number") return c;
    if (index === lastFlexible) return rest - given;
    const share = Math.floor(rest * c.share);
    given += share;
    return share;
  });
}
