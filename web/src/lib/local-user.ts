import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { SessionUser } from "./session.ts";

/**
 * The stored local user record (000 §3): what this device remembers about its signed-in user between visits.
 * Never the token: that lives only in the HttpOnly cookie.
 */
export interface LocalUser {
  id: number;
  darkMode: boolean;
  userCy: string | null;
  userCyName: string | null;
  branches: SessionUser["branches"];
  allCy: SessionUser["allCy"];
  /** The server's device login time of this sign-in; the user's own changes move it to their dateModified. */
  devicelogin: string | null;
  /** Whether this sign-in's entry dialog (Choose CY, Choose Branch, Options To Choose) was already offered. */
  entryDialogShown: boolean;
}

/** A record of the second local store (000 §3); only its id is fixed. */
export interface LocalContent {
  id: string | number;
  [field: string]: unknown;
}

interface LadingDb extends DBSchema {
  user: { key: number; value: LocalUser };
  contents: { key: string | number; value: LocalContent };
}

const DB_NAME = "lading";
/** 000 §9: the local database is at version 1. */
const DB_VERSION = 1;
/** Some browsers leave an open request hanging (blocked or restricted profiles); the app must not wait on it. */
const OPEN_TIMEOUT_MS = 2000;

let opening: Promise<IDBPDatabase<LadingDb> | null> | undefined;
/** Used when IndexedDB is missing or refuses to open: the record then lasts for this page only. */
let memory: LocalUser | null = null;

function database(): Promise<IDBPDatabase<LadingDb> | null> {
  opening ??= (async () => {
    if (typeof indexedDB === "undefined") return null;
    // Opening can throw at once (a sandboxed frame) or reject later (a private window); both mean memory only.
    const open = (async () =>
      await openDB<LadingDb>(DB_NAME, DB_VERSION, {
        upgrade(db) {
          if (!db.objectStoreNames.contains("user")) db.createObjectStore("user", { keyPath: "id" });
          if (!db.objectStoreNames.contains("contents")) db.createObjectStore("contents", { keyPath: "id" });
        },
      }))().catch(() => null);
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), OPEN_TIMEOUT_MS));
    return await Promise.race([open, late]);
  })();
  return opening;
}

/** False when the record can only be kept in memory for this page. */
export async function localStoreAvailable(): Promise<boolean> {
  return (await database()) !== null;
}

export async function readLocalUser(): Promise<LocalUser | null> {
  const db = await database();
  if (!db) return memory;
  try {
    const [record] = await db.getAll("user");
    return record ?? null;
  } catch {
    return memory;
  }
}

/** Replaces the record: the store holds one user at a time. */
export async function writeLocalUser(record: LocalUser): Promise<void> {
  memory = record;
  const db = await database();
  if (!db) return;
  try {
    const tx = db.transaction("user", "readwrite");
    await Promise.all([tx.store.clear(), tx.store.put(record), tx.done]);
  } catch {
    // A full or locked store keeps the previous record; the copy in memory still serves this page.
  }
}

/** Changes fields of the current record in one transaction; nothing happens when there is no record. */
export async function updateLocalUser(change: (record: LocalUser) => Partial<LocalUser>): Promise<LocalUser | null> {
  const db = await database();
  if (!db) {
    if (memory) memory = { ...memory, ...change(memory) };
    return memory;
  }
  try {
    const tx = db.transaction("user", "readwrite");
    const [current] = await tx.store.getAll();
    if (!current) {
      await tx.done;
      return null;
    }
    const next = { ...current, ...change(current) };
    await Promise.all([tx.store.put(next), tx.done]);
    memory = next;
    return next;
  } catch {
    return null;
  }
}

/** The content record that holds the session user this device last had (never a token: the cookie keeps that). */
const SESSION_CONTENT = "session";

/**
 * Keeps the signed-in user (menus, capabilities, branches: what the screens decide by) among the contents, so the
 * app can start from it when the server cannot be reached (the tally sheet at the pier). Sign-out clears it.
 */
export async function keepSessionUser(user: SessionUser): Promise<void> {
  const db = await database();
  await db?.put("contents", { id: SESSION_CONTENT, user }).catch(() => {});
}

/** The session user kept by keepSessionUser(), or null when there is none (or the device keeps nothing). */
export async function keptSessionUser(): Promise<SessionUser | null> {
  const db = await database();
  const record = db ? await db.get("contents", SESSION_CONTENT).catch(() => undefined) : undefined;
  const user = record?.user as SessionUser | undefined;
  return user && typeof user.id === "number" ? user : null;
}

/** Sign-out forgets the user and any content kept for them. */
export async function clearLocalUser(): Promise<void> {
  memory = null;
  const db = await database();
  if (!db) return;
  try {
    const tx = db.transaction(["user", "contents"], "readwrite");
    await Promise.all([tx.objectStore("user").clear(), tx.objectStore("contents").clear(), tx.done]);
  } catch {
    // Nothing more to do: the next sign-in replaces the record anyway.
  }
}

/** The fields of the record that follow the server's user; the caller decides devicelogin and the dialog flag. */
export function userFields(user: SessionUser): Omit<LocalUser, "devicelogin" | "entryDialogShown"> {
  return {
    id: user.id,
    darkMode: user.darkMode,
    userCy: user.userCy,
    userCyName: user.userCyName,
    branches: user.branches,
    allCy: user.allCy,
  };
}
