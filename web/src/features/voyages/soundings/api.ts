import { api, requestFile } from "../../../lib/api.ts";
// Types only: the screens follow the server's contracts without loading zod or server code into the bundle.
import type { SoundingInput, SoundingLiquid, SoundingReport, SoundingReportQuery, SoundingRow } from "../../../../../api/modules/voyages/soundings/schemas.ts";
import type { ScheduleRow } from "../../../../../api/modules/voyages/schedules/schemas.ts";

/** The sounding calls of the voyages module, and the master data their pickers offer. */

export type { SoundingReport, SoundingRow, ScheduleRow };
export type SoundingReportLine = SoundingReport["data"][number];
export type Volumes = SoundingReport["totals"];

/** What the form sends: volumes as typed (decimal text), so a figure is never rounded by a float on the way. */
export type SoundingDraft = SoundingInput;

/** The four liquids in the order the report and the form show them; the keys are checked against the contract. */
export const LIQUIDS = [
  { key: "fuelOil", label: "Fuel oil", short: "Fuel" },
  { key: "dieselOil", label: "Diesel oil", short: "Diesel" },
  { key: "lubeOil", label: "Lube oil", short: "Lube" },
  { key: "freshWater", label: "Fresh water", short: "Water" },
] as const satisfies readonly { key: SoundingLiquid; label: string; short: string }[];

export const SOUNDING_TYPES = ["Departure", "Arrival"] as const satisfies readonly SoundingInput["soundingType"][];

export const soundingReport = (query: SoundingReportQuery) => api.get<SoundingReport>("/VoyageSoundings/report", { ...query });
// The server builds the workbook from the same query, so the browser never loads the spreadsheet library.
export const soundingWorkbook = (query: SoundingReportQuery) => requestFile("/VoyageSoundings/report/download", { ...query });

export const soundingsOfVoyage = (voyageNum: string) =>
  api.get<{ data: SoundingRow[] }>(`/VoyageSoundings/ofVoyage/${encodeURIComponent(voyageNum)}`);
export const createSounding = (draft: SoundingDraft) => api.post<{ data: SoundingRow; message: string }>("/VoyageSoundings/create", draft);

/**
 * The vessel's active voyages, newest departure first: the record dialog picks one of them. 200 is the most
 * the list call gives in one page, years of voyages for one vessel.
 */
export const voyagesOfVessel = (vesselCode: string) =>
  api.get<{ data: ScheduleRow[] }>("/VoyageSchedules/load", { vesselCode, filter: "active", take: 200 });
