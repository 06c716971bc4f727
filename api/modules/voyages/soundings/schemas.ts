import { z } from "zod";
import { decimal } from "../../../shared/fields.ts";
import { voyageNumField } from "../schedules/schemas.ts";

/** Contracts of the sounding calls; imports only zod and pure modules, so the web app uses them. */

export const SOUNDING_TYPES = ["Departure", "Arrival"] as const;
/** What a sounding measures, in litres, in the order reports show them. */
export const SOUNDING_LIQUIDS = [
  { key: "fuelOil", label: "Fuel oil" },
  { key: "dieselOil", label: "Diesel oil" },
  { key: "lubeOil", label: "Lube oil" },
  { key: "freshWater", label: "Fresh water" },
] as const;
export type SoundingLiquid = (typeof SOUNDING_LIQUIDS)[number]["key"];

const litres = (label: string) => decimal(label, { scale: 2 }).schema;

export const soundingInput = z.object({
  voyageNum: voyageNumField,
  soundingType: z.enum(SOUNDING_TYPES, { error: `soundingType must be ${SOUNDING_TYPES.join(" or ")}` }),
  branchCode: z.string({ error: "Branch is required" }).trim().min(1, "Branch is required").max(30, "Branch can be at most 30 characters"),
  takenAt: z.iso.datetime({ offset: true, error: "takenAt must be a date and time with its offset, e.g. 2026-12-01T08:00:00+08:00" }),
  fuelOil: litres("Fuel oil"),
  dieselOil: litres("Diesel oil"),
  lubeOil: litres("Lube oil"),
  freshWater: litres("Fresh water"),
  remarks: z.string().trim().max(500, "Remarks can be at most 500 characters").default(""),
});
export type SoundingInput = z.infer<typeof soundingInput>;

export const soundingReportQuery = z.object({
  year: z.coerce.number({ error: "year must be a number" }).int("year must be a whole number").min(2000, "year must be 2000 or later")
    .max(2200, "year can be at most 2200"),
  month: z.coerce.number({ error: "month must be a number" }).int("month must be a whole number").min(1, "month must be 1 to 12")
    .max(12, "month must be 1 to 12"),
  vesselCode: z.string({ error: "Vessel is required" }).trim().min(1, "Vessel is required").max(30, "Vessel can be at most 30 characters"),
});
export type SoundingReportQuery = z.infer<typeof soundingReportQuery>;

const volumes = z.object({ fuelOil: z.string(), dieselOil: z.string(), lubeOil: z.string(), freshWater: z.string() });

export const soundingRow = volumes.extend({
  id: z.number(),
  voyageNum: z.string(),
  soundingType: z.enum(SOUNDING_TYPES),
  branchCode: z.string(),
  takenAt: z.string(),
  remarks: z.string(),
});
export type SoundingRow = z.infer<typeof soundingRow>;

export const soundingReportRow = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  estimatedTimeDeparture: z.string(),
  departure: soundingRow.nullable(),
  arrival: soundingRow.nullable(),
  /** Departure less final arrival; null until both are recorded. */
  consumed: volumes.nullable(),
});
export type SoundingReportRow = z.infer<typeof soundingReportRow>;

export const soundingReport = z.object({
  vesselCode: z.string(),
  vesselName: z.string(),
  year: z.number(),
  month: z.number(),
  data: z.array(soundingReportRow),
  totals: volumes,
  voyages: z.number(),
  incomplete: z.number(),
  message: z.string().optional(),
});
export type SoundingReport = z.infer<typeof soundingReport>;
