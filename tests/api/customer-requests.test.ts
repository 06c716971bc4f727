import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, customerAddresses, customerRequests, customers, notifications, statusHistory } from "../../db/schema/index.ts";
import { firstStart } from "../../api/modules/index.ts";
import { DEMO_CUSTOMER_REQUESTS } from "../../api/modules/customer-requests/demo.ts";
import { DETAIL_REQUIRED, EMAIL_REQUIRED } from "../../api/modules/customer-requests/rules.ts";
import { createUser, type Grant, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Customer requests (issue 26 point 2; 001 §3 to §8): sales staff ask for a new customer or a change to one, an
 * approver of the branch approves it into the customer master or denies it. Every refusal is asserted with the
 * text staff read and with nothing changed.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};
const json = (res: Response) => res.json() as Promise<any>;
const year = new Date().getFullYear();

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, `/api${path}`, { token: tokens[who], body });
  return { status: res.status, body: await json(res) };
}

const ADDRESS = { label: "Warehouse", street: "12 Mindanao Ave", barangay: "Bahay Toro", city: "Quezon City", province: "Metro Manila", zipCode: "1106", isDefault: true };

const request = (overrides: Record<string, unknown> = {}) => ({
  company: "Quezon Rice Mills Inc.",
  firstName: "Lorna",
  lastName: "Dizon",
  contactNum: "0917 555 0100",
  customerContactEmail: "orders@quezonrice.example.ph",
  customerType: "SHIPPER",
  address: "12 Mindanao Ave, Quezon City",
  addresses: [ADDRESS],
  remarks: "Ships rice to Cebu weekly",
  ...overrides,
});

async function create(body: unknown, who = "sales") {
  return await call(who, "POST", "/RequestedCustomers/create", body);
}

async function status(requestNum: string, who: string, action: string, extra: Record<string, unknown> = {}) {
  const current = (await call("sales", "GET", `/RequestedCustomers/get/${requestNum}`)).body.data
    ?? (await call(who, "GET", `/RequestedCustomers/get/${requestNum}`)).body.data;
  return await call(who, "PUT", `/RequestedCustomers/updateStatus/${requestNum}`, { action, dateModified: current.dateModified, remarks: "", ...extra });
}

async function stored(requestNum: string) {
  const [row] = await handle.db.select().from(customerRequests).where(eq(customerRequests.requestNum, requestNum));
  return row;
}

async function noticesTo(userId: string) {
  return await handle.db.select({ title: notifications.title, message: notifications.message, url: notifications.url, sender: notifications.sender })
    .from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const people: [string, Grant[], string[]][] = [
    ["sales", ["CUSTOMER", "SQ_AE"], ["MNL"]],
    ["sales2", ["CUSTOMER"], ["MNL"]],
    ["appr", ["CUSTOMER", "APPROVER"], ["MNL"]],
    ["appr2", ["CUSTOMER", "APPROVER"], ["MNL"]],
    ["cebu", ["CUSTOMER", "APPROVER", "SQ_AE"], ["CEB"]],
    ["quoter", ["SALESQUOTATION", "SQ_AE"], ["MNL"]],
  ];
  for (const [who, grants, branches] of people) {
    await createUser(handle.db, { userId: `cr-${who}`, password: "customer-pass-123", menus: grants, branches });
    tokens[who] = await signIn(t, `cr-${who}`, "customer-pass-123");
  }
  await handle.db.insert(customers).values({
    code: "C-ONE", company: "Pacific Harbor Trading Corp.", customerContactEmail: "logistics@pacificharbor.example.ph", customerType: "BOTH", branchCode: "MNL",
  });
}, 120_000);
afterAll(() => handle?.close());

