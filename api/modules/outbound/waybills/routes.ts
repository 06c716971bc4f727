import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { truckerWaybillPdf, waybillPdf } from "./documents.ts";
import { createWaybillBody, updateWaybillBody, waybillCandidateRow, waybillListQuery, waybillRow, wayBillRefParam } from "./schemas.ts";
import { createWaybill, listWaybills, updateWaybill, waybillByRef, waybillCandidates, waybillOfBooking } from "./service.ts";
import { bookingRefParam } from "../../bookings/index.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
const written = z.object({ data: waybillRow, message: z.string() });

/** Waybills (001 §7 OutBound: way bill). */
export const waybillRoutes: RouteDef[] = [
  route({
    method: "post", path: "/OutBound/waybill/load", permission, tag, body: waybillListQuery,
    summary: "Waybills of the caller's branches, newest first; 20 a page, by voyage, status and branch, with a search",
    response: z.object({ data: z.array(waybillRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listWaybills(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/waybill/get/{wayBillRef}", permission, tag, params: wayBillRefParam,
    summary: "One waybill with its charge lines, totals by payment side and VAT",
    response: z.object({ data: waybillRow }),
  }, async ({ deps, params, caller }) => ({ data: await waybillByRef(deps.db, params.wayBillRef, caller) })),
  route({
    method: "get", path: "/OutBound/waybill/candidates", permission, tag,
    query: z.object({ search: z.string().trim().max(100, "search can be at most 100 characters").default("") }),
    summary: "Bookings whose van is out on a transfer slip and that are on no waybill yet, with their lane and whether it is a tandem lane",
    response: z.object({ data: z.array(waybillCandidateRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => waybillCandidates(deps.db, caller, query.search)),
  route({
    method: "get", path: "/OutBound/waybill/ofBooking/{bookingRef}", permission, tag, params: bookingRefParam,
    summary: "The waybill of a booking (its own, or the tandem it is paired on), or null",
    response: z.object({ data: waybillRow.nullable() }),
  }, ({ deps, params, caller }) => waybillOfBooking(deps.db, params.bookingRef, caller)),
  route({
    method: "post", path: "/OutBound/waybill/create", permission, tag, body: createWaybillBody, status: 201,
    summary: "Issue the waybill of a booking whose van is out on a transfer slip: number from the origin branch's WB series, filled from the booking; on a tandem lane it may pair a second booking's 20' van",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createWaybill(deps.db, caller, body)),
  route({
    method: "put", path: "/OutBound/waybill/update/{wayBillRef}", permission, tag, params: wayBillRefParam, body: updateWaybillBody,
    summary: "Change a Draft waybill: its fields and its charge lines (a code once per part); totals follow the mode of payment and the split",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateWaybill(deps.db, caller, params.wayBillRef, body)),
  route({
    method: "get", path: "/OutBound/waybill/print/{wayBillRef}", permission, tag, params: wayBillRefParam,
    summary: "The waybill as a PDF (A4 portrait); a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await waybillPdf(deps.db, caller, params.wayBillRef))),
  route({
    method: "get", path: "/OutBound/waybill/printTrucker/{wayBillRef}", permission, tag, params: wayBillRefParam,
    query: z.object({ layout: z.enum(["legal", "letter"], { error: "layout must be legal or letter" }).default("legal") }),
    summary: "The trucker's waybill as a PDF, on legal or letter paper, without amounts",
  }, async ({ deps, params, query, caller }) => fileResponse(await truckerWaybillPdf(deps.db, caller, params.wayBillRef, query.layout))),
];
