import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, ensureBranch, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await ensureBranch(handle.db, "MNL", "Manila");
  await ensureBranch(handle.db, "CEB", "Cebu");
  await createUser(handle.db, { userId: "md", password: "md-password-1", menus: ["MASTERDATA"] });
  token = await signIn(t, "md", "md-password-1");
});
afterAll(() => handle?.close());

const json = (res: Response) => res.json() as Promise<any>;

async function createPort(code: string, extra: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/api/Ports", { token, body: { code, name: `Port ${code}`, branchCode: "MNL", ...extra } });
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

describe("ports", () => {
  it("creates a port and answers the notice text", async () => {
    const res = await t.call("POST", "/api/Ports", { token, body: { code: "PX1", name: "Port Example", branchCode: "MNL", location: "Tondo" } });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Port added successfully");
    expect(body.data).toMatchObject({ code: "PX1", name: "Port Example", branchCode: "MNL", location: "Tondo", isActive: true, userCreated: "md" });
    const got = await json(await t.call("GET", `/api/ports/get/${body.data.id}`, { token }));
    expect(got.data.code).toBe("PX1");
  });

  it("refuses a port whose branch does not exist", async () => {
    const res = await t.call("POST", "/api/Ports", { token, body: { code: "PX2", name: "Nowhere", branchCode: "ZZZ" } });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.errors.branchCode[0]).toContain("Branch ZZZ does not exist");
  });

  it("updates with the loaded dateModified and refuses the same stale value afterwards", async () => {
    const port = await createPort("PU1");
    const first = await t.call("PUT", `/api/ports/update/${port.id}`, { token, body: { name: "Renamed", dateModified: port.dateModified } });
    expect(first.status).toBe(200);
    const updated = await json(first);
    expect(updated.message).toBe("Port updated successfully");
    expect(updated.data.name).toBe("Renamed");
    expect(updated.data.dateModified).not.toBe(port.dateModified);
    // A second editor who loaded the record before the first save must not overwrite it.
    const stale = await t.call("PUT", `/api/ports/update/${port.id}`, { token, body: { name: "Overwrite", dateModified: port.dateModified } });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toContain("changed by someone else");
    const after = await json(await t.call("GET", `/api/ports/get/${port.id}`, { token }));
    expect(after.data.name).toBe("Renamed");
  });

  it("lists with paging, search, branch and active filters", async () => {
    for (let i = 0; i < 25; i++) await createPort(`PG${String(i).padStart(2, "0")}`, { branchCode: i % 2 ? "CEB" : "MNL", name: `Paging ${i}` });
    const page1 = await json(await t.call("GET", "/api/ports/load?skip=0&take=20&search=paging", { token }));
    expect(page1.total).toBe(25);
    expect(page1.data).toHaveLength(20);
    expect(page1.data[0].code).toBe("PG00");
    const page2 = await json(await t.call("GET", "/api/ports/load?skip=20&take=20&search=PAGING", { token }));
    expect(page2.data.map((p: any) => p.code)).toEqual(["PG20", "PG21", "PG22", "PG23", "PG24"]);
    const ceb = await json(await t.call("GET", "/api/ports/load?take=50&search=paging&branchCode=CEB", { token }));
    expect(ceb.total).toBe(12);
    const empty = await json(await t.call("GET", "/api/ports/load?skip=0&take=20&search=no-such-port", { token }));
    expect(empty).toEqual({ data: [], total: 0, message: "No more data to load" });
    const literal = await json(await t.call("GET", "/api/ports/load?search=%25", { token }));
    expect(literal.total).toBe(0);
  });

  it("deactivates and activates with the spec's notices, and active lists follow", async () => {
    const port = await createPort("PA1", { branchCode: "CEB" });
    const off = await t.call("PUT", `/api/ports/activate/${port.id}?isActive=false`, { token });
    expect((await json(off)).message).toBe("Port deactivated successfully");
    const active = await json(await t.call("GET", "/api/ports/getIsActive", { token }));
    expect(active.data.some((p: any) => p.code === "PA1")).toBe(false);
    const inactive = await json(await t.call("GET", "/api/ports/load?filter=IsInactive&take=200", { token }));
    expect(inactive.data.map((p: any) => p.code)).toContain("PA1");
    const on = await t.call("PUT", `/api/ports/activate/${port.id}?isActive=true`, { token });
    expect((await json(on)).message).toBe("Port activated successfully");
    const byBranch = await json(await t.call("GET", "/api/ports/getIsActivePortsBranch?BranchCode=CEB", { token }));
    expect(byBranch.data.map((p: any) => p.code)).toContain("PA1");
    expect(byBranch.data.every((p: any) => p.branchCode === "CEB")).toBe(true);
    const withPorts = await json(await t.call("GET", "/api/ports/BranchWithPorts?BranchCode=CEB", { token }));
    expect(withPorts.data.code).toBe("CEB");
    expect(withPorts.data.ports.map((p: any) => p.code)).toContain("PA1");
  });

  it("deletes a list of ids all or nothing", async () => {
    const a = await createPort("PD1");
    const b = await createPort("PD2");
    const partial = await t.call("DELETE", "/api/ports/delete", { token, body: [a.id, 999999] });
    expect(partial.status).toBe(404);
    expect((await t.call("GET", `/api/ports/get/${a.id}`, { token })).status).toBe(200);
    const res = await t.call("DELETE", "/api/ports/delete", { token, body: { ids: [a.id, b.id] } });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe("Port deleted successfully");
    expect((await t.call("GET", `/api/ports/get/${a.id}`, { token })).status).toBe(404);
    expect((await t.call("GET", `/api/ports/get/${b.id}`, { token })).status).toBe(404);
  });
});
