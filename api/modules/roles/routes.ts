import { z } from "zod";
import { clientAddress } from "../../http/security.ts";
import { type Caller, route, type RouteDef } from "../../http/route.ts";
import { activationQuery, deleteBody, idParam, listQuery } from "../../shared/contracts.ts";
import {
  menuAccessQuery,
  menuIdBody,
  menuSetQuery,
  roleCodeParam,
  roleDetailRow,
  roleInput,
  roleMultipleInsertBody,
  roleRow,
  roleUpdateBody,
} from "./schemas.ts";
import {
  accessByMenuSet,
  accessOfRole,
  accessOfRoleByType,
  createRole,
  createRoles,
  deleteRoles,
  getRole,
  listActiveRoles,
  loadRoles,
  type RoleActor,
  setRoleActive,
  updateRole,
} from "./service.ts";

const tag = "Roles";
const permission = "SYSTEMACCOUNT";
const writeResult = (data: z.ZodType) => z.object({ data, message: z.string() });

const actorOf = (c: Parameters<typeof clientAddress>[0], caller: Caller): RoleActor => ({
  userId: caller.userId,
  roleId: caller.roleId,
  address: clientAddress(c),
});

export const roleRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Roles/getIsActive", permission: "authenticated", tag,
    summary: "All active roles, for role pickers", response: z.object({ data: z.array(roleRow) }),
  }, async ({ deps }) => ({ data: await listActiveRoles(deps.db) })),
  route({
    method: "get", path: "/Roles/load", permission, tag, query: listQuery,
    summary: "List roles a page at a time (skip, take, search on code and name, filter IsActive|IsInactive|All)",
    response: z.object({ data: z.array(roleRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query }) => loadRoles(deps.db, query)),
  route({
    method: "get", path: "/Roles/get/{id}", permission, tag, params: idParam,
    summary: "One role by id, with its details and how many users hold it", response: z.object({ data: roleRow }),
  }, async ({ deps, params }) => ({ data: await getRole(deps.db, params.id) })),
  route({
    method: "post", path: "/Roles", permission, tag, body: roleInput, status: 201,
    summary: "Create a role with its menus and capabilities", response: writeResult(roleRow),
  }, ({ c, deps, body, caller }) => createRole(deps.db, body, actorOf(c, caller))),
  route({
    method: "post", path: "/Roles/multipleInsert", permission, tag, body: roleMultipleInsertBody, status: 201,
    summary: "Create several roles, all or none", response: writeResult(z.array(roleRow)),
  }, async ({ c, deps, body, caller }) => ({
    data: await createRoles(deps.db, body, actorOf(c, caller), { indexed: true }),
    message: "Role added successfully",
  })),
  route({
    method: "put", path: "/Roles/update/{roleId}", permission, tag, params: roleCodeParam, body: roleUpdateBody,
    summary: "Update a role (by code, or by numeric id) and replace its details; dateModified must be the one loaded (409 when stale)",
    response: writeResult(roleRow),
  }, ({ c, deps, params, body, caller }) => updateRole(deps.db, params.roleId, body, actorOf(c, caller))),
  route({
    method: "delete", path: "/Roles/delete", permission, tag, body: deleteBody,
    summary: "Delete roles by id, all or none; a role still held by users is refused",
    response: writeResult(z.object({ ids: z.array(z.number()) })),
  }, ({ c, deps, body, caller }) => deleteRoles(deps.db, body, actorOf(c, caller))),
  route({
    method: "put", path: "/Roles/activation/{id}", permission, tag, params: idParam, query: activationQuery,
    summary: "Activate or deactivate a role (?isActive=true|false); deactivating signs its users out",
    response: writeResult(roleRow),
  }, ({ c, deps, params, query, caller }) => setRoleActive(deps.db, params.id, query.isActive, actorOf(c, caller))),
  route({
    method: "get", path: "/RoleDetails/getAccessByMenuSet", permission: "authenticated", tag, query: menuSetQuery,
    summary: "Whether a role allows each id of MenuSet (comma-separated menu or capability ids); own role, or any with System Account",
    response: z.object({ data: z.array(z.object({ menuId: z.string(), isAllowed: z.boolean() })) }),
  }, async ({ deps, query, caller }) => ({ data: await accessByMenuSet(deps.db, query.roleId, query.MenuSet, caller) })),
  route({
    method: "post", path: "/RoleDetails/getAccessByMenuIdV1", permission: "authenticated", tag, body: menuIdBody,
    summary: "Every detail row of a role; own role, or any with System Account",
    response: z.object({ data: z.array(roleDetailRow) }),
  }, async ({ deps, body, caller }) => ({ data: await accessOfRole(deps.db, body.roleId, caller) })),
  route({
    method: "get", path: "/RoleDetails/getRoleMenuAccess", permission: "authenticated", tag, query: menuAccessQuery,
    summary: "The detail rows of one type (MENU or CAPABILITY) of a role; own role, or any with System Account",
    response: z.object({ data: z.array(roleDetailRow) }),
  }, async ({ deps, query, caller }) => ({ data: await accessOfRoleByType(deps.db, query.roleId, query.type, caller) })),
];
