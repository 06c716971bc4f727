import { Button, ButtonGroup, Classes } from "@blueprintjs/core";
import type { PagedList } from "./usePagedList.ts";

export interface ListPagerProps {
  list: Pick<PagedList<unknown, unknown>, "rows" | "total" | "page" | "setPage" | "pageSize" | "loading">;
  /** On the "first–last of total" line. */
  rangeTestId: string;
}

/** Below a list: which records are shown out of how many, and Previous/Next. */
export function ListPager({ list: { rows, total, page, setPage, pageSize, loading }, rangeTestId }: ListPagerProps) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = page * pageSize + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <div className="lading-pager">
      <span className={Classes.TEXT_MUTED} data-testid={rangeTestId}>
        {first}–{last} of {total}
      </span>
      <ButtonGroup>
        <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
        <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
      </ButtonGroup>
    </div>
  );
}
