import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waybillSidePaid } from "../../api/modules/accounting/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, branches, invoiceLines, invoices, notifications, waivers, waybillChargeAdjustments } from "../../db/schema/index.ts";
import { toCentavos } from "../../api/shared/money.ts";
import { writeInvoice } from "../support/accounting.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { PTP_BOOKING } from "../support/bookings.ts";
import { draftWaybills } from "../support/loading.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { seedWaiverWorld, type WaiverWorld } from "../support/waivers.ts";

/**
 * Waivers through the API (issue 25 point 2): the remarks 001 §5 requires, 'No Additional Charges' when nothing is
 * left to waive, amounts up to what is open, the chain Draft → For Endorse → For Approval → Approved or Denied under
 * four eyes (the endorser may endorse their own draft; the approver is never the drafter nor the endorser), the
 * waived-charges log written beside the lines, the waybill's due and the paid answer of release, and branch scope.
 * The waybills are collect waybills of a Manila to Cebu voyage on its load list: every line (12,500.00 freight,
 * 1,120.00 and 980.00 arrastre) is billed at Cebu.
 */

let handle: DatabaseHandle;
let t: TestApp;
let ww: WaiverWorld;

const FREIGHT = { chargeCode: "001", part: "FREIGHT" };
const ARRASTRE_ORIGIN = { chargeCode: "004", part: "PORT_ORIGIN" };
const ARRASTRE_DESTINATION = { chargeCode: "004", part: "PORT_DESTINATION" };
const WHY = "The van waited two days at the Cebu CY for our crane to be repaired";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  ww = await seedWaiverWorld(handle.db, t, 820000);
}, 180_000);
afterAll(() => handle?.close());

