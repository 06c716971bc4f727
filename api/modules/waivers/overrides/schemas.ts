import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { chargeLineRow, sidePaidRow, waiverHistoryRow, waybillSummaryRow } from "../waivers/schemas.ts";
import { OVERRIDE_ACTIONS, OVERRIDE_LISTS, OVERRIDE_PAGE_SIZE, OVERRIDE_STATUSES, REASON_REQUIRED } from "./rules.ts";

/** Contracts of the override calls (001 §7 WayBillOverRideCharges); zod and pure modules only, for the web too. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");

/** The new value of a line: pesos with centavos, nothing at the least. */
const valueText = z.union([z.string(), z.number()], { error: "newValue must be an amount" })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, "newValue is required").regex(/^\d{1,12}(\.\d{1,2})?$/, "newValue must be an amount of at most 2 decimals, not negative"));

const reasonField = z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(1000, "The reason can be at most 1000 characters");

export const overrideNumParam = z.object({ overrideNum: required("overrideNum", 40) });
export const overrideWaybillParam = z.object({ wayBillRef: required("wayBillRef", 40) });
export const overrideCodeQuery = z.object({ wayBillRef: required("wayBillRef", 40) });

/** create: a Draft override of one charge line of a waybill, its new value and the reason. */
export const createOverrideBody = z.object({
  wayBillRef: required("wayBillRef", 40),
  chargeCode: required("chargeCode", 20),
  part: required("part", 30),
  newValue: valueText,
  reason: reasonField,
});
export type CreateOverrideInput = z.infer<typeof createOverrideBody>;

/** update: a draft's new value and reason, with the dateModified read. */
export const updateOverrideBody = z.object({ dateModified: dateModifiedField, newValue: valueText, reason: reasonField });
export type UpdateOverrideInput = z.infer<typeof updateOverrideBody>;

/** update status: submit for approval, approve, deny (with the reason), with the dateModified read. */
export const overrideStatusBody = z.object({
  action: z.enum(OVERRIDE_ACTIONS, { error: `action must be one of: ${OVERRIDE_ACTIONS.join(", ")}` }),
  dateModified: dateModifiedField,
  remarks: text("Remarks", 500),
}).superRefine((b, ctx) => {
  if (b.action === "deny" && !b.remarks) ctx.addIssue({ code: "custom", path: ["remarks"], message: "Say why the override is denied" });
});
export type OverrideStatusInput = z.infer<typeof overrideStatusBody>;

export const overrideListQuery = z.object({
  list: z.enum(OVERRIDE_LISTS, { error: `list must be one of: ${OVERRIDE_LISTS.join(", ")}` }),
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(OVERRIDE_PAGE_SIZE),
  search: text("search", 100),
});
export type OverrideListQuery = z.infer<typeof overrideListQuery>;

export const deleteOverridesBody = z.union([
  z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one override to delete").max(50, "At most 50 overrides at once"),
  z.object({
    ids: z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one override to delete").max(50, "At most 50 overrides at once"),
  }),
], { error: "Send the ids of the overrides to delete" }).transform((v) => (Array.isArray(v) ? v : v.ids));

const money = z.string();

export const overrideRow = z.object({
  id: z.number(),
  overrideNum: z.string(),
  status: z.enum(OVERRIDE_STATUSES),
  wayBillRef: z.string(),
  branchCode: z.string(),
  chargeCode: z.string(),
  part: z.string(),
  particulars: z.string(),
  availableTo: z.string(),
  /** The line's computed value; its value when the override was drafted (once approved, when approved); the new value; their difference. */
  chargeValue: money,
  valueBefore: money,
  newValue: money,
  difference: money,
  reason: z.string(),
  requestedBy: z.string(),
  requestedByName: z.string(),
  dateSubmitted: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  dateDecided: z.string().nullable(),
  decisionRemarks: z.string(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type OverrideRow = z.infer<typeof overrideRow>;

/** get by id: the override, its history, the waybill and its line as they stand, what the line's side owes, and the caller's actions. */
export const overrideDetailRow = overrideRow.extend({
  history: z.array(waiverHistoryRow),
  waybill: waybillSummaryRow,
  line: chargeLineRow.nullable(),
  paid: sidePaidRow,
  actions: z.array(z.enum(OVERRIDE_ACTIONS)),
  canEdit: z.boolean(),
});
export type OverrideDetailRow = z.infer<typeof overrideDetailRow>;

export const overrideListAnswer = z.object({
  data: z.array(overrideRow),
  total: z.number(),
  isApprover: z.boolean(),
  message: z.string().optional(),
});

export const overrideWaybillAnswer = z.object({
  data: z.object({ waybill: waybillSummaryRow, lines: z.array(chargeLineRow) }),
  message: z.string().optional(),
});
