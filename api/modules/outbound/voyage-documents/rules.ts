import { manilaDate } from "../../../shared/dates.ts";

/**
 * The voyage's documents (001 §3 voyage report, §9 exports): what each is, how cargo is classed and how the
 * workbooks' sheets are named. Pure.
 */

/** The three kinds of cargo a voyage report counts apart (001 §3 cargoType). */
export const CARGO_CLASSES = ["FCL", "RC", "BB"] as const;
export type CargoClass = (typeof CARGO_CLASSES)[number];

/**
 * The class of a waybill's cargo, from the cargo type of the quotation it was priced at: a containerized type is
 * FCL (a full van); of the others, rolling cargo (vehicles and equipment driven on board) is RC when its code or
 * name says so (RC, ROLLING, RORO, Ro-Ro), and anything else loose is breakbulk, BB. Without a quotation, a
 * waybill with a van is FCL.
 */
export function cargoClassOf(cargoType: { code: string; name: string; isContainerized: boolean } | null, vanNumber: string): CargoClass {
  if (!cargoType) return vanNumber.trim() ? "FCL" : "BB";
  if (cargoType.isContainerized) return "FCL";
  const words = `${cargoType.code} ${cargoType.name}`.toUpperCase();
  return /\bRC\b|ROLLING|\bRO-?RO\b/.test(words) ? "RC" : "BB";
}

/**
 * The reports of a voyage by the names `lading export voyage --report` takes: the build-up (its printout and
 * Buildup.xlsx), the coasting manifest, the loading report, the empty container report, the costing manifest.
 */
export const VOYAGE_REPORTS = {
  buildup: { title: "Build-up report" },
  manifest: { title: "Coasting manifest" },
  loading: { title: "Loading report" },
  empties: { title: "Empty container report" },
  costing: { title: "Cargo costing manifest" },
} as const;
export type VoyageReportName = keyof typeof VOYAGE_REPORTS;
export const VOYAGE_REPORT_NAMES = Object.keys(VOYAGE_REPORTS) as VoyageReportName[];

/** Rows per page of the outbound voyage list. */
export const OUTBOUND_VOYAGE_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------
// The sheet's name (001 §9): voyage remarks, voyage number, routes and final-tally date

/** What Excel allows in a sheet's tab: 31 characters, none of []:*?/\ and no apostrophe at either end. */
export const SHEET_NAME_LIMIT = 31;

export interface SheetNameParts {
  remarks: string;
  voyageNum: string;
  routes: string;
  /** The final tally's instant (ISO), or null before it. */
  finalTally: string | null;
}

const cleanPart = (text: string) => text.replace(/[[\]:*?/\\]/g, "-").replace(/\s+/g, " ").trim().replace(/^'+|'+$/g, "").trim();

/** The final-tally day in Manila, YYYY-MM-DD; empty before the final tally. */
const tallyDay = (parts: SheetNameParts) => (parts.finalTally ? manilaDate(parts.finalTally) : "");

/** The whole name as 001 §9 spells it out, nothing cut: what the sheet's first row says. */
export function voyageReportName(parts: SheetNameParts): string {
  return [parts.remarks, parts.voyageNum, parts.routes, tallyDay(parts)].map(cleanPart).filter(Boolean).join(" ");
}

/**
 * The sheet's tab: remarks, voyage number, route and final-tally date, in that order, within Excel's 31
 * characters and without the characters Excel refuses (each becomes "-"). Number, route and date tell the voyage
 * apart, so they come in the longest of these forms that fits: the date as YYYY-MM-DD; the date as YYMMDD; the
 * number without its VOY- series word; the route left out; the number alone. The remarks take the room left in
 * front of them, cut to it, and are left out when fewer than three characters would fit.
 */
export function voyageSheetName(parts: SheetNameParts): string {
  const day = tallyDay(parts);
  const compact = day ? day.slice(2).replace(/-/g, "") : "";
  const number = cleanPart(parts.voyageNum);
  const bare = number.replace(/^VOY-/i, "") || number;
  const route = cleanPart(parts.routes);
  const forms = [[number, route, day], [number, route, compact], [bare, route, compact], [bare, compact], [bare]]
    .map((form) => form.filter(Boolean).join(" "));
  const tail = forms.find((form) => form.length <= SHEET_NAME_LIMIT) ?? bare.slice(0, SHEET_NAME_LIMIT);
  const room = SHEET_NAME_LIMIT - tail.length - 1;
  const front = room >= 3 ? cleanPart(cleanPart(parts.remarks).slice(0, room)) : "";
  return front ? `${front} ${tail}` : tail;
}
