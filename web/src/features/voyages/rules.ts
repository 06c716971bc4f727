import { manilaDateTime, manilaInstant as instantOf } from "../../../../api/shared/dates.ts";
import type { DetailInput, DetailRow, ScheduleInput, ScheduleRow } from "./api/contracts.ts";

/**
 * Pure rules of the voyage screens: Manila date and time fields to instants and back, the destinations of a
 * voyage kept in its route's calling order (the screens' addresses are in lib/paths.ts). No React here, so unit tests
 * run them directly.
 */

/** A date field and a time field read as Manila time, as the API wants it; null while either is incomplete. */
export function manilaInstant(date: string, time: string): string | null {
  try {
    return instantOf(date, time);
  } catch {
    return null;
  }
}

/** An instant as the date and time fields show it in Manila, whatever the browser's own zone. */
export function manilaFields(iso: string | null | undefined): { date: string; time: string } {
  if (!iso || Number.isNaN(Date.parse(iso))) return { date: "", time: "" };
  const local = manilaDateTime(iso);
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

// Schedule form -------------------------------------------------------------------------------------------

export interface DestinationForm {
  branchCode: string;
  etaDate: string;
  etaTime: string;
}

export interface ScheduleForm {
  voyageRef: string;
  vesselCode: string;
  routeCode: string;
  etdDate: string;
  etdTime: string;
  remarks: string;
  destinations: DestinationForm[];
}

export const EMPTY_SCHEDULE: ScheduleForm = {
  voyageRef: "",
  vesselCode: "",
  routeCode: "",
  etdDate: "",
  etdTime: "",
  remarks: "",
  destinations: [],
};

export function scheduleFormOf(row: ScheduleRow): ScheduleForm {
  const etd = manilaFields(row.estimatedTimeDeparture);
  return {
    voyageRef: row.voyageRef,
    vesselCode: row.vesselCode,
    routeCode: row.routeCode,
    etdDate: etd.date,
    etdTime: etd.time,
    remarks: row.remarks,
    destinations: row.destinations.map((d) => {
      const eta = manilaFields(d.estimatedTimeArrival);
      return { branchCode: d.destinationBranchCode, etaDate: eta.date, etaTime: eta.time };
    }),
  };
}

/** Every call of a route, in its order, with no ETA yet: what a newly chosen route proposes. */
export function destinationsOfRoute(routeCalls: readonly string[]): DestinationForm[] {
  return routeCalls.map((branchCode) => ({ branchCode, etaDate: "", etaTime: "" }));
}

/** Adds one call of the route back, at its place in the calling order; a call already there is left alone. */
export function withDestination(routeCalls: readonly string[], current: readonly DestinationForm[], branchCode: string): DestinationForm[] {
  if (current.some((d) => d.branchCode === branchCode) || !routeCalls.includes(branchCode)) return [...current];
  const next = [...current, { branchCode, etaDate: "", etaTime: "" }];
  const place = (code: string) => {
    const at = routeCalls.indexOf(code);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return next.sort((a, b) => place(a.branchCode) - place(b.branchCode));
}

/** The calls of the route the voyage does not stop at (yet), for the "add destination" choice. */
export function missingCalls(routeCalls: readonly string[], current: readonly DestinationForm[]): string[] {
  return routeCalls.filter((code) => !current.some((d) => d.branchCode === code));
}

/**
 * The form as the API takes it, or the problems that keep it from being sent, keyed as the server keys its
 * field errors (`destinations.1.estimatedTimeArrival`), so one map serves both. The server checks the rest
 * (calling order, ETAs after the departure) and answers with the same keys.
 */
export function scheduleInputOf(form: ScheduleForm): { input: ScheduleInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const etd = manilaInstant(form.etdDate, form.etdTime);
  if (!form.voyageRef.trim()) errors.voyageRef = "Voyage reference is required";
  if (!form.vesselCode) errors.vesselCode = "Vessel is required";
  if (!form.routeCode) errors.routeCode = "Route is required";
  if (!etd) errors.estimatedTimeDeparture = "Enter the ETD's date and time";
  if (form.destinations.length === 0) errors.destinations = "Add at least one destination";
  const destinations = form.destinations.map((d, i) => {
    const eta = manilaInstant(d.etaDate, d.etaTime);
    if (!eta) errors[`destinations.${i}.estimatedTimeArrival`] = `Enter the ETA at ${d.branchCode}`;
    return { destinationBranchCode: d.branchCode, estimatedTimeArrival: eta ?? "" };
  });
  return {
    input: {
      voyageRef: form.voyageRef.trim(),
      vesselCode: form.vesselCode,
      routeCode: form.routeCode,
      estimatedTimeDeparture: etd ?? "",
      remarks: form.remarks.trim(),
      destinations,
    },
    errors,
  };
}

// Vessel update details -----------------------------------------------------------------------------------

export interface DetailForm {
  vesselStatus: string;
  activity: string;
  date: string;
  time: string;
  branchCode: string;
  ataDate: string;
  ataTime: string;
  atdDate: string;
  atdTime: string;
  remarks: string;
}

export const EMPTY_DETAIL: DetailForm = {
  vesselStatus: "",
  activity: "",
  date: "",
  time: "",
  branchCode: "",
  ataDate: "",
  ataTime: "",
  atdDate: "",
  atdTime: "",
  remarks: "",
};

export function detailFormOf(row: DetailRow): DetailForm {
  const at = manilaFields(row.activityAt);
  const ata = manilaFields(row.actualTimeArrival);
  const atd = manilaFields(row.actualTimeDeparture);
  return {
    vesselStatus: row.vesselStatus,
    activity: row.activity,
    date: at.date,
    time: at.time,
    branchCode: row.branchCode ?? "",
    ataDate: ata.date,
    ataTime: ata.time,
    atdDate: atd.date,
    atdTime: atd.time,
    remarks: row.remarks,
  };
}

/**
 * One detail as the API takes it, or its problems by field. ATA and ATD are optional, but half of one (a
 * date without its time) is a slip worth pointing at rather than dropping silently.
 */
export function detailInputOf(form: DetailForm): { input: DetailInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const at = manilaInstant(form.date, form.time);
  if (!form.vesselStatus) errors.vesselStatus = "Vessel status is required";
  if (!form.activity) errors.activity = "Activity is required";
  if (!at) errors.activityAt = "Enter the activity's date and time";
  const optional = (date: string, time: string, field: string, label: string) => {
    if (!date && !time) return null;
    const instant = manilaInstant(date, time);
    if (!instant) errors[field] = `Enter both the date and the time of the ${label}, or neither`;
    return instant;
  };
  const ata = optional(form.ataDate, form.ataTime, "actualTimeArrival", "ATA");
  const atd = optional(form.atdDate, form.atdTime, "actualTimeDeparture", "ATD");
  return {
    input: {
      vesselStatus: form.vesselStatus as DetailInput["vesselStatus"],
      activity: form.activity,
      activityAt: at ?? "",
      branchCode: form.branchCode || null,
      actualTimeArrival: ata,
      actualTimeDeparture: atd,
      remarks: form.remarks.trim(),
    },
    errors,
  };
}

/**
 * Field errors the server sent for a list of details (`details.1.activity`), by line; errors without a line
 * number belong to the only line when there is one.
 */
export function errorsByLine(fieldErrors: Record<string, string>, lines: number): Record<string, string>[] {
  const out = Array.from({ length: lines }, () => ({} as Record<string, string>));
  for (const [key, message] of Object.entries(fieldErrors)) {
    const indexed = /^details\.(\d+)\.(.+)$/.exec(key);
    if (indexed) {
      const line = Number(indexed[1]);
      if (line < lines) out[line][indexed[2]] ??= message;
    } else if (lines === 1) {
      out[0][key] ??= message;
    }
  }
  return out;
}
