import { route, type RouteDef } from "../../http/route.ts";
import { waitingAnswer } from "./schemas.ts";
import { waitingFor } from "./service.ts";

export const homeRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Home/waiting", permission: "authenticated", tag: "Home",
    summary: "What waits for the signed-in user in their branches (approvals, releases due, free days running out, cheques due), each with its count and list",
    response: waitingAnswer,
  }, ({ deps, caller }) => waitingFor(deps.db, caller)),
];
