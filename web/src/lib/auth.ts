import { navigate } from "wouter/use-browser-location";
import { api, ApiError, setUnauthorizedHandler } from "./api.ts";
import { resetLeaveGuard } from "./leave-guard.ts";
import {
  clearLocalUser,
  keepSessionUser,
  keptSessionUser,
  type LocalUser,
  localStoreAvailable,
  readLocalUser,
  updateLocalUser,
  userFields,
  writeLocalUser,
} from "./local-user.ts";
import { notify } from "./notify.ts";
import {
  createSignOutScheduler,
  offlineSession,
  probeFailure,
  restampLogin,
  sessionVerdict,
  unauthorizedNotice,
  USER_CHANGES_MESSAGE,
} from "./session-rules.ts";
import { type SessionUser, sessionAtom, sessionUnconfirmedAtom, signOutPendingAtom, store, storedDarkModeAtom } from "./session.ts";
import { PAGES } from "./paths.ts";

/** The name the version endpoint knows this client by. */
export const SYSTEM_NAME = "lading-web";

interface AuthenticateResult {
  data: (SessionUser & { token?: string })[];
  message: string;
}

function currentUser(): SessionUser | null {
  const session = store.get(sessionAtom);
  return session === "unknown" ? null : session;
}

// ---------------------------------------------------------------------------------------------------------
// Signing out

/** Whether the pending forced sign-out should also end the session on the server (it still stands there). */
let endServerSessionOnFinish = false;

/** Leaves the signed-in state on this device: session gone, on to the sign-in page, local record gone. */
async function finishSignOut(to: string): Promise<void> {
  resetLeaveGuard();
  store.set(sessionAtom, null);
  navigate(to, { replace: true });
  await clearLocalUser();
}

const forcedSignOut = createSignOutScheduler({
  notice: (message) => notify.info(message),
  onPendingChange: (pending) => store.set(signOutPendingAtom, pending),
  finish: async () => {
    if (!currentUser()) return;
    if (endServerSessionOnFinish) {
      await api.post("/Users/logOut", undefined, { signOutOnUnauthorized: false }).catch(() => {});
    }
    // Taken when the sign-out happens, so the user comes back to where they were at that moment.
    const here = location.pathname + location.search;
    await finishSignOut(here === "/" ? PAGES.signIn : `${PAGES.signIn}?next=${encodeURIComponent(here)}`);
  },
});

/**
 * The forced sign-out of 000 §4: the info notice now, the sign-out three seconds later. endServerSession is for
 * sign-outs the client decides on (the user was changed elsewhere) while the server still honours the session.
 */
export function forceSignOut(message: string, options: { endServerSession?: boolean } = {}): void {
  if (!currentUser()) return;
  if (forcedSignOut.trigger(message)) endServerSessionOnFinish = options.endServerSession ?? false;
}

// Any 401 of any call ends the session with the server's reason (000 §4, §8).
setUnauthorizedHandler((body) => forceSignOut(unauthorizedNotice(body)));

// The device keeps the session user it last had, so the app can start from it with no connection (startSession).
store.sub(sessionAtom, () => {
  const session = store.get(sessionAtom);
  if (session && session !== "unknown") void keepSessionUser(session);
  else store.set(sessionUnconfirmedAtom, false);
});

export async function signOut(): Promise<void> {
  forcedSignOut.cancel();
  try {
    const result = await api.post<{ message: string }>("/Users/logOut", undefined, { signOutOnUnauthorized: false });
    notify.success(result.message);
  } catch (error) {
    // Already signed out on the server (401) is the outcome we wanted; anything else is still shown.
    if (!(error instanceof ApiError && error.status === 401)) notify.error((error as Error).message);
  }
  await finishSignOut(PAGES.signIn);
}

// ---------------------------------------------------------------------------------------------------------
// Signing in and starting

