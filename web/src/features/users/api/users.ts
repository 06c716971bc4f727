import type { Branch } from "../../../../../api/modules/master-data/schemas.ts";
import type { Role } from "../../../../../api/modules/roles/schemas.ts";
import type { EMAIL_TEMPLATES, User, UserInput } from "../../../../../api/modules/users/schemas.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { loadActiveRoles, loadPicker } from "../../../lib/data/pickers.ts";

export type { Branch, Role, User, UserInput };

export type StatusFilter = "All" | "IsActive" | "IsInactive";
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/** A container yard as the user dialog lists it. */
export interface ContainerYard {
  id?: number;
  code: string;
  name: string;
}

export interface UserQuery {
  skip: number;
  take: number;
  search?: string;
  filter?: StatusFilter;
}

export const loadUsers = (query: UserQuery) => api.get<ListResult<User>>("/users/load", { ...query });

export const getUser = (id: number) => api.get<{ data: User }>(`/users/${id}`);

/** The screen adds one user at a time through the spec's array call; the answer carries that one user. */
export const createUser = (input: UserInput) => api.post<WriteResult<User | User[]>>("/users/multipleInsert", [input]);

export const updateUser = (id: number, input: UserInput & { dateModified: string }) =>
  api.put<WriteResult<User>>(`/users/update/${id}`, input);

export const deleteUsers = (ids: number[]) => api.del<WriteResult<unknown>>("/users/delete", ids);

export const activateUser = (id: number, isActive: boolean) =>
  api.put<WriteResult<User>>(`/users/activation/${id}`, undefined, { query: { isActive } });

export const sendUserEmail = (id: number, template: EmailTemplate) =>
  api.post<WriteResult<unknown>>(`/Users/sendEmail/${id}`, undefined, { query: { template } });

/** Sets a user's password as an administrator; the path takes the sign-in id, as the spec's client sends it. */
export const setUserPassword = (userId: string, password: string) =>
  api.put<WriteResult<unknown>>(`/Users/ChangePasswordAdmin/${encodeURIComponent(userId)}`, undefined, { query: { password } });

// Read afresh on every opening of the dialog: roles, branches and yards change on other screens meanwhile.
export const activeRoles = () => loadActiveRoles<Role>(true);

export const activeBranches = () => loadPicker("branches", true);

/**
 * Active container yards, or null while the server has no container-yard list to offer (it answers 404).
 * The dialog then says so instead of offering an empty or made-up list.
 */
export async function activeContainerYards(): Promise<ContainerYard[] | null> {
  try {
    return await loadPicker("containerYards", true);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
