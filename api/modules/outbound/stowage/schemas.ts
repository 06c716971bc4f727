import { z } from "zod";
import { dateModifiedField, wholeNumber } from "../../../shared/contracts.ts";

/** Contracts of the stowage plan calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`).default("");
/** A row or column of the grid: the grids of master data have at most 60 of each. */
const cell = (label: string) => wholeNumber(label, { min: 1, max: 60, tooSmall: `${label} starts at 1` });

export const voyageNumParam = z.object({ voyageNum: required("voyageNum", 40) });

/** Starts the voyage's plan from one of its vessel's plans; the first by name when none is named. */
export const startStowageBody = z.object({
  vesselStowagePlanId: wholeNumber("vesselStowagePlanId", { min: 1, tooSmall: "vesselStowagePlanId must be positive" }).optional(),
});

/** Puts a counted van into a free slot, named by its top-left cell. */
export const placeVanBody = z.object({
  dateModified: dateModifiedField,
  containerVanNum: required("containerVanNum", 20),
  row: cell("row"),
  column: cell("column"),
});
export type PlaceVanInput = z.infer<typeof placeVanBody>;

/** Moves a van already on the plan (in a slot or at a cargo location) into another free slot. */
export const moveVanBody = placeVanBody;
export type MoveVanInput = PlaceVanInput;

/** Takes a van out of its slot, or a cargo location off the plan. */
export const removePlacementBody = z.object({
  dateModified: dateModifiedField,
  placementId: wholeNumber("placementId", { min: 1, tooSmall: "placementId must be positive" }),
});
export type RemovePlacementInput = z.infer<typeof removePlacementBody>;

/** Where cargo without a slot is, in words: a counted van, or the cargo of a waybill that travels without one. */
export const cargoLocationBody = z.object({
  dateModified: dateModifiedField,
  containerVanNum: optionalText("containerVanNum", 20),
  wayBillRef: optionalText("wayBillRef", 40),
  cargoLocation: required("cargoLocation", 200),
});
export type CargoLocationInput = z.infer<typeof cargoLocationBody>;

export const gridSlot = z.object({ row: z.number(), column: z.number(), width: z.number(), height: z.number(), position: z.string() });

/** A van in a slot (row, column and position set) or cargo at a location in words (row and column null). */
export const placementRow = z.object({
  id: z.number(),
  row: z.number().nullable(),
  column: z.number().nullable(),
  position: z.string(),
  containerVanNum: z.string(),
  wayBillRef: z.string().nullable(),
  bookingRef: z.string().nullable(),
  cargoLocation: z.string(),
  /** False when the van was taken off the tally after it was placed: staff should take it off the plan too. */
  counted: z.boolean(),
});
export type PlacementRow = z.infer<typeof placementRow>;

/** A van counted onto the vessel by a loading tally sheet of the voyage: what may be placed. */
export const countedVanRow = z.object({
  containerVanNum: z.string(),
  wayBillRef: z.string().nullable(),
  bookingRef: z.string().nullable(),
  /** FL for a full van; anything else is an empty. */
  containerType: z.string(),
  size: z.string(),
  sealNum: z.string(),
  destinationBranchCode: z.string(),
  tallySheetNum: z.string(),
  /** The placement holding it, or null while it waits for a slot. */
  placementId: z.number().nullable(),
});
export type CountedVanRow = z.infer<typeof countedVanRow>;

export const stowagePlanView = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselCode: z.string(),
  vesselName: z.string(),
  originBranchCode: z.string(),
  estimatedTimeDeparture: z.string(),
  finalTallyAt: z.string().nullable(),
  /** Null until the plan is started from one of the vessel's plans. */
  plan: z.object({
    vesselStowagePlanId: z.number().nullable(),
    planName: z.string(),
    rows: z.number(),
    columns: z.number(),
    slots: z.array(gridSlot),
    dateModified: z.string(),
  }).nullable(),
  /** The vessel's active plans, to start from. */
  vesselPlans: z.array(z.object({ id: z.number(), name: z.string(), rows: z.number(), columns: z.number(), slotCount: z.number() })),
  placements: z.array(placementRow),
  vans: z.array(countedVanRow),
});
export type StowagePlanView = z.infer<typeof stowagePlanView>;

