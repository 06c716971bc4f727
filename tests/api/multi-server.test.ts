import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hubOf, stopNotifications } from "../../api/modules/notifications/relay.ts";
import type { DatabaseHandle, Db } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { createRole, createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

const WRONG_CREDENTIALS = "Invalid user id or password.";
const LOCKED_MESSAGE = "Too many failed sign-ins. Try again later or reset your password.";

/**
 * Two API servers on one PostgreSQL, as a company runs them behind a load balancer: each has its own pool of
 * connections (its own database handle) and so its own notification hub, and shares nothing with the other but
 * the database. A notification written through one reaches streams open on both, once each, without a
 * reconnect; the sign-in limits count every try whichever server took it.
 */
describe.skipIf(backend !== "postgres")(
  "two servers on one PostgreSQL (PostgreSQL only: the embedded database belongs to one process, so no second server can share it)",
  () => {
    let handle: DatabaseHandle;
    let secondDb: Db;
    let closeSecond: () => Promise<void>;
    let first: TestApp;
    let second: TestApp;
    const PASSWORD = "multi-server-password-1";
    const tokens: Record<string, string> = {};
    const opened: { close: () => Promise<void> }[] = [];

    beforeAll(async () => {
      handle = await openTestDatabase();
      const { default: postgres } = await import("postgres");
      const { drizzle } = await import("drizzle-orm/postgres-js");
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = "/" + handle.location;
      const client = postgres(url.toString(), { max: 5, onnotice: () => {} });
      secondDb = drizzle(client, { schema }) as unknown as Db;
      closeSecond = () => client.end();
      first = makeTestApp(handle.db);
      second = makeTestApp(secondDb);

      const admin = await createRole(handle.db, ["SYSTEMACCOUNT"]);
      const staff = await createRole(handle.db, ["OUTBOUND"]);
      await createUser(handle.db, { userId: "ms-admin", password: PASSWORD, roleKey: admin.id });
      await createUser(handle.db, { userId: "ms-clerk", password: PASSWORD, roleKey: staff.id });
      tokens.admin = await signIn(first, "ms-admin", PASSWORD);
      tokens.clerkOnFirst = await signIn(first, "ms-clerk", PASSWORD);
      tokens.clerkOnSecond = await signIn(second, "ms-clerk", PASSWORD);
    });

    afterAll(async () => {
      for (const stream of opened) await stream.close();
      // Each server lets go of its listening connection before its database handle closes, as api/main.ts does.
      if (handle) await stopNotifications(handle.db);
      if (secondDb) await stopNotifications(secondDb);
      await closeSecond?.();
      await handle?.close();
    });

    interface Event {
      event: string;
      id?: string;
      data: any;
    }

    /** The longest a live notification may take to arrive before the test fails; a bound, never a pause. */
    const PATIENCE_MS = 10_000;

    /** One open stream of `t`, read an event at a time (the first, the unread count, is read here). */
    async function open(t: TestApp, token: string) {
      const res = await t.call("GET", "/api/Notifications/stream", { token });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      const read = async (): Promise<Event> => {
        for (;;) {
          const cut = buffer.indexOf("\n\n");
          if (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const field = (name: string) => block.split("\n").find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
            const data = field("data");
            if (data) return { event: field("event") ?? "message", id: field("id"), data: JSON.parse(data) };
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error("the stream ended");
          buffer += decoder.decode(value, { stream: true });
        }
      };
      const next = () => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no event within ${PATIENCE_MS} ms`)), PATIENCE_MS);
        });
        return Promise.race([read(), late]).finally(() => clearTimeout(timer));
      };
      const first = await next();
      expect(first.event).toBe("unread");
      const stream = { next, close: () => reader.cancel().catch(() => {}) };
      opened.push(stream);
      return stream;
    }

    /** Sends a notification to the clerk through `t`'s API, as the Create Notification dialog does. */
    async function notifyClerk(t: TestApp, message: string): Promise<number> {
      const res = await t.call("POST", "/api/Notifications/CreateWebPush", {
        token: tokens.admin,
        body: { title: "Vessel Updates", message, userIds: ["ms-clerk"] },
      });
      expect(res.status).toBe(201);
      const body = await res.json() as { data: { recipients: number; ids: number[] } };
      expect(body.data.recipients).toBe(1);
      return body.data.ids[0];
    }

    const received = (event: Event) => ({ event: event.event, id: event.id, message: event.data.message, userId: event.data.userId });
    const expected = (id: number, message: string) => ({ event: "notification", id: String(id), message, userId: "ms-clerk" });

    it("delivers a notification written through one server to streams open on both, at once and once each", async () => {
      const onSecond = await open(second, tokens.clerkOnSecond);
      const onFirst = await open(first, tokens.clerkOnFirst);
      expect(hubOf(handle.db).listenerCount()).toBe(1);
      expect(hubOf(secondDb).listenerCount()).toBe(1);

      const id = await notifyClerk(first, "MV Pioneer arrived at Cebu");
      expect(received(await onSecond.next())).toEqual(expected(id, "MV Pioneer arrived at Cebu"));
      expect(received(await onFirst.next())).toEqual(expected(id, "MV Pioneer arrived at Cebu"));

      // Exactly once: the next event on each stream is the next notification, not the first one again. Each
      // stream hears of one of them from the other server: the database hands a server its announcements in
      // the order they were made, so a second copy of the first would come before it.
      const fromSecond = await notifyClerk(second, "MV Pioneer departed Cebu");
      expect(received(await onFirst.next())).toEqual(expected(fromSecond, "MV Pioneer departed Cebu"));
      expect(received(await onSecond.next())).toEqual(expected(fromSecond, "MV Pioneer departed Cebu"));
      const fromFirst = await notifyClerk(first, "MV Pioneer arrived at Manila");
      expect(received(await onSecond.next())).toEqual(expected(fromFirst, "MV Pioneer arrived at Manila"));
      expect(received(await onFirst.next())).toEqual(expected(fromFirst, "MV Pioneer arrived at Manila"));
    });

    it("carries a notification to a whole role past the 8000 bytes of one announcement", async () => {
      // 600 recipients with long user ids: their ids take nearly 30 kB, so the announcement goes in pieces.
      const crew = await createRole(handle.db, ["VOYAGE"], "MS_CREW");
      const name = (i: number) => `ms-crew-member-with-a-long-user-id-${String(i).padStart(3, "0")}`;
      await secondDb.insert(schema.users).values(Array.from({ length: 598 }, (_, i) => ({
        userId: name(i + 1), name: `Crew ${i + 1}`, email: `crew${i + 1}@example.test`, roleId: crew.id,
      })));
      await createUser(handle.db, { userId: name(0), password: PASSWORD, roleKey: crew.id });
      await createUser(handle.db, { userId: name(599), password: PASSWORD, roleKey: crew.id });
      const firstOfCrew = await open(second, await signIn(second, name(0), PASSWORD));
      const lastOfCrew = await open(second, await signIn(second, name(599), PASSWORD));

      const res = await first.call("POST", "/api/Notifications/CreateWebPush", {
        token: tokens.admin,
        body: { title: "Vessel Updates", message: "MV Pioneer is delayed a day", roleId: "MS_CREW" },
      });
      expect(res.status).toBe(201);
      expect((await res.json()).data.recipients).toBe(600);
      for (const [stream, userId] of [[firstOfCrew, name(0)], [lastOfCrew, name(599)]] as const) {
        const event = await stream.next();
        expect({ event: event.event, message: event.data.message, userId: event.data.userId })
          .toEqual({ event: "notification", message: "MV Pioneer is delayed a day", userId });
      }
    });

    /** A sign-in try through `t` from its own client address, so only the account's count can refuse it. */
    let address = 1;
    const tryPassword = (t: TestApp, userId: string, password: string, from = `198.51.100.${address++}`) =>
      t.call("POST", "/api/users/authenticate", { body: { userId, password }, headers: { "x-forwarded-for": from } });

    it("locks an account after 10 failed sign-ins spread over both servers, and refuses the 11th on either", async () => {
      await createUser(handle.db, { userId: "ms-target", password: PASSWORD, menus: ["OUTBOUND"] });
      for (let i = 0; i < 10; i++) {
        const res = await tryPassword(i % 2 === 0 ? first : second, "ms-target", `wrong-password-${i}`);
        expect(res.status).toBe(401);
        expect((await res.json()).message).toBe(WRONG_CREDENTIALS);
      }
      // The count lives in the database, where both servers read and write it.
      const [guard] = await handle.db.select().from(schema.signInGuards).where(eq(schema.signInGuards.accountKey, "ms-target"));
      expect(guard.failures).toBe(10);
      expect(guard.lockedUntil).not.toBeNull();

      for (const t of [first, second]) {
        const res = await tryPassword(t, "ms-target", PASSWORD);
        expect(res.status).toBe(429);
        expect((await res.json()).message).toBe(LOCKED_MESSAGE);
      }
    });

    it("blocks an address after its failed sign-ins spread over both servers reach the limit", async () => {
      // The limit per address is 30 in 15 minutes; 4 here keeps the test short, the counting is the same.
      const strictFirst = makeTestApp(handle.db, { signInAddressAttempts: 4 });
      const strictSecond = makeTestApp(secondDb, { signInAddressAttempts: 4 });
      const from = "203.0.113.77";
      for (let i = 0; i < 4; i++) {
        const res = await tryPassword(i % 2 === 0 ? strictFirst : strictSecond, `ms-sprayed-${i}`, "Summer2026!", from);
        expect(res.status).toBe(401);
      }
      const blocking = await tryPassword(strictFirst, "ms-sprayed-next", "Summer2026!", from);
      expect(blocking.status).toBe(429);
      expect(blocking.headers.get("retry-after")).toBe("900");
      expect((await blocking.json()).message).toBe("Too many failed sign-ins from your network. Try again in 15 minutes.");
      const blocked = await tryPassword(strictSecond, "ms-sprayed-other", "Summer2026!", from);
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).message).toBe("Too many failed sign-ins from your network. Try again in 15 minutes.");
    });
  },
);
