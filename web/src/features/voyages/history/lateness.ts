/**
 * How late a departure or arrival was, as the operations staff say it: "+1h 30m late", "45m early",
 * "on time". Whole days stay in hours: a ship three days behind is "+72h late", which is how delays are logged.
 */
export function latenessText(minutes: number | null): string {
  if (minutes === null) return "";
  if (minutes === 0) return "on time";
  const size = Math.abs(minutes);
  const hours = Math.floor(size / 60);
  const rest = size % 60;
  const span = hours === 0 ? `${rest}m` : rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
  return minutes > 0 ? `+${span} late` : `${span} early`;
}
