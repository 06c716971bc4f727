import { z } from "zod";
import { pingDatabase } from "../../../db/client.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { versionParams, versionResult } from "../auth/index.ts";

const tag = "System";

export const systemRoutes: RouteDef[] = [
  route({
    method: "get", path: "/health", permission: "public", tag,
    summary: "Liveness and database check", response: z.object({ status: z.string(), database: z.string() }),
  }, async ({ c, deps }) => {
    try {
      await pingDatabase(deps.db);
      return { status: "ok", database: "ok" };
    } catch {
      return c.json({ status: "unavailable", database: "unreachable" }, 503);
    }
  }),
  route({
    method: "get", path: "/Users/getCurrentSystemVersion/{system}", permission: "public", tag, params: versionParams,
    summary: "The server's version; the web app shows the mismatch screen when its own differs",
    response: versionResult,
  }, ({ deps, params }) => ({ data: { system: params.system, version: deps.config.version } })),
];
