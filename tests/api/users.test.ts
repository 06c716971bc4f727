import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { accountTokens, auditLog, branches, containerYards, emailOutbox, roles, userBranches, users } from "../../db/schema/index.ts";
import { createRole, createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let admin: string;
let adminKey: number;
let plain: string;
let plainKey: number;
let mnl: number;
let ceb: number;
let dvo: number;
let closed: number;

const json = (res: Response) => res.json() as Promise<any>;
const PASSWORD = "harbour-lights-42";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  mnl = (await ensureBranch(db, "MNL", "Manila")).id;
  ceb = (await ensureBranch(db, "CEB", "Cebu")).id;
  dvo = (await ensureBranch(db, "DVO", "Davao")).id;
  closed = (await ensureBranch(db, "OLD", "Old branch")).id;
  await db.update(branches).set({ isActive: false }).where(eq(branches.id, closed));
  await db.insert(containerYards).values([
    { code: "CY1", name: "North Harbor Yard", branchCode: "MNL" },
    { code: "CY2", name: "Pier 4 Yard", branchCode: "MNL" },
    { code: "CY3", name: "Mactan Yard", branchCode: "CEB" },
    { code: "CYX", name: "Closed Yard", branchCode: "CEB", isActive: false },
  ]);
  await createRole(db, [], "OPS");
  await createRole(db, ["MASTERDATA"], "SALES");
  const dat = await createRole(db, [], "DAT");
  await db.update(roles).set({ isDat: true }).where(eq(roles.id, dat.id));
  const gone = await createRole(db, [], "GONE");
  await db.update(roles).set({ isActive: false }).where(eq(roles.id, gone.id));

  adminKey = (await createUser(db, { userId: "sysadmin", password: PASSWORD, menus: ["SYSTEMACCOUNT"] })).id;
  admin = await signIn(t, "sysadmin", PASSWORD);
  plainKey = (await createUser(db, { userId: "clerk", password: PASSWORD, menus: ["MASTERDATA"] })).id;
  plain = await signIn(t, "clerk", PASSWORD);
});
afterAll(() => handle?.close());

function userBody(userId: string, extra: Record<string, unknown> = {}) {
  return {
    userId,
    name: `Name of ${userId}`,
    email: `${userId.toLowerCase()}@lading.test`,
    roleId: "OPS",
    branches: [{ id: mnl, defaultBranch: true }, { id: ceb, defaultBranch: false }],
    allCy: ["CY1", "CY2"],
    userCy: "CY1",
    ...extra,
  };
}

async function create(userId: string, extra: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/api/users/multipleInsert", { token: admin, body: [userBody(userId, extra)] });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data[0];
}

/** A user made through the API, given a password by the administrator, and signed in. */
async function createSignedIn(userId: string, extra: Record<string, unknown> = {}) {
  const user = await create(userId, extra);
  const res = await t.call("PUT", `/api/Users/ChangePasswordAdmin/${userId}?password=${PASSWORD}`, { token: admin });
  expect(res.status).toBe(200);
  const token = await signIn(t, userId, PASSWORD);
  // The password change moved dateModified; later edits start from the record as it is now.
  return { user: await read(user.id), token };
}

const read = async (id: number) => (await json(await t.call("GET", `/api/users/${id}`, { token: admin }))).data;
const sessionStatus = async (token: string) => (await t.call("GET", "/api/users/session", { token })).status;
const audits = (action: string, target: string) =>
  handle.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target))).orderBy(asc(auditLog.id));
const userCount = async () => (await handle.db.select({ id: users.id }).from(users)).length;

