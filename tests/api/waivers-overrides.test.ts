import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waybillSidePaid } from "../../api/modules/accounting/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, notifications } from "../../db/schema/index.ts";
import { writeInvoice } from "../support/accounting.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { seedWaiverWorld, type WaiverWorld } from "../support/waivers.ts";

/**
 * Charge overrides through the API (issue 25 point 3): a new value for one charge line of a waybill with the reason,
 * Draft → For Approval → Approved or Denied, approved by an approver who is not its drafter; once approved an
 * adjustment beside the line, up or down, which the waybill's totals (and VAT) and the paid answer read; never below
 * what waivers forgave; audited with the before and after; lists by flag; branch scope. Collect waybills of a Manila
 * to Cebu voyage on its load list: 12,500.00 freight, 1,120.00 and 980.00 arrastre, all billed at Cebu.
 */

let handle: DatabaseHandle;
let t: TestApp;
let ww: WaiverWorld;
const REASON = "Promo rate the account executive confirmed by e-mail";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  ww = await seedWaiverWorld(handle.db, t, 860000);
}, 180_000);
afterAll(() => handle?.close());

async function draft(who: string, wayBillRef: string, chargeCode: string, part: string, newValue: string) {
  const res = await ww.call(who, "POST", "/WayBillOverRideCharges/create", { wayBillRef, chargeCode, part, newValue, reason: REASON });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const move = (who: string, o: { overrideNum: string; dateModified: string }, action: string, remarks = "") =>
  ww.call(who, "PUT", `/WayBillOverRideCharges/updateStatus/${o.overrideNum}`, { action, dateModified: o.dateModified, remarks });
async function moved(who: string, o: { overrideNum: string; dateModified: string }, action: string, remarks = "") {
  const res = await move(who, o, action, remarks);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe("drafting an override", () => {
  it("names the line, its value before and the new one, with the spec's notice; the reason is required", async () => {
    const [ref] = await ww.onLoadList(1);
    const codes = await ww.call("clerk", "GET", `/WayBillOverRideCharges/getCode?wayBillRef=${ref}`);
    expect(codes.body.data.map((c: any) => [c.chargeCode, c.part, c.value, c.openOverride])).toEqual([
      ["001", "FREIGHT", "12500.00", null], ["004", "PORT_ORIGIN", "1120.00", null], ["004", "PORT_DESTINATION", "980.00", null],
    ]);
    const noReason = await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", { wayBillRef: ref, chargeCode: "001", part: "FREIGHT", newValue: "11000", reason: " " });
    expect([noReason.status, noReason.body.errors.reason]).toEqual([400, ["Say why the charge's value should change."]]);
    const same = await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", { wayBillRef: ref, chargeCode: "001", part: "FREIGHT", newValue: "12500", reason: REASON });
    expect([same.status, same.body.errors.newValue]).toEqual([400, ["Charge 001 FREIGHT is 12,500.00 already; give the value it should have."]]);
    const negative = await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", { wayBillRef: ref, chargeCode: "001", part: "FREIGHT", newValue: "-1", reason: REASON });
    expect([negative.status, negative.body.errors.newValue]).toEqual([400, ["newValue must be an amount of at most 2 decimals, not negative"]]);
    const made = await draft("clerk", ref, "001", "FREIGHT", "11000");
    expect(made.message).toBe("Successfully Created Waybill Override Charge.");
    expect(made.data).toMatchObject({
      status: "Draft", branchCode: "CEB", chargeCode: "001", part: "FREIGHT", chargeValue: "12500.00", valueBefore: "12500.00", newValue: "11000.00",
      difference: "-1500.00", reason: REASON, requestedBy: "wv-clerk",
    });
    expect(made.data.overrideNum).toMatch(/^OVR-CEB-\d{4}-000001$/);
    const second = await ww.call("clerk2", "POST", "/WayBillOverRideCharges/create", { wayBillRef: ref, chargeCode: "001", part: "FREIGHT", newValue: "10000", reason: REASON });
    expect([second.status, second.body.message]).toEqual([409, `This charge line has override ${made.data.overrideNum} open; change that one or wait for its decision.`]);
    const waybill = (await ww.call("clerk", "GET", `/WayBillOverRideCharges/getWaybill/${ref}`)).body.data;
    expect(waybill.lines[0].openOverride).toBe(made.data.overrideNum);
    // Changed by its drafter with the dateModified read; deleted while never sent.
    const changed = await ww.call("clerk", "PUT", `/WayBillOverRideCharges/update/${made.data.overrideNum}`, { dateModified: made.data.dateModified, newValue: "11250.50", reason: "Rate per the signed quotation" });
    expect([changed.status, changed.body.message, changed.body.data.newValue, changed.body.data.difference]).toEqual([200, "Successfully Updated Waybill Override Charge.", "11250.50", "-1249.50"]);
    const gone = await ww.call("clerk", "DELETE", "/WayBillOverRideCharges/delete", [made.data.id]);
    expect([gone.status, gone.body.message]).toEqual([200, "Waybill Override Charge Deleted Successfully."]);
  });

  it("is refused for a line another branch bills, and answers another branch's override as a missing one", async () => {
    const [prepaid] = await ww.onLoadList(1, "P");
    const fromCebu = await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", { wayBillRef: prepaid, chargeCode: "001", part: "FREIGHT", newValue: "1", reason: REASON });
    expect([fromCebu.status, fromCebu.body.errors.chargeCode]).toEqual([400, ["Charge 001 FREIGHT is billed by branch MNL, which you do not work for."]]);
    const [ref] = await ww.onLoadList(1);
    const made = (await draft("clerk", ref, "004", "PORT_ORIGIN", "1000")).data;
    for (const [method, path, body] of [
      ["GET", "/WayBillOverRideCharges/get/{n}"], ["PUT", "/WayBillOverRideCharges/update/{n}", { dateModified: made.dateModified, newValue: "1", reason: REASON }],
      ["PUT", "/WayBillOverRideCharges/updateStatus/{n}", { action: "submit", dateModified: made.dateModified }],
    ] as [string, string, unknown?][]) {
      const theirs = await ww.call("dvo", method, path.replace("{n}", made.overrideNum), body);
      const none = await ww.call("dvo", method, path.replace("{n}", "OVR-CEB-2099-999999"), body);
      expect([theirs.status, theirs.body.message]).toEqual([404, `Charge override ${made.overrideNum} was not found.`]);
      expect([none.status, none.body.message]).toEqual([404, "Charge override OVR-CEB-2099-999999 was not found."]);
    }
    expect((await ww.call("dvo", "GET", `/WayBillOverRideCharges/getWaybill/${ref}`)).body.message).toBe(`Waybill ${ref} was not found.`);
  });
});

describe("approving an override", () => {
  it("by an approver who did not draft it, after which the waybill's totals and VAT read the new value", async () => {
    const [ref] = await ww.onLoadList(1);
    const own = (await draft("both", ref, "001", "FREIGHT", "11000")).data;
    const notMine = await move("clerk", own, "submit");
    expect([notMine.status, notMine.body.message]).toEqual([403, `Charge override ${own.overrideNum} is wv-both's draft; only its drafter sends it.`]);
    const sent = await moved("both", own, "submit");
    const told = await handle.db.select().from(notifications).where(eq(notifications.url, `/overrideCharge/read/${own.overrideNum}`));
    // The branch's approvers, less the sender (an approver too): not Manila's or Davao's.
    expect(told.map((n) => [n.title, n.userId, n.message])).toEqual([
      ["Waiver", "wv-approver", `${own.overrideNum}: override of charge 001 FREIGHT of waybill ${ref} from 12,500.00 to 11,000.00 waits for your approval.`],
    ]);
    const self = await move("both", sent, "approve");
    expect([self.status, self.body.message]).toEqual([403, "You drafted this charge override; another person must approve it."]);
    const clerk = await move("clerk", sent, "approve");
    expect([clerk.status, clerk.body.message]).toEqual([403, "Only an approver may approve a charge override."]);
    const approved = await moved("approver", sent, "approve");
    expect([approved.status, approved.decidedBy]).toEqual(["Approved", "wv-approver"]);
    const waybill = (await ww.call("yard", "GET", `/OutBound/waybill/get/${ref}`)).body.data;
    // The line keeps its computed value; the override stands beside it and the totals read the value after it.
    expect(waybill.charges[0]).toMatchObject({ chargeCode: "001", chargeValue: "12500.00", overridden: "-1500.00", value: "11000.00", due: "11000.00" });
    expect([waybill.totals.collect, waybill.totals.total, waybill.totals.vat.vatableNet, waybill.totals.vat.vat]).toEqual(["13100.00", "13100.00", "11696.43", "1403.57"]);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CHARGE_OVERRIDDEN"), eq(auditLog.target, `waybill:${ref}`)));
    expect(audit.detail).toEqual({
      overrideNum: own.overrideNum, requestedBy: "wv-both", reason: REASON,
      before: { "001 FREIGHT": { value: "12500.00" }, total: "14600.00" }, after: { "001 FREIGHT": { value: "11000.00" }, total: "13100.00" },
    });
    const toDrafter = await handle.db.select().from(notifications).where(and(eq(notifications.userId, "wv-both"), eq(notifications.url, `/overrideCharge/read/${own.overrideNum}`)));
    expect(toDrafter.map((n) => n.message)).toEqual([`${own.overrideNum}: approved; charge 001 FREIGHT of waybill ${ref} from 12,500.00 to 11,000.00.`]);
    const detail = (await ww.call("clerk", "GET", `/WayBillOverRideCharges/get/${own.overrideNum}`)).body.data;
    expect([detail.waybill.total, detail.line.value, detail.history.map((h: any) => `${h.action} by ${h.actor}`)])
      .toEqual(["13100.00", "11000.00", ["submit by wv-both", "approve by wv-approver"]]);

    // Up as well as down; a denial leaves the line as it is.
    const up = await moved("approver", await moved("clerk", (await draft("clerk", ref, "004", "PORT_DESTINATION", "1200")).data, "submit"), "approve");
    expect(up.difference).toBe("220.00");
    const denied = await moved("approver", await moved("clerk", (await draft("clerk", ref, "004", "PORT_ORIGIN", "100")).data, "submit"), "deny", "Arrastre is the port's rate");
    expect(denied.status).toBe("Denied");
    expect((await ww.call("yard", "GET", `/OutBound/waybill/get/${ref}`)).body.data.totals.total).toBe("13320.00");
  });

  it("never takes a line below what waivers forgave, and moves what an earlier invoice owes", async () => {
    const [ref] = await ww.onLoadList(1);
    const invoice = await writeInvoice(handle.db, {
      branchCode: "CEB", payer: { code: "PHT", company: "Pacific Harbor Trading" }, wayBillRef: ref, billedSide: "C",
      totals: { vatableSales: "13035.71", vatAmount: "1564.29", total: "14600.00" },
    });
    const w = (await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: "Storage forgiven", lines: [{ chargeCode: "001", part: "FREIGHT", amount: "1000.00" }] })).body.data;
    const below = await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", { wayBillRef: ref, chargeCode: "001", part: "FREIGHT", newValue: "999.99", reason: REASON });
    expect([below.status, below.body.errors.newValue]).toEqual([400, ["1,000.00 of charge 001 FREIGHT is waived or held by a waiver; its value cannot go below that."]]);
    const sent = await ww.call("clerk", "PUT", `/WayBillWaiveCharges/updateStatus/${w.waiverNum}`, { action: "submit", dateModified: w.dateModified });
    const endorsed = await ww.call("endorser", "PUT", `/WayBillWaiveCharges/updateStatus/${w.waiverNum}`, { action: "endorse", dateModified: sent.body.data.dateModified });
    await ww.call("approver", "PUT", `/WayBillWaiveCharges/updateStatus/${w.waiverNum}`, { action: "approve", dateModified: endorsed.body.data.dateModified });
    const raised = await moved("approver", await moved("clerk", (await draft("clerk", ref, "004", "PORT_ORIGIN", "1620")).data, "submit"), "approve");
    expect(raised.status).toBe("Approved");
    // Invoiced at 14,600.00; since then 1,000.00 waived and 500.00 added: 14,100.00 is owed on it.
    expect(await waybillSidePaid(handle.db, ref, "destination")).toMatchObject({
      paid: false, reason: `14,100.00 is open on invoice ${invoice.invoiceNo}.`, invoices: [{ total: "14600.00", balance: "14100.00" }],
    });
  });
});