export async function signIn(userId: string, password: string): Promise<SessionUser> {
  const result = await api.post<AuthenticateResult>("/users/authenticate", { userId, password }, { signOutOnUnauthorized: false });
  const found = result.data.find((item) => item.token);
  if (!found) throw new Error("The server answered without a session. Please try again.");
  // The token also travels in the HttpOnly cookie; keeping a copy where scripts can read it would defeat that.
  const { token: _token, ...user } = found;
  forcedSignOut.cancel();
  // The record is written before the session is set: the entry dialog and the session rule read it.
  await writeLocalUser({ ...userFields(user), devicelogin: user.devicelogin ?? user.dateModified, entryDialogShown: false });
  store.set(sessionAtom, user);
  return user;
}

type ProbeAnswer = { user: SessionUser } | { user: null; unauthorized: string | null; unreachable: boolean };

/**
 * Who is signed in, from the cookie; a 401 comes back with the server's reason. A probe that got no answer (no
 * connection) or a failed server says unreachable: that is no news about the session. Other failures are nobody.
 */
async function probeSession(): Promise<ProbeAnswer> {
  try {
    const result = await api.get<{ data: SessionUser }>("/users/session", undefined, { signOutOnUnauthorized: false });
    return { user: result.data };
  } catch (error) {
    const failure = probeFailure(error instanceof ApiError ? error.status : 0);
    const unauthorized = failure === "refused" ? unauthorizedNotice((error as ApiError).body) : null;
    return { user: null, unauthorized, unreachable: failure === "unreachable" };
  }
}

/**
 * The user as the server has it, taken into the session: the start-up rule first (a user changed by someone else
 * since this device signed in is shown the notice and signed out three seconds later), then the stored record
 * follows the server's user.
 */
async function adoptServerUser(user: SessionUser, stored: LocalUser | null, available: boolean): Promise<void> {
  store.set(sessionUnconfirmedAtom, false);
  store.set(sessionAtom, user);
  if (sessionVerdict(stored, user, available) === "signOut") {
    forceSignOut(USER_CHANGES_MESSAGE, { endServerSession: true });
    return;
  }
  if (stored && stored.id === user.id) {
    await updateLocalUser(() => userFields(user));
  } else {
    // Only reached when the device cannot keep the record between visits: keep it for this page.
    await writeLocalUser({ ...userFields(user), devicelogin: user.devicelogin ?? user.dateModified, entryDialogShown: false });
  }
}

/**
 * Session start (000 §4): the stored record is read and the user refreshed from the server. When the server
 * cannot be reached (a pier tablet reloaded with no connection), a device that kept its last session starts from
 * it, unconfirmed: the session check confirms it once the server answers, or signs out on its 401.
 */
export async function startSession(): Promise<void> {
  const storedPromise = readLocalUser();
  // The loading screen already wears the user's theme while the server is asked.
  void storedPromise.then((stored) => store.set(storedDarkModeAtom, stored?.darkMode ?? null));
  const [answer, stored, available] = await Promise.all([probeSession(), storedPromise, localStoreAvailable()]);

  const current = store.get(sessionAtom);
  // A slow probe may answer after the visitor already signed in through the form; theirs wins.
  if (!(current === "unknown" || (current === null && answer.user))) return;

  if (!answer.user) {
    // A server that could not be reached says nothing about the session: the record stays, and the session this
    // device last had (if it kept one) carries on offline until the server can be asked.
    const offline = answer.unreachable ? offlineSession(stored, await keptSessionUser()) : null;
    if (offline && store.get(sessionAtom) === "unknown") {
      store.set(sessionUnconfirmedAtom, true);
      store.set(sessionAtom, offline);
      return;
    }
    store.set(sessionAtom, null);
    if (stored && answer.unauthorized) {
      // The session ended while this device was away (signed out elsewhere, changed, expired): say why.
      notify.info(answer.unauthorized);
      await clearLocalUser();
    }
    return;
  }
  await adoptServerUser(answer.user, stored, available);
}

