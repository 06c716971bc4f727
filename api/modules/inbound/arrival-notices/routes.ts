import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { publicLookupLimit } from "../../../http/rate-limit.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { clientAddress, linkBase } from "../../../http/security.ts";
import { cargoArrivalNoticePdf, cargoArrivalNoticePdfOfLink, vesselArrivalNoticePdf } from "./documents.ts";
import {
  cargoArrivalNotice as cargoNoticeContract,
  noticeLinkParams,
  publicArrivalNotice,
  sendArrivalNoticeBody,
  sentNoticeRow,
  vesselArrivalNotice as vesselNoticeContract,
  vesselNoticeQuery,
  voyageNotices as voyageNoticesContract,
  voyageNumParam,
  wayBillRefParam,
} from "./schemas.ts";
import { arrivalNoticeOfLink, cargoArrivalNotice, sendArrivalNotice, vesselArrivalNotice, voyageNotices } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";

const limitLookups = publicLookupLimit("arrival notice");

/** Arrival notices (001 §7 InBound: cargo arrival notice, send arrival notice to the consignee by e-mail; §9 vessel arrival notice). */
export const arrivalNoticeRoutes: RouteDef[] = [
  route({
    method: "get", path: "/InBound/arrivalNotice/voyage/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "A voyage at the caller's ports of call: its discharged waybills with the consignee's address on file and the arrival notices sent",
    response: z.object({ data: voyageNoticesContract }),
  }, ({ deps, params, caller }) => voyageNotices(deps.db, caller, params.voyageNum)),
  route({
    method: "get", path: "/InBound/arrivalNotice/vessel/{voyageNum}", permission, tag, params: voyageNumParam, query: vesselNoticeQuery,
    summary: "The vessel arrival notice of a voyage at one of the caller's ports of call (the caller's first when none is given): the lines of 001 §3",
    response: z.object({ data: vesselNoticeContract }),
  }, async ({ deps, params, query, caller }) => ({ data: await vesselArrivalNotice(deps.db, caller, params.voyageNum, query.destinationBranchCode) })),
  route({
    method: "get", path: "/InBound/arrivalNotice/vessel/{voyageNum}/print", permission, tag, params: voyageNumParam, query: vesselNoticeQuery,
    summary: "The vessel arrival notice as a PDF (A4 landscape)",
  }, async ({ deps, params, query, caller }) => fileResponse(await vesselArrivalNoticePdf(deps.db, caller, params.voyageNum, query.destinationBranchCode))),
  route({
    method: "get", path: "/InBound/arrivalNotice/cargo/{wayBillRef}", permission, tag, params: wayBillRefParam,
    summary: "The cargo arrival notice of a waybill of the caller's branches (its destination): charges with their arrival-notice labels, terms, amount payable, storage due date",
    response: z.object({ data: cargoNoticeContract }),
  }, async ({ deps, params, caller }) => ({ data: await cargoArrivalNotice(deps.db, caller, params.wayBillRef) })),
  route({
    method: "get", path: "/InBound/arrivalNotice/cargo/{wayBillRef}/print", permission, tag, params: wayBillRefParam,
    summary: "The cargo arrival notice as a PDF; a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await cargoArrivalNoticePdf(deps.db, caller, params.wayBillRef))),
  route({
    method: "post", path: "/InBound/arrivalNotice/send/{wayBillRef}", permission, tag, params: wayBillRefParam, body: sendArrivalNoticeBody, status: 201,
    summary: "Send the arrival notice to the consignee by e-mail with a public link (to the address given, else the one on file; with none, 001 §9's 8-character value is recorded and no e-mail is queued)",
    response: z.object({ data: z.object({ sent: sentNoticeRow, link: z.string().nullable() }), message: z.string() }),
  }, ({ c, deps, params, body, caller }) => sendArrivalNotice(deps.db, caller, params.wayBillRef, body, { linkBase: linkBase(c, deps.config) })),

  // The consignee's side: no sign-in, the link's token instead (rate-limited; a wrong token answers as a missing one).
  route({
    method: "get", path: "/InBound/arrivalNotice/link/{wayBillRef}/{token}", permission: "public", tag, params: noticeLinkParams,
    summary: "What a consignee's arrival notice link opens: the notice, whether it is paid, the free days left and the release (404 for a wrong token or waybill)",
    response: z.object({ data: publicArrivalNotice }), errors: [429],
  }, async ({ c, deps, params }) => {
    limitLookups(deps, clientAddress(c));
    return { data: await arrivalNoticeOfLink(deps.db, params.wayBillRef, params.token) };
  }),
  route({
    method: "get", path: "/InBound/arrivalNotice/link/{wayBillRef}/{token}/pdf", permission: "public", tag, params: noticeLinkParams,
    summary: "The cargo arrival notice of a consignee's link as a PDF",
    errors: [429],
  }, async ({ c, deps, params }) => {
    limitLookups(deps, clientAddress(c));
    return fileResponse(await cargoArrivalNoticePdfOfLink(deps.db, params.wayBillRef, params.token));
  }),
];
