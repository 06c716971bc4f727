import { createECDH, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createServer, type Server } from "node:https";
import path from "node:path";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema/index.ts";
import { sendNotification } from "../../api/modules/notifications/service.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { REPO_ROOT } from "../support/repo.ts";

/**
 * Web Push against a push service of our own on the loopback: the server must post an encrypted, VAPID-signed
 * message to each subscribed browser of a recipient, and drop a subscription the service says is gone.
 */

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let pushService: Server;
let pushBase: string;
const received: { path: string; headers: IncomingMessage["headers"]; body: Buffer }[] = [];

/** A browser's subscription keys: a P-256 public key and a 16-byte secret, as a real PushSubscription has. */
const browserKeys = () => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url") };
};

beforeAll(async () => {
  handle = await openTestDatabase();
  // A push service of our own, with a certificate the server is told to trust (as for a company proxy).
  const fixtures = path.join(REPO_ROOT, "tests/fixtures/push");
  const cert = readFileSync(path.join(fixtures, "push-service.crt"), "utf8");
  pushService = createServer({ cert, key: readFileSync(path.join(fixtures, "push-service.key"), "utf8") }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      // The "gone" subscription answers as a push service does for an unsubscribed browser.
      res.writeHead(req.url?.includes("gone") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushBase = `https://127.0.0.1:${(pushService.address() as { port: number }).port}`;

  // Without VAPID keys the server has no desktop notifications to offer.
  const plain = makeTestApp(handle.db);
  await createUser(handle.db, { userId: "push-user", password: "push-password-1", menus: [] });
  const plainToken = await signIn(plain, "push-user", "push-password-1");
  const off = await plain.call("POST", "/api/Notifications/subscribeWebPush", {
    token: plainToken, body: { endpoint: `${pushBase}/push/a`, keys: browserKeys() },
  });
  expect(off.status).toBe(409);
  expect(((await plain.call("GET", "/api/Notifications/webPushKey", { token: plainToken })).json() as Promise<any>).then((b) => b.data.publicKey))
    .resolves.toBeNull();

  const keys = webpush.generateVAPIDKeys();
  t = makeTestApp(handle.db, { webPush: { ...keys, subject: "mailto:ops@lading.test", pushHosts: ["127.0.0.1"], pushCa: cert } });
  token = await signIn(t, "push-user", "push-password-1");
});
afterAll(async () => {
  await new Promise((resolve) => pushService?.close(resolve));
  await handle?.close();
});

const waitFor = async (count: number) => {
  const deadline = Date.now() + 5_000;
  while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
};

describe("Web Push", () => {
  it("hands out the public key and keeps a subscription to a known push service only", async () => {
    const key = await (await t.call("GET", "/api/Notifications/webPushKey", { token })).json() as { data: { publicKey: string } };
    expect(key.data.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    for (const endpoint of ["https://intranet.example/hook", pushBase.replace("https:", "http:") + "/push/plain"]) {
      const elsewhere = await t.call("POST", "/api/Notifications/subscribeWebPush", { token, body: { endpoint, keys: browserKeys() } });
      expect(elsewhere.status, endpoint).toBe(400);
      expect((await expectErrorBody(elsewhere)).message).toBe("That push endpoint is not one of a known push service.");
    }
    expect((await t.call("POST", "/api/Notifications/subscribeWebPush", { token, body: { endpoint: `${pushBase}/push/a` } })).status).toBe(400);
    for (const path of ["/push/desk", "/push/gone"]) {
      const ok = await t.call("POST", "/api/Notifications/subscribeWebPush", { token, body: { endpoint: `${pushBase}${path}`, keys: browserKeys() } });
      expect(ok.status).toBe(200);
    }
    expect(await handle.db.select().from(pushSubscriptions)).toHaveLength(2);
  });

  it("posts an encrypted, signed message to each of the recipient's browsers, and drops a gone one", async () => {
    await sendNotification(handle.db, { title: "Waiver", message: "WB-9 waits for you", url: "/waiver/draft", sender: "system", userIds: ["push-user"] });
    await waitFor(2);
    const desk = received.find((r) => r.path === "/push/desk")!;
    expect(desk.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(desk.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    expect(desk.headers.ttl).toBe(String(24 * 3600));
    // The payload is encrypted for the browser: the words are not readable on the way.
    expect(desk.body.length).toBeGreaterThan(0);
    expect(desk.body.toString("latin1")).not.toContain("WB-9");
    const deadline = Date.now() + 5_000;
    while ((await handle.db.select().from(pushSubscriptions)).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const left = await handle.db.select().from(pushSubscriptions);
    expect(left.map((s) => s.endpoint)).toEqual([`${pushBase}/push/desk`]);
  });

  it("forgets a subscription on request, and only its owner's", async () => {
    await createUser(handle.db, { userId: "push-other", password: "push-password-2", menus: [] });
    const other = await signIn(t, "push-other", "push-password-2");
    const foreign = await t.call("DELETE", "/api/Notifications/unsubscribeWebPush", { token: other, body: { endpoint: `${pushBase}/push/desk` } });
    expect(foreign.status).toBe(404);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, "push-user"))).toHaveLength(1);
    const res = await t.call("DELETE", "/api/Notifications/unsubscribeWebPush", { token, body: { endpoint: `${pushBase}/push/desk` } });
    expect(res.status).toBe(200);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, "push-user"))).toEqual([]);
  });
});
