import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, roleDetails, roles, users } from "../../db/schema/index.ts";
import { ADMIN_ROLE } from "../../db/seed/reference.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
/** A user of the seeded administrator role (every menu). */
let admin: string;
/** A user whose role has MASTERDATA only. */
let clerk: string;
let clerkRole: string;

const PASSWORD = "role-tests-password-1";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const [adminRole] = await handle.db.select().from(roles).where(eq(roles.roleId, ADMIN_ROLE.roleId));
  await createUser(handle.db, { userId: "roleadmin", password: PASSWORD, roleKey: adminRole.id });
  const clerkUser = await createUser(handle.db, { userId: "clerk", password: PASSWORD, menus: ["MASTERDATA"] });
  const [role] = await handle.db.select().from(roles).where(eq(roles.id, clerkUser.roleId));
  clerkRole = role.roleId;
  admin = await signIn(t, "roleadmin", PASSWORD);
  clerk = await signIn(t, "clerk", PASSWORD);
});
afterAll(() => handle?.close());

// deno-lint-ignore no-explicit-any
const json = (res: Response) => res.json() as Promise<any>;

type Detail = { menuId: string; isAllowed?: boolean };

async function addRole(roleId: string, roleDetails: Detail[] = [], extra: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/api/Roles", { token: admin, body: { roleId, roleName: `Role ${roleId}`, roleDetails, ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
}

async function roleByCode(code: string) {
  const [row] = await handle.db.select().from(roles).where(eq(roles.roleId, code));
  return row;
}

async function storedDetails(roleKey: number) {
  const rows = await handle.db.select({ type: roleDetails.type, menuId: roleDetails.menuId, isAllowed: roleDetails.isAllowed })
    .from(roleDetails).where(eq(roleDetails.roleId, roleKey)).orderBy(asc(roleDetails.menuId));
  return rows;
}

async function auditRows(action: string, target: string) {
  return await handle.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target))).orderBy(asc(auditLog.id));
}

async function countRoles() {
  return (await handle.db.select({ id: roles.id }).from(roles)).length;
}

function updateBody(role: { roleId: string; roleName: string; isDat: boolean; dateModified: string }, details: Detail[], extra: Record<string, unknown> = {}) {
  return { tblRoles: { roleId: role.roleId, roleName: role.roleName, isDat: role.isDat, dateModified: role.dateModified, ...extra }, tblRoleDetails: details };
}

