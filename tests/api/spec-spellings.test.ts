import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../api/app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { companyPolicies } from "../../db/schema/master-data.ts";
import { createUser, ensureBranch, makeTestApp, signIn, testConfig, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The spellings a client written from the spec uses (000 §7, 001 §7) beside the ones the app declares: each
 * alias answers exactly as its route does, success and refusal alike.
 */

let handle: DatabaseHandle;
let t: TestApp;
let token: string;

const aliases = apiRoutes({ config: testConfig() }).filter((r) => r.spec.aliasOf);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await ensureBranch(handle.db, "MNL", "Manila");
  await ensureBranch(handle.db, "CEB", "Cebu");
  await handle.db.insert(companyPolicies).values([
    { code: "C0004", defaultValueDecimal: "100000", dateEffective: "2025-01-01" },
    { code: "C0004", defaultValueDecimal: "200000", dateEffective: "2026-01-01" },
    { code: "C0005", defaultValueDecimal: "0.0025", dateEffective: "2025-01-01" },
  ]);
  await createUser(handle.db, { userId: "clerk", password: "clerk-password-1", menus: ["MASTERDATA", "VOYAGE"] });
  token = await signIn(t, "clerk", "clerk-password-1");
});
afterAll(() => handle?.close());

/** Status and body of a call, for comparing two spellings whole. */
async function answer(method: string, path: string, body?: unknown, as: string | null = token) {
  const res = await t.call(method, `/api${path}`, { token: as ?? undefined, body });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

/** A written record without what differs between two creates: its id and times. */
function sameRecord(written: { body: Record<string, unknown> }) {
  const { id: _id, dateCreated: _c, dateModified: _m, ...rest } = written.body.data as Record<string, unknown>;
  return { ...written.body, data: rest };
}

describe("the spec's spellings", () => {
  it("are every alias the route table declares", () => {
    expect(aliases.map((r) => `${r.spec.method.toUpperCase()} ${r.spec.path} = ${r.spec.aliasOf!.method.toUpperCase()} ${r.spec.aliasOf!.path}`).sort()).toEqual([
      // 001 §7 lists dwell time among the Bookings reports; the inbound module answers it.
      "GET /Bookings/reports/dwellTime = GET /InBound/dwellTime",
      "GET /Bookings/reports/dwellTime/download = GET /InBound/dwellTime/download",
      "GET /ChargeServicesMatrices/list = GET /ChargeServicesMatrices",
      "GET /CompanyPolicies/getByList = POST /CompanyPolicies/getByList",
      "GET /CompanyPolicies/list = GET /CompanyPolicies",
      "GET /Customers/customerChargesV1 = GET /Customers/customerChargesV1/{code}",
      "GET /Customers/list = GET /Customers",
      "GET /FreightRates/list = GET /FreightRates",
      "GET /PortRates/list = GET /PortRates",
      "GET /TruckingRates/list = GET /TruckingRates",
      "POST /ChargeServicesMatrices/create = POST /ChargeServicesMatrices",
      "POST /CompanyPolicies/create = POST /CompanyPolicies",
      "POST /FreightRates/create = POST /FreightRates",
      "POST /PortRates/create = POST /PortRates",
      "POST /Routes/create = POST /Routes",
      "POST /TruckingRates/create = POST /TruckingRates",
      "POST /Vessels/create = POST /Vessels",
    ]);
  });

  it("POST /Routes/create creates a route as POST /Routes does, and refuses what it refuses", async () => {
    const fields = { name: "Manila to Cebu", originBranchCode: "MNL", destinationBranchCodes: ["CEB"] };
    const viaMain = await answer("POST", "/Routes", { code: "R1", ...fields });
    const viaAlias = await answer("POST", "/Routes/create", { code: "R2", ...fields });
    expect(viaAlias.status).toBe(201);
    expect(viaMain.status).toBe(201);
    expect(sameRecord(viaAlias)).toEqual({ ...sameRecord(viaMain), data: { ...sameRecord(viaMain).data, code: "R2" } });
    const stored = await answer("GET", "/Routes/getRoute/R2");
    expect(stored.status).toBe(200);
    expect((stored.body.data as { name: string }).name).toBe("Manila to Cebu");
    // A code taken, and a body without fields: the same refusal by either spelling.
    const takenMain = await answer("POST", "/Routes", { code: "R2", ...fields });
    expect(takenMain.status).toBe(409);
    expect(await answer("POST", "/Routes/create", { code: "R2", ...fields })).toEqual(takenMain);
    const emptyMain = await answer("POST", "/Routes", {});
    expect(emptyMain.status).toBe(400);
    expect(await answer("POST", "/Routes/create", {})).toEqual(emptyMain);
    const anonymous = await answer("POST", "/Routes", {}, null);
    expect(anonymous.status).toBe(401);
    expect(await answer("POST", "/Routes/create", {}, null)).toEqual(anonymous);
  });

  it("each create word answers as the route's POST: a record, the same refusals, the same guard", async () => {
    const created = await answer("POST", "/CompanyPolicies/create", { code: "C0100", dateEffective: "2026-02-01", defaultValueDecimal: "5" });
    expect(created.status).toBe(201);
    const viaMain = await answer("POST", "/CompanyPolicies", { code: "C0101", dateEffective: "2026-02-01", defaultValueDecimal: "5" });
    expect(sameRecord(created)).toEqual({ ...sameRecord(viaMain), data: { ...sameRecord(viaMain).data, code: "C0100" } });
    for (const resource of ["ChargeServicesMatrices", "CompanyPolicies", "FreightRates", "PortRates", "TruckingRates", "Vessels"]) {
      const main = await answer("POST", `/${resource}`, { code: 5 });
      expect(main.status, resource).toBe(400);
      expect(await answer("POST", `/${resource}/create`, { code: 5 }), resource).toEqual(main);
      const anonymous = await answer("POST", `/${resource}`, {}, null);
      expect(anonymous.status, resource).toBe(401);
      expect(await answer("POST", `/${resource}/create`, {}, null), resource).toEqual(anonymous);
    }
  });

  it("each list word answers as the route's plain GET, filters included", async () => {
    for (const path of ["/ChargeServicesMatrices", "/CompanyPolicies", "/CompanyPolicies?code=C0004", "/FreightRates", "/PortRates", "/TruckingRates", "/Customers?take=5"]) {
      const [resource, query] = path.split("?");
      const main = await answer("GET", path);
      expect(main.status, path).toBe(200);
      expect(await answer("GET", `${resource}/list${query ? `?${query}` : ""}`), path).toEqual(main);
    }
    const policies = await answer("GET", "/CompanyPolicies/list?code=C0004");
    expect((policies.body.data as { defaultValueDecimal: string }[]).map((p) => p.defaultValueDecimal)).toEqual(["200000.0000", "100000.0000"]);
  });

  it("GET /CompanyPolicies/getByList takes the codes (and date) from the query string", async () => {
    const posted = await answer("POST", "/CompanyPolicies/getByList", { codes: ["C0005", "C0004", "C0099"], date: "2025-06-30" });
    expect(posted.status).toBe(200);
    expect((posted.body.data as { code: string }[]).map((p) => p.code)).toEqual(["C0005", "C0004"]);
    expect(posted.body.missing).toEqual(["C0099"]);
    expect(await answer("GET", "/CompanyPolicies/getByList?codes=C0005,C0004,C0099&date=2025-06-30")).toEqual(posted);
    expect(await answer("GET", "/CompanyPolicies/getByList?codes=C0005&codes=C0004&codes=C0099&date=2025-06-30")).toEqual(posted);
    const one = await answer("POST", "/CompanyPolicies/getByList", { codes: ["C0004"] });
    expect(await answer("GET", "/CompanyPolicies/getByList?codes=C0004")).toEqual(one);
    // Refusals name the same fields with the same words.
    const noCodes = await answer("POST", "/CompanyPolicies/getByList", {});
    expect(noCodes.status).toBe(400);
    expect(await answer("GET", "/CompanyPolicies/getByList")).toEqual(noCodes);
    const badDate = await answer("POST", "/CompanyPolicies/getByList", { codes: ["C0004"], date: "30/06/2025" });
    expect(badDate.status).toBe(400);
    expect(await answer("GET", "/CompanyPolicies/getByList?codes=C0004&date=30/06/2025")).toEqual(badDate);
    const anonymous = await answer("POST", "/CompanyPolicies/getByList", { codes: ["C0004"] }, null);
    expect(anonymous.status).toBe(401);
    expect(await answer("GET", "/CompanyPolicies/getByList?codes=C0004", undefined, null)).toEqual(anonymous);
  });

  it("GET /Customers/customerChargesV1 takes the customer code from the query string", async () => {
    const created = await answer("POST", "/Customers/createWithDetailsV1", {
      code: "SP1", company: "Spelling Trading", firstName: "Ana", lastName: "Reyes", address: "1 Bay St, Manila",
      contactNum: "0917 000 0001", customerContactEmail: "sp1@example.test", customerType: "SHIPPER",
    });
    expect(created.status).toBe(201);
    const main = await answer("GET", "/Customers/customerChargesV1/SP1");
    expect(main).toEqual({ status: 200, body: { data: { customerCode: "SP1", charges: [] } } });
    expect(await answer("GET", "/Customers/customerChargesV1?code=sp1")).toEqual(await answer("GET", "/Customers/customerChargesV1/sp1"));
    expect(await answer("GET", "/Customers/customerChargesV1?code=SP1")).toEqual(main);
    const unknown = await answer("GET", "/Customers/customerChargesV1/NOBODY");
    expect(unknown.status).toBe(404);
    expect(await answer("GET", "/Customers/customerChargesV1?code=NOBODY")).toEqual(unknown);
    const tooLong = await answer("GET", `/Customers/customerChargesV1/${"X".repeat(21)}`);
    expect(tooLong.status).toBe(400);
    expect(await answer("GET", `/Customers/customerChargesV1?code=${"X".repeat(21)}`)).toEqual(tooLong);
    const missing = await answer("GET", "/Customers/customerChargesV1");
    expect(missing).toEqual({ status: 400, body: { message: "Please correct the invalid fields.", errors: { "": ["code: code is required"], code: ["code is required"] } } });
  });

  it("match regardless of letter case, as every route does", async () => {
    const created = await answer("POST", "/routes/CREATE", { code: "R3", name: "Cebu to Manila", originBranchCode: "CEB", destinationBranchCodes: ["MNL"] });
    expect(created.status).toBe(201);
    expect((created.body.data as { code: string }).code).toBe("R3");
    const main = await answer("GET", "/CompanyPolicies?code=C0005");
    expect(await answer("GET", "/companypolicies/LIST?code=C0005")).toEqual(main);
  });
});
