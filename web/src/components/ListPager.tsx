import { Button, ButtonGroup, Classes, HTMLSelect } from "@blueprintjs/core";
import type { PagedList } from "../lib/data/paged-list.ts";

type PagerState = Pick<PagedList<unknown, unknown>, "rows" | "total" | "page" | "setPage" | "pageSize" | "loading">;

export interface ListPagerProps {
  list: PagerState & Partial<Pick<PagedList<unknown, unknown>, "setPageSize">>;
  /** On the "first–last of total" line. */
  rangeTestId: string;
  /** Page sizes the reader may choose among (the list must pass setPageSize); without them the size is fixed. */
  pageSizes?: readonly number[];
  /** On the page size choice. */
  pageSizeTestId?: string;
}

/** Which records are shown out of how many, and Previous/Next; optionally a choice of page size. */
export function ListPager({ list: { rows, total, page, setPage, pageSize, setPageSize, loading }, rangeTestId, pageSizes, pageSizeTestId }: ListPagerProps) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = page * pageSize + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <div className="lading-pager">
      <span className={Classes.TEXT_MUTED} data-testid={rangeTestId}>
        {first}–{last} of {total}
      </span>
      {pageSizes && setPageSize && (
        <HTMLSelect
          value={pageSize}
          onChange={(event) => setPageSize(Number(event.currentTarget.value))}
          options={pageSizes.map((size) => ({ value: size, label: `${size} per page` }))}
          aria-label="Entries per page"
          data-testid={pageSizeTestId}
        />
      )}
      <ButtonGroup>
        <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
        <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
      </ButtonGroup>
    </div>
  );
}
