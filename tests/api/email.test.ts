import { createServer } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type OutboxSummary, RETRY_QUEUED_MESSAGE } from "../../api/modules/email/schemas.ts";
import { MAX_ATTEMPTS, type OutboxWorker, startOutboxWorker } from "../../api/modules/email/outbox-worker.ts";
import { createSmtpTransport, type MailTransport } from "../../api/modules/email/sender.ts";
import { queueEmail } from "../../api/modules/email/service.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, emailOutbox } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

interface Smtp {
  port: number;
  url: string;
  received: Received[];
  /** While set, every recipient is refused with this reply. */
  refuse: string | null;
  close(): Promise<void>;
}

const FROM = "Lading <no-reply@lading.test>";

/** A real SMTP server on 127.0.0.1 that keeps what it is given. */
async function startSmtp(options: { delayMs?: number; auth?: boolean } = {}): Promise<Smtp> {
  const state: Smtp = { port: 0, url: "", received: [], refuse: null, close: async () => {} };
  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      // A careless server that quotes what it was sent: the outbox must not keep the password it repeats.
      callback(new Error(`Authentication failed for ${auth.username} with ${auth.password}`));
    },
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        const err = new Error(state.refuse) as Error & { responseCode: number };
        err.responseCode = 450;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const finish = () => {
          state.received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  state.port = (server.server.address() as { port: number }).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The readable content of a raw message: quoted-printable soft breaks joined and escapes decoded. */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
}

let handle: DatabaseHandle;
let t: TestApp;
let adminToken: string;
let otherToken: string;
let smtp: Smtp;
const workers: OutboxWorker[] = [];
const transports: MailTransport[] = [];

function worker(transport: MailTransport | null): OutboxWorker {
  if (transport) transports.push(transport);
  // A long poll: the tests drain when they want to; queueEmail still wakes the sender.
  const w = startOutboxWorker(handle.db, { transport, from: FROM, intervalMs: 3_600_000 });
  workers.push(w);
  return w;
}

const smtpWorker = (url = smtp.url) => worker(createSmtpTransport(url));

async function row(id: number) {
  const [found] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found;
}

function queueGeneric(to: string, subject: string, message = "Your booking is confirmed.") {
  return queueEmail(handle.db, { to, template: "generic", data: { name: "Customer", subject, message }, requestedBy: "admin" });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await createUser(handle.db, { userId: "sysadmin", password: "sysadmin-pass-1", menus: ["SYSTEMACCOUNT"] });
  await createUser(handle.db, { userId: "clerk", password: "clerk-pass-1", menus: ["MASTERDATA"] });
  adminToken = await signIn(t, "sysadmin", "sysadmin-pass-1");
  otherToken = await signIn(t, "clerk", "clerk-pass-1");
  smtp = await startSmtp();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const transport of transports.splice(0)) transport.close?.();
  smtp.refuse = null;
  // Messages a test leaves behind must not be sent by the next test's sender.
  await handle.db.update(emailOutbox).set({ status: "SENT" }).where(inArray(emailOutbox.status, ["PENDING", "FAILED", "HELD", "SENDING"]));
});

afterAll(async () => {
  await smtp?.close();
  await handle?.close();
});

// deno-lint-ignore no-explicit-any
const json = (res: Response) => res.json() as Promise<any>;

