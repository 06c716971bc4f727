import { route, type RouteDef } from "../../http/route.ts";
import { whatsNewList, whatsNewQuery } from "./schemas.ts";
import { loadWhatsNew } from "./service.ts";

export const whatsNewRoutes: RouteDef[] = [
  route({
    method: "get", path: "/WhatsNew/load", permission: "authenticated", tag: "What's new", query: whatsNewQuery,
    summary: "The release notes a page at a time, newest first (skip; take 15, 30 or 60)",
    response: whatsNewList,
  }, ({ deps, query }) => loadWhatsNew(deps.config.changelogPath, query, deps.log)),
];
