import { formatManilaDay as formatManilaDayOf } from "../../../../../api/shared/dates.ts";

/** "14:30" as people write it on a form: 2:30 PM. */
export function formatClock(time: string): string {
  const found = /^(\d{2}):(\d{2})/.exec(time);
  if (!found) return time;
  const hours = Number(found[1]);
  return `${hours % 12 || 12}:${found[2]} ${hours < 12 ? "AM" : "PM"}`;
}

// The trucker's views carry the mode as text; a known code reads better as its label.
export { deliveryModeLabel, paymentModeLabel } from "../../../lib/labels.ts";

/** The Manila calendar day of a moment (today when none is given), as a letter is dated. */
export function formatManilaDay(iso?: string | null): string {
  return formatManilaDayOf(iso || new Date());
}
