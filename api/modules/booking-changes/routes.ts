import { z } from "zod";
import { fileResponse } from "../../http/files.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { buildDocument } from "../../shared/document-pool.ts";
import {
  bookingRefParam, createRevisionBody, deleteRevisionsBody, downloadQuery, generateSiBody, pageQuery, referenceBody, revisionDetailRow, revisionIdParam,
  revisionListAnswer, revisionListQuery, revisionRow, revisionStatusBody, updateRevisionBody,
} from "./schemas.ts";
import {
  approvedForDownload, bookingForRevision, changeReferences, createRevision, deleteRevisions, listForApprover, listForDat, listRevisions, moveRevision,
  revisionDetail, updateRevision,
} from "./service.ts";

const tag = "Booking changes";
const permission = "BOOKINGCHANGES";
const written = z.object({ data: revisionRow, message: z.string() });
const base = "/BookingRevisions";

/** BookingRevisions (001 §7): all fifteen calls. */
export const bookingChangeRoutes: RouteDef[] = [
  route({
    method: "post", path: `${base}/createRevisionV1`, permission, tag, body: createRevisionBody, status: 201,
    summary: "Draft a change of a booking past Confirmed: the values it proposes and why", response: written, errors: [409],
  }, ({ deps, body, caller }) => createRevision(deps.db, caller, body)),
  route({
    method: "get", path: `${base}/getBookingRefV1/{id}`, permission, tag, params: bookingRefParam,
    summary: "The booking a change would revise, as it stands, with its waybill, charges and whether it may change",
    response: z.object({ data: z.record(z.string(), z.unknown()) }),
  }, ({ deps, params, caller }) => bookingForRevision(deps.db, caller, params.id)),
  route({
    method: "get", path: `${base}/getListBookingRevisionV1`, permission, tag, query: revisionListQuery,
    summary: "One list by the caller's flags: draft, forEndorse, forApproval, approved (showMyApproved: those they took part in)",
    response: revisionListAnswer,
  }, ({ deps, query, caller }) => listRevisions(deps.db, caller, query)),
  route({
    method: "get", path: `${base}/getListDatV1`, permission, tag, query: pageQuery,
    summary: "To DAT staff: the approved changes of their branches that moved a waybill", response: revisionListAnswer,
  }, ({ deps, query, caller }) => listForDat(deps.db, caller, query)),
  route({
    method: "get", path: `${base}/getListApproverV1`, permission, tag, query: pageQuery,
    summary: "What waits for the caller's approval step: For Approval, or Management Approved for the final or accounting approver",
    response: revisionListAnswer,
  }, ({ deps, query, caller }) => listForApprover(deps.db, caller, query)),
  route({
    method: "get", path: `${base}/getRevisionId/{revisionId}`, permission, tag, params: revisionIdParam,
    summary: "One change with its values before and after, its charges, references, waybill entries, history and the caller's actions",
    response: z.object({ data: revisionDetailRow }),
  }, ({ deps, params, caller }) => revisionDetail(deps.db, caller, params.revisionId)),
  route({
    method: "get", path: `${base}/getApprovedRevisionId/{revisionId}`, permission, tag, params: revisionIdParam,
    summary: "One approved change, as getRevisionId", response: z.object({ data: revisionDetailRow }),
  }, ({ deps, params, caller }) => revisionDetail(deps.db, caller, params.revisionId, true)),
  route({
    method: "put", path: `${base}/updateRevisionStatusV1`, permission, tag, body: revisionStatusBody,
    summary: "submit, endorse, approve, finalApprove, accountingApprove, deny or cancel, with the dateModified read; the last approval applies the change",
    response: z.object({ data: revisionRow.extend({ list: z.string() }), message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => moveRevision(deps.db, caller, body)),
  route({
    method: "put", path: `${base}/updateRevisionId/{revisionId}`, permission, tag, params: revisionIdParam, body: updateRevisionBody,
    summary: "Change a draft's remarks and proposed values (its drafter), with the dateModified read", response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateRevision(deps.db, caller, params.revisionId, body)),
  route({
    method: "delete", path: `${base}/deleteRevision`, permission, tag, body: deleteRevisionsBody,
    summary: "Delete drafts never sent on (their drafter), by id, all or none",
    response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }),
  }, ({ deps, body, caller }) => deleteRevisions(deps.db, caller, body)),
  route({
    method: "post", path: `${base}/addReference`, permission, tag, body: referenceBody,
    summary: "Add an SI or SH reference at the end of a draft's references", response: written,
  }, ({ deps, body, caller }) => changeReferences(deps.db, caller, "add", body)),
  route({
    method: "post", path: `${base}/insertReference`, permission, tag, body: referenceBody,
    summary: "Insert an SI or SH reference at a position (from 1) of a draft's references", response: written,
  }, ({ deps, body, caller }) => changeReferences(deps.db, caller, "insert", body)),
  route({
    method: "post", path: `${base}/removeReference`, permission, tag, body: referenceBody,
    summary: "Remove an SI or SH reference from a draft", response: written,
  }, ({ deps, body, caller }) => changeReferences(deps.db, caller, "remove", body)),
  route({
    method: "post", path: `${base}/generateSINum`, permission, tag, body: generateSiBody,
    summary: "Add the branch's next SI number to a draft's references", response: written,
  }, ({ deps, body, caller }) => changeReferences(deps.db, caller, "generate", body)),
  route({
    method: "get", path: `${base}/downloadApprovedBC`, permission, tag, query: downloadQuery,
    summary: "The approved booking changes as ApprovedBookingChanges.xlsx",
  }, async ({ deps, query, caller }) => fileResponse(await buildDocument("approvedBookingChanges", await approvedForDownload(deps.db, caller, query)))),
];
