import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
/** A user without any menu: the lists are open to everyone signed in. */
let token: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await createUser(handle.db, { userId: "lists", password: "lists-password-1", menus: [] });
  token = await signIn(t, "lists", "lists-password-1");
});
afterAll(() => handle?.close());

const json = (res: Response) => res.json() as Promise<any>;

async function get(path: string) {
  const res = await t.call("GET", path, { token });
  expect(res.status, path).toBe(200);
  return (await json(res)).data;
}

describe("GET /Dbconstants", () => {
  it("answers every reference list with the spec's entries in the spec's order", async () => {
    const data = await get("/api/Dbconstants");
    expect(Object.keys(data).sort()).toEqual([
      "chargeCodes", "chargeParts", "containerVanConditions", "damageParts", "damageTypes", "packagingTypes",
      "policyCodes", "rateUnits", "strippingTypeCodes", "vesselStatusActivities",
    ]);
    expect(data.packagingTypes).toEqual(["Box", "Crates", "Drum", "Rolls", "Sacks"]);
    expect(data.damageTypes).toEqual(["Cracked", "Collapsed", "Torn", "Scratched", "Dented", "Loose", "Missing", "Punctured", "Corroded"]);
    expect(data.damageParts).toHaveLength(14);
    expect(data.damageParts[0]).toBe("Roof Panel");
    expect(data.damageParts).toContain("Forklift Pocket");
    expect(data.damageParts.at(-1)).toBe("Cross Member");
    expect(data.containerVanConditions).toEqual(["Full", "Empty", "Sold", "For Scrap", "In Repair", "Storage", "Container Van Office"]);
    expect(data.chargeParts).toEqual(["FREIGHT", "PORT_ORIGIN", "PORT_DESTINATION", "TRUCKING_ORIGIN", "TRUCKING_DESTINATION"]);
    expect(data.rateUnits).toEqual([
      { id: "perTeu", label: "Per TEU" },
      { id: "perBag", label: "Per BAG" },
      { id: "perTon", label: "Per TON" },
    ]);
  });

  it("groups the vessel activities by status", async () => {
    const { vesselStatusActivities } = await get("/api/Dbconstants");
    expect(vesselStatusActivities.map((s: { status: string }) => s.status)).toEqual(["Docking", "In Transit", "Anchorage", "Drydocking"]);
    const byStatus = new Map(vesselStatusActivities.map((s: { status: string; activities: string[] }) => [s.status, s.activities]));
    expect(byStatus.get("Anchorage")).toContain("Waiting Berthing Window");
    expect(byStatus.get("Docking")).not.toContain("Waiting Berthing Window");
    expect(byStatus.get("In Transit")).toEqual(["In Transit", "Repair", "Shelter"]);
    expect(byStatus.get("Drydocking")).toEqual(["Repair and Maintenance", "Examination"]);
  });

  it("names the charge, stripping and policy codes", async () => {
    const data = await get("/api/Dbconstants");
    const charge = (code: string) => data.chargeCodes.find((c: { code: string }) => c.code === code);
    expect(charge("001")).toMatchObject({ name: "Freight", part: "FREIGHT" });
    expect(charge("005").name).toBe("Wharfage");
    expect(charge("013")).toMatchObject({ part: "TRUCKING_ORIGIN" });
    expect(charge("016").name).toBe("Permit fee");
    expect(charge("INS").name).toBe("Insurance premium");
    expect(charge("BSC").name).toBe("Fuel surcharge");
    expect(charge("019")).toBeUndefined();
    expect(data.chargeCodes.map((c: { code: string }) => c.code).slice(0, 7)).toEqual(["001", "002", "003", "004", "007", "008", "005"]);

    expect(data.strippingTypeCodes.map((s: { code: string }) => s.code)).toEqual(["011", "010", "ALL", "012"]);
    expect(data.strippingTypeCodes.find((s: { code: string }) => s.code === "012").name).toBe("Door Delivery with Stripping Mano");

    const policy = (code: string) => data.policyCodes.find((p: { code: string }) => p.code === code);
    expect(policy("C0004").meaning).toMatch(/insured value per 20-foot van/i);
    expect(policy("C0001").meaning).toMatch(/free storage days/i);
    expect(policy("C0013").meaning).toMatch(/detention fee/i);
    expect(policy("C0006")).toBeUndefined();
  });

  it("refuses a caller without a token", async () => {
    for (const path of ["/api/Dbconstants", "/api/Dbconstants/damageTypes", "/api/DbconstantsRoles"]) {
      const res = await t.call("GET", path);
      expect(res.status, path).toBe(401);
    }
  });
});

describe("GET /Dbconstants/{list}", () => {
  it("answers one list by its key, whatever the letter case", async () => {
    expect(await get("/api/Dbconstants/damageTypes")).toContain("Corroded");
    expect(await get("/api/Dbconstants/DAMAGETYPES")).toEqual(await get("/api/Dbconstants/damagetypes"));
    expect(await get("/api/Dbconstants/rateunits")).toHaveLength(3);
    const policies = await get("/api/Dbconstants/policyCodes");
    expect(policies.find((p: { code: string }) => p.code === "C0004").meaning).toMatch(/20-foot van/);
  });

  it("answers 404 naming the known lists for an unknown key", async () => {
    const res = await t.call("GET", "/api/Dbconstants/containerColors", { token });
    expect(res.status).toBe(404);
    const body = await expectErrorBody(res);
    expect(body.message).toContain("containerColors");
    expect(body.message).toContain("damageTypes");
    expect(body.message).toContain("vesselStatusActivities");
  });
});

describe("GET /DbconstantsRoles", () => {
  it("answers the menus and capabilities a role can grant, with labels", async () => {
    const data = await get("/api/DbconstantsRoles");
    expect(data.menus).toHaveLength(11);
    expect(data.menus[0]).toEqual({ menuId: "MASTERDATA", label: "Master Data" });
    expect(data.menus).toContainEqual({ menuId: "CUSTOMER", label: "Customer Request" });
    expect(data.capabilities).toContainEqual({ id: "SQ_AE", label: "Account executive (AE)", group: "Sales quotation list" });
    expect(data.capabilities).toContainEqual({ id: "SOUNDING_REPORT", label: "Sounding Report", group: "Reports" });
  });
});
