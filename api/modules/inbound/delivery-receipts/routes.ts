import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { cdrPdf } from "./documents.ts";
import { cdrIdParam, cdrListQuery, cdrRow, createCdrBody } from "./schemas.ts";
import { cdrById, createCdr, listCdrs } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";

/** Cargo delivery receipts (001 §3, §9). */
export const deliveryReceiptRoutes: RouteDef[] = [
  route({
    method: "post", path: "/InBound/deliveryReceipt/load", permission, tag, body: cdrListQuery,
    summary: "Cargo delivery receipts of the caller's branches, newest first, with a search",
    response: z.object({ data: z.array(cdrRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listCdrs(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/deliveryReceipt/get/{cargoDeliveryReceiptId}", permission, tag, params: cdrIdParam,
    summary: "One cargo delivery receipt with its waybill, transfer slip and the damage-claim note",
    response: z.object({ data: cdrRow }),
  }, async ({ deps, params, caller }) => ({ data: await cdrById(deps.db, params.cargoDeliveryReceiptId, caller) })),
  route({
    method: "post", path: "/InBound/deliveryReceipt/create", permission, tag, body: createCdrBody, status: 201,
    summary: "Make the cargo delivery receipt of a waybill whose van is out on an inbound CTS: date released, the consignee's delivery area, who received it",
    response: z.object({ data: cdrRow, message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => createCdr(deps.db, caller, body)),
  route({
    method: "get", path: "/InBound/deliveryReceipt/print/{cargoDeliveryReceiptId}", permission, tag, params: cdrIdParam,
    summary: "The cargo delivery receipt as a PDF with the note that a damage claim is due within 24 hours; a copy (COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await cdrPdf(deps.db, caller, params.cargoDeliveryReceiptId))),
];
