import { z } from "zod";
import { activationQuery, deleteBody, idParam, listQuery } from "../shared/contracts.ts";
import type { CrudService, MasterTable } from "../shared/crud.ts";
import type { EntityPaths } from "../shared/fields.ts";
import { type Permission, route, type RouteAlias, type RouteDef } from "./route.ts";

/** The parts of an entity's shared contract (api/shared/fields.ts) the routes are made from. */
export interface RouteContract {
  resource: string;
  paths: EntityPaths;
  input: z.ZodType;
  update: z.ZodType;
  row: z.ZodType;
}

export interface CrudRouteOptions<T extends MasterTable> {
  contract: RouteContract;
  tag: string;
  permission: Permission;
  service: CrudService<T>;
  /** Other spellings of some of the calls, as the spec's clients write them (see RouteAlias). */
  aliases?: Partial<Record<keyof EntityPaths, readonly RouteAlias[]>>;
}

const writeResult = (row: z.ZodType) => z.object({ data: row, message: z.string() });

const codeParam = z.object({ code: z.string().trim().min(1, "code is required").max(30, "code can be at most 30 characters") });

/** The shared master-data pattern of 000 §7: load, get, create, update, delete, activate, list active. */
export function crudRoutes<T extends MasterTable>(o: CrudRouteOptions<T>): RouteDef[] {
  const { service, permission, tag, contract } = o;
  const aliases = (call: keyof EntityPaths) => o.aliases?.[call];
  const label = service.label.toLowerCase();
  const path = (call: keyof EntityPaths) => `/${contract.resource}${contract.paths[call] ? `/${contract.paths[call]}` : ""}`;
  // The description's filter columns become optional query parameters of load and of the active list.
  const filterKeys = Object.keys(service.description.filterColumns ?? {});
  const filters = filterKeys.length > 0
    ? z.object(Object.fromEntries(filterKeys.map((k) => [k, z.string().trim().max(30, `${k} can be at most 30 characters`).optional()])))
    : undefined;
  const loadQuery = filters ? listQuery.extend(filters.shape) : listQuery;
  const byCode = contract.paths.update.includes("{code}");
  const deleteById = contract.paths.delete.includes("{id}");
  return [
    route({
      method: "get", path: path("load"), permission, tag, query: loadQuery,
      summary: `List ${label} records a page at a time (skip, take, search, filter)`,
      response: z.object({ data: z.array(contract.row), total: z.number(), message: z.string().optional() }),
    }, ({ deps, query }) => service.load(deps.db, query as never)),
    route({
      method: "get", path: path("listActive"), permission: "authenticated", tag,
      query: filters,
      summary: `All active ${label} records, for pickers`,
      response: z.object({ data: z.array(contract.row) }),
    }, async ({ deps, query }) => ({ data: await service.listActive(deps.db, (query ?? {}) as Record<string, unknown>) })),
    route({
      method: "get", path: path("get"), permission, tag, params: idParam,
      summary: `One ${label} by id`, response: z.object({ data: contract.row }),
    }, async ({ deps, params }) => ({ data: await service.get(deps.db, params.id) })),
    route({
      method: "post", path: path("create"), permission, tag, body: contract.input, status: 201, aliases: aliases("create"),
      summary: `Create a ${label}`, response: writeResult(contract.row),
    }, ({ deps, body, caller }) => service.create(deps.db, body as Record<string, unknown>, caller)),
    byCode
      ? route({
        method: "put", path: path("update"), permission, tag, params: codeParam, body: contract.update,
        summary: `Update a ${label} by code; dateModified must be the one loaded (409 when stale)`,
        response: writeResult(contract.row),
      }, async ({ deps, params, body, caller }) => {
        const current = await service.getByCode(deps.db, params.code);
        return service.update(deps.db, current.id as number, body as never, caller);
      })
      : route({
        method: "put", path: path("update"), permission, tag, params: idParam, body: contract.update,
        summary: `Update a ${label}; dateModified must be the one loaded (409 when stale)`,
        response: writeResult(contract.row),
      }, ({ deps, params, body, caller }) => service.update(deps.db, params.id, body as never, caller)),
    deleteById
      ? route({
        method: "delete", path: path("delete"), permission, tag, params: idParam,
        summary: `Delete one ${label} by id`,
        response: writeResult(z.object({ ids: z.array(z.number()) })),
      }, ({ deps, params, caller }) => service.remove(deps.db, [params.id], caller))
      : route({
        method: "delete", path: path("delete"), permission, tag, body: deleteBody,
        summary: `Delete ${label} records by id (all or none)`,
        response: writeResult(z.object({ ids: z.array(z.number()) })),
      }, ({ deps, body, caller }) => service.remove(deps.db, body, caller)),
    route({
      method: "put", path: path("activate"), permission, tag, params: idParam, query: activationQuery,
      summary: `Activate or deactivate a ${label} (?isActive=true|false)`,
      response: writeResult(contract.row),
    }, ({ deps, params, query, caller }) => service.activate(deps.db, params.id, query.isActive, caller)),
  ];
}