async function draft(who: string, wayBillRef: string, lines: Record<string, unknown>[], remarks = WHY) {
  const res = await ww.call(who, "POST", "/WayBillWaiveCharges/create", { wayBillRef, remarks, lines });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const move = (who: string, waiver: { waiverNum: string; dateModified: string }, action: string, remarks = "") =>
  ww.call(who, "PUT", `/WayBillWaiveCharges/updateStatus/${waiver.waiverNum}`, { action, dateModified: waiver.dateModified, remarks });

async function moved(who: string, waiver: { waiverNum: string; dateModified: string }, action: string, remarks = "") {
  const res = await move(who, waiver, action, remarks);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const waiverCount = async () => Number((await handle.db.select({ n: count() }).from(waivers))[0].n);

describe("drafting a waiver", () => {
  it("requires remarks, with the spec's rule as the message, and writes nothing without them", async () => {
    const [ref] = await ww.onLoadList(1);
    const before = await waiverCount();
    for (const remarks of ["", "   ", undefined]) {
      const res = await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks, lines: [FREIGHT] });
      expect(res.status).toBe(400);
      expect(res.body.errors.remarks).toEqual(["Waiver creation requires remarks: say why the charges should be waived."]);
    }
    expect(await waiverCount()).toBe(before);
    const made = await draft("clerk", ref, [FREIGHT]);
    expect([made.status, made.branchCode, made.side, made.total, made.remarks]).toEqual(["Draft", "CEB", "destination", "12500.00", WHY]);
    expect(made.waiverNum).toMatch(/^WV-CEB-\d{4}-000001$/);
    // The line whole: all that was open on it, with what was due before and what is left after.
    expect(made.lines).toEqual([{
      chargeCode: "001", part: "FREIGHT", particulars: "Ocean freight, per teu, 1 x 12,500.00", availableTo: "C",
      chargeValue: "12500.00", valueBefore: "12500.00", amount: "12500.00", valueAfter: "0.00",
    }]);
  });

  it("takes an amount of a line up to what is open on it, counting the waivers not yet decided", async () => {
    const [ref] = await ww.onLoadList(1);
    const search = await ww.call("clerk", "GET", `/WayBillWaiveCharges/search?wayBillRef=${ref}`);
    expect(search.status).toBe(200);
    expect(search.body.data.open).toBe("14600.00");
    expect(search.body.data.lines.map((l: any) => [l.chargeCode, l.part, l.branchCode, l.due, l.open])).toEqual([
      ["001", "FREIGHT", "CEB", "12500.00", "12500.00"], ["004", "PORT_ORIGIN", "CEB", "1120.00", "1120.00"], ["004", "PORT_DESTINATION", "CEB", "980.00", "980.00"],
    ]);
    const tooMuch = await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: WHY, lines: [{ ...FREIGHT, amount: "12500.01" }] });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, "Charge 001 FREIGHT has only 12,500.00 open to waive; 12,500.01 was asked."]);
    await draft("clerk", ref, [{ ...FREIGHT, amount: "12000.00" }]);
    const held = await ww.call("clerk2", "GET", `/WayBillWaiveCharges/search?wayBillRef=${ref}`);
    expect(held.body.data.lines[0]).toMatchObject({ due: "12500.00", held: "12000.00", open: "500.00" });
    const second = await ww.call("clerk2", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: WHY, lines: [{ ...FREIGHT, amount: "600" }] });
    expect([second.status, second.body.errors.lines]).toEqual([400, ["Charge 001 FREIGHT has only 500.00 open to waive; 600.00 was asked."]]);
    const zero = await ww.call("clerk2", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: WHY, lines: [{ ...FREIGHT, amount: "0" }] });
    expect([zero.status, zero.body.errors["lines.0.amount"]]).toEqual([400, ["amount must be more than 0.00"]]);
    const twice = await ww.call("clerk2", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: WHY, lines: [ARRASTRE_ORIGIN, ARRASTRE_ORIGIN] });
    expect([twice.status, twice.body.errors.lines]).toEqual([400, ["A charge line can be waived once in a waiver"]]);
    const unknown = await ww.call("clerk2", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: WHY, lines: [{ chargeCode: "010", part: "PORT_DESTINATION" }] });
    expect([unknown.status, unknown.body.message]).toEqual([400, `Charge 010 PORT_DESTINATION is not on waybill ${ref}.`]);
  });

  it("answers 'No Additional Charges' when nothing is left to waive, and for lines another branch bills", async () => {
    const [ref] = await ww.onLoadList(1);
    const all = await draft("clerk", ref, [FREIGHT, ARRASTRE_ORIGIN, ARRASTRE_DESTINATION]);
    expect(all.total).toBe("14600.00");
    const search = await ww.call("clerk2", "GET", `/WayBillWaiveCharges/search?wayBillRef=${ref}`);
    expect([search.status, search.body.message, search.body.data.open]).toEqual([200, "No Additional Charges", "0.00"]);
    const again = await ww.call("clerk2", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ref, remarks: WHY, lines: [FREIGHT] });
    expect([again.status, again.body.message]).toEqual([409, "No Additional Charges"]);
    // A prepaid waybill bills everything at Manila: Cebu has nothing of it to waive, Manila has.
    const [prepaid] = await ww.onLoadList(1, "P");
    const atCebu = await ww.call("clerk", "GET", `/WayBillWaiveCharges/search?wayBillRef=${prepaid}`);
    expect([atCebu.body.message, atCebu.body.data.lines]).toEqual(["No Additional Charges", []]);
    const atManila = await ww.call("mnl", "GET", `/WayBillWaiveCharges/search?wayBillRef=${prepaid}`);
    expect([atManila.body.message, atManila.body.data.open]).toEqual([undefined, "14600.00"]);
    const fromCebu = await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", { wayBillRef: prepaid, remarks: WHY, lines: [FREIGHT] });
    expect([fromCebu.status, fromCebu.body.message]).toEqual([409, "No Additional Charges"]);
  });

  it("is refused for a waybill still Draft, whose lines are changed on the waybill itself", async () => {
    const [ready] = await draftWaybills(ww.l, 1, { ...PTP_BOOKING, modeOfPayment: "C" });
    const res = await ww.call("clerk", "POST", "/WayBillWaiveCharges/create", { wayBillRef: ready.wayBillRef, remarks: WHY, lines: [FREIGHT] });
    expect([res.status, res.body.message]).toEqual([
      409, `Waybill ${ready.wayBillRef} is Draft: its charge lines are still changed on the waybill itself. A waiver is made for a waybill on a load list or loaded.`,
    ]);
  });

  it("changes a draft by its drafter with the dateModified read, and deletes a draft never sent on", async () => {
    const [ref] = await ww.onLoadList(1);
    const made = await draft("clerk", ref, [FREIGHT]);
    const other = await ww.call("clerk2", "PUT", `/WayBillWaiveCharges/update/${made.waiverNum}`, { dateModified: made.dateModified, remarks: WHY, lines: [ARRASTRE_ORIGIN] });
    expect([other.status, other.body.message]).toEqual([403, `Waiver ${made.waiverNum} is wv-clerk's draft; only its drafter changes it.`]);
    const changed = await ww.call("clerk", "PUT", `/WayBillWaiveCharges/update/${made.waiverNum}`, {
      dateModified: made.dateModified, remarks: "Arrastre charged twice", lines: [{ ...ARRASTRE_ORIGIN, amount: "1120.00" }],
    });
    expect([changed.status, changed.body.message, changed.body.data.total, changed.body.data.lines.map((l: any) => `${l.chargeCode} ${l.part}`)])
      .toEqual([200, "Successfully Updated Waiver.", "1120.00", ["004 PORT_ORIGIN"]]);
    const stale = await ww.call("clerk", "PUT", `/WayBillWaiveCharges/update/${made.waiverNum}`, { dateModified: made.dateModified, remarks: WHY, lines: [FREIGHT] });
    expect([stale.status, stale.body.message]).toEqual([409, "This waiver was changed by someone else after you opened it. Reload it and try again."]);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "WAIVER_CHANGED"), eq(auditLog.target, `waiver:${made.waiverNum}`)));
    expect(audit.detail).toEqual({
      recordId: made.id, before: { remarks: WHY, total: "12500.00" }, after: { remarks: "Arrastre charged twice", total: "1120.00" },
      lines: { before: { "001 FREIGHT": { amount: "12500.00" }, "004 PORT_ORIGIN": null }, after: { "001 FREIGHT": null, "004 PORT_ORIGIN": { amount: "1120.00" } } },
    });
    const deleted = await ww.call("clerk", "DELETE", "/WayBillWaiveCharges/delete", [made.id]);
    expect([deleted.status, deleted.body.message]).toEqual([200, "Waiver Deleted Successfully."]);
    expect((await ww.call("clerk", "GET", `/WayBillWaiveCharges/get/${made.waiverNum}`)).status).toBe(404);
    const sent = await moved("clerk", await draft("clerk", ref, [FREIGHT]), "submit");
    const kept = await ww.call("clerk", "DELETE", "/WayBillWaiveCharges/delete", { ids: [sent.id] });
    expect([kept.status, kept.body.message]).toEqual([409, `Only a draft never sent on is deleted; these are kept: ${sent.waiverNum} (For Endorse).`]);
  });
});