describe("creating roles", () => {
  it("creates a role, derives each detail's type from its id, and writes an audit row", async () => {
    const res = await t.call("POST", "/api/Roles", {
      token: admin,
      body: { roleId: "OPS", roleName: "Operations", isDat: true, roleDetails: [{ menuId: "VOYAGE", isAllowed: true }, { menuId: "APPROVER" }, { menuId: "OUTBOUND", isAllowed: false }] },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Role added successfully");
    expect(body.data).toMatchObject({ roleId: "OPS", roleName: "Operations", isDat: true, isActive: true, userCreated: "roleadmin", userModified: "roleadmin", userCount: 0 });
    expect(body.data.roleDetails).toEqual([
      { type: "MENU", menuId: "VOYAGE", isAllowed: true },
      { type: "MENU", menuId: "OUTBOUND", isAllowed: false },
      { type: "CAPABILITY", menuId: "APPROVER", isAllowed: true },
    ]);
    expect(new Date(body.data.dateModified).toISOString()).toBe(body.data.dateModified);

    const got = await json(await t.call("GET", `/api/Roles/get/${body.data.id}`, { token: admin }));
    expect(got.data).toEqual(body.data);

    const [audit] = await auditRows("ROLE_CREATED", "role:OPS");
    expect(audit.actor).toBe("roleadmin");
    expect(audit.detail).toMatchObject({ roleName: "Operations", isDat: true, menus: ["VOYAGE"], capabilities: ["APPROVER"] });
  });

  it("refuses unknown menu ids, missing fields and a detail given twice, and saves nothing", async () => {
    const before = await countRoles();
    const unknown = await t.call("POST", "/api/Roles", { token: admin, body: { roleId: "BAD1", roleName: "Bad", roleDetails: [{ menuId: "NOPE" }] } });
    expect(unknown.status).toBe(400);
    const unknownBody = await expectErrorBody(unknown);
    expect(unknownBody.errors["roleDetails.0.menuId"][0]).toBe("Unknown menu or capability 'NOPE'");

    const missing = await t.call("POST", "/api/Roles", { token: admin, body: { roleId: "BAD2" } });
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.roleName[0]).toBe("roleName is required");

    const badCode = await t.call("POST", "/api/Roles", { token: admin, body: { roleId: "has space", roleName: "Bad" } });
    expect(badCode.status).toBe(400);
    expect((await expectErrorBody(badCode)).errors.roleId[0]).toContain("may contain only");

    const twice = await t.call("POST", "/api/Roles", { token: admin, body: { roleId: "BAD3", roleName: "Bad", roleDetails: [{ menuId: "VOYAGE" }, { menuId: "VOYAGE" }] } });
    expect(twice.status).toBe(400);
    const twiceBody = await expectErrorBody(twice);
    expect(twiceBody.message).toBe("VOYAGE is listed more than once in the role details.");
    expect(twiceBody.errors["roleDetails.1.menuId"]).toEqual(["VOYAGE is listed more than once"]);

    expect(await countRoles()).toBe(before);
    expect(await roleByCode("BAD3")).toBeUndefined();
  });

  it("refuses a code that exists, whatever its letter case", async () => {
    await addRole("DUPE", [{ menuId: "VOYAGE" }]);
    const res = await t.call("POST", "/api/Roles", { token: admin, body: { roleId: "dupe", roleName: "Again", roleDetails: [{ menuId: "INBOUND" }] } });
    expect(res.status).toBe(409);
    const body = await expectErrorBody(res);
    expect(body.message).toBe("Role code dupe already exists.");
    expect(await roleByCode("dupe")).toBeUndefined();
    const original = await roleByCode("DUPE");
    expect(original.roleName).toBe("Role DUPE");
    expect(await storedDetails(original.id)).toEqual([{ type: "MENU", menuId: "VOYAGE", isAllowed: true }]);
  });

  it("inserts several roles in one call", async () => {
    const res = await t.call("POST", "/api/Roles/multipleInsert", {
      token: admin,
      body: [
        { roleId: "MI1", roleName: "Multi one", roleDetails: [{ menuId: "HUSTLING" }] },
        { roleId: "MI2", roleName: "Multi two", isDat: true },
      ],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Role added successfully");
    expect(body.data.map((r: { roleId: string }) => r.roleId)).toEqual(["MI1", "MI2"]);
    expect(body.data[0].roleDetails).toEqual([{ type: "MENU", menuId: "HUSTLING", isAllowed: true }]);
    expect(body.data[1].isDat).toBe(true);
    expect(await auditRows("ROLE_CREATED", "role:MI2")).toHaveLength(1);
  });

  it("inserts all or none: one bad role keeps the others out", async () => {
    await addRole("MIX");
    const before = await countRoles();
    const clash = await t.call("POST", "/api/Roles/multipleInsert", {
      token: admin,
      body: [{ roleId: "MI3", roleName: "Fine" }, { roleId: "MIX", roleName: "Clash" }],
    });
    expect(clash.status).toBe(409);
    const clashBody = await expectErrorBody(clash);
    expect(clashBody.message).toBe("Role code MIX already exists.");
    expect(clashBody.errors["1.roleId"]).toEqual(["Role code MIX already exists"]);
    expect(await roleByCode("MI3")).toBeUndefined();
    expect(await auditRows("ROLE_CREATED", "role:MI3")).toHaveLength(0);

    const twice = await t.call("POST", "/api/Roles/multipleInsert", { token: admin, body: [{ roleId: "MI4", roleName: "A" }, { roleId: "mi4", roleName: "B" }] });
    expect(twice.status).toBe(400);
    expect((await expectErrorBody(twice)).errors["1.roleId"][0]).toContain("more than once");

    const unknown = await t.call("POST", "/api/Roles/multipleInsert", { token: admin, body: [{ roleId: "MI5", roleName: "A" }, { roleId: "MI6", roleName: "B", roleDetails: [{ menuId: "X" }] }] });
    expect(unknown.status).toBe(400);
    expect((await expectErrorBody(unknown)).errors["1.roleDetails.0.menuId"][0]).toBe("Unknown menu or capability 'X'");

    const empty = await t.call("POST", "/api/Roles/multipleInsert", { token: admin, body: [] });
    expect(empty.status).toBe(400);
    expect((await expectErrorBody(empty)).errors.body[0]).toBe("Send at least one role");

    const tooMany = Array.from({ length: 51 }, (_, i) => ({ roleId: `MANY${i}`, roleName: `Many ${i}` }));
    const big = await t.call("POST", "/api/Roles/multipleInsert", { token: admin, body: tooMany });
    expect(big.status).toBe(400);
    expect((await expectErrorBody(big)).errors.body[0]).toBe("At most 50 roles at once");
    expect(await countRoles()).toBe(before);
  });
});

describe("reading roles", () => {
  it("lists a page at a time with search, filter, user counts and the empty-page message", async () => {
    for (let i = 0; i < 5; i++) await addRole(`LST${i}`, [{ menuId: "VOYAGE" }], { roleName: `Listing ${i}` });
    const held = await roleByCode("LST1");
    await createUser(handle.db, { userId: "lst-user-a", password: PASSWORD, roleKey: held.id });
    await createUser(handle.db, { userId: "lst-user-b", password: PASSWORD, roleKey: held.id });

    const page1 = await json(await t.call("GET", "/api/Roles/load?skip=0&take=3&search=lst", { token: admin }));
    expect(page1.total).toBe(5);
    expect(page1.data.map((r: { roleId: string }) => r.roleId)).toEqual(["LST0", "LST1", "LST2"]);
    expect(page1.data[1].userCount).toBe(2);
    expect(page1.data[1].roleDetails).toEqual([{ type: "MENU", menuId: "VOYAGE", isAllowed: true }]);
    expect(page1.message).toBeUndefined();
    const page2 = await json(await t.call("GET", "/api/Roles/load?skip=3&take=3&search=LISTING", { token: admin }));
    expect(page2.data.map((r: { roleId: string }) => r.roleId)).toEqual(["LST3", "LST4"]);

    const lst4 = await roleByCode("LST4");
    expect((await t.call("PUT", `/api/Roles/activation/${lst4.id}?isActive=false`, { token: admin })).status).toBe(200);
    const active = await json(await t.call("GET", "/api/Roles/load?take=50&search=lst&filter=IsActive", { token: admin }));
    expect(active.total).toBe(4);
    const inactive = await json(await t.call("GET", "/api/Roles/load?take=50&search=lst&filter=IsInactive", { token: admin }));
    expect(inactive.data.map((r: { roleId: string }) => r.roleId)).toEqual(["LST4"]);
    const all = await json(await t.call("GET", "/api/Roles/load?take=50&search=lst&filter=All", { token: admin }));
    expect(all.total).toBe(5);

    const empty = await json(await t.call("GET", "/api/Roles/load?skip=0&take=20&search=no-such-role", { token: admin }));
    expect(empty).toEqual({ data: [], total: 0, message: "No more data to load" });
    const literal = await json(await t.call("GET", "/api/Roles/load?search=%25", { token: admin }));
    expect(literal.total).toBe(0);
    // Path words match without regard to letter case.
    const lower = await t.call("GET", "/api/roles/load?search=lst", { token: admin });
    expect((await json(lower)).total).toBe(5);
  });

  it("refuses bad list parameters", async () => {
    const filter = await t.call("GET", "/api/Roles/load?filter=Sometimes", { token: admin });
    expect(filter.status).toBe(400);
    expect((await expectErrorBody(filter)).message).toBe("Unknown filter 'Sometimes'. Use IsActive, IsInactive or All.");
    const take = await t.call("GET", "/api/Roles/load?take=0", { token: admin });
    expect(take.status).toBe(400);
    expect((await expectErrorBody(take)).errors.take[0]).toBe("take must be at least 1");
  });

  it("gets one role by id; an unknown id is 404 and a non-number 400", async () => {
    const missing = await t.call("GET", "/api/Roles/get/999999", { token: admin });
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(missing)).message).toBe("Role not found.");
    const bad = await t.call("GET", "/api/Roles/get/abc", { token: admin });
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.id[0]).toBe("id must be a number");
  });

  it("lists active roles to any signed-in user, for pickers", async () => {
    const off = await addRole("PICKOFF");
    await addRole("PICKON");
    await t.call("PUT", `/api/Roles/activation/${off.id}?isActive=false`, { token: admin });
    const res = await t.call("GET", "/api/Roles/getIsActive", { token: clerk });
    expect(res.status).toBe(200);
    const codes = (await json(res)).data.map((r: { roleId: string }) => r.roleId);
    expect(codes).toContain("PICKON");
    expect(codes).toContain(clerkRole);
    expect(codes).not.toContain("PICKOFF");
    const anonymous = await t.call("GET", "/api/Roles/getIsActive");
    expect(anonymous.status).toBe(401);
  });

  it("keeps role management from a user without System Account, and changes nothing", async () => {
    const role = await addRole("GUARDED", [{ menuId: "VOYAGE" }]);
    const before = await countRoles();
    const attempts: [string, string, unknown?][] = [
      ["GET", "/api/Roles/load"],
      ["GET", `/api/Roles/get/${role.id}`],
      ["POST", "/api/Roles", { roleId: "SNEAK", roleName: "Sneak" }],
      ["POST", "/api/Roles/multipleInsert", [{ roleId: "SNEAK2", roleName: "Sneak" }]],
      ["PUT", "/api/Roles/update/GUARDED", updateBody(role, [{ menuId: "SYSTEMACCOUNT" }])],
      ["DELETE", "/api/Roles/delete", [role.id]],
      ["PUT", `/api/Roles/activation/${role.id}?isActive=false`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.call(method, path, { token: clerk, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await expectErrorBody(res)).message).toBe("Your role does not have access to System Account.");
    }
    expect(await countRoles()).toBe(before);
    const after = await roleByCode("GUARDED");
    expect(after.isActive).toBe(true);
    expect(after.dateModified.toISOString()).toBe(role.dateModified);
    expect(await storedDetails(after.id)).toEqual([{ type: "MENU", menuId: "VOYAGE", isAllowed: true }]);
  });
});

describe("updating roles", () => {
  it("updates by code, replaces the details and records what changed", async () => {
    const role = await addRole("UPD", [{ menuId: "VOYAGE" }, { menuId: "OUTBOUND" }, { menuId: "APPROVER" }]);
    const res = await t.call("PUT", "/api/Roles/update/UPD", {
      token: admin,
      body: updateBody({ ...role, roleName: "Updated name", isDat: true }, [{ menuId: "VOYAGE" }, { menuId: "INBOUND" }, { menuId: "ENDORSER" }]),
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Role updated successfully");
    expect(body.data).toMatchObject({ id: role.id, roleId: "UPD", roleName: "Updated name", isDat: true, userModified: "roleadmin" });
    expect(body.data.roleDetails).toEqual([
      { type: "MENU", menuId: "VOYAGE", isAllowed: true },
      { type: "MENU", menuId: "INBOUND", isAllowed: true },
      { type: "CAPABILITY", menuId: "ENDORSER", isAllowed: true },
    ]);
    expect(body.data.dateModified).not.toBe(role.dateModified);
    expect(await storedDetails(role.id)).toEqual([
      { type: "CAPABILITY", menuId: "ENDORSER", isAllowed: true },
      { type: "MENU", menuId: "INBOUND", isAllowed: true },
      { type: "MENU", menuId: "VOYAGE", isAllowed: true },
    ]);
    const [audit] = await auditRows("ROLE_UPDATED", "role:UPD");
    expect(audit.actor).toBe("roleadmin");
    expect(audit.detail).toEqual({
      roleName: { from: "Role UPD", to: "Updated name" },
      isDat: { from: false, to: true },
      addedMenus: ["INBOUND"],
      removedMenus: ["OUTBOUND"],
      addedCapabilities: ["ENDORSER"],
      removedCapabilities: ["APPROVER"],
      sessionsEnded: 0,
    });
  });

  it("takes a numeric path value that is no code as the id, and can change the code", async () => {
    const role = await addRole("RENAME", [{ menuId: "WAIVER" }]);
    const res = await t.call("PUT", `/api/Roles/update/${role.id}`, { token: admin, body: updateBody({ ...role, roleId: "RENAMED" }, [{ menuId: "WAIVER" }]) });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.roleId).toBe("RENAMED");
    expect(await roleByCode("RENAME")).toBeUndefined();
    expect((await auditRows("ROLE_UPDATED", "role:RENAMED"))[0].detail).toMatchObject({ roleId: { from: "RENAME", to: "RENAMED" } });
  });

  it("refuses a stale dateModified and keeps the first save", async () => {
    const role = await addRole("STALE", [{ menuId: "VOYAGE" }]);
    const first = await t.call("PUT", "/api/Roles/update/STALE", { token: admin, body: updateBody({ ...role, roleName: "First save" }, [{ menuId: "INBOUND" }]) });
    expect(first.status).toBe(200);
    const second = await t.call("PUT", "/api/Roles/update/STALE", { token: admin, body: updateBody({ ...role, roleName: "Second save" }, [{ menuId: "CUSTOMER" }]) });
    expect(second.status).toBe(409);
    expect((await expectErrorBody(second)).message).toBe("This role was changed by someone else after you opened it. Reload it and try again.");
    const after = await roleByCode("STALE");
    expect(after.roleName).toBe("First save");
    expect(await storedDetails(after.id)).toEqual([{ type: "MENU", menuId: "INBOUND", isAllowed: true }]);
    expect(await auditRows("ROLE_UPDATED", "role:STALE")).toHaveLength(1);
  });

  it("refuses a code another role has, unknown details, bad bodies and unknown roles, and changes nothing", async () => {
    await addRole("TAKEN");
    const role = await addRole("MINE", [{ menuId: "VOYAGE" }]);
    const clash = await t.call("PUT", "/api/Roles/update/MINE", { token: admin, body: updateBody({ ...role, roleId: "taken" }, [{ menuId: "INBOUND" }]) });
    expect(clash.status).toBe(409);
    expect((await expectErrorBody(clash)).message).toBe("Role code taken already exists.");

    const unknown = await t.call("PUT", "/api/Roles/update/MINE", { token: admin, body: updateBody(role, [{ menuId: "INBOUND" }, { menuId: "GHOST" }]) });
    expect(unknown.status).toBe(400);
    expect((await expectErrorBody(unknown)).errors["tblRoleDetails.1.menuId"][0]).toBe("Unknown menu or capability 'GHOST'");

    const noDate = await t.call("PUT", "/api/Roles/update/MINE", { token: admin, body: { tblRoles: { roleId: "MINE", roleName: "x" }, tblRoleDetails: [] } });
    expect(noDate.status).toBe(400);
    expect((await expectErrorBody(noDate)).errors["tblRoles.dateModified"][0]).toBe("dateModified must be the ISO timestamp you loaded");

    const noDetails = await t.call("PUT", "/api/Roles/update/MINE", { token: admin, body: { tblRoles: updateBody(role, []).tblRoles } });
    expect(noDetails.status).toBe(400);
    expect((await expectErrorBody(noDetails)).errors.tblRoleDetails).toBeDefined();

    const missing = await t.call("PUT", "/api/Roles/update/NOSUCHROLE", { token: admin, body: updateBody({ ...role, roleId: "NOSUCHROLE" }, []) });
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(missing)).message).toBe("Role not found.");

    const after = await roleByCode("MINE");
    expect(after.roleName).toBe("Role MINE");
    expect(after.dateModified.toISOString()).toBe(role.dateModified);
    expect(await storedDetails(after.id)).toEqual([{ type: "MENU", menuId: "VOYAGE", isAllowed: true }]);
    expect(await auditRows("ROLE_UPDATED", "role:MINE")).toHaveLength(0);
  });
});

