import { z } from "zod";
import { normalizeContainerNumber } from "../../shared/container-numbers.ts";
import { dateModifiedField, MAX_TAKE, wholeNumber } from "../../shared/contracts.ts";
import { HUSTLING_PAGE_SIZE, MAX_HUSTLING_LINES, TO_REFERENCES } from "./rules.ts";

/** Contracts of the hustling calls (001 §7 Hustlings); zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
/** A code that may be left out; "" counts as left out. */
const optionalCode = (label: string, max: number) => z.preprocess((v) => (v === "" || v === null ? undefined : v), required(label, max).optional());
const moment = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

export const hustlingNumField = required("hustlingCstNum", 40);
export const hustlingNumParam = z.object({ hustlingCstNum: hustlingNumField });

/** One van of the container lines: the van by its number (kept without spaces, upper-case), its truck and driver. */
export const hustlingLineInput = z.object({
  containerVanNum: required("containerVanNum", 20).transform(normalizeContainerNumber),
  plateNum: required("plateNum", 30),
  driver: required("driver", 80),
  detailsRemarks: text("detailsRemarks", 300),
});
export type HustlingLineInput = z.infer<typeof hustlingLineInput>;

/** What staff fill in besides the branch and voyage, which a hustling keeps for good. */
const detailShape = {
  toReference: z.enum(TO_REFERENCES, { error: "toReference must be To Vessel or To Port" }),
  /** To Vessel: the voyage of the vessel the vans go to. */
  hustVoyageNum: optionalCode("hustVoyageNum", 40),
  /** To Port: the port the vans go to. */
  toPortCode: optionalCode("toPortCode", 30),
  fromCyCode: required("fromCyCode", 30),
  toCyCode: required("toCyCode", 30),
  truckingCode: required("truckingCode", 30),
  dateTimeIn: moment("dateTimeIn"),
  dateTimeOut: moment("dateTimeOut"),
  remarks: text("remarks", 500),
  lines: z.array(hustlingLineInput, { error: "lines must be a list" })
    .min(1, "Add at least one container van")
    .max(MAX_HUSTLING_LINES, `At most ${MAX_HUSTLING_LINES} container vans on one hustling`),
};

type Details = z.infer<z.ZodObject<typeof detailShape>>;

/** What a header and its lines must agree on, whatever the call: the destination named, time running forward, each van once. */
function checkDetails(d: Details, ctx: z.RefinementCtx) {
  if (d.toReference === "To Vessel" && !d.hustVoyageNum) {
    ctx.addIssue({ code: "custom", path: ["hustVoyageNum"], message: "Choose the voyage of the vessel the vans go to" });
  }
  if (d.toReference === "To Vessel" && d.toPortCode) {
    ctx.addIssue({ code: "custom", path: ["toPortCode"], message: "A port is named only when the vans go to a port" });
  }
  if (d.toReference === "To Port" && !d.toPortCode) {
    ctx.addIssue({ code: "custom", path: ["toPortCode"], message: "Choose the port the vans go to" });
  }
  if (d.toReference === "To Port" && d.hustVoyageNum) {
    ctx.addIssue({ code: "custom", path: ["hustVoyageNum"], message: "A voyage is named only when the vans go to a vessel" });
  }
  if (new Date(d.dateTimeOut).getTime() < new Date(d.dateTimeIn).getTime()) {
    ctx.addIssue({ code: "custom", path: ["dateTimeOut"], message: "Date and time out cannot be before date and time in" });
  }
  const seen = new Set<string>();
  d.lines.forEach((line, i) => {
    const van = line.containerVanNum.toUpperCase();
    if (seen.has(van)) ctx.addIssue({ code: "custom", path: ["lines", i, "containerVanNum"], message: `Container van ${van} is listed twice` });
    seen.add(van);
  });
}

/** POST /Hustlings/create: a new hustling of a branch and voyage with its vans. */
export const createHustlingBody = z.object({
  branchCode: required("branchCode", 30),
  voyageNum: required("voyageNum", 40),
  ...detailShape,
}).superRefine(checkDetails);
export type CreateHustlingInput = z.infer<typeof createHustlingBody>;

/** PUT /Hustlings/update/{hustlingCstNum}: everything but the branch and voyage, with the dateModified read. */
export const updateHustlingBody = z.object({
  dateModified: dateModifiedField,
  ...detailShape,
}).superRefine(checkDetails);
export type UpdateHustlingInput = z.infer<typeof updateHustlingBody>;

export const hustlingListQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(HUSTLING_PAGE_SIZE),
  search: text("search", 100),
  /** One branch of the caller's; all of them when left out. */
  branchCode: optionalCode("branchCode", 30),
});
export type HustlingListQuery = z.infer<typeof hustlingListQuery>;

/** The branch a voyage list or a header read is for. */
export const branchQuery = z.object({ branchCode: required("branchCode", 30) });
export const voyageListQuery = branchQuery.extend({ search: text("search", 100) });
export const voyageNumParam = z.object({ voyageNum: required("voyageNum", 40) });

export const hustlingLineRow = z.object({
  lineNo: z.number(),
  containerVanNum: z.string(),
  containerType: z.string(),
  size: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  detailsRemarks: z.string(),
});
export type HustlingLineRow = z.infer<typeof hustlingLineRow>;

/** A hustling as the list and the edit page read it, with the names of what it points at (the slip's header). */
export const hustlingRow = z.object({
  id: z.number(),
  hustlingCstNum: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  /** The voyage's vessel: the one the vans are hustled for. */
  hustVessel: z.string(),
  toReference: z.enum(TO_REFERENCES),
  hustVoyageNum: z.string().nullable(),
  hustVoyageRef: z.string().nullable(),
  tovesselName: z.string().nullable(),
  toPortCode: z.string().nullable(),
  toPortName: z.string().nullable(),
  fromCyCode: z.string(),
  fromCyName: z.string(),
  toCyCode: z.string(),
  toCyName: z.string(),
  truckingCode: z.string(),
  truckerName: z.string(),
  dateTimeIn: z.string(),
  dateTimeOut: z.string(),
  remarks: z.string(),
  lines: z.array(hustlingLineRow),
  userCreated: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
});
export type HustlingRow = z.infer<typeof hustlingRow>;

/** A voyage a hustling can be made for at a branch: leaving from it or calling at it, with its hustling if it has one. */
export const hustlingVoyageRow = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselCode: z.string(),
  vesselName: z.string(),
  originBranchCode: z.string(),
  estimatedTimeDeparture: z.string(),
  hustlingCstNum: z.string().nullable(),
});
export type HustlingVoyageRow = z.infer<typeof hustlingVoyageRow>;

export const deleteHustlingsBody = z.union([
  z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one hustling to delete").max(50, "At most 50 hustlings at once"),
  z.object({
    ids: z.array(wholeNumber("id", { min: 1, tooSmall: "id must be positive" })).min(1, "Give at least one hustling to delete").max(50, "At most 50 hustlings at once"),
  }),
], { error: "Send the ids of the hustlings to delete" }).transform((v) => (Array.isArray(v) ? v : v.ids));