describe("GET /users/load", () => {
  it("pages, searches on user id, name, email and role name, and filters by active state", async () => {
    for (let i = 0; i < 3; i++) await create(`pager${i}`, { roleId: "SALES", name: `Pager Person ${i}` });
    const page = await json(await t.call("GET", "/api/users/load?skip=0&take=2&search=pager", { token: admin }));
    expect(page.total).toBe(3);
    expect(page.data.map((u: any) => u.userId)).toEqual(["pager0", "pager1"]);
    const rest = await json(await t.call("GET", "/api/users/load?skip=2&take=2&search=PAGER", { token: admin }));
    expect(rest.data.map((u: any) => u.userId)).toEqual(["pager2"]);
    const byRole = await json(await t.call("GET", "/api/users/load?take=50&search=Role%20SALES", { token: admin }));
    expect(byRole.data.map((u: any) => u.userId)).toEqual(["pager0", "pager1", "pager2"]);
    const byEmail = await json(await t.call("GET", "/api/users/load?search=pager1%40lading", { token: admin }));
    expect(byEmail.data.map((u: any) => u.userId)).toEqual(["pager1"]);
    expect(byEmail.data[0]).not.toHaveProperty("passwordHash");
    expect(byEmail.data[0].branches).toHaveLength(2);

    const off = await t.call("PUT", `/api/users/activation/${page.data[0].id}?isActive=false`, { token: admin });
    expect(off.status).toBe(200);
    const inactive = await json(await t.call("GET", "/api/users/load?filter=IsInactive&search=pager", { token: admin }));
    expect(inactive.data.map((u: any) => u.userId)).toEqual(["pager0"]);
    const active = await json(await t.call("GET", "/api/users/load?filter=IsActive&search=pager", { token: admin }));
    expect(active.data.map((u: any) => u.userId)).toEqual(["pager1", "pager2"]);
    const all = await json(await t.call("GET", "/api/users/load?filter=All&search=pager", { token: admin }));
    expect(all.total).toBe(3);
  });

  it("answers an empty page with the notice", async () => {
    const empty = await json(await t.call("GET", "/api/users/load?skip=0&take=20&search=nobody-by-this-name", { token: admin }));
    expect(empty).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("refuses a bad filter or take, and a role without System Account", async () => {
    const bad = await t.call("GET", "/api/users/load?filter=Sometimes", { token: admin });
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.filter).toBeDefined();
    const big = await t.call("GET", "/api/users/load?take=5000", { token: admin });
    expect(big.status).toBe(400);
    const denied = await t.call("GET", "/api/users/load", { token: plain });
    expect(denied.status).toBe(403);
    await expectErrorBody(denied);
  });
});

describe("GET /users/{id}", () => {
  it("answers yourself, or anyone to System Account, and refuses others", async () => {
    const own = await t.call("GET", `/api/users/${plainKey}`, { token: plain });
    expect(own.status).toBe(200);
    const body = await json(own);
    expect(body.data).toMatchObject({ id: plainKey, userId: "clerk", isActive: true, hasPassword: true });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);
    const other = await t.call("GET", `/api/users/${adminKey}`, { token: plain });
    expect(other.status).toBe(403);
    await expectErrorBody(other);
    expect((await t.call("GET", `/api/USERS/${plainKey}`, { token: admin })).status).toBe(200);
  });

  it("answers 404 for an unknown id and 400 for a non-number", async () => {
    const missing = await t.call("GET", "/api/users/987654", { token: admin });
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(missing)).message).toBe("User not found.");
    expect((await t.call("GET", "/api/users/abc", { token: admin })).status).toBe(400);
  });
});

