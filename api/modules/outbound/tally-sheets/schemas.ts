import { z } from "zod";
import { dateModifiedField } from "../../../shared/contracts.ts";
import { voyageHeader } from "../load-lists/schemas.ts";
import { CONTAINER_TYPES, ENTRY_ID_PATTERN, TALLY_SHEET_STATUSES, TALLY_SHEET_TYPES, VAN_SIZES } from "./rules.ts";

/** Contracts of the tally sheet calls; zod and pure modules only, so the web app (and its offline queue) use them. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);
const optionalCode = (label: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), required(label, 30).optional());
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be an ISO timestamp` });

export const tallySheetNumParam = z.object({ tallySheetNum: required("tallySheetNum", 40) });

/** A loading sheet of a voyage for one of its ports of call. */
export const createTallySheetBody = z.object({
  voyageNum: required("voyageNum", 40),
  destinationBranchCode: required("destinationBranchCode", 30),
  /** When the count began; now when left out. */
  timeStarted: instant("timeStarted").optional(),
  remarks: text("remarks", 300).default(""),
});
export type CreateTallySheetInput = z.infer<typeof createTallySheetBody>;

export const updateTallySheetBody = z.object({
  dateModified: dateModifiedField,
  timeStarted: instant("timeStarted").nullable().optional(),
  timeFinished: instant("timeFinished").nullable().optional(),
  remarks: text("remarks", 300).optional(),
});
export type UpdateTallySheetInput = z.infer<typeof updateTallySheetBody>;

/**
 * One van counted at the pier, as the device captured it (maybe with no connection, sent later). `entryId` is
 * the device's own name for the entry: sent again, it lands once. A full van names its waybill; an empty van of
 * the line names none.
 */
export const tallyEntryBody = z.object({
  entryId: z.string({ error: "entryId is required" }).trim().regex(ENTRY_ID_PATTERN, "entryId must be 8 to 64 letters, digits or dashes"),
  wayBillRef: z.preprocess((v) => (v === "" || v === null ? undefined : v), required("wayBillRef", 40).optional()),
  containerVanNum: text("containerVanNum", 20).default(""),
  containerType: z.enum(CONTAINER_TYPES, { error: `containerType must be one of: ${CONTAINER_TYPES.join(", ")}` }),
  size: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(VAN_SIZES, { error: `size must be one of: ${VAN_SIZES.join(", ")}` }).optional()),
  sealNum: text("sealNum", 40).default(""),
  truckingCode: optionalCode("truckingCode"),
  plateNum: text("plateNum", 30).default(""),
  driver: text("driver", 80).default(""),
  cyPullOutCode: optionalCode("cyPullOutCode"),
  remarks: text("remarks", 300).default(""),
  /** When the van was counted, as the device's clock had it. */
  timeTallied: instant("timeTallied"),
});
export type TallyEntryInput = z.infer<typeof tallyEntryBody>;

export const removeLineBody = z.object({ entryId: z.string({ error: "entryId is required" }).trim().regex(ENTRY_ID_PATTERN, "entryId must be 8 to 64 letters, digits or dashes") });

export const finalTallyBody = z.object({
  dateModified: dateModifiedField,
  /** When the count ended; the sheet's own, or now, when left out. */
  timeFinished: instant("timeFinished").optional(),
});

export const undoFinalTallyBody = z.object({
  dateModified: dateModifiedField,
  reason: required("reason", 500),
});

export const tallyLineRow = z.object({
  id: z.number(),
  entryId: z.string(),
  wayBillRef: z.string().nullable(),
  bookingRef: z.string().nullable(),
  containerVanNum: z.string(),
  containerType: z.string(),
  size: z.string(),
  sealNum: z.string(),
  truckingCode: z.string().nullable(),
  truckerName: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  cyPullOutCode: z.string().nullable(),
  cyPullOutName: z.string(),
  remarks: z.string(),
  timeTallied: z.string(),
  userCreated: z.string(),
  dateCreated: z.string(),
  /** Set when the line was taken back before the final tally. */
  dateRemoved: z.string().nullable(),
  removedBy: z.string().nullable(),
});
export type TallyLineRow = z.infer<typeof tallyLineRow>;

export const tallySheetRow = z.object({
  id: z.number(),
  tallySheetNum: z.string(),
  tallySheetType: z.enum(TALLY_SHEET_TYPES),
  status: z.enum(TALLY_SHEET_STATUSES),
  voyageNum: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  timeStarted: z.string().nullable(),
  timeFinished: z.string().nullable(),
  remarks: z.string(),
  dateFinalized: z.string().nullable(),
  finalizedBy: z.string().nullable(),
  dateModified: z.string(),
  /** The vans counted now, in the order they were counted. */
  lines: z.array(tallyLineRow),
});
export type TallySheetRow = z.infer<typeof tallySheetRow>;

/** A waybill on the voyage's load list, as the pier picks it when its van comes. */
export const tallyCandidate = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  status: z.string(),
  destinationBranchCode: z.string(),
  containerVanNum: z.string(),
  size: z.string(),
  sealNum: z.string(),
  shipperName: z.string(),
  goods: z.string(),
  truckingCode: z.string(),
  plateNum: z.string(),
  driver: z.string(),
});
export type TallyCandidate = z.infer<typeof tallyCandidate>;

/**
 * Everything the tally screen of a voyage needs to count vans, read in one call so that the device can keep it
 * and go on counting with no connection: the voyage, its loading sheets, the waybills on its load list, the
 * truckers and yards of its origin.
 */
export const tallyView = z.object({
  voyage: voyageHeader,
  sheets: z.array(tallySheetRow),
  onList: z.array(tallyCandidate),
  truckers: z.array(z.object({ code: z.string(), name: z.string(), plateNum: z.string() })),
  yards: z.array(z.object({ code: z.string(), name: z.string() })),
  /** When the server answered, so the device can say how old its copy is. */
  readAt: z.string(),
});
export type TallyView = z.infer<typeof tallyView>;
