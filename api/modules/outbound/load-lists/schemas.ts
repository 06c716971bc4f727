import { z } from "zod";
import { releaseRowOf, removedEntry, voyageHeader } from "../../../shared/cargo-lists.ts";
import { dateModifiedField } from "../../../shared/contracts.ts";
import { MAX_UPDATE_LINES, RELEASE_TYPES } from "./rules.ts";

/** Contracts of the load list calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);

export const voyageNumParam = z.object({ voyageNum: required("voyageNum", 40) });
export const releaseIdParam = z.object({ releaseId: required("releaseId", 40) });

/** A new release of a voyage's load list at its origin. */
export const createReleaseBody = z.object({
  voyageNum: required("voyageNum", 40),
  remarks: text("remarks", 300).default(""),
});

/** One line of a load list update: 'add' puts the waybill on the release, any other status takes it off (001 §4). */
export const loadListLine = z.object({
  wayBillRef: required("wayBillRef", 40),
  status: required("status", 20),
});

export const updateReleaseBody = z.object({
  dateModified: dateModifiedField,
  remarks: text("remarks", 300).optional(),
  entries: z.array(loadListLine, { error: "entries must be a list" }).max(MAX_UPDATE_LINES, `At most ${MAX_UPDATE_LINES} waybills in one update`).default([]),
});
export type UpdateReleaseInput = z.infer<typeof updateReleaseBody>;

/** Release and cancel carry the dateModified the user read. */
export const moveReleaseBody = z.object({ dateModified: dateModifiedField });

/** Which waybills a printout or workbook of a voyage's load list covers: one release, or every release still standing. */
export const loadListFileQuery = z.object({ releaseId: text("releaseId", 40).default("") });

/** A waybill as the load list shows it: on a release, or waiting to go on one. */
export const loadListWaybill = z.object({
  wayBillRef: z.string(),
  status: z.string(),
  bookingRef: z.string(),
  shipperName: z.string(),
  consigneeName: z.string(),
  destinationBranchCode: z.string(),
  containerVanNum: z.string(),
  /** A tandem waybill's second 20' van, on the same trailer; empty otherwise. */
  tandemContainerVanNum: z.string(),
  size: z.string(),
  sealNum: z.string(),
  goods: z.string(),
  quantity: z.number(),
  quantityTeu: z.number(),
  cargoWeight: z.string(),
  modeOfDelivery: z.string(),
  modeOfPayment: z.string(),
  truckingCode: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  remarks: z.string(),
  /** The release it is on now, or null while it waits. */
  releaseId: z.string().nullable(),
  dateAdded: z.string().nullable(),
  addedBy: z.string().nullable(),
});
export type LoadListWaybill = z.infer<typeof loadListWaybill>;

export const releaseRow = releaseRowOf(RELEASE_TYPES);
export type ReleaseRow = z.infer<typeof releaseRow>;

export const releaseDetail = releaseRow.extend({
  waybills: z.array(loadListWaybill),
  removed: z.array(removedEntry),
});
export type ReleaseDetail = z.infer<typeof releaseDetail>;

// A voyage as the outbound and inbound screens head it.
export { type VoyageHeader, voyageHeader } from "../../../shared/cargo-lists.ts";

/** The load list screen of a voyage: the voyage, its releases and the waybills waiting for one. */
export const loadListView = z.object({
  voyage: voyageHeader,
  releases: z.array(releaseRow),
  waiting: z.array(loadListWaybill),
});
export type LoadListView = z.infer<typeof loadListView>;