describe("POST /users/multipleInsert", () => {
  it("creates a user without a password, with branches, CYs and the role's isDat, and queues the set-up email", async () => {
    const res = await t.call("POST", "/api/users/multipleInsert", {
      token: admin,
      body: [userBody("newhire", { roleId: "dat", allCy: ["cy1", "CY3"], userCy: "cy1" })],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("User added successfully");
    const user = body.data[0];
    expect(user).toMatchObject({
      userId: "newhire", name: "Name of newhire", email: "newhire@lading.test", roleId: "DAT", isDat: true,
      isActive: true, hasPassword: false, darkMode: false, userCy: "CY1", userCyName: "North Harbor Yard", userCreated: "sysadmin",
    });
    expect(user.branches).toEqual([
      { id: ceb, branchCode: "CEB", branchName: "Cebu", defaultBranch: false },
      { id: mnl, branchCode: "MNL", branchName: "Manila", defaultBranch: true },
    ]);
    expect(user.allCy).toEqual([{ code: "CY3", name: "Mactan Yard" }, { code: "CY1", name: "North Harbor Yard" }]);
    const [stored] = await handle.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(stored.passwordHash).toBeNull();
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "newhire@lading.test"));
    expect(mail).toHaveLength(1);
    expect(mail[0].template).toBe("setup");
    expect(mail[0].textBody).toMatch(/\/account\/setup\/u\/newhire\/[A-Za-z0-9_-]{43}/);
    const tokens = await handle.db.select().from(accountTokens).where(eq(accountTokens.userKey, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0].purpose).toBe("SETUP");
    expect(tokens[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail[0].textBody).not.toContain(tokens[0].tokenHash);
    const [audit] = await audits("USER_CREATED", "user:newhire");
    expect(audit.actor).toBe("sysadmin");
    expect(JSON.stringify(audit.detail)).not.toMatch(/token|password/i);
  });

  it("refuses a user id that exists in another letter case, and creates none of the batch", async () => {
    await create("Dupe.One");
    const before = await userCount();
    const res = await t.call("POST", "/api/users/multipleInsert", { token: admin, body: [userBody("fresh-one"), userBody("DUPE.one")] });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe("User id DUPE.one already exists.");
    expect(await userCount()).toBe(before);
    const listed = await json(await t.call("GET", "/api/users/load?search=fresh-one", { token: admin }));
    expect(listed.total).toBe(0);
  });

  it("names the field of an unknown role, branch or CY, refuses deactivated ones, and writes nothing", async () => {
    const before = await userCount();
    const outboxBefore = (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ roleId: "NOPE" }, "roleId", /Role NOPE does not exist/],
      [{ roleId: "GONE" }, "roleId", /deactivated/],
      [{ branches: [{ id: 999999, defaultBranch: true }] }, "branches", /999999 does not exist/],
      [{ branches: [{ id: closed, defaultBranch: true }] }, "branches", /OLD is deactivated/],
      [{ allCy: ["CY1", "NOCY"], userCy: "CY1" }, "allCy", /NOCY does not exist/],
      [{ allCy: ["CYX"], userCy: null }, "allCy", /CYX is deactivated/],
      [{ allCy: ["CY1"], userCy: "CY2" }, "userCy", /allCy/],
      [{ branches: [{ id: mnl, defaultBranch: true }, { id: ceb, defaultBranch: true }] }, "branches", /Exactly one branch/],
      [{ branches: [{ id: mnl, defaultBranch: false }] }, "branches", /Exactly one branch/],
      [{ email: "not-an-address" }, "email", /valid address/],
      [{ userId: "a b" }, "userId", /may contain only/],
    ];
    for (const [extra, field, text] of cases) {
      const res = await t.call("POST", "/api/users/multipleInsert", { token: admin, body: [userBody("badinput", extra)] });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      const body = await expectErrorBody(res);
      // Checks of the list's shape name the item (0.email); checks against the database name the field.
      const detail = body.errors[field] ?? body.errors[`0.${field}`];
      expect(detail, JSON.stringify(body)).toBeDefined();
      expect(detail.join(" ")).toMatch(text);
    }
    expect(await userCount()).toBe(before);
    expect((await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(outboxBefore);
  });

  it("refuses a role without System Account and an empty list", async () => {
    const denied = await t.call("POST", "/api/users/multipleInsert", { token: plain, body: [userBody("sneaky")] });
    expect(denied.status).toBe(403);
    const empty = await t.call("POST", "/api/users/multipleInsert", { token: admin, body: [] });
    expect(empty.status).toBe(400);
    expect((await expectErrorBody(empty)).errors[""][0]).toContain("at least one user");
    expect((await json(await t.call("GET", "/api/users/load?search=sneaky", { token: admin }))).total).toBe(0);
  });
});

describe("PUT /users/update/{id}", () => {
  it("replaces fields, branches and CYs, signs the user out and audits a role change", async () => {
    const { user, token } = await createSignedIn("mover");
    expect(await sessionStatus(token)).toBe(200);
    const res = await t.call("PUT", `/api/users/update/${user.id}`, {
      token: admin,
      body: { ...userBody("mover", { roleId: "SALES", name: "Moved Person", branches: [{ id: dvo, defaultBranch: true }], allCy: ["CY3"], userCy: "CY3" }), dateModified: user.dateModified },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("User updated successfully");
    expect(body.data).toMatchObject({ name: "Moved Person", roleId: "SALES", userCy: "CY3", userModified: "sysadmin" });
    expect(body.data.branches).toEqual([{ id: dvo, branchCode: "DVO", branchName: "Davao", defaultBranch: true }]);
    expect(body.data.allCy).toEqual([{ code: "CY3", name: "Mactan Yard" }]);
    expect(await sessionStatus(token)).toBe(401);
    const [change] = await audits("USER_ROLE_CHANGED", "user:mover");
    expect(change.detail).toEqual({ from: "OPS", to: "SALES" });
    expect(change.actor).toBe("sysadmin");
    expect(await audits("USER_UPDATED", "user:mover")).toHaveLength(1);
  });

  it("signs the user out on any administrative update, role change or not", async () => {
    const { user, token } = await createSignedIn("renamed");
    const res = await t.call("PUT", `/api/users/update/${user.id}`, { token: admin, body: { ...userBody("renamed", { name: "Only The Name" }), dateModified: user.dateModified } });
    expect(res.status).toBe(200);
    expect(await sessionStatus(token)).toBe(401);
    expect(await audits("USER_ROLE_CHANGED", "user:renamed")).toHaveLength(0);
  });

  it("refuses a stale dateModified with 409 and keeps the newer save", async () => {
    const user = await create("stale1");
    const first = await t.call("PUT", `/api/users/update/${user.id}`, { token: admin, body: { ...userBody("stale1", { name: "First Save" }), dateModified: user.dateModified } });
    expect(first.status).toBe(200);
    const second = await t.call("PUT", `/api/users/update/${user.id}`, { token: admin, body: { ...userBody("stale1", { name: "Second Save", roleId: "SALES" }), dateModified: user.dateModified } });
    expect(second.status).toBe(409);
    expect((await expectErrorBody(second)).message).toContain("changed by someone else");
    const after = await read(user.id);
    expect(after).toMatchObject({ name: "First Save", roleId: "OPS" });
  });

  it("refuses bad input and changes nothing", async () => {
    const user = await create("steady");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ roleId: "NOPE" }, 400, "roleId"],
      [{ branches: [{ id: 999999, defaultBranch: true }] }, 400, "branches"],
      [{ allCy: ["ZZZ"], userCy: null }, 400, "allCy"],
      [{ userId: "DUPE.ONE" }, 409, "userId"],
    ];
    for (const [extra, status, field] of cases) {
      const res = await t.call("PUT", `/api/users/update/${user.id}`, { token: admin, body: { ...userBody("steady", extra), dateModified: user.dateModified } });
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect((await expectErrorBody(res)).errors[field]).toBeDefined();
    }
    const noDate = await t.call("PUT", `/api/users/update/${user.id}`, { token: admin, body: userBody("steady", { name: "No Date" }) });
    expect(noDate.status).toBe(400);
    expect((await expectErrorBody(noDate)).errors.dateModified).toBeDefined();
    expect(await read(user.id)).toEqual(user);
    const missing = await t.call("PUT", "/api/users/update/987654", { token: admin, body: { ...userBody("ghost"), dateModified: user.dateModified } });
    expect(missing.status).toBe(404);
  });

  it("lets a role without System Account change nothing", async () => {
    const user = await create("guarded");
    const res = await t.call("PUT", `/api/users/update/${user.id}`, { token: plain, body: { ...userBody("guarded", { name: "Hacked" }), dateModified: user.dateModified } });
    expect(res.status).toBe(403);
    expect((await read(user.id)).name).toBe("Name of guarded");
  });
});

