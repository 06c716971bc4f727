import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../../shared/contracts.ts";
import { REMARKS_REQUIRED, WAIVER_ACTIONS, WAIVER_LINES_MAX, WAIVER_LISTS, WAIVER_PAGE_SIZE, WAIVER_STATUSES } from "./rules.ts";

/** Contracts of the waiver calls (001 §7 WayBillWaiveCharges); zod and pure modules only, for the web too. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");

/** Pesos with centavos as decimal text ("1250.50"); more than nothing. */
export const amountText = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be an amount` })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, `${label} is required`).regex(/^\d{1,12}(\.\d{1,2})?$/, `${label} must be an amount of at most 2 decimals, not negative`))
    .refine((v) => Number(v) > 0, `${label} must be more than 0.00`);

export const waiverNumParam = z.object({ waiverNum: required("waiverNum", 40) });
export const waiverFileParams = z.object({
  waiverNum: required("waiverNum", 40),
  fileId: wholeNumber("fileId", { min: 1, tooSmall: "fileId must be positive" }),
});

/** search: the waybill whose charges are to be waived. */
export const waybillSearchQuery = z.object({ wayBillRef: required("wayBillRef", 40) });

/** A line to waive: whole (no amount: everything open on it) or an amount of it, up to what is open. */
export const waiverLineInput = z.object({
  chargeCode: required("chargeCode", 20),
  part: required("part", 30),
  amount: z.preprocess((v) => (v === "" || v === null ? undefined : v), amountText("amount").optional()),
});
export type WaiverLineInput = z.infer<typeof waiverLineInput>;

const remarksField = z.string({ error: REMARKS_REQUIRED }).trim().min(1, REMARKS_REQUIRED).max(1000, "Remarks can be at most 1000 characters");
const linesField = z.array(waiverLineInput, { error: "lines must be a list of the charge lines to waive" })
  .min(1, "Choose at least one charge line to waive").max(WAIVER_LINES_MAX, `At most ${WAIVER_LINES_MAX} lines`)
  .refine((lines) => new Set(lines.map((l) => `${l.chargeCode.toUpperCase()} ${l.part.toUpperCase()}`)).size === lines.length, "A charge line can be waived once in a waiver");

/** create: a Draft waiver of a waybill's lines, with its remarks (001 §5). */
export const createWaiverBody = z.object({
  wayBillRef: required("wayBillRef", 40),
  remarks: remarksField,
  lines: linesField,
});
export type CreateWaiverInput = z.infer<typeof createWaiverBody>;

/** update waived: a draft's remarks and lines, with the dateModified read. */
export const updateWaiverBody = z.object({
  dateModified: dateModifiedField,
  remarks: remarksField,
  lines: linesField,
});
export type UpdateWaiverInput = z.infer<typeof updateWaiverBody>;

/** update waived status: submit, endorse, deny, approve, with the dateModified read. */
export const waiverStatusBody = z.object({
  action: z.enum(WAIVER_ACTIONS, { error: `action must be one of: ${WAIVER_ACTIONS.join(", ")}` }),
  dateModified: dateModifiedField,
  remarks: text("Remarks", 500),
}).superRefine((b, ctx) => {
  if ((b.action === "deny" || b.action === "denyEndorsement") && !b.remarks) {
    ctx.addIssue({ code: "custom", path: ["remarks"], message: "Say why the waiver is denied" });
  }
});
export type WaiverStatusInput = z.infer<typeof waiverStatusBody>;

export const waiverListQuery = z.object({
  list: z.enum(WAIVER_LISTS, { error: `list must be one of: ${WAIVER_LISTS.join(", ")}` }),
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(WAIVER_PAGE_SIZE),
  search: text("search", 100),
});
export type WaiverListQuery = z.infer<typeof waiverListQuery>;

/** delete revision: drafts never sent on, by id, all or none. */
export const deleteWaiversBody = z.union([
  z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one waiver to delete").max(50, "At most 50 waivers at once"),
  z.object({
    ids: z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one waiver to delete").max(50, "At most 50 waivers at once"),
  }),
], { error: "Send the ids of the waivers to delete" }).transform((v) => (Array.isArray(v) ? v : v.ids));

const money = z.string();

/** A charge line of a waybill as a waiver sees it. */
export const chargeLineRow = z.object({
  chargeCode: z.string(),
  part: z.string(),
  particulars: z.string(),
  availableTo: z.string(),
  /** origin or destination: the end whose branch bills it. */
  end: z.enum(["origin", "destination"]),
  branchCode: z.string(),
  /** Computed; moved by approved overrides; its value after them; forgiven by approved waivers; due; held by waivers not decided; open to waive. */
  chargeValue: money,
  overridden: money,
  value: money,
  waived: money,
  due: money,
  held: money,
  open: money,
  openOverride: z.string().nullable(),
});

export const waybillSummaryRow = z.object({
  wayBillRef: z.string(),
  status: z.string(),
  bookingRef: z.string(),
  voyageNum: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  modeOfPayment: z.string(),
  isSplitCharge: z.boolean(),
  containerVanNum: z.string(),
  /** Its total on the values after approved overrides, what approved waivers forgave, and what is left to pay. */
  total: money,
  waived: money,
  due: money,
});

export const waybillSearchAnswer = z.object({
  data: z.object({ waybill: waybillSummaryRow, lines: z.array(chargeLineRow), open: money }),
  message: z.string().optional(),
});

/** A waived line: the line as it stood (when drafted; once approved, when approved), the amount, and what is left. */
export const waiverLineRow = z.object({
  chargeCode: z.string(),
  part: z.string(),
  particulars: z.string(),
  availableTo: z.string(),
  chargeValue: money,
  valueBefore: money,
  amount: money,
  valueAfter: money,
});

export const waiverFileRow = z.object({
  id: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  uploadedBy: z.string(),
  dateUploaded: z.string(),
});
export type WaiverFileRow = z.infer<typeof waiverFileRow>;

export const waiverRow = z.object({
  id: z.number(),
  waiverNum: z.string(),
  status: z.enum(WAIVER_STATUSES),
  /** 001 §3: the server says the waiver is approved (the screen then shows the approved list). */
  datApproved: z.boolean(),
  wayBillRef: z.string(),
  branchCode: z.string(),
  side: z.enum(["origin", "destination"]),
  remarks: z.string(),
  total: money,
  requestedBy: z.string(),
  requestedByName: z.string(),
  dateSubmitted: z.string().nullable(),
  endorsedBy: z.string().nullable(),
  endorsedByName: z.string().nullable(),
  dateEndorsed: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  dateDecided: z.string().nullable(),
  decisionRemarks: z.string(),
  dateCreated: z.string(),
  dateModified: z.string(),
  lines: z.array(waiverLineRow),
  files: z.array(waiverFileRow),
});
export type WaiverRow = z.infer<typeof waiverRow>;

/** A step of the history: who moved it from what to what, when, and why. */
export const waiverHistoryRow = z.object({
  action: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  actor: z.string(),
  actorName: z.string(),
  remarks: z.string(),
  at: z.string(),
});

/** Whether the waived side of the waybill is paid for release, as the money module answers it. */
export const sidePaidRow = z.object({ side: z.string(), paid: z.boolean(), reason: z.string() });

/** get by id: the waiver, its history, the waybill as it stands, its side's paid answer and what the caller may do. */
export const waiverDetailRow = waiverRow.extend({
  history: z.array(waiverHistoryRow),
  waybill: waybillSummaryRow,
  paid: sidePaidRow,
  actions: z.array(z.enum(WAIVER_ACTIONS)),
  canEdit: z.boolean(),
  canAttach: z.boolean(),
});
export type WaiverDetailRow = z.infer<typeof waiverDetailRow>;

export const waiverListAnswer = z.object({
  data: z.array(waiverRow),
  total: z.number(),
  isEndorser: z.boolean(),
  isApprover: z.boolean(),
  message: z.string().optional(),
});
