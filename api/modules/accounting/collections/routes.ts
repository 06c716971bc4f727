import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { collectionReceiptFile } from "./documents.ts";
import { listForm2307, receiveForm2307 } from "./form-2307.ts";
import {
  calculateCwtBody,
  collectionIdParam,
  collectionListQuery,
  collectionRow,
  createCollectionBody,
  cwtAnswer,
  dayTotalsQuery,
  dayTotalsRow,
  deleteCollectionBody,
  excessSettingQuery,
  form2307Query,
  form2307Row,
  openInvoiceRow,
  openInvoicesQuery,
  payerRow,
  payersQuery,
  receive2307Body,
  receiptNumberQuery,
  reverseCollectionBody,
  updateCollectionBody,
  waybillAccountRow,
  wayBillRefParam,
} from "./schemas.ts";
import {
  calculateCwt,
  cancelCollection,
  collectionById,
  createCollection,
  dayTotals,
  excessPaymentSetting,
  listCollections,
  nextReceiptNumber,
  openInvoices,
  otherCharges,
  otherIncomeAccounts,
  payers,
  reverseCollection,
  updateCollection,
  waybillAccount,
} from "./service.ts";

const tag = "Collections";
const permission = "CROACCOUNTING";
const written = z.object({ data: collectionRow, message: z.string() });

/** Collections at DAT (001 §7 Collections) and the Form 2307 each customer owes for what it withheld. */
export const collectionRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Collections/load", permission, tag, query: collectionListQuery,
    summary: "Collection receipts of the caller's branches, newest first; 20 a page, by status, branch and date, with a search",
    response: z.object({ data: z.array(collectionRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listCollections(deps.db, caller, query)),
  route({
    method: "get", path: "/Collections/get/{id}", permission, tag, params: collectionIdParam,
    summary: "One collection with the invoices it settles, the tax withheld on each, its other charges, its cheque and its posting",
    response: z.object({ data: collectionRow }),
  }, async ({ deps, params, caller }) => ({ data: await collectionById(deps.db, params.id, caller) })),
  route({
    method: "post", path: "/Collections/create", permission, tag, body: createCollectionBody, status: 201,
    summary: "Record a collection: the receipt takes the branch's next CR number; invoices, cheque, credit and the posting to BASE in one transaction",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => createCollection(deps.db, caller, body)),
  route({
    method: "put", path: "/Collections/update/{id}", permission, tag, params: collectionIdParam, body: updateCollectionBody,
    summary: "Change a receipt's remarks; its money never changes",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => updateCollection(deps.db, caller, params.id, body)),
  route({
    method: "delete", path: "/Collections/delete", permission, tag, body: deleteCollectionBody,
    summary: "Cancel a receipt not yet posted to BASE, with the reason: it keeps its number and its invoices are open again",
    response: written, errors: [409],
  }, ({ deps, body, caller }) => cancelCollection(deps.db, caller, body)),
  route({
    method: "put", path: "/Collections/reverse/{id}", permission: "ACCOUNTING_APPROVER", tag, params: collectionIdParam, body: reverseCollectionBody,
    summary: "Reverse a receipt already posted to BASE (accounting approvers): a reversal is posted and its invoices are open again",
    response: written, errors: [409],
  }, ({ deps, params, body, caller }) => reverseCollection(deps.db, caller, params.id, body)),
  route({
    method: "post", path: "/Collections/calculateCWT", permission, tag, body: calculateCwtBody,
    summary: "What the payer withholds on the invoices and amounts given: rate, ATC, base net of VAT and amount per invoice, and the cash to receive",
    response: z.object({ data: cwtAnswer }), errors: [409],
  }, ({ deps, body, caller }) => calculateCwt(deps.db, caller, body)),
  route({
    method: "get", path: "/Collections/excessPaymentSetting", permission, tag, query: excessSettingQuery,
    summary: "What may be done with money received beyond what is due, and the customer's credit kept so far",
    response: z.object({ data: z.object({ default: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })), credit: z.string() }) }),
  }, ({ deps, query }) => excessPaymentSetting(deps.db, query.customerCode)),
  route({
    method: "get", path: "/Collections/otherIncomeAccounts", permission, tag,
    summary: "The other-income accounts an other charge may be credited to",
    response: z.object({ data: z.array(z.object({ code: z.string(), name: z.string() })) }),
  }, () => otherIncomeAccounts()),
  route({
    method: "get", path: "/Collections/otherCharges", permission, tag,
    summary: "The charges of the master a collection may take as other charges, with the GL account each is credited to",
    response: z.object({ data: z.array(z.object({ chargeCode: z.string(), name: z.string(), glAccount: z.string() })) }),
  }, ({ deps }) => otherCharges(deps.db)),
  route({
    method: "get", path: "/Collections/generateReceiptNumber", permission, tag, query: receiptNumberQuery,
    summary: "The number the branch's next receipt will take when it is saved (not reserved: the series stays gapless)",
    response: z.object({ data: z.object({ receiptNo: z.string(), reserved: z.boolean() }), message: z.string() }),
  }, ({ deps, query, caller }) => nextReceiptNumber(deps.db, caller, query.branchCode)),
  route({
    method: "get", path: "/Collections/getWayBillRef/{wayBillRef}", permission, tag, params: wayBillRefParam,
    summary: "A waybill's invoices at the caller's branches, what is open on each, and whether its origin and destination are paid for release",
    response: z.object({ data: waybillAccountRow }),
  }, ({ deps, params, caller }) => waybillAccount(deps.db, caller, params.wayBillRef)),
  route({
    method: "get", path: "/Collections/payers", permission, tag, query: payersQuery,
    summary: "Customers with open invoices at a branch, with their withholding setting, what they owe and their credit",
    response: z.object({ data: z.array(payerRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => payers(deps.db, caller, query)),
  route({
    method: "get", path: "/Collections/openInvoices", permission, tag, query: openInvoicesQuery,
    summary: "A payer's invoices at a branch with a balance, oldest first, with what earlier receipts applied and withheld",
    response: z.object({ data: z.array(openInvoiceRow), message: z.string().optional() }),
  }, ({ deps, query, caller }) => openInvoices(deps.db, caller, query)),
  route({
    method: "get", path: "/Collections/dayTotals", permission, tag, query: dayTotalsQuery,
    summary: "A day's collections as the cashier reconciles them: cash, cheques, PDCs, EWT and VAT withheld",
    response: z.object({ data: dayTotalsRow }),
  }, ({ deps, query, caller }) => dayTotals(deps.db, caller, query)),
  route({
    method: "get", path: "/Collections/print/{id}", permission, tag, params: collectionIdParam,
    summary: "The Collection Receipt as a PDF (A4), marked not valid for claim of input tax; a copy unless printed by DAT staff",
  }, async ({ deps, params, caller }) => fileResponse(await collectionReceiptFile(deps.db, caller, params.id))),
  route({
    method: "get", path: "/Collections/form2307", permission, tag, query: form2307Query,
    summary: "Form 2307 by customer, branch and quarter: expected from the receipts' withholding, received, or missing after the 20th day past the quarter",
    response: z.object({ data: z.array(form2307Row), message: z.string().optional() }),
  }, ({ deps, query, caller }) => listForm2307(deps.db, caller, query)),
  route({
    method: "put", path: "/Collections/form2307/receive", permission, tag, body: receive2307Body,
    summary: "Record a customer's Form 2307 as received for a quarter, with its date and amount",
    response: z.object({ data: form2307Row, message: z.string() }),
  }, ({ deps, body, caller }) => receiveForm2307(deps.db, caller, body)),
];
