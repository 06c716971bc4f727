import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenerCount } from "../../api/modules/notifications/relay.ts";
import { sendNotification } from "../../api/modules/notifications/service.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createRole, createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const role = await createRole(handle.db, ["OUTBOUND"]);
  for (const userId of ["many-tabs", "two-tabs"]) {
    await createUser(handle.db, { userId, password: "stream-password-1", roleKey: role.id });
    tokens[userId] = await signIn(t, userId, "stream-password-1");
  }
});
afterAll(() => handle?.close());

interface Event {
  event: string;
  id?: string;
  data: any;
}

/**
 * One open stream, read an event at a time. No timers: a read waits for the server, and an answer that never
 * comes fails the test by its time limit instead of passing by luck.
 */
async function open(who: string) {
  const res = await t.call("GET", "/api/Notifications/stream", { token: tokens[who] });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  /** The next event, or null once the server has ended the stream. */
  const next = async (): Promise<Event | null> => {
    for (;;) {
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const field = (name: string) => block.split("\n").find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field("data");
        if (data) return { event: field("event") ?? "message", id: field("id"), data: JSON.parse(data) };
      }
      if (ended) return null;
      const { value, done } = await reader.read();
      if (done) ended = true;
      else buffer += decoder.decode(value, { stream: true });
    }
  };
  // The stream has joined the hub once its first event (the unread count) is out.
  const first = await next();
  expect(first?.event).toBe("unread");
  return { next, close: () => reader.cancel().catch(() => {}) };
}

/** The hub lets go of a stream when its page goes, a moment later; this waits for that through the hub's count. */
async function settled(count: number) {
  while (listenerCount() !== count) await new Promise((resolve) => setImmediate(resolve));
}

const notify = (userId: string, message: string) => sendNotification(handle.db, { title: "Load List", message, sender: "system", userIds: [userId] });

describe("live streams per user", () => {
  it("the 11th stream of a user closes that user's first; the other 10 and another user's streams stay open", async () => {
    const mine = [];
    for (let i = 0; i < 10; i++) mine.push(await open("many-tabs"));
    const theirs = [await open("two-tabs"), await open("two-tabs")];
    expect(listenerCount()).toBe(12);

    const eleventh = await open("many-tabs");
    mine.push(eleventh);
    expect(listenerCount()).toBe(12);

    // The first one is told why, then ends.
    expect(await mine[0].next()).toEqual({ event: "closed", id: undefined, data: { reason: "too-many-streams" } });
    expect(await mine[0].next()).toBeNull();

    // The ten others still receive what is sent, and so do both streams of the other user.
    const [sent] = await notify("many-tabs", "for every open tab");
    for (const stream of mine.slice(1)) {
      const event = await stream.next();
      expect(event?.event).toBe("notification");
      expect(event?.id).toBe(String(sent.id));
      expect(event?.data.message).toBe("for every open tab");
    }
    const [theirsSent] = await notify("two-tabs", "for the other user");
    for (const stream of theirs) {
      const event = await stream.next();
      expect(event?.event).toBe("notification");
      expect(event?.id).toBe(String(theirsSent.id));
    }

    // A 12th closes the next oldest, the second one opened.
    mine.push(await open("many-tabs"));
    expect(await mine[1].next()).toEqual({ event: "closed", id: undefined, data: { reason: "too-many-streams" } });
    expect(await mine[1].next()).toBeNull();

    for (const stream of [...mine, ...theirs]) await stream.close();
  });

  it("a stream its page closed makes room: after one of ten goes, one more opens without closing any", async () => {
    await settled(0);
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await open("many-tabs"));
    await streams[4].close();
    await settled(9);
    streams.push(await open("many-tabs"));
    expect(listenerCount()).toBe(10);

    const [sent] = await notify("many-tabs", "ten tabs, none closed by the server");
    for (const stream of streams.filter((_, i) => i !== 4)) {
      const event = await stream.next();
      expect(event).toMatchObject({ event: "notification", id: String(sent.id) });
    }
    for (const stream of streams) await stream.close();
  });
});
