import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { bookingRefParam } from "../../bookings/index.ts";
import { cancelCtsBody, ctsCandidateRow, ctsListQuery, ctsNumParam, ctsRow, issueCtsBody } from "./schemas.ts";
import { ctsSlipFile } from "./documents.ts";
import { cancelCts, ctsByNum, ctsCandidates, issueCts, issuedCtsOfBooking, listCts } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
const written = z.object({ data: ctsRow, message: z.string() });

/** Outbound cargo transfer slips (001 §7 OutBound: CTS). */
export const ctsRoutes: RouteDef[] = [
  route({
    method: "post", path: "/OutBound/cts/load", permission, tag, body: ctsListQuery,
    summary: "Transfer slips of the caller's branches, newest first; 10 a page, with a search and a status",
    response: z.object({ data: z.array(ctsRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listCts(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/cts/get/{ctsNum}", permission, tag, params: ctsNumParam,
    summary: "One transfer slip with its van, trucker, damages and booking",
    response: z.object({ data: ctsRow }),
  }, async ({ deps, params, caller }) => ({ data: await ctsByNum(deps.db, params.ctsNum, caller) })),
  route({
    method: "get", path: "/OutBound/cts/candidates", permission, tag,
    query: z.object({ search: z.string().trim().max(100, "search can be at most 100 characters").default("") }),
    summary: "Bookings whose ATW is issued and whose van has not left: what a slip can be issued for",
    response: z.object({ data: z.array(ctsCandidateRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => ctsCandidates(deps.db, caller, query.search)),
  route({
    method: "get", path: "/OutBound/cts/ofBooking/{bookingRef}", permission, tag, params: bookingRefParam,
    summary: "The issued transfer slip of a booking, or null",
    response: z.object({ data: ctsRow.nullable() }),
  }, ({ deps, params, caller }) => issuedCtsOfBooking(deps.db, params.bookingRef, caller)),
  route({
    method: "post", path: "/OutBound/cts/create", permission, tag, body: issueCtsBody, status: 201,
    summary: "Issue a transfer slip: number from the origin branch's CTS series; takes the van; the booking moves to Outbound CTS Issued",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => issueCts(deps.db, caller, body)),
  route({
    method: "put", path: "/OutBound/cts/cancel/{ctsNum}", permission, tag, params: ctsNumParam, body: cancelCtsBody,
    summary: "Cancel a transfer slip: the van is free again and the booking goes back to ATW Issued",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => cancelCts(deps.db, caller, params.ctsNum, body)),
  route({
    method: "get", path: "/OutBound/cts/print/{ctsNum}", permission, tag, params: ctsNumParam,
    summary: "The cargo transfer slip as a PDF; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await ctsSlipFile(deps.db, caller, params.ctsNum))),
];
