import { z } from "zod";
import { fileResponse } from "../../http/files.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { deleteBody, idParam, listQuery } from "../../shared/contracts.ts";
import { dateText } from "../../shared/fields.ts";
import { manilaDate } from "../../shared/dates.ts";
import { customerWorkbook, memoPdf, presentationData, printout } from "./documents.ts";
import { deleteLane, expiredDocuments, insertLanes, laneByNumber, lanesOf, updateLane } from "./lanes.ts";
import { openVanCharges, priceLane } from "./pricing.ts";
import {
  bookingQuotationsBody,
  chargeRow,
  createQuotationBody,
  createTermsBody,
  customerDownloadBody,
  customerViewerQuery,
  expiredDocumentsBody,
  fullQuotationRow,
  groupBody,
  insertLanesBody,
  laneInput,
  laneRow,
  memoBody,
  memoCandidatesBody,
  memoRow,
  openVanBody,
  policyTerm,
  priceLaneBody,
  quotationRow,
  sqdocParam,
  sqRefBody,
  sqRefNumField,
  sqRefParam,
  statusUpdateBody,
  termRow,
  termsByCargoTypeQuery,
  updateTermBody,
} from "./schemas.ts";
import {
  amendQuotation,
  approvedOfCustomer,
  archiveQuotation,
  createQuotation,
  deactivateQuotation,
  expireQuotations,
  listQuotations,
  memoCandidates,
  proceedToMemo,
  quotationByRef,
  quotationsForBooking,
  readGroup,
  readQuotation,
  updateStatus,
} from "./service.ts";
import { amendmentsWithTerms, companyPolicyList, createTerms, deleteTerms, quotationWithTerms, termsForCargoType, updateTerm } from "./terms.ts";
import { LIST_CAPABILITY, SQ_LISTS, type SqList } from "./workflow.ts";

const LIST_SUMMARY: Record<SqList, string> = {
  AE: "The account executive's own quotations, a page at a time",
  SM: "Quotations waiting for a sales manager (For Approval)",
  AUD: "Quotations waiting for an auditor (SM Approved)",
  FA: "Quotations waiting for a finance approver (AUD Approved)",
  SBM: "Every quotation of the sales branch manager's branches",
  Archive: "Archived quotations: the AE's own, or every one for managers",
};