describe("sessions follow the role", () => {
  it("signs out the users of a role whose details change, and no one else", async () => {
    const role = await addRole("SESS", [{ menuId: "VOYAGE" }]);
    const holder = await createUser(handle.db, { userId: "sess-holder", password: PASSWORD, roleKey: role.id });
    const token = await signIn(t, "sess-holder", PASSWORD);
    expect((await t.call("GET", "/api/users/session", { token })).status).toBe(200);
    const [before] = await handle.db.select().from(users).where(eq(users.id, holder.id));

    // A new name alone does not change what the users may do: their sessions stay.
    const renamed = await json(await t.call("PUT", "/api/Roles/update/SESS", { token: admin, body: updateBody({ ...role, roleName: "Renamed only" }, [{ menuId: "VOYAGE" }]) }));
    expect((await t.call("GET", "/api/users/session", { token })).status).toBe(200);

    const changed = await t.call("PUT", "/api/Roles/update/SESS", { token: admin, body: updateBody(renamed.data, [{ menuId: "VOYAGE" }, { menuId: "INBOUND" }]) });
    expect(changed.status).toBe(200);
    const res = await t.call("GET", "/api/users/session", { token });
    expect(res.status).toBe(401);
    await expectErrorBody(res);
    const [after] = await handle.db.select().from(users).where(eq(users.id, holder.id));
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.dateModified.getTime()).toBeGreaterThan(before.dateModified.getTime());
    expect((await auditRows("ROLE_UPDATED", "role:SESS"))[1].detail).toMatchObject({ addedMenus: ["INBOUND"], sessionsEnded: 1 });

    // Signing in again gives the new menus; the administrator and the clerk were not signed out.
    const fresh = await signIn(t, "sess-holder", PASSWORD);
    const session = await json(await t.call("GET", "/api/users/session", { token: fresh }));
    expect(session.data.menus.sort()).toEqual(["INBOUND", "VOYAGE"]);
    expect((await t.call("GET", "/api/users/session", { token: admin })).status).toBe(200);
    expect((await t.call("GET", "/api/users/session", { token: clerk })).status).toBe(200);
  });

  it("signs them out when isDat changes or the role is deactivated", async () => {
    const role = await addRole("SESS2", [{ menuId: "VOYAGE" }]);
    await createUser(handle.db, { userId: "sess2-holder", password: PASSWORD, roleKey: role.id });
    const first = await signIn(t, "sess2-holder", PASSWORD);
    const res = await t.call("PUT", "/api/Roles/update/SESS2", { token: admin, body: updateBody({ ...role, isDat: true }, [{ menuId: "VOYAGE" }]) });
    expect(res.status).toBe(200);
    expect((await t.call("GET", "/api/users/session", { token: first })).status).toBe(401);

    const second = await signIn(t, "sess2-holder", PASSWORD);
    expect((await json(await t.call("GET", "/api/users/session", { token: second }))).data.isDat).toBe(true);
    await t.call("PUT", `/api/Roles/activation/${role.id}?isActive=false`, { token: admin });
    await t.call("PUT", `/api/Roles/activation/${role.id}?isActive=true`, { token: admin });
    // Reactivating does not bring the old token back.
    expect((await t.call("GET", "/api/users/session", { token: second })).status).toBe(401);
    expect((await auditRows("ROLE_DEACTIVATED", "role:SESS2"))[0].detail).toMatchObject({ sessionsEnded: 1 });
  });
});

