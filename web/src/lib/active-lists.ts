import { useEffect, useState } from "react";
import { api } from "./api.ts";
import { errorText, notify } from "./notify.ts";

/**
 * The active records of a master-data resource (its getIsActive call), for pickers and filters. A read is shared
 * by every screen that asks within a minute, so a list and its form do not ask twice and a record added
 * meanwhile still shows up soon after. A failed read is not remembered: the next screen tries again.
 */

const SHARED_FOR_MS = 60_000;
const cache = new Map<string, { at: number; pending: Promise<unknown[]> }>();

export function loadActiveList<T>(path: string, fresh = false): Promise<T[]> {
  const held = cache.get(path);
  if (!fresh && held && Date.now() - held.at < SHARED_FOR_MS) return held.pending as Promise<T[]>;
  const pending = api.get<{ data: T[] }>(path).then((r) => r.data);
  pending.catch(() => cache.delete(path));
  cache.set(path, { at: Date.now(), pending });
  return pending;
}

/** The records at `path`; empty until they arrive. `fresh` skips the shared read (a record made a moment ago). */
export function useActiveList<T>(path: string, enabled = true, fresh = false): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadActiveList<T>(path, fresh)
      .then((data) => live && setRows(data))
      .catch((error) => live && notify.error(errorText(error)));
    return () => {
      live = false;
    };
  }, [path, enabled, fresh]);
  return rows;
}
