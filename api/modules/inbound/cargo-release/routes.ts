import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { croPdf } from "./documents.ts";
import { clearCroBody, createCroBody, croCandidateRow, croIdParam, croListQuery, croRow } from "./schemas.ts";
import { clearCro, croById, croCandidates, createCro, listCros } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";
const written = z.object({ data: croRow, message: z.string() });

/** Cargo release orders and their clearance (001 §7 InBound: CRO and its clearance). */
export const cargoReleaseRoutes: RouteDef[] = [
  route({
    method: "post", path: "/InBound/cro/load", permission, tag, body: croListQuery,
    summary: "Cargo release orders of the caller's branches (their destination), newest first; 20 a page, with a search and a status",
    response: z.object({ data: z.array(croRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listCros(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/cro/get/{cargorReleaseOrderId}", permission, tag, params: croIdParam,
    summary: "One cargo release order with its waybill, the release note's storage figures and its clearance",
    response: z.object({ data: croRow }),
  }, async ({ deps, params, caller }) => ({ data: await croById(deps.db, params.cargorReleaseOrderId, caller) })),
  route({
    method: "get", path: "/InBound/cro/candidates", permission, tag,
    query: z.object({ search: z.string().trim().max(100, "search can be at most 100 characters").default("") }),
    summary: "Waybills discharged at the caller's branches (final inbound tally) with no release order yet, each with whether accounting answers it paid",
    response: z.object({ data: z.array(croCandidateRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => croCandidates(deps.db, caller, query.search)),
  route({
    method: "post", path: "/InBound/cro/create", permission, tag, body: createCroBody, status: 201,
    summary: "Make the cargo release order of a discharged waybill that accounting answers paid (or covered by a cleared PDC); an unpaid one is refused 'in BASE Accounting'; the cargo reaches stage 7, CRO Created",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createCro(deps.db, caller, body)),
  route({
    method: "put", path: "/InBound/cro/clear/{cargorReleaseOrderId}", permission, tag, params: croIdParam, body: clearCroBody,
    summary: "Clear a cargo release order: the CY the van is pulled out of and who cleared it; accounting is asked again; dateModified as read (409 when stale)",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => clearCro(deps.db, caller, params.cargorReleaseOrderId, body)),
  route({
    method: "get", path: "/InBound/cro/print/{cargorReleaseOrderId}", permission, tag, params: croIdParam,
    summary: "The cargo release order as a PDF with the release order note; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await croPdf(deps.db, caller, params.cargorReleaseOrderId))),
];