const tag = "Sales quotations";
const permission = "SALESQUOTATION";
const written = z.object({ data: quotationRow, message: z.string() });
const listOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().optional(), message: z.string().optional() });
const pricedLane = z.object({ charges: z.array(chargeRow), total: z.string(), standardTotal: z.string() });
const today = () => manilaDate(new Date());

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
    summary: "One quotation in full: lanes with their charges, terms, and the history of its status",
    response: z.object({ data: fullQuotationRow }),
  }, ({ deps, params, caller }) => readQuotation(deps.db, params.sqRefNum, caller)),

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
  }, ({ deps, body, caller }) => expireQuotations(deps.db, { dryRun: body.dryRun, actor: caller.userId, scope: caller })),

  // ------------------------------------------------------------------------------------------ terms
  route({
    method: "get", path: "/SalesQuotations/getTermsByCargoTypeCode", permission, tag, query: termsByCargoTypeQuery,
    summary: "The company policies a quotation of this cargo type carries as terms, at their values in force on the date",
    response: listOf(policyTerm),
  }, async ({ deps, query }) => ({ data: await termsForCargoType(deps.db, query.cargoTypeCode, query.on ?? today()) })),
  route({
    method: "get", path: "/SalesQuotations/getCompanyPolicy", permission, tag, query: z.object({ on: dateText("Date").optional() }),
    summary: "Every company policy at its value in force on the date (today when left out)",
    response: listOf(policyTerm),
  }, async ({ deps, query }) => ({ data: await companyPolicyList(deps.db, query.on ?? today()) })),
  route({
    method: "post", path: "/SalesQuotations/CreateSQWTerms", permission: "SQ_AE", tag, body: createTermsBody, status: 201,
    summary: "Put the cargo type's terms on a draft at the standard values of its date, with the values the customer asks for",
    response: z.object({ data: z.array(termRow), message: z.string() }),
  }, ({ deps, body, caller }) => createTerms(deps.db, caller, body)),
  route({
    method: "put", path: "/SalesQuotations/UpdateSqWTerms/{id}", permission: "SQ_AE", tag, params: idParam, body: updateTermBody,
    summary: "Change a term's requested value and, where it differs, the value that applies",
    response: z.object({ data: termRow, message: z.string() }),
  }, ({ deps, params, body, caller }) => updateTerm(deps.db, caller, params.id, body)),
  route({
    method: "delete", path: "/SalesQuotations/deleteSqWTerms", permission: "SQ_AE", tag, body: deleteBody,
    summary: "Remove terms from quotations the AE may still change",
    response: z.object({ message: z.string() }),
  }, ({ deps, body, caller }) => deleteTerms(deps.db, caller, body)),
  route({
    method: "get", path: "/SalesQuotations/getSqWTerms/{id}", permission, tag, params: idParam,
    summary: "A quotation with its terms",
    response: z.object({ data: quotationRow.extend({ terms: z.array(termRow) }) }),
  }, ({ deps, params, caller }) => quotationWithTerms(deps.db, params.id, caller)),
  route({
    method: "get", path: "/SalesQuotations/getSqWTermsAmendedSqref", permission, tag, query: z.object({ sqRefNum: sqRefNumField }),
    summary: "The amendments of a quotation, each with its terms",
    response: listOf(quotationRow.extend({ terms: z.array(termRow) })),
  }, ({ deps, query, caller }) => amendmentsWithTerms(deps.db, query.sqRefNum, caller)),

  // ------------------------------------------------------------------------------------------ lanes and charges
  route({
    method: "post", path: "/SalesQuotationDocuments/MultipleInsertDocsWAreas", permission: "SQ_AE", tag, body: insertLanesBody, status: 201,
    summary: "Add lanes to a draft; each is priced from the rate tables in force on the quotation date (a duplicate area province is a 409)",
    response: z.object({ data: z.array(laneRow), message: z.string() }),
  }, ({ deps, body, caller }) => insertLanes(deps.db, caller, body.sqRefNum, body.documents)),
  route({
    method: "put", path: "/SalesQuotationDocuments/UpdateManyDocsWAreas/{sqdocNum}", permission: "SQ_AE", tag, params: sqdocParam, body: laneInput,
    summary: "Change a lane of a draft and price it again; its charges are replaced",
    response: z.object({ data: laneRow, message: z.string() }),
  }, ({ deps, params, body, caller }) => updateLane(deps.db, caller, params.sqdocNum, body)),
  route({
    method: "delete", path: "/SalesQuotationDocuments/deleteDocsWArea/{id}", permission: "SQ_AE", tag, params: idParam,
    summary: "Remove a lane and its charges from a draft",
    response: z.object({ message: z.string() }),
  }, ({ deps, params, caller }) => deleteLane(deps.db, caller, params.id)),
  route({
    method: "post", path: "/SalesQuotationDocuments/ExpiredDocuments", permission, tag, body: expiredDocumentsBody,
    summary: "Lanes of expired quotations, optionally of one customer, a page at a time",
    response: listOf(laneRow),
  }, ({ deps, body, caller }) => expiredDocuments(deps.db, body, caller)),
  route({
    method: "get", path: "/SalesQuotationDocuments/{sqdocNum}", permission, tag, params: sqdocParam,
    summary: "One lane with its charges",
    response: z.object({ data: laneRow }),
  }, ({ deps, params, caller }) => laneByNumber(deps.db, params.sqdocNum, caller)),
  route({
    method: "post", path: "/SalesQuotations/generateChargeWithTandemRates", permission, tag, body: priceLaneBody,
    summary: "Price a lane from the rate tables without saving it: freight, port, trucking (tandem, back-load), open van, insurance",
    response: z.object({ data: pricedLane }),
  }, async ({ deps, body }) => {
    const { place: _place, ...priced } = await priceLane(deps.db, { ...body, sqDate: body.sqDate ?? today() });
    return { data: priced };
  }),
  route({
    method: "post", path: "/SalesQuotations/getOpenVan", permission, tag, body: openVanBody,
    summary: "The open-van charges at a port with their rates in force on the date",
    response: listOf(z.object({ chargeCode: z.string(), chargeName: z.string(), rateUnit: z.string(), standardRate: z.string(), dateEffective: z.string() })),
  }, async ({ deps, body }) => ({
    data: (await openVanCharges(deps.db, body.originPortCode, body.sqDate ?? today())).map(({ charge, rate }) => ({
      chargeCode: charge.code, chargeName: charge.printName || charge.name, rateUnit: charge.unitOfMeasure,
      standardRate: rate.stdRateWvat, dateEffective: rate.dateEffective,
    })),
  })),
  route({
    method: "post", path: "/SalesQuotations/getListSQCharges", permission, tag, body: z.object({ sqRefNum: sqRefNumField }),
    summary: "The lanes of a quotation with their charges and totals",
    response: listOf(laneRow),
  }, async ({ deps, body, caller }) => ({ data: await lanesOf(deps.db, (await quotationByRef(deps.db, body.sqRefNum, caller)).sqRefNum) })),

  // ------------------------------------------------------------------------------------------ amendment, deactivation, archive
  route({
    method: "post", path: "/SalesQuotations/SQAmended", permission: "SQ_AE", tag, body: sqRefBody, status: 201,
    summary: "Amend a finance-approved quotation: it closes as Amended and a new draft referencing it starts from its lanes and terms",
    response: written,
  }, ({ deps, body, caller }) => amendQuotation(deps.db, caller, body.sqRefNum, body.remarks)),
  route({
    method: "post", path: "/SalesQuotations/deactivateSQ", permission, tag, body: sqRefBody,
    summary: "Take a finance-approved quotation out of use (finance approvers and sales branch managers)",
    response: written,
  }, ({ deps, body, caller }) => deactivateQuotation(deps.db, caller, body.sqRefNum, body.remarks)),
  route({
    method: "put", path: "/SalesQuotations/addToArchive", permission, tag, body: sqRefBody,
    summary: "Archive a closed quotation (its AE or a sales branch manager)",
    response: written,
  }, ({ deps, body, caller }) => archiveQuotation(deps.db, caller, body.sqRefNum, body.remarks)),

  // ------------------------------------------------------------------------------------------ reading and viewing
  route({
    method: "post", path: "/SalesQuotations/readGroupSQ", permission, tag, body: groupBody,
    summary: "Several quotations in full, in the order asked",
    response: listOf(fullQuotationRow),
  }, ({ deps, body, caller }) => readGroup(deps.db, body.sqRefNums, caller)),
  route({
    method: "get", path: "/SalesQuotations/searchCustSQViewer", permission: "SQ_APPROVED_VIEWER", tag, query: customerViewerQuery,
    summary: "A customer's finance-approved quotations in full (the SQ approved viewer)",
    response: listOf(fullQuotationRow),
  }, ({ deps, query, caller }) => approvedOfCustomer(deps.db, query, caller)),
  route({
    method: "post", path: "/SalesQuotations/sqReportsBooking", permission: "VOYAGE", tag, body: bookingQuotationsBody,
    summary: "The approved quotations in force on the date that a booking of this customer may be priced from",
    response: listOf(fullQuotationRow),
  }, ({ deps, body, caller }) => quotationsForBooking(deps.db, body, caller)),
  route({
    method: "post", path: "/SalesQuotations/getPresData", permission, tag, body: z.object({ sqRefNum: sqRefNumField }),
    summary: "What the printout shows, as data (refreshed after a finance approval)",
  }, async ({ deps, body, caller }) => ({ data: await presentationData(deps.db, body.sqRefNum, caller) })),
  route({
    method: "get", path: "/SalesQuotations/printout/{sqRefNum}", permission, tag, params: sqRefParam,
    summary: "The quotation printout as a PDF",
  }, async ({ deps, params, caller }) => fileResponse(await printout(deps.db, params.sqRefNum, caller))),
  route({
    method: "post", path: "/SalesQuotations/downloadAllSQperCustomer", permission, tag, body: customerDownloadBody,
    summary: "Every quotation of a customer with its lanes and charges, as an Excel workbook",
  }, async ({ deps, body, caller }) => fileResponse(await customerWorkbook(deps.db, body.customerCode, caller))),

  // ------------------------------------------------------------------------------------------ memorandum
  route({
    method: "post", path: "/SalesQuotations/getListSQforMemo", permission: "SQ_SBM", tag, body: memoCandidatesBody,
    summary: "Finance-approved quotations no memorandum has announced yet",
    response: listOf(quotationRow),
  }, ({ deps, body, caller }) => memoCandidates(deps.db, body, caller)),
  route({
    method: "post", path: "/SalesQuotations/proceedtoSQMemoV1", permission: "SQ_SBM", tag, body: memoBody, status: 201,
    summary: "Write one memorandum for approved quotations of one branch; each quotation goes on one memorandum only",
    response: z.object({ data: memoRow, message: z.string() }),
  }, ({ deps, body, caller }) => proceedToMemo(deps.db, caller, body)),
  route({
    method: "get", path: "/SalesQuotations/memo/{memoRef}", permission, tag,
    params: z.object({ memoRef: z.string().trim().min(1, "memoRef is required").max(40, "memoRef can be at most 40 characters") }),
    summary: "A quotation memorandum as a PDF",
  }, async ({ deps, params, caller }) => fileResponse(await memoPdf(deps.db, params.memoRef, caller))),
];
