import { Cell, type ColumnProps, ColumnHeaderCell } from "@blueprintjs/table";
import { Children, isValidElement, type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import "./data-table.css";

/** The name of the column holding a row's buttons; that column stays in view at the right edge. */
export const ACTIONS_COLUMN = "Actions";

export interface DataTableProps {
  numRows: number;
  /** How many leading columns (the record's key: its code or reference) stay in view when the table scrolls sideways. */
  frozen?: number;
  /** A row's number in the leading numbering column; no numbering column without it. */
  rowNumber?: (row: number) => string;
  /** Rows are dimmed while a new page loads. */
  loading?: boolean;
  /** On the scrolling frame around the table. */
  testId?: string;
  className?: string;
  /** Blueprint `Column` elements: their `name`, `cellRenderer` and `columnHeaderCellRenderer` are read. */
  children: ReactElement<ColumnProps> | (ReactElement<ColumnProps> | false | null | undefined)[];
}

interface Rendered {
  content: ReactNode;
  title?: string;
  className?: string;
}

/**
 * Blueprint's `Cell` is what the list screens' renderers give back; its content, hover text and class are
 * moved onto a plain table cell, so those renderers serve this table unchanged.
 */
function unwrapCell(out: ReactNode): Rendered {
  if (isValidElement<React.ComponentProps<typeof Cell>>(out) && out.type === Cell) {
    const { children, tooltip, className, interactive } = out.props;
    return { content: children, title: tooltip, className: [className, interactive ? "lading-cell-interactive" : ""].join(" ") };
  }
  return { content: out };
}

function headerOf(column: ColumnProps, index: number): ReactNode {
  const header = column.columnHeaderCellRenderer?.(index);
  if (isValidElement<React.ComponentProps<typeof ColumnHeaderCell>>(header) && header.type === ColumnHeaderCell) {
    return header.props.nameRenderer?.(column.name ?? "", index) ?? header.props.name ?? column.name;
  }
  return header ?? column.name;
}

/**
 * A list's table as a plain HTML table inside a frame that scrolls sideways, so the page itself never does:
 * columns as wide as their content (a long text stops at a maximum and shows whole on hover), the key
 * columns frozen on the left and the Actions column pinned on the right, so a row's buttons are always in
 * reach however wide the table. Every cell exists in the page, unlike in a virtualised grid, so the browser
 * (and a test) can find and scroll to any of them.
 */
export function DataTable({ numRows, frozen = 1, rowNumber, loading = false, testId, className, children }: DataTableProps) {
  const columns = Children.toArray(children).filter(isValidElement<ColumnProps>).map((c) => c.props);
  const lead = rowNumber ? 1 : 0;
  const frozenCount = Math.min(frozen, columns.length);
  const pinnedRight = columns.length > frozenCount && columns[columns.length - 1]!.name === ACTIONS_COLUMN;

  // Each frozen column sticks just right of the frozen ones before it, so their widths are measured once drawn.
  const table = useRef<HTMLTableElement>(null);
  const [offsets, setOffsets] = useState<number[]>([]);
  useLayoutEffect(() => {
    const el = table.current;
    if (!el || frozenCount === 0) return;
    const measure = () => {
      const heads = Array.from(el.tHead?.rows[0]?.cells ?? []).slice(lead, lead + frozenCount);
      const next: number[] = [];
      let left = 0;
      for (const th of heads) {
        next.push(left);
        left += th.getBoundingClientRect().width;
      }
      setOffsets((old) => (old.length === next.length && old.every((v, i) => v === next[i]) ? old : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frozenCount, lead]);

  const place = (index: number): { className: string; style?: React.CSSProperties } => {
    if (index < frozenCount) {
      return {
        className: index === frozenCount - 1 ? "lading-frozen lading-frozen-last" : "lading-frozen",
        style: { left: offsets[index] ?? 0 },
      };
    }
    if (pinnedRight && index === columns.length - 1) return { className: "lading-pinned-right" };
    return { className: "" };
  };

  const rows: ReactNode[] = [];
  for (let row = 0; row < numRows; row++) {
    rows.push(
      <tr key={row}>
        {rowNumber && <td className="lading-row-number">{rowNumber(row)}</td>}
        {columns.map((column, index) => {
          const cell = unwrapCell(column.cellRenderer?.(row, index) ?? null);
          const { className: placed, style } = place(index);
          return (
            <td key={index} className={[placed, cell.className ?? ""].join(" ").trim() || undefined} style={style} title={cell.title}>
              <div className="lading-cell">{cell.content}</div>
            </td>
          );
        })}
      </tr>,
    );
  }

  return (
    <div className={["lading-data-table-frame", className ?? ""].join(" ").trim()} data-testid={testId}>
      <table ref={table} className={loading ? "lading-data-table lading-data-table-loading" : "lading-data-table"} aria-busy={loading}>
        <thead>
          <tr>
            {rowNumber && <th className="lading-row-number" aria-label="Row" />}
            {columns.map((column, index) => {
              const { className: placed, style } = place(index);
              return (
                <th key={index} scope="col" className={placed || undefined} style={style}>
                  {headerOf(column, index)}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
