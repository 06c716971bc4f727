import { useState } from "react";
import type { z } from "zod";
import { entityPath } from "../../../../api/shared/fields.ts";
import { ENTITY_CONTRACTS, type EntityName } from "../../../../api/modules/master-data/schemas.ts";
import { api } from "../api.ts";
import { useLoader } from "./load.ts";

/**
 * The active records of a master-data entity (its getIsActive call), for pickers and filters. A read is shared
 * by every screen that asks within a minute, so a list and its form do not ask twice and a record added
 * meanwhile still shows up soon after. A failed read is not remembered: the next screen tries again.
 */

const SHARED_FOR_MS = 60_000;
const cache = new Map<string, { at: number; pending: Promise<unknown[]> }>();

/** The records at `path` (a getIsActive call). `fresh` skips the shared read and renews it. */
export function loadActiveList<T>(path: string, fresh = false): Promise<T[]> {
  const held = cache.get(path);
  if (!fresh && held && Date.now() - held.at < SHARED_FOR_MS) return held.pending as Promise<T[]>;
  const pending = api.get<{ data: T[] }>(path).then((r) => r.data);
  pending.catch(() => cache.delete(path));
  cache.set(path, { at: Date.now(), pending });
  return pending;
}

export interface ActiveListOptions {
  /** False reads nothing yet (a closed dialog). */
  enabled?: boolean;
  /** Skip the shared read: the screen wants a record created a moment ago. */
  fresh?: boolean;
}

/** The records at `path`; empty until they arrive. */
export function useActiveList<T>(path: string, { enabled = true, fresh = false }: ActiveListOptions = {}): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useLoader(enabled ? `${fresh}:${path}` : null, () => loadActiveList<T>(path, fresh), { onAnswer: setRows });
  return rows;
}

/** A master-data entity a picker may list, by the name the web app gives it (ENTITY_CONTRACTS). */
export type PickerKind = EntityName;
/** One active record of that entity, as its contract describes a row. */
export type Picked<K extends PickerKind> = z.infer<(typeof ENTITY_CONTRACTS)[K]["row"]>;

/** Where the active records of an entity are listed. */
export const pickerPath = (kind: PickerKind): string => entityPath(ENTITY_CONTRACTS[kind], "listActive");

/** The active records of an entity, outside React (an export, a check of a page address). */
export const loadPicker = <K extends PickerKind>(kind: K, fresh = false): Promise<Picked<K>[]> => loadActiveList(pickerPath(kind), fresh);

/** The active records of any master-data entity for a picker or filter; empty until they arrive. */
export function usePicker<K extends PickerKind>(kind: K, options: ActiveListOptions = {}): Picked<K>[] {
  return useActiveList<Picked<K>>(pickerPath(kind), options);
}

/** The active roles: not master data, but picked from the same way (their getIsActive call). */
export const loadActiveRoles = <T>(fresh = false): Promise<T[]> => loadActiveList<T>("/Roles/getIsActive", fresh);

/** Code to name, for showing the name beside a code in lists. */
export function namesOf<T extends { code: string }>(rows: readonly T[], name: (row: T) => string): Map<string, string> {
  return new Map(rows.map((row) => [row.code, name(row)]));
}