describe("the override lists by flag", () => {
  it("shows the drafter their drafts, an approver the branch's queue, everyone the approved", async () => {
    const [ref] = await ww.onLoadList(1);
    const mine = (await draft("clerk2", ref, "001", "FREIGHT", "12000")).data;
    const waiting = await moved("clerk2", (await draft("clerk2", ref, "004", "PORT_ORIGIN", "1000")).data, "submit");
    const load = async (who: string, list: string) => {
      const res = await ww.call(who, "GET", `/WayBillOverRideCharges/load?list=${list}&search=${ref}`);
      return { nums: res.body.data.map((o: any) => o.overrideNum).sort(), isApprover: res.body.isApprover };
    };
    expect(await load("clerk2", "draft")).toEqual({ nums: [mine.overrideNum], isApprover: false });
    expect(await load("clerk", "draft")).toEqual({ nums: [], isApprover: false });
    expect(await load("approver", "forApproval")).toEqual({ nums: [waiting.overrideNum], isApprover: true });
    expect(await load("clerk2", "forApproval")).toEqual({ nums: [waiting.overrideNum], isApprover: false });
    expect(await load("clerk", "forApproval")).toEqual({ nums: [], isApprover: false });
    const approved = await moved("approver", waiting, "approve");
    expect(await load("clerk", "approved")).toEqual({ nums: [approved.overrideNum], isApprover: false });
    expect(await load("dvo", "approved")).toEqual({ nums: [], isApprover: true });
  });
});