describe("the company-name search before a new request", () => {
  it("finds a customer named alike, however it is spelled, and says so when nothing is", async () => {
    const found = await call("sales", "GET", `/RequestedCustomers/searchCompany?company=${encodeURIComponent("pacific harbour trading")}`);
    expect(found.status).toBe(200);
    expect(found.body.data.customers.map((c: any) => [c.code, c.company])).toEqual([["C-ONE", "Pacific Harbor Trading Corp."]]);
    expect(found.body.data.customers[0].likeness).toBeGreaterThan(0.3);
    expect(found.body.data.requests).toEqual([]);
    const none = await call("sales", "GET", "/RequestedCustomers/searchCompany?company=Zamboanga%20Sardines");
    expect(none.body).toEqual({ data: { customers: [], requests: [] }, message: 'No customer or open request is named like "Zamboanga Sardines".' });
    const short = await call("sales", "GET", "/RequestedCustomers/searchCompany?company=Q");
    expect(short.status).toBe(400);
    expect(short.body.errors.company).toEqual(["Type at least 2 letters of the company name"]);
  });
});

let draft: any;

describe("drafting a request", () => {
  it("numbers it from the branch's CRQ series and keeps it a draft", async () => {
    const { status: code, body } = await create(request());
    expect(code, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe("Successfully Created Request Customer");
    draft = body.data;
    expect(draft).toMatchObject({
      requestNum: `CRQ-MNL-${year}-000001`, branchCode: "MNL", requestType: "New", customerCode: null, status: "Draft", isArchive: false, revision: 1,
      company: "Quezon Rice Mills Inc.", customerContactEmail: "orders@quezonrice.example.ph", requestedBy: "cr-sales", requestedByName: "User cr-sales",
      addresses: [{ ...ADDRESS, areaCode: null }], dateSubmitted: null,
    });
    // The open request now shows in the search of a company alike.
    const search = await call("sales2", "GET", "/RequestedCustomers/searchCompany?company=Quezon%20Rice%20Mill");
    expect(search.body.data.requests).toEqual([{ requestNum: draft.requestNum, company: "Quezon Rice Mills Inc.", requestType: "New", status: "Draft", branchCode: "MNL" }]);
  });

  it.each([
    ["no e-mail", { customerContactEmail: "" }, "customerContactEmail", EMAIL_REQUIRED],
    ["the e-mail left out", { customerContactEmail: undefined }, "customerContactEmail", EMAIL_REQUIRED],
    ["an e-mail that is not one", { customerContactEmail: "orders at quezonrice" }, "customerContactEmail", "Customer email must be an email address, such as name@company.ph"],
    ["no customer detail", { addresses: [] }, "addresses", DETAIL_REQUIRED],
    ["the customer detail left out", { addresses: undefined }, "addresses", DETAIL_REQUIRED],
    ["an address without its city", { addresses: [{ ...ADDRESS, city: "" }] }, "addresses.0.city", "City or municipality is required"],
    ["no company", { company: " " }, "company", "Company is required"],
    ["a change without the customer", { requestType: "Change" }, "customerCode", "Choose the customer to change"],
    ["a customer type of its own", { customerType: "AGENT" }, "customerType", "Customer type must be SHIPPER, CONSIGNEE or BOTH"],
  ])("refuses %s, naming the field", async (_what, overrides, field, message) => {
    const { status: code, body } = await create(request({ company: "Bulacan Feeds Corp.", ...overrides }));
    expect(code).toBe(400);
    expect(body.message).toBe("Please correct the invalid fields.");
    expect(body.errors[field]).toEqual([message]);
  });

  it.each([
    ["an area that does not exist", { addresses: [{ ...ADDRESS, areaCode: "NO-AREA" }] }, 400, "Area NO-AREA does not exist.", "addresses"],
    ["an account executive who is not one", { accountExecutiveId: "cr-sales2" }, 400, "cr-sales2 is not an active account executive.", "accountExecutiveId"],
    ["a branch the clerk does not work for", { branchCode: "CEB" }, 400, "You do not work for branch CEB.", "branchCode"],
    ["a customer to change that does not exist", { requestType: "Change", customerCode: "NOPE" }, 400, "Customer NOPE does not exist.", "customerCode"],
    ["a new customer the master already has", { company: "  pacific harbor   TRADING corp. " }, 409,
      "Customer C-ONE is already named Pacific Harbor Trading Corp.; request a change to it instead of a new customer.", "company"],
  ])("refuses %s", async (_what, overrides, code, message, field) => {
    const { status: got, body } = await create(request({ company: "Bulacan Feeds Corp.", ...overrides }));
    expect(got).toBe(code);
    expect(body.message).toBe(message);
    expect(Object.keys(body.errors)).toContain(field);
  });

  it("wrote nothing for the refused ones", async () => {
    const rows = await handle.db.select({ num: customerRequests.requestNum }).from(customerRequests);
    expect(rows.map((r) => r.num)).toEqual([draft.requestNum]);
  });

  it("is closed to staff without the CUSTOMER menu", async () => {
    expect((await create(request({ company: "Other Co." }), "quoter")).status).toBe(403);
    expect((await call("quoter", "GET", "/RequestedCustomers/load?list=draft")).status).toBe(403);
  });
});

describe("changing a draft and sending it for approval", () => {
  it("refuses a stale dateModified with 409 and changes nothing", async () => {
    const stale = new Date(new Date(draft.dateModified).getTime() - 1000).toISOString();
    const { status: code, body } = await call("sales", "PUT", `/RequestedCustomers/update/${draft.requestNum}`, { ...request({ remarks: "Stale" }), dateModified: stale });
    expect(code).toBe(409);
    expect(body.message).toBe("This customer request was changed by someone else after you opened it. Reload it and try again.");
    expect((await stored(draft.requestNum)).remarks).toBe("Ships rice to Cebu weekly");
  });

  it("saves the change and sends it: For Approval, the branch's approvers told under the title Customer Request", async () => {
    const { status: code, body } = await call("sales", "PUT", `/RequestedCustomers/update/${draft.requestNum}`, {
      ...request({ contactNum: "0917 555 0111" }), dateModified: draft.dateModified, submit: true,
    });
    expect(code, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("Successfully Updated Request Customer");
    expect(body.data).toMatchObject({ status: "For Approval", contactNum: "0917 555 0111" });
    expect(body.data.dateSubmitted).not.toBeNull();
    draft = body.data;
    const told = {
      title: "Customer Request",
      message: `${draft.requestNum}: new customer Quezon Rice Mills Inc. waits for your approval.`,
      url: `/customerRequest/forApproval?search=${draft.requestNum}`,
      sender: "cr-sales",
    };
    expect(await noticesTo("cr-appr")).toEqual([told]);
    expect(await noticesTo("cr-appr2")).toEqual([told]);
    // Not the Cebu approver, not the requester.
    expect(await noticesTo("cr-cebu")).toEqual([]);
    expect(await noticesTo("cr-sales")).toEqual([]);
    const [changed] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "CUSTOMER_REQUEST_CHANGED"));
    expect(changed.detail).toMatchObject({ before: { contactNum: "0917 555 0100" }, after: { contactNum: "0917 555 0111" } });
  });

  it("is no longer changed once sent, nor deleted", async () => {
    const change = await call("sales", "PUT", `/RequestedCustomers/update/${draft.requestNum}`, { ...request(), dateModified: draft.dateModified });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(`Customer request ${draft.requestNum} is For Approval; only a draft is changed.`);
    const del = await call("sales", "DELETE", "/RequestedCustomers/delete", [draft.id]);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(`Only a draft never sent for approval is deleted; archive the others: ${draft.requestNum} (For Approval).`);
  });
});

