import { Intent, OverlayToaster, Position, type Toaster } from "@blueprintjs/core";

const TIMEOUT_MS = 3000;
const INFO_TIMEOUT_MS = 2000;

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  // Created on first use so the sign-in page does not pay for a toaster root it may never need.
  toaster ??= OverlayToaster.create({ position: Position.BOTTOM_LEFT, maxToasts: 5, className: "lading-toaster" });
  return toaster;
}

function show(intent: Intent, message: string, timeout: number): void {
  // Plain modules that notify are also run outside a page (unit tests); there is nowhere to show anything.
  if (typeof document === "undefined") return;
  void getToaster().then((t) => t.show({ intent, message, timeout }));
}

export const notify = {
  success: (message: string) => show(Intent.SUCCESS, message, TIMEOUT_MS),
  error: (message: string) => show(Intent.DANGER, message, TIMEOUT_MS),
  warning: (message: string) => show(Intent.WARNING, message, TIMEOUT_MS),
  info: (message: string) => show(Intent.PRIMARY, message, INFO_TIMEOUT_MS),
};

/** Message of anything thrown, for an error notice. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
