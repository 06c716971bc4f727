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

const DARK_MODE_KEY = "lading.darkMode";

function readStoredDarkMode(): boolean | null {
  try {
    const raw = localStorage.getItem(DARK_MODE_KEY);
    return raw === null ? null : raw === "true";
  } catch {
    return null;
  }
}

// null = never chosen on this device: the signed-in user's own setting from the server applies.
const storedDarkModeAtom = atom<boolean | null>(readStoredDarkMode());

export const darkModeAtom = atom(
  (get) => get(storedDarkModeAtom) ?? get(signedInUserAtom)?.darkMode ?? false,
  (_get, set, value: boolean) => {
    try {
      localStorage.setItem(DARK_MODE_KEY, String(value));
    } catch {
      // Private windows may refuse storage; the choice then lasts for this visit only.
    }
    set(storedDarkModeAtom, value);
  },
);

/** The server's version as reported at startup; null when it could not be read. */
export const serverVersionAtom = atom<string | null>(null);

export const sideMenuOpenAtom = atom<boolean | null>(null);
