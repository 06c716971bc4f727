import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { deleteBody, idParam } from "../../../shared/contracts.ts";
import {
  createDetailsBody,
  createHeaderBody,
  detailRow,
  headerListBody,
  headerListRow,
  headerWithDetails as headerWithDetailsRow,
  updateDetailBody,
} from "./schemas.ts";
import { addDetails, createHeader, deleteDetail, deleteHeaders, headerWithDetails, listHeaders, updateDetail } from "./service.ts";

const tag = "Vessel updates";
const permission = "VOYAGE";
const message = z.object({ message: z.string() });

export const vesselUpdateRoutes: RouteDef[] = [
  route({
    method: "post", path: "/VesselUpdates/loadVesselUpdateHeaderV1", permission, tag, body: headerListBody,
    summary: "Vessel update headers, newest first, with the vessel's name, the voyage reference, the latest activity and the detail count",
    response: z.object({ data: z.array(headerListRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body }) => listHeaders(deps.db, body)),
  route({
    method: "get", path: "/VesselUpdates/getVesselHeaderDetails/{id}", permission, tag,
    params: z.object({ id: z.string().trim().min(1, "id is required").max(40, "id can be at most 40 characters") }),
    summary: "A vessel update header (by id, or by its vuid as the read screen's address has it) with its details in the order they happened",
    response: z.object({ data: headerWithDetailsRow }),
  }, ({ deps, params }) => headerWithDetails(deps.db, params.id)),
  route({
    method: "post", path: "/VesselUpdates/CreateVesselHeader", permission, tag, body: createHeaderBody, status: 201,
    summary: "Open the vessel update of a vessel on a voyage it sails, numbered from the origin branch's VU series (one per vessel and voyage)",
    response: z.object({ data: headerWithDetailsRow, message: z.string() }),
  }, ({ deps, body, caller }) => createHeader(deps.db, caller, body)),
  route({
    method: "post", path: "/VesselUpdates/CreateVesselDetails", permission, tag, body: createDetailsBody, status: 201,
    summary: "Record status activities under a vessel update, all or none; users of the voyage's branches with the Voyage menu are notified",
    response: z.object({ data: z.array(detailRow), message: z.string() }),
  }, ({ deps, body, caller }) => addDetails(deps.db, caller, body)),
  route({
    method: "put", path: "/VesselUpdates/updateVesselDetails/{id}", permission, tag, params: idParam, body: updateDetailBody,
    summary: "Change one detail under the same rules (activity of its status, ATD not before ATA)",
    response: z.object({ data: detailRow, message: z.string() }),
  }, ({ deps, params, body, caller }) => updateDetail(deps.db, caller, params.id, body)),
  route({
    method: "delete", path: "/VesselUpdates/deleteDetails/{id}", permission, tag, params: idParam,
    summary: "Remove one detail of a vessel update",
    response: message,
  }, ({ deps, params, caller }) => deleteDetail(deps.db, caller, params.id)),
  route({
    method: "delete", path: "/VesselUpdates/delete", permission, tag, body: deleteBody,
    summary: "Remove vessel update headers with all their details (every id must exist, or nothing is removed)",
    response: z.object({ data: z.object({ vuids: z.array(z.string()) }), message: z.string() }),
  }, ({ deps, body }) => deleteHeaders(deps.db, body)),
];
