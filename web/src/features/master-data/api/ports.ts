import type { Branch, Port, PortInput } from "../../../../../api/modules/master-data/schemas.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";
import { loadEveryPage } from "../../../lib/data/paged-list.ts";

export type { Branch, Port, PortInput };

export type StatusFilter = "All" | "IsActive" | "IsInactive";

export interface PortQuery {
  skip: number;
  take: number;
  search?: string;
  filter?: StatusFilter;
  branchCode?: string;
}

export const loadPorts = (query: PortQuery) => api.get<ListResult<Port>>("/ports/load", { ...query });

export const createPort = (input: PortInput) => api.post<WriteResult<Port>>("/ports", input);

export const updatePort = (id: number, input: Partial<PortInput> & { dateModified: string }) =>
  api.put<WriteResult<Port>>(`/ports/update/${id}`, input);

export const deletePorts = (ids: number[]) => api.del<WriteResult<{ ids: number[] }>>("/ports/delete", ids);

export const activatePort = (id: number, isActive: boolean) =>
  api.put<WriteResult<Port>>(`/ports/activate/${id}`, undefined, { query: { isActive } });

/** Every port matching the list's search and filter, for exports. */
export const loadAllPorts = (query: Omit<PortQuery, "skip" | "take">): Promise<Port[]> =>
  loadEveryPage((skip, take) => loadPorts({ ...query, skip, take }));
