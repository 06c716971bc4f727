import { z } from "zod";
import { activationQuery, deleteBody, idParam, listQuery } from "../shared/contracts.ts";
import type { CrudService, MasterTable } from "../shared/crud.ts";
import { type Permission, route, type RouteDef } from "./route.ts";

export interface CrudRouteOptions<T extends MasterTable> {
  /** Path word of the resource as the spec spells it: 'ports' gives /ports/load, /ports/get/{id}, ... */
  resource: string;
  tag: string;
  permission: Permission;
  service: CrudService<T>;
  createBody: z.ZodType;
  /** The update body; the factory adds the required dateModified. */
  updateBody: z.ZodObject;
  row: z.ZodType;
  /** Extra list filters as query parameters (e.g. branchCode). */
  filters?: z.ZodObject;
}

const writeResult = (row: z.ZodType) => z.object({ data: row, message: z.string() });

/** The shared master-data pattern of 000 §7: load, get, create, update, delete, activate, list active. */
export function crudRoutes<T extends MasterTable>(o: CrudRouteOptions<T>): RouteDef[] {
  const { service, permission, tag } = o;
  const label = service.description.label;
  const base = `/${o.resource}`;
  const loadQuery = o.filters ? listQuery.extend(o.filters.shape) : listQuery;
  const updateBody = o.updateBody.extend({ dateModified: z.iso.datetime({ offset: true, error: "dateModified must be the ISO timestamp you loaded" }) });
  return [
    route({
      method: "get", path: `${base}/load`, permission, tag, query: loadQuery,
      summary: `List ${label.toLowerCase()} records a page at a time (skip, take, search, filter)`,
      response: z.object({ data: z.array(o.row), total: z.number(), message: z.string().optional() }),
    }, ({ deps, query }) => service.load(deps.db, query as never)),
    route({
      method: "get", path: `${base}/getIsActive`, permission: "authenticated", tag,
      query: o.filters?.partial(),
      summary: `All active ${label.toLowerCase()} records, for pickers`,
      response: z.object({ data: z.array(o.row) }),
    }, async ({ deps, query }) => ({ data: await service.listActive(deps.db, (query ?? {}) as Record<string, unknown>) })),
    route({
      method: "get", path: `${base}/get/{id}`, permission, tag, params: idParam,
      summary: `One ${label.toLowerCase()} by id`, response: z.object({ data: o.row }),
    }, async ({ deps, params }) => ({ data: await service.get(deps.db, params.id) })),
    route({
      method: "post", path: base, permission, tag, body: o.createBody, status: 201,
      summary: `Create a ${label.toLowerCase()}`, response: writeResult(o.row),
    }, ({ deps, body, caller }) => service.create(deps.db, body as Record<string, unknown>, caller)),
    route({
      method: "put", path: `${base}/update/{id}`, permission, tag, params: idParam, body: updateBody,
      summary: `Update a ${label.toLowerCase()}; dateModified must be the one loaded (409 when stale)`,
      response: writeResult(o.row),
    }, ({ deps, params, body, caller }) => service.update(deps.db, params.id, body as never, caller)),
    route({
      method: "delete", path: `${base}/delete`, permission, tag, body: deleteBody,
      summary: `Delete ${label.toLowerCase()} records by id (all or none)`,
      response: writeResult(z.object({ ids: z.array(z.number()) })),
    }, ({ deps, body }) => service.remove(deps.db, body)),
    route({
      method: "put", path: `${base}/activate/{id}`, permission, tag, params: idParam, query: activationQuery,
      summary: `Activate or deactivate a ${label.toLowerCase()} (?isActive=true|false)`,
      response: writeResult(o.row),
    }, ({ deps, params, query, caller }) => service.activate(deps.db, params.id, query.isActive, caller)),
  ];
}
