import { useEffect, useState } from "react";
import { ApiError } from "../lib/api.ts";
import { errorText, notify } from "../lib/notify.ts";

/** A record named by the page address: still loading, not there, or loaded. */
export type Addressed<T> = { kind: "loading" } | { kind: "missing"; message: string } | { kind: "ready"; value: T };

/**
 * Loads what the page address names. A 404 (or a 400 for a malformed name) becomes the "missing" state with
 * `missingText`, since a wrong address is a page state rather than a passing notice; other failures show
 * their error as well. `key` holds the address parts `load` reads: the record is loaded again when it changes.
 * The setter lets a page put back the record a save answered.
 */
export function useAddressedRecord<T>(key: string, load: () => Promise<T>, missingText: string) {
  const [state, setState] = useState<Addressed<T>>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    load()
      .then((value) => live && setState({ kind: "ready", value }))
      .catch((error) => {
        if (!live) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ kind: "missing", message: missingText });
        } else {
          notify.error(errorText(error));
          setState({ kind: "missing", message: errorText(error) });
        }
      });
    return () => {
      live = false;
    };
  }, [key]);

  const setValue = (value: T) => setState({ kind: "ready", value });
  return [state, setValue] as const;
}
