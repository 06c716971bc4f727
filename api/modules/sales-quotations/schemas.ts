import { z } from "zod";
import { dateText } from "../master-data/fields.ts";
import { SQ_ACTIONS, SQ_STATUSES } from "./workflow.ts";

/** Contracts of the sales-quotation calls (001 §7); imports only zod and pure modules, so the web app uses them. */

const code = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);

export const createQuotationBody = z.object({
  customerCode: code("Customer"),
  cargoTypeCode: code("Cargo type"),
  /** The AE's branch; the default branch of the AE when left out. */
  branchCode: code("Branch").optional(),
  sqDate: dateText("Quotation date").optional(),
  validUntil: dateText("Valid until").optional(),
  remarks: z.string().trim().max(1000, "Remarks can be at most 1000 characters").default(""),
});
export type CreateQuotationInput = z.infer<typeof createQuotationBody>;

export const statusUpdateBody = z.object({
  action: z.enum(SQ_ACTIONS, { error: `action must be one of ${SQ_ACTIONS.join(", ")}` }),
  remarks: z.string().trim().max(1000, "Remarks can be at most 1000 characters").default(""),
});


export const quotationRow = z.object({
  id: z.number(),
  sqRefNum: z.string(),
  sqDate: z.string(),
  validUntil: z.string(),
  userId: z.string(),
  branchCode: z.string(),
  customerCode: z.string(),
  cargoTypeCode: z.string(),
  status: z.enum(SQ_STATUSES),
  amendedSqRef: z.string().nullable(),
  remarks: z.string(),
  isActive: z.boolean(),
  dateModified: z.string(),
});

export const historyRow = z.object({
  action: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  actor: z.string(),
  remarks: z.string(),
  dateCreated: z.string(),
});
