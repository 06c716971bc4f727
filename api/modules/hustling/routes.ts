import { z } from "zod";
import { fileResponse } from "../../http/files.ts";
import { route, type RouteDef } from "../../http/route.ts";
import {
  branchQuery,
  createHustlingBody,
  deleteHustlingsBody,
  hustlingListQuery,
  hustlingNumParam,
  hustlingRow,
  hustlingVoyageRow,
  updateHustlingBody,
  voyageListQuery,
  voyageNumParam,
} from "./schemas.ts";
import { hustlingSlipFile } from "./documents.ts";
import { createHustling, deleteHustlings, hustlingByNum, hustlingOfVoyage, listHustlings, updateHustling, voyagesForHustling } from "./service.ts";

const tag = "Hustling";
const permission = "HUSTLING";
const written = z.object({ data: hustlingRow, message: z.string() });

/** Hustlings (001 §7): the voyage list, get by number, list by branch, the header of a voyage, create, update, delete, the slip. */
export const hustlingRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Hustlings/load", permission, tag, query: hustlingListQuery,
    summary: "Hustlings of the caller's branches (or one), latest transfer first; 20 a page, with a search of numbers, voyages, vessels and vans",
    response: z.object({ data: z.array(hustlingRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listHustlings(deps.db, caller, query)),
  route({
    method: "get", path: "/Hustlings/voyages", permission, tag, query: voyageListQuery,
    summary: "Active voyages leaving from or calling at a branch, each with its hustling there if it has one",
    response: z.object({ data: z.array(hustlingVoyageRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => voyagesForHustling(deps.db, caller, query.branchCode, query.search)),
  route({
    method: "get", path: "/Hustlings/get/{hustlingCstNum}", permission, tag, params: hustlingNumParam,
    summary: "One hustling with its container lines", response: z.object({ data: hustlingRow }),
  }, async ({ deps, params, caller }) => ({ data: await hustlingByNum(deps.db, params.hustlingCstNum, caller) })),
  route({
    method: "get", path: "/Hustlings/readHeader/{voyageNum}", permission, tag, params: voyageNumParam, query: branchQuery,
    summary: "The hustling of a voyage at a branch, or null when it has none",
    response: z.object({ data: hustlingRow.nullable() }),
  }, ({ deps, params, query, caller }) => hustlingOfVoyage(deps.db, caller, query.branchCode, params.voyageNum)),
  route({
    method: "post", path: "/Hustlings/create", permission, tag, body: createHustlingBody, status: 201,
    summary: "Write a hustling: numbered from the branch's HUS series; its vans move from the from yard to the to yard",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createHustling(deps.db, caller, body)),
  route({
    method: "put", path: "/Hustlings/update/{hustlingCstNum}", permission, tag, params: hustlingNumParam, body: updateHustlingBody,
    summary: "Change a hustling with the dateModified read; vans taken off go back to the from yard, vans added leave it",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateHustling(deps.db, caller, params.hustlingCstNum, body)),
  route({
    method: "delete", path: "/Hustlings/delete", permission, tag, body: deleteHustlingsBody,
    summary: "Delete hustlings by id, all or none; their vans go back to the from yard",
    response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }),
  }, ({ deps, body, caller }) => deleteHustlings(deps.db, caller, body)),
  route({
    method: "get", path: "/Hustlings/print/{hustlingCstNum}", permission, tag, params: hustlingNumParam,
    summary: "The cargo transfer (hustling) slip as a PDF; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await hustlingSlipFile(deps.db, caller, params.hustlingCstNum))),
];
