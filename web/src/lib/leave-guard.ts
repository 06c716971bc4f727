/** The spec's wording, shown by the browser's own prompt and by the in-app one. */
export const LEAVE_PROMPT = "You have still process data, are you sure you want to leave?";

let inFlight = 0;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function isLeaveGuarded(): boolean {
  return inFlight > 0;
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
  changed();
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", (event) => {
    if (inFlight === 0) return;
    event.preventDefault();
    // Browsers show their own text, but some still require returnValue to be set to prompt at all.
    event.returnValue = LEAVE_PROMPT;
  });
}