describe("the chain, under four eyes", () => {
  it("goes Draft, For Endorse, For Approval, Approved, each by another person, telling the next step and the drafter", async () => {
    const [ref] = await ww.onLoadList(1);
    const made = await draft("clerk", ref, [{ ...FREIGHT, amount: "2500.00" }, ARRASTRE_DESTINATION]);
    const plain = await move("clerk", made, "endorse");
    expect([plain.status, plain.body.message]).toEqual([403, "Only an endorser may endorse a waiver."]);
    const sent = await moved("clerk", made, "submit");
    expect([sent.status, sent.datApproved]).toEqual(["For Endorse", false]);
    const told = await handle.db.select().from(notifications).where(eq(notifications.url, `/waiver/read/${made.waiverNum}`));
    expect(told.map((n) => [n.title, n.userId, n.message]).sort()).toEqual([
      ["Waiver", "wv-both", `${made.waiverNum}: waybill ${ref}, 3,480.00 of charges to waive waits for your endorsement.`],
      ["Waiver", "wv-endorser", `${made.waiverNum}: waybill ${ref}, 3,480.00 of charges to waive waits for your endorsement.`],
      ["Waiver", "wv-forEndorse", `${made.waiverNum}: waybill ${ref}, 3,480.00 of charges to waive waits for your endorsement.`],
    ]);
    const endorsed = await moved("endorser", sent, "endorse", "Crane log checked");
    expect([endorsed.status, endorsed.endorsedBy]).toEqual(["For Approval", "wv-endorser"]);
    const approvedRes = await move("approver", endorsed, "approve");
    expect([approvedRes.status, approvedRes.body.message, approvedRes.body.data.status, approvedRes.body.data.datApproved])
      .toEqual([200, "Successfully Updated Waiver.", "Approved", true]);
    // The waived-charges log: one adjustment per line beside the waybill's computed line, which stays as it was.
    const log = await handle.db.select().from(waybillChargeAdjustments).where(eq(waybillChargeAdjustments.sourceRef, made.waiverNum));
    expect(log.map((a) => [a.kind, a.chargeCode, a.part, a.amount, a.valueBefore, a.valueAfter, a.approvedBy])).toEqual([
      ["WAIVER", "001", "FREIGHT", "-2500.00", "12500.00", "10000.00", "wv-approver"],
      ["WAIVER", "004", "PORT_DESTINATION", "-980.00", "980.00", "0.00", "wv-approver"],
    ]);
    const waybill = (await ww.call("yard", "GET", `/OutBound/waybill/get/${ref}`)).body.data;
    expect([waybill.totals.total, waybill.waived, waybill.due]).toEqual(["14600.00", "3480.00", "11120.00"]);
    expect(waybill.charges.map((c: any) => [c.chargeCode, c.part, c.chargeValue, c.waived, c.due])).toEqual([
      ["001", "FREIGHT", "12500.00", "2500.00", "10000.00"], ["004", "PORT_ORIGIN", "1120.00", "0.00", "1120.00"], ["004", "PORT_DESTINATION", "980.00", "980.00", "0.00"],
    ]);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CHARGES_WAIVED"), eq(auditLog.target, `waybill:${ref}`)));
    expect(audit.detail).toEqual({
      waiverNum: made.waiverNum, endorsedBy: "wv-endorser", requestedBy: "wv-clerk",
      before: { "001 FREIGHT": { due: "12500.00" }, "004 PORT_DESTINATION": { due: "980.00" } },
      after: { "001 FREIGHT": { due: "10000.00", waived: "2500.00" }, "004 PORT_DESTINATION": { due: "0.00", waived: "980.00" } },
    });
    const toDrafter = await handle.db.select().from(notifications).where(and(eq(notifications.userId, "wv-clerk"), eq(notifications.url, `/waiver/read/${made.waiverNum}`)));
    expect(toDrafter.map((n) => n.message)).toEqual([`${made.waiverNum}: approved; waybill ${ref}, 3,480.00 of charges waived.`]);
    const detail = (await ww.call("clerk", "GET", `/WayBillWaiveCharges/get/${made.waiverNum}`)).body.data;
    expect(detail.history.map((h: any) => [h.action, h.fromStatus, h.toStatus, h.actor, h.remarks])).toEqual([
      ["submit", "Draft", "For Endorse", "wv-clerk", ""],
      ["endorse", "For Endorse", "For Approval", "wv-endorser", "Crane log checked"],
      ["approve", "For Approval", "Approved", "wv-approver", ""],
    ]);
    expect([detail.actions, detail.canEdit, detail.canAttach]).toEqual([[], false, false]);
  });

  it("never lets the drafter approve, even one who endorses their own draft, which the spec allows", async () => {
    const [ref] = await ww.onLoadList(1);
    const own = await draft("both", ref, [FREIGHT]);
    expect((await ww.call("both", "GET", `/WayBillWaiveCharges/get/${own.waiverNum}`)).body.data.actions).toEqual(["submit", "endorse"]);
    const endorsed = await moved("both", own, "endorse");
    expect([endorsed.status, endorsed.endorsedBy]).toEqual(["For Approval", "wv-both"]);
    expect((await ww.call("both", "GET", `/WayBillWaiveCharges/get/${own.waiverNum}`)).body.data.actions).toEqual([]);
    const self = await move("both", endorsed, "approve");
    expect([self.status, self.body.message]).toEqual([403, "You drafted this waiver; another person must approve it."]);
    const denySelf = await move("both", endorsed, "deny", "Changed my mind");
    expect([denySelf.status, denySelf.body.message]).toEqual([403, "You drafted this waiver; another person must deny it."]);
    expect((await ww.call("approver", "GET", `/WayBillWaiveCharges/get/${own.waiverNum}`)).body.data.actions).toEqual(["approve", "deny"]);
    expect((await moved("approver", endorsed, "approve")).status).toBe("Approved");
  });

  it("never lets the endorser approve what they endorsed; a Waiver For Endorse holder endorses too", async () => {
    const [ref] = await ww.onLoadList(1);
    const sent = await moved("clerk", await draft("clerk", ref, [FREIGHT]), "submit");
    const endorsed = await moved("both", sent, "endorse");
    const same = await move("both", endorsed, "approve");
    expect([same.status, same.body.message]).toEqual([403, "You sent this waiver for approval; another person must approve it."]);
    expect((await ww.call("both", "GET", `/WayBillWaiveCharges/get/${sent.waiverNum}`)).body.data.actions).toEqual([]);
    expect((await moved("approver", endorsed, "approve")).status).toBe("Approved");

    const next = await moved("clerk", await draft("clerk", ref, [ARRASTRE_ORIGIN]), "submit");
    const byRole = await moved("forEndorse", next, "endorse");
    expect([byRole.status, byRole.endorsedBy]).toEqual(["For Approval", "wv-forEndorse"]);
    const tooEarly = await move("approver", next, "approve");
    expect([tooEarly.status, tooEarly.body.message]).toEqual([409, "This waiver was changed by someone else after you opened it. Reload it and try again."]);
  });

  it("is denied at either step with the reason, which opens its lines again; a draft is sent on only by its drafter", async () => {
    const [ref] = await ww.onLoadList(1);
    const made = await draft("clerk", ref, [FREIGHT]);
    const notMine = await move("clerk2", made, "submit");
    expect([notMine.status, notMine.body.message]).toEqual([403, `Waiver ${made.waiverNum} is wv-clerk's draft; only its drafter sends it.`]);
    const sent = await moved("clerk", made, "submit");
    const noReason = await move("endorser", sent, "denyEndorsement");
    expect([noReason.status, noReason.body.errors.remarks]).toEqual([400, ["Say why the waiver is denied"]]);
    const denied = await moved("endorser", sent, "denyEndorsement", "No crane log for those days");
    expect([denied.status, denied.decidedBy, denied.decisionRemarks]).toEqual(["Denied", "wv-endorser", "No crane log for those days"]);
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.userId, "wv-clerk"), eq(notifications.url, `/waiver/read/${made.waiverNum}`)));
    expect(told.map((n) => n.message)).toEqual([`${made.waiverNum}: denied: No crane log for those days`]);
    expect((await ww.call("clerk", "GET", `/WayBillWaiveCharges/search?wayBillRef=${ref}`)).body.data.lines[0].open).toBe("12500.00");

    const second = await moved("endorser", await moved("clerk", await draft("clerk", ref, [FREIGHT]), "submit"), "endorse");
    const deniedAtApproval = await moved("approver", second, "deny", "Charged as quoted");
    expect([deniedAtApproval.status, deniedAtApproval.decidedBy]).toEqual(["Denied", "wv-approver"]);
    const after = await move("approver", deniedAtApproval, "approve");
    expect([after.status, after.body.message]).toEqual([409, "This waiver is Denied; it cannot be moved to Approved from there. Reload it to see its state."]);
    expect((await handle.db.select().from(waybillChargeAdjustments).where(eq(waybillChargeAdjustments.wayBillRef, ref)))).toEqual([]);
  });
});

