import "@blueprintjs/table/lib/css/table.css";
import { Cell, Column, RowHeaderCell, Table } from "@blueprintjs/table";
import { type CSSProperties, type ReactNode, useRef } from "react";
import { type ColumnLayout, type ColumnWidth, useColumnWidths } from "./useColumnWidths.ts";

/**
 * The rows of a report in Blueprint's table, as dense as the list screens: every row of the answer
 * (reports are not paged), numbers right-aligned, an optional bold totals row last. Past MAX_VISIBLE rows
 * the table scrolls inside its box, where Blueprint draws only the rows in view.
 */

export interface ReportColumn<T> {
  name: string;
  width: ColumnWidth;
  value: (row: T, index: number) => ReactNode;
  numeric?: boolean;
}

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const MAX_VISIBLE = 18;

export function ReportTable<T>(
  { columns, rows, totals, rowLabel, rowStyle, testId, redrawOn = [] }: {
    columns: ReportColumn<T>[];
    rows: readonly T[];
    /** Drawn bold under the rows, its row header reading "Total". */
    totals?: T;
    /** The row header of a row; its number counted from 1 when left out. */
    rowLabel?: (row: T, index: number) => string;
    rowStyle?: (row: T, index: number) => CSSProperties | undefined;
    testId: string;
    /** Values the cells read besides the rows (names looked up elsewhere): a change redraws them. */
    redrawOn?: readonly unknown[];
  },
) {
  const box = useRef<HTMLDivElement>(null);
  // Blueprint sizes the row-number column to its widest label; "Total" is wider than the numbers.
  const layout: ColumnLayout = { columns: columns.map((c) => c.width), rowHeader: totals ? 40 : 34, minFlexible: 160, initialWidth: 1000 };
  const widths = useColumnWidths(box, layout);
  const all = totals ? [...rows, totals] : [...rows];
  const height = HEADER_HEIGHT + Math.min(Math.max(all.length, 1), MAX_VISIBLE) * ROW_HEIGHT + 2;
  const isTotal = (index: number) => totals !== undefined && index === rows.length;

  return (
    <div ref={box} className="lading-table-box" style={{ height }} data-testid={testId}>
      <Table
        numRows={all.length}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={widths}
        enableColumnResizing={false}
        enableRowResizing={false}
        cellRendererDependencies={[all, ...redrawOn]}
        rowHeaderCellRenderer={(index) => (
          <RowHeaderCell name={isTotal(index) ? "Total" : rowLabel ? rowLabel(all[index]!, index) : String(index + 1)} />
        )}
      >
        {columns.map((column, c) => (
          <Column
            key={column.name}
            name={column.name}
            cellRenderer={(index) => {
              const row = all[index];
              const style: CSSProperties = {
                textAlign: column.numeric ? "right" : undefined,
                fontWeight: isTotal(index) ? 600 : undefined,
                ...(row !== undefined && !isTotal(index) ? rowStyle?.(row, index) : undefined),
              };
              return (
                <Cell style={style}>
                  <span data-testid={`${testId}-r${index}-c${c}`}>{row === undefined ? "" : column.value(row, index)}</span>
                </Cell>
              );
            }}
          />
        ))}
      </Table>
    </div>
  );
}
