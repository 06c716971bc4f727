import type { ColumnProps } from "@blueprintjs/table";
import type { ReactElement, ReactNode } from "react";
import { DataTable } from "./DataTable.tsx";
import { ListPager } from "./ListPager.tsx";
import type { PagedList } from "../lib/data/paged-list.ts";

export interface PagedTableProps {
  list: Pick<PagedList<unknown, unknown>, "rows" | "total" | "page" | "setPage" | "pageSize" | "loading">;
  /** On the frame around the table. */
  testId: string;
  /** On the pager's "first–last of total" line. */
  rangeTestId: string;
  /** Leading columns that stay in view when the table scrolls sideways (the record's code or reference). */
  frozen?: number;
  /** Shown under the table when a finished load found nothing. */
  empty: ReactNode;
  children: ReactElement<ColumnProps> | (ReactElement<ColumnProps> | false | null | undefined)[];
}

/**
 * A list's table as every list screen shows it: the shared DataTable (key columns frozen, Actions pinned on
 * the right, sideways scrolling inside its frame), rows numbered across pages, dimmed while a page loads;
 * then the empty state and the pager.
 */
export function PagedTable({ list, testId, rangeTestId, frozen, empty, children }: PagedTableProps) {
  const { rows, page, pageSize, loading } = list;
  return (
    <>
      <DataTable numRows={rows.length} frozen={frozen} loading={loading} testId={testId}
        rowNumber={(row) => String(page * pageSize + row + 1)}>
        {children}
      </DataTable>
      {!loading && rows.length === 0 && empty}
      <ListPager list={list} rangeTestId={rangeTestId} />
    </>
  );
}
