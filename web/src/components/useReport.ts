import { useEffect, useState } from "react";
import { errorText, notify } from "../lib/notify.ts";

export interface ReportState<R> {
  report: R | null;
  loading: boolean;
}

export interface ReportOptions {
  /** Warn with the server's message when the answer has no rows, as the lists do. */
  warnWhenEmpty?: boolean;
  /** Bump to load the same query again (after a change the report reads). */
  revision?: number;
}

/**
 * Loads a report whenever its query changes; a slower answer to an older query is dropped so the screen
 * always shows the latest filter. A null query (an unfinished filter) loads nothing. The query is compared by
 * its JSON: a new object with the same filter is the same report.
 */
export function useReport<Q, R extends { data: unknown[]; message?: string }>(
  load: (query: Q) => Promise<R>,
  query: Q | null,
  options: ReportOptions = {},
): ReportState<R> {
  const [state, setState] = useState<ReportState<R>>({ report: null, loading: false });
  const key = query === null ? null : JSON.stringify(query);
  const { warnWhenEmpty = false, revision = 0 } = options;
  useEffect(() => {
    if (query === null) {
      setState({ report: null, loading: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load(query)
      .then((report) => {
        if (!current) return;
        setState({ report, loading: false });
        if (warnWhenEmpty && report.data.length === 0) notify.warning(report.message ?? "No data found");
      })
      .catch((error) => {
        if (!current) return;
        setState({ report: null, loading: false });
        notify.error(errorText(error));
      });
    return () => {
      current = false;
    };
  }, [key, load, warnWhenEmpty, revision]);
  return state;
}