describe("sending through SMTP", () => {
  it("delivers a queued set-up message with its recipient, subject and link, and marks it SENT", async () => {
    const link = "https://lading.example.com/account/setup/u/juan/0123456789abcdef0123456789abcdef";
    const { id } = await queueEmail(handle.db, {
      to: "juan@example.test",
      template: "setup",
      data: { name: "Juan Dela Cruz", userId: "juan", link, expiresHours: 48 },
      requestedBy: "sysadmin",
    });
    const before = smtp.received.length;
    await smtpWorker().drain();

    const got = smtp.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].rcptTo).toEqual(["juan@example.test"]);
    expect(got[0].mailFrom).toBe("no-reply@lading.test");
    expect(got[0].raw).toMatch(/^Subject: Set up your Lading account\r?$/m);
    expect(got[0].raw).toMatch(/^To: juan@example.test\r?$/m);
    const content = decoded(got[0].raw);
    expect(content).toContain("Hello Juan Dela Cruz,");
    expect(content).toContain(link);
    expect(content).toContain(`href="${link}"`);

    const sent = await row(id);
    expect(sent.status).toBe("SENT");
    expect(sent.attempts).toBe(1);
    expect(sent.lastError).toBeNull();
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("sends right after a message is queued, without waiting for the next poll", async () => {
    smtpWorker();
    const { id } = await queueGeneric("prompt@example.test", "Sent without waiting");
    const deadline = Date.now() + 10_000;
    while ((await row(id)).status !== "SENT" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await row(id)).status).toBe("SENT");
    expect(smtp.received.some((m) => m.rcptTo.includes("prompt@example.test"))).toBe(true);
  });

  it("records a refused message as FAILED, waits, and sends it on a later try", async () => {
    smtp.refuse = "Mailbox busy, try again later";
    const w = smtpWorker();
    const { id } = await queueGeneric("busy@example.test", "Retry me");
    await w.drain();

    const failed = await row(id);
    expect(failed.status).toBe("FAILED");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("Mailbox busy, try again later");
    const wait = failed.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(15_000);
    expect(wait).toBeLessThan(45_000);

    // Not due yet: another pass leaves it alone.
    smtp.refuse = null;
    await w.drain();
    expect((await row(id)).status).toBe("FAILED");
    expect(smtp.received.some((m) => m.rcptTo.includes("busy@example.test"))).toBe(false);

    await handle.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emailOutbox.id, id));
    await w.drain();
    const sent = await row(id);
    expect(sent.status).toBe("SENT");
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(smtp.received.filter((m) => m.rcptTo.includes("busy@example.test"))).toHaveLength(1);
  });

  it("records an unreachable server as FAILED with the reason", async () => {
    const port = await closedPort();
    const w = smtpWorker(`smtp://127.0.0.1:${port}`);
    const { id } = await queueGeneric("nobody-home@example.test", "Unreachable");
    await w.drain();
    const failed = await row(id);
    expect(failed.status).toBe("FAILED");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED|refused/i);
  });

  it("never records the SMTP password, even when the server repeats it", async () => {
    const strict = await startSmtp({ auth: true });
    try {
      const w = smtpWorker(`smtp://mailer:S3cret-pa55word@127.0.0.1:${strict.port}`);
      const { id } = await queueGeneric("secret@example.test", "Auth fails");
      await w.drain();
      const failed = await row(id);
      expect(failed.status).toBe("FAILED");
      expect(failed.lastError).toContain("Authentication failed for mailer");
      expect(failed.lastError).not.toContain("S3cret-pa55word");
    } finally {
      await strict.close();
    }
  });

  it("gives up after the last attempt (DEAD), and an administrator can send it again", async () => {
    smtp.refuse = "Still busy";
    const w = smtpWorker();
    const { id } = await queueGeneric("dead@example.test", "Last chance");
    await handle.db.update(emailOutbox).set({ status: "FAILED", attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, id));
    await w.drain();
    const dead = await row(id);
    expect(dead.status).toBe("DEAD");
    expect(dead.attempts).toBe(MAX_ATTEMPTS);
    expect(dead.lastError).toContain("Still busy");

    smtp.refuse = null;
    const res = await t.call("POST", `/api/email/outbox/retry/${id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(RETRY_QUEUED_MESSAGE);
    await w.drain();
    expect((await row(id)).status).toBe("SENT");
    expect(smtp.received.filter((m) => m.rcptTo.includes("dead@example.test"))).toHaveLength(1);
  });

  it("takes back a message whose sender stopped mid-send, but not one another sender is still sending", async () => {
    const abandoned = await queueGeneric("abandoned@example.test", "Abandoned");
    const inHand = await queueGeneric("in-hand@example.test", "In another sender's hands");
    await handle.db.update(emailOutbox).set({ status: "SENDING", attempts: 1, nextAttemptAt: new Date(Date.now() - 60_000) })
      .where(eq(emailOutbox.id, abandoned.id));
    await handle.db.update(emailOutbox).set({ status: "SENDING", attempts: 1, nextAttemptAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(emailOutbox.id, inHand.id));
    await smtpWorker().drain();
    const taken = await row(abandoned.id);
    expect(taken.status).toBe("SENT");
    expect(taken.attempts).toBe(2);
    expect((await row(inHand.id)).status).toBe("SENDING");
    expect(smtp.received.some((m) => m.rcptTo.includes("in-hand@example.test"))).toBe(false);
  });

  it("never sends a message twice when two senders drain at once", async () => {
    const slow = await startSmtp({ delayMs: 5 });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await queueGeneric(`many${i}@example.test`, `Batch ${i}`)).id);
      const a = smtpWorker(slow.url);
      const b = smtpWorker(slow.url);
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      const recipients = slow.received.flatMap((m) => m.rcptTo).filter((r) => r.startsWith("many"));
      expect(recipients).toHaveLength(30);
      expect(new Set(recipients).size).toBe(30);
      const rows = await handle.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
      expect(rows.every((r) => r.status === "SENT" && r.attempts === 1)).toBe(true);
    } finally {
      await slow.close();
    }
  });
});

describe("without SMTP", () => {
  it("holds messages for an administrator, and sends them once SMTP is configured", async () => {
    const { id } = await queueGeneric("held@example.test", "Held until SMTP");
    await worker(null).drain();
    const held = await row(id);
    expect(held.status).toBe("HELD");
    expect(held.attempts).toBe(0);

    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await smtpWorker().drain();
    expect((await row(id)).status).toBe("SENT");
    expect(smtp.received.filter((m) => m.rcptTo.includes("held@example.test"))).toHaveLength(1);
  });
});

describe("outbox routes", () => {
  it("lists newest first with paging, search and status filter", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await queueGeneric(`list${i}@outbox.test`, `Outbox listing ${i}`)).id);
    await handle.db.update(emailOutbox).set({ status: "HELD" }).where(inArray(emailOutbox.id, ids.slice(0, 5)));

    const page1 = await json(await t.call("GET", "/api/email/outbox?skip=0&take=20&search=outbox.test", { token: adminToken }));
    expect(page1.total).toBe(25);
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0]).toMatchObject({ id: ids[24], toAddress: "list24@outbox.test", subject: "Outbox listing 24", status: "PENDING", attempts: 0, requestedBy: "admin" });
    expect(page1.data[0].textBody).toBeUndefined();
    expect(page1.data[0].dateCreated).toMatch(/^\d{4}-\d\d-\d\dT/);
    const page2 = await json(await t.call("GET", "/api/email/outbox?skip=20&take=20&search=outbox.test", { token: adminToken }));
    expect(page2.data.map((m: OutboxSummary) => m.id)).toEqual(ids.slice(0, 5).reverse());

    const bySubject = await json(await t.call("GET", "/api/email/outbox?search=LISTING%2017", { token: adminToken }));
    expect(bySubject.data.map((m: OutboxSummary) => m.id)).toEqual([ids[17]]);
    const held = await json(await t.call("GET", "/api/email/outbox?status=HELD&search=outbox.test&take=50", { token: adminToken }));
    expect(held.total).toBe(5);
    expect(held.data.every((m: OutboxSummary) => m.status === "HELD")).toBe(true);
    const all = await json(await t.call("GET", "/api/email/outbox?status=&search=outbox.test", { token: adminToken }));
    expect(all.total).toBe(25);

    const empty = await json(await t.call("GET", "/api/email/outbox?search=no-such-recipient", { token: adminToken }));
    expect(empty).toEqual({ data: [], total: 0, message: "No more data to load" });
    const literal = await json(await t.call("GET", "/api/email/outbox?search=%25", { token: adminToken }));
    expect(literal.total).toBe(0);
  });

  it("refuses a bad status or page size", async () => {
    const badStatus = await t.call("GET", "/api/email/outbox?status=LOST", { token: adminToken });
    expect(badStatus.status).toBe(400);
    expect((await expectErrorBody(badStatus)).errors.status[0]).toContain("status must be one of");
    const badTake = await t.call("GET", "/api/email/outbox?take=0", { token: adminToken });
    expect(badTake.status).toBe(400);
  });

  it("shows one message with its text and HTML bodies", async () => {
    const link = "https://lading.example.com/resetPassword?token=abcdef";
    const { id } = await queueEmail(handle.db, { to: "reader@example.test", template: "reset", data: { name: "Rea", userId: "rea", link, expiresMinutes: 30 } });
    const res = await t.call("GET", `/api/email/outbox/${id}`, { token: adminToken });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ id, toAddress: "reader@example.test", subject: "Reset your Lading password", status: "PENDING", template: "reset" });
    expect(data.textBody).toContain(link);
    expect(data.htmlBody).toContain(`href="${link}"`);

    expect((await t.call("GET", "/api/email/outbox/999999", { token: adminToken })).status).toBe(404);
    expect((await t.call("GET", "/api/email/outbox/abc", { token: adminToken })).status).toBe(400);
  });

  it("queues a FAILED or HELD message again, and refuses one that was sent or does not exist", async () => {
    const failed = await queueGeneric("retry-failed@example.test", "Retry failed");
    const held = await queueGeneric("retry-held@example.test", "Retry held");
    const sent = await queueGeneric("retry-sent@example.test", "Already sent");
    const later = new Date(Date.now() + 3_600_000);
    await handle.db.update(emailOutbox).set({ status: "FAILED", attempts: 2, lastError: "busy", nextAttemptAt: later }).where(eq(emailOutbox.id, failed.id));
    await handle.db.update(emailOutbox).set({ status: "HELD" }).where(eq(emailOutbox.id, held.id));
    await handle.db.update(emailOutbox).set({ status: "SENT", attempts: 1, sentAt: new Date() }).where(eq(emailOutbox.id, sent.id));

    const res = await t.call("POST", `/api/email/outbox/retry/${failed.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Message queued for another try");
    expect(body.data).toMatchObject({ id: failed.id, status: "PENDING", attempts: 2 });
    const due = await row(failed.id);
    expect(due.status).toBe("PENDING");
    expect(due.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `email:${failed.id}`));
    expect(audit.map((a) => a.action)).toEqual(["EMAIL_RETRIED"]);

    const heldRes = await t.call("POST", `/api/email/outbox/retry/${held.id}`, { token: adminToken });
    expect(heldRes.status).toBe(200);
    expect((await row(held.id)).status).toBe("PENDING");

    const sentRes = await t.call("POST", `/api/email/outbox/retry/${sent.id}`, { token: adminToken });
    expect(sentRes.status).toBe(400);
    expect((await expectErrorBody(sentRes)).message).toContain("is SENT");
    expect((await row(sent.id)).status).toBe("SENT");

    expect((await t.call("POST", "/api/email/outbox/retry/999999", { token: adminToken })).status).toBe(404);
    expect((await t.call("POST", "/api/email/outbox/retry/0", { token: adminToken })).status).toBe(400);
  });

  it("answers only users whose role allows System Account", async () => {
    const { id } = await queueGeneric("private@example.test", "Not for everyone");
    await handle.db.update(emailOutbox).set({ status: "HELD" }).where(eq(emailOutbox.id, id));
    for (const [method, path] of [
      ["GET", "/api/email/outbox"],
      ["GET", `/api/email/outbox/${id}`],
      ["POST", `/api/email/outbox/retry/${id}`],
    ] as const) {
      const forbidden = await t.call(method, path, { token: otherToken });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      await expectErrorBody(forbidden);
      expect((await t.call(method, path)).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await row(id)).status).toBe("HELD");
  });
});

