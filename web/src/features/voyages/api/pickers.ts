import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";

/**
 * The master data the voyage forms and filters choose from. A read is shared for a minute, so the list's
 * filters and its dialog do not ask twice, and a route added on the Routes screen shows up soon after.
 */

export interface Vessel {
  code: string;
  name: string;
}
export interface Branch {
  code: string;
  name: string;
}
export interface Route {
  code: string;
  name: string;
  originBranchCode: string;
  destinationBranchCodes: string[];
}

interface Pickers {
  vessels: Vessel;
  branches: Branch;
  routes: Route;
}

const PATH: Record<keyof Pickers, string> = {
  vessels: "/Vessels/getIsActive",
  branches: "/Branches/getIsActive",
  routes: "/Routes/getRouteIsActive",
};

const SHARED_FOR_MS = 60_000;
const cache = new Map<keyof Pickers, { at: number; pending: Promise<unknown[]> }>();

function load<K extends keyof Pickers>(kind: K, fresh: boolean): Promise<Pickers[K][]> {
  const held = cache.get(kind);
  if (!fresh && held && Date.now() - held.at < SHARED_FOR_MS) return held.pending as Promise<Pickers[K][]>;
  const pending = api.get<{ data: Pickers[K][] }>(PATH[kind]).then((r) => r.data);
  pending.catch(() => cache.delete(kind));
  cache.set(kind, { at: Date.now(), pending });
  return pending;
}

/**
 * The active records of one resource; empty until they arrive. `fresh` skips the shared read: the schedule
 * dialog wants a route created a moment ago on the Routes screen.
 */
export function usePicker<K extends keyof Pickers>(kind: K, enabled = true, fresh = false): Pickers[K][] {
  const [rows, setRows] = useState<Pickers[K][]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load(kind, fresh)
      .then((data) => live && setRows(data))
      .catch((error) => live && notify.error(errorText(error)));
    return () => {
      live = false;
    };
  }, [kind, enabled, fresh]);
  return rows;
}
