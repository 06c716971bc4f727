import type { Context, Hono, MiddlewareHandler } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { AppError } from "../shared/errors.ts";
import { validationError } from "./errors.ts";
import { authorize } from "./guard.ts";
import { type Caller, type Deps, honoPath, type RouteDef } from "./route.ts";

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

function validate(target: "param" | "query" | "json", schema: z.ZodType): MiddlewareHandler {
  const part = target === "json" ? "body" : target === "param" ? "path" : "query";
  // deno-lint-ignore no-explicit-any
  return zValidator(target, schema as any, (result) => {
    if (!result.success) throw validationError(result.error as z.ZodError, part);
  }) as unknown as MiddlewareHandler;
}

/** A route with a body accepts JSON only: anything else is refused before it is read. */
const requireJson: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (!JSON_MEDIA.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON (Content-Type: application/json).");
  }
  await next();
};

export function mountRoutes(app: Hono, routes: readonly RouteDef[], deps: Deps): void {
  for (const { spec, handler } of routes) {
    const chain: MiddlewareHandler[] = [];
    chain.push(async (c, next) => {
      c.set("caller", await authorize(c, deps, spec.permission));
      await next();
    });
    if (spec.params) chain.push(validate("param", spec.params));
    if (spec.query) chain.push(validate("query", spec.query));
    if (spec.body) chain.push(requireJson, validate("json", spec.body));
    const final = async (c: Context) => {
      const valid = (target: string) => (c.req.valid as (t: string) => unknown).call(c.req, target);
      const result = await handler({
        c,
        params: spec.params ? valid("param") : undefined,
        query: spec.query ? valid("query") : undefined,
        body: spec.body ? valid("json") : undefined,
        caller: c.get("caller") as Caller,
        deps,
      });
      if (result instanceof Response) return result;
      return c.json(result as object, spec.status ?? 200);
    };
    app.on(spec.method.toUpperCase(), [honoPath(spec.path)], ...chain, final);
  }
}
