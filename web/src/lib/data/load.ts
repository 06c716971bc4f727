import { useCallback, useEffect, useEffectEvent, useState } from "react";
import { errorText, notify } from "../notify.ts";

/**
 * The one way the screens read from the server. Every hook of this folder (a record, a paged or growing list,
 * a report, a picker) runs its reads through `useLoader`, so each answers the same way: the read runs again
 * when its key changes, an answer to an older key is dropped (a slow reply never overwrites a newer one), and
 * a failure is shown as a notice unless the screen treats it as a state of its own.
 */

export interface LoaderHandlers<T> {
  /** A fresh answer to the current key. */
  onAnswer: (value: T) => void;
  /** The current key's read failed (after the notice, when there is one). */
  onFailure?: (error: unknown) => void;
  /** True for a failure the screen shows as a page state rather than a notice (a 404 for a mistyped address). */
  quiet?: (error: unknown) => boolean;
}

/**
 * Runs `load` each time `key` changes; a null key reads nothing. `load` and the handlers are read when the
 * read starts and ends, so a screen may pass fresh arrow functions on every render. Returns whether a read of
 * the current key is under way.
 */
export function useLoader<T>(key: string | null, load: () => Promise<T>, handlers: LoaderHandlers<T>): boolean {
  const [loading, setLoading] = useState(key !== null);
  const read = useEffectEvent(load);
  const answer = useEffectEvent((value: T) => handlers.onAnswer(value));
  const fail = useEffectEvent((error: unknown) => {
    if (!handlers.quiet?.(error)) notify.error(errorText(error));
    handlers.onFailure?.(error);
  });

  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    read()
      .then((value) => live && answer(value), (error) => live && fail(error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);

  return loading;
}

export interface RecordState<T> {
  /** The last answer; null while the key is null, until one arrives, and with `keepStale: false` while a new key loads. */
  data: T | null;
  loading: boolean;
  /** Why the last read failed; null after a success. */
  error: unknown;
  /** Reads the same key again. */
  reload: () => void;
  /** Puts an answer the server already gave (a save's reply) in place, without asking again. */
  set: (data: T) => void;
}

export interface RecordOptions<T> {
  /** A failure that is a page state rather than a notice (see LoaderHandlers.quiet). */
  quiet?: (error: unknown) => boolean;
  /** Keep showing the last answer while another key loads (the default); false shows nothing meanwhile. */
  keepStale?: boolean;
  /** Called with each fresh answer, for what the screen derives from it (a form's draft, an empty-list warning). */
  onAnswer?: (data: T) => void;
  /** Called when the current key's read failed, after its notice. */
  onFailure?: (error: unknown) => void;
}

/** One thing read by key (a record, a month of a calendar); nothing is asked while the key is null. */
export function useRecord<T>(key: string | null, load: (key: string) => Promise<T>, options: RecordOptions<T> = {}): RecordState<T> {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: unknown }>({ key: null, data: null, error: null });
  const [reloads, setReloads] = useState(0);
  const loading = useLoader(key === null ? null : `${reloads}:${key}`, () => load(key!), {
    onAnswer: (data) => {
      setState({ key, data, error: null });
      options.onAnswer?.(data);
    },
    onFailure: (error) => {
      setState((s) => ({ ...s, key, error }));
      options.onFailure?.(error);
    },
    quiet: options.quiet,
  });
  // Nothing asked, nothing shown; otherwise the last answer stands while the next key loads, unless told not to.
  const fresh = key !== null && (state.key === key || options.keepStale !== false);
  return {
    data: fresh ? state.data : null,
    // Until the current key has an answer or a failure, it is loading, even before the read has started.
    loading: key !== null && (loading || state.key !== key),
    error: fresh ? state.error : null,
    reload: useCallback(() => setReloads((n) => n + 1), []),
    set: useCallback((data: T) => setState({ key, data, error: null }), [key]),
  };
}

/** The value once it has stopped changing for `ms`: typing in a search box asks the server once. */
export function useDebounced<T>(value: T, ms = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Typing pauses this long before a search goes to the server. */
export const SEARCH_DELAY_MS = 300;

/**
 * How many times a dialog has opened: a key for what it reads on each opening (`null` before the first), so
 * the last answer stays shown between openings and while the next read runs.
 */
export function useOpenings(isOpen: boolean): string | null {
  const [opened, setOpened] = useState({ isOpen: false, times: 0 });
  if (opened.isOpen !== isOpen) setOpened({ isOpen, times: opened.times + (isOpen ? 1 : 0) });
  return opened.times === 0 ? null : String(opened.times);
}
