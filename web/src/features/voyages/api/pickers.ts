import { useActiveList } from "../../../lib/active-lists.ts";

/**
 * The master data the voyage forms and filters choose from (reads shared for a minute, see lib/active-lists.ts).
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

/**
 * The active records of one resource; empty until they arrive. `fresh` skips the shared read: the schedule
 * dialog wants a route created a moment ago on the Routes screen.
 */
export function usePicker<K extends keyof Pickers>(kind: K, enabled = true, fresh = false): Pickers[K][] {
  return useActiveList<Pickers[K]>(PATH[kind], enabled, fresh);
}
