import { z } from "zod";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../shared/contracts.ts";
import { REVISION_DELIVERY_MODES as DELIVERY_MODES, REMARKS_REQUIRED, REVISION_ACTIONS, REVISION_LISTS, REVISION_PAGE_SIZE, REVISION_STATUSES } from "./rules.ts";

/** Contracts of the BookingRevisions calls (001 §7); zod and pure modules only, for the web too. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);
const codeOrNull = (label: string) => z.preprocess((v) => (v === "" ? null : v), z.string({ error: `${label} must be a code` }).trim().max(30).nullable());
const amount = z.union([z.string(), z.number()], { error: "amount must be an amount" }).transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "amount must be an amount of at most 2 decimals, not negative"));

/** An address as a booking takes it, kept as typed: a part of spaces only must reach the blank-address rule (001 §5). */
const addressPart = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).max(max, `${label} can be at most ${max} characters`).default("");
const addressInput = z.object({
  street: addressPart("Street", 200),
  barangay: addressPart("Barangay", 120),
  city: addressPart("City or municipality", 120),
  province: addressPart("Province", 120),
  zipCode: addressPart("Zip code", 10),
});

export const revisionIdParam = z.object({ revisionId: required("revisionId", 40) });
export const bookingRefParam = z.object({ id: required("bookingRef", 40) });

/** The new values a revision proposes; a field left out stays as the booking has it. */
export const proposedValues = z.object({
  voyageNum: required("voyageNum", 40).optional(),
  destinationBranchCode: required("destinationBranchCode", 30).optional(),
  modeOfDelivery: z.enum(DELIVERY_MODES, { error: `modeOfDelivery must be one of: ${DELIVERY_MODES.join(", ")}` }).optional(),
  consigneeCode: codeOrNull("consigneeCode").optional(),
  consigneeName: text("consigneeName", 200).optional(),
  consigneeEmail: z.union([z.literal(""), z.email("Consignee e-mail is not a valid e-mail address").max(200)]).optional(),
  consigneeContactNum: text("consigneeContactNum", 40).optional(),
  pickUpAddress: addressInput.optional(),
  pickUpAreaCode: codeOrNull("pickUpAreaCode").optional(),
  deliveryAddress: addressInput.optional(),
  deliveryAreaCode: codeOrNull("deliveryAreaCode").optional(),
  containerVanNum: text("containerVanNum", 20).optional(),
  // 001 §5: the old references are optional.
  oldBookingRef: text("oldBookingRef", 40).optional(),
  oldWaybillRef: text("oldWaybillRef", 40).optional(),
  additionalCharges: z.array(z.object({ chargeCode: required("chargeCode", 20), amount })).max(30, "At most 30 added charges").optional(),
}).strict();
export type ProposedValues = z.infer<typeof proposedValues>;

const remarksField = z.string({ error: REMARKS_REQUIRED }).trim().min(1, REMARKS_REQUIRED).max(1000, "Remarks can be at most 1000 characters");

/** createRevisionV1: a draft revision of a booking with the values it proposes and why. */
export const createRevisionBody = z.object({ bookingRef: required("bookingRef", 40), remarks: remarksField, proposed: proposedValues });
export type CreateRevisionInput = z.infer<typeof createRevisionBody>;

/** updateRevisionId/{id}: a draft's remarks and proposed values, with the dateModified read. */
export const updateRevisionBody = z.object({ dateModified: dateModifiedField, remarks: remarksField, proposed: proposedValues });
export type UpdateRevisionInput = z.infer<typeof updateRevisionBody>;

/** updateRevisionStatusV1: a move of the chain, with the dateModified read; a denial says why. */
export const revisionStatusBody = z.object({
  revisionId: required("revisionId", 40),
  action: z.enum(REVISION_ACTIONS, { error: `action must be one of: ${REVISION_ACTIONS.join(", ")}` }),
  dateModified: dateModifiedField,
  remarks: text("Remarks", 500).default(""),
}).superRefine((b, ctx) => {
  if (b.action === "deny" && !b.remarks) ctx.addIssue({ code: "custom", path: ["remarks"], message: "Say why the booking change is denied" });
});
export type RevisionStatusInput = z.infer<typeof revisionStatusBody>;