describe("an administrator cannot lock themselves out", () => {
  it("refuses removing System Account from their own role, deactivating it or deleting it", async () => {
    const own = await json(await t.call("GET", "/api/Roles/load?search=ADMIN&take=50", { token: admin }));
    const role = own.data.find((r: { roleId: string }) => r.roleId === "ADMIN");
    const kept = role.roleDetails.filter((d: { menuId: string }) => d.menuId !== "SYSTEMACCOUNT");

    const remove = await t.call("PUT", "/api/Roles/update/ADMIN", { token: admin, body: updateBody(role, kept) });
    expect(remove.status).toBe(409);
    expect((await expectErrorBody(remove)).message).toContain("You cannot remove System Account from your own role ADMIN");
    const disallow = await t.call("PUT", "/api/Roles/update/ADMIN", {
      token: admin,
      body: updateBody(role, [...kept, { menuId: "SYSTEMACCOUNT", isAllowed: false }]),
    });
    expect(disallow.status).toBe(409);

    const viaUpdate = await t.call("PUT", "/api/Roles/update/ADMIN", { token: admin, body: updateBody(role, role.roleDetails, { isActive: false }) });
    expect(viaUpdate.status).toBe(409);
    expect((await expectErrorBody(viaUpdate)).message).toContain("You cannot deactivate your own role ADMIN");

    const deactivate = await t.call("PUT", `/api/Roles/activation/${role.id}?isActive=false`, { token: admin });
    expect(deactivate.status).toBe(409);
    expect((await expectErrorBody(deactivate)).message).toContain("You cannot deactivate your own role ADMIN");

    const remove2 = await t.call("DELETE", "/api/Roles/delete", { token: admin, body: [role.id] });
    expect(remove2.status).toBe(409);
    expect((await expectErrorBody(remove2)).message).toContain("You cannot delete your own role ADMIN");

    const after = await roleByCode("ADMIN");
    expect(after.isActive).toBe(true);
    expect(after.dateModified.toISOString()).toBe(role.dateModified);
    expect((await storedDetails(after.id)).map((d) => d.menuId)).toContain("SYSTEMACCOUNT");
    expect((await t.call("GET", "/api/users/session", { token: admin })).status).toBe(200);
  });
});

