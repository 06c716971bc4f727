import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getPath as defaultGetPath } from "hono/utils/url";
import { z } from "zod";
import { AppError } from "./shared/errors.ts";
import { errorBody, renderError } from "./http/errors.ts";
import { mountRoutes } from "./http/mount.ts";
import { buildOpenApi, renderDocsPage } from "./http/openapi.ts";
import { createPathCanonicalizer } from "./http/path-casing.ts";
import { type Deps, honoPath, route, type RouteDef } from "./http/route.ts";
import { clientAddressOf, httpsRedirect, requestLog, securityHeaders } from "./http/security.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { emailRoutes } from "./modules/email/routes.ts";
import { bookingRoutes } from "./modules/bookings/routes.ts";
import { masterDataRoutes } from "./modules/master-data/routes.ts";
import { configureWebPush } from "./modules/notifications/push.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { roleRoutes } from "./modules/roles/routes.ts";
import { salesQuotationReportRoutes } from "./modules/sales-quotations/report-routes.ts";
import { salesQuotationRoutes } from "./modules/sales-quotations/routes.ts";
import { vesselUpdateRoutes } from "./modules/voyages/vessel-update-routes.ts";
import { voyageScheduleRoutes } from "./modules/voyages/schedule-routes.ts";
import { soundingRoutes } from "./modules/voyages/sounding-routes.ts";
import { systemRoutes } from "./modules/system/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { whatsNewRoutes } from "./modules/whats-new/routes.ts";

export type { Deps };

/** Every API route of every module; the route table test walks this list. */
export function apiRoutes(deps: Pick<Deps, "config">): RouteDef[] {
  const routes: RouteDef[] = [
    ...systemRoutes,
    ...authRoutes({ attempts: deps.config.signInAttempts, windowMs: deps.config.signInWindowMs }),
    // Fixed paths such as /users/load come before /users/{id}: the first route that matches answers.
    ...userRoutes,
    ...roleRoutes,
    ...emailRoutes,
    ...notificationRoutes,
    ...whatsNewRoutes,
    ...auditRoutes,
    ...masterDataRoutes,
    ...salesQuotationRoutes,
    ...salesQuotationReportRoutes,
    ...vesselUpdateRoutes,
    ...voyageScheduleRoutes,
    ...soundingRoutes,
    ...bookingRoutes,
  ];
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  const document = () => (openapi ??= buildOpenApi(routes, deps.config.version));
  routes.push(
    route({ method: "get", path: "/openapi.json", permission: "public", tag: "System", summary: "This API as OpenAPI 3.1", response: z.object({}).passthrough() }, () => document()),
    route({ method: "get", path: "/docs", permission: "public", tag: "System", summary: "Browse the API" }, ({ c }) => c.html(renderDocsPage(document()))),
  );
  return routes;
}

export interface AppOptions {
  /** Serves the built web app for every path outside /api (main.ts passes Deno's static handler). */
  web?: MiddlewareHandler;
}

/** Builds the HTTP app; portable (no Deno APIs), so tests drive it with app.request(). */
export function createApp(deps: Deps, options: AppOptions = {}): Hono {
  configureWebPush(deps.config.webPush);
  const routes = apiRoutes(deps);
  const canonical = createPathCanonicalizer(routes.map((r) => honoPath(r.spec.path)));
  const app = new Hono({
    getPath: (request) => {
      const path = defaultGetPath(request);
      return /^\/api\//i.test(path) ? canonical(path) : path;
    },
  });

  app.use("*", requestLog(deps.log), clientAddressOf(deps.config.trustedProxies), httpsRedirect, securityHeaders);
  app.use("/api/*", bodyLimit({
    maxSize: deps.config.bodyLimit,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${Math.round(deps.config.bodyLimit / 1024)} KB.`);
    },
  }));
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  mountRoutes(app, routes, deps);
  app.all("/api/*", (c) => c.json(errorBody(`There is no API route ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  if (options.web) app.get("*", options.web);
  app.notFound((c) => c.json(errorBody("Not found."), 404));
  app.onError((err, c) => renderError(c, err, deps.log));
  return app;
}
