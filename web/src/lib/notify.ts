import { Intent, OverlayToaster, Position, type Toaster } from "@blueprintjs/core";

const TIMEOUT_MS = 3000;
const INFO_TIMEOUT_MS = 2000;

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  // Created on first use so the sign-in page does not pay for a toaster root it may never need.
  toaster ??= OverlayToaster.create({ position: Position.BOTTOM_LEFT, maxToasts: 5, className: "lading-toaster" });
  return toaster;
}

function show(intent: Intent, message: string, timeout: number, key?: string): void {
  // Plain modules that notify are also run outside a page (unit tests); there is nowhere to show anything.
  if (typeof document === "undefined") return;
  void getToaster().then((t) => t.show({ intent, message, timeout }, key));
}

/**
 * The one key of the empty-list warning: a second empty answer on the same screen replaces the toast rather
 * than stacking another, and leaving the screen takes it away (it speaks of a list no longer shown).
 */
const EMPTY_LIST_KEY = "lading-empty-list";

export const notify = {
  success: (message: string) => show(Intent.SUCCESS, message, TIMEOUT_MS),
  error: (message: string) => show(Intent.DANGER, message, TIMEOUT_MS),
  warning: (message: string) => show(Intent.WARNING, message, TIMEOUT_MS),
  info: (message: string) => show(Intent.PRIMARY, message, INFO_TIMEOUT_MS),
  /**
   * 000 §5: a list the user asked for came back empty. Only the list hooks of lib/data (and an export that
   * found nothing) call it, and only when the screen asked for the notice.
   */
  emptyList: (message: string) => show(Intent.WARNING, message, TIMEOUT_MS, EMPTY_LIST_KEY),
};

/** Takes away what belonged to the screen just left: its empty-list warning. Saves' notices stay, since a
 * save often moves on to the next screen and its notice is news there too. */
export function dismissScreenNotices(): void {
  if (typeof document === "undefined" || toaster === undefined) return;
  void toaster.then((t) => t.dismiss(EMPTY_LIST_KEY));
}

/** Message of anything thrown, for an error notice. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
