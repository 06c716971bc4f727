import { atom, createStore } from "jotai";
import type { SessionUser } from "../../../api/modules/auth/schemas.ts";

export type { SessionUser };

/**
 * One store shared by React and by plain modules (the API client signs the user out on a 401 without
 * being a component).
 */
export const store = createStore();

/** "unknown" until the startup probe answers, so no page decides signed-in or not too early. */
export const sessionAtom = atom<SessionUser | null | "unknown">("unknown");

export const signedInUserAtom = atom((get) => {
  const session = get(sessionAtom);
  return session === "unknown" ? null : session;
});

/**
 * True while the signed-in session is the one this device kept from its last visit, taken because the server
 * could not be reached at start-up (the pier with no connection): not yet confirmed by the server. The first
 * answer of the server's session check confirms it, or signs out (a 401, or the user changed meanwhile).
 */
export const sessionUnconfirmedAtom = atom(false);

/** The dark mode of the stored local user record, for the loading screen before the server has answered. */
export const storedDarkModeAtom = atom<boolean | null>(null);

/**
 * Dark mode is a setting of the user (000 §4), saved on the server: the signed-in user's choice applies, and
 * the signed-out pages stay light.
 */
export const darkModeAtom = atom((get) => {
  const session = get(sessionAtom);
  if (session === "unknown") return get(storedDarkModeAtom) ?? false;
  return session?.darkMode ?? false;
});

/** True from a forced sign-out's notice until the sign-out itself (3 s): no dialogs or checks start then. */
export const signOutPendingAtom = atom(false);

/** The server's version as reported at startup; null when it could not be read. */
export const serverVersionAtom = atom<string | null>(null);

export const sideMenuOpenAtom = atom<boolean | null>(null);
