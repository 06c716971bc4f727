import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { manualSalesInvoiceFile } from "./documents.ts";
import { bookletListQuery, bookletRow, createBookletBody, gapReportQuery, gapReportRow, manualSiBody, manualSiIdParam, manualSiRow } from "./schemas.ts";
import {
  cancelManualSi,
  createBooklet,
  createManualSi,
  deleteManualSi,
  gapReportOf,
  issueManualSi,
  listBooklets,
  listManualSi,
  manualSiById,
  updateManualSi,
} from "./service.ts";
import type { Caller } from "../../auth/index.ts";
import type { Db } from "../../../../db/client.ts";
import type { ManualSiCall } from "./schemas.ts";

const tag = "BaseManualSI";
const permission = "CROACCOUNTING";

/** The one BaseManualSI call (001 §7): its actionType says what it does. */
function dispatch(db: Db, caller: Caller, call: ManualSiCall) {
  switch (call.actionType) {
    case "list":
      return listManualSi(db, caller, call);
    case "create":
      return createManualSi(db, caller, call);
    case "update":
      return updateManualSi(db, caller, call);
    case "delete":
      return deleteManualSi(db, caller, call);
    case "issue":
      return issueManualSi(db, caller, call);
    case "cancel":
      return cancelManualSi(db, caller, call);
  }
}

/** Manual sales invoices on the branch's ATP booklets (001 §7 BaseManualSI, §9), and the booklet register. */
export const manualInvoiceRoutes: RouteDef[] = [
  route({
    method: "post", path: "/BaseManualSI", permission, tag, body: manualSiBody,
    summary: "Manual sales invoices by actionType: list (skip 0, take 20), create (a serial of an active ATP booklet of the branch, never used), update and delete while Draft, issue, cancel (spoiled) with the reason",
    response: z.union([
      z.object({ data: z.array(manualSiRow), total: z.number(), message: z.string().optional() }),
      z.object({ data: manualSiRow, message: z.string() }),
    ]),
    errors: [409],
  }, ({ deps, body, caller }) => dispatch(deps.db, caller, body)),
  route({
    method: "get", path: "/BaseManualSI/get/{id}", permission, tag, params: manualSiIdParam,
    summary: "One manual sales invoice with its lines, VAT and posting",
    response: z.object({ data: manualSiRow }),
  }, async ({ deps, params, caller }) => ({ data: await manualSiById(deps.db, params.id, caller) })),
  route({
    method: "get", path: "/BaseManualSI/gapReport", permission, tag, query: gapReportQuery,
    summary: "Every serial of a range of the branch: ISSUED, CANCELLED, DRAFT or UNUSED",
    response: z.object({ data: z.array(gapReportRow) }),
  }, ({ deps, query, caller }) => gapReportOf(deps.db, caller, query)),
  route({
    method: "get", path: "/BaseManualSI/print/{id}", permission, tag, params: manualSiIdParam,
    summary: "The manual sales invoice as a PDF on 14-inch legal paper; a copy unless printed by DAT staff",
    errors: [409],
  }, async ({ deps, params, caller }) => fileResponse(await manualSalesInvoiceFile(deps.db, caller, params.id))),
  route({
    method: "get", path: "/AtpBooklets/load", permission, tag, query: bookletListQuery,
    summary: "The Authority-to-Print booklets of the caller's branches, with the serials issued, spoiled and left",
    response: z.object({ data: z.array(bookletRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listBooklets(deps.db, caller, query)),
  route({
    method: "post", path: "/AtpBooklets/create", permission, tag, body: createBookletBody, status: 201,
    summary: "Record an ATP booklet received from the accredited printer; its range may not overlap another of the branch",
    response: z.object({ data: bookletRow, message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => createBooklet(deps.db, caller, body)),
];
