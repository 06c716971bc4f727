import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import {
  archiveDispatchList, createDispatchList, dispatchByNum, dispatchContracts as c, listDispatchLists, previewDispatch, sendDispatchList,
} from "../../outbound/index.ts";
import { dispatchWorkbook } from "./documents.ts";

const tag = "Inbound";
const permission = "INBOUND";
/** The deliveries at one of a voyage's ports of call, once their cargo release order is made. */
const direction = "Inbound";
const written = z.object({ data: c.dispatchRow, message: z.string() });

/**
 * Inbound dispatch lists (001 §2 /inbound/dispatchModule, §7 InBound: dispatch lists): the outbound dispatch
 * lists' service on its Inbound side. A list is of a voyage at the caller's port of call (`branchCode`, required)
 * and carries its door deliveries (001 §3 delivery list line) released by a cargo release order.
 */
export const inboundDispatchRoutes: RouteDef[] = [
  route({
    method: "post", path: "/InBound/dispatch/load", permission, tag, body: c.dispatchListQuery,
    summary: "Delivery lists of the caller's branches, newest first: those in work (Draft, Sent) or the archive",
    response: z.object({ data: z.array(c.dispatchRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listDispatchLists(deps.db, caller, direction, body)),
  route({
    method: "get", path: "/InBound/dispatch/get/{dispatchNum}", permission, tag, params: c.dispatchNumParam,
    summary: "One delivery list: a draft with its released door deliveries as they stand, a sent or archived one as it was sent",
    response: z.object({ data: c.dispatchRow }),
  }, async ({ deps, params, caller }) => ({ data: await dispatchByNum(deps.db, caller, direction, params.dispatchNum) })),
  route({
    method: "get", path: "/InBound/dispatch/download/{dispatchNum}", permission, tag, params: c.dispatchNumParam,
    summary: "One delivery list as DeliveryList.xlsx",
  }, async ({ deps, params, caller }) => fileResponse(await dispatchWorkbook(deps.db, caller, params.dispatchNum))),
  route({
    method: "get", path: "/InBound/dispatch/preview", permission, tag, query: c.dispatchScopeQuery,
    summary: "The door deliveries of a voyage at a port of call, released by a cargo release order, that a new list would carry",
    response: z.object({ data: z.array(c.dispatchLine), branchCode: z.string(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => previewDispatch(deps.db, caller, direction, query)),
  route({
    method: "post", path: "/InBound/dispatch/create", permission, tag, body: c.createDispatchBody, status: 201,
    summary: "Start a Draft delivery list of a voyage at a port of call, numbered from the branch's DL series",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createDispatchList(deps.db, caller, direction, body)),
  route({
    method: "put", path: "/InBound/dispatch/send/{dispatchNum}", permission, tag, params: c.dispatchNumParam, body: c.sendDispatchBody,
    summary: "Send a Draft delivery list to the branch's dispatch team (notified, and e-mailed through the outbox); its lines are kept as sent",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => sendDispatchList(deps.db, caller, direction, params.dispatchNum, body)),
  route({
    method: "put", path: "/InBound/dispatch/archive/{dispatchNum}", permission, tag, params: c.dispatchNumParam, body: c.archiveDispatchBody,
    summary: "Archive a Sent delivery list; it stays readable in the archive",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => archiveDispatchList(deps.db, caller, direction, params.dispatchNum, body)),
];
