import { notify } from "../notify.ts";

/**
 * When a list's empty answer warns (000 §5: the server's message, or "No more data to load"). Only a list the
 * user asked for warns, and the screen says which it is:
 * - "always": a list screen the user opened to read that list (Users, Ports, the quotation lists);
 * - "searched": only once the user's own search or filter has narrowed it (a list beside other work, such as
 *   a voyage's batches, or a page that says "nothing yet" in place).
 * Left out, an empty answer says nothing: the empty table already shows it, and a picker, a lookup or a
 * calendar read that comes back empty is no news to the user.
 */
export type EmptyNotice = "always" | "searched";

/** The warning an answer raises, or null when it raises none. */
export function emptyNoticeText(
  notice: EmptyNotice | undefined,
  searched: boolean,
  answer: { data: readonly unknown[]; message?: string },
): string | null {
  if (answer.data.length > 0 || notice === undefined) return null;
  if (notice === "searched" && !searched) return null;
  return answer.message ?? "No more data to load";
}

/** Warns once (one toast however often the list answers empty) when the screen asked for it. */
export function warnIfEmpty(notice: EmptyNotice | undefined, searched: boolean, answer: { data: readonly unknown[]; message?: string }): void {
  const text = emptyNoticeText(notice, searched, answer);
  if (text !== null) notify.emptyList(text);
}