describe("what an approved waiver does to the money", () => {
  it("makes the waived destination side paid for release, invoiced or not", async () => {
    const [ref] = await ww.onLoadList(1);
    expect(await waybillSidePaid(handle.db, ref, "destination")).toEqual({
      side: "destination", paid: false, reason: `Not invoiced yet: the destination charges of ${ref} have no invoice.`, invoices: [],
    });
    const made = await draft("clerk", ref, [FREIGHT, ARRASTRE_ORIGIN, ARRASTRE_DESTINATION]);
    const endorsed = await moved("endorser", await moved("clerk", made, "submit"), "endorse");
    // Still owed while the waiver waits.
    expect((await waybillSidePaid(handle.db, ref, "destination")).paid).toBe(false);
    await moved("approver", endorsed, "approve");
    expect(await waybillSidePaid(handle.db, ref, "destination")).toEqual({
      side: "destination", paid: true, reason: `Waived: nothing is left to pay on this side (${made.waiverNum}).`, invoices: [],
    });
    const detail = (await ww.call("clerk", "GET", `/WayBillWaiveCharges/get/${made.waiverNum}`)).body.data;
    expect(detail.paid).toEqual({ side: "destination", paid: true, reason: `Waived: nothing is left to pay on this side (${made.waiverNum}).` });
    // The cashier's lookup asks the same question.
    const lookup = await ww.call("cashier", "GET", `/Collections/getWayBillRef/${ref}`);
    expect([lookup.status, lookup.body.data.destination.paid]).toEqual([200, true]);
  });

  it("takes what it waived off an invoice issued before it, and leaves an invoice issued after it as it is", async () => {
    const [early, late] = await ww.onLoadList(2);
    const payer = { code: "PHT", company: "Pacific Harbor Trading" };
    const invoiced = await writeInvoice(handle.db, {
      branchCode: "CEB", payer, wayBillRef: early, billedSide: "C", totals: { vatableSales: "13035.71", vatAmount: "1564.29", total: "14600.00" },
    });
    const first = await draft("clerk", early, [{ ...FREIGHT, amount: "4600.00" }]);
    await moved("approver", await moved("endorser", await moved("clerk", first, "submit"), "endorse"), "approve");
    expect(await waybillSidePaid(handle.db, early, "destination")).toMatchObject({
      paid: false, reason: `10,000.00 is open on invoice ${invoiced.invoiceNo}.`,
      invoices: [{ invoiceNo: invoiced.invoiceNo, total: "14600.00", settled: "0.00", balance: "10000.00" }],
    });

    const second = await draft("clerk", late, [{ ...FREIGHT, amount: "4600.00" }]);
    await moved("approver", await moved("endorser", await moved("clerk", second, "submit"), "endorse"), "approve");
    const billedAfter = await writeInvoice(handle.db, {
      branchCode: "CEB", payer, wayBillRef: late, billedSide: "C", totals: { vatableSales: "8928.57", vatAmount: "1071.43", total: "10000.00" },
    });
    expect(await waybillSidePaid(handle.db, late, "destination")).toMatchObject({
      paid: false, reason: `10,000.00 is open on invoice ${billedAfter.invoiceNo}.`, invoices: [{ total: "10000.00", balance: "10000.00" }],
    });
  });
});

