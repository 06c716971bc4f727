import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import { ATP_BOOKLET_STATUSES, MANUAL_SI_PAGE_SIZE, MANUAL_SI_STATUSES, SERIAL_STATES, TAX_CLASSES } from "./rules.ts";

/** Contracts of the manual sales invoice call (001 §7 BaseManualSI) and the ATP booklet register; zod and pure modules only. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
const decimal = (label: string, scale: number) =>
  z.union([z.string(), z.number()], { error: `${label} must be a number` })
    .transform((v) => String(v).trim().replace(/,/g, ""))
    .pipe(z.string().min(1, `${label} is required`).regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`), `${label} must be a number of at most ${scale} decimals, not negative`));

/** A serial as the booklet prints it ("0750") or as a number (750). */
export const serialField = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be a serial number` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,9}$/, `${label} must be the digits of a serial number`))
    .transform(Number)
    .pipe(z.number().min(1, `${label} must be at least 1`));

const id = wholeNumber("id", { min: 1, tooSmall: "id must be positive" });

export const manualSiLineInput = z.object({
  chargeCode: text("chargeCode", 20),
  description: required("description", 200),
  quantity: decimal("quantity", 3),
  unit: text("unit", 20),
  unitPrice: decimal("unitPrice", 2),
  /** Left out: the charge's own class from the master, or VATABLE. */
  taxClass: optional(z.enum(TAX_CLASSES, { error: "taxClass must be VATABLE, EXEMPT or ZERO_RATED" })),
});

/** What a manual SI holds besides its serial: the buyer and the lines. A customer's particulars fill what is left out. */
const content = {
  invoiceDate: dateText("invoiceDate"),
  customerCode: optional(required("customerCode", 30)),
  buyerName: text("buyerName", 160),
  buyerAddress: text("buyerAddress", 300),
  buyerTin: text("buyerTin", 30),
  buyerVatRegistered: optional(z.boolean({ error: "buyerVatRegistered must be true or false" })),
  wayBillRef: optional(required("wayBillRef", 40)),
  lines: z.array(manualSiLineInput, { error: "lines must be a list" }).min(1, "An invoice has at least one line").max(50, "A manual SI has at most 50 lines"),
  remarks: text("remarks", 500),
};

const listAction = z.object({
  actionType: z.literal("list"),
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(MANUAL_SI_PAGE_SIZE),
  search: text("search", 100),
  status: optional(z.enum(MANUAL_SI_STATUSES, { error: `status must be one of: ${MANUAL_SI_STATUSES.join(", ")}` })),
  branchCode: optional(required("branchCode", 20)),
});
const createAction = z.object({
  actionType: z.literal("create"),
  branchCode: required("branchCode", 20),
  serialNo: serialField("serialNo"),
  ...content,
  /** Issue it at once (the paper invoice is already written and handed over). */
  issue: z.boolean({ error: "issue must be true or false" }).default(false),
});
const updateAction = z.object({ actionType: z.literal("update"), id, dateModified: dateModifiedField, ...content });
const deleteAction = z.object({ actionType: z.literal("delete"), id, dateModified: dateModifiedField });
const issueAction = z.object({ actionType: z.literal("issue"), id, dateModified: dateModifiedField });
const cancelAction = z.object({ actionType: z.literal("cancel"), id, dateModified: dateModifiedField, reason: required("reason", 300) });

/** The one BaseManualSI call: what it does is its actionType. */
export const manualSiBody = z.discriminatedUnion("actionType", [listAction, createAction, updateAction, deleteAction, issueAction, cancelAction], {
  error: "actionType must be list, create, update, delete, issue or cancel",
});
export type ManualSiCall = z.infer<typeof manualSiBody>;
export type ManualSiList = z.infer<typeof listAction>;
export type ManualSiCreate = z.infer<typeof createAction>;
export type ManualSiUpdate = z.infer<typeof updateAction>;
export type ManualSiLineInput = z.infer<typeof manualSiLineInput>;

export const manualSiIdParam = z.object({ id });

export const gapReportQuery = z.object({
  branchCode: required("branchCode", 20),
  from: serialField("from"),
  to: serialField("to"),
});

export const manualSiLineRow = z.object({
  chargeCode: z.string(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  taxClass: z.string(),
});

export const manualSiRow = z.object({
  id: z.number(),
  status: z.enum(MANUAL_SI_STATUSES),
  branchCode: z.string(),
  atpBookletId: z.number(),
  atpNo: z.string(),
  serialNo: z.number(),
  /** The serial as printed, with the booklet's zero padding. */
  serial: z.string(),
  invoiceDate: z.string(),
  customerCode: z.string().nullable(),
  buyerName: z.string(),
  buyerAddress: z.string(),
  buyerTin: z.string(),
  buyerVatRegistered: z.boolean(),
  wayBillRef: z.string().nullable(),
  lines: z.array(manualSiLineRow),
  vatableSales: z.string(),
  vatAmount: z.string(),
  exemptSales: z.string(),
  zeroRatedSales: z.string(),
  total: z.string(),
  remarks: z.string(),
  dateIssued: z.string().nullable(),
  issuedBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  dateCancelled: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  dateModified: z.string(),
  postingStatus: z.string().nullable(),
});
export type ManualSiRow = z.infer<typeof manualSiRow>;

export const gapReportRow = z.object({ serial: z.string(), state: z.enum(SERIAL_STATES), manualSiId: z.number().nullable() });

// ATP booklets -------------------------------------------------------------------------------------------

export const bookletListQuery = z.object({
  branchCode: optional(required("branchCode", 20)),
  status: optional(z.enum(ATP_BOOKLET_STATUSES, { error: "status must be ACTIVE or EXHAUSTED" })),
});

export const createBookletBody = z.object({
  branchCode: required("branchCode", 20),
  atpNo: required("atpNo", 40),
  atpDate: dateText("atpDate"),
  printerName: required("printerName", 160),
  printerAccreditationNo: required("printerAccreditationNo", 60),
  serialFrom: serialField("serialFrom"),
  serialTo: serialField("serialTo"),
  serialDigits: wholeNumber("serialDigits", { min: 1, max: 9 }).default(4),
  dateReceived: dateText("dateReceived"),
});
export type CreateBookletInput = z.infer<typeof createBookletBody>;

export const bookletRow = z.object({
  id: z.number(),
  branchCode: z.string(),
  atpNo: z.string(),
  atpDate: z.string(),
  printerName: z.string(),
  printerAccreditationNo: z.string(),
  serialFrom: z.string(),
  serialTo: z.string(),
  serialDigits: z.number(),
  dateReceived: z.string(),
  bookletStatus: z.enum(ATP_BOOKLET_STATUSES),
  issued: z.number(),
  cancelled: z.number(),
  drafts: z.number(),
  unused: z.number(),
  /** The lowest serial nobody wrote on yet; null once none is left. */
  nextSerial: z.string().nullable(),
  dateModified: z.string(),
});
export type BookletRow = z.infer<typeof bookletRow>;