describe("configuration", () => {
  it("reads SMTP_URL, MAIL_FROM, SUPPORT_EMAIL and PUBLIC_URL, and stops on a mistyped value", async () => {
    const { loadConfig, loadMailSettings } = await import("../../api/settings.ts");
    expect(loadMailSettings({})).toEqual({ smtpUrl: null, from: "Lading <no-reply@lading.local>" });
    expect(loadMailSettings({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Ops <ops@example.com>" }))
      .toEqual({ smtpUrl: "smtps://u:p@mail.example.com:465", from: "Ops <ops@example.com>" });
    expect(() => loadMailSettings({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL/);
    expect(() => loadMailSettings({ SMTP_URL: "https://mail.example.com" })).toThrow("SMTP_URL must start with smtp:// or smtps://");
    expect(() => loadMailSettings({ MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM must be an email address/);

    const config = loadConfig({ JWT_SECRET: "x".repeat(40), SUPPORT_EMAIL: "help@example.com", PUBLIC_URL: "https://lading.example.com/" });
    expect(config.supportEmail).toBe("help@example.com");
    expect(config.publicUrl).toBe("https://lading.example.com");
    expect(() => loadConfig({ JWT_SECRET: "x".repeat(40), PUBLIC_URL: "lading.example.com" })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ JWT_SECRET: "x".repeat(40) }).publicUrl).toBeNull();
  });
});