describe("DELETE /users/delete", () => {
  it("deletes all or none, and never the caller", async () => {
    const a = await create("gone-a");
    const b = await create("gone-b");
    const partial = await t.call("DELETE", "/api/users/delete", { token: admin, body: [a.id, 987654] });
    expect(partial.status).toBe(404);
    await expectErrorBody(partial);
    expect((await t.call("GET", `/api/users/${a.id}`, { token: admin })).status).toBe(200);

    const self = await t.call("DELETE", "/api/users/delete", { token: admin, body: { ids: [b.id, adminKey] } });
    expect(self.status).toBe(400);
    expect((await expectErrorBody(self)).message).toContain("cannot delete your own account");
    expect((await t.call("GET", `/api/users/${b.id}`, { token: admin })).status).toBe(200);

    const denied = await t.call("DELETE", "/api/users/delete", { token: plain, body: [a.id] });
    expect(denied.status).toBe(403);

    const res = await t.call("DELETE", "/api/users/delete", { token: admin, body: { ids: [a.id, b.id] } });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe("User deleted successfully");
    expect((await t.call("GET", `/api/users/${a.id}`, { token: admin })).status).toBe(404);
    expect((await t.call("GET", `/api/users/${b.id}`, { token: admin })).status).toBe(404);
    expect(await audits("USER_DELETED", "user:gone-a")).toHaveLength(1);
  });

  it("refuses an empty list", async () => {
    const res = await t.call("DELETE", "/api/users/delete", { token: admin, body: [] });
    expect(res.status).toBe(400);
    await expectErrorBody(res);
  });
});

