import { eq } from "drizzle-orm";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customersForExport } from "../../api/modules/master-data/customers/service.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { areas, charges, companyPolicies, customerAddresses, customerCharges, customers } from "../../db/schema/master-data.ts";
import { buildCustomersWorkbook, CUSTOMERS_XLSX_NAME } from "../../templates/exports/customers.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let plainToken: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await ensureBranch(db, "MNL", "Manila");
  await db.insert(areas).values({ code: "TONDO", name: "Tondo", branchCode: "MNL" });
  const charge = { category: "OTHER", chargeClass: "BOTH", unitOfMeasure: "perTeu", effectiveDateBasis: "BOOKING_DATE" };
  await db.insert(charges).values([
    { code: "CX1", name: "Documentation", ...charge },
    { code: "CX2", name: "Handling", ...charge },
  ]);
  await db.insert(companyPolicies).values([
    { code: "C0004", defaultValueDecimal: "100000", dateEffective: "2025-01-01" },
    { code: "C0004", defaultValueDecimal: "200000", dateEffective: "2026-01-01" },
    { code: "C0005", defaultValueDecimal: "0.0025", dateEffective: "2025-01-01" },
  ]);
  await createUser(db, { userId: "md", password: "md-password-1", menus: ["MASTERDATA"] });
  await createUser(db, { userId: "sales", password: "sales-password-1", menus: ["SALESQUOTATION"] });
  token = await signIn(t, "md", "md-password-1");
  plainToken = await signIn(t, "sales", "sales-password-1");
});
afterAll(() => handle?.close());

const json = (res: Response) => res.json() as Promise<any>;

const base = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  company: `Company ${code}`,
  firstName: "Juan",
  middleInitial: "D",
  lastName: "Cruz",
  address: "12 Rizal St, Manila",
  contactNum: "0917 000 0000",
  customerContactEmail: `${code.toLowerCase()}@example.test`,
  customerType: "SHIPPER",
  ...extra,
});

async function create(code: string, extra: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/api/Customers/createWithDetailsV1", { token, body: base(code, extra) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data;
}

const countOf = async (table: typeof customers | typeof customerAddresses | typeof customerCharges) =>
  (await handle.db.select().from(table)).length;

