import { daysBetween, manilaDate } from "../../../shared/dates.ts";

/**
 * Dwell time (001 §7 InBound and Bookings' reports): how long discharged cargo stays at the destination, counted in
 * Manila calendar days from the final inbound tally (cargo stage 6) to its release (stage 7, the cargo release
 * order) and to the empty van's return (stage 9, van-in). Pure: the web imports it.
 */

/** The final inbound tally: the clock starts. */
export const DISCHARGED_STAGE = 6;
/** The cargo release order made. */
export const RELEASED_STAGE = 7;
/** The empty van back in the yard. */
export const VAN_IN_STAGE = 9;

export const DWELL_STAGES = [DISCHARGED_STAGE, RELEASED_STAGE, VAN_IN_STAGE] as const;

/** Whole calendar days between two instants, each read on its Manila date: the same day is 0. */
export function dwellDays(from: Date | string, to: Date | string): number {
  return daysBetween(manilaDate(from), manilaDate(to));
}

/** The average of whole days to one decimal (half up), or null when there is nothing to average. */
export function averageDays(days: readonly number[]): number | null {
  if (days.length === 0) return null;
  const sum = days.reduce((a, b) => a + b, 0);
  // Tenths worked in integers so 2.25 is 2.3 and no float drift moves a half.
  const tenths = Math.floor((sum * 20 + days.length) / (2 * days.length));
  return tenths / 10;
}

/** An average as the screen and the workbook write it: "2.5", or "" when none. */
export const formatAverage = (value: number | null) => (value === null ? "" : value.toFixed(1));
