import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { freeTimeParams, freeTimeQuery, freeTimeView } from "./schemas.ts";
import { freeTimeOfWaybill } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";

/** Storage, demurrage and detention of a waybill (001 §7 InBound: demurrage computation). */
export const demurrageRoutes: RouteDef[] = [
  route({
    method: "get", path: "/InBound/demurrage/{wayBillRef}", permission, tag, params: freeTimeParams, query: freeTimeQuery,
    summary: "A waybill's storage, demurrage and detention as of a day (today unless `date`), each with the snapshot that explains it, the storage due date, the free days left and what the nightly run has charged; for the staff of its destination branch",
    response: z.object({ data: freeTimeView }),
  }, ({ deps, params, query, caller }) => freeTimeOfWaybill(deps.db, caller, params.wayBillRef, query.date)),
];
