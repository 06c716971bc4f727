import "@blueprintjs/table/lib/css/table.css";
import { type ColumnProps, RowHeaderCell, Table, TableLoadingOption } from "@blueprintjs/table";
import { type ReactNode, useRef } from "react";
import { ListPager } from "./ListPager.tsx";
import { type ColumnLayout, useColumnWidths } from "./useColumnWidths.ts";
import type { PagedList } from "../lib/data/paged-list.ts";

/** Rows are taller than Blueprint's default to fit the action buttons (see .lading-table-box in app.css). */
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;

export interface PagedTableProps {
  list: Pick<PagedList<unknown, unknown>, "rows" | "total" | "page" | "setPage" | "pageSize" | "loading">;
  layout: ColumnLayout;
  /** On the box around the table. */
  testId: string;
  /** On the pager's "first–last of total" line. */
  rangeTestId: string;
  /** Cells are drawn again when one of these changes (the rows always count). */
  redrawOn?: readonly unknown[];
  /** Shown under the table when a finished load found nothing. */
  empty: ReactNode;
  children: React.ReactElement<ColumnProps> | React.ReactElement<ColumnProps>[];
}

/**
 * A list's table as every list screen shows it: as tall as its rows, columns spanning the page, rows numbered
 * across pages, cells greyed while a page loads; then the empty state and the pager.
 */
export function PagedTable({ list, layout, testId, rangeTestId, redrawOn = [], empty, children }: PagedTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths(box, layout);
  const { rows, page, pageSize, loading } = list;
  const height = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 2;
  return (
    <>
      <div ref={box} className="lading-table-box" style={{ height }} data-testid={testId}>
        <Table
          numRows={rows.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          enableColumnResizing={false}
          enableRowResizing={false}
          cellRendererDependencies={[rows, ...redrawOn]}
          loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
          rowHeaderCellRenderer={(row) => <RowHeaderCell name={String(page * pageSize + row + 1)} />}
        >
          {children}
        </Table>
      </div>
      {!loading && rows.length === 0 && empty}
      <ListPager list={list} rangeTestId={rangeTestId} />
    </>
  );
}
