import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import {
  accountExecutiveRow,
  archiveBody,
  branchQuery,
  companySearchAnswer,
  companySearchQuery,
  createRequestBody,
  customerCodeParam,
  deleteRequestsBody,
  historyRow,
  requestListQuery,
  requestNumParam,
  requestRow,
  statusBody,
  updateRequestBody,
} from "./schemas.ts";
import {
  accountExecutivesOf,
  archiveRequest,
  createRequest,
  customerToChange,
  deleteRequests,
  listRequests,
  requestWithHistory,
  searchCompany,
  updateRequest,
  updateStatus,
} from "./service.ts";

const tag = "Customer requests";
const permission = "CUSTOMER";
const written = z.object({ data: requestRow, message: z.string() });

/** RequestedCustomers (001 §7): company-name search, list, get, create, update, archive, update status, delete. */
export const customerRequestRoutes: RouteDef[] = [
  route({
    method: "get", path: "/RequestedCustomers/searchCompany", permission, tag, query: companySearchQuery,
    summary: "Customers and open requests whose company name is like the one typed: the search made before a new request",
    response: companySearchAnswer,
  }, ({ deps, query, caller }) => searchCompany(deps.db, caller, query.company)),
  route({
    method: "get", path: "/RequestedCustomers/load", permission, tag, query: requestListQuery,
    summary: "One list of the caller's branches: draft (Draft and Denied), forApproval (an approver's queue; anyone else's own), archive",
    response: z.object({ data: z.array(requestRow), total: z.number(), isApprover: z.boolean(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listRequests(deps.db, caller, query)),
  route({
    method: "get", path: "/RequestedCustomers/get/{requestNum}", permission, tag, params: requestNumParam,
    summary: "One customer request with its history", response: z.object({ data: requestRow.extend({ history: z.array(historyRow) }) }),
  }, ({ deps, params, caller }) => requestWithHistory(deps.db, params.requestNum, caller)),
  route({
    method: "get", path: "/RequestedCustomers/customer/{code}", permission, tag, params: customerCodeParam,
    summary: "A customer of the master with its addresses: what a change request starts from",
  }, ({ deps, params }) => customerToChange(deps.db, params.code)),
  route({
    method: "get", path: "/RequestedCustomers/accountExecutives", permission, tag, query: branchQuery,
    summary: "The active account executives of a branch of the caller's, whom a customer may be assigned to",
    response: z.object({ data: z.array(accountExecutiveRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => accountExecutivesOf(deps.db, caller, query.branchCode)),
  route({
    method: "post", path: "/RequestedCustomers/create", permission, tag, body: createRequestBody, status: 201,
    summary: "Write a customer request (new customer or a change) with its detail; a draft, or sent for approval with submit",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createRequest(deps.db, caller, body)),
  route({
    method: "put", path: "/RequestedCustomers/update/{requestNum}", permission, tag, params: requestNumParam, body: updateRequestBody,
    summary: "Change a draft request with the dateModified read; sent for approval with submit",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateRequest(deps.db, caller, params.requestNum, body)),
  route({
    method: "put", path: "/RequestedCustomers/updateStatus/{requestNum}", permission, tag, params: requestNumParam, body: statusBody,
    summary: "Submit, approve, deny, or take a denied request back to draft; approval writes the customer master and assigns the AE",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateStatus(deps.db, caller, params.requestNum, body)),
  route({
    method: "put", path: "/RequestedCustomers/archive/{requestNum}", permission, tag, params: requestNumParam, body: archiveBody,
    summary: "Archive a draft given up or a denied request, with the dateModified read",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => archiveRequest(deps.db, caller, params.requestNum, body)),
  route({
    method: "delete", path: "/RequestedCustomers/delete", permission, tag, body: deleteRequestsBody,
    summary: "Delete drafts never sent for approval, by id, all or none",
    response: z.object({ data: z.object({ ids: z.array(z.number()) }), message: z.string() }), errors: [409],
  }, ({ deps, body, caller }) => deleteRequests(deps.db, caller, body)),
];
