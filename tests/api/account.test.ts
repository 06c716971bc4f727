import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { accountTokens, auditLog, emailOutbox, users } from "../../db/schema/index.ts";
import { createRole, createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let admin: string;

const json = (res: Response) => res.json() as Promise<any>;
const ADMIN_PASSWORD = "quay-crane-operator-7";
const INVALID_LINK = "This link is invalid or has expired. Ask for a new one.";
const SETUP_DONE = "Congratulations! You successfully setup your account. You can now login.";
const ORIGIN = "https://lading.example.test";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db, { supportEmail: "helpdesk@lading.test" });
  await ensureBranch(handle.db, "MNL", "Manila");
  await createRole(handle.db, [], "CREW");
  await createUser(handle.db, { userId: "sysadmin", password: ADMIN_PASSWORD, menus: ["SYSTEMACCOUNT"] });
  admin = await signIn(t, "sysadmin", ADMIN_PASSWORD);
});
afterAll(() => handle?.close());

/** The administrator creates a user through the API, as the System Account screen does. */
async function adminCreates(userId: string) {
  const res = await t.call("POST", "/api/users/multipleInsert", {
    token: admin,
    headers: { origin: ORIGIN },
    body: [{ userId, name: `Crew ${userId}`, email: `${userId}@lading.test`, roleId: "CREW", branches: [], allCy: [] }],
  });
  expect(res.status).toBe(201);
  return (await json(res)).data[0];
}

const mailTo = (address: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.id));

