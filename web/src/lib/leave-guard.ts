/** The spec's wording, shown by the browser's own prompt and by the in-app one. */
export const LEAVE_PROMPT = "You have still process data, are you sure you want to leave?";

import { useEffect } from "react";

let inFlight = 0;
/** Pages holding edits that are not saved yet. */
let unsaved = 0;
/** Set while a page moves on by itself after its edits were saved or dropped. */
let passing = 0;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function isLeaveGuarded(): boolean {
  return passing === 0 && (inFlight > 0 || unsaved > 0);
}

/**
 * Navigates without the prompt: for a page that has just saved or deleted what it held and moves to the
 * result, before React has had the chance to drop its unsaved-changes mark.
 */
export function withoutLeaveGuard(navigate: () => void): void {
  passing++;
  try {
    navigate();
  } finally {
    passing--;
  }
}

/**
 * Guards leaving while a page holds edits it has not saved (a stowage plan being drawn, item codes being
 * typed): the same prompt as a save in flight, in the app and when the tab is closed.
 */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    unsaved++;
    changed();
    return () => {
      unsaved = Math.max(0, unsaved - 1);
      changed();
    };
  }, [dirty]);
}

export function subscribeLeaveGuard(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs a write while leaving the page is guarded. The guard drops when the call settles either way: a failed
 * save has nothing left to lose, so the user must be free to go.
 */
export async function whileSaving<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  changed();
  try {
    return await work();
  } finally {
    inFlight = Math.max(0, inFlight - 1);
    changed();
  }
}

/** A forced sign-out abandons whatever was in flight. */
export function resetLeaveGuard(): void {
  inFlight = 0;
  unsaved = 0;
  changed();
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", (event) => {
    if (!isLeaveGuarded()) return;
    event.preventDefault();
    // Browsers show their own text, but some still require returnValue to be set to prompt at all.
    event.returnValue = LEAVE_PROMPT;
  });
}
