import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { outboundVoyageRow, voyageNumParam } from "../voyage-documents/schemas.ts";
import { reguideRow, transferableBooking, transferTarget, vesselChangeBody, voyageTransferBody } from "./schemas.ts";
import { changeVessel, reguideHistory, transferableBookings, transferBookings, transferTargets } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";

/**
 * Reguiding (001 §7 OutBound: vessel change, voyage transfer). The vessels a voyage may change to are
 * GET /Vessels/getVesselForVesselChange of master data.
 */
export const reguidingRoutes: RouteDef[] = [
  route({
    method: "put", path: "/OutBound/reguiding/changeVessel", permission, tag, body: vesselChangeBody,
    summary: "Put a voyage on another active vessel, with the voyage's dateModified as read; refused once its final tally is made",
    response: z.object({ data: outboundVoyageRow, message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => changeVessel(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/reguiding/bookings/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The voyage's bookings with their waybill and load list release, and why each cannot move when it cannot",
    response: z.object({ data: z.array(transferableBooking), message: z.string().optional() }),
  }, ({ deps, params, caller }) => transferableBookings(deps.db, caller, params.voyageNum)),
  route({
    method: "get", path: "/OutBound/reguiding/targets/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "Active voyages from the same origin, not yet final-tallied, that the voyage's cargo may move to, with their calls",
    response: z.object({ data: z.array(transferTarget) }),
  }, ({ deps, params, caller }) => transferTargets(deps.db, caller, params.voyageNum)),
  route({
    method: "put", path: "/OutBound/reguiding/transferVoyage", permission, tag, body: voyageTransferBody,
    summary: "Move bookings and their waybills to another voyage from the same origin that calls at their destinations; cargo not loaded only",
    response: z.object({
      data: z.object({
        voyageNum: z.string(), toVoyageNum: z.string(), bookingRefs: z.array(z.string()), wayBillRefs: z.array(z.string()), batchesMoved: z.array(z.string()),
      }),
      message: z.string(),
    }),
    errors: [409],
  }, ({ deps, body, caller }) => transferBookings(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/reguiding/history/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "The voyage's vessel changes and the transfers from or to it, newest first",
    response: z.object({ data: z.array(reguideRow) }),
  }, ({ deps, params, caller }) => reguideHistory(deps.db, caller, params.voyageNum)),
];
