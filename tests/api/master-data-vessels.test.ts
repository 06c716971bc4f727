import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let outsider: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await createUser(handle.db, { userId: "vmd", password: "vmd-password-1", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "vout", password: "vout-password-1", menus: ["OUTBOUND"] });
  token = await signIn(t, "vmd", "vmd-password-1");
  outsider = await signIn(t, "vout", "vout-password-1");
});
afterAll(() => handle?.close());

// Response bodies are checked field by field below; typing each one would only repeat the assertions.
// deno-lint-ignore no-explicit-any
const json = (res: Response) => res.json() as Promise<any>;
const call = (method: string, path: string, body?: unknown, as = token) => t.call(method, `/api${path}`, { token: as, body });

async function createVessel(code: string, extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/Vessels", { code, name: `MV ${code}`, vesselType: "Container", capacityTeu: 300, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
}

const slot = (position: string, row: number, column: number, width = 1, height = 1) => ({ position, row, column, width, height });
const goodSlots = [slot("A1", 1, 1, 2, 1), slot("A2", 1, 3, 2, 1), slot("B1", 2, 1, 4, 2)];

async function createPlan(vesselCode: string, name: string, slots = goodSlots) {
  const res = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode, name, rows: 3, columns: 4, slots });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
}

const plansOf = async (vesselCode: string) => (await json(await call("GET", `/Vessels/stowagePlans/${vesselCode}`))).data as { name: string; slots: unknown[]; dateModified: string }[];

describe("vessel lookups", () => {
  it("reads a vessel by its code in any letter case, and 404 for an unknown code", async () => {
    await createVessel("RBC1", { profitCenter: "PC-100" });
    const res = await call("GET", "/Vessels/readByCode/rbc1");
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ code: "RBC1", name: "MV RBC1", vesselType: "Container", profitCenter: "PC-100" });
    const missing = await call("GET", "/Vessels/readByCode/NOPE");
    expect(missing.status).toBe(404);
    expect((await expectErrorBody(missing)).message).toBe("Vessel NOPE was not found.");
  });

  it("keeps readByCode to master-data users", async () => {
    expect((await call("GET", "/Vessels/readByCode/RBC1", undefined, outsider)).status).toBe(403);
  });

  it("lists active vessels for a vessel change, leaving out the current one and inactive ones", async () => {
    const current = await createVessel("VC1");
    await createVessel("VC2");
    const off = await createVessel("VC3");
    await call("PUT", `/Vessels/activate/${off.id}?isActive=false`);
    const res = await call("GET", "/Vessels/getVesselForVesselChange?vesselCode=vc1&search=MV%20VC", undefined, outsider);
    expect(res.status).toBe(200);
    const codes = (await json(res)).data.map((v: { code: string }) => v.code);
    expect(codes).toEqual(["VC2"]);
    const all = (await json(await call("GET", "/Vessels/getVesselForVesselChange?search=MV%20VC"))).data.map((v: { code: string }) => v.code);
    expect(all).toEqual(["VC1", "VC2"]);
    expect(current.code).toBe("VC1");
  });

  it("answers the profit center of a vessel, and refuses clearly when there is none", async () => {
    await createVessel("PCV1", { profitCenter: "PC-777" });
    await createVessel("PCV2");
    const res = await call("POST", "/Vessels/getProfitCenterFromBase", { vesselCode: "pcv1" }, outsider);
    expect(res.status).toBe(200);
    // No BASE is configured here: the local mirror answers.
    expect((await json(res)).data).toEqual({ vesselCode: "PCV1", vesselName: "MV PCV1", profitCenter: "PC-777", source: "mirror" });

    const empty = await call("POST", "/Vessels/getProfitCenterFromBase", { vesselCode: "PCV2" });
    expect(empty.status).toBe(404);
    expect((await expectErrorBody(empty)).message).toContain("has no profit center");
    const unknown = await call("POST", "/Vessels/getProfitCenterFromBase", { vesselCode: "GHOST" });
    expect(unknown.status).toBe(404);
    expect((await expectErrorBody(unknown)).message).toBe("Vessel GHOST was not found.");
    const blank = await call("POST", "/Vessels/getProfitCenterFromBase", { vesselCode: " " });
    expect(blank.status).toBe(400);
    expect((await expectErrorBody(blank)).errors.vesselCode).toEqual(["Vessel code is required"]);
  });
});

