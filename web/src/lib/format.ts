const dateTime = new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", dateStyle: "medium", timeStyle: "short" });

/** A moment as staff read it: business time is Asia/Manila, whatever the browser's zone. */
export function formatDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : "";
}
