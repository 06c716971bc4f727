/**
 * Live notifications at office scale: 500 signed-in browsers hold the notification stream open on one server
 * (Deno.serve on the loopback, the real HTTP stack), then one notification goes to the role all of them are in.
 * Prints the time from the send until the last of the 500 has the event, and the memory each open stream costs
 * (JavaScript heap and buffers of this process, which holds the server and the 500 clients, measured after a
 * garbage collection before and after they connect; run with --v8-flags=--expose-gc, as npm run bench does).
 *
 * Embedded database in a temporary directory; nothing to set up. Run: deno run -A bench/notifications.bench.ts
 *
 * Then, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL database, the same broadcast across two
 * servers sharing it (two database handles, two HTTP servers, live notifications carried by LISTEN/NOTIFY): the
 * notification is sent through the first server while the 500 streams are held by the second, then while they
 * are split between both. The users and notifications it adds there (bench2s-…) are removed at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../api/app.ts";
import { defaultConfig } from "../api/http/config.ts";
import { issueToken } from "../api/modules/auth/tokens.ts";
import { listenerCount, stopNotifications } from "../api/modules/notifications/relay.ts";
import { sendNotification } from "../api/modules/notifications/service.ts";
import { seedReference } from "../api/modules/users/bootstrap.ts";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { eq, like } from "drizzle-orm";
import { type Db, type DatabaseHandle } from "../db/client.ts";
import { notifications, roleDetails, roles, users } from "../db/schema/index.ts";

const LISTENERS = Number(Deno.env.get("BENCH_LISTENERS") ?? 500);
const ROUNDS = 5;

/** Live memory in MB once collections have settled, when the runtime lets us ask for them. */
const liveMb = async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Buffers are released a turn after the objects holding them: collect, let that turn pass, collect again.
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const m = Deno.memoryUsage();
  return (m.heapUsed + m.external) / 1024 / 1024;
};

/** Reads one stream until an event named `event` has arrived; answers when. */
async function waitFor(reader: ReadableStreamDefaultReader<Uint8Array>, event: string, seen: { text: string }): Promise<number> {
  const decoder = new TextDecoder();
  while (!seen.text.includes(`event: ${event}`)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    seen.text += decoder.decode(value, { stream: true });
  }
  seen.text = seen.text.slice(seen.text.lastIndexOf(`event: ${event}`) + event.length + 7);
  return performance.now();
}

