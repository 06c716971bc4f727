import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import {
  createOverrideBody,
  deleteOverridesBody,
  overrideCodeQuery,
  overrideDetailRow,
  overrideListAnswer,
  overrideListQuery,
  overrideNumParam,
  overrideRow,
  overrideStatusBody,
  overrideWaybillAnswer,
  overrideWaybillParam,
  updateOverrideBody,
} from "./schemas.ts";
import {
  createOverride,
  deleteOverrides,
  listOverrides,
  moveOverride,
  overrideCodes,
  overrideDetail,
  overrideWaybill,
  updateOverride,
} from "./service.ts";

const tag = "Charge overrides";
// 000 §6: the waiver permission opens the override screens.
const permission = "WAIVER";
const written = z.object({ data: overrideRow, message: z.string() });

/** WayBillOverRideCharges (001 §7): get waybill, get code, list, create, update, update status, delete; and one override. */
export const overrideRoutes: RouteDef[] = [
  route({
    method: "get", path: "/WayBillOverRideCharges/getWaybill/{wayBillRef}", permission, tag, params: overrideWaybillParam,
    summary: "A waybill of the caller's origin or destination with the charge lines their branches bill, as they stand",
    response: overrideWaybillAnswer, errors: [409],
  }, ({ deps, params, caller }) => overrideWaybill(deps.db, caller, params.wayBillRef)),
  route({
    method: "get", path: "/WayBillOverRideCharges/getCode", permission, tag, query: overrideCodeQuery,
    summary: "The charge lines of a waybill the caller may override: code, part, particulars, value and any override open on it",
    response: z.object({
      data: z.array(z.object({ chargeCode: z.string(), part: z.string(), particulars: z.string(), value: z.string(), openOverride: z.string().nullable() })),
      message: z.string().optional(),
    }),
    errors: [409],
  }, ({ deps, query, caller }) => overrideCodes(deps.db, caller, query.wayBillRef)),
  route({
    method: "get", path: "/WayBillOverRideCharges/load", permission, tag, query: overrideListQuery,
    summary: "One list of the caller's branches: draft (their own), forApproval (an approver's queue; anyone else's own), approved",
    response: overrideListAnswer,
  }, ({ deps, query, caller }) => listOverrides(deps.db, caller, query)),
  route({
    method: "get", path: "/WayBillOverRideCharges/get/{overrideNum}", permission, tag, params: overrideNumParam,
    summary: "One override with its line before and after, its history, the waybill as it stands and the caller's actions",
    response: z.object({ data: overrideDetailRow }),
  }, ({ deps, params, caller }) => overrideDetail(deps.db, caller, params.overrideNum)),
  route({
    method: "post", path: "/WayBillOverRideCharges/create", permission, tag, body: createOverrideBody, status: 201,
    summary: "Draft an override of one charge line of a waybill: the new value and the reason",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createOverride(deps.db, caller, body)),
  route({
    method: "put", path: "/WayBillOverRideCharges/update/{overrideNum}", permission, tag, params: overrideNumParam, body: updateOverrideBody,
    summary: "Change a draft's new value and reason (its drafter), with the dateModified read",
    response: written,
  }, ({ deps, params, body, caller }) => updateOverride(deps.db, caller, params.overrideNum, body)),
  route({
    method: "put", path: "/WayBillOverRideCharges/updateStatus/{overrideNum}", permission, tag, params: overrideNumParam, body: overrideStatusBody,
    summary: "Submit for approval, approve or deny, with the dateModified read; approving writes the adjustment beside the line",
    response: written,
  }, ({ deps, params, body, caller }) => moveOverride(deps.db, caller, params.overrideNum, body)),
  route({
    method: "delete", path: "/WayBillOverRideCharges/delete", permission, tag, body: deleteOverridesBody,
    summary: "Delete drafts never sent for approval (their drafter), by id, all or none",
    response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }),
  }, ({ deps, body, caller }) => deleteOverrides(deps.db, caller, body)),
];
