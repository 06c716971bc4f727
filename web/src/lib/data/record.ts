import { ApiError } from "../api.ts";
import { errorText } from "../notify.ts";
import { useRecord } from "./load.ts";

/** A record named by the page address: still loading, not there, or loaded. */
export type Addressed<T> = { kind: "loading" } | { kind: "missing"; message: string } | { kind: "ready"; value: T };

/** A 404, or a 400 for a malformed name: the address names nothing. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Loads what the page address names. A 404 (or a 400 for a malformed name) becomes the "missing" state with
 * `missingText`, since a wrong address is a page state rather than a passing notice; other failures show
 * their error as well. `key` holds the address parts `load` reads: the record is loaded again when it changes.
 * The setter lets a page put back the record a save answered.
 */
export function useAddressedRecord<T>(key: string, load: () => Promise<T>, missingText: string) {
  const record = useRecord(key, load, { quiet: isMissing });
  let state: Addressed<T>;
  if (record.loading) state = { kind: "loading" };
  else if (record.error !== null) state = { kind: "missing", message: isMissing(record.error) ? missingText : errorText(record.error) };
  else if (record.data !== null) state = { kind: "ready", value: record.data };
  else state = { kind: "loading" };
  return [state, record.set] as const;
}