describe("the lists", () => {
  it("shows an approver every request waiting in the branch, anyone else their own, with isApprover", async () => {
    const approver = await call("appr", "GET", "/RequestedCustomers/load?list=forApproval");
    expect(approver.body).toMatchObject({ total: 1, isApprover: true });
    expect(approver.body.data.map((r: any) => r.requestNum)).toEqual([draft.requestNum]);
    const own = await call("sales", "GET", "/RequestedCustomers/load?list=forApproval");
    expect(own.body).toMatchObject({ total: 1, isApprover: false });
    const other = await call("sales2", "GET", "/RequestedCustomers/load?list=forApproval");
    expect(other.body).toEqual({ data: [], total: 0, isApprover: false, message: "No more data to load" });
    const drafts = await call("sales", "GET", "/RequestedCustomers/load?list=draft&skip=0&take=20");
    expect(drafts.body.total).toBe(0);
    const bad = await call("sales", "GET", "/RequestedCustomers/load?list=all");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.list).toEqual(["list must be draft, forApproval or archive"]);
  });
});

describe("four eyes and the approver's capability", () => {
  it("refuses an approval by someone who is not an approver", async () => {
    const { status: code, body } = await status(draft.requestNum, "sales2", "approve", { accountExecutiveId: "cr-sales" });
    expect(code).toBe(403);
    expect(body.message).toBe("Only an approver may approve a customer request.");
  });

  it("refuses the approval of a request by the approver who drafted it, and by one who sent it", async () => {
    const own = await create(request({ company: "Approver's Own Trading" }), "appr");
    const sent = await call("appr", "PUT", `/RequestedCustomers/updateStatus/${own.body.data.requestNum}`, { action: "submit", dateModified: own.body.data.dateModified });
    expect(sent.status).toBe(200);
    const mine = await status(own.body.data.requestNum, "appr", "approve", { accountExecutiveId: "cr-sales" });
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe("You drafted this customer request; another person must approve it.");
    const denyMine = await status(own.body.data.requestNum, "appr", "deny", { remarks: "No" });
    expect(denyMine.body.message).toBe("You drafted this customer request; another person must deny it.");

    const other = await create(request({ company: "Sent By Approver Ltd." }), "sales2");
    const submitted = await call("appr2", "PUT", `/RequestedCustomers/updateStatus/${other.body.data.requestNum}`, {
      action: "submit", dateModified: other.body.data.dateModified,
    });
    expect(submitted.status).toBe(200);
    const bySender = await status(other.body.data.requestNum, "appr2", "approve", { accountExecutiveId: "cr-sales" });
    expect(bySender.status).toBe(403);
    expect(bySender.body.message).toBe("You sent this customer request for approval; another person must approve it.");
    expect((await stored(other.body.data.requestNum)).status).toBe("For Approval");
  });
});