export async function fetchServerVersion(): Promise<string | null> {
  try {
    const result = await api.get<{ data: { version: string } }>(`/Users/getCurrentSystemVersion/${SYSTEM_NAME}`, undefined, {
      signOutOnUnauthorized: false,
    });
    return result.data.version;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The user's own changes and the running check

let ownChangesInFlight = 0;
/** Counts own changes ever started, so a check that overlapped one can tell and stand down. */
let ownChangeEpoch = 0;

/**
 * Takes the server's answer to one of the user's own changes: the record is re-stamped, and the session user
 * replaced unless the page is about to load again anyway (a CY or branch change), in which case the screen
 * keeps what it shows until the reload brings everything at once.
 */
async function adoptOwnChange(answer: SessionUser, reloadFollows: boolean): Promise<void> {
  const current = currentUser();
  if (!current || current.id !== answer.id) return;
  await updateLocalUser((record) => ({ ...userFields(answer), devicelogin: restampLogin(record.devicelogin, answer.dateModified) }));
  // Answers may carry fewer fields than the session (menus, capabilities); what they carry wins.
  if (!reloadFollows) store.set(sessionAtom, { ...current, ...answer });
}

/**
 * Runs a change the user makes to their own record (CY, branch, dark mode, profile, password). The record's
 * login time moves to the change's dateModified, so the session rule does not take it for somebody else's
 * change; the running check stands down meanwhile. userOf says where the changed user is in the answer.
 */
export async function ownChange<R>(
  work: () => Promise<R>,
  userOf: (result: R) => SessionUser | Promise<SessionUser>,
  options: { reloadFollows?: boolean } = {},
): Promise<R> {
  ownChangesInFlight++;
  ownChangeEpoch++;
  try {
    const result = await work();
    await adoptOwnChange(await userOf(result), options.reloadFollows ?? false);
    return result;
  } finally {
    ownChangesInFlight--;
  }
}

/** The signed-in user as the server has it now (a 401 signs out, as any call's does). */
export async function fetchSessionUser(): Promise<SessionUser> {
  return (await api.get<{ data: SessionUser }>("/users/session")).data;
}

function quiet(epoch: number): boolean {
  return epoch === ownChangeEpoch && ownChangesInFlight === 0 && !forcedSignOut.pending;
}

/**
 * The running check (000 §4): asks the server for the user. A session the server no longer honours (an
 * administrator changed the user or the role, deactivated them, or they signed out elsewhere) answers 401, and
 * the client's handler signs out with the server's message. Otherwise fresh menus and settings replace the
 * session's. The dateModified rule stays a start-up rule, as the spec has it: applied here, a setting the user
 * changed on their other device would throw this one out. A session the app started from offline had no start-up
 * check, so the first answer of the server is its start: the rule applies then.
 */
export async function checkSession(): Promise<void> {
  const epoch = ownChangeEpoch;
  if (!currentUser() || !quiet(epoch)) return;
  let user: SessionUser;
  try {
    user = await fetchSessionUser();
  } catch {
    return;
  }
  const current = currentUser();
  // An own change that overlapped this read knows better than the read.
  if (!current || !quiet(epoch)) return;
  if (store.get(sessionUnconfirmedAtom) && current.id === user.id) {
    // The session the app started from offline is the server's too: now the start-up rule applies, as it would
    // have at start-up.
    const [stored, available] = await Promise.all([readLocalUser(), localStoreAvailable()]);
    if (currentUser()?.id === user.id) await adoptServerUser(user, stored, available);
    return;
  }
  if (current.id !== user.id) {
    // Someone else signed in on another tab of this browser: this tab's user is gone.
    forceSignOut(USER_CHANGES_MESSAGE);
    return;
  }
  if (JSON.stringify(current) !== JSON.stringify(user)) store.set(sessionAtom, user);
}