describe("the invoice made after an approval", () => {
  it("bills each line at what is due on it: a waived line left off, the rest less what was waived, after the overrides", async () => {
    await handle.db.update(branches).set({ registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00002", address: "Pier 4, Cebu City" })
      .where(eq(branches.code, "CEB"));
    const [ref, whole] = await ww.onLoadList(2, "C", { consigneeName: "Visayan Copra Traders Inc." });
    const made = await draft("clerk", ref, [{ ...FREIGHT, amount: "2500.00" }, ARRASTRE_DESTINATION]);
    await moved("approver", await moved("endorser", await moved("clerk", made, "submit"), "endorse"), "approve");
    // The voyage's Cebu side, before and after the second waybill is waived whole: billed 14,600.00 less, one waybill less waiting.
    const cebuSide = async () => {
      const list = await ww.call("cashier", "GET", `/CROAccounting/listVoyages?search=${ww.w.voyageNum}&side=Destination`);
      const [row] = list.body.data.filter((r: any) => r.branchCode === "CEB");
      return { billed: toCentavos(row.billed), waiting: row.waiting as number };
    };
    const before = await cebuSide();
    const all = await draft("clerk", whole, [FREIGHT, ARRASTRE_ORIGIN, ARRASTRE_DESTINATION]);
    await moved("approver", await moved("endorser", await moved("clerk", all, "submit"), "endorse"), "approve");
    expect(await cebuSide()).toEqual({ billed: before.billed - 1460000n, waiting: before.waiting - 1 });
    const raise = await ww.call("clerk", "POST", "/WayBillOverRideCharges/create", { wayBillRef: ref, ...ARRASTRE_ORIGIN, newValue: "1620.00", reason: "Heavy lift" });
    const sent = await ww.call("clerk", "PUT", `/WayBillOverRideCharges/updateStatus/${raise.body.data.overrideNum}`, { action: "submit", dateModified: raise.body.data.dateModified });
    expect((await ww.call("approver", "PUT", `/WayBillOverRideCharges/updateStatus/${raise.body.data.overrideNum}`, { action: "approve", dateModified: sent.body.data.dateModified })).status).toBe(200);

    const cro = await ww.call("cashier", "POST", "/CROAccounting", { voyageNum: ww.w.voyageNum, branchCode: "CEB", side: "Destination" });
    expect(cro.status, JSON.stringify(cro.body)).toBe(201);
    const listed = await ww.call("cashier", "GET", `/CROAccounting/getWaybill/${ref}`);
    expect(listed.body.data.sides.map((x: any) => [x.mode, x.amount])).toEqual([["C", "11620.00"]]);
    expect((await ww.call("cashier", "GET", `/CROAccounting/getWaybill/${whole}`)).body.data.sides.map((x: any) => [x.mode, x.amount])).toEqual([["C", "0.00"]]);
    const generated = await ww.call("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${cro.body.data.id}`, { wayBillRefs: [ref, whole] });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    // The waybill waived whole bills nothing: one invoice, and nothing left waiting.
    expect([generated.body.data.length, generated.body.message]).toEqual([1, "1 invoice generated successfully"]);
    const again = await ww.call("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${cro.body.data.id}`, { wayBillRefs: [whole] });
    expect([again.status, again.body.message, again.body.data]).toEqual([200, "No more Waybill Data", []]);
    const [invoice] = generated.body.data;
    expect([invoice.total, invoice.vatableSales, invoice.vatAmount]).toEqual(["11620.00", "10375.00", "1245.00"]);
    const [read] = await handle.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNo, invoice.invoiceNo));
    const lines = await handle.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, read.id)).orderBy(invoiceLines.seq);
    expect(lines.map((l) => [l.chargeCode, l.quantity, l.unit, l.unitPrice, l.amount])).toEqual([
      ["001", "1.000", "Lot", "10000.00", "10000.00"], ["004", "1.000", "Lot", "1620.00", "1620.00"],
    ]);
    // Issued after the approvals, the invoice asks for all it billed.
    expect(await waybillSidePaid(handle.db, ref, "destination")).toMatchObject({ paid: false, reason: `11,620.00 is open on invoice ${invoice.invoiceNo}.` });
  });
});

