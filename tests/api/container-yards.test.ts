import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let clerk: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await ensureBranch(handle.db, "MNL", "Manila");
  await createUser(handle.db, { userId: "yardmaster", password: "yard-master-pass-1", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "yardclerk", password: "yard-clerk-pass-1", menus: ["VOYAGE"] });
  token = await signIn(t, "yardmaster", "yard-master-pass-1");
  clerk = await signIn(t, "yardclerk", "yard-clerk-pass-1");
});
afterAll(() => handle?.close());

const json = (res: Response) => res.json() as Promise<any>;

describe("container yards", () => {
  it("creates a yard, lists it as active to any signed-in user, and hides it once deactivated", async () => {
    const res = await t.call("POST", "/api/ContainerYards", { token, body: { code: "MNL-Y9", name: "Harbor Yard 9", branchCode: "MNL" } });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created.message).toBe("Container Yard added successfully");
    const active = await json(await t.call("GET", "/api/ContainerYards/getIsActive", { token: clerk }));
    expect(active.data.map((y: { code: string }) => y.code)).toContain("MNL-Y9");
    const off = await t.call("PUT", `/api/ContainerYards/activate/${created.data.id}?isActive=false`, { token });
    expect((await json(off)).message).toBe("Container Yard deactivated successfully");
    const after = await json(await t.call("GET", "/api/ContainerYards/getIsActive", { token: clerk }));
    expect(after.data.map((y: { code: string }) => y.code)).not.toContain("MNL-Y9");
  });

  it("refuses a duplicate code, an unknown branch and a caller without Master Data, changing nothing", async () => {
    await t.call("POST", "/api/ContainerYards", { token, body: { code: "MNL-Y8", name: "Yard 8", branchCode: "MNL" } });
    const dup = await t.call("POST", "/api/ContainerYards", { token, body: { code: "MNL-Y8", name: "Again", branchCode: "MNL" } });
    expect(dup.status).toBe(409);
    expect((await expectErrorBody(dup)).message).toBe("Container Yard code MNL-Y8 already exists.");
    const orphan = await t.call("POST", "/api/ContainerYards", { token, body: { code: "XX-Y1", name: "Nowhere", branchCode: "ZZZ" } });
    expect(orphan.status).toBe(400);
    await expectErrorBody(orphan);
    const denied = await t.call("POST", "/api/ContainerYards", { token: clerk, body: { code: "MNL-Y7", name: "Yard 7", branchCode: "MNL" } });
    expect(denied.status).toBe(403);
    const list = await json(await t.call("GET", "/api/ContainerYards/load?search=MNL-Y", { token }));
    expect(list.data.map((y: { code: string; name: string }) => `${y.code}:${y.name}`).sort()).toEqual(["MNL-Y8:Yard 8", "MNL-Y9:Harbor Yard 9"]);
  });
});
