import { useEffect, useState } from "react";
import { api } from "../../../lib/api.ts";
import { errorText, notify } from "../../../lib/notify.ts";

/**
 * The master data the quotation forms choose from: the active records of each resource. A read is shared by
 * the screens that open within a minute of it, so a list and its form do not ask twice, and a customer added
 * meanwhile still shows up soon after.
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

const SHARED_FOR_MS = 60_000;

const cache = new Map<keyof Pickers, { at: number; pending: Promise<unknown[]> }>();

function load<K extends keyof Pickers>(kind: K): Promise<Pickers[K][]> {
  const held = cache.get(kind);
  if (held && Date.now() - held.at < SHARED_FOR_MS) return held.pending as Promise<Pickers[K][]>;
  const pending = api.get<{ data: Pickers[K][] }>(`/${RESOURCE[kind]}/getIsActive`).then((r) => r.data);
  // A failed read is tried again by the next screen rather than remembered.
  pending.catch(() => cache.delete(kind));
  cache.set(kind, { at: Date.now(), pending });
  return pending;
}

/** The active records of one resource for a picker; empty until they arrive. */
export function usePicker<K extends keyof Pickers>(kind: K, enabled = true): Pickers[K][] {
  const [rows, setRows] = useState<Pickers[K][]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load(kind)
      .then((data) => live && setRows(data))
      .catch((error) => live && notify.error(errorText(error)));
    return () => {
      live = false;
    };
  }, [kind, enabled]);
  return rows;
}

/** Code to name, for showing the name beside a code in lists. */
export function namesOf<T extends { code: string }>(rows: readonly T[], name: (row: T) => string): Map<string, string> {
  return new Map(rows.map((row) => [row.code, name(row)]));
}
