import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { publicLookupLimit } from "../../../http/rate-limit.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { clientAddress, linkBase } from "../../../http/security.ts";
import { confirmationPdf, confirmationPdfOfLink } from "./documents.ts";
import {
  confirmationLinkParams,
  confirmationRow,
  confirmationView,
  loadingConfirmationListQuery,
  resendConfirmationBody,
  transactionRefParam,
} from "./schemas.ts";
import { confirmationByRef, confirmationOfLink, listConfirmations, resendConfirmation } from "./service.ts";

const tag = "Outbound";
const permission = "OUTBOUND";
const withView = confirmationRow.extend({ view: confirmationView });

const limitLookups = publicLookupLimit("loading confirmation");

/** Loading confirmations (001 §3, §9): the staff's list, print and resend, and the shipper's link. */
export const loadingConfirmationRoutes: RouteDef[] = [
  route({
    method: "post", path: "/OutBound/loadingConfirmation/load", permission, tag, body: loadingConfirmationListQuery,
    summary: "Loading confirmations of the caller's branches, newest first; 20 a page, by voyage, with a search",
    response: z.object({ data: z.array(confirmationRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, body, caller }) => listConfirmations(deps.db, caller, body)),
  route({
    method: "get", path: "/OutBound/loadingConfirmation/get/{transactionRef}", permission, tag, params: transactionRefParam,
    summary: "One loading confirmation with the loaded cargo it lists",
    response: z.object({ data: withView }),
  }, ({ deps, params, caller }) => confirmationByRef(deps.db, params.transactionRef, caller)),
  route({
    method: "get", path: "/OutBound/loadingConfirmation/print/{transactionRef}", permission, tag, params: transactionRefParam,
    summary: "The loading confirmation as a PDF (A4 landscape, opens in the print dialog); a copy unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await confirmationPdf(deps.db, caller, params.transactionRef))),
  route({
    method: "put", path: "/OutBound/loadingConfirmation/resend/{transactionRef}", permission, tag, params: transactionRefParam,
    body: resendConfirmationBody,
    summary: "E-mail the shipper's link again with a new token (the old link stops working); dateModified as read (409 when stale)",
    response: z.object({ data: withView, message: z.string() }), errors: [409],
  }, ({ c, deps, params, body, caller }) =>
    resendConfirmation(deps.db, caller, params.transactionRef, body, { linkBase: linkBase(c, deps.config) })),

  // The shipper's side: no sign-in, the link's token instead (rate-limited; a wrong token answers as a missing one).
  route({
    method: "get", path: "/Bookings/loadingConfirmation/{bookingRef}/{token}", permission: "public", tag, params: confirmationLinkParams,
    summary: "The loading confirmation a shipper's link opens: voyage, vessel and the loaded cargo (404 for a wrong token or booking)",
    response: z.object({ data: confirmationView }), errors: [429],
  }, async ({ c, deps, params }) => {
    limitLookups(deps, clientAddress(c));
    return { data: await confirmationOfLink(deps.db, params.bookingRef, params.token) };
  }),
  route({
    method: "get", path: "/Bookings/loadingConfirmation/{bookingRef}/{token}/pdf", permission: "public", tag, params: confirmationLinkParams,
    summary: "The loading confirmation of a shipper's link as a PDF that opens in the print dialog",
    errors: [429],
  }, async ({ c, deps, params }) => {
    limitLookups(deps, clientAddress(c));
    return fileResponse(await confirmationPdfOfLink(deps.db, params.bookingRef, params.token));
  }),
];