describe("deleting roles", () => {
  it("refuses a role that users hold, naming it and how many, and deletes nothing", async () => {
    const held = await addRole("HELD", [{ menuId: "VOYAGE" }]);
    const free = await addRole("FREE");
    await createUser(handle.db, { userId: "held-a", password: PASSWORD, roleKey: held.id });
    await createUser(handle.db, { userId: "held-b", password: PASSWORD, roleKey: held.id });
    const res = await t.call("DELETE", "/api/Roles/delete", { token: admin, body: [free.id, held.id] });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe("Role HELD is held by 2 users. Move them to another role first; nothing was deleted.");
    expect(await roleByCode("FREE")).toBeDefined();
    expect(await roleByCode("HELD")).toBeDefined();
    expect(await storedDetails(held.id)).toHaveLength(1);
  });

  it("refuses unknown ids and bad bodies, all or none", async () => {
    const role = await addRole("DELX");
    const unknown = await t.call("DELETE", "/api/Roles/delete", { token: admin, body: { ids: [role.id, 999999] } });
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toBe("Role with id 999999 was not found; nothing was deleted.");
    expect(await roleByCode("DELX")).toBeDefined();
    const empty = await t.call("DELETE", "/api/Roles/delete", { token: admin, body: [] });
    expect(empty.status).toBe(400);
    expect((await expectErrorBody(empty)).message).toBe("Please correct the invalid fields.");
    expect(await roleByCode("DELX")).toBeDefined();
  });

  it("deletes roles with their details and writes an audit row each", async () => {
    const a = await addRole("DEL1", [{ menuId: "VOYAGE" }, { menuId: "APPROVER" }]);
    const b = await addRole("DEL2");
    const res = await t.call("DELETE", "/api/Roles/delete", { token: admin, body: [a.id, b.id] });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Role deleted successfully");
    expect(body.data.ids).toEqual([a.id, b.id]);
    expect(await roleByCode("DEL1")).toBeUndefined();
    expect(await storedDetails(a.id)).toHaveLength(0);
    expect((await t.call("GET", `/api/Roles/get/${b.id}`, { token: admin })).status).toBe(404);
    const [audit] = await auditRows("ROLE_DELETED", "role:DEL1");
    expect(audit.actor).toBe("roleadmin");
    expect(await auditRows("ROLE_DELETED", "role:DEL2")).toHaveLength(1);
  });
});

