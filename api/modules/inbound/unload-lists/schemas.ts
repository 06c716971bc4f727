import { z } from "zod";
import { MAX_UPDATE_LINES, releaseRowOf, removedEntry, UNLOAD_RELEASE_TYPES, voyageHeader } from "../../../shared/cargo-lists.ts";
import { dateModifiedField } from "../../../shared/contracts.ts";

/** Contracts of the unload list calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);

export const voyageNumParam = z.object({ voyageNum: required("voyageNum", 40) });
export const releaseIdParam = z.object({ releaseId: required("releaseId", 40) });

/** Which port of call's unload list (001 §7 InBound: destinationBranchCode); the caller's only one when left out. */
export const unloadListQuery = z.object({ destinationBranchCode: text("destinationBranchCode", 30).default("") });

/** A new release of a voyage's unload list at one of its ports of call. */
export const createUnloadReleaseBody = z.object({
  voyageNum: required("voyageNum", 40),
  destinationBranchCode: required("destinationBranchCode", 30),
  remarks: text("remarks", 300).default(""),
});
export type CreateUnloadReleaseInput = z.infer<typeof createUnloadReleaseBody>;

/** One line of an unload list update: 'add' puts the waybill on the release, any other status takes it off (001 §4). */
export const unloadListLine = z.object({ wayBillRef: required("wayBillRef", 40), status: required("status", 20) });

export const updateUnloadReleaseBody = z.object({
  dateModified: dateModifiedField,
  remarks: text("remarks", 300).optional(),
  entries: z.array(unloadListLine, { error: "entries must be a list" }).max(MAX_UPDATE_LINES, `At most ${MAX_UPDATE_LINES} waybills in one update`).default([]),
});
export type UpdateUnloadReleaseInput = z.infer<typeof updateUnloadReleaseBody>;

/** Release and cancel carry the dateModified the user read. */
export const moveUnloadReleaseBody = z.object({ dateModified: dateModifiedField });

/** Which waybills a printout covers: one release, or every release of the port of call still standing. */
export const unloadListFileQuery = z.object({
  releaseId: text("releaseId", 40).default(""),
  destinationBranchCode: text("destinationBranchCode", 30).default(""),
});

/** A waybill as the unload list shows it: on a release, or loaded and waiting to go on one. */
export const unloadListWaybill = z.object({
  wayBillRef: z.string(),
  status: z.string(),
  bookingRef: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  destinationBranchCode: z.string(),
  containerVanNum: z.string(),
  tandemContainerVanNum: z.string(),
  size: z.string(),
  sealNum: z.string(),
  goods: z.string(),
  quantity: z.number(),
  quantityTeu: z.number(),
  cargoWeight: z.string(),
  modeOfDelivery: z.string(),
  modeOfPayment: z.string(),
  /** The unload release it is on now, or null while it waits. */
  releaseId: z.string().nullable(),
  dateAdded: z.string().nullable(),
  addedBy: z.string().nullable(),
});
export type UnloadListWaybill = z.infer<typeof unloadListWaybill>;

export const unloadReleaseRow = releaseRowOf(UNLOAD_RELEASE_TYPES);
export type UnloadReleaseRow = z.infer<typeof unloadReleaseRow>;

export const unloadReleaseDetail = unloadReleaseRow.extend({
  waybills: z.array(unloadListWaybill),
  removed: z.array(removedEntry),
});
export type UnloadReleaseDetail = z.infer<typeof unloadReleaseDetail>;

/** The unload list screen of a voyage at the caller's ports of call: its releases and the loaded waybills waiting. */
export const unloadListView = z.object({
  voyage: voyageHeader,
  /** The caller's branches the voyage calls at: the ports whose lists this answer holds. */
  branchCodes: z.array(z.string()),
  releases: z.array(unloadReleaseRow),
  waiting: z.array(unloadListWaybill),
});
export type UnloadListView = z.infer<typeof unloadListView>;
