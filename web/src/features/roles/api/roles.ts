import type { Role, RoleInput } from "../../../../../api/modules/roles/schemas.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";

export type { Role, RoleInput };

export type StatusFilter = "All" | "IsActive" | "IsInactive";

export interface RoleQuery {
  skip: number;
  take: number;
  search?: string;
  filter?: StatusFilter;
}

export interface RoleDetail {
  menuId: string;
  isAllowed: boolean;
}

export const loadRoles = (query: RoleQuery) => api.get<ListResult<Role>>("/Roles/load", { ...query });

export const getRole = (id: number) => api.get<{ data: Role }>(`/Roles/get/${id}`);

export const createRole = (input: RoleInput) => api.post<WriteResult<Role>>("/Roles", input);

/** The spec's update shape: the role row as tblRoles and its permissions as tblRoleDetails, addressed by the role's code. */
export const updateRole = (
  roleCode: string,
  role: { roleId: string; roleName: string; isDat: boolean; dateModified: string },
  details: RoleDetail[],
) => api.put<WriteResult<Role>>(`/Roles/update/${encodeURIComponent(roleCode)}`, { tblRoles: role, tblRoleDetails: details });

export const deleteRoles = (ids: number[]) => api.del<WriteResult<unknown>>("/Roles/delete", ids);

export const activateRole = (id: number, isActive: boolean) =>
  api.put<WriteResult<Role>>(`/Roles/activation/${id}`, undefined, { query: { isActive } });
