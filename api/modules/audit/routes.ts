import { route, type RouteDef } from "../../http/route.ts";
import { auditList, auditQuery } from "./schemas.ts";
import { loadAudit } from "./service.ts";

export const auditRoutes: RouteDef[] = [
  route({
    method: "get", path: "/audit/load", permission: "SYSTEMACCOUNT", tag: "Audit", query: auditQuery,
    summary: "The audit log a page at a time, newest first (skip, take, search on actor and target, action, from and to)",
    response: auditList,
  }, ({ deps, query }) => loadAudit(deps.db, query)),
];
