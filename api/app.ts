import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getPath as defaultGetPath } from "hono/utils/url";
import { z } from "zod";
import { AppError } from "./shared/errors.ts";
import { errorBody, renderError } from "./http/errors.ts";
import { withAliases } from "./http/aliases.ts";
import { inputGuard } from "./http/input-guard.ts";
import { mountRoutes } from "./http/mount.ts";
import { buildOpenApi, checkOperationIds, renderDocsPage } from "./http/openapi.ts";
import { createPathCanonicalizer } from "./http/path-casing.ts";
import { type Deps, honoPath, orderRoutes, route, type RouteDef } from "./http/route.ts";
import { clientAddressOf, httpsRedirect, requestLog, securityHeaders } from "./http/security.ts";
import { type LadingModule, LADING_MODULES, moduleRoutes } from "./modules/index.ts";
import { configureWebPush } from "./modules/notifications/index.ts";
import { baseDirectoryOf, configureBase } from "./modules/accounting/index.ts";

export type { Deps };

/**
 * Every API route of every module (or of the modules given), in the order they are tried: static paths before
 * parameter paths. The route table test walks this list.
 */
export function apiRoutes(deps: Pick<Deps, "config">, modules: readonly LadingModule[] = LADING_MODULES): RouteDef[] {
  const routes = withAliases(moduleRoutes(deps, modules));
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  const document = () => (openapi ??= buildOpenApi(routes, deps.config));
  routes.push(
    route({ method: "get", path: "/openapi.json", permission: "public", tag: "System", summary: "This API as OpenAPI 3.1", response: z.object({}).passthrough() }, () => document()),
    route({ method: "get", path: "/docs", permission: "public", tag: "System", summary: "Browse the API" }, ({ c }) => c.html(renderDocsPage(document()))),
  );
  checkOperationIds(routes);
  return orderRoutes(routes);
}

/** A Hono path (/api/a/:b) as a pattern of the canonical paths it answers. */
function pathPattern(path: string): RegExp {
  const source = path.split("/").map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
  return new RegExp(`^${source}/?$`, "i");
}

export interface AppOptions {
  /** Serves the built web app for every path outside /api (main.ts passes Deno's static handler). */
  web?: MiddlewareHandler;
  /** The modules to serve; every module unless a test narrows it. */
  modules?: readonly LadingModule[];
}

/** Builds the HTTP app; portable (no Deno APIs), so tests drive it with app.request(). */
export function createApp(deps: Deps, options: AppOptions = {}): Hono {
  configureWebPush(deps.config.webPush);
  // The scheduled relay posts to the BASE of these settings; master data asks it about its ids.
  configureBase(deps.config.base);
  deps = { ...deps, baseDirectory: deps.baseDirectory ?? baseDirectoryOf(deps.config.base) };
  const routes = apiRoutes(deps, options.modules);
  const canonical = createPathCanonicalizer(routes.map((r) => honoPath(r.spec.path)));
  const app = new Hono({
    getPath: (request) => {
      const path = defaultGetPath(request);
      return /^\/api\//i.test(path) ? canonical(path) : path;
    },
  });

  app.use("*", requestLog(deps.log), clientAddressOf(deps.config.trustedProxies), httpsRedirect, securityHeaders);
  const generalLimit = bodyLimit({
    maxSize: deps.config.bodyLimit,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${Math.round(deps.config.bodyLimit / 1024)} KB.`);
    },
  });
  // A route that takes a file reads it against its own limit, once the caller is known (api/http/mount.ts).
  const uploads = routes.filter((r) => r.spec.upload).map((r) => pathPattern(honoPath(r.spec.path)));
  app.use("/api/*", (c, next) => (uploads.some((p) => p.test(c.req.path)) ? next() : generalLimit(c, next)));
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  app.use("/api/*", inputGuard);
  mountRoutes(app, routes, deps);
  app.all("/api/*", (c) => c.json(errorBody(`There is no API route ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  if (options.web) app.get("*", options.web);
  app.notFound((c) => c.json(errorBody("Not found."), 404));
  app.onError((err, c) => renderError(c, err, deps.log));
  return app;
}
