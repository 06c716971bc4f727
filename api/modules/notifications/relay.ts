import { inArray } from "drizzle-orm";
import { type Db, postgresClientOf } from "../../../db/client.ts";
import { notifications } from "../../../db/schema/index.ts";
import { NotificationHub } from "./hub.ts";
import type { NotificationRow } from "./schemas.ts";

/**
 * Live notifications across servers. A company may run several API servers on one PostgreSQL behind a load
 * balancer: a notification is written by whichever server did the work, and the recipient's stream may be open
 * on another. So every new notification is announced on a PostgreSQL channel (NOTIFY) and every server listening
 * there hands it to the streams it holds.
 *
 * - The announcement carries ids only (notification id and recipient user id, in pieces under NOTIFY's 8000
 *   bytes); a server reads the rows once per announcement, and only when it holds a stream of a recipient.
 * - The server that wrote the rows hands them to its own streams at once, and skips its own announcement when it
 *   comes back (the hub's `origin`), so nobody receives one twice.
 * - Listening takes a connection of its own, opened by postgres.js with the first stream and resubscribed by it
 *   when the connection comes back. A notification announced while a server's listening connection was down
 *   reaches that server's streams when the browser reconnects (Last-Event-ID), as before.
 * - The embedded database (PGlite) is one process: the hub alone delivers, as it always did.
 */
const CHANNEL = "lading_notifications";
/** NOTIFY refuses payloads from 8000 bytes on; a piece stays well below, whatever the user ids. */
const PIECE_BYTES = 7_000;

interface Announcement {
  /** The hub that wrote the rows. */
  o: string;
  /** [notification id, recipient user id] pairs. */
  n: [number, string][];
}

interface Relay {
  hub: NotificationHub;
  /** Set once listening was asked for; resolves when the LISTEN is in place (at once on PGlite). */
  listening?: Promise<void>;
  unlisten?: () => Promise<void>;
  /** Announcements are handled one after another, so each stream gets them in the order they were sent. */
  queue: Promise<void>;
}

const relays = new Map<Db, Relay>();

const relayOf = (db: Db): Relay => {
  let relay = relays.get(db);
  if (!relay) relays.set(db, relay = { hub: new NotificationHub(), queue: Promise.resolve() });
  return relay;
};

/** The hub of the streams this server holds on `db` (one per database handle, so one per server). */
export function hubOf(db: Db): NotificationHub {
  return relayOf(db).hub;
}

type StoredRow = typeof notifications.$inferSelect;
export const asRow = (row: StoredRow): NotificationRow => ({ ...row, dateCreated: row.dateCreated.toISOString() });

/**
 * Hands rows just written to the streams of this server and, on PostgreSQL, announces them to the others. Waits
 * for the announcement to be sent; a failure to send it is not the work's failure (the rows are written, and
 * other servers' streams catch up on reconnect), so it is reported to `onError` and not thrown.
 */
export async function announce(db: Db, rows: readonly NotificationRow[], onError: (err: unknown) => void = () => {}): Promise<void> {
  const relay = relayOf(db);
  relay.hub.publish(rows);
  const client = postgresClientOf(db);
  if (!client || rows.length === 0) return;
  try {
    for (const piece of pieces(relay.hub.origin, rows)) await client.notify(CHANNEL, piece);
  } catch (err) {
    onError(err);
  }
}

function pieces(origin: string, rows: readonly NotificationRow[]): string[] {
  const out: string[] = [];
  let pairs: [number, string][] = [];
  let size = 0;
  const flush = () => {
    if (pairs.length > 0) out.push(JSON.stringify({ o: origin, n: pairs } satisfies Announcement));
    pairs = [];
    size = 0;
  };
  for (const row of rows) {
    if (row.userId === null) continue;
    const pair: [number, string] = [row.id, row.userId];
    const bytes = new TextEncoder().encode(JSON.stringify(pair)).length + 1;
    if (size + bytes > PIECE_BYTES - origin.length - 20) flush();
    pairs.push(pair);
    size += bytes;
  }
  flush();
  return out;
}

/**
 * Makes sure this server hears the notifications other servers write on `db`; resolves once it does. Asked for
 * by every stream before its first event, so a notification written elsewhere after that event reaches it.
 * A failed LISTEN is reported and tried again by the next stream; meanwhile this server's own work still
 * reaches its streams.
 */
export function listenForOthers(db: Db, log: (line: Record<string, unknown>) => void): Promise<void> {
  const relay = relayOf(db);
  const client = postgresClientOf(db);
  if (!client) return Promise.resolve();
  relay.listening ??= client.listen(CHANNEL, (payload) => {
    relay.queue = relay.queue.then(() => deliver(db, relay, payload)).catch((err) => {
      log({ level: "error", msg: "notification relay: could not read announced notifications", error: String(err) });
    });
  }).then(({ unlisten }) => {
    relay.unlisten = unlisten;
  }, (err) => {
    relay.listening = undefined;
    log({ level: "error", msg: "notification relay: LISTEN failed; other servers' notifications wait for a reconnect", error: String(err) });
  });
  return relay.listening;
}

async function deliver(db: Db, relay: Relay, payload: string): Promise<void> {
  const told = JSON.parse(payload) as Announcement;
  if (told.o === relay.hub.origin) return;
  const ids = told.n.filter(([, userId]) => relay.hub.holds(userId)).map(([id]) => id);
  if (ids.length === 0) return;
  const rows = await db.select().from(notifications).where(inArray(notifications.id, ids)).orderBy(notifications.id);
  relay.hub.publish(rows.map(asRow));
}

/**
 * Stops listening on `db` and forgets its hub; a server calls it before it closes the database, so the listening
 * connection goes with a clean UNLISTEN and nothing tries to resubscribe it.
 */
export async function stopNotifications(db: Db): Promise<void> {
  const relay = relays.get(db);
  if (!relay) return;
  relays.delete(db);
  await relay.listening;
  await relay.unlisten?.();
  await relay.queue;
}

/** Open streams on every hub of this process, for the bench and the tests. */
export function listenerCount(): number {
  let n = 0;
  for (const relay of relays.values()) n += relay.hub.listenerCount();
  return n;
}
