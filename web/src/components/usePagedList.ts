import { useCallback, useEffect, useEffectEvent, useState } from "react";
import type { ListResult } from "../../../api/shared/contracts.ts";
import { whileSaving } from "../lib/leave-guard.ts";
import { errorText, notify } from "../lib/notify.ts";

/** The lists' page of 20 (000 §9). */
export const PAGE_SIZE = 20;
/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DELAY_MS = 300;

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
export function usePagedList<T, F>({ load, initialFilter, pageSize: initialPageSize = PAGE_SIZE }: PagedListOptions<T, F>): PagedList<T, F> {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeValue] = useState(initialPageSize);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [filter, setFilterValue] = useState<F>(initialFilter);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [busyId, setBusyId] = useState<number | null>(null);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const reloadFromStart = useCallback(() => {
    setPage(0);
    reload();
  }, [reload]);

  const setPageSize = useCallback((size: number) => {
    if (size === pageSize) return;
    setPage(Math.floor((page * pageSize) / size));
    setPageSizeValue(size);
  }, [page, pageSize]);

  const setFilter = useCallback((next: F) => {
    setFilterValue(next);
    setPage(0);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch((current) => {
        const next = searchText.trim();
        if (next !== current) setPage(0);
        return next;
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // The loader is read when the effect runs, so a page may pass a fresh arrow function on every render.
  const loadPage = useEffectEvent((query: PageQuery<F>) => load(query));

  useEffect(() => {
    let stale = false;
    setLoading(true);
    loadPage({ skip: page * pageSize, take: pageSize, search: search || undefined, filter })
      .then((result) => {
        if (stale) return;
        // A delete or an edit elsewhere can empty the last page; step back rather than show an empty page
        // with records before it.
        if (result.data.length === 0 && page > 0 && result.total > 0) {
          setPage(Math.ceil(result.total / pageSize) - 1);
          return;
        }
        setRows(result.data);
        setTotal(result.total);
        // 000 §5: an empty page warns with the server's own message.
        if (result.data.length === 0) notify.warning(result.message ?? "No more data to load");
      })
      .catch((error) => {
        if (!stale) notify.error(errorText(error));
      })
      .finally(() => {
        if (!stale) setLoading(false);
      });
    return () => {
      stale = true;
    };
  }, [page, pageSize, search, filter, reloads]);

  const runRowAction = useCallback(async (id: number, work: () => Promise<{ message: string }>, after: () => void = reload) => {
    setBusyId(id);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusyId(null);
      after();
    }
  }, [reload]);

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
    filter,
    setFilter,
    loading,
    reload,
    reloadFromStart,
    busyId,
    setBusyId,
    runRowAction,
  };
}