describe("branch scope", () => {
  it("answers another branch's waiver exactly as a missing one, on every call", async () => {
    const [ref] = await ww.onLoadList(1);
    const made = await draft("clerk", ref, [FREIGHT]);
    const missing = "WV-CEB-2099-999999";
    const calls: [string, string, unknown?][] = [
      ["GET", `/WayBillWaiveCharges/get/{n}`],
      ["PUT", `/WayBillWaiveCharges/update/{n}`, { dateModified: made.dateModified, remarks: WHY, lines: [FREIGHT] }],
      ["PUT", `/WayBillWaiveCharges/updateStatus/{n}`, { action: "submit", dateModified: made.dateModified }],
      ["GET", `/WayBillWaiveCharges/printWaybill/{n}`],
      ["GET", `/WayBillWaiveCharges/file/{n}/1`],
      ["DELETE", `/WayBillWaiveCharges/file/{n}/1`],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await ww.call("dvo", method, path.replace("{n}", made.waiverNum), body);
      const none = await ww.call("dvo", method, path.replace("{n}", missing), body);
      expect([theirs.status, theirs.body.message], `${method} ${path}`).toEqual([404, `Waiver ${made.waiverNum} was not found.`]);
      expect([none.status, none.body.message], `${method} ${path}`).toEqual([404, `Waiver ${missing} was not found.`]);
    }
    const deleted = await ww.call("dvo", "DELETE", "/WayBillWaiveCharges/delete", [made.id]);
    expect([deleted.status, deleted.body.message]).toEqual([404, `Waiver with id ${made.id} was not found; nothing was deleted.`]);
    // The waybill itself: seen from its origin and its destination only.
    const search = await ww.call("dvo", "GET", `/WayBillWaiveCharges/search?wayBillRef=${ref}`);
    const nowhere = await ww.call("dvo", "GET", "/WayBillWaiveCharges/search?wayBillRef=WB-MNL-2099-999999");
    expect([search.status, search.body.message, nowhere.body.message]).toEqual([404, `Waybill ${ref} was not found.`, "Waybill WB-MNL-2099-999999 was not found."]);
    expect((await ww.call("clerk", "GET", `/WayBillWaiveCharges/get/${made.waiverNum}`)).status).toBe(200);
  });
});
