import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../shared/contracts.ts";
import {
  CUSTOMER_REQUEST_ACTIONS,
  CUSTOMER_REQUEST_LISTS,
  CUSTOMER_REQUEST_PAGE_SIZE,
  CUSTOMER_REQUEST_STATUSES,
  CUSTOMER_TYPES,
  DETAIL_REQUIRED,
  EMAIL_REQUIRED,
  REQUEST_TYPES,
} from "./rules.ts";

/** Contracts of the customer request calls (001 §7 RequestedCustomers); zod and pure modules only, for the web too. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
const optionalCode = (label: string, max: number) => z.preprocess((v) => (v === "" || v === null ? undefined : v), required(label, max).optional());

export const requestNumParam = z.object({ requestNum: required("requestNum", 40) });
export const customerCodeParam = z.object({ code: required("code", 20) });

/** A pick-up or delivery address of the customer: the customer detail a request cannot go without (001 §5). */
export const requestAddressInput = z.object({
  label: text("Address label", 60),
  street: text("Street", 200),
  barangay: text("Barangay", 120),
  city: required("City or municipality", 120),
  province: required("Province", 120),
  zipCode: text("Zip code", 10),
  areaCode: z.preprocess((v) => (v === "" ? null : v), required("Area", 30).nullable()).default(null),
  isDefault: z.boolean({ error: "Default address must be true or false" }).default(false),
});
export type RequestAddressInput = z.infer<typeof requestAddressInput>;

/** The customer as the request asks for it. */
const detailShape = {
  company: required("Company", 200),
  firstName: text("First name", 80),
  middleInitial: text("Middle initial", 5),
  lastName: text("Last name", 80),
  address: text("Address", 300),
  contactNum: text("Contact number", 40),
  customerContactEmail: z.string({ error: EMAIL_REQUIRED }).trim().min(1, EMAIL_REQUIRED).max(254, "Customer email can be at most 254 characters")
    .pipe(z.email({ error: "Customer email must be an email address, such as name@company.ph" })),
  tin: text("TIN", 20),
  customerType: z.enum(CUSTOMER_TYPES, { error: "Customer type must be SHIPPER, CONSIGNEE or BOTH" }),
  /** The account executive (a user id) who looks after the customer; the approver may assign another. */
  accountExecutiveId: optionalCode("Account executive", 50),
  addresses: z.array(requestAddressInput, { error: DETAIL_REQUIRED })
    .min(1, DETAIL_REQUIRED)
    .max(50, "A customer can have at most 50 addresses")
    .refine((list) => list.filter((a) => a.isDefault).length <= 1, "Only one address can be the default"),
  /** Why the customer is needed, or what should change. */
  remarks: text("Remarks", 1000),
};

/** POST /RequestedCustomers/create: a new request, saved as a draft or sent for approval at once (`submit`). */
export const createRequestBody = z.object({
  /** The branch the request belongs to; the caller's default branch when left out. */
  branchCode: optionalCode("branchCode", 30),
  requestType: z.enum(REQUEST_TYPES, { error: "requestType must be New or Change" }).default("New"),
  /** Change: the customer to change. */
  customerCode: optionalCode("Customer", 20),
  submit: z.boolean({ error: "submit must be true or false" }).default(false),
  ...detailShape,
}).superRefine((r, ctx) => {
  if (r.requestType === "Change" && !r.customerCode) {
    ctx.addIssue({ code: "custom", path: ["customerCode"], message: "Choose the customer to change" });
  }
  if (r.requestType === "New" && r.customerCode) {
    ctx.addIssue({ code: "custom", path: ["customerCode"], message: "A new customer has no code yet; the approval gives it one" });
  }
});
export type CreateRequestInput = z.infer<typeof createRequestBody>;

/** PUT /RequestedCustomers/update/{requestNum}: a draft's customer detail, with the dateModified read. */
export const updateRequestBody = z.object({
  dateModified: dateModifiedField,
  submit: z.boolean({ error: "submit must be true or false" }).default(false),
  ...detailShape,
});
export type UpdateRequestInput = z.infer<typeof updateRequestBody>;

