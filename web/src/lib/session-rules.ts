/**
 * The session rules of 000 §4 and §9 as plain functions and numbers, so they can be checked without a browser.
 * Nothing here touches the DOM, storage or the network.
 */

/** The info notice of a forced sign-out (000 §8). */
export const USER_CHANGES_MESSAGE = "User Changes: Please Login Again";
/** The spec's forced sign-out delay: the notice shows first, the sign-out follows. */
export const FORCED_SIGN_OUT_DELAY_MS = 3000;
/** How often an open page asks the server whether its session still stands. */
export const SESSION_CHECK_INTERVAL_MS = 10_000;
/** Reload after a CY or branch change, and the usual redirect after a successful save. */
export const AFTER_SUCCESS_DELAY_MS = 1000;

/** What the device remembers about its sign-in (a subset of the stored local user record). */
export interface StoredLogin {
  id: number;
  /** The server's device login time of this sign-in, moved forward by the user's own changes. */
  devicelogin: string | null;
}

/** What the server says about the signed-in user now. */
export interface ServerUserStamp {
  id: number;
  dateModified: string;
}

export type SessionVerdict = "ok" | "signOut";

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Session start (000 §4): a user record modified after the stored device login time, or a session without a
 * stored login time, means someone else changed the user: sign out. A stored record of another user counts as
 * no record. When the device cannot store anything at all, the rule has nothing to go on and lets the user in.
 */
export function sessionVerdict(stored: StoredLogin | null, server: ServerUserStamp, storageAvailable = true): SessionVerdict {
  if (!storageAvailable && stored === null) return "ok";
  if (stored === null || stored.id !== server.id) return "signOut";
  const login = time(stored.devicelogin);
  if (login === null) return "signOut";
  const modified = time(server.dateModified);
  if (modified === null) return "ok";
  return modified > login ? "signOut" : "ok";
}

/**
 * The stored login time after one of the user's own changes: the change's dateModified, so that the change does
 * not count as somebody else's. Never moves backwards (a change that did not touch dateModified leaves it).
 */
export function restampLogin(current: string | null, answerDateModified: string | null | undefined): string | null {
  const now = time(current);
  const answer = time(answerDateModified);
  if (answer === null) return current;
  if (now === null || answer > now) return answerDateModified!;
  return current;
}

export interface EntryUser {
  isDat: boolean;
  userCy: string | null;
  allCy: readonly { code: string }[];
  branches: readonly { defaultBranch: boolean }[];
}

export type EntryDialog = "cy" | "options" | "branch";

/**
 * The dialog a user meets after signing in (000 §4, §6): a DAT role without a CY but with CYs to pick from
 * chooses one; a DAT role that has its CY picks between CY and branch; anybody else without a default branch
 * chooses one. Null when nothing is missing.
 */
export function entryDialogFor(user: EntryUser): EntryDialog | null {
  if (user.isDat && !user.userCy && user.allCy.length > 0) return "cy";
  if (user.isDat && user.userCy) return "options";
  if (!user.branches.some((branch) => branch.defaultBranch)) return "branch";
  return null;
}

/**
 * What a failed session probe at start-up says. A 401 is the server refusing the session: sign out. No answer at
 * all (status 0: no connection, the pier) or a server that failed (5xx) says nothing about the session, so a
 * device that kept its last session starts from it, offline. Any other answer means nobody is signed in.
 */
export type ProbeFailure = "refused" | "unreachable" | "nobody";

export function probeFailure(status: number): ProbeFailure {
  if (status === 401) return "refused";
  if (status === 0 || status >= 500) return "unreachable";
  return "nobody";
}

/**
 * The session a device may start from when the server cannot be reached: the one it kept, when the stored local
 * user record is of the same user (a record of someone else, or none, means no session was left on this device).
 */
export function offlineSession<U extends { id: number }>(stored: { id: number } | null, kept: U | null): U | null {
  return stored && kept && stored.id === kept.id ? kept : null;
}

/** The dialog the top bar's branch button opens: DAT roles choose between CY and branch first. */
export function branchButtonDialog(user: Pick<EntryUser, "isDat">): EntryDialog {
  return user.isDat ? "options" : "branch";
}

/**
 * The server's answer to a call that carries no session at all (SIGN_IN_MESSAGE in api/http/guard.ts). To a page
 * that was signed in it means the cookie is gone: the user signed out in another tab of this browser.
 */
const NO_SESSION_MESSAGE = "Sign in to continue.";

/**
 * The notice of a 401 on a signed-in page: the server's own reason (a revoked session reads "User Changes:
 * Please Login Again", an expired one says so), the spec's text when the server gave none or only noticed
 * that no session came with the call.
 */
export function unauthorizedNotice(body: unknown): string {
  const raw = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  const message = typeof raw === "string" ? raw.trim() : "";
  return message === "" || message === NO_SESSION_MESSAGE ? USER_CHANGES_MESSAGE : message;
}

export interface SignOutScheduler {
  /** Shows the notice now and signs out after the delay; calls while one is pending are dropped. */
  trigger(message: string): boolean;
  /** Drops a pending sign-out (the user signed out or in by other means meanwhile). */
  cancel(): void;
  readonly pending: boolean;
}

/**
 * One forced sign-out at a time: several calls fail together when a session ends, and the user should see one
 * notice and one redirect, three seconds after the notice (000 §4, §9).
 */
export function createSignOutScheduler(actions: {
  notice: (message: string) => void;
  finish: () => void | Promise<void>;
  delayMs?: number;
  onPendingChange?: (pending: boolean) => void;
}): SignOutScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const setPending = (value: boolean) => actions.onPendingChange?.(value);
  return {
    trigger(message) {
      if (timer !== null) return false;
      actions.notice(message);
      setPending(true);
      timer = setTimeout(async () => {
        try {
          await actions.finish();
        } catch {
          // Signing out locally cannot fail in a way the user could act on; the pending state still ends.
        } finally {
          timer = null;
          setPending(false);
        }
      }, actions.delayMs ?? FORCED_SIGN_OUT_DELAY_MS);
      return true;
    },
    cancel() {
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      setPending(false);
    },
    get pending() {
      return timer !== null;
    },
  };
}
