import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { stowagePlanPdf } from "./documents.ts";
import {
  cargoLocationBody,
  moveVanBody,
  placeVanBody,
  removePlacementBody,
  startStowageBody,
  stowagePlanView,
  voyageNumParam,
} from "./schemas.ts";
import { moveVan, placeVan, recordCargoLocation, removePlacement, startStowagePlan, stowagePlanOf } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
const written = z.object({ data: stowagePlanView, message: z.string() });

/** The stowage plan of a voyage (001 §7 OutBound: stowage plan). Its voyages are on the outbound voyage list (/OutBound/voyages/load). */
export const stowageRoutes: RouteDef[] = [
  route({
    method: "get", path: "/OutBound/stowage/get/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "A voyage's stowage plan: its grid (null until started), what is placed where, the counted vans and the vessel's plans",
    response: z.object({ data: stowagePlanView }),
  }, async ({ deps, params, caller }) => ({ data: await stowagePlanOf(deps.db, params.voyageNum, caller) })),
  route({
    method: "post", path: "/OutBound/stowage/start/{voyageNum}", permission, tag, params: voyageNumParam, body: startStowageBody, status: 201,
    summary: "Start a voyage's stowage plan from one of its vessel's plans (the first by name unless one is named); the grid is copied",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => startStowagePlan(deps.db, caller, params.voyageNum, body)),
  route({
    method: "put", path: "/OutBound/stowage/place/{voyageNum}", permission, tag, params: voyageNumParam, body: placeVanBody,
    summary: "Put a van counted by a loading tally sheet into a free slot; dateModified is the plan's as read (409 when stale)",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => placeVan(deps.db, caller, params.voyageNum, body)),
  route({
    method: "put", path: "/OutBound/stowage/move/{voyageNum}", permission, tag, params: voyageNumParam, body: moveVanBody,
    summary: "Move a van already on the plan into another free slot",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => moveVan(deps.db, caller, params.voyageNum, body)),
  route({
    method: "put", path: "/OutBound/stowage/remove/{voyageNum}", permission, tag, params: voyageNumParam, body: removePlacementBody,
    summary: "Take a van out of its slot, or a cargo location off the plan",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => removePlacement(deps.db, caller, params.voyageNum, body)),
  route({
    method: "put", path: "/OutBound/stowage/location/{voyageNum}", permission, tag, params: voyageNumParam, body: cargoLocationBody,
    summary: "Record where cargo without a slot is, in words: a counted van, or the cargo of a waybill of the voyage",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => recordCargoLocation(deps.db, caller, params.voyageNum, body)),
  route({
    method: "get", path: "/OutBound/stowage/print/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The stowage plan as a PDF (A4 landscape): the grid with the van numbers, then the cargo locations",
    errors: [409],
  }, async ({ deps, params, caller }) => fileResponse(await stowagePlanPdf(deps.db, caller, params.voyageNum))),
];