describe("activation", () => {
  it("deactivates and activates with the spec's notices and audit rows", async () => {
    const role = await addRole("ACT");
    const off = await t.call("PUT", `/api/Roles/activation/${role.id}?isActive=false`, { token: admin });
    expect(off.status).toBe(200);
    const offBody = await json(off);
    expect(offBody.message).toBe("Role deactivated successfully");
    expect(offBody.data.isActive).toBe(false);
    const on = await t.call("PUT", `/api/Roles/activation/${role.id}?isActive=true`, { token: admin });
    expect((await json(on)).message).toBe("Role activated successfully");
    expect((await roleByCode("ACT")).isActive).toBe(true);
    expect(await auditRows("ROLE_DEACTIVATED", "role:ACT")).toHaveLength(1);
    expect((await auditRows("ROLE_ACTIVATED", "role:ACT"))[0].actor).toBe("roleadmin");
  });

  it("refuses a missing or bad isActive and an unknown id", async () => {
    const role = await addRole("ACT2");
    const bad = await t.call("PUT", `/api/Roles/activation/${role.id}?isActive=maybe`, { token: admin });
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.isActive[0]).toBe("isActive must be true or false");
    const none = await t.call("PUT", `/api/Roles/activation/${role.id}`, { token: admin });
    expect(none.status).toBe(400);
    const missing = await t.call("PUT", "/api/Roles/activation/999999?isActive=false", { token: admin });
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(missing)).message).toBe("Role not found.");
    const after = await roleByCode("ACT2");
    expect(after.isActive).toBe(true);
    expect(after.dateModified.toISOString()).toBe(role.dateModified);
  });
});