describe("PUT /users/activation/{id}", () => {
  it("deactivates (signing the user out) and activates with the notices", async () => {
    const { user, token } = await createSignedIn("sleeper");
    const off = await t.call("PUT", `/api/users/activation/${user.id}?isActive=false`, { token: admin });
    expect(off.status).toBe(200);
    const offBody = await json(off);
    expect(offBody.message).toBe("User deactivated successfully");
    expect(offBody.data.isActive).toBe(false);
    expect(await sessionStatus(token)).toBe(401);
    const refused = await t.call("POST", "/api/users/authenticate", { body: { userId: "sleeper", password: PASSWORD } });
    expect(refused.status).toBe(403);
    const on = await t.call("PUT", `/api/users/activation/${user.id}?isActive=true`, { token: admin });
    expect((await json(on)).message).toBe("User activated successfully");
    expect(await signIn(t, "sleeper", PASSWORD)).toBeTruthy();
    expect(await audits("USER_DEACTIVATED", "user:sleeper")).toHaveLength(1);
    expect(await audits("USER_ACTIVATED", "user:sleeper")).toHaveLength(1);
  });

  it("refuses deactivating yourself, a missing isActive, an unknown user and a plain role", async () => {
    const self = await t.call("PUT", `/api/users/activation/${adminKey}?isActive=false`, { token: admin });
    expect(self.status).toBe(400);
    expect((await expectErrorBody(self)).message).toBe("You cannot deactivate your own account.");
    expect(await sessionStatus(admin)).toBe(200);
    const user = await create("toggle");
    const noValue = await t.call("PUT", `/api/users/activation/${user.id}`, { token: admin });
    expect(noValue.status).toBe(400);
    expect((await expectErrorBody(noValue)).errors.isActive).toBeDefined();
    expect((await t.call("PUT", "/api/users/activation/987654?isActive=false", { token: admin })).status).toBe(404);
    expect((await t.call("PUT", `/api/users/activation/${user.id}?isActive=false`, { token: plain })).status).toBe(403);
    expect((await read(user.id)).isActive).toBe(true);
  });
});