/** PUT /RequestedCustomers/updateStatus/{requestNum}: submit, approve, deny, or take a denied request back to draft. */
export const statusBody = z.object({
  action: z.enum(CUSTOMER_REQUEST_ACTIONS, { error: `action must be one of: ${CUSTOMER_REQUEST_ACTIONS.join(", ")}` }),
  dateModified: dateModifiedField,
  remarks: text("Remarks", 500),
  /** Approve: the account executive to assign, when not the one the request names. */
  accountExecutiveId: optionalCode("Account executive", 50),
}).superRefine((b, ctx) => {
  if (b.action === "deny" && !b.remarks) ctx.addIssue({ code: "custom", path: ["remarks"], message: "Say why the request is denied" });
});
export type StatusInput = z.infer<typeof statusBody>;

export const archiveBody = z.object({ dateModified: dateModifiedField });

export const requestListQuery = z.object({
  list: z.enum(CUSTOMER_REQUEST_LISTS, { error: "list must be draft, forApproval or archive" }),
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(CUSTOMER_REQUEST_PAGE_SIZE),
  search: text("search", 100),
});
export type RequestListQuery = z.infer<typeof requestListQuery>;

export const companySearchQuery = z.object({
  company: z.string({ error: "Type the company name to search" }).trim().min(2, "Type at least 2 letters of the company name")
    .max(200, "company can be at most 200 characters"),
});

export const branchQuery = z.object({ branchCode: required("branchCode", 30) });

export const deleteRequestsBody = z.union([
  z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one request to delete").max(50, "At most 50 requests at once"),
  z.object({
    ids: z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one request to delete").max(50, "At most 50 requests at once"),
  }),
], { error: "Send the ids of the requests to delete" }).transform((v) => (Array.isArray(v) ? v : v.ids));

const addressRow = z.object({
  label: z.string(), street: z.string(), barangay: z.string(), city: z.string(), province: z.string(), zipCode: z.string(),
  areaCode: z.string().nullable(), isDefault: z.boolean(),
});

export const requestRow = z.object({
  id: z.number(),
  requestNum: z.string(),
  branchCode: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  customerCode: z.string().nullable(),
  status: z.enum(CUSTOMER_REQUEST_STATUSES),
  isArchive: z.boolean(),
  revision: z.number(),
  company: z.string(),
  firstName: z.string(),
  middleInitial: z.string(),
  lastName: z.string(),
  address: z.string(),
  contactNum: z.string(),
  customerContactEmail: z.string(),
  tin: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  accountExecutiveId: z.string().nullable(),
  addresses: z.array(addressRow),
  remarks: z.string(),
  requestedBy: z.string(),
  requestedByName: z.string(),
  dateSubmitted: z.string().nullable(),
  decidedBy: z.string().nullable(),
  dateDecided: z.string().nullable(),
  decisionRemarks: z.string(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type RequestRow = z.infer<typeof requestRow>;

/** A step of a request's history: who moved it from what to what, when, and why. */
export const historyRow = z.object({
  action: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  actor: z.string(),
  remarks: z.string(),
  at: z.string(),
});

/** A customer or an open request whose company name is like the one typed. */
export const companyMatchRow = z.object({
  code: z.string(),
  company: z.string(),
  contactName: z.string(),
  customerContactEmail: z.string(),
  branchCode: z.string().nullable(),
  isActive: z.boolean(),
  /** 0 to 1: how alike the two names are. */
  likeness: z.number(),
  dateModified: z.string(),
});
export const openRequestMatchRow = z.object({
  requestNum: z.string(),
  company: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(CUSTOMER_REQUEST_STATUSES),
  branchCode: z.string(),
});
export const companySearchAnswer = z.object({
  data: z.object({ customers: z.array(companyMatchRow), requests: z.array(openRequestMatchRow) }),
  message: z.string().optional(),
});
export type CompanySearchAnswer = z.infer<typeof companySearchAnswer>;

export const accountExecutiveRow = z.object({ userId: z.string(), name: z.string() });
