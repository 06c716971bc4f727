import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { vanInClearancePdf } from "./documents.ts";
import { createVanInBody, vanInIdParam, vanInListQuery, vanInRow } from "./schemas.ts";
import { createVanIn, listVanIns, vanInById } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";

/** Van-in (001 §7 InBound: van-in): the vans out awaiting return, the return, its clearance. */
export const vanInRoutes: RouteDef[] = [
  route({
    method: "post", path: "/InBound/vanIn/load", permission, tag, body: vanInListQuery,
    summary: "The vans of the caller's branches out on an inbound CTS awaiting return, then the van-ins made, newest first; 20 a page, with a search by van or waybill",
    response: z.object({ data: z.array(vanInRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listVanIns(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/vanIn/get/{vanInId}", permission, tag, params: vanInIdParam,
    summary: "One van-in with its vans, damages and the detention settled on the return day",
    response: z.object({ data: vanInRow }),
  }, async ({ deps, params, caller }) => ({ data: await vanInById(deps.db, params.vanInId, caller) })),
  route({
    method: "post", path: "/InBound/vanIn/create", permission, tag, body: createVanInBody, status: 201,
    summary: "Record the return of a released waybill's empty van (a tandem's two) at a yard of the branch: stage 9, Van-In; the van is free again; detention ends on the return day",
    response: z.object({ data: vanInRow, message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => createVanIn(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/vanIn/print/{vanInId}", permission, tag, params: vanInIdParam,
    summary: "The van-in clearance as a PDF, with the detention days and amount; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await vanInClearancePdf(deps.db, caller, params.vanInId))),
];
