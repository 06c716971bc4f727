import { type EntityContract, entityPath } from "../../../../../api/shared/fields.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";

/** A record as the shared calls return it: its fields plus id, isActive and the audit fields. */
export type EntityRow = Record<string, unknown> & { id: number; isActive: boolean; dateModified: string };

export type StatusFilter = "All" | "IsActive" | "IsInactive";

export interface EntityQuery {
  skip: number;
  take: number;
  search?: string;
  filter?: StatusFilter;
  [filterColumn: string]: string | number | undefined;
}

type Contract = Pick<EntityContract, "resource" | "paths">;

/** The shared calls of one entity, at the paths its contract names. */
export function entityApi(contract: Contract) {
  const path = (call: Parameters<typeof entityPath>[1], id?: number | string) => entityPath(contract, call, id);
  return {
    load: (query: EntityQuery) => api.get<ListResult<EntityRow>>(path("load"), query),
    get: (id: number) => api.get<{ data: EntityRow }>(path("get", id)),
    create: (input: Record<string, unknown>) => api.post<WriteResult<EntityRow>>(path("create"), input),
    update: (row: EntityRow, changes: Record<string, unknown>) =>
      api.put<WriteResult<EntityRow>>(
        path("update", contract.paths.update.includes("{code}") ? String(row.code) : row.id),
        { ...changes, dateModified: row.dateModified },
      ),
    remove: (ids: number[]) =>
      contract.paths.delete.includes("{id}")
        ? api.del<WriteResult<{ ids: number[] }>>(path("delete", ids[0]))
        : api.del<WriteResult<{ ids: number[] }>>(path("delete"), ids),
    activate: (id: number, isActive: boolean) => api.put<WriteResult<EntityRow>>(path("activate", id), undefined, { query: { isActive } }),
  };
}
