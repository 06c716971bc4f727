import type { Context } from "hono";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { BaseDirectory } from "../shared/base-directory.ts";
import type { Capability, MenuId } from "../shared/permissions.ts";
import type { UploadedFile } from "../shared/uploads.ts";
import type { AppConfig } from "./config.ts";
import type { Caller } from "../modules/auth/index.ts";
export type { Caller, UploadedFile };

/**
 * Who may call a route: a menu id of 000 §6 or a capability (a named role or approval flag; the caller's role
 * must carry it), any signed-in user, or anyone. Every route states one; the route table test fails on a
 * route without it.
 */
export type Permission = MenuId | Capability | "authenticated" | "public";

export type HttpMethod = "get" | "post" | "put" | "delete";

/**
 * Another spelling of a route that the spec's clients call (POST /Routes/create for POST /Routes), answered by
 * the same handler behind the same permission and checks. A path parameter the alias's path leaves out is read
 * from the query string (GET /Customers/customerChargesV1?code=C1), and so is the body of a GET alias of a
 * route with a body (a list field may come as repeated keys or comma-separated).
 */
export interface RouteAlias {
  method: HttpMethod;
  path: string;
}

/**
 * A route that takes one file: the request is multipart/form-data with the file in `field`, read up to `maxBytes`
 * (413 beyond, 415 for any other kind of body). What the file is, the service decides from its bytes.
 */
export interface UploadSpec {
  field: string;
  maxBytes: number;
}

/** Error statuses a route may answer beyond those the OpenAPI document derives from its declaration. */
export type ExtraErrorStatus = 409 | 410 | 429;

export interface Deps {
  db: Db;
  config: AppConfig;
  log: (line: Record<string, unknown>) => void;
  /** BASE's answers about its ids, when a BASE is configured (createApp fills it from config.base). */
  baseDirectory?: BaseDirectory | null;
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
  /** Takes one file as multipart/form-data instead of a JSON body (see UploadSpec). */
  upload?: UploadSpec;
  /** Documentation of the success body (OpenAPI); the handler's result is not re-validated. */
  response?: Schema;
  /** Status of a successful answer when the handler returns plain data. */
  status?: 200 | 201;
  /** Other spellings of this route (see RouteAlias). */
  aliases?: readonly RouteAlias[];
  /** The OpenAPI operationId, when the one derived from the tag, method and path would clash with another. */
  operationId?: string;
  /** Error statuses this route answers that its shape does not imply: 429 of a rate limit, 410 of a used link. */
  errors?: readonly ExtraErrorStatus[];
  /** Set on the route an alias becomes (by withAliases): the route it is another spelling of. */
  aliasOf?: {
    method: HttpMethod;
    path: string;
    /** For the OpenAPI document: the fields an alias reads from its query string (moved parameters, body). */
    query?: z.ZodObject;
  };
}

export interface HandlerInput<P, Q, B> {
  c: Context;
  params: P;
  query: Q;
  body: B;
  /** The file of an upload route. */
  file: UploadedFile | undefined;
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