describe("createWithDetailsV1 and getWithDetailsV1", () => {
  it("creates the customer with its addresses and charges and reads them back", async () => {
    const res = await t.call("POST", "/api/Customers/createWithDetailsV1", {
      token,
      body: base("CD1", {
        addresses: [
          { label: "Warehouse", street: "Pier 4", city: "Manila", province: "Metro Manila", areaCode: "TONDO" },
          { label: "Office", city: "Makati", province: "Metro Manila", isDefault: true },
        ],
        charges: [{ chargeCode: "CX1", amount: "1500" }, { chargeCode: "CX2", amount: 250.5 }],
      }),
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Customer added successfully");
    expect(body.data).toMatchObject({ code: "CD1", company: "Company CD1", isActive: true, userCreated: "md" });
    expect(body.data.addresses.map((a: any) => a.label)).toEqual(["Office", "Warehouse"]);
    expect(body.data.charges).toMatchObject([
      { chargeCode: "CX1", chargeName: "Documentation", amount: "1500.00" },
      { chargeCode: "CX2", chargeName: "Handling", amount: "250.50" },
    ]);
    const got = await json(await t.call("GET", `/api/Customers/getWithDetailsV1/${body.data.id}`, { token }));
    expect(got.data.code).toBe("CD1");
    expect(got.data.addresses).toHaveLength(2);
    expect(got.data.addresses[1]).toMatchObject({ customerCode: "CD1", areaCode: "TONDO", street: "Pier 4" });
    expect(got.data.charges.map((c: any) => c.amount)).toEqual(["1500.00", "250.50"]);
  });

  it("writes nothing when a detail names a charge or area that does not exist", async () => {
    const before = [await countOf(customers), await countOf(customerAddresses), await countOf(customerCharges)];
    const badCharge = await t.call("POST", "/api/Customers/createWithDetailsV1", {
      token,
      body: base("CD2", { addresses: [{ city: "Cebu", province: "Cebu" }], charges: [{ chargeCode: "NOPE", amount: "1" }] }),
    });
    expect(badCharge.status).toBe(400);
    expect((await expectErrorBody(badCharge)).errors.charges[0]).toContain("Charge NOPE does not exist");
    const badArea = await t.call("POST", "/api/Customers/createWithDetailsV1", {
      token,
      body: base("CD2", { addresses: [{ city: "Cebu", province: "Cebu", areaCode: "NOWHERE" }] }),
    });
    expect(badArea.status).toBe(400);
    expect((await json(badArea)).errors.addresses[0]).toContain("Area NOWHERE does not exist");
    expect([await countOf(customers), await countOf(customerAddresses), await countOf(customerCharges)]).toEqual(before);
  });

  it("refuses bad shapes field by field: missing email, two default addresses, a charge twice, a negative amount", async () => {
    const before = await countOf(customers);
    const noEmail = await t.call("POST", "/api/Customers/createWithDetailsV1", { token, body: { ...base("CD3"), customerContactEmail: "" } });
    expect(noEmail.status).toBe(400);
    expect((await json(noEmail)).errors.customerContactEmail[0]).toContain("Email address is required");
    const twoDefaults = await t.call("POST", "/api/Customers/createWithDetailsV1", {
      token,
      body: base("CD3", { addresses: [{ city: "A", province: "P", isDefault: true }, { city: "B", province: "P", isDefault: true }] }),
    });
    expect(twoDefaults.status).toBe(400);
    expect((await json(twoDefaults)).errors.addresses[0]).toBe("Only one address can be the default");
    const twice = await t.call("POST", "/api/Customers/createWithDetailsV1", {
      token,
      body: base("CD3", { charges: [{ chargeCode: "CX1", amount: "1" }, { chargeCode: "cx1", amount: "2" }] }),
    });
    expect(twice.status).toBe(400);
    expect((await json(twice)).errors["charges.1.chargeCode"][0]).toContain("listed twice");
    const negative = await t.call("POST", "/api/Customers/createWithDetailsV1", {
      token,
      body: base("CD3", { charges: [{ chargeCode: "CX1", amount: "-5" }] }),
    });
    expect(negative.status).toBe(400);
    expect(await countOf(customers)).toBe(before);
  });

  it("answers 409 on a duplicate code, whatever its letter case, and 404 for an unknown id", async () => {
    await create("CDUP");
    const dup = await t.call("POST", "/api/Customers/createWithDetailsV1", { token, body: base("cdup") });
    expect(dup.status).toBe(409);
    expect((await json(dup)).message).toBe("Customer code cdup already exists.");
    expect((await t.call("GET", "/api/Customers/getWithDetailsV1/999999", { token })).status).toBe(404);
    expect((await t.call("GET", "/api/Customers/getWithDetailsV1/abc", { token })).status).toBe(400);
  });

  it("needs the MASTERDATA menu to write", async () => {
    const res = await t.call("POST", "/api/Customers/createWithDetailsV1", { token: plainToken, body: base("CD4") });
    expect(res.status).toBe(403);
    expect(await handle.db.select().from(customers).where(eq(customers.code, "CD4"))).toHaveLength(0);
  });
});

describe("updateWithDetailsV1", () => {
  it("replaces the lists it is given, keeps the ones it is not, and refuses a stale dateModified", async () => {
    const created = await create("CU1", {
      addresses: [{ city: "Manila", province: "Metro Manila" }],
      charges: [{ chargeCode: "CX1", amount: "100" }],
    });
    const first = await t.call("PUT", `/api/Customers/updateWithDetailsV1/${created.id}`, {
      token,
      body: { company: "Renamed Co", dateModified: created.dateModified, charges: [{ chargeCode: "CX2", amount: "75.25" }] },
    });
    expect(first.status).toBe(200);
    const updated = await json(first);
    expect(updated.message).toBe("Customer updated successfully");
    expect(updated.data.company).toBe("Renamed Co");
    expect(updated.data.charges.map((c: any) => [c.chargeCode, c.amount])).toEqual([["CX2", "75.25"]]);
    expect(updated.data.addresses.map((a: any) => a.city)).toEqual(["Manila"]);

    // Someone who opened the record before that save must not overwrite it, details included.
    const stale = await t.call("PUT", `/api/Customers/updateWithDetailsV1/${created.id}`, {
      token,
      body: { company: "Overwrite", dateModified: created.dateModified, addresses: [] },
    });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toContain("changed by someone else");
    const after = await json(await t.call("GET", `/api/Customers/getWithDetailsV1/${created.id}`, { token }));
    expect(after.data.company).toBe("Renamed Co");
    expect(after.data.addresses).toHaveLength(1);
  });

  it("rolls back the customer's fields when a detail is bad", async () => {
    const created = await create("CU2", { charges: [{ chargeCode: "CX1", amount: "10" }] });
    const res = await t.call("PUT", `/api/Customers/updateWithDetailsV1/${created.id}`, {
      token,
      body: { company: "Should Not Stick", dateModified: created.dateModified, charges: [{ chargeCode: "MISSING", amount: "1" }] },
    });
    expect(res.status).toBe(400);
    const after = await json(await t.call("GET", `/api/Customers/getWithDetailsV1/${created.id}`, { token }));
    expect(after.data.company).toBe("Company CU2");
    expect(after.data.dateModified).toBe(created.dateModified);
    expect(after.data.charges.map((c: any) => c.chargeCode)).toEqual(["CX1"]);
  });

  it("needs dateModified and answers 404 for an unknown id", async () => {
    const created = await create("CU3");
    const missing = await t.call("PUT", `/api/Customers/updateWithDetailsV1/${created.id}`, { token, body: { company: "X" } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).errors.dateModified).toBeDefined();
    const unknown = await t.call("PUT", "/api/Customers/updateWithDetailsV1/999999", { token, body: { company: "X", dateModified: created.dateModified } });
    expect(unknown.status).toBe(404);
  });
});

describe("deleteV1 and activation", () => {
  it("deletes customers with their details, all or none", async () => {
    const a = await create("CR1", { addresses: [{ city: "Manila", province: "Metro Manila" }], charges: [{ chargeCode: "CX1", amount: "1" }] });
    const b = await create("CR2");
    const partial = await t.call("DELETE", "/api/Customers/deleteV1", { token, body: [a.id, 999999] });
    expect(partial.status).toBe(404);
    expect((await t.call("GET", `/api/Customers/getWithDetailsV1/${a.id}`, { token })).status).toBe(200);
    const empty = await t.call("DELETE", "/api/Customers/deleteV1", { token, body: [] });
    expect(empty.status).toBe(400);
    const res = await t.call("DELETE", "/api/Customers/deleteV1", { token, body: { ids: [a.id, b.id] } });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe("Customer deleted successfully");
    expect((await t.call("GET", `/api/Customers/getWithDetailsV1/${a.id}`, { token })).status).toBe(404);
    expect(await handle.db.select().from(customerAddresses).where(eq(customerAddresses.customerCode, "CR1"))).toHaveLength(0);
    expect(await handle.db.select().from(customerCharges).where(eq(customerCharges.customerCode, "CR1"))).toHaveLength(0);
  });

  it("activates and deactivates with ?isActive&userId as the spec sends it", async () => {
    const c = await create("CA1");
    const off = await t.call("PUT", `/api/Customers/activate/${c.id}?isActive=false&userId=md`, { token });
    expect(off.status).toBe(200);
    expect((await json(off)).message).toBe("Customer deactivated successfully");
    const payors = await json(await t.call("GET", "/api/Customers/searchPayor?search=CA1", { token }));
    expect(payors.total).toBe(0);
    const on = await t.call("PUT", `/api/Customers/activate/${c.id}?isActive=true&userId=md`, { token });
    expect((await json(on)).message).toBe("Customer activated successfully");
    const bad = await t.call("PUT", `/api/Customers/activate/${c.id}?isActive=maybe&userId=md`, { token });
    expect(bad.status).toBe(400);
  });
});

describe("lists and searches", () => {
  beforeAll(async () => {
    const rows = [
      ["SR01", "Harbor Lines", "SHIPPER", { isPayor: true, accountExecutiveId: "ae1" }],
      ["SR02", "Harborview Foods", "CONSIGNEE", { isPayor: false, isCollectionPayor: true, accountExecutiveId: "ae1" }],
      ["SR03", "Blue HARBOR Trading", "BOTH", { isPayor: true, isCollectionPayor: true, accountExecutiveId: "ae2" }],
      ["SR04", "Mountain Goods", "SHIPPER", { isPayor: false, accountExecutiveId: "ae1", firstName: "Harbie" }],
      ["SR05", "Harbor 100% Rice", "CONSIGNEE", { isPayor: true }],
    ] as const;
    for (const [code, company, customerType, extra] of rows) await create(code, { company, customerType, ...extra });
    // An inactive harbor customer: the lookups leave it out, the load call shows it by filter.
    const gone = await create("SR06", { company: "Harbor Closed Inc", customerType: "BOTH", isCollectionPayor: true, accountExecutiveId: "ae1" });
    await t.call("PUT", `/api/Customers/activate/${gone.id}?isActive=false`, { token });
  });

  const codes = (body: any) => body.data.map((c: any) => c.code);

  it("POST /Customers/load pages by company and filters by status, active flag, code and search", async () => {
    const all = await json(await t.call("POST", "/api/Customers/load", { token, body: { skip: 0, take: 2, search: "harb" } }));
    expect(all.total).toBe(6);
    expect(codes(all)).toEqual(["SR03", "SR05"]);
    const next = await json(await t.call("POST", "/api/Customers/load", { token, body: { skip: 2, take: 10, search: "HARB" } }));
    expect(codes(next)).toEqual(["SR06", "SR01", "SR02", "SR04"]);
    const active = await json(await t.call("POST", "/api/Customers/load", { token, body: { take: 50, search: "harb", isActive: true } }));
    expect(codes(active)).not.toContain("SR06");
    expect(active.total).toBe(5);
    const inactive = await json(await t.call("POST", "/api/Customers/load", { token, body: { take: 50, search: "harb", filter: "IsInactive" } }));
    expect(codes(inactive)).toEqual(["SR06"]);
    const byCode = await json(await t.call("POST", "/api/Customers/load", { token, body: { code: "sr02" } }));
    expect(codes(byCode)).toEqual(["SR02"]);
    const literal = await json(await t.call("POST", "/api/Customers/load", { token, body: { search: "100%" } }));
    expect(codes(literal)).toEqual(["SR05"]);
    const none = await json(await t.call("POST", "/api/Customers/load", { token, body: { search: "no-such-customer" } }));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("POST /Customers/load refuses bad paging and filters", async () => {
    for (const body of [{ take: 0 }, { take: 500 }, { skip: -1 }, { filter: "Sometimes" }, { isActive: "yes" }, { search: "x".repeat(101) }]) {
      const res = await t.call("POST", "/api/Customers/load", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      await expectErrorBody(res);
    }
  });

  it("GET /Customers lists a page at a time", async () => {
    const page = await json(await t.call("GET", "/api/Customers?skip=0&take=3&search=harb&filter=IsActive", { token: plainToken }));
    expect(page.total).toBe(5);
    expect(codes(page)).toEqual(["SR03", "SR05", "SR01"]);
    expect((await t.call("GET", "/api/Customers?take=201", { token })).status).toBe(400);
  });

  it("searchShipperConsignee finds active customers of either side, or one side with type", async () => {
    const any = await json(await t.call("GET", "/api/Customers/searchShipperConsignee?search=harb&take=50", { token: plainToken }));
    expect(codes(any).sort()).toEqual(["SR01", "SR02", "SR03", "SR04", "SR05"]);
    const shippers = await json(await t.call("GET", "/api/Customers/searchShipperConsignee?search=harb&type=SHIPPER", { token: plainToken }));
    expect(codes(shippers).sort()).toEqual(["SR01", "SR03", "SR04"]);
    const consignees = await json(await t.call("GET", "/api/Customers/searchShipperConsignee?search=harb&type=CONSIGNEE&skip=1&take=1", { token }));
    expect(consignees.total).toBe(3);
    expect(codes(consignees)).toEqual(["SR05"]);
    expect((await t.call("GET", "/api/Customers/searchShipperConsignee?type=BROKER", { token })).status).toBe(400);
  });

  it("searchPayor and searchCollectionPayor keep to their flags", async () => {
    const payors = await json(await t.call("GET", "/api/Customers/searchPayor?search=harb", { token: plainToken }));
    expect(codes(payors)).toEqual(["SR03", "SR05", "SR01"]);
    const collection = await json(await t.call("GET", "/api/Customers/searchCollectionPayor?search=harb", { token: plainToken }));
    expect(codes(collection)).toEqual(["SR03", "SR02"]);
    expect((await t.call("GET", "/api/Customers/searchPayor?skip=-3", { token })).status).toBe(400);
  });

  it("searchByAccountExecutive lists one executive's active customers", async () => {
    const ae1 = await json(await t.call("GET", "/api/Customers/searchByAccountExecutive/ae1?search=har", { token: plainToken }));
    expect(codes(ae1)).toEqual(["SR01", "SR02", "SR04"]);
    const none = await json(await t.call("GET", "/api/Customers/searchByAccountExecutive/nobody", { token }));
    expect(none).toEqual({ data: [], total: 0, message: "No more data to load" });
    expect((await t.call("GET", `/api/Customers/searchByAccountExecutive/${"a".repeat(51)}`, { token })).status).toBe(400);
  });
});

describe("customerChargesV1 and the rates basis", () => {
  it("answers a customer's agreed charges by code", async () => {
    await create("CC1", { charges: [{ chargeCode: "CX2", amount: "12.5" }, { chargeCode: "CX1", amount: "3" }] });
    const res = await json(await t.call("GET", "/api/Customers/customerChargesV1/cc1", { token: plainToken }));
    expect(res.data.customerCode).toBe("CC1");
    expect(res.data.charges.map((c: any) => [c.chargeCode, c.chargeName, c.amount])).toEqual([
      ["CX1", "Documentation", "3.00"],
      ["CX2", "Handling", "12.50"],
    ]);
    const unknown = await t.call("GET", "/api/Customers/customerChargesV1/NOBODY", { token });
    expect(unknown.status).toBe(404);
  });

  it("reads and switches between per-TEU and per-bag rating", async () => {
    const c = await create("RB1");
    const before = await json(await t.call("GET", "/api/Customers/ratesBasis/RB1", { token: plainToken }));
    expect(before.data).toMatchObject({ code: "RB1", isPerBag: false, rateUnit: "perTeu", label: "Per TEU" });
    const set = await t.call("PUT", `/api/Customers/ratesBasis/${c.id}?isPerBag=true`, { token });
    expect(set.status).toBe(200);
    expect((await json(set)).message).toBe("Customer updated successfully");
    const after = await json(await t.call("GET", "/api/Customers/ratesBasis/rb1", { token }));
    expect(after.data).toMatchObject({ isPerBag: true, rateUnit: "perBag", label: "Per BAG" });
    expect((await t.call("PUT", `/api/Customers/ratesBasis/${c.id}?isPerBag=sometimes`, { token })).status).toBe(400);
    expect((await t.call("PUT", "/api/Customers/ratesBasis/999999?isPerBag=true", { token })).status).toBe(404);
    expect((await t.call("PUT", `/api/Customers/ratesBasis/${c.id}?isPerBag=false`, { token: plainToken })).status).toBe(403);
    const still = await json(await t.call("GET", "/api/Customers/ratesBasis/RB1", { token }));
    expect(still.data.isPerBag).toBe(true);
    expect((await t.call("GET", "/api/Customers/ratesBasis/NOBODY", { token })).status).toBe(404);
  });
});

describe("computeInsuranceWithOtherCharges", () => {
  const call = (body: unknown) => t.call("POST", "/api/Customers/computeInsuranceWithOtherCharges", { token: plainToken, body });

  it("uses the policies in force on the date and insures the other charges too", async () => {
    const res = await call({ date: "2025-06-30", teu: 2, otherCharges: [{ chargeCode: "CX1", amount: "1000" }, { amount: "500.50" }] });
    expect(res.status).toBe(200);
    // (2 × 100000 + 1500.50) × 0.0025 = 503.75125 -> 503.75
    expect((await json(res)).data).toMatchObject({
      date: "2025-06-30",
      insuredValuePerTeu: "100000.00",
      otherChargesTotal: "1500.50",
      insuredValue: "201500.50",
      rate: "0.0025",
      premium: "503.75",
    });
    const later = await json(await call({ date: "2026-01-01", teu: "1" }));
    expect(later.data).toMatchObject({ insuredValuePerTeu: "200000.00", insuredValue: "200000.00", premium: "500.00" });
  });

  it("rounds the premium once: C0004 123,456.78 × 3 TEU × C0005 0.0027 = 999.999918 gives 1,000.00", async () => {
    // Policies in force only from 2030, so the other cases of this file do not see them.
    await handle.db.insert(companyPolicies).values([
      { code: "C0004", defaultValueDecimal: "123456.78", dateEffective: "2030-01-01" },
      { code: "C0005", defaultValueDecimal: "0.0027", dateEffective: "2030-01-01" },
    ]);
    const res = await call({ date: "2030-01-01", teu: 3 });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ insuredValuePerTeu: "123456.78", insuredValue: "370370.34", rate: "0.0027", premium: "1000.00" });
  });

  it("refuses a date before any policy (409: the policies must be set up) and bad input (400)", async () => {
    const early = await call({ date: "2024-12-31", teu: 1 });
    expect(early.status).toBe(409);
    const message = (await expectErrorBody(early)).message;
    expect(message).toContain("C0004");
    expect(message).toContain("Master Data > Company policies");
    expect((await call({ date: "2025-02-30", teu: 1 })).status).toBe(400);
    expect((await call({ teu: -1 })).status).toBe(400);
    expect((await call({ date: "2025-06-30" })).status).toBe(400);
    expect((await call({ date: "2025-06-30", teu: 1, otherCharges: [{ amount: "abc" }] })).status).toBe(400);
  });
});

describe("Customer_List.xlsx", () => {
  it("has the spec's columns and one row per customer of the search, in list order", async () => {
    await create("EX1", { company: "Export Alpha", firstName: "Ana", middleInitial: "", lastName: "Reyes", address: "1 Bay St", contactNum: "111", customerContactEmail: "ana@example.test" });
    await create("EX2", { company: "Export Beta", firstName: "Ben", middleInitial: "Q.", lastName: "Santos", address: "2 Port Rd", contactNum: "222", customerContactEmail: "ben@example.test" });
    const rows = await customersForExport(handle.db, { search: "export" });
    expect(rows.map((r) => r.code)).toEqual(["EX1", "EX2"]);
    const bytes = buildCustomersWorkbook(rows);
    expect(CUSTOMERS_XLSX_NAME).toBe("Customer_List.xlsx");
    const book = XLSX.read(bytes, { type: "array" });
    const sheet = book.Sheets[book.SheetNames[0]];
    const table = XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null });
    expect(table).toEqual([
      ["No", "Company", "Customer Name", "Address", "Contact Number", "Email Address"],
      [1, "Export Alpha", "Ana Reyes", "1 Bay St", "111", "ana@example.test"],
      [2, "Export Beta", "Ben Q. Santos", "2 Port Rd", "222", "ben@example.test"],
    ]);
    const everyone = await customersForExport(handle.db);
    expect(everyone.length).toBe(await countOf(customers));
  });
});

describe("OpenAPI", () => {
  it("documents the customer calls with their permissions", async () => {
    const res = await t.call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.paths["/api/Customers/createWithDetailsV1"].post["x-permission"]).toBe("MASTERDATA");
    expect(doc.paths["/api/Customers/searchByAccountExecutive/{aeId}"].get["x-permission"]).toBe("authenticated");
    expect(doc.paths["/api/Customers/load"].post).toBeDefined();
    expect(doc.paths["/api/Customers/load"].get).toBeDefined();
  });
});