describe("PUT /Users/ChangePasswordAdmin/{userId}", () => {
  it("sets the password and signs the user out everywhere", async () => {
    const { token } = await createSignedIn("forgetful");
    const res = await t.call("PUT", "/api/Users/ChangePasswordAdmin/FORGETFUL?password=brand-new-passphrase", { token: admin });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "User Change Password successfully" });
    expect(await sessionStatus(token)).toBe(401);
    const old = await t.call("POST", "/api/users/authenticate", { body: { userId: "forgetful", password: PASSWORD } });
    expect(old.status).toBe(401);
    expect(await signIn(t, "forgetful", "brand-new-passphrase")).toBeTruthy();
    const [audit] = await audits("USER_PASSWORD_RESET_BY_ADMIN", "user:forgetful");
    expect(audit.actor).toBe("sysadmin");
    expect(JSON.stringify(audit.detail ?? {})).not.toContain("brand-new");
  });

  it("refuses a weak password, an unknown user and a plain role", async () => {
    await createSignedIn("kept");
    for (const password of ["short", "password123", "kept1"]) {
      const res = await t.call("PUT", `/api/Users/ChangePasswordAdmin/kept?password=${password}`, { token: admin });
      expect(res.status, password).toBe(400);
      expect((await expectErrorBody(res)).errors.password).toBeDefined();
    }
    expect((await t.call("PUT", "/api/Users/ChangePasswordAdmin/no-such-user?password=brand-new-passphrase", { token: admin })).status).toBe(404);
    expect((await t.call("PUT", "/api/Users/ChangePasswordAdmin/kept?password=brand-new-passphrase", { token: plain })).status).toBe(403);
    expect(await signIn(t, "kept", PASSWORD)).toBeTruthy();
  });
});

describe("POST /Users/sendEmail/{id}", () => {
  it("queues a fresh set-up link and voids the older one", async () => {
    const user = await create("resend");
    const res = await t.call("POST", `/api/Users/sendEmail/${user.id}?template=setup`, { token: admin });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "Email was sent successfully" });
    const tokens = await handle.db.select().from(accountTokens).where(eq(accountTokens.userKey, user.id)).orderBy(asc(accountTokens.id));
    expect(tokens).toHaveLength(2);
    expect(tokens[0].usedAt).not.toBeNull();
    expect(tokens[1].usedAt).toBeNull();
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "resend@lading.test")).orderBy(asc(emailOutbox.id));
    expect(mail.map((m) => m.template)).toEqual(["setup", "setup"]);
    expect(mail[1].requestedBy).toBe("sysadmin");
  });

  it("queues a reset link and a generic message", async () => {
    const user = await create("mailee");
    const reset = await t.call("POST", `/api/users/SENDEMAIL/${user.id}?template=reset`, { token: admin });
    expect(reset.status).toBe(200);
    const generic = await t.call("POST", `/api/Users/sendEmail/${user.id}?template=generic`, {
      token: admin, body: { subject: "Yard closure", message: "North Harbor Yard closes at noon." },
    });
    expect(generic.status).toBe(200);
    const mail = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "mailee@lading.test")).orderBy(asc(emailOutbox.id));
    expect(mail.map((m) => m.template)).toEqual(["setup", "reset", "generic"]);
    expect(mail[2].subject).toBe("Yard closure");
    expect(mail[2].textBody).toContain("North Harbor Yard closes at noon.");
    expect((await audits("USER_EMAIL_SENT", "user:mailee")).map((a) => a.detail)).toEqual([{ template: "reset" }, { template: "generic" }]);
  });

  it("refuses a generic message without content, a user without email, an unknown template and a plain role", async () => {
    const user = await create("quiet");
    const outboxBefore = (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
    const noBody = await t.call("POST", `/api/Users/sendEmail/${user.id}?template=generic`, { token: admin });
    expect(noBody.status).toBe(400);
    const body = await expectErrorBody(noBody);
    expect(body.errors.subject).toBeDefined();
    expect(body.errors.message).toBeDefined();
    const noMessage = await t.call("POST", `/api/Users/sendEmail/${user.id}?template=generic`, { token: admin, body: { subject: "Only a subject" } });
    expect(noMessage.status).toBe(400);
    const template = await t.call("POST", `/api/Users/sendEmail/${user.id}?template=welcome`, { token: admin });
    expect(template.status).toBe(400);
    expect((await expectErrorBody(template)).errors.template).toBeDefined();
    expect((await t.call("POST", `/api/Users/sendEmail/${user.id}?template=setup`, { token: plain })).status).toBe(403);
    expect((await t.call("POST", "/api/Users/sendEmail/987654?template=setup", { token: admin })).status).toBe(404);
    await handle.db.update(users).set({ email: "" }).where(eq(users.id, user.id));
    const noEmail = await t.call("POST", `/api/Users/sendEmail/${user.id}?template=setup`, { token: admin });
    expect(noEmail.status).toBe(400);
    expect((await expectErrorBody(noEmail)).message).toContain("has no email address");
    expect((await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length).toBe(outboxBefore);
  });
});

