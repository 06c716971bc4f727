import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { WAIVER_FILE_MAX_BYTES } from "./rules.ts";
import {
  createWaiverBody,
  deleteWaiversBody,
  updateWaiverBody,
  waiverDetailRow,
  waiverFileParams,
  waiverFileRow,
  waiverListAnswer,
  waiverListQuery,
  waiverNumParam,
  waiverRow,
  waiverStatusBody,
  waybillSearchAnswer,
  waybillSearchQuery,
} from "./schemas.ts";
import {
  addWaiverFile,
  createWaiver,
  deleteWaivers,
  listWaivers,
  moveWaiver,
  removeWaiverFile,
  searchWaybill,
  updateWaiver,
  waiverDetail,
  waiverFile,
  waiverWaybillCopy,
} from "./service.ts";

const tag = "Waivers";
const permission = "WAIVER";
const written = z.object({ data: waiverRow, message: z.string() });

/**
 * WayBillWaiveCharges (001 §7): update waived status, update waived, delete revision, the lists (the endorsers' among
 * them), get by id, create, search; the file upload, and the waybill copy printed from a waiver.
 */
export const waiverRoutes: RouteDef[] = [
  route({
    method: "get", path: "/WayBillWaiveCharges/search", permission, tag, query: waybillSearchQuery,
    summary: "A waybill of the caller's origin or destination with the lines their branches bill and what is open to waive on each ('No Additional Charges' when nothing is)",
    response: waybillSearchAnswer, errors: [409],
  }, ({ deps, query, caller }) => searchWaybill(deps.db, caller, query.wayBillRef)),
  route({
    method: "get", path: "/WayBillWaiveCharges/load", permission, tag, query: waiverListQuery,
    summary: "One list of the caller's branches: draft (their own), forEndorse (an endorser's queue), forApproval (an approver's queue), approved",
    response: waiverListAnswer,
  }, ({ deps, query, caller }) => listWaivers(deps.db, caller, query)),
  route({
    method: "get", path: "/WayBillWaiveCharges/get/{waiverNum}", permission, tag, params: waiverNumParam,
    summary: "One waiver with its lines before and after, its files, its history, the waybill as it stands, whether its side is paid, and the caller's actions",
    response: z.object({ data: waiverDetailRow }),
  }, ({ deps, params, caller }) => waiverDetail(deps.db, caller, params.waiverNum)),
  route({
    method: "post", path: "/WayBillWaiveCharges/create", permission, tag, body: createWaiverBody, status: 201,
    summary: "Draft a waiver of a waybill's open charge lines (whole, or an amount of each) with the remarks required",
    response: written,
  }, ({ deps, body, caller }) => createWaiver(deps.db, caller, body)),
  route({
    method: "put", path: "/WayBillWaiveCharges/update/{waiverNum}", permission, tag, params: waiverNumParam, body: updateWaiverBody,
    summary: "Change a draft's remarks and lines (its drafter), with the dateModified read",
    response: written,
  }, ({ deps, params, body, caller }) => updateWaiver(deps.db, caller, params.waiverNum, body)),
  route({
    method: "put", path: "/WayBillWaiveCharges/updateStatus/{waiverNum}", permission, tag, params: waiverNumParam, body: waiverStatusBody,
    summary: "Submit for endorsement, endorse, deny or approve, with the dateModified read; approving writes the waived-charges log",
    response: written,
  }, ({ deps, params, body, caller }) => moveWaiver(deps.db, caller, params.waiverNum, body)),
  route({
    method: "delete", path: "/WayBillWaiveCharges/delete", permission, tag, body: deleteWaiversBody,
    summary: "Delete drafts never sent on (their drafter), by id, all or none",
    response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }),
  }, ({ deps, body, caller }) => deleteWaivers(deps.db, caller, body)),
  route({
    method: "post", path: "/WayBillWaiveCharges/upload/{waiverNum}", permission, tag, params: waiverNumParam, status: 201,
    upload: { field: "file", maxBytes: WAIVER_FILE_MAX_BYTES },
    summary: "Attach a supporting file (a PDF, JPEG or PNG by its content, at most 5 MB) to a waiver not yet decided",
    response: z.object({ data: waiverFileRow, message: z.string() }), errors: [409],
  }, ({ deps, params, caller, file }) => addWaiverFile(deps.db, caller, params.waiverNum, file!)),
  route({
    method: "get", path: "/WayBillWaiveCharges/file/{waiverNum}/{fileId}", permission, tag, params: waiverFileParams,
    summary: "A supporting file of a waiver of the caller's branches",
  }, async ({ deps, params, caller }) => fileResponse(await waiverFile(deps.db, caller, params.waiverNum, params.fileId))),
  route({
    method: "delete", path: "/WayBillWaiveCharges/file/{waiverNum}/{fileId}", permission, tag, params: waiverFileParams,
    summary: "Take a supporting file off a draft (its drafter)",
    response: z.object({ data: z.object({ id: z.number() }), message: z.string() }),
  }, ({ deps, params, caller }) => removeWaiverFile(deps.db, caller, params.waiverNum, params.fileId)),
  route({
    method: "get", path: "/WayBillWaiveCharges/printWaybill/{waiverNum}", permission, tag, params: waiverNumParam,
    summary: "The waybill of a waiver as a PDF; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await waiverWaybillCopy(deps.db, caller, params.waiverNum))),
];