describe("role access reads", () => {
  it("answers one entry per requested id, false where the role has no row", async () => {
    const res = await t.call("GET", `/api/RoleDetails/getAccessByMenuSet?roleId=${clerkRole}&MenuSet=MASTERDATA,%20VOYAGE,APPROVER`, { token: clerk });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual([
      { menuId: "MASTERDATA", isAllowed: true },
      { menuId: "VOYAGE", isAllowed: false },
      { menuId: "APPROVER", isAllowed: false },
    ]);
  });

  it("refuses unknown ids in MenuSet and missing parameters", async () => {
    const unknown = await t.call("GET", `/api/RoleDetails/getAccessByMenuSet?roleId=${clerkRole}&MenuSet=MASTERDATA,BOGUS`, { token: clerk });
    expect(unknown.status).toBe(400);
    expect((await expectErrorBody(unknown)).errors.MenuSet[0]).toBe("Unknown menu or capability 'BOGUS'");
    const none = await t.call("GET", `/api/RoleDetails/getAccessByMenuSet?roleId=${clerkRole}`, { token: clerk });
    expect(none.status).toBe(400);
    expect((await expectErrorBody(none)).errors.MenuSet[0]).toBe("MenuSet is required");
    const commas = await t.call("GET", `/api/RoleDetails/getAccessByMenuSet?roleId=${clerkRole}&MenuSet=,,`, { token: clerk });
    expect(commas.status).toBe(400);
  });

  it("lets a user read their own role only; System Account reads any; an unknown role is 404", async () => {
    const other = await addRole("README", [{ menuId: "VOYAGE" }, { menuId: "SQ_AE" }, { menuId: "INBOUND", isAllowed: false }]);
    const denied = [
      await t.call("GET", "/api/RoleDetails/getAccessByMenuSet?roleId=README&MenuSet=VOYAGE", { token: clerk }),
      await t.call("POST", "/api/RoleDetails/getAccessByMenuIdV1", { token: clerk, body: { roleId: "README" } }),
      await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=README&type=MENU", { token: clerk }),
      // A role that does not exist looks the same as one that does to a reader without System Account.
      await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=NOSUCH&type=MENU", { token: clerk }),
    ];
    for (const res of denied) {
      expect(res.status).toBe(403);
      expect((await expectErrorBody(res)).message).toBe("You can read the access of your own role only; other roles need System Account.");
    }

    const own = await t.call("POST", "/api/RoleDetails/getAccessByMenuIdV1", { token: clerk, body: { roleId: clerkRole } });
    expect((await json(own)).data).toEqual([{ type: "MENU", menuId: "MASTERDATA", isAllowed: true }]);

    const all = await json(await t.call("POST", "/api/RoleDetails/getAccessByMenuIdV1", { token: admin, body: { roleId: "README" } }));
    expect(all.data).toEqual([
      { type: "MENU", menuId: "VOYAGE", isAllowed: true },
      { type: "MENU", menuId: "INBOUND", isAllowed: false },
      { type: "CAPABILITY", menuId: "SQ_AE", isAllowed: true },
    ]);
    const menus = await json(await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=README&type=MENU", { token: admin }));
    expect(menus.data.map((d: { menuId: string }) => d.menuId)).toEqual(["VOYAGE", "INBOUND"]);
    const defaultType = await json(await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=README", { token: admin }));
    expect(defaultType.data).toEqual(menus.data);
    const caps = await json(await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=README&type=CAPABILITY", { token: admin }));
    expect(caps.data).toEqual([{ type: "CAPABILITY", menuId: "SQ_AE", isAllowed: true }]);
    const set = await json(await t.call("GET", "/api/RoleDetails/getAccessByMenuSet?roleId=README&MenuSet=INBOUND,SQ_AE", { token: admin }));
    expect(set.data).toEqual([{ menuId: "INBOUND", isAllowed: false }, { menuId: "SQ_AE", isAllowed: true }]);

    const badType = await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=README&type=OTHER", { token: admin });
    expect(badType.status).toBe(400);
    expect((await expectErrorBody(badType)).errors.type[0]).toBe("type must be MENU or CAPABILITY");
    const noRole = await t.call("POST", "/api/RoleDetails/getAccessByMenuIdV1", { token: admin, body: {} });
    expect(noRole.status).toBe(400);
    expect((await expectErrorBody(noRole)).errors.roleId[0]).toBe("roleId is required");

    for (const res of [
      await t.call("GET", "/api/RoleDetails/getAccessByMenuSet?roleId=NOSUCH&MenuSet=VOYAGE", { token: admin }),
      await t.call("POST", "/api/RoleDetails/getAccessByMenuIdV1", { token: admin, body: { roleId: "NOSUCH" } }),
      await t.call("GET", "/api/RoleDetails/getRoleMenuAccess?roleId=NOSUCH&type=MENU", { token: admin }),
    ]) {
      expect(res.status).toBe(404);
      expect((await expectErrorBody(res)).message).toBe("Role not found.");
    }
    expect(other.roleDetails).toHaveLength(3);
  });

  it("needs a signed-in user", async () => {
    const res = await t.call("POST", "/api/RoleDetails/getAccessByMenuIdV1", { body: { roleId: clerkRole } });
    expect(res.status).toBe(401);
    await expectErrorBody(res);
  });
});
