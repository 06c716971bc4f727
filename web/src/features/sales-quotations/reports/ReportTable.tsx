import "@blueprintjs/table/lib/css/table.css";
import { Cell, Column, RowHeaderCell, Table } from "@blueprintjs/table";
import { type ReactNode, useRef } from "react";
import { type ColumnLayout, type ColumnWidth, useColumnWidths } from "../../../components/useColumnWidths.ts";

/**
 * A report's rows in Blueprint's table, as dense as the list screens: every row of the answer (reports are not
 * paged), numbers right-aligned, and the totals as a last, bold row. Past MAX_VISIBLE rows the table scrolls
 * inside its box, where Blueprint draws only the rows in view.
 */

export interface ReportColumn<T> {
  name: string;
  width: ColumnWidth;
  value: (row: T) => ReactNode;
  numeric?: boolean;
}

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const MAX_VISIBLE = 18;

export function ReportTable<T>(
  { columns, rows, totals, testId, redrawOn = [] }: {
    columns: ReportColumn<T>[];
    rows: readonly T[];
    /** Drawn bold under the rows, its row header reading "Total". */
    totals?: T;
    testId: string;
    redrawOn?: readonly unknown[];
  },
) {
  const box = useRef<HTMLDivElement>(null);
  // Blueprint sizes the row-number column to its widest label; "Total" is wider than the numbers.
  const layout: ColumnLayout = { columns: columns.map((c) => c.width), rowHeader: totals ? 34 : 30, minFlexible: 200, initialWidth: 1000 };
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
        rowHeaderCellRenderer={(index) => <RowHeaderCell name={isTotal(index) ? "Total" : String(index + 1)} />}
      >
        {columns.map((column, c) => (
          <Column
            key={column.name}
            name={column.name}
            cellRenderer={(index) => (
              <Cell style={{ textAlign: column.numeric ? "right" : undefined, fontWeight: isTotal(index) ? 600 : undefined }}>
                <span data-testid={`${testId}-r${index}-c${c}`}>{all[index] === undefined ? "" : column.value(all[index]!)}</span>
              </Cell>
            )}
          />
        ))}
      </Table>
    </div>
  );
}
