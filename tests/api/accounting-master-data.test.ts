import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The tax particulars of master data (issue 23 item 1): the seller's registered name, business style and TIN
 * with its branch code on the branch; the charge's tax class and pass-through flag; the buyer's VAT registration,
 * withholding and top-withholding-agent flag on the customer. Declared once with their entities, checked, and
 * audited with their values before and after, like the other money fields.
 */

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
const json = (res: Response) => res.json() as Promise<any>;
const call = (method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token, body });
const auditOf = (target: string) => handle.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(asc(auditLog.id));

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  await createUser(handle.db, { userId: "md-tax", password: "md-tax-password-1", menus: ["MASTERDATA"] });
  token = await signIn(t, "md-tax", "md-tax-password-1");
}, 60_000);
afterAll(() => handle?.close());

describe("a branch's seller particulars", () => {
  it("takes a TIN only with its branch code, and audits a change of the particulars, not of the name", async () => {
    const made = await call("POST", "/Branches", { code: "TAX1", name: "Tax Branch", address: "Pier 9, Manila" });
    expect(made.status).toBe(201);
    const branch = (await json(made)).data;
    expect([branch.registeredName, branch.businessStyle, branch.tin]).toEqual(["", "", ""]);
    const bad = await call("PUT", `/Branches/update/${branch.id}`, { dateModified: branch.dateModified, tin: "009284517" });
    const refusal = await json(bad);
    expect([bad.status, refusal.errors.tin]).toEqual([400, ["TIN with branch code is written 123-456-789-00001 (the TIN and the branch code)"]]);
    const set = await call("PUT", `/Branches/update/${branch.id}`, {
      dateModified: branch.dateModified, registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines", tin: "009-284-517-00009",
    });
    const saved = (await json(set)).data;
    expect([set.status, saved.registeredName, saved.tin]).toEqual([200, "Lading Shipping Lines, Inc.", "009-284-517-00009"]);
    const renamed = await call("PUT", `/Branches/update/${branch.id}`, { dateModified: saved.dateModified, name: "Tax Branch North" });
    expect(renamed.status).toBe(200);
    const audit = await auditOf("branch:TAX1");
    expect(audit.map((a) => [a.action, a.detail])).toEqual([
      ["TAX_PARTICULARS_ADDED", { recordId: branch.id, before: null, after: { registeredName: "", businessStyle: "", tin: "", address: "Pier 9, Manila" } }],
      ["TAX_PARTICULARS_CHANGED", {
        recordId: branch.id,
        before: { registeredName: "", businessStyle: "", tin: "" },
        after: { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines", tin: "009-284-517-00009" },
      }],
    ]);
  });
});

describe("a charge's tax class and pass-through", () => {
  it("is VATable unless said otherwise, and an exempt or zero-rated charge is not VAT-able", async () => {
    const base = { name: "Tax test", category: "OTHER", chargeClass: "BOTH", unitOfMeasure: "perTeu", effectiveDateBasis: "BOOKING_DATE" };
    const plain = await call("POST", "/Charges", { ...base, code: "TX1" });
    expect((await json(plain)).data).toMatchObject({ taxClass: "VATABLE", passThrough: false, isVatable: true });
    const emptied = await call("POST", "/Charges", { ...base, code: "TX2", taxClass: "" });
    expect((await json(emptied)).data.taxClass).toBe("VATABLE");
    const contradicting = await call("POST", "/Charges", { ...base, code: "TX3", taxClass: "EXEMPT" });
    expect([contradicting.status, (await json(contradicting)).errors.taxClass]).toEqual([400, ["A VAT-exempt or zero-rated charge is not VAT-able: untick VAT-able"]]);
    const unknown = await call("POST", "/Charges", { ...base, code: "TX4", taxClass: "HALF" });
    expect([unknown.status, (await json(unknown)).errors.taxClass]).toEqual([400, ["Tax class must be one of VATABLE, EXEMPT, ZERO_RATED"]]);
    const zero = await call("POST", "/Charges", { ...base, code: "TX5", taxClass: "ZERO_RATED", isVatable: false, passThrough: true });
    expect((await json(zero)).data).toMatchObject({ taxClass: "ZERO_RATED", isVatable: false, passThrough: true });
    const [added] = await auditOf("charge:TX5");
    expect([added.action, (added.detail as any).after.taxClass, (added.detail as any).after.passThrough]).toEqual(["CHARGE_ADDED", "ZERO_RATED", true]);
  });
});

describe("a customer's buyer particulars", () => {
  it("keeps VAT registration, withholding and the top-withholding-agent flag, audited before and after", async () => {
    const made = await call("POST", "/Customers/createWithDetailsV1", {
      code: "GOV1", company: "Philippine Ports Authority", customerContactEmail: "ap@ppa.example.ph", customerType: "CONSIGNEE",
      tin: "000-217-457-000", vatRegistered: true, withholding: "GOVERNMENT",
    });
    const customer = (await json(made)).data;
    expect([made.status, customer.withholding, customer.vatRegistered, customer.isTopWithholdingAgent]).toEqual([201, "GOVERNMENT", true, false]);
    const bad = await call("PUT", `/Customers/updateWithDetailsV1/${customer.id}`, { dateModified: customer.dateModified, withholding: "SOMETIMES" });
    expect([bad.status, (await json(bad)).errors.withholding]).toEqual([400, ["Withholding must be one of NONE, PRIVATE, GOVERNMENT"]]);
    const changed = await call("PUT", `/Customers/updateWithDetailsV1/${customer.id}`, {
      dateModified: customer.dateModified, withholding: "PRIVATE", isTopWithholdingAgent: true, contactNum: "8527-0000",
    });
    expect(changed.status).toBe(200);
    const audit = await handle.db.select().from(auditLog)
      .where(and(eq(auditLog.target, "customer:GOV1"), eq(auditLog.action, "TAX_PARTICULARS_CHANGED")));
    expect(audit.map((a) => a.detail)).toEqual([{
      recordId: customer.id, before: { withholding: "GOVERNMENT", isTopWithholdingAgent: false }, after: { withholding: "PRIVATE", isTopWithholdingAgent: true },
    }]);
    // A new customer withholds nothing until told.
    const plain = await call("POST", "/Customers/createWithDetailsV1", { code: "PLAIN1", company: "Plain Co.", customerContactEmail: "a@plain.example", customerType: "SHIPPER" });
    expect((await json(plain)).data).toMatchObject({ withholding: "NONE", vatRegistered: false, isTopWithholdingAgent: false });
  });
});