export const REFERENCE_KINDS = ["SI", "SH"] as const;
const referenceItem = z.object({
  kind: z.enum(REFERENCE_KINDS, { error: "kind must be SI or SH" }),
  refNum: required("refNum", 40),
});
/** SI/SH reference add (at the end), insert (at a position) and remove, on a draft, with the dateModified read. */
export const referenceBody = z.object({
  revisionId: required("revisionId", 40),
  dateModified: dateModifiedField,
  ...referenceItem.shape,
  position: wholeNumber("position", { min: 1, tooSmall: "position starts at 1" }).optional(),
});
export type ReferenceInput = z.infer<typeof referenceBody>;
export const generateSiBody = z.object({ revisionId: required("revisionId", 40), dateModified: dateModifiedField });

export const deleteRevisionsBody = z.union([
  z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one booking change to delete").max(50),
  z.object({ ids: z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one booking change to delete").max(50) }),
], { error: "Send the ids of the booking changes to delete" }).transform((v) => (Array.isArray(v) ? v : v.ids));

const page = {
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(REVISION_PAGE_SIZE),
  search: text("search", 100).default(""),
};
/** getListBookingRevisionV1: the drafter's own drafts (list=draft), the endorsers' list (forEndorse), the approved (approved). */
export const revisionListQuery = z.object({
  list: z.enum(REVISION_LISTS, { error: `list must be one of: ${REVISION_LISTS.join(", ")}` }).default("draft"),
  showMyApproved: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  ...page,
});
export type RevisionListQuery = z.infer<typeof revisionListQuery>;
export const pageQuery = z.object(page);
export type PageQuery = z.infer<typeof pageQuery>;

export const downloadQuery = z.object({
  showMyApproved: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  search: text("search", 100).default(""),
});

const chargeLine = z.object({ chargeCode: z.string(), chargeName: z.string(), chargePart: z.string(), rateUnit: z.string(), quantity: z.string(), rate: z.string(), amount: z.string(), source: z.string() });
export type RevisionChargeLine = z.infer<typeof chargeLine>;

export const revisionRow = z.object({
  id: z.number(),
  revisionId: z.string(),
  status: z.enum(REVISION_STATUSES),
  bookingRef: z.string(),
  waybillref: z.string().nullable(),
  sH_Status: z.string(),
  branchCode: z.string(),
  remarks: z.string(),
  /** Each proposed field: what the booking had and what it is to have. */
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.unknown(), after: z.unknown() })),
  chargesBefore: z.array(chargeLine),
  chargesAfter: z.array(chargeLine),
  totalBefore: z.string(),
  totalAfter: z.string(),
  chargesChange: z.boolean(),
  amendmentFee: z.string(),
  references: z.array(z.object({ seq: z.number(), kind: z.enum(REFERENCE_KINDS), refNum: z.string() })),
  waybillEntries: z.array(z.object({ wayBillRef: z.string(), containerVanNum: z.string(), status: z.string() })),
  requestedBy: z.string(),
  endorsedBy: z.string().nullable(),
  managementApprovedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  datApproved: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionRemarks: z.string(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type RevisionRow = z.infer<typeof revisionRow>;

export const revisionDetailRow = revisionRow.extend({
  bookingStatus: z.string(),
  history: z.array(z.object({ action: z.string(), fromStatus: z.string(), toStatus: z.string(), actor: z.string(), remarks: z.string(), at: z.string() })),
  actions: z.array(z.enum(REVISION_ACTIONS)),
  canEdit: z.boolean(),
});
export type RevisionDetailRow = z.infer<typeof revisionDetailRow>;

export const flagsRow = z.object({
  isEndorser: z.boolean(), adminEndorser: z.boolean(), isApprover: z.boolean(), isBCFinalApprover: z.boolean(), isAcctngApprover: z.boolean(), isDat: z.boolean(),
});

export const revisionListAnswer = flagsRow.extend({ data: z.array(revisionRow), total: z.number(), message: z.string().optional() });
