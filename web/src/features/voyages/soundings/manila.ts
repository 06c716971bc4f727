/**
 * Business time is Manila's (UTC+8, no daylight saving) whatever the browser's zone: the month of a report,
 * the date of an ETD and the moment a sounding was taken are all read and written in it.
 */

const MANILA_OFFSET_MS = 8 * 3_600_000;

/** An instant as Manila's wall clock, "YYYY-MM-DDTHH:MM" (what a datetime-local input holds). */
export function manilaLocal(at: Date | string = new Date()): string {
  const ms = typeof at === "string" ? Date.parse(at) : at.getTime();
  return new Date(ms + MANILA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A Manila date of an instant, "YYYY-MM-DD". */
export const manilaDate = (at: Date | string) => manilaLocal(at).slice(0, 10);

/** A Manila wall-clock "YYYY-MM-DDTHH:MM" as the ISO instant with its offset that the server asks for. */
export const withManilaOffset = (local: string) => `${local}:00+08:00`;

/** This month in Manila. */
export function manilaMonth(now = new Date()): { year: number; month: number } {
  const today = manilaDate(now);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** The first and last calendar day of a month, "YYYY-MM-DD". */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
