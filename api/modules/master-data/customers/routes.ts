import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { pageAnswer, tag, writeAnswer } from "../route-shapes.ts";
import { deleteBody, idParam, listQuery } from "../../../shared/contracts.ts";
import { customerContract } from "../schemas.ts";
import {
  aeParam,
  createWithDetailsBody,
  customerCodeParam,
  customerLoadBody,
  customerSearchQuery,
  insuranceBody,
  perBagQuery,
  shipperConsigneeQuery,
  updateWithDetailsBody,
} from "./contracts.ts";
import {
  computeInsurance,
  createWithDetails,
  customerChargesOf,
  deleteCustomers,
  getWithDetails,
  listCustomers,
  loadCustomers,
  ratesBasis,
  searchByAccountExecutive,
  searchCollectionPayor,
  searchPayor,
  searchShipperConsignee,
  setRatesBasis,
  updateWithDetails,
} from "./service.ts";

const row = customerContract.row;

/**
 * The rates basis is read by customer code (as quotations and bookings know a customer) and written by id (as
 * the customer screen does). Both spellings stay as clients call them, under one path template, so the API
 * description declares the path once: the parameter is a code to GET and an id to PUT.
 */
const basisByCode = z.object({ customer: customerCodeParam.shape.code.describe("The customer's code") });
const basisById = z.object({ customer: idParam.shape.id.describe("The customer's id") });
const detailed = row.extend({ addresses: z.array(z.record(z.string(), z.unknown())), charges: z.array(z.record(z.string(), z.unknown())) });

/**
 * Customer calls beyond the shared pattern (000 §7). The shared PUT /Customers/activate/{id} already takes the
 * spec's ?isActive&userId: the acting user is the one signed in, so a userId in the query is not needed.
 * Lookups that bookings and quotations page through are open to any signed-in user; writes need MASTERDATA.
 */
export const customersRoutes: RouteDef[] = [
  route({
    method: "post", path: "/Customers/load", permission: "MASTERDATA", tag, body: customerLoadBody,
    summary: "Customers a page at a time, by status filter, active flag, code and search", response: pageAnswer(row),
  }, ({ deps, body }) => loadCustomers(deps.db, body)),
  route({
    method: "get", path: "/Customers", permission: "authenticated", tag, query: listQuery,
    // 000 §7 names this call "list".
    aliases: [{ method: "get", path: "/Customers/list" }],
    summary: "Customers a page at a time (skip, take, search, filter)", response: pageAnswer(row),
  }, ({ deps, query }) => listCustomers(deps.db, query)),
  route({
    method: "post", path: "/Customers/createWithDetailsV1", permission: "MASTERDATA", tag, body: createWithDetailsBody, status: 201,
    summary: "Create a customer with its addresses and agreed charges in one step", response: writeAnswer(detailed),
  }, ({ deps, body, caller }) => createWithDetails(deps.db, body, caller)),
  route({
    method: "put", path: "/Customers/updateWithDetailsV1/{id}", permission: "MASTERDATA", tag, params: idParam, body: updateWithDetailsBody,
    summary: "Update a customer and replace the address or charge lists given; dateModified must be the one loaded (409 when stale)",
    response: writeAnswer(detailed),
  }, ({ deps, params, body, caller }) => updateWithDetails(deps.db, params.id, body, caller)),
  route({
    method: "get", path: "/Customers/getWithDetailsV1/{id}", permission: "authenticated", tag, params: idParam,
    summary: "One customer with its addresses and agreed charges", response: z.object({ data: detailed }),
  }, async ({ deps, params }) => ({ data: await getWithDetails(deps.db, params.id) })),
  route({
    method: "delete", path: "/Customers/deleteV1", permission: "MASTERDATA", tag, body: deleteBody,
    summary: "Delete customers by id with their addresses and charges (all or none)",
    response: writeAnswer(z.object({ ids: z.array(z.number()) })),
  }, ({ deps, body, caller }) => deleteCustomers(deps.db, body, caller)),
  route({
    method: "get", path: "/Customers/searchShipperConsignee", permission: "authenticated", tag, query: shipperConsigneeQuery,
    summary: "Active shippers or consignees matching a search (type narrows to one side)", response: pageAnswer(row),
  }, ({ deps, query }) => searchShipperConsignee(deps.db, query)),
  route({
    method: "get", path: "/Customers/searchPayor", permission: "authenticated", tag, query: customerSearchQuery,
    summary: "Active payors matching a search", response: pageAnswer(row),
  }, ({ deps, query }) => searchPayor(deps.db, query)),
  route({
    method: "get", path: "/Customers/searchCollectionPayor", permission: "authenticated", tag, query: customerSearchQuery,
    summary: "Active collection payors matching a search", response: pageAnswer(row),
  }, ({ deps, query }) => searchCollectionPayor(deps.db, query)),
  route({
    method: "get", path: "/Customers/searchByAccountExecutive/{aeId}", permission: "authenticated", tag, params: aeParam, query: customerSearchQuery,
    summary: "Active customers of one account executive matching a search", response: pageAnswer(row),
  }, ({ deps, params, query }) => searchByAccountExecutive(deps.db, params.aeId, query)),
  route({
    method: "get", path: "/Customers/customerChargesV1/{code}", permission: "authenticated", tag, params: customerCodeParam,
    // 000 §7 spells the call without a path segment; such a client sends the customer code as ?code=.
    aliases: [{ method: "get", path: "/Customers/customerChargesV1" }],
    summary: "The charges agreed with one customer, by customer code",
    response: z.object({ data: z.object({ customerCode: z.string(), charges: z.array(z.record(z.string(), z.unknown())) }) }),
  }, async ({ deps, params }) => ({ data: await customerChargesOf(deps.db, params.code) })),
  route({
    method: "get", path: "/Customers/ratesBasis/{customer}", permission: "authenticated", tag, params: basisByCode,
    summary: "Whether a customer is rated per bag or per TEU",
    response: z.object({ data: z.object({ id: z.number(), code: z.string(), company: z.string(), isPerBag: z.boolean(), rateUnit: z.string(), label: z.string() }) }),
  }, async ({ deps, params }) => ({ data: await ratesBasis(deps.db, params.customer) })),
  route({
    method: "put", path: "/Customers/ratesBasis/{customer}", permission: "MASTERDATA", tag, params: basisById, query: perBagQuery,
    summary: "Rate a customer per bag (?isPerBag=true) or per TEU (?isPerBag=false)",
    response: writeAnswer(z.object({ code: z.string(), isPerBag: z.boolean(), rateUnit: z.string(), label: z.string() })),
  }, ({ deps, params, query, caller }) => setRatesBasis(deps.db, params.customer, query.isPerBag, caller)),
  route({
    method: "post", path: "/Customers/computeInsuranceWithOtherCharges", permission: "authenticated", tag, body: insuranceBody,
    summary: "Insurance premium from the C0004 and C0005 policies in force, with other charges insured along",
    response: z.object({ data: z.object({ date: z.string(), insuredValue: z.string(), rate: z.string(), premium: z.string() }) }),
  }, async ({ deps, body }) => ({ data: await computeInsurance(deps.db, body) })),
];
