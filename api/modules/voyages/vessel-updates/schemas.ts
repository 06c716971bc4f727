import { z } from "zod";
import { MAX_TAKE } from "../../../shared/contracts.ts";
import { VESSEL_STATUS_ACTIVITIES, type VesselStatus } from "../../../shared/reference-lists.ts";

/**
 * Contracts of the VesselUpdates calls (001 §7); imports only zod and pure modules, so the web app uses them.
 * The status/activity pairing and the ATA/ATD order live here as pure rules: the form, the route and the
 * service all refuse the same details with the same words.
 */

const code = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);
const remarks = z.string({ error: "Remarks must be text" }).trim().max(1000, "Remarks can be at most 1000 characters").default("");
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time with its offset, e.g. 2026-12-01T08:00:00+08:00` });
/** An optional moment: left out, null or "" all mean "not known yet". */
const optionalInstant = (label: string) => z.preprocess((v) => (v === "" ? null : v), instant(label).nullable()).default(null);

export const VESSEL_STATUSES = VESSEL_STATUS_ACTIVITIES.map((s) => s.status) as [VesselStatus, ...VesselStatus[]];

/** The activities 001 §9 allows under a status (empty for a status it does not name). */
export function activitiesOf(status: string): readonly string[] {
  return VESSEL_STATUS_ACTIVITIES.find((s) => s.status === status)?.activities ?? [];
}

export interface DetailFacts {
  vesselStatus: string;
  activity: string;
  actualTimeArrival?: string | null;
  actualTimeDeparture?: string | null;
}

/** What is wrong with one detail, by field; empty when it may be saved. */
export function detailProblems(detail: DetailFacts): Record<string, string> {
  const problems: Record<string, string> = {};
  const allowed = activitiesOf(detail.vesselStatus);
  if (allowed.length === 0) {
    problems.vesselStatus = `Vessel status must be one of ${VESSEL_STATUSES.join(", ")}`;
  } else if (!allowed.includes(detail.activity)) {
    problems.activity = `${detail.activity || "That activity"} is not an activity of ${detail.vesselStatus}; choose one of ${allowed.join(", ")}`;
  }
  const ata = detail.actualTimeArrival ? Date.parse(detail.actualTimeArrival) : NaN;
  const atd = detail.actualTimeDeparture ? Date.parse(detail.actualTimeDeparture) : NaN;
  if (!Number.isNaN(ata) && !Number.isNaN(atd) && atd < ata) {
    problems.actualTimeDeparture = "ATD cannot be before ATA";
  }
  return problems;
}

export const vuidField = z.string({ error: "vuid is required" }).trim().min(1, "vuid is required").max(40, "vuid can be at most 40 characters");

const detailFields = z.object({
  vesselStatus: z.enum(VESSEL_STATUSES, { error: `Vessel status must be one of ${VESSEL_STATUSES.join(", ")}` }),
  activity: z.string({ error: "Activity is required" }).trim().min(1, "Activity is required").max(60, "Activity can be at most 60 characters"),
  activityAt: instant("Activity date and time"),
  /** The branch (port of call) where it happened, when it happened at one. */
  branchCode: z.preprocess((v) => (v === "" ? null : v), code("Branch").nullable()).default(null),
  actualTimeArrival: optionalInstant("ATA"),
  actualTimeDeparture: optionalInstant("ATD"),
  remarks,
});

const withRules = <T extends z.ZodType<DetailFacts>>(schema: T) =>
  schema.superRefine((detail, ctx) => {
    for (const [field, message] of Object.entries(detailProblems(detail))) ctx.addIssue({ code: "custom", path: [field], message });
  });

export const detailInput = withRules(detailFields);
export type DetailInput = z.infer<typeof detailFields>;

/** updateVesselDetails/{id}: one detail's fields; dateModified, when sent, guards against overwriting a newer edit. */
export const updateDetailBody = withRules(detailFields.extend({
  dateModified: z.iso.datetime({ offset: true, error: "dateModified must be the ISO timestamp you loaded" }).optional(),
}));
export type UpdateDetailInput = z.infer<typeof updateDetailBody>;

export const createDetailsBody = z.object({
  vuid: vuidField,
  details: z.array(detailInput, { error: "details must be a list" }).min(1, "Add at least one detail").max(50, "At most 50 details at once"),
});
export type CreateDetailsInput = z.infer<typeof createDetailsBody>;

export const createHeaderBody = z.object({
  vesselCode: code("Vessel"),
  voyageNum: z.string({ error: "voyageNum is required" }).trim().min(1, "voyageNum is required").max(40, "voyageNum can be at most 40 characters"),
  remarks,
});
export type CreateHeaderInput = z.infer<typeof createHeaderBody>;

export const headerListBody = z.object({
  skip: z.coerce.number({ error: "skip must be a number" }).int("skip must be a whole number").min(0, "skip cannot be negative").default(0),
  take: z.coerce.number({ error: "take must be a number" }).int("take must be a whole number").min(1, "take must be at least 1")
    .max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(20),
  search: z.string({ error: "search must be text" }).trim().max(100, "search can be at most 100 characters").optional(),
  vesselCode: code("Vessel").optional(),
  voyageNum: z.string({ error: "voyageNum must be text" }).trim().min(1, "voyageNum cannot be empty").max(40, "voyageNum can be at most 40 characters").optional(),
});
export type HeaderListQuery = z.infer<typeof headerListBody>;

export const detailRow = z.object({
  id: z.number(),
  vuid: z.string(),
  vesselStatus: z.string(),
  activity: z.string(),
  activityAt: z.string(),
  branchCode: z.string().nullable(),
  actualTimeArrival: z.string().nullable(),
  actualTimeDeparture: z.string().nullable(),
  remarks: z.string(),
  userCreated: z.string().nullable(),
  userModified: z.string().nullable(),
  dateModified: z.string(),
});
export type DetailRow = z.infer<typeof detailRow>;

export const headerRow = z.object({
  id: z.number(),
  vuid: z.string(),
  vesselCode: z.string(),
  vesselName: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  remarks: z.string(),
  userCreated: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type HeaderRow = z.infer<typeof headerRow>;

export const headerListRow = headerRow.extend({
  detailCount: z.number(),
  /** The latest activity by when it happened; null before any detail is recorded. */
  lastActivity: z.object({ vesselStatus: z.string(), activity: z.string(), activityAt: z.string() }).nullable(),
});
export type HeaderListRow = z.infer<typeof headerListRow>;

export const headerWithDetails = headerRow.extend({ details: z.array(detailRow) });
export type HeaderWithDetails = z.infer<typeof headerWithDetails>;
