import { route, type RouteDef } from "../../../http/route.ts";
import { unpaidWaybillsAnswer, unpaidWaybillsQuery } from "./schemas.ts";
import { unpaidWaybills } from "./service.ts";

/** Unpaid waybills (001 §7 InBound). */
export const unpaidWaybillRoutes: RouteDef[] = [
  route({
    method: "get", path: "/InBound/unpaidWaybills", permission: "INBOUND", tag: "Inbound", query: unpaidWaybillsQuery,
    summary: "The waybills discharged at the caller's branches with no cargo release order that accounting answers unpaid: " +
      "the reason and what is owed on each unpaid side",
    response: unpaidWaybillsAnswer,
  }, ({ deps, query, caller }) => unpaidWaybills(deps.db, caller, query)),
];
