import { z } from "zod";
import type { Handler, RouteAlias, RouteDef, RouteSpec } from "./route.ts";

type Schema = z.ZodType;
type AnySpec = RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;

const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The object schema under a preprocess or a transform, so its fields can be listed one by one. */
export function objectOf(schema: Schema | undefined): z.ZodObject | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof z.ZodObject) return current;
    if (current instanceof z.ZodPipe) current = current.in instanceof z.ZodTransform ? current.out : current.in;
    else return undefined;
  }
  return undefined;
}

/**
 * A list field sent in a query string comes as one text when the key appears once: read it as
 * comma-separated, but only for a field the schema refuses for not being a list.
 */
function listsFromText(schema: Schema, input: Record<string, unknown>): Record<string, unknown> {
  const first = schema.safeParse(input);
  if (first.success) return input;
  const fixed = { ...input };
  for (const issue of first.error.issues) {
    const key = issue.path[0];
    if (issue.code === "invalid_type" && issue.expected === "array" && issue.path.length === 1 && typeof key === "string" && typeof input[key] === "string") {
      fixed[key] = (input[key] as string).split(",");
    }
  }
  return fixed;
}

function aliasRoute({ spec, handler }: RouteDef, alias: RouteAlias): RouteDef {
  const name = `${alias.method.toUpperCase()} ${alias.path} (another spelling of ${spec.method.toUpperCase()} ${spec.path})`;
  const own = paramNames(spec.path);
  const kept = paramNames(alias.path);
  const strange = kept.filter((p) => !own.includes(p));
  if (strange.length) throw new Error(`${name} names path parameters the route does not have: ${strange.join(", ")}.`);
  const moved = own.filter((p) => !kept.includes(p));
  const bodyInQuery = spec.body !== undefined && alias.method === "get";
  const { aliases: _aliases, operationId: _operationId, ...rest } = spec;
  const aliasOf = { method: spec.method, path: spec.path };
  if (moved.length === 0 && !bodyInQuery) {
    return { spec: { ...rest, method: alias.method, path: alias.path, aliasOf }, handler };
  }

  const params = objectOf(spec.params);
  if (moved.length && !params) throw new Error(`${name}: the route's path parameters must be an object schema to be read from the query.`);
  const only = (keys: string[]) => params && keys.length ? z.object(Object.fromEntries(keys.map((k) => [k, params.shape[k]]))) : undefined;
  const keptParams = only(kept);
  const movedParams = only(moved);
  const body = bodyInQuery ? spec.body : undefined;
  const bodyFields = objectOf(body);
  if (body && !bodyFields) throw new Error(`${name}: the route's body must be an object schema to be read from the query.`);

  // The query string carries the moved parameters, the route's own query and the body's fields; each part is
  // checked by the route's own schema, so the alias refuses exactly what the route refuses.
  const query = z.record(z.string(), z.unknown()).transform((input, ctx) => {
    const issues: z.core.$ZodIssue[] = [];
    const take = (schema: Schema | undefined, value: Record<string, unknown>) => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      issues.push(...result.error.issues);
      return undefined;
    };
    const parts = {
      // A path parameter is text and never absent on the route itself: left out, it is read as empty, so the
      // answer is the route's own ("code is required"), not a type error.
      params: take(movedParams, { ...Object.fromEntries(moved.map((k) => [k, ""])), ...input }),
      query: take(spec.query, input),
      body: body ? take(body, listsFromText(body, input)) : undefined,
    };
    if (issues.length === 0) return parts;
    for (const issue of issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
  const documented = z.object({ ...movedParams?.shape, ...objectOf(spec.query)?.shape, ...bodyFields?.shape });

  const answer: Handler<unknown, unknown, unknown> = (input) => {
    const parts = input.query as { params?: object; query: unknown; body: unknown };
    return handler({
      ...input,
      params: spec.params ? { ...(input.params as object | undefined), ...parts.params } : undefined,
      query: parts.query,
      body: body ? parts.body : input.body,
    });
  };
  const derived: AnySpec = {
    ...rest,
    method: alias.method,
    path: alias.path,
    params: keptParams,
    query,
    body: body ? undefined : spec.body,
    aliasOf: { ...aliasOf, query: documented },
  };
  return { spec: derived, handler: answer };
}

/**
 * The routes with each alias spelling added as a route of its own, right after the route it spells, so the
 * app mounts, orders, matches regardless of case and documents it like any other.
 */
export function withAliases(routes: readonly RouteDef[]): RouteDef[] {
  return routes.flatMap((def) => [def, ...(def.spec.aliases ?? []).map((alias) => aliasRoute(def, alias))]);
}