describe("approving a new customer", () => {
  it("asks for the account executive when the request names none", async () => {
    const { status: code, body } = await status(draft.requestNum, "appr", "approve");
    expect(code).toBe(400);
    expect(body.message).toBe("Assign the account executive who looks after the customer.");
    expect(body.errors.accountExecutiveId).toEqual(["Assign the account executive who looks after the customer."]);
  });

  it("refuses a stale approval with 409", async () => {
    const res = await call("appr", "PUT", `/RequestedCustomers/updateStatus/${draft.requestNum}`, {
      action: "approve", accountExecutiveId: "cr-sales", dateModified: new Date(Date.parse(draft.dateModified) - 5).toISOString(),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This customer request was changed by someone else after you opened it. Reload it and try again.");
  });

  it("writes the customer to the master in the approval, numbered from the branch's CUS series, with its AE; archives the request; tells the requester", async () => {
    const { status: code, body } = await status(draft.requestNum, "appr", "approve", { accountExecutiveId: "CR-SALES", remarks: "Welcome" });
    expect(code, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("Customer request approved");
    const code1 = `CUS-MNL-${year}-000001`;
    expect(body.data).toMatchObject({ status: "Approved", isArchive: true, customerCode: code1, accountExecutiveId: "cr-sales", decidedBy: "cr-appr", decisionRemarks: "Welcome" });
    const [customer] = await handle.db.select().from(customers).where(eq(customers.code, code1));
    expect(customer).toMatchObject({
      company: "Quezon Rice Mills Inc.", firstName: "Lorna", lastName: "Dizon", contactNum: "0917 555 0111", customerContactEmail: "orders@quezonrice.example.ph",
      customerType: "SHIPPER", accountExecutiveId: "cr-sales", branchCode: "MNL", isActive: true, userCreated: "cr-appr",
    });
    const addresses = await handle.db.select().from(customerAddresses).where(eq(customerAddresses.customerCode, code1));
    expect(addresses.map((a) => [a.label, a.city, a.province, a.isDefault])).toEqual([["Warehouse", "Quezon City", "Metro Manila", true]]);
    expect(await noticesTo("cr-sales")).toEqual([{
      title: "Customer Request", message: `${draft.requestNum}: Quezon Rice Mills Inc. approved; customer ${code1} is in master data.`,
      url: `/customerRequest/archive?search=${draft.requestNum}`, sender: "cr-appr",
    }]);
    const history = await handle.db.select({ action: statusHistory.action, actor: statusHistory.actor }).from(statusHistory)
      .where(and(eq(statusHistory.entity, "customer-request"), eq(statusHistory.recordId, draft.id))).orderBy(asc(statusHistory.id));
    expect(history).toEqual([{ action: "submit", actor: "cr-sales" }, { action: "approve", actor: "cr-appr" }]);
    const [applied] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "CUSTOMER_REQUEST_APPLIED"));
    expect(applied.target).toBe(`customer:${code1}`);
    expect(applied.detail).toMatchObject({ requestNum: draft.requestNum, before: null, after: { code: code1, company: "Quezon Rice Mills Inc.", accountExecutiveId: "cr-sales" } });
    // The customer is one a quotation can be made for now.
    const active = await t.call("GET", "/api/Customers/getIsActive", { token: tokens.quoter });
    expect((await json(active)).data.map((c: any) => c.code)).toContain(code1);
    // In the archive list, no longer waiting.
    const archive = await call("sales", "GET", "/RequestedCustomers/load?list=archive");
    expect(archive.body.data.map((r: any) => [r.requestNum, r.status])).toEqual([[draft.requestNum, "Approved"]]);
    expect((await status(draft.requestNum, "appr2", "deny", { remarks: "Too late" })).body.message).toBe(`Customer request ${draft.requestNum} is archived; it no longer moves.`);
  });

  it("rolls the approval back when the master refuses the customer: the request still waits", async () => {
    const { body } = await create(request({ company: "Laguna Coco Oils", customerContactEmail: "ops@lagunacoco.example.ph", submit: true }));
    expect(body.data.status).toBe("For Approval");
    // Someone added the same company to the master meanwhile.
    await handle.db.insert(customers).values({ code: "C-LCO", company: "Laguna Coco Oils", customerContactEmail: "x@lagunacoco.example.ph", customerType: "SHIPPER" });
    const res = await status(body.data.requestNum, "appr", "approve", { accountExecutiveId: "cr-sales" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Customer C-LCO is already named Laguna Coco Oils; request a change to it instead of a new customer.");
    expect(await stored(body.data.requestNum)).toMatchObject({ status: "For Approval", isArchive: false, customerCode: null });
    expect(await handle.db.select({ code: customers.code }).from(customers).where(eq(customers.company, "Laguna Coco Oils"))).toEqual([{ code: "C-LCO" }]);
  });
});

describe("denying, revising and archiving", () => {
  let denied: any;

  it("asks why a request is denied, then denies it and tells the requester", async () => {
    const { body } = await create(request({ company: "Bataan Steel Works", customerContactEmail: "buy@bataansteel.example.ph", submit: true }), "sales2");
    denied = body.data;
    const silent = await status(denied.requestNum, "appr", "deny");
    expect(silent.status).toBe(400);
    expect(silent.body.errors.remarks).toEqual(["Say why the request is denied"]);
    const res = await status(denied.requestNum, "appr", "deny", { remarks: "Give the TIN and the plant address" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Customer request denied");
    expect(res.body.data).toMatchObject({ status: "Denied", isArchive: false, decidedBy: "cr-appr" });
    expect(await noticesTo("cr-sales2")).toEqual([{
      title: "Customer Request", message: `${denied.requestNum}: Bataan Steel Works denied: Give the TIN and the plant address`,
      url: `/customerRequest/draft?search=${denied.requestNum}`, sender: "cr-appr",
    }]);
    const drafts = await call("sales2", "GET", "/RequestedCustomers/load?list=draft");
    expect(drafts.body.data.map((r: any) => [r.requestNum, r.status])).toContainEqual([denied.requestNum, "Denied"]);
    denied = res.body.data;
  });

  it("takes a denied request back to draft as its next revision, to be changed and sent again", async () => {
    const back = await status(denied.requestNum, "sales2", "moveToDraft");
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ status: "Draft", revision: 2, decidedBy: null });
    const again = await call("sales2", "PUT", `/RequestedCustomers/update/${denied.requestNum}`, {
      ...request({ company: "Bataan Steel Works", customerContactEmail: "buy@bataansteel.example.ph", tin: "123-456-789-000" }),
      dateModified: back.body.data.dateModified, submit: true,
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: "For Approval", tin: "123-456-789-000" });
    // Once sent for approval it is archived, not deleted.
    const del = await call("sales2", "DELETE", "/RequestedCustomers/delete", [denied.id]);
    expect(del.status).toBe(409);
    denied = again.body.data;
  });

  it("archives a denied request the requester gives up, and refuses to archive one waiting", async () => {
    const waiting = await call("sales2", "PUT", `/RequestedCustomers/archive/${denied.requestNum}`, { dateModified: denied.dateModified });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(`Customer request ${denied.requestNum} is For Approval; only a draft or a denied request is archived.`);
    const no = await status(denied.requestNum, "appr2", "deny", { remarks: "Plant is outside our lanes" });
    expect(no.status).toBe(200);
    const archived = await call("sales2", "PUT", `/RequestedCustomers/archive/${denied.requestNum}`, { dateModified: no.body.data.dateModified });
    expect(archived.status).toBe(200);
    expect(archived.body.message).toBe("Customer Request Archived Successfully");
    expect(archived.body.data).toMatchObject({ status: "Denied", isArchive: true });
    const archive = await call("sales", "GET", "/RequestedCustomers/load?list=archive&search=bataan");
    expect(archive.body.data.map((r: any) => [r.requestNum, r.status])).toEqual([[denied.requestNum, "Denied"]]);
  });

  it("deletes a draft never sent, with the spec's words", async () => {
    const { body } = await create(request({ company: "Pampanga Sugar Traders" }));
    const res = await call("sales", "DELETE", "/RequestedCustomers/delete", { ids: [body.data.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ids: [body.data.id] }, message: "Customer Request Deleted Successfully" });
    expect(await stored(body.data.requestNum)).toBeUndefined();
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "CUSTOMER_REQUEST_DELETED"));
    expect(audit.target).toBe(`customer-request:${body.data.requestNum}`);
  });
});

describe("a change to a customer", () => {
  it("refuses a second open change of the same customer, and applies the approved one to the master with its AE", async () => {
    const [before] = await handle.db.select().from(customers).where(eq(customers.code, "C-ONE"));
    const { status: code, body } = await create(request({
      requestType: "Change", customerCode: "c-one", company: "Pacific Harbor Trading Corp.", customerContactEmail: "shipping@pacificharbor.example.ph",
      customerType: "BOTH", remarks: "New shipping desk address", submit: true,
    }));
    expect(code, JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ requestType: "Change", customerCode: "C-ONE", status: "For Approval" });
    const second = await create(request({ requestType: "Change", customerCode: "C-ONE", company: "Pacific Harbor Trading Corp." }), "sales2");
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(`Customer C-ONE already has request ${body.data.requestNum} open; change that one.`);
    const approved = await status(body.data.requestNum, "appr", "approve", { accountExecutiveId: "cr-sales" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [after] = await handle.db.select().from(customers).where(eq(customers.code, "C-ONE"));
    expect([before.customerContactEmail, after.customerContactEmail]).toEqual(["logistics@pacificharbor.example.ph", "shipping@pacificharbor.example.ph"]);
    expect(after.accountExecutiveId).toBe("cr-sales");
    const applied = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CUSTOMER_REQUEST_APPLIED"), eq(auditLog.target, "customer:C-ONE")));
    expect(applied[0].detail).toMatchObject({
      before: { customerContactEmail: "logistics@pacificharbor.example.ph", accountExecutiveId: null },
      after: { customerContactEmail: "shipping@pacificharbor.example.ph", accountExecutiveId: "cr-sales" },
    });
  });
});

describe("branch scope", () => {
  it("answers another branch's request exactly as one that does not exist, and lists none of them", async () => {
    const num = draft.requestNum;
    const missing = `CRQ-MNL-${year}-999999`;
    const got = await call("cebu", "GET", `/RequestedCustomers/get/${num}`);
    const none = await call("cebu", "GET", `/RequestedCustomers/get/${missing}`);
    expect([got.status, none.status]).toEqual([404, 404]);
    expect(none.body.message).toBe(`Customer request ${missing} was not found.`);
    expect(got.body).toEqual({ ...none.body, message: `Customer request ${num} was not found.` });
    for (const [method, path, body] of [
      ["PUT", `/RequestedCustomers/update/${num}`, { ...request(), dateModified: draft.dateModified }],
      ["PUT", `/RequestedCustomers/updateStatus/${num}`, { action: "deny", remarks: "x", dateModified: draft.dateModified }],
      ["PUT", `/RequestedCustomers/archive/${num}`, { dateModified: draft.dateModified }],
    ] as const) {
      const res = await call("cebu", method, path, body);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(`Customer request ${num} was not found.`);
    }
    const del = await call("cebu", "DELETE", "/RequestedCustomers/delete", [draft.id]);
    expect(del.body.message).toBe(`Customer request with id ${draft.id} was not found; nothing was deleted.`);
    for (const list of ["draft", "forApproval", "archive"]) {
      expect((await call("cebu", "GET", `/RequestedCustomers/load?list=${list}`)).body.total).toBe(0);
    }
    expect((await call("cebu", "GET", "/RequestedCustomers/searchCompany?company=Bataan%20Steel")).body.data.requests).toEqual([]);
  });
});

describe("the demo line's customer requests", () => {
  let demo: DatabaseHandle;
  beforeAll(async () => {
    demo = await openTestDatabase();
    await firstStart(demo.db, { adminPassword: "first-start-admin-1", linkBase: "http://localhost:8000" });
  }, 60_000);
  afterAll(() => demo?.close());

  it("has one request approved into the customer master and one waiting, both asked by the AE", async () => {
    const rows = await demo.db.select().from(customerRequests).orderBy(asc(customerRequests.id));
    expect(rows.map((r) => [r.company, r.status, r.isArchive, r.requestedBy])).toEqual([
      [DEMO_CUSTOMER_REQUESTS[0].company, "Approved", true, "demo.ae"],
      [DEMO_CUSTOMER_REQUESTS[1].company, "For Approval", false, "demo.ae"],
    ]);
    const [customer] = await demo.db.select().from(customers).where(eq(customers.code, rows[0].customerCode!));
    expect(customer).toMatchObject({ company: "Tondo Bakery Supply Co.", accountExecutiveId: "demo.ae", branchCode: "MNL" });
    const waiting = await demo.db.select({ message: notifications.message }).from(notifications)
      .where(and(eq(notifications.userId, "demo.sm"), eq(notifications.title, "Customer Request")));
    expect(waiting.map((n) => n.message)).toEqual([
      `${rows[0].requestNum}: new customer Tondo Bakery Supply Co. waits for your approval.`,
      `${rows[1].requestNum}: new customer Cavite Marine Hardware Inc. waits for your approval.`,
    ]);
  });
});
