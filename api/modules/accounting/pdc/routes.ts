import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { bounceBody, clearBody, depositBody, pdcIdParam, pdcListQuery, pdcRow, replaceBody } from "./schemas.ts";
import { bounceCheque, clearCheque, depositCheque, listCheques, replaceCheque } from "./service.ts";

const tag = "PdcClearing";
const permission = "CROACCOUNTING";
const written = z.object({ data: pdcRow, message: z.string() });

/** Post-dated cheques (001 §7 PdcClearing: load and clear), deposited, cleared, bounced or replaced. */
export const pdcRoutes: RouteDef[] = [
  route({
    method: "get", path: "/PdcClearing/load", permission, tag, query: pdcListQuery,
    summary: "Post-dated cheques of the caller's branches by due date: the outstanding ones unless a status is asked, with their age and stale dates",
    response: z.object({ data: z.array(pdcRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listCheques(deps.db, caller, query)),
  route({
    method: "put", path: "/PdcClearing/deposit/{id}", permission, tag, params: pdcIdParam, body: depositBody,
    summary: "Record a cheque deposited: on or after its date and before it is stale (180 days; a manager's cheque never is)",
    response: written.extend({ warnings: z.array(z.string()) }), errors: [409],
  }, ({ deps, params, body, caller }) => depositCheque(deps.db, caller, params.id, body)),
  route({
    method: "put", path: "/PdcClearing/clear/{id}", permission, tag, params: pdcIdParam, body: clearBody,
    summary: "Clear a deposited cheque, no earlier than the next banking day after its deposit; its posting to BASE is queued",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => clearCheque(deps.db, caller, params.id, body)),
  route({
    method: "put", path: "/PdcClearing/bounce/{id}", permission, tag, params: pdcIdParam, body: bounceBody,
    summary: "Record a deposited cheque bounced: its collection is reversed (posted to BASE) and its invoices are open again",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => bounceCheque(deps.db, caller, params.id, body)),
  route({
    method: "put", path: "/PdcClearing/replace/{id}", permission, tag, params: pdcIdParam, body: replaceBody,
    summary: "Replace a cheque not yet deposited with another for the same collection and amount",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => replaceCheque(deps.db, caller, params.id, body)),
];