const dir = mkdtempSync(path.join(os.tmpdir(), "lading-bench-notify-"));
const handle = await openDatabase({ DATA_DIR: dir });
const secret = crypto.getRandomValues(new Uint8Array(32));
const controller = new AbortController();
try {
  await migrateDatabase(handle);
  await seedReference(handle.db);
  const db = handle.db;
  const [role] = await db.insert(roles).values({ roleId: "BENCH", roleName: "Bench role" }).returning();
  await db.insert(roleDetails).values({ roleId: role.id, menuId: "VOYAGE" });
  const created = await db.insert(users).values(
    Array.from({ length: LISTENERS }, (_, i) => ({ userId: `bench${i}`, name: `Bench ${i}`, email: `bench${i}@example.test`, roleId: role.id })),
  ).returning({ id: users.id, sv: users.sessionVersion });
  const tokens = await Promise.all(created.map((u) => issueToken(secret, { sub: String(u.id), sv: u.sv }, 3600)));

  const app = createApp({ db, config: defaultConfig({ version: "bench", jwtSecret: secret }), log: () => {} });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: controller.signal, onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;

  const before = await liveMb();
  const streams = await Promise.all(tokens.map(async (token) => {
    const res = await fetch(`${base}/api/Notifications/stream`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
    const reader = res.body!.getReader();
    const seen = { text: "" };
    await waitFor(reader, "unread", seen);
    return { reader, seen };
  }));
  const after = await liveMb();
  console.log(`${listenerCount()} streams open on the server`);

  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const arrivals = streams.map(({ reader, seen }) => waitFor(reader, "notification", seen));
    const sentAt = performance.now();
    const rows = await sendNotification(db, { title: "Vessel Updates", message: `Broadcast ${round}`, sender: "bench", roleId: "BENCH" });
    if (rows.length !== LISTENERS) throw new Error(`sent to ${rows.length}, not ${LISTENERS}`);
    const last = Math.max(...await Promise.all(arrivals));
    times.push(last - sentAt);
  }
  times.sort((a, b) => a - b);
  console.log(`\nBroadcast to one role of ${LISTENERS} users, each with the stream open (${ROUNDS} rounds)`);
  console.table([{
    "last receives, median ms": +times[Math.floor(times.length / 2)].toFixed(1),
    "last receives, worst ms": +times[times.length - 1].toFixed(1),
    "memory per listener kB": +(((after - before) * 1024) / LISTENERS).toFixed(1),
    "live MB before → after": `${before.toFixed(1)} → ${after.toFixed(1)}`,
  }]);
  for (const { reader } of streams) await reader.cancel();
} finally {
  controller.abort();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Two servers on one PostgreSQL: `send` goes through server 1; `onSecond` of the LISTENERS streams are held by
 * server 2, the rest by server 1. Answers the send → last arrival times of ROUNDS broadcasts, sorted.
 */
async function acrossServers(servers: { db: Db; base: string }[], tokens: string[], onSecond: number): Promise<number[]> {
  const streams = await Promise.all(tokens.map(async (token, i) => {
    const server = i < onSecond ? servers[1] : servers[0];
    const res = await fetch(`${server.base}/api/Notifications/stream`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
    const reader = res.body!.getReader();
    const seen = { text: "" };
    // The first event comes once the server listens for the others' notifications.
    await waitFor(reader, "unread", seen);
    return { reader, seen };
  }));
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const arrivals = streams.map(({ reader, seen }) => waitFor(reader, "notification", seen));
    const sentAt = performance.now();
    const rows = await sendNotification(servers[0].db, { title: "Vessel Updates", message: `Two servers ${round}`, sender: "bench2s", roleId: "BENCH2S" });
    if (rows.length !== tokens.length) throw new Error(`sent to ${rows.length}, not ${tokens.length}`);
    times.push(Math.max(...await Promise.all(arrivals)) - sentAt);
  }
  for (const { reader } of streams) await reader.cancel();
  return times.sort((a, b) => a - b);
}

async function removeTwoServerRows(db: Db) {
  await db.delete(notifications).where(eq(notifications.sender, "bench2s"));
  await db.delete(users).where(like(users.userId, "bench2s-%"));
  // Its menu rows go with it (on delete cascade).
  await db.delete(roles).where(eq(roles.roleId, "BENCH2S"));
}

const pgUrl = Deno.env.get("BENCH_DATABASE_URL") ?? Deno.env.get("TEST_DATABASE_URL");
if (!pgUrl) {
  console.log("Two servers on one PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to include them.");
} else {
  const handles: DatabaseHandle[] = [await openDatabase({ DATABASE_URL: pgUrl }), await openDatabase({ DATABASE_URL: pgUrl })];
  const aborts = [new AbortController(), new AbortController()];
  try {
    const db = handles[0].db;
    await migrateDatabase(handles[0]);
    await seedReference(db);
    await removeTwoServerRows(db);
    const [role] = await db.insert(roles).values({ roleId: "BENCH2S", roleName: "Bench role, two servers" }).returning();
    await db.insert(roleDetails).values({ roleId: role.id, menuId: "VOYAGE" });
    const created = await db.insert(users).values(
      Array.from({ length: LISTENERS }, (_, i) => ({ userId: `bench2s-${i}`, name: `Bench ${i}`, email: `bench2s-${i}@example.test`, roleId: role.id })),
    ).returning({ id: users.id, sv: users.sessionVersion });
    const tokens = await Promise.all(created.map((u) => issueToken(secret, { sub: String(u.id), sv: u.sv }, 3600)));
    const servers = handles.map((h, i) => {
      const app = createApp({ db: h.db, config: defaultConfig({ version: "bench", jwtSecret: secret }), log: () => {} });
      const server = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: aborts[i].signal, onListen: () => {} }, app.fetch);
      return { db: h.db, base: `http://127.0.0.1:${server.addr.port}` };
    });
    const allOnSecond = await acrossServers(servers, tokens, LISTENERS);
    const split = await acrossServers(servers, tokens, Math.floor(LISTENERS / 2));
    console.log(`\nBroadcast to one role of ${LISTENERS} users across two servers on one PostgreSQL, sent through server 1 (${ROUNDS} rounds)`);
    console.table([
      { streams: `all ${LISTENERS} on server 2`, "last receives, median ms": +allOnSecond[Math.floor(ROUNDS / 2)].toFixed(1), "last receives, worst ms": +allOnSecond[ROUNDS - 1].toFixed(1) },
      { streams: `${Math.floor(LISTENERS / 2)} on each`, "last receives, median ms": +split[Math.floor(ROUNDS / 2)].toFixed(1), "last receives, worst ms": +split[ROUNDS - 1].toFixed(1) },
    ]);
  } finally {
    for (const abort of aborts) abort.abort();
    for (const h of handles) await stopNotifications(h.db);
    await removeTwoServerRows(handles[0].db).catch((err) => console.error("could not remove the bench's rows:", err));
    for (const h of handles) await h.close();
  }
}