describe("stowage plans", () => {
  it("creates a plan, lists it under its vessel, and answers the notice", async () => {
    await createVessel("SP1");
    const res = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode: "sp1", name: "Deck", rows: 4, columns: 4, slots: [...goodSlots, slot(" C9 ", 4, 4)] });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Stowage plan added successfully");
    expect(body.data).toMatchObject({ vesselCode: "SP1", name: "Deck", rows: 4, columns: 4, userCreated: "vmd" });
    expect(body.data.slots.map((s: { position: string }) => s.position)).toEqual(["A1", "A2", "B1", "C9"]);
    const plans = await plansOf("SP1");
    expect(plans).toHaveLength(1);
    expect(plans[0].slots[2]).toEqual(slot("B1", 2, 1, 4, 2));
    // Any signed-in user may read plans (the outbound stowage screen draws them).
    expect((await call("GET", "/Vessels/stowagePlans/SP1", undefined, outsider)).status).toBe(200);
  });

  it("refuses overlapping slots with the grid's field messages and stores nothing", async () => {
    await createVessel("SP2");
    const res = await call("POST", "/Vessels/CreateVesselStowagePlan", {
      vesselCode: "SP2", name: "Bad", rows: 3, columns: 4, slots: [slot("A1", 1, 1, 2, 2), slot("A2", 2, 2, 2, 1)],
    });
    expect(res.status).toBe(400);
    const body = await expectErrorBody(res);
    expect(body.message).toBe("The stowage grid is not valid: Slot A2 overlaps slot A1.");
    expect(body.errors["slots.1"]).toEqual(["Slot A2 overlaps slot A1"]);
    expect(await plansOf("SP2")).toEqual([]);
  });

  it("refuses slots outside the grid and duplicate positions", async () => {
    await createVessel("SP3");
    const outside = await call("POST", "/Vessels/CreateVesselStowagePlan", {
      vesselCode: "SP3", name: "Out", rows: 2, columns: 2, slots: [slot("A1", 1, 2, 2, 1)],
    });
    expect(outside.status).toBe(400);
    expect((await expectErrorBody(outside)).errors["slots.0.width"]).toEqual(["Slot A1: reaches column 3, past the grid's 2 columns"]);
    const twice = await call("POST", "/Vessels/CreateVesselStowagePlan", {
      vesselCode: "SP3", name: "Twice", rows: 2, columns: 2, slots: [slot("A1", 1, 1), slot("a1", 2, 2)],
    });
    expect(twice.status).toBe(400);
    expect((await expectErrorBody(twice)).errors["slots.1.position"]).toEqual(["Position a1 is already used by slot #1"]);
    expect(await plansOf("SP3")).toEqual([]);
  });

  it("refuses sizes below one and a missing grid through the input checks", async () => {
    await createVessel("SP4");
    const zero = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode: "SP4", name: "Z", rows: 2, columns: 2, slots: [slot("A1", 1, 1, 0, 1)] });
    expect(zero.status).toBe(400);
    expect((await expectErrorBody(zero)).errors["slots.0.width"]).toEqual(["A slot is at least one cell wide"]);
    const noRows = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode: "SP4", name: "N", columns: 2 });
    expect(noRows.status).toBe(400);
    expect((await expectErrorBody(noRows)).errors.rows).toEqual(["Rows is required"]);
    expect(await plansOf("SP4")).toEqual([]);
  });

  it("refuses a plan for an unknown vessel with a field message", async () => {
    const res = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode: "GHOST", name: "X", rows: 1, columns: 1, slots: [] });
    expect(res.status).toBe(400);
    const body = await expectErrorBody(res);
    expect(body.errors.vesselCode).toEqual(["Vessel GHOST does not exist"]);
    const list = await call("GET", "/Vessels/stowagePlans/GHOST");
    expect(list.status).toBe(404);
    expect((await expectErrorBody(list)).message).toBe("Vessel GHOST was not found.");
  });

  it("refuses a second plan of the same name on one vessel, but allows it on another", async () => {
    await createVessel("SP5");
    await createVessel("SP6");
    await createPlan("SP5", "Main");
    const again = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode: "SP5", name: "MAIN", rows: 1, columns: 1, slots: [] });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).errors.name).toEqual(["Vessel SP5 already has a stowage plan named MAIN"]);
    await createPlan("SP6", "Main");
    expect(await plansOf("SP5")).toHaveLength(1);
  });

  it("updates a plan with the loaded dateModified and refuses a stale or invalid one without changing it", async () => {
    await createVessel("SP7");
    const plan = await createPlan("SP7", "Hold");
    const newSlots = [slot("H1", 1, 1, 4, 3)];
    const ok = await call("PUT", `/Vessels/updateStowagePlan/${plan.id}`, { vesselCode: "SP7", name: "Hold 2", rows: 3, columns: 4, slots: newSlots, dateModified: plan.dateModified });
    expect(ok.status).toBe(200);
    const updated = await json(ok);
    expect(updated.message).toBe("Stowage plan updated successfully");
    expect(updated.data).toMatchObject({ name: "Hold 2", slots: newSlots, userModified: "vmd" });

    const stale = await call("PUT", `/Vessels/updateStowagePlan/${plan.id}`, { vesselCode: "SP7", name: "Stale", rows: 3, columns: 4, slots: [], dateModified: plan.dateModified });
    expect(stale.status).toBe(409);

    const invalid = await call("PUT", `/Vessels/updateStowagePlan/${plan.id}`, {
      vesselCode: "SP7", name: "Hold 3", rows: 3, columns: 4, slots: [slot("H1", 1, 1, 2, 2), slot("H2", 2, 2)], dateModified: updated.data.dateModified,
    });
    expect(invalid.status).toBe(400);
    expect((await expectErrorBody(invalid)).errors["slots.1"]).toEqual(["Slot H2 overlaps slot H1"]);

    const toGhost = await call("PUT", `/Vessels/updateStowagePlan/${plan.id}`, { vesselCode: "GHOST", name: "Hold 3", rows: 3, columns: 4, slots: [], dateModified: updated.data.dateModified });
    expect(toGhost.status).toBe(400);
    const noStamp = await call("PUT", `/Vessels/updateStowagePlan/${plan.id}`, { vesselCode: "SP7", name: "Hold 3", rows: 3, columns: 4, slots: [] });
    expect(noStamp.status).toBe(400);

    const [after] = await plansOf("SP7");
    expect(after).toMatchObject({ name: "Hold 2", slots: newSlots, dateModified: updated.data.dateModified });
    const missing = await call("PUT", "/Vessels/updateStowagePlan/999999", { vesselCode: "SP7", name: "X", rows: 1, columns: 1, slots: [], dateModified: plan.dateModified });
    expect(missing.status).toBe(404);
  });

  it("deletes a plan once and 404s after", async () => {
    await createVessel("SP8");
    const plan = await createPlan("SP8", "Gone");
    const res = await call("DELETE", `/Vessels/deleteStowagePlan/${plan.id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ data: { ids: [plan.id] }, message: "Stowage plan deleted successfully" });
    expect(await plansOf("SP8")).toEqual([]);
    expect((await call("DELETE", `/Vessels/deleteStowagePlan/${plan.id}`)).status).toBe(404);
    expect((await call("DELETE", "/Vessels/deleteStowagePlan/abc")).status).toBe(400);
  });

  it("keeps plan writes to master-data users", async () => {
    await createVessel("SP9");
    const res = await call("POST", "/Vessels/CreateVesselStowagePlan", { vesselCode: "SP9", name: "X", rows: 1, columns: 1, slots: [] }, outsider);
    expect(res.status).toBe(403);
    expect(await plansOf("SP9")).toEqual([]);
  });
});

describe("stowage templates", () => {
  const template = (code: string, extra: Record<string, unknown> = {}) => ({ code, name: `Template ${code}`, rows: 2, columns: 3, slots: [slot("T1", 1, 1, 3, 1), slot("T2", 2, 1)], ...extra });

  it("creates, lists, reads, updates and deletes a template", async () => {
    const created = await call("POST", "/Vessels/CreateStowageTemplate", template("TPL1"));
    expect(created.status).toBe(201);
    const body = await json(created);
    expect(body.message).toBe("Stowage template added successfully");

    const list = await json(await call("GET", "/Vessels/stowageTemplates?search=tpl"));
    expect(list.data.map((x: { code: string }) => x.code)).toEqual(["TPL1"]);
    const got = await json(await call("GET", `/Vessels/getStowageTemplate/${body.data.id}`));
    expect(got.data.slots).toHaveLength(2);

    const upd = await call("PUT", `/Vessels/updateStowageTemplate/${body.data.id}`, { ...template("TPL1", { name: "Wide", columns: 4 }), dateModified: body.data.dateModified });
    expect(upd.status).toBe(200);
    expect((await json(upd)).data).toMatchObject({ name: "Wide", columns: 4 });
    const stale = await call("PUT", `/Vessels/updateStowageTemplate/${body.data.id}`, { ...template("TPL1", { name: "Old" }), dateModified: body.data.dateModified });
    expect(stale.status).toBe(409);

    const del = await call("DELETE", `/Vessels/deleteStowageTemplate/${body.data.id}`);
    expect((await json(del)).message).toBe("Stowage template deleted successfully");
    expect((await call("GET", `/Vessels/getStowageTemplate/${body.data.id}`)).status).toBe(404);
    expect((await call("DELETE", `/Vessels/deleteStowageTemplate/${body.data.id}`)).status).toBe(404);
  });

  it("refuses an invalid grid and a duplicate code, storing nothing", async () => {
    const bad = await call("POST", "/Vessels/CreateStowageTemplate", template("TPL2", { slots: [slot("T1", 1, 1, 2, 2), slot("T2", 2, 2)] }));
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors["slots.1"]).toEqual(["Slot T2 overlaps slot T1"]);
    expect((await json(await call("GET", "/Vessels/stowageTemplates?search=TPL2"))).data).toEqual([]);

    await call("POST", "/Vessels/CreateStowageTemplate", template("TPL3"));
    const dup = await call("POST", "/Vessels/CreateStowageTemplate", template("tpl3"));
    expect(dup.status).toBe(409);
    expect((await expectErrorBody(dup)).errors.code).toEqual(["Stowage template code tpl3 already exists"]);
    expect((await json(await call("GET", "/Vessels/stowageTemplates?search=tpl3"))).data).toHaveLength(1);
  });

  it("refuses an update that would break the grid or take another template's code", async () => {
    const a = (await json(await call("POST", "/Vessels/CreateStowageTemplate", template("TPL4")))).data;
    await call("POST", "/Vessels/CreateStowageTemplate", template("TPL5"));
    const shrink = await call("PUT", `/Vessels/updateStowageTemplate/${a.id}`, { ...template("TPL4", { rows: 1 }), dateModified: a.dateModified });
    expect(shrink.status).toBe(400);
    expect((await expectErrorBody(shrink)).errors["slots.1.row"]).toEqual(["Slot T2: row 2 is outside the grid's 1 rows"]);
    const taken = await call("PUT", `/Vessels/updateStowageTemplate/${a.id}`, { ...template("TPL5"), dateModified: a.dateModified });
    expect(taken.status).toBe(409);
    const after = (await json(await call("GET", `/Vessels/getStowageTemplate/${a.id}`))).data;
    expect(after).toMatchObject({ code: "TPL4", rows: 2, dateModified: a.dateModified });
  });

  it("keeps templates to master-data users", async () => {
    expect((await call("GET", "/Vessels/stowageTemplates", undefined, outsider)).status).toBe(403);
    expect((await call("POST", "/Vessels/CreateStowageTemplate", template("TPL6"), outsider)).status).toBe(403);
  });
});
