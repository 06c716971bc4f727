import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { inboundCtsPdf } from "./documents.ts";
import { cancelInboundCtsBody, inboundCtsCandidateRow, inboundCtsListQuery, inboundCtsNumParam, inboundCtsRow, issueInboundCtsBody } from "./schemas.ts";
import { cancelInboundCts, inboundCtsByNum, inboundCtsCandidates, issueInboundCts, listInboundCts } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";
const written = z.object({ data: inboundCtsRow, message: z.string() });

/** Inbound cargo transfer slips (001 §7 InBound: inbound CTS). */
export const inboundCtsRoutes: RouteDef[] = [
  route({
    method: "post", path: "/InBound/cts/load", permission, tag, body: inboundCtsListQuery,
    summary: "Inbound transfer slips of the caller's branches (their destination), newest first; 20 a page, with a search and a status",
    response: z.object({ data: z.array(inboundCtsRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listInboundCts(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/cts/get/{ctsNum}", permission, tag, params: inboundCtsNumParam,
    summary: "One inbound transfer slip with its waybill, release order, trucker and delivery receipt",
    response: z.object({ data: inboundCtsRow }),
  }, async ({ deps, params, caller }) => ({ data: await inboundCtsByNum(deps.db, params.ctsNum, caller) })),
  route({
    method: "get", path: "/InBound/cts/candidates", permission, tag,
    query: z.object({ search: z.string().trim().max(100, "search can be at most 100 characters").default("") }),
    summary: "Waybills of the caller's branches with a cargo release order and no inbound slip standing, each with whether the order is cleared",
    response: z.object({ data: z.array(inboundCtsCandidateRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => inboundCtsCandidates(deps.db, caller, query.search)),
  route({
    method: "post", path: "/InBound/cts/create", permission, tag, body: issueInboundCtsBody, status: 201,
    summary: "Issue the inbound transfer slip of a waybill whose release order is cleared: the van leaves the CY pull-out for the consignee; stage 8, Inbound CTS Issued (storage and demurrage stop, detention starts)",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => issueInboundCts(deps.db, caller, body)),
  route({
    method: "put", path: "/InBound/cts/cancel/{ctsNum}", permission, tag, params: inboundCtsNumParam, body: cancelInboundCtsBody,
    summary: "Cancel an inbound transfer slip with a reason: stage 8 withdrawn; refused once the van is back or the cargo delivery receipt is made",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => cancelInboundCts(deps.db, caller, params.ctsNum, body)),
  route({
    method: "get", path: "/InBound/cts/print/{ctsNum}", permission, tag, params: inboundCtsNumParam,
    summary: "The inbound cargo transfer slip as a PDF; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await inboundCtsPdf(deps.db, caller, params.ctsNum))),
];
