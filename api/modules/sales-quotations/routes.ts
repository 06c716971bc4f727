import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import { idParam, listQuery } from "../../shared/contracts.ts";
import { createQuotationBody, historyRow, quotationRow, statusUpdateBody } from "./schemas.ts";
import { createQuotation, expireQuotations, listQuotations, readQuotation, updateStatus } from "./service.ts";
import { LIST_CAPABILITY, SQ_LISTS, type SqList } from "./workflow.ts";

const LIST_SUMMARY: Record<SqList, string> = {
  AE: "The account executive's own quotations, a page at a time",
  SM: "Quotations waiting for a sales manager (For Approval)",
  AUD: "Quotations waiting for an auditor (SM Approved)",
  FA: "Quotations waiting for a finance approver (AUD Approved)",
  SBM: "Every quotation of the sales branch manager's branches",
};

const tag = "Sales quotations";
const permission = "SALESQUOTATION";
const written = z.object({ data: quotationRow, message: z.string() });

export const salesQuotationRoutes: RouteDef[] = [
  route({
    method: "post", path: "/SalesQuotations", permission: "SQ_AE", tag, body: createQuotationBody, status: 201,
    summary: "Draft a quotation for a customer and cargo type; numbered from the branch's SQ series (account executives)",
    response: written,
  }, ({ deps, body, caller }) => createQuotation(deps.db, caller, body)),

  // One list per sales role (000 §6), each open to the holders of that role's capability.
  ...SQ_LISTS.map((list) =>
    route({
      method: "get", path: `/SalesQuotations/load${list}`, permission: LIST_CAPABILITY[list], tag, query: listQuery,
      summary: LIST_SUMMARY[list],
      response: z.object({ data: z.array(quotationRow), total: z.number(), message: z.string().optional() }),
    }, ({ deps, query, caller }) => listQuotations(deps.db, caller, { ...query, list }))
  ),

  route({
    method: "get", path: "/SalesQuotations/read/{sqRefNum}", permission, tag,
    params: z.object({ sqRefNum: z.string().trim().min(1, "sqRefNum is required").max(40, "sqRefNum can be at most 40 characters") }),
    summary: "One quotation with the history of its status",
    response: z.object({ data: quotationRow.extend({ history: z.array(historyRow) }) }),
  }, ({ deps, params }) => readQuotation(deps.db, params.sqRefNum)),

  route({
    method: "put", path: "/SalesQuotations/updateSqStatusWthSBMV2/{id}", permission, tag, params: idParam, body: statusUpdateBody,
    summary: "Move a quotation one step of its approval chain (403 out of turn, 409 when it is no longer at that step); " +
      "the next approver and, on a submit, the branch's sales branch managers are notified",
    response: written,
  }, ({ deps, params, body, caller }) => updateStatus(deps.db, caller, params.id, body.action, body.remarks)),

  route({
    method: "post", path: "/SalesQuotations/sqExpiration", permission, tag,
    body: z.object({ dryRun: z.boolean({ error: "dryRun must be true or false" }).default(false) }),
    summary: "Expire every quotation whose validity has ended (the daily job does this too); dryRun only lists them",
    response: z.object({ data: z.object({ expired: z.array(z.string()), dryRun: z.boolean() }), message: z.string() }),
  }, ({ deps, body, caller }) => expireQuotations(deps.db, { dryRun: body.dryRun, actor: caller.userId })),
];