describe("PUT /Users/updateUserCy/{id}", () => {
  it("sets one of the user's CYs without signing them out", async () => {
    const { user, token } = await createSignedIn("yardman");
    const res = await t.call("PUT", `/api/Users/updateUserCy/${user.id}`, { token, body: { userCy: "CY2", userModified: "yardman" } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("User CY Updated successfully");
    expect(body.data).toMatchObject({ id: user.id, userCy: "CY2", userCyName: "Pier 4 Yard" });
    expect(body.data.menus).toEqual([]);
    expect(await sessionStatus(token)).toBe(200);
    const after = await read(user.id);
    expect(after.userModified).toBe("yardman");
    expect(after.dateModified > user.dateModified).toBe(true);
    expect(await audits("USER_CY_CHANGED", "user:yardman")).toHaveLength(1);
  });

  it("refuses an empty CY with the screen's alert, a CY that is not theirs, and another user's record", async () => {
    const { user, token } = await createSignedIn("yardkeeper");
    for (const userCy of [null, "", "  "]) {
      const res = await t.call("PUT", `/api/Users/updateUserCy/${user.id}`, { token, body: { userCy } });
      expect(res.status).toBe(400);
      expect((await expectErrorBody(res)).message).toBe("Error: CY is Empty");
    }
    const missing = await t.call("PUT", `/api/Users/updateUserCy/${user.id}`, { token, body: {} });
    expect((await expectErrorBody(missing)).message).toBe("Error: CY is Empty");
    const foreign = await t.call("PUT", `/api/Users/updateUserCy/${user.id}`, { token, body: { userCy: "CY3" } });
    expect(foreign.status).toBe(400);
    expect((await expectErrorBody(foreign)).message).toContain("not one of the CYs assigned");
    const other = await t.call("PUT", `/api/Users/updateUserCy/${adminKey}`, { token, body: { userCy: "CY1" } });
    expect(other.status).toBe(403);
    expect((await read(user.id)).userCy).toBe("CY1");
  });

  it("lets System Account set another user's CY", async () => {
    const user = await create("yardtemp");
    const res = await t.call("PUT", `/api/Users/updateUserCy/${user.id}`, { token: admin, body: { userCy: "CY2" } });
    expect(res.status).toBe(200);
    expect((await read(user.id)).userCy).toBe("CY2");
  });
});

describe("PUT /Users/updateUserBranch/{id}", () => {
  const defaults = async (userKey: number) =>
    (await handle.db.select().from(userBranches).where(and(eq(userBranches.userKey, userKey), eq(userBranches.defaultBranch, true)))).map((b) => b.branchId);

  it("moves the single default to another of the user's branches, without signing them out", async () => {
    const { user, token } = await createSignedIn("brancher");
    const res = await t.call("PUT", `/api/Users/updateUserBranch/${user.id}`, { token, body: { id: ceb, defaultBranch: true } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("User Branch Updated successfully");
    expect(body.data.branches.filter((b: any) => b.defaultBranch).map((b: any) => b.branchCode)).toEqual(["CEB"]);
    expect(await defaults(user.id)).toEqual([ceb]);
    expect(await sessionStatus(token)).toBe(200);
    const [audit] = await audits("USER_BRANCH_CHANGED", "user:brancher");
    expect(audit.detail).toEqual({ from: "MNL", to: "CEB", added: false });
  });

  it("adds a new active branch as the default and keeps exactly one default", async () => {
    const { user, token } = await createSignedIn("newbranch");
    const res = await t.call("PUT", `/api/Users/updateUserBranch/${user.id}`, { token, body: { id: dvo } });
    expect(res.status).toBe(200);
    const branchesNow = (await json(res)).data.branches;
    expect(branchesNow.map((b: any) => [b.branchCode, b.defaultBranch])).toEqual([["CEB", false], ["DVO", true], ["MNL", false]]);
    expect(await defaults(user.id)).toEqual([dvo]);
  });

  it("refuses an unknown or missing id with the screen's text, a deactivated branch, and another user's record", async () => {
    const { user, token } = await createSignedIn("branchless");
    const unknown = await t.call("PUT", `/api/Users/updateUserBranch/${user.id}`, { token, body: { id: 987654, defaultBranch: true } });
    expect(unknown.status).toBe(400);
    expect((await expectErrorBody(unknown)).message).toBe("Error: ID not found! Please try to re-Login and try again.");
    const missing = await t.call("PUT", `/api/Users/updateUserBranch/${user.id}`, { token, body: { defaultBranch: true } });
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.id).toEqual(["Error: ID not found! Please try to re-Login and try again."]);
    const inactive = await t.call("PUT", `/api/Users/updateUserBranch/${user.id}`, { token, body: { id: closed, defaultBranch: true } });
    expect(inactive.status).toBe(400);
    expect((await expectErrorBody(inactive)).message).toContain("OLD is deactivated");
    const notDefault = await t.call("PUT", `/api/Users/updateUserBranch/${user.id}`, { token, body: { id: ceb, defaultBranch: false } });
    expect(notDefault.status).toBe(400);
    const other = await t.call("PUT", `/api/Users/updateUserBranch/${adminKey}`, { token, body: { id: ceb, defaultBranch: true } });
    expect(other.status).toBe(403);
    expect(await defaults(user.id)).toEqual([mnl]);
    expect((await read(user.id)).branches).toHaveLength(2);
  });
});

describe("PUT /Users/updateDarkMode/{id} and PUT /users/profile/{id}", () => {
  it("saves dark mode for yourself only", async () => {
    const { user, token } = await createSignedIn("nightowl");
    const res = await t.call("PUT", `/api/Users/updateDarkMode/${user.id}`, { token, body: { darkMode: true } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Dark mode saved");
    expect(body.data.darkMode).toBe(true);
    expect(await sessionStatus(token)).toBe(200);
    const other = await t.call("PUT", `/api/Users/updateDarkMode/${user.id}`, { token: admin, body: { darkMode: false } });
    expect(other.status).toBe(403);
    const bad = await t.call("PUT", `/api/Users/updateDarkMode/${user.id}`, { token, body: { darkMode: "dark" } });
    expect(bad.status).toBe(400);
    expect((await read(user.id)).darkMode).toBe(true);
  });

  it("edits your own name and email, refusing stale, invalid and foreign edits", async () => {
    const { user, token } = await createSignedIn("profiler");
    const res = await t.call("PUT", `/api/users/profile/${user.id}`, { token, body: { name: "Pro Filer", email: "pro@lading.test", dateModified: user.dateModified } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("User updated successfully");
    expect(body.data).toMatchObject({ name: "Pro Filer", email: "pro@lading.test" });
    expect(await sessionStatus(token)).toBe(200);
    const stale = await t.call("PUT", `/api/users/profile/${user.id}`, { token, body: { name: "Late", email: "late@lading.test", dateModified: user.dateModified } });
    expect(stale.status).toBe(409);
    await expectErrorBody(stale);
    const current = await read(user.id);
    const invalid = await t.call("PUT", `/api/users/profile/${user.id}`, { token, body: { name: "", email: "nope", dateModified: current.dateModified } });
    expect(invalid.status).toBe(400);
    const invalidBody = await expectErrorBody(invalid);
    expect(invalidBody.errors.name).toBeDefined();
    expect(invalidBody.errors.email).toBeDefined();
    const foreign = await t.call("PUT", `/api/users/profile/${user.id}`, { token: admin, body: { name: "Admin Edit", email: "x@lading.test", dateModified: current.dateModified } });
    expect(foreign.status).toBe(403);
    expect(await read(user.id)).toMatchObject({ name: "Pro Filer", email: "pro@lading.test", dateModified: current.dateModified });
  });
});

describe("the audit trail", () => {
  it("holds no password, hash or token in any detail", async () => {
    const rows = await handle.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(JSON.stringify(row.detail ?? {})).not.toMatch(/argon2|passphrase|harbour-lights|[0-9a-f]{64}/);
  });
});
