import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let viewer: string;

const json = (res: Response) => res.json() as Promise<any>;

async function post(path: string, body: unknown, as = token) {
  return await t.call("POST", `/api${path}`, { token: as, body });
}
async function get(path: string, as = token) {
  return await t.call("GET", `/api${path}`, { token: as });
}

const chargeFields = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Charge ${code}`,
  category: "OTHER",
  chargeClass: "BOTH",
  unitOfMeasure: "perTeu",
  effectiveDateBasis: "BOOKING_DATE",
  ...extra,
});

async function createCharge(code: string, extra: Record<string, unknown> = {}) {
  const res = await post("/Charges", chargeFields(code, extra));
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

/** What is stored for a charge code: the charge (or null), its item codes and its matrix entries. */
async function stored(code: string) {
  const res = await get(`/Charges/readByCode/${code}`);
  if (res.status === 404) {
    const matrix = await json(await get(`/ChargeServicesMatrices?chargeCode=${code}`));
    return { charge: null, itemCodes: [], matrix: matrix.data };
  }
  const body = await json(res);
  return { charge: body.data, itemCodes: body.data.itemCodes, matrix: body.data.servicesMatrix };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await ensureBranch(handle.db, "MNL", "Manila");
  await ensureBranch(handle.db, "CEB", "Cebu");
  await ensureBranch(handle.db, "DVO", "Davao");
  await createUser(handle.db, { userId: "md", password: "md-password-1", menus: ["MASTERDATA"] });
  await createUser(handle.db, { userId: "sales", password: "sales-password-1", menus: ["SALESQUOTATION"] });
  token = await signIn(t, "md", "md-password-1");
  viewer = await signIn(t, "sales", "sales-password-1");
  for (const [code, name] of [["PTP", "Pier to pier"], ["DTD", "Door to door"]]) {
    expect((await post("/ServiceModes", { code, name })).status).toBe(201);
  }
  for (const [code, name] of [["FCL", "Full container load"], ["RC", "Rolling cargo"]]) {
    expect((await post("/CargoTypes", { code, name })).status).toBe(201);
  }
});
afterAll(() => handle?.close());

describe("POST /Charges/multipleInsert", () => {
  it("creates the charge, its item codes and its matrix entries together", async () => {
    const res = await post("/Charges/multipleInsert", {
      tblCharges: chargeFields("MI1", { name: "Wharfage", appliedBranches: ["MNL", "CEB"], glAccount: "4010" }),
      createItemCodes: [
        { branchCode: "MNL", itemCode: "IT-MNL-1", description: "Wharfage Manila" },
        { branchCode: "ceb", itemCode: "IT-CEB-1" },
      ],
      tblChargeServicesMatrix: [
        { serviceModeCode: "PTP", cargoTypeCode: "FCL", chargePart: "PORT_ORIGIN" },
        { chargeCode: "MI1", serviceModeCode: "DTD", cargoTypeCode: "RC", chargePart: "PORT_DESTINATION", isRequired: false },
      ],
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Charge added successfully");
    expect(body.data).toMatchObject({ code: "MI1", name: "Wharfage", appliedBranches: ["MNL", "CEB"], glAccount: "4010", userCreated: "md" });
    expect(body.data.itemCodes.map((c: any) => [c.branchCode, c.itemCode])).toEqual([["CEB", "IT-CEB-1"], ["MNL", "IT-MNL-1"]]);
    expect(body.data.servicesMatrix.map((m: any) => [m.serviceModeCode, m.cargoTypeCode, m.chargePart, m.isRequired])).toEqual([
      ["DTD", "RC", "PORT_DESTINATION", false],
      ["PTP", "FCL", "PORT_ORIGIN", true],
    ]);
    const after = await stored("MI1");
    expect(after.charge.name).toBe("Wharfage");
    expect(after.itemCodes).toHaveLength(2);
    expect(after.matrix[0]).toMatchObject({ chargeName: "Wharfage", serviceModeName: "Door to door", cargoTypeName: "Rolling cargo" });
  });

  it("takes the charge wrapped in a one-element list and item codes and matrix left out", async () => {
    const res = await post("/Charges/multipleInsert", { tblCharges: [chargeFields("MI2")] });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.code).toBe("MI2");
    expect(body.data.itemCodes).toEqual([]);
    expect(body.data.servicesMatrix).toEqual([]);
  });

  it("answers 409 for a taken code and leaves the existing charge's details alone", async () => {
    const res = await post("/Charges/multipleInsert", {
      tblCharges: chargeFields("mi1", { name: "Impostor" }),
      createItemCodes: [{ branchCode: "DVO", itemCode: "X" }],
      tblChargeServicesMatrix: [{ serviceModeCode: "PTP", cargoTypeCode: "RC", chargePart: "FREIGHT" }],
    });
    expect(res.status).toBe(409);
    const body = await expectErrorBody(res);
    expect(body.message).toBe("Charge code mi1 already exists.");
    expect(body.errors["tblCharges.code"][0]).toContain("already exists");
    const after = await stored("MI1");
    expect(after.charge.name).toBe("Wharfage");
    expect(after.itemCodes.map((c: any) => c.branchCode)).toEqual(["CEB", "MNL"]);
    expect(after.matrix).toHaveLength(2);
  });

  it("leaves nothing behind when a matrix entry names an unknown service mode", async () => {
    const res = await post("/Charges/multipleInsert", {
      tblCharges: chargeFields("MI3"),
      createItemCodes: [{ branchCode: "MNL", itemCode: "IT-3" }],
      tblChargeServicesMatrix: [{ serviceModeCode: "NOPE", cargoTypeCode: "FCL", chargePart: "FREIGHT" }],
    });
    expect(res.status).toBe(400);
    const body = await expectErrorBody(res);
    expect(body.message).toContain("Matrix entry 1");
    expect(body.errors["tblChargeServicesMatrix.0.serviceModeCode"][0]).toContain("NOPE does not exist");
    expect(await stored("MI3")).toEqual({ charge: null, itemCodes: [], matrix: [] });
    const fromBase = await post("/Charges/getItemCodeFromBase", { chargeCode: "MI3", branchCode: "MNL" });
    expect(fromBase.status).toBe(404);
  });

  it("leaves nothing behind when a later matrix entry names an unknown cargo type", async () => {
    const res = await post("/Charges/multipleInsert", {
      tblCharges: chargeFields("MI4"),
      createItemCodes: [{ branchCode: "MNL", itemCode: "IT-4" }],
      tblChargeServicesMatrix: [
        { serviceModeCode: "PTP", cargoTypeCode: "FCL", chargePart: "FREIGHT" },
        { serviceModeCode: "DTD", cargoTypeCode: "ZZ", chargePart: "FREIGHT" },
      ],
    });
    expect(res.status).toBe(400);
    const body = await expectErrorBody(res);
    expect(body.message).toContain("Matrix entry 2");
    expect(body.errors["tblChargeServicesMatrix.1.cargoTypeCode"][0]).toContain("ZZ does not exist");
    expect(await stored("MI4")).toEqual({ charge: null, itemCodes: [], matrix: [] });
    const all = await json(await get("/Charges/getAllCharges"));
    expect(all.data.map((c: any) => c.code)).not.toContain("MI4");
  });

  it("refuses bad item codes, repeated entries and stray stripping types before anything is written", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ createItemCodes: [{ branchCode: "XYZ", itemCode: "A" }] }, "createItemCodes.0.branchCode", "Branch XYZ does not exist"],
      [
        { createItemCodes: [{ branchCode: "MNL", itemCode: "A" }, { branchCode: "mnl", itemCode: "B" }] },
        "createItemCodes.1.branchCode",
        "given item codes twice",
      ],
      [{ createItemCodes: [{ branchCode: "MNL", itemCode: "" }] }, "createItemCodes.0.itemCode", "Item code is required"],
      [
        {
          tblChargeServicesMatrix: [
            { serviceModeCode: "PTP", cargoTypeCode: "FCL", chargePart: "FREIGHT" },
            { serviceModeCode: "ptp", cargoTypeCode: "fcl", chargePart: "PORT_ORIGIN" },
          ],
        },
        "tblChargeServicesMatrix.1.serviceModeCode",
        "given twice",
      ],
      [
        { tblChargeServicesMatrix: [{ chargeCode: "OTHER", serviceModeCode: "PTP", cargoTypeCode: "FCL", chargePart: "FREIGHT" }] },
        "tblChargeServicesMatrix.0.chargeCode",
        "names charge OTHER",
      ],
      [{ tblChargeServicesMatrix: [{ serviceModeCode: "PTP", cargoTypeCode: "FCL", chargePart: "SIDEWAYS" }] }, "tblChargeServicesMatrix.0.chargePart", "Charge part must be one of"],
      [{ tblCharges: chargeFields("MI5", { strippingType: "010" }) }, "tblCharges.strippingType", "stripping or stuffing charge"],
      [{ tblCharges: chargeFields("MI5", { appliedBranches: ["NOWHERE"] }) }, "tblCharges.appliedBranches", "NOWHERE does not exist"],
      [{ tblCharges: undefined }, "tblCharges", ""],
    ];
    for (const [change, field, text] of cases) {
      const res = await post("/Charges/multipleInsert", { tblCharges: chargeFields("MI5"), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await expectErrorBody(res);
      expect(Object.keys(body.errors), JSON.stringify(change)).toContain(field);
      expect(body.errors[field][0]).toContain(text);
    }
    expect(await stored("MI5")).toEqual({ charge: null, itemCodes: [], matrix: [] });
  });

  it("needs the master data menu", async () => {
    const res = await post("/Charges/multipleInsert", { tblCharges: chargeFields("MI6") }, viewer);
    expect(res.status).toBe(403);
    expect((await stored("MI6")).charge).toBeNull();
  });
});

describe("charge lists", () => {
  beforeAll(async () => {
    await createCharge("L-FRT", { name: "Freight list", category: "FREIGHT", appliedBranches: ["MNL"] });
    await createCharge("L-TRK", { name: "Trucking list", category: "TRUCKING", appliedBranches: ["CEB"] });
    const off = await createCharge("L-OFF", { name: "Retired list", category: "FREIGHT" });
    expect((await t.call("PUT", `/api/Charges/activate/${off.id}?isActive=false`, { token })).status).toBe(200);
  });

  it("getAllCharges answers every charge, inactive ones included, with item codes", async () => {
    const res = await get("/Charges/getAllCharges", viewer);
    expect(res.status).toBe(200);
    const body = await json(res);
    const codes = body.data.map((c: any) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(["L-FRT", "L-TRK", "L-OFF", "MI1"]));
    expect(body.total).toBe(codes.length);
    expect(body.data.find((c: any) => c.code === "L-OFF").isActive).toBe(false);
    expect(body.data.find((c: any) => c.code === "MI1").itemCodes.map((c: any) => c.itemCode)).toEqual(["IT-CEB-1", "IT-MNL-1"]);
  });

  it("GET /Charges filters by search, status, category and branch", async () => {
    const list = async (q: string) => (await json(await get(`/Charges?${q}`))).data.map((c: any) => c.code);
    expect(await list("search=list")).toEqual(["L-FRT", "L-OFF", "L-TRK"]);
    expect(await list("search=list&filter=IsActive")).toEqual(["L-FRT", "L-TRK"]);
    expect(await list("search=list&category=FREIGHT")).toEqual(["L-FRT", "L-OFF"]);
    // No applied branches means every branch: L-OFF applies at Cebu too.
    expect(await list("search=list&branchCode=ceb")).toEqual(["L-OFF", "L-TRK"]);
    const empty = await json(await get("/Charges?search=no-such-charge"));
    expect(empty).toEqual({ data: [], total: 0, message: "No more data to load" });
    const bad = await get("/Charges?category=SHIPPING");
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.category[0]).toContain("category must be one of");
  });

  it("the active list narrows by category", async () => {
    const body = await json(await get("/Charges/getIsActive?category=FREIGHT", viewer));
    const codes = body.data.map((c: any) => c.code);
    expect(codes).toContain("L-FRT");
    expect(codes).not.toContain("L-OFF");
    expect(codes).not.toContain("L-TRK");
  });

  it("readByCode answers 404 for an unknown charge", async () => {
    const res = await get("/Charges/readByCode/NOPE");
    expect(res.status).toBe(404);
    expect((await expectErrorBody(res)).message).toBe("Charge NOPE was not found.");
  });
});

describe("charge rules across fields", () => {
  it("keeps a stripping type to stripping or stuffing charges on the plain create and update too", async () => {
    const bad = await t.call("POST", "/api/Charges", { token, body: chargeFields("RUL1", { strippingType: "010" }) });
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.strippingType[0]).toBe("A stripping type can only be set on a stripping or stuffing charge");
    const made = await json(await t.call("POST", "/api/Charges", {
      token,
      body: chargeFields("RUL2", { strippingType: "010", isStrippingStuffingCharge: true }),
    }));
    const turnOff = await t.call("PUT", "/api/Charges/update/RUL2", {
      token,
      body: { isStrippingStuffingCharge: false, dateModified: made.data.dateModified },
    });
    expect(turnOff.status).toBe(400);
    expect((await json(await get("/Charges/readByCode/RUL2"))).data.isStrippingStuffingCharge).toBe(true);
    // Out of the way of the stripping selection tests below.
    expect((await t.call("DELETE", "/api/Charges/delete", { token, body: [made.data.id] })).status).toBe(200);
  });
});

describe("the permit fee flag", () => {
  it("is off unless set, kept when set, and changed like any other field", async () => {
    expect((await createCharge("PF0")).isPermitFee).toBe(false);
    const made = await createCharge("PF1", { name: "Permit fee", isPermitFee: true, isVatable: false });
    expect((await json(await get("/Charges/readByCode/PF1"))).data).toMatchObject({ isPermitFee: true, isVanOut: false, isVatable: false });
    const off = await t.call("PUT", "/api/Charges/update/PF1", { token, body: { isPermitFee: false, dateModified: made.dateModified } });
    expect(off.status).toBe(200);
    expect((await json(await get("/Charges/readByCode/PF1"))).data.isPermitFee).toBe(false);
    const bad = await post("/Charges", chargeFields("PF2", { isPermitFee: "yes" }));
    expect(bad.status).toBe(400);
    expect(Object.keys((await expectErrorBody(bad)).errors)).toContain("isPermitFee");
  });
});

describe("item codes", () => {
  /** The charge's dateModified as an editor loads it. */
  const loadedAt = async (code: string) => (await json(await get(`/Charges/readByCode/${code}`))).data.dateModified as string;
  const putCodes = (code: string, itemCodes: unknown, dateModified: string) =>
    t.call("PUT", `/api/Charges/itemCodes/${code}`, { token, body: { itemCodes, dateModified } });

  it("reads and replaces the item codes of a charge", async () => {
    await createCharge("IC1");
    const empty = await json(await get("/Charges/itemCodes/IC1"));
    expect(empty).toEqual({ data: [], total: 0, message: "Charge IC1 has no item codes yet." });

    const first = await putCodes("ic1", [{ branchCode: "MNL", itemCode: "A-1" }, { branchCode: "CEB", itemCode: "B-1", description: "Cebu" }], await loadedAt("IC1"));
    expect(first.status).toBe(200);
    const saved = await json(first);
    expect(saved.message).toBe("Charge item codes updated successfully");
    expect(saved.data.map((c: any) => [c.chargeCode, c.branchCode, c.itemCode, c.description])).toEqual([
      ["IC1", "CEB", "B-1", "Cebu"],
      ["IC1", "MNL", "A-1", ""],
    ]);
    // The charge moved on with its list.
    expect(saved.charge.dateModified).toBe(await loadedAt("IC1"));

    // What is sent is the whole new list.
    const second = await putCodes("IC1", [{ branchCode: "DVO", itemCode: "C-1" }], saved.charge.dateModified);
    expect(second.status).toBe(200);
    const read = await json(await get("/Charges/itemCodes/IC1", viewer));
    expect(read.data.map((c: any) => [c.branchCode, c.itemCode])).toEqual([["DVO", "C-1"]]);
  });

  it("refuses a list saved over someone else's newer save (409), keeping theirs", async () => {
    await createCharge("IC3");
    const opened = await loadedAt("IC3");
    const lists = [
      [{ branchCode: "MNL", itemCode: "FIRST" }, { branchCode: "CEB", itemCode: "FIRST" }],
      [{ branchCode: "MNL", itemCode: "SECOND" }, { branchCode: "DVO", itemCode: "SECOND" }],
    ];
    // Two editors who opened the charge at the same moment save at once: one wins, the other is told.
    const answers = await Promise.all(lists.map((itemCodes) => putCodes("IC3", itemCodes, opened)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect((await expectErrorBody(loser)).message).toBe("This charge was changed by someone else after you opened it. Reload it and try again.");
    const winner = lists[answers.findIndex((r) => r.status === 200)];
    const read = await json(await get("/Charges/itemCodes/IC3"));
    expect(read.data.map((c: any) => `${c.branchCode}:${c.itemCode}`)).toEqual(winner.map((c) => `${c.branchCode}:${c.itemCode}`).sort());
  });

  it("refuses a bad list and keeps the old one", async () => {
    await createCharge("IC2");
    expect((await putCodes("IC2", [{ branchCode: "MNL", itemCode: "KEEP" }], await loadedAt("IC2"))).status).toBe(200);
    const at = await loadedAt("IC2");
    const bad = [
      { itemCodes: [{ branchCode: "MNL", itemCode: "X" }, { branchCode: "MNL", itemCode: "Y" }], dateModified: at },
      { itemCodes: [{ branchCode: "CEB", itemCode: "X" }, { branchCode: "ATLANTIS", itemCode: "Y" }], dateModified: at },
      { itemCodes: [{ branchCode: "CEB", itemCode: "X".repeat(41) }], dateModified: at },
      { itemCodes: [{ branchCode: "CEB", itemCode: "X", chargeCode: "IC1" }], dateModified: at },
      { itemCodes: "MNL", dateModified: at },
      { itemCodes: [{ branchCode: "CEB", itemCode: "X" }] },
      [{ branchCode: "CEB", itemCode: "X" }],
    ];
    for (const body of bad) {
      const res = await t.call("PUT", "/api/Charges/itemCodes/IC2", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      await expectErrorBody(res);
    }
    const read = await json(await get("/Charges/itemCodes/IC2"));
    expect(read.data.map((c: any) => c.itemCode)).toEqual(["KEEP"]);
    expect(await loadedAt("IC2")).toBe(at);
  });

  it("answers 404 for an unknown charge and 403 without the master data menu", async () => {
    const at = await loadedAt("IC2");
    expect((await get("/Charges/itemCodes/NOPE")).status).toBe(404);
    expect((await putCodes("NOPE", [], at)).status).toBe(404);
    const denied = await t.call("PUT", "/api/Charges/itemCodes/IC2", { token: viewer, body: { itemCodes: [], dateModified: at } });
    expect(denied.status).toBe(403);
    expect((await json(await get("/Charges/itemCodes/IC2"))).data).toHaveLength(1);
  });

  it("getItemCodeFromBase answers the item code of a charge at a branch", async () => {
    const res = await post("/Charges/getItemCodeFromBase", { chargeCode: "mi1", branchCode: "mnl" }, viewer);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({
      chargeCode: "MI1", chargeName: "Wharfage", branchCode: "MNL", branchName: "Manila", itemCode: "IT-MNL-1", description: "Wharfage Manila",
      // No BASE is configured here: the local mirror answers.
      source: "mirror",
    });
    const none = await post("/Charges/getItemCodeFromBase", { chargeCode: "MI1", branchCode: "DVO" });
    expect(none.status).toBe(404);
    expect((await expectErrorBody(none)).message).toBe("Charge MI1 has no item code for branch DVO.");
    const noCharge = await post("/Charges/getItemCodeFromBase", { chargeCode: "NOPE", branchCode: "MNL" });
    expect(noCharge.status).toBe(404);
    expect((await expectErrorBody(noCharge)).errors.chargeCode[0]).toContain("NOPE does not exist");
    const noBranch = await post("/Charges/getItemCodeFromBase", { chargeCode: "MI1", branchCode: "XYZ" });
    expect(noBranch.status).toBe(404);
    const missing = await post("/Charges/getItemCodeFromBase", { chargeCode: "MI1" });
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.branchCode[0]).toBe("Branch is required");
  });
});

describe("POST /Charges/getStrippingStuffingSelection", () => {
  beforeAll(async () => {
    const ss = { category: "STRIPPING_STUFFING", isStrippingStuffingCharge: true };
    await createCharge("S010", { ...ss, strippingType: "010" });
    await createCharge("S011", { ...ss, strippingType: "011", appliedBranches: ["CEB"] });
    await createCharge("SALL", { ...ss, strippingType: "ALL" });
    await createCharge("S012", { ...ss, strippingType: "012" });
    await createCharge("S018", { ...ss, name: "Stuffing mano" });
    const off = await createCharge("SOFF", { ...ss, strippingType: "010" });
    await t.call("PUT", `/api/Charges/activate/${off.id}?isActive=false`, { token });
    await createCharge("SNOT", { strippingType: null });
  });

  const codes = (body: any) => body.data.map((c: any) => c.code);

  it("lists the active stripping and stuffing charges with their stripping types", async () => {
    const res = await post("/Charges/getStrippingStuffingSelection", {}, viewer);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(codes(body)).toEqual(["S010", "S011", "S012", "S018", "SALL"]);
    expect(body.data.find((c: any) => c.code === "S011")).toMatchObject({ strippingType: "011", strippingTypeName: "CY Stripping Mano" });
    expect(body.data.find((c: any) => c.code === "S018")).toMatchObject({ strippingType: null, selections: [] });
    expect(body.strippingTypes.map((s: any) => s.code)).toEqual(["011", "010", "ALL", "012"]);
  });

  it("narrows by stripping type (ALL answers both CY kinds) and by branch", async () => {
    expect(codes(await json(await post("/Charges/getStrippingStuffingSelection", { strippingType: "010" })))).toEqual(["S010", "SALL"]);
    expect(codes(await json(await post("/Charges/getStrippingStuffingSelection", { strippingType: "ALL" })))).toEqual(["S010", "S011", "SALL"]);
    expect(codes(await json(await post("/Charges/getStrippingStuffingSelection", { strippingType: "012" })))).toEqual(["S012"]);
    expect(codes(await json(await post("/Charges/getStrippingStuffingSelection", { strippingType: "011", branchCode: "MNL" })))).toEqual(["SALL"]);
    const bad = await post("/Charges/getStrippingStuffingSelection", { strippingType: "999" });
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.strippingType[0]).toContain("011, 010, ALL, 012");
  });
});

describe("GET /ChargeServicesMatrices", () => {
  it("lists the matrix entries of one charge with names, and narrows by status", async () => {
    const body = await json(await get("/ChargeServicesMatrices?chargeCode=mi1", viewer));
    expect(body.total).toBe(2);
    expect(body.data.map((m: any) => [m.chargeCode, m.serviceModeCode, m.serviceModeName])).toEqual([
      ["MI1", "DTD", "Door to door"],
      ["MI1", "PTP", "Pier to pier"],
    ]);
    const dtd = body.data[0];
    expect((await t.call("PUT", `/api/ChargeServicesMatrices/activate/${dtd.id}?isActive=false`, { token })).status).toBe(200);
    const active = await json(await get("/ChargeServicesMatrices?chargeCode=MI1&filter=IsActive"));
    expect(active.data.map((m: any) => m.serviceModeCode)).toEqual(["PTP"]);
    const byMode = await json(await get("/ChargeServicesMatrices?serviceModeCode=PTP&cargoTypeCode=FCL"));
    expect(byMode.data.map((m: any) => m.chargeCode)).toEqual(["MI1"]);
    const none = await json(await get("/ChargeServicesMatrices?chargeCode=NOPE"));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
    expect((await get("/ChargeServicesMatrices?filter=Sometimes")).status).toBe(400);
  });
});

describe("company policies", () => {
  beforeAll(async () => {
    const add = async (code: string, dateEffective: string, value: string | null, inputtedString = "") => {
      const res = await post("/CompanyPolicies", { code, dateEffective, defaultValueDecimal: value, inputtedString });
      expect(res.status).toBe(201);
      return (await json(res)).data;
    };
    await add("C0001", "2020-01-01", "3");
    await add("C0001", "2024-06-01", "5");
    await add("C0001", "2199-01-01", "9");
    const off = await add("C0002", "2025-01-01", "10");
    await add("C0002", "2021-01-01", "7");
    await t.call("PUT", `/api/CompanyPolicies/activate/${off.id}?isActive=false`, { token });
    await add("C0005", "2023-01-01", "0.0025");
    await add("VAN-OUT FEE IN PESO", "2022-01-01", null, "1500");
  });

  it("ReadListByCode answers every version of a code, newest first", async () => {
    const res = await get("/CompanyPolicies/ReadListByCode/c0001", viewer);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.map((p: any) => [p.dateEffective, p.defaultValueDecimal])).toEqual([
      ["2199-01-01", "9.0000"],
      ["2024-06-01", "5.0000"],
      ["2020-01-01", "3.0000"],
    ]);
    const withInactive = await json(await get("/CompanyPolicies/ReadListByCode/C0002"));
    expect(withInactive.data.map((p: any) => [p.dateEffective, p.isActive])).toEqual([["2025-01-01", false], ["2021-01-01", true]]);
    const spaced = await json(await get(`/CompanyPolicies/ReadListByCode/${encodeURIComponent("VAN-OUT FEE IN PESO")}`));
    expect(spaced.data[0].inputtedString).toBe("1500");
    const none = await json(await get("/CompanyPolicies/ReadListByCode/C0099"));
    expect(none).toEqual({ data: [], total: 0, message: "There is no company policy with code C0099 yet." });
  });

  it("getByList answers the version in force for each code, in the order asked", async () => {
    const res = await post("/CompanyPolicies/getByList", { codes: ["C0005", "c0001", "C0002", "C0099"] }, viewer);
    expect(res.status).toBe(200);
    const body = await json(res);
    // Today: the future C0001 is not yet in force, the newer C0002 is inactive.
    expect(body.data.map((p: any) => [p.code, p.dateEffective])).toEqual([
      ["C0005", "2023-01-01"],
      ["C0001", "2024-06-01"],
      ["C0002", "2021-01-01"],
    ]);
    expect(body.missing).toEqual(["C0099"]);
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const past = await json(await post("/CompanyPolicies/getByList", { codes: ["C0001", "C0005"], date: "2022-12-31" }));
    expect(past.data.map((p: any) => p.defaultValueDecimal)).toEqual(["3.0000"]);
    expect(past.missing).toEqual(["C0005"]);

    const bare = await json(await post("/CompanyPolicies/getByList", ["C0001"]));
    expect(bare.data).toHaveLength(1);
  });

  it("getByList refuses an empty list, a blank code and a bad date", async () => {
    for (const body of [{ codes: [] }, [], { codes: [""] }, { codes: ["C0001"], date: "2024-02-30" }, { nothing: true }]) {
      const res = await post("/CompanyPolicies/getByList", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      await expectErrorBody(res);
    }
  });

  it("GET /CompanyPolicies lists versions by code, newest first, and filters", async () => {
    const body = await json(await get("/CompanyPolicies?code=C0001"));
    expect(body.data.map((p: any) => p.dateEffective)).toEqual(["2199-01-01", "2024-06-01", "2020-01-01"]);
    const active = await json(await get("/CompanyPolicies?filter=IsInactive"));
    expect(active.data.map((p: any) => [p.code, p.dateEffective])).toEqual([["C0002", "2025-01-01"]]);
    const search = await json(await get("/CompanyPolicies?search=van-out"));
    expect(search.data.map((p: any) => p.code)).toEqual(["VAN-OUT FEE IN PESO"]);
  });
});
