import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import {
  archiveDispatchBody, createDispatchBody, dispatchLine, dispatchListQuery, dispatchNumParam, dispatchRow, dispatchScopeQuery, sendDispatchBody,
} from "./schemas.ts";
import { archiveDispatchList, createDispatchList, dispatchByNum, listDispatchLists, previewDispatch, sendDispatchList } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
/** This screen's lists are the voyage's pick-ups at its origin; the inbound screen will have the deliveries. */
const direction = "Outbound";
const written = z.object({ data: dispatchRow, message: z.string() });

/** Outbound dispatch lists (001 §7 OutBound: dispatch lists, send, archive, read archive). */
export const dispatchRoutes: RouteDef[] = [
  route({
    method: "post", path: "/OutBound/dispatch/load", permission, tag, body: dispatchListQuery,
    summary: "Pick-up lists of the caller's branches, newest first: those in work (Draft, Sent) or the archive",
    response: z.object({ data: z.array(dispatchRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listDispatchLists(deps.db, caller, direction, body)),
  route({
    method: "get", path: "/OutBound/dispatch/get/{dispatchNum}", permission, tag, params: dispatchNumParam,
    summary: "One pick-up list: a draft with its door bookings as they stand, a sent or archived one as it was sent",
    response: z.object({ data: dispatchRow }),
  }, async ({ deps, params, caller }) => ({ data: await dispatchByNum(deps.db, caller, direction, params.dispatchNum) })),
  route({
    method: "get", path: "/OutBound/dispatch/preview", permission, tag, query: dispatchScopeQuery,
    summary: "The door pick-ups of a voyage at its origin that a new list would carry",
    response: z.object({ data: z.array(dispatchLine), branchCode: z.string(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => previewDispatch(deps.db, caller, direction, query)),
  route({
    method: "post", path: "/OutBound/dispatch/create", permission, tag, body: createDispatchBody, status: 201,
    summary: "Start a Draft pick-up list of a voyage at its origin, numbered from the branch's DL series",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createDispatchList(deps.db, caller, direction, body)),
  route({
    method: "put", path: "/OutBound/dispatch/send/{dispatchNum}", permission, tag, params: dispatchNumParam, body: sendDispatchBody,
    summary: "Send a Draft list to the branch's dispatch team (notified, and e-mailed through the outbox); its lines are kept as sent",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => sendDispatchList(deps.db, caller, direction, params.dispatchNum, body)),
  route({
    method: "put", path: "/OutBound/dispatch/archive/{dispatchNum}", permission, tag, params: dispatchNumParam, body: archiveDispatchBody,
    summary: "Archive a Sent list; it stays readable in the archive",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => archiveDispatchList(deps.db, caller, direction, params.dispatchNum, body)),
];
