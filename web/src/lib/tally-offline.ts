import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { ApiError, serverMessage } from "./api.ts";
import type { TallyEntryInput, TallyLineRow, TallyView } from "../components/tally/contracts.ts";

/**
 * Counting at the pier with no connection (docs/architecture.md, Offline capture). The tally screen keeps the
 * last answer it read for a voyage, and every van counted waits here, in the browser's IndexedDB, until the
 * server has it: sent at once when the connection is there, else when it comes back or on the next visit. Each
 * entry carries the device's own entryId, so sending one again after a lost answer lands it once on the server.
 * An entry the server refuses (the van counted meanwhile, the sheet made final, the waybill off the list) stays
 * here as a conflict, with the server's reason, until its user discards it or changes it and sends it again.
 * Nothing here ever touches the service worker's cache, which never holds /api.
 */

/** Which tally a screen counts on: the loading tally (outbound) or the unloading tally (inbound). */
export type TallyDirection = "outbound" | "inbound";

/** A van counted on this device, on its way to the server. */
export interface QueuedEntry {
  entryId: string;
  /** The tally it was counted on; entries kept before there were two are the loading tally's. */
  side?: TallyDirection;
  /** The user who counted it: only that user's session sends it. */
  userId: string;
  voyageNum: string;
  tallySheetNum: string;
  body: TallyEntryInput;
  /** waiting: not yet answered; conflict: refused, with the server's reason. */
  state: "waiting" | "conflict";
  reason: string;
  queuedAt: string;
}

interface StoredView {
  key: string;
  view: TallyView;
}

interface PierDb extends DBSchema {
  views: { key: string; value: StoredView };
  entries: { key: string; value: QueuedEntry };
}

const DB_NAME = "lading-pier";
const DB_VERSION = 1;
/** Some browsers leave an open request hanging; the screen must not wait on it. */
const OPEN_TIMEOUT_MS = 2000;

let opening: Promise<IDBPDatabase<PierDb> | null> | undefined;
/** Used when IndexedDB is missing or refuses to open: the queue then lasts for this page only. */
const memoryViews = new Map<string, StoredView>();
const memoryEntries = new Map<string, QueuedEntry>();

function database(): Promise<IDBPDatabase<PierDb> | null> {
  opening ??= (async () => {
    if (typeof indexedDB === "undefined") return null;
    const open = (async () =>
      await openDB<PierDb>(DB_NAME, DB_VERSION, {
        upgrade(db) {
          if (!db.objectStoreNames.contains("views")) db.createObjectStore("views", { keyPath: "key" });
          if (!db.objectStoreNames.contains("entries")) db.createObjectStore("entries", { keyPath: "entryId" });
        },
      }))().catch(() => null);
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), OPEN_TIMEOUT_MS));
    return await Promise.race([open, late]);
  })();
  return opening;
}

const viewKey = (userId: string, voyageNum: string, side: TallyDirection) =>
  `${side === "outbound" ? "" : `${side}|`}${userId.toLowerCase()}|${voyageNum.toUpperCase()}`;

/** Keeps the tally screen's last answer for a voyage, for when the connection is gone. */
export async function keepView(userId: string, voyageNum: string, view: TallyView, side: TallyDirection = "outbound"): Promise<void> {
  const record = { key: viewKey(userId, voyageNum, side), view };
  memoryViews.set(record.key, record);
  const db = await database();
  await db?.put("views", record).catch(() => {});
}

/** The last answer kept for the voyage, or null. */
export async function keptView(userId: string, voyageNum: string, side: TallyDirection = "outbound"): Promise<TallyView | null> {
  const key = viewKey(userId, voyageNum, side);
  const db = await database();
  const record = db ? await db.get("views", key).catch(() => undefined) : undefined;
  return (record ?? memoryViews.get(key))?.view ?? null;
}

/** A fresh name for an entry: 128 random bits as hex (crypto.randomUUID needs a secure page; this does not). */
export function newEntryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function putEntry(entry: QueuedEntry): Promise<void> {
  memoryEntries.set(entry.entryId, entry);
  const db = await database();
  await db?.put("entries", entry).catch(() => {});
}

export async function dropEntry(entryId: string): Promise<void> {
  memoryEntries.delete(entryId);
  const db = await database();
  await db?.delete("entries", entryId).catch(() => {});
}

/** The entries of one user on one voyage's tally of one side, oldest first. */
export async function queuedEntries(userId: string, voyageNum: string, side: TallyDirection = "outbound"): Promise<QueuedEntry[]> {
  const db = await database();
  const all = db ? await db.getAll("entries").catch(() => [...memoryEntries.values()]) : [...memoryEntries.values()];
  return all
    .filter((e) => e.userId.toLowerCase() === userId.toLowerCase() && e.voyageNum.toUpperCase() === voyageNum.toUpperCase() && (e.side ?? "outbound") === side)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.entryId.localeCompare(b.entryId));
}

export type SendResult = { landed: TallyLineRow } | { conflict: string } | { offline: true };

/**
 * What one send means for the queue: an answer with the line (new or the one it made before) takes the entry
 * off; a refusal (4xx) makes it a conflict with the server's reason; no answer at all, or a server that could
 * not take it now (5xx, 429), leaves it waiting. A 401 ends the session (the API client signs out); the entry
 * waits for the user's next sign-in.
 */
export async function sendOne(entry: QueuedEntry, send: (entry: QueuedEntry) => Promise<{ data: TallyLineRow }>): Promise<SendResult> {
  try {
    return { landed: (await send(entry)).data };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500) return { offline: true };
    return { conflict: serverMessage(error) };
  }
}

let running: Promise<unknown> | null = null;

/**
 * Sends the waiting entries of a user on a voyage, oldest first, one at a time; stops at the first that gets no
 * answer (the rest would not either). One run at a time on the page: a second call waits for the first.
 */
export async function syncEntries(
  userId: string,
  voyageNum: string,
  send: (entry: QueuedEntry) => Promise<{ data: TallyLineRow }>,
  side: TallyDirection = "outbound",
): Promise<{ landed: number; conflicts: number; offline: boolean }> {
  while (running) await running.catch(() => {});
  const run = (async () => {
    let landed = 0;
    let conflicts = 0;
    for (const entry of await queuedEntries(userId, voyageNum, side)) {
      if (entry.state !== "waiting") continue;
      const result = await sendOne(entry, send);
      if ("offline" in result) return { landed, conflicts, offline: true };
      if ("landed" in result) {
        await dropEntry(entry.entryId);
        landed++;
      } else {
        await putEntry({ ...entry, state: "conflict", reason: result.conflict });
        conflicts++;
      }
    }
    return { landed, conflicts, offline: false };
  })();
  running = run;
  try {
    return await run;
  } finally {
    running = null;
  }
}
