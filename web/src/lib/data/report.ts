import { warnIfEmpty } from "./empty-notice.ts";
import { useRecord } from "./load.ts";

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
  const key = query === null ? null : JSON.stringify(query);
  const { warnWhenEmpty = false, revision = 0 } = options;
  const record = useRecord(key === null ? null : `${revision}:${key}`, () => load(query!), {
    onAnswer: (answer) => {
      warnIfEmpty(warnWhenEmpty ? "always" : undefined, true, { data: answer.data, message: answer.message ?? "No data found" });
    },
  });
  // A failed read shows no report rather than the previous filter's.
  return { report: record.error !== null ? null : record.data, loading: record.loading };
}
