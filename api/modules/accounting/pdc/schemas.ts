import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import { PDC_PAGE_SIZE, PDC_STATUSES } from "./rules.ts";

/** Contracts of the post-dated cheque calls (001 §7 PdcClearing: load and clear); zod and pure modules only. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const PDC_FILTERS = ["OUTSTANDING", ...PDC_STATUSES] as const;
export type PdcFilter = (typeof PDC_FILTERS)[number];

export const pdcIdParam = z.object({ id: wholeNumber("id", { min: 1, tooSmall: "id must be positive" }) });

/** The cheques by due date: the outstanding ones (received or at the bank) unless a status is asked. */
export const pdcListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(PDC_PAGE_SIZE),
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").default(""),
  filter: z.enum(PDC_FILTERS, { error: `filter must be one of: ${PDC_FILTERS.join(", ")}` }).default("OUTSTANDING"),
  branchCode: optional(required("branchCode", 20)),
  dueFrom: optional(dateText("dueFrom")),
  dueTo: optional(dateText("dueTo")),
});
export type PdcListQuery = z.infer<typeof pdcListQuery>;

export const depositBody = z.object({ dateModified: dateModifiedField, depositDate: dateText("depositDate") });
export const clearBody = z.object({ dateModified: dateModifiedField, clearedDate: dateText("clearedDate") });
export const bounceBody = z.object({ dateModified: dateModifiedField, reason: required("reason", 300) });
export const replaceBody = z.object({
  dateModified: dateModifiedField,
  bank: required("bank", 80),
  chequeNo: required("chequeNo", 30),
  chequeDate: dateText("chequeDate"),
  isManagersCheque: z.boolean({ error: "isManagersCheque must be true or false" }).default(false),
  reason: required("reason", 300),
});
export type ReplaceChequeInput = z.infer<typeof replaceBody>;

export const pdcRow = z.object({
  id: z.number(),
  status: z.enum(PDC_STATUSES),
  branchCode: z.string(),
  customerCode: z.string().nullable(),
  payerName: z.string(),
  collectionId: z.number(),
  receiptNo: z.string(),
  collectionStatus: z.string(),
  bank: z.string(),
  chequeNo: z.string(),
  chequeDate: z.string(),
  amount: z.string(),
  isManagersCheque: z.boolean(),
  depositDate: z.string().nullable(),
  clearedDate: z.string().nullable(),
  bounceReason: z.string().nullable(),
  replacedById: z.number().nullable(),
  /** Days from the cheque's date to today; negative while it is still post-dated. */
  ageDays: z.number(),
  staleness: z.enum(["FRESH", "WARN", "STALE"]),
  lastDeposit: z.string().nullable(),
  /** Of a deposited cheque: the first day it may be cleared (the next banking day). */
  earliestClearing: z.string().nullable(),
  dateModified: z.string(),
});
export type PdcRow = z.infer<typeof pdcRow>;