/** The token of the newest link mailed to the user, read out of the message text as the user would click it. */
async function linkToken(userId: string, template: "setup" | "reset" = "setup"): Promise<string> {
  const messages = (await mailTo(`${userId}@lading.test`)).filter((m) => m.template === template);
  expect(messages.length).toBeGreaterThan(0);
  const text = messages[messages.length - 1].textBody;
  const match = new RegExp(`/account/setup/u/${userId}/([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1];
}

const setup = (userId: string, token: string, password: string) => t.call("POST", `/api/users/setup/${userId}`, { body: { token, password } });
const authenticate = (userId: string, password: string) => t.call("POST", "/api/users/authenticate", { body: { userId, password } });
const sessionStatus = async (token: string) => (await t.call("GET", "/api/users/session", { token })).status;

describe("account set-up", () => {
  it("runs from the administrator's create to the first sign-in, and the link works once", async () => {
    await adminCreates("deckhand");
    const [mail] = await mailTo("deckhand@lading.test");
    expect(mail.template).toBe("setup");
    expect(mail.subject).toBe("Set up your Lading account");
    // Without a configured public address the link uses the address the request came to, never the
    // client-supplied Origin header (a forged one must not redirect reset links elsewhere).
    expect(mail.textBody).toContain("http://localhost/account/setup/u/deckhand/");
    expect(mail.textBody).not.toContain(ORIGIN);
    expect(mail.textBody).toContain("72 hours");
    expect((await authenticate("deckhand", "anything-at-all")).status).toBe(401);

    const token = await linkToken("deckhand");
    const first = await setup("deckhand", token, "sea-breeze-at-dawn");
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ message: SETUP_DONE });

    const again = await setup("deckhand", token, "another-good-passphrase");
    expect(again.status).toBe(400);
    expect((await expectErrorBody(again)).message).toBe(INVALID_LINK);

    const signedIn = await authenticate("deckhand", "sea-breeze-at-dawn");
    expect(signedIn.status).toBe(200);
    expect((await authenticate("deckhand", "another-good-passphrase")).status).toBe(401);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "USER_PASSWORD_SET"), eq(auditLog.target, "user:deckhand")));
    expect(audit.detail).toEqual({ via: "SETUP" });
    const user = (await json(await t.call("GET", "/api/users/load?search=deckhand", { token: admin }))).data[0];
    expect(user.hasPassword).toBe(true);
  });

  it("refuses an expired link, a link of another user and a made-up token with one and the same answer", async () => {
    await adminCreates("latecomer");
    await adminCreates("neighbour");
    const token = await linkToken("latecomer");

    const wrongUser = await setup("neighbour", token, "sea-breeze-at-dawn");
    expect(wrongUser.status).toBe(400);
    const wrongBody = await expectErrorBody(wrongUser);
    expect(wrongBody.message).toBe(INVALID_LINK);

    const madeUp = await setup("latecomer", "A".repeat(43), "sea-breeze-at-dawn");
    expect(madeUp.status).toBe(400);
    expect(await expectErrorBody(madeUp)).toEqual(wrongBody);

    const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userId, "latecomer"));
    await handle.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(accountTokens.userKey, row.id));
    const expired = await setup("latecomer", token, "sea-breeze-at-dawn");
    expect(expired.status).toBe(400);
    expect(await expectErrorBody(expired)).toEqual(wrongBody);

    const [stored] = await handle.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, row.id));
    expect(stored.passwordHash).toBeNull();
    expect((await authenticate("latecomer", "sea-breeze-at-dawn")).status).toBe(401);
  });

  it("refuses common and short passwords and accepts a 64-character passphrase", async () => {
    await adminCreates("purser");
    const token = await linkToken("purser");
    for (const password of ["password123", "Qwertyuiop", "short", "purser12"]) {
      const res = await setup("purser", token, password);
      expect(res.status, password).toBe(400);
      expect((await expectErrorBody(res)).errors.password, password).toBeDefined();
    }
    const passphrase = "the tide comes in twice a day and the cranes never sleep at nite";
    expect(passphrase).toHaveLength(64);
    const ok = await setup("purser", token, passphrase);
    expect(ok.status).toBe(200);
    expect((await authenticate("purser", passphrase)).status).toBe(200);
  });

  it("points links at the configured public address when one is set", async () => {
    const configured = makeTestApp(handle.db, { publicUrl: "https://office.lading.test/" });
    const res = await configured.call("POST", "/api/users/multipleInsert", {
      token: admin,
      headers: { origin: "https://elsewhere.test" },
      body: [{ userId: "navigator", name: "Navigator", email: "navigator@lading.test", roleId: "CREW" }],
    });
    expect(res.status).toBe(201);
    const [mail] = await mailTo("navigator@lading.test");
    expect(mail.textBody).toContain("https://office.lading.test/account/setup/u/navigator/");
    expect(mail.textBody).not.toContain("elsewhere");
  });
});

describe("password reset", () => {
  it("answers an unknown user id exactly as a known one, and only the known one gets a message", async () => {
    await adminCreates("bosun");
    const token = await linkToken("bosun");
    expect((await setup("bosun", token, "rope-and-anchor-99")).status).toBe(200);
    const outboxBefore = (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

    const known = await t.call("POST", "/api/users/requestPasswordReset", { headers: { origin: ORIGIN }, body: { userId: "BOSUN" } });
    const unknown = await t.call("POST", "/api/users/requestPasswordReset", { headers: { origin: ORIGIN }, body: { userId: "no-such-sailor" } });
    expect(unknown.status).toBe(known.status);
    expect(known.status).toBe(200);
    const knownText = await known.text();
    expect(await unknown.text()).toBe(knownText);
    expect(JSON.parse(knownText)).toEqual({ message: "If that user id has an account with an email address, a reset link is on its way." });

    const outbox = await handle.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(outbox.length).toBe(outboxBefore + 1);
    const reset = outbox[outbox.length - 1];
    expect(reset).toMatchObject({ template: "reset", toAddress: "bosun@lading.test" });
    expect(reset.textBody).toContain("60 minutes");
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, "USER_RESET_REQUESTED"));
    expect(audits.map((a) => a.target)).toEqual(["user:bosun"]);
  });

  it("sets a new password through the reset link, and only the newest link works", async () => {
    const first = await t.call("POST", "/api/users/requestPasswordReset", { body: { userId: "bosun" } });
    expect(first.status).toBe(200);
    const older = await linkToken("bosun", "reset");
    await t.call("POST", "/api/users/requestPasswordReset", { body: { userId: "bosun" } });
    const newest = await linkToken("bosun", "reset");
    expect(newest).not.toBe(older);

    const stale = await setup("bosun", older, "fresh-wind-from-north");
    expect(stale.status).toBe(400);
    expect((await expectErrorBody(stale)).message).toBe(INVALID_LINK);

    const before = await signIn(t, "bosun", "rope-and-anchor-99");
    const res = await setup("bosun", newest, "fresh-wind-from-north");
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe(SETUP_DONE);
    expect(await sessionStatus(before)).toBe(401);
    expect((await authenticate("bosun", "rope-and-anchor-99")).status).toBe(401);
    expect((await authenticate("bosun", "fresh-wind-from-north")).status).toBe(200);
  });

  it("queues nothing for a deactivated user or one without email, but answers the same", async () => {
    await adminCreates("retired");
    const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userId, "retired"));
    await t.call("PUT", `/api/users/activation/${row.id}?isActive=false`, { token: admin });
    await createUser(handle.db, { userId: "mailless", password: "unused-password-1" });
    await handle.db.update(users).set({ email: "" }).where(eq(users.userId, "mailless"));
    const outboxBefore = (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    for (const userId of ["retired", "mailless"]) {
      const res = await t.call("POST", "/api/users/requestPasswordReset", { body: { userId } });
      expect(res.status).toBe(200);
      expect((await json(res)).message).toBe("If that user id has an account with an email address, a reset link is on its way.");
    }
    expect((await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(outboxBefore);
  });

  it("refuses a request without a user id", async () => {
    const res = await t.call("POST", "/api/users/requestPasswordReset", { body: {} });
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).errors.userId).toBeDefined();
  });
});

describe("changing your own password", () => {
  it("refuses a wrong current password, a weak or unchanged new one, and another user's id", async () => {
    await createUser(handle.db, { userId: "cook", password: "galley-stove-hot-1" });
    const token = await signIn(t, "cook", "galley-stove-hot-1");
    const wrong = await t.call("PUT", "/api/Users/changePassword/cook?oldPass=not-my-password&password=brand-new-galley-2", { token });
    expect(wrong.status).toBe(400);
    const wrongBody = await expectErrorBody(wrong);
    expect(wrongBody.message).toBe("The current password is not correct.");
    expect(wrongBody.errors.oldPass).toBeDefined();
    const weak = await t.call("PUT", "/api/Users/changePassword/cook?oldPass=galley-stove-hot-1&password=12345678", { token });
    expect(weak.status).toBe(400);
    expect((await expectErrorBody(weak)).errors.password).toBeDefined();
    const same = await t.call("PUT", "/api/Users/changePassword/cook?oldPass=galley-stove-hot-1&password=galley-stove-hot-1", { token });
    expect(same.status).toBe(400);
    expect((await expectErrorBody(same)).message).toContain("different");
    const other = await t.call("PUT", "/api/Users/changePassword/sysadmin?oldPass=galley-stove-hot-1&password=brand-new-galley-2", { token });
    expect(other.status).toBe(403);
    expect(await sessionStatus(token)).toBe(200);
    expect((await authenticate("cook", "galley-stove-hot-1")).status).toBe(200);
  });

  it("keeps this device signed in with the new token while older tokens stop working", async () => {
    await createUser(handle.db, { userId: "mate", password: "first-watch-on-deck" });
    const otherDevice = await signIn(t, "mate", "first-watch-on-deck");
    const thisDevice = await signIn(t, "mate", "first-watch-on-deck");
    const res = await t.call("PUT", "/api/users/CHANGEPASSWORD/mate?oldPass=first-watch-on-deck&password=second-watch-below", { token: thisDevice });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("User Change Password successfully");
    expect(typeof body.data.token).toBe("string");
    expect(res.headers.get("set-cookie")).toContain(`lading_session=${body.data.token}`);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);

    expect(await sessionStatus(body.data.token)).toBe(200);
    expect(await sessionStatus(thisDevice)).toBe(401);
    expect(await sessionStatus(otherDevice)).toBe(401);
    expect((await authenticate("mate", "first-watch-on-deck")).status).toBe(401);
    expect((await authenticate("mate", "second-watch-below")).status).toBe(200);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "USER_PASSWORD_CHANGED"), eq(auditLog.target, "user:mate")));
    expect(audit.actor).toBe("mate");
  });
});

describe("help and support", () => {
  it("queues the message to the support mailbox with who sent it", async () => {
    await createUser(handle.db, { userId: "stoker", password: "coal-and-steam-12" });
    const token = await signIn(t, "stoker", "coal-and-steam-12");
    const res = await t.call("POST", "/api/users/HelpSupport", { token, body: { subject: "Printer", message: "The waybill printer jams on page two." } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "Message successfully sent!" });
    const [mail] = await mailTo("helpdesk@lading.test");
    expect(mail.template).toBe("help");
    expect(mail.subject).toBe("Help and support: Printer");
    expect(mail.textBody).toContain("User stoker (stoker, stoker@example.test)");
    expect(mail.textBody).toContain("The waybill printer jams on page two.");
    expect(mail.requestedBy).toBe("stoker");
  });

  it("refuses an empty message and a caller who is not signed in", async () => {
    const token = await signIn(t, "stoker", "coal-and-steam-12");
    const before = (await mailTo("helpdesk@lading.test")).length;
    const empty = await t.call("POST", "/api/users/HelpSupport", { token, body: { message: "   " } });
    expect(empty.status).toBe(400);
    expect((await expectErrorBody(empty)).errors.message).toBeDefined();
    const anonymous = await t.call("POST", "/api/users/HelpSupport", { body: { message: "hello" } });
    expect(anonymous.status).toBe(401);
    expect((await mailTo("helpdesk@lading.test")).length).toBe(before);
  });
});

describe("what is stored", () => {
  it("keeps only hashes of link tokens and never a token or password in the audit log", async () => {
    const tokens = await handle.db.select().from(accountTokens);
    expect(tokens.length).toBeGreaterThan(3);
    const mails = await handle.db.select().from(emailOutbox).where(like(emailOutbox.textBody, "%/account/setup/u/%"));
    for (const mail of mails) {
      const token = /\/account\/setup\/u\/[^/]+\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1];
      expect(tokens.some((t) => t.tokenHash === token)).toBe(false);
    }
    const audits = JSON.stringify(await handle.db.select().from(auditLog));
    for (const mail of mails) expect(audits).not.toContain(/\/account\/setup\/u\/[^/]+\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]);
    expect(audits).not.toMatch(/sea-breeze|fresh-wind|second-watch|argon2/);
  });
});
