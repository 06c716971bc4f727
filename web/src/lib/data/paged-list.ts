import { useCallback, useState } from "react";
import type { ListResult } from "../../../../api/shared/contracts.ts";
import { type EmptyNotice, warnIfEmpty } from "./empty-notice.ts";
import { useDebounced, useLoader } from "./load.ts";
import { useRowAction } from "./save.ts";

/** The lists' page of 20 (000 §9). */
export const PAGE_SIZE = 20;

/** What a list asks the server for: one page, the settled search text (undefined when empty) and the filter. */
export interface PageQuery<F> {
  skip: number;
  take: number;
  search: string | undefined;
  filter: F;
}

export interface PagedListOptions<T, F> {
  /** Reads one page; the list reads again when the page, search, filter or a reload asks for it. */
  load: (query: PageQuery<F>) => Promise<ListResult<T>>;
  initialFilter: F;
  /** The first page size; a list whose pager offers sizes changes it with setPageSize. */
  pageSize?: number;
  /** Whether an empty answer warns (see EmptyNotice); left out, it never does. */
  emptyNotice?: EmptyNotice;
  /** What the search box holds at first (a search named in the page's address); the first read uses it. */
  initialSearch?: string;
}

export interface PagedList<T, F> {
  rows: T[];
  total: number;
  /** Zero-based. */
  page: number;
  setPage: React.Dispatch<React.SetStateAction<number>>;
  pageSize: number;
  /** Changes the page size, staying on the page that holds the first row shown now. */
  setPageSize: (size: number) => void;
  /** What is in the search box now. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The search the rows were read with: trimmed, after the typing pause. */
  search: string;
  filter: F;
  /** Changes the filter and goes back to the first page. */
  setFilter: (filter: F) => void;
  loading: boolean;
  /** Reads the current page again. */
  reload: () => void;
  /** 000 §9: after a delete or an activation the list starts again from its first page. */
  reloadFromStart: () => void;
  /** The row a write is running on, shown busy; null when none. */
  busyId: number | null;
  setBusyId: (id: number | null) => void;
  /**
   * A row's write: the row shows busy, leaving is guarded, the server's notice (or the error) is shown, and
   * then `after` runs, by default a reload of the current page.
   */
  runRowAction: (id: number, work: () => Promise<{ message: string }>, after?: () => void) => Promise<void>;
}

/** The state every paged list screen keeps: page, debounced search, filter, loading and row writes. */
export function usePagedList<T, F>(
  { load, initialFilter, pageSize: initialPageSize = PAGE_SIZE, emptyNotice, initialSearch = "" }: PagedListOptions<T, F>,
): PagedList<T, F> {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeValue] = useState(initialPageSize);
  const [searchText, setSearchText] = useState(initialSearch);
  const search = useSettledSearch(searchText, () => setPage(0));
  const [filter, setFilterValue] = useState<{ value: F; n: number }>({ value: initialFilter, n: 0 });
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [reloads, setReloads] = useState(0);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const reloadFromStart = useCallback(() => {
    setPage(0);
    reload();
  }, [reload]);

  const setPageSize = useCallback((size: number) => {
    if (size === pageSize) return;
    setPage(pageForSize(page, pageSize, size));
    setPageSizeValue(size);
  }, [page, pageSize]);

  // A new filter is a new query even when it equals the last one, so it counts its changes.
  const setFilter = useCallback((next: F) => {
    setFilterValue((f) => ({ value: next, n: f.n + 1 }));
    setPage(0);
  }, []);

  const loading = useLoader(
    JSON.stringify([page, pageSize, search, filter.n, reloads]),
    () => load({ skip: page * pageSize, take: pageSize, search: search || undefined, filter: filter.value }),
    {
      onAnswer: (result) => {
        // A delete or an edit elsewhere can empty the last page; step back rather than show an empty page
        // with records before it.
        const back = pageAfterEmptyAnswer(page, pageSize, result);
        if (back !== null) return setPage(back);
        setRows(result.data);
        setTotal(result.total);
        // A filter the user set, even back to the first one, is their own narrowing of the list.
        warnIfEmpty(emptyNotice, search !== "" || filter.n > 0, result);
      },
    },
  );

  const rowAction = useRowAction<number>();
  const { run } = rowAction;
  const runRowAction = useCallback(
    (id: number, work: () => Promise<{ message: string }>, after: () => void = reload) => run(id, work, after),
    [run, reload],
  );

  return {
    rows,
    total,
    page,
    setPage,
    pageSize,
    setPageSize,
    searchText,
    setSearchText,
    search,
    filter: filter.value,
    setFilter,
    loading,
    reload,
    reloadFromStart,
    busyId: rowAction.busy,
    setBusyId: rowAction.setBusy,
    runRowAction,
  };
}

/**
 * The search the list reads with: the box's text, trimmed, once typing has paused. A new search goes back to
 * the first page (`onChange`), while the same text typed again does not.
 */
function useSettledSearch(searchText: string, onChange: () => void): string {
  const settled = useDebounced(searchText).trim();
  const [search, setSearch] = useState(settled);
  if (settled !== search) {
    setSearch(settled);
    onChange();
  }
  return search;
}

/** The page that holds the first row shown now, once the page size changes. */
export function pageForSize(page: number, oldSize: number, newSize: number): number {
  return Math.floor((page * oldSize) / newSize);
}

/** The last page with records when a later page came back empty; null when the answer stands. */
export function pageAfterEmptyAnswer(page: number, pageSize: number, answer: { data: unknown[]; total: number }): number | null {
  if (answer.data.length > 0 || page === 0 || answer.total === 0) return null;
  return Math.ceil(answer.total / pageSize) - 1;
}

/** The server's largest page; exports walk a whole list in pages of this size. */
export const EXPORT_PAGE = 200;

/** Every row of a list, read page by page (an export of what the list screen shows). */
export async function loadEveryPage<T>(loadPage: (skip: number, take: number) => Promise<ListResult<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let skip = 0; ; skip += EXPORT_PAGE) {
    const page = await loadPage(skip, EXPORT_PAGE);
    rows.push(...page.data);
    if (page.data.length < EXPORT_PAGE || rows.length >= page.total) return rows;
  }
}
