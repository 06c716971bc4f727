import { useCallback, useRef, useState } from "react";
import type { ListResult } from "../../../../api/shared/contracts.ts";
import { warnIfEmpty } from "./empty-notice.ts";
import { useLoader } from "./load.ts";

export interface GrowingList<T> {
  rows: T[];
  total: number;
  loading: boolean;
  /** Reads the next page and appends it. */
  loadMore: () => void;
  /** Reads the list again from the start, as far as it was shown, after a write changed it. */
  reload: () => void;
}

/** One read of a growing list: where it starts, how many rows, and whether they go after the rows shown. */
export interface GrowingRead {
  skip: number;
  take: number;
  append: boolean;
}

/** The most rows one call may take (the server's bound). */
const MOST_PER_CALL = 200;

/** The first read of a query. */
export const firstRead = (pageSize: number): GrowingRead => ({ skip: 0, take: pageSize, append: false });
/** The next page after the rows shown. */
export const moreRead = (shown: number, pageSize: number): GrowingRead => ({ skip: shown, take: pageSize, append: true });
/** A read from the start as far as the list was shown (a page at least, what one call may take at most). */
export const againRead = (shown: number, pageSize: number): GrowingRead => ({
  skip: 0,
  take: Math.min(MOST_PER_CALL, Math.max(pageSize, shown)),
  append: false,
});

/**
 * A list that grows by "Load more" rather than turning pages (001 §9: the booking lists grow by 50). `key`
 * stands for the query: when it changes the list starts again from its first page. A reload keeps as many
 * rows as were shown (up to what one call may take), so an action on row 80 does not snap the list back.
 * `searched` is true while the query is the user's own search or filter: only then does an empty answer warn
 * (the list sits beside other work, where an empty list on opening is no news).
 */
export function useGrowingList<T>(
  key: string | null,
  load: (skip: number, take: number) => Promise<ListResult<T>>,
  pageSize: number,
  { searched = false }: { searched?: boolean } = {},
): GrowingList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [request, setRequest] = useState({ key, read: firstRead(pageSize), n: 0 });
  const shown = useRef(0);
  shown.current = rows.length;

  // A new query starts over; adjusting during render spares a first load with the old query.
  if (request.key !== key) setRequest({ key, read: firstRead(pageSize), n: request.n + 1 });
  if (request.key === null && (rows.length > 0 || total > 0)) {
    setRows([]);
    setTotal(0);
  }

  const loading = useLoader(request.key === null ? null : `${request.n}:${request.key}`, () => load(request.read.skip, request.read.take), {
    onAnswer: (result) => {
      setRows((current) => (request.read.append ? [...current, ...result.data] : result.data));
      setTotal(result.total);
      // 001 §2: an empty answer warns with the server's own message when the user asked for it: their own
      // search, or "Load more" finding nothing more.
      warnIfEmpty("searched", searched || request.read.append, result);
    },
  });

  const loadMore = useCallback(() => setRequest((r) => ({ ...r, read: moreRead(shown.current, pageSize), n: r.n + 1 })), [pageSize]);
  const reload = useCallback(() => setRequest((r) => ({ ...r, read: againRead(shown.current, pageSize), n: r.n + 1 })), [pageSize]);
  return { rows, total, loading, loadMore, reload };
}
