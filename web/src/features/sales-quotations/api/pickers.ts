import { useActiveList } from "../../../lib/active-lists.ts";

/**
 * The master data the quotation forms choose from: the active records of each resource, each read shared for
 * a minute (lib/active-lists.ts).
 */

export interface Customer {
  code: string;
  company: string;
}
export interface CargoType {
  code: string;
  name: string;
}
export interface Branch {
  code: string;
  name: string;
}
export interface Port {
  code: string;
  name: string;
  branchCode: string;
}
export interface Area {
  code: string;
  name: string;
  portCode: string | null;
  province: string | null;
  city: string | null;
}
export interface ServiceMode {
  code: string;
  name: string;
  doorOrigin: boolean;
  doorDestination: boolean;
}

interface Pickers {
  customers: Customer;
  cargoTypes: CargoType;
  branches: Branch;
  ports: Port;
  areas: Area;
  serviceModes: ServiceMode;
}

const RESOURCE: Record<keyof Pickers, string> = {
  customers: "Customers",
  cargoTypes: "CargoTypes",
  branches: "Branches",
  ports: "ports",
  areas: "areas",
  serviceModes: "ServiceModes",
};

/** The active records of one resource for a picker; empty until they arrive. */
export function usePicker<K extends keyof Pickers>(kind: K, enabled = true): Pickers[K][] {
  return useActiveList<Pickers[K]>(`/${RESOURCE[kind]}/getIsActive`, enabled);
}

/** Code to name, for showing the name beside a code in lists. */
export function namesOf<T extends { code: string }>(rows: readonly T[], name: (row: T) => string): Map<string, string> {
  return new Map(rows.map((row) => [row.code, name(row)]));
}
