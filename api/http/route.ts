import type { Context } from "hono";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Capability, MenuId } from "../shared/permissions.ts";
import type { AppConfig } from "./config.ts";
import type { Caller } from "../modules/auth/index.ts";
export type { Caller };

/**
 * Who may call a route: a menu id of 000 §6 or a capability (a named role or approval flag; the caller's role
 * must carry it), any signed-in user, or anyone. Every route states one; the route table test fails on a
 * route without it.
 */
export type Permission = MenuId | Capability | "authenticated" | "public";

export type HttpMethod = "get" | "post" | "put" | "delete";


export interface Deps {
  db: Db;
  config: AppConfig;
  log: (line: Record<string, unknown>) => void;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  method: HttpMethod;
  /** Relative to /api, with {param} placeholders, spelled as the spec spells it. */
  path: string;
  permission: Permission;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Documentation of the success body (OpenAPI); the handler's result is not re-validated. */
  response?: Schema;
  /** Status of a successful answer when the handler returns plain data. */
  status?: 200 | 201;
}

export interface HandlerInput<P, Q, B> {
  c: Context;
  params: P;
  query: Q;
  body: B;
  /** Present on every route that is not public. */
  caller: Caller;
  deps: Deps;
}

export type Handler<P, Q, B> = (input: HandlerInput<P, Q, B>) => Promise<unknown> | unknown;

export interface RouteDef {
  spec: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;
  handler: Handler<unknown, unknown, unknown>;
}

/** Declares one route; handlers stay thin: validated input in, a service call, a plain result or Response out. */
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  spec: RouteSpec<P, Q, B>,
  handler: Handler<Out<P>, Out<Q>, Out<B>>,
): RouteDef {
  return { spec, handler } as unknown as RouteDef;
}

/** Hono's spelling of a spec path: /ports/get/{id} -> /ports/get/:id */
export function honoPath(path: string): string {
  return "/api" + path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * The routes in the order they are tried: a path's static words before parameters, compared word by word, so
 * /users/load is tried before /users/{id} whatever order the modules declared them in. Routes that cannot match
 * the same path keep their declared order.
 */
export function orderRoutes(routes: readonly RouteDef[]): RouteDef[] {
  const shape = (r: RouteDef) => r.spec.path.split("/").filter(Boolean).map((s) => (s.startsWith("{") ? 1 : 0));
  const keyed = routes.map((r) => ({ r, key: shape(r) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < Math.min(a.key.length, b.key.length); i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
    return a.key.length - b.key.length;
  });
  return keyed.map((k) => k.r);
}
