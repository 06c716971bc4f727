import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { deleteBody, idParam } from "../../../shared/contracts.ts";
import { connectorFor } from "../posting/connector.ts";
import { postedAnswer, postingRow } from "../posting/schemas.ts";
import { invoicePdf } from "./documents.ts";
import {
  cancelInvoiceBody,
  createCroAccountingBody,
  croAccountingDetail,
  croStatusBody,
  dailyTotalsAnswer,
  dailyTotalsQuery,
  generateAnswer,
  generateBody,
  invoiceNoParam,
  invoiceRow,
  invoiceSearchQuery,
  updateCroAccountingBody,
  voyageDestinationAnswer,
  voyageListQuery,
  voyageNumParam,
  voyageRow,
  waybillSideRow,
  wayBillRefParam,
} from "./schemas.ts";
import {
  cancelInvoice,
  croAccountingById,
  croWaybills,
  createCroAccounting,
  dailyTotals,
  deleteCroAccountings,
  generateWaybillInvoices,
  invoiceByNo,
  listVoyages,
  postCro,
  postCroToBase,
  searchSalesInvoices,
  updateCroAccounting,
  updateCroAccountingStatus,
  voyageDestinations,
  waybillForAccounting,
} from "./service.ts";

const tag = "CRO Accounting";
const permission = "CROACCOUNTING";
const written = z.object({ data: croAccountingDetail, message: z.string() });

/** CRO accounting (001 §7): the voyages to bill, the CRO accounting record, its invoices and their posting. */
export const invoiceRoutes: RouteDef[] = [
  route({
    method: "get", path: "/CROAccounting/listVoyages", permission, tag, query: voyageListQuery,
    summary: "Voyages of the caller's branches by side (origin or destination) with what their waybills bill, what is invoiced, collected and open",
    response: z.object({ data: z.array(voyageRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listVoyages(deps.db, caller, query)),
  route({
    method: "get", path: "/CROAccounting/getVoyageDestination/{voyageNum}", permission, tag, params: voyageNumParam,
    summary: "A voyage's origin and destinations: the branches that bill its waybills",
    response: z.object({ data: voyageDestinationAnswer }),
  }, async ({ deps, params }) => ({ data: await voyageDestinations(deps.db, params.voyageNum) })),
  route({
    method: "get", path: "/CROAccounting/listWaybills/{id}", permission, tag, params: idParam,
    summary: "The waybills a CRO accounting record bills, each with what its side bills and its invoice",
    response: z.object({ data: z.array(waybillSideRow), message: z.string().optional() }),
  }, ({ deps, params, caller }) => croWaybills(deps.db, params.id, caller)),
  route({
    method: "get", path: "/CROAccounting/getWaybill/{wayBillRef}", permission, tag, params: wayBillRefParam,
    summary: "One waybill by payment side: what each side bills, which branch bills it and its invoice",
    response: z.object({ data: waybillSideRow }),
  }, async ({ deps, params, caller }) => ({ data: await waybillForAccounting(deps.db, params.wayBillRef, caller) })),
  route({
    method: "get", path: "/CROAccounting/get/{id}", permission, tag, params: idParam,
    summary: "One CRO accounting record with its invoices, what is invoiced, collected and open",
    response: z.object({ data: croAccountingDetail }),
  }, async ({ deps, params, caller }) => ({ data: await croAccountingById(deps.db, params.id, caller) })),
  route({
    method: "post", path: "/CROAccounting", permission, tag, body: createCroAccountingBody, status: 201,
    summary: "Open the billing of a voyage at a branch and side (numbered from the branch's CRA series, Draft)",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createCroAccounting(deps.db, caller, body)),
  route({
    method: "put", path: "/CROAccounting/update/{id}", permission, tag, params: idParam, body: updateCroAccountingBody,
    summary: "Change a Draft CRO accounting record's remarks (dateModified as read; a stale one is a 409)",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateCroAccounting(deps.db, caller, params.id, body)),
  route({
    method: "put", path: "/CROAccounting/updateStatus/{id}", permission, tag, params: idParam, body: croStatusBody,
    summary: "Move a CRO accounting record by its workflow: post (Draft to Posted) or reopen (Posted to Draft)",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateCroAccountingStatus(deps.db, caller, params.id, body)),
  route({
    method: "delete", path: "/CROAccounting/delete", permission, tag, body: deleteBody,
    summary: "Delete Draft CRO accounting records that have no invoice (all or none)",
    response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => deleteCroAccountings(deps.db, caller, body)),
  route({
    method: "post", path: "/CROAccounting/generateWaybillInvoice/{id}", permission, tag, params: idParam, body: generateBody,
    summary: "Issue the invoices of the record's waybills still waiting, one per waybill and payment side ('No more Waybill Data' when none is left)",
    response: generateAnswer, errors: [409],
  }, ({ deps, params, body, caller }) => generateWaybillInvoices(deps.db, caller, params.id, body)),
  route({
    method: "put", path: "/CROAccounting/postCRO/{id}", permission, tag, params: idParam,
    summary: "Post the record (Draft to Posted) and send its invoices' postings to BASE now",
    response: z.object({ data: croAccountingDetail, postings: z.array(postingRow), custDetails: z.array(z.unknown()), message: z.string() }),
  }, ({ deps, params, caller }) => postCro(deps.db, caller, params.id, connectorFor(deps.config.base), deps.log)),
  route({
    method: "post", path: "/CROAccounting/postCROToBase/{id}", permission, tag, params: idParam,
    summary: "Send the record's postings to BASE now and answer BASE's words for each: custDetails and message",
    response: postedAnswer,
  }, ({ deps, params, caller }) => postCroToBase(deps.db, caller, params.id, connectorFor(deps.config.base), deps.log)),
  route({
    method: "get", path: "/CROAccounting/dailyTotals", permission, tag, query: dailyTotalsQuery,
    summary: "What the caller's branches issued, cancelled and collected on a day (today unless given), for the cashier's end-of-day check",
    response: dailyTotalsAnswer,
  }, ({ deps, query, caller }) => dailyTotals(deps.db, caller, query.date)),

  // Invoices
  route({
    method: "get", path: "/CROAccounting/invoice/{invoiceNo}", permission, tag, params: invoiceNoParam,
    summary: "One invoice with its lines, its posting and what was collected on it",
    response: z.object({ data: invoiceRow }),
  }, async ({ deps, params, caller }) => ({ data: await invoiceByNo(deps.db, params.invoiceNo, caller) })),
  route({
    method: "get", path: "/CROAccounting/invoice/print/{invoiceNo}", permission, tag, params: invoiceNoParam,
    summary: "The invoice as a PDF (A4 portrait); a copy (watermarked COPY) unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await invoicePdf(deps.db, caller, params.invoiceNo))),
  route({
    method: "put", path: "/CROAccounting/invoice/cancel/{invoiceNo}", permission, tag, params: invoiceNoParam, body: cancelInvoiceBody,
    summary: "Cancel an issued invoice with its reason: it keeps its number, and its posting is reversed",
    response: z.object({ data: invoiceRow, message: z.string() }), errors: [409],
  }, ({ deps, params, body, caller }) => cancelInvoice(deps.db, caller, params.invoiceNo, body)),
  route({
    method: "get", path: "/OutBound/salesInvoice/search", permission: "OUTBOUND", tag: "Outbound", query: invoiceSearchQuery,
    summary: "Sales invoices of the caller's branches by number, waybill, voyage or buyer, newest first",
    response: z.object({ data: z.array(invoiceRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => searchSalesInvoices(deps.db, caller, query)),
];
