import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { atpBooklets, charges, postings } from "../../db/schema/index.ts";
import { PASSWORD, seedAccountingWorld } from "../support/accounting.ts";
import { createRole, createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Manual sales invoices (001 §7 BaseManualSI, §8, §9; domain notes §11): the booklet register, every serial
 * vector of the notes (0750 taken, 0750 again, 1001, a CEB user, 0300 of a used-up booklet), delete only while
 * Draft, cancel (spoiled) with the reason, the booklet used up with its last serial, the gap report, the VAT of
 * the document, the buyer's TIN, the postings, and the printout on 14-inch legal paper.
 */

let handle: DatabaseHandle;
let t: TestApp;
let tokens: Record<string, string>;

const json = (res: Response) => res.json() as Promise<any>;
async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, `/api${path}`, { token: tokens[who], body });
  return { status: res.status, body: await json(res) };
}
const si = (who: string, body: Record<string, unknown>) => call(who, "POST", "/BaseManualSI", body);

const FREIGHT = [{ chargeCode: "", description: "Freight, 1 x 20' Davao to Manila", quantity: "1", unit: "van", unitPrice: "37000.00" }];
const write = (serialNo: string, extra: Record<string, unknown> = {}, who = "cashier") =>
  si(who, { actionType: "create", branchCode: "DVO", serialNo, invoiceDate: "2025-04-24", buyerName: "Mindanao Fresh Produce Inc.", buyerAddress: "Davao City", lines: FREIGHT, ...extra });

const booklet = (who: string, body: Record<string, unknown>) =>
  call(who, "POST", "/AtpBooklets/create", {
    atpNo: "ATP-DVO-2025-01", atpDate: "2025-01-06", printerName: "Mindanao Printers Co.", printerAccreditationNo: "PA-112-2024",
    dateReceived: "2025-01-20", serialDigits: 4, branchCode: "DVO", ...body,
  });

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  tokens = (await seedAccountingWorld(handle.db, t)).tokens;
  await createUser(handle.db, { userId: "acct-iloilo", password: PASSWORD, roleKey: (await createRole(handle.db, ["CROACCOUNTING"])).id, branches: ["ILO"] });
  tokens.iloilo = await signIn(t, "acct-iloilo", PASSWORD);
  // The domain notes' DVO test data: 0501-1000 active, recorded here; 0001-0500 used up before this system.
  const active = await booklet("cashier", { serialFrom: "0501", serialTo: "1000" });
  expect(active.status, JSON.stringify(active.body)).toBe(201);
  await handle.db.insert(atpBooklets).values({
    branchCode: "DVO", atpNo: "ATP-DVO-2024-01", atpDate: "2024-01-08", printerName: "Mindanao Printers Co.", printerAccreditationNo: "PA-112-2024",
    serialFrom: 1, serialTo: 500, serialDigits: 4, dateReceived: "2024-01-15", bookletStatus: "EXHAUSTED",
  });
  await handle.db.insert(charges).values([
    { code: "004", name: "Arrastre", category: "PORT", chargeClass: "PORT", unitOfMeasure: "perTeu", effectiveDateBasis: "BOOKING", passThrough: true },
    { code: "016", name: "Permit fee", category: "OTHER", chargeClass: "OTHER", unitOfMeasure: "perTeu", effectiveDateBasis: "BOOKING", taxClass: "EXEMPT" },
  ]).onConflictDoNothing();
}, 120_000);
afterAll(() => handle?.close());

describe("the ATP booklet register", () => {
  it("records a booklet with its range and lists what is left of it", async () => {
    const listed = await call("cashier", "GET", "/AtpBooklets/load?branchCode=DVO");
    expect(listed.body.data.map((b: any) => [b.atpNo, b.serialFrom, b.serialTo, b.bookletStatus])).toEqual([
      ["ATP-DVO-2024-01", "0001", "0500", "EXHAUSTED"], ["ATP-DVO-2025-01", "0501", "1000", "ACTIVE"],
    ]);
  });

  it("refuses a range overlapping another booklet of the branch, and the same ATP twice", async () => {
    const overlap = await booklet("cashier", { atpNo: "ATP-DVO-2025-02", serialFrom: "0990", serialTo: "1500" });
    expect([overlap.status, overlap.body.errors.serialFrom]).toEqual([400, ["Serials 0990 to 1500 overlap ATP booklet ATP-DVO-2025-01 (0501 to 1000)."]]);
    const twice = await booklet("cashier", { serialFrom: "5001", serialTo: "5010" });
    expect([twice.status, twice.body.message]).toEqual([409, "ATP ATP-DVO-2025-01 of branch DVO is already recorded."]);
    const backwards = await booklet("cashier", { atpNo: "ATP-X", serialFrom: "20", serialTo: "10" });
    expect(backwards.body.errors.serialTo).toEqual(["The last serial comes before the first."]);
  });
});

describe("serials (domain notes §11)", () => {
  let issued: any;

  it("takes 0750 in DVO's active booklet: 'Manual SI Created Successfully'", async () => {
    const { status, body } = await write("0750", { issue: true });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("Manual SI Created Successfully");
    expect(body.data).toMatchObject({
      serial: "0750", serialNo: 750, status: "Issued", branchCode: "DVO", atpNo: "ATP-DVO-2025-01", issuedBy: "acct-cashier",
      vatableSales: "33035.71", vatAmount: "3964.29", exemptSales: "0.00", zeroRatedSales: "0.00", total: "37000.00", postingStatus: "PENDING",
    });
    const [posting] = await handle.db.select().from(postings).where(and(eq(postings.docType, "MANUAL_SI"), eq(postings.docId, body.data.id)));
    expect([posting.idempotencyKey, posting.reference, posting.documentDate]).toEqual([`MANUAL_SI:${body.data.id}:r1`, "DVO-SI-0750", "2025-04-24"]);
    expect(posting.totals).toEqual({ gross: "37000.00", vat: "3964.29", ewt: "0.00", wvat: "0.00", cash: "0.00" });
    issued = body.data;
  });

  it("refuses 0750 again, 1001, 0300 of the used-up booklet, and 0750 written by a CEB user", async () => {
    const again = await write("0750");
    expect([again.status, again.body.message]).toEqual([409, "Serial 0750 of branch DVO is already used (manual SI 0750 is Issued)."]);
    const outside = await write("1001");
    expect([outside.status, outside.body.errors.serialNo]).toEqual([400, ["Serial 1001 is outside every active ATP booklet of branch DVO."]]);
    const usedUp = await write("0300");
    expect([usedUp.status, usedUp.body.message]).toEqual([400, "Serial 0300 is in ATP booklet ATP-DVO-2024-01 of branch DVO, which is used up (EXHAUSTED)."]);
    const cebu = await write("0750", { branchCode: "CEB" }, "ceb");
    expect([cebu.status, cebu.body.message]).toEqual([400, "Serial 0750 is outside every active ATP booklet of branch CEB."]);
    const notTheirs = await write("0750", {}, "ceb");
    expect([notTheirs.status, notTheirs.body.errors.branchCode]).toEqual([400, ["You do not work for branch DVO."]]);
  });

  it("refuses to delete issued 0750 and offers to cancel it instead", async () => {
    const res = await t.call("POST", "/api/BaseManualSI", { token: tokens.cashier, body: { actionType: "delete", id: issued.id, dateModified: issued.dateModified } });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe("Manual SI 0750 is Issued; an issued SI is never deleted. Cancel it (spoiled) with the reason instead.");
  });

  it("cancels (spoils) an issued SI with the reason: it keeps its serial and its reversal is posted", async () => {
    const noReason = await si("cashier", { actionType: "cancel", id: issued.id, dateModified: issued.dateModified });
    expect(noReason.body.errors.reason).toEqual(["reason is required"]);
    const { status, body } = await si("cashier", { actionType: "cancel", id: issued.id, dateModified: issued.dateModified, reason: "Torn while writing" });
    expect([status, body.message]).toEqual([200, "Manual SI Cancelled Successfully"]);
    expect(body.data).toMatchObject({ serial: "0750", status: "Cancelled", cancelReason: "Torn while writing", cancelledBy: "acct-cashier" });
    const [reversal] = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `REVERSAL:MANUAL_SI:${issued.id}:r1`));
    expect([reversal.docType, reversal.reversesKey]).toEqual(["REVERSAL", `MANUAL_SI:${issued.id}:r1`]);
    const again = await write("0750");
    expect(again.body.message).toBe("Serial 0750 of branch DVO is already used (manual SI 0750 is Cancelled).");
  });
});

describe("drafts", () => {
  it("changes a Draft ('Manual SI Updated Successfully'), deletes it ('Manual SI Deleted Successfully') and frees its serial", async () => {
    const draft = (await write("0900")).body.data;
    expect([draft.status, draft.dateIssued]).toEqual(["Draft", null]);
    const updated = await si("cashier", {
      actionType: "update", id: draft.id, dateModified: draft.dateModified, invoiceDate: "2025-04-25", buyerName: "Davao Fresh Produce Corp.",
      lines: [...FREIGHT, { description: "Permit fee", chargeCode: "016", quantity: "1", unit: "lot", unitPrice: "500.00" }],
    });
    expect([updated.status, updated.body.message]).toEqual([200, "Manual SI Updated Successfully"]);
    expect(updated.body.data).toMatchObject({ buyerName: "Davao Fresh Produce Corp.", exemptSales: "500.00", total: "37500.00" });
    expect(updated.body.data.lines[1]).toEqual({ chargeCode: "016", description: "Permit fee", quantity: "1", unit: "lot", unitPrice: "500.00", amount: "500.00", taxClass: "EXEMPT" });
    const stale = await si("cashier", { actionType: "delete", id: draft.id, dateModified: draft.dateModified });
    expect(stale.status).toBe(409);
    const deleted = await si("cashier", { actionType: "delete", id: draft.id, dateModified: updated.body.data.dateModified });
    expect([deleted.status, deleted.body.message]).toEqual([200, "Manual SI Deleted Successfully"]);
    expect((await write("0900")).status).toBe(200);
  });

  it("issues a Draft with its posting; an issued SI is no longer changed", async () => {
    const draft = (await write("0901")).body.data;
    const issued = await si("cashier", { actionType: "issue", id: draft.id, dateModified: draft.dateModified });
    expect([issued.status, issued.body.message, issued.body.data.status]).toEqual([200, "Manual SI Issued Successfully", "Issued"]);
    const change = await si("cashier", { actionType: "update", id: draft.id, dateModified: issued.body.data.dateModified, invoiceDate: "2025-04-25", buyerName: "X", lines: FREIGHT });
    expect([change.status, change.body.message]).toEqual([409, "Manual SI 0901 is Issued; only a Draft is changed."]);
  });
});

describe("content (domain notes §6, §7)", () => {
  it("splits the VAT once for the document and marks exempt and zero-rated sales", async () => {
    const { body } = await write("0600", {
      lines: [
        { description: "Freight", quantity: "2", unit: "TEU", unitPrice: "18500.00" },
        { description: "Documentation", quantity: "1", unit: "lot", unitPrice: "500.00", taxClass: "EXEMPT" },
        { description: "Export leg", quantity: "1", unit: "lot", unitPrice: "250.00", taxClass: "ZERO_RATED" },
      ],
    });
    expect([body.data.vatableSales, body.data.vatAmount, body.data.exemptSales, body.data.zeroRatedSales, body.data.total])
      .toEqual(["33035.71", "3964.29", "500.00", "250.00", "37750.00"]);
  });

  it("requires a VAT-registered buyer's TIN from 1,000.00 when issuing, and keeps pass-through charges off the invoice", async () => {
    const cheap = await write("0610", { buyerVatRegistered: true, issue: true, lines: [{ description: "Weighing", quantity: "1", unit: "lot", unitPrice: "999.99" }] });
    expect([cheap.status, cheap.body.data.status]).toEqual([200, "Issued"]);
    const dear = await write("0611", { buyerVatRegistered: true, issue: true, lines: [{ description: "Weighing", quantity: "1", unit: "lot", unitPrice: "1000.00" }] });
    expect([dear.status, dear.body.errors.buyerTin]).toEqual([400, ["The buyer is VAT-registered: its TIN is required on an invoice of 1,000.00 or more."]]);
    const unused = await call("cashier", "GET", "/BaseManualSI/gapReport?branchCode=DVO&from=0611&to=0611");
    expect(unused.body.data).toEqual([{ serial: "0611", state: "UNUSED", manualSiId: null }]);
    const port = await write("0612", { lines: [{ chargeCode: "004", description: "Arrastre", quantity: "1", unit: "van", unitPrice: "2350.75" }] });
    expect(port.body.errors["lines.0.chargeCode"]).toEqual(["Charge 004 is billed by the port to the consignee directly; it stays off Lading's invoice."]);
  });

  it("fills the buyer from the customer master", async () => {
    const { body } = await write("0620", { buyerName: "", buyerAddress: "", customerCode: "ACC-PRV" });
    expect([body.data.customerCode, body.data.buyerName, body.data.buyerTin, body.data.buyerVatRegistered]).toEqual(["ACC-PRV", "Mindanao Fresh Produce Inc.", "222-333-444-00000", true]);
  });

  it("will not issue an invoice without the seller's registered name and TIN", async () => {
    await booklet("iloilo", { branchCode: "ILO", atpNo: "ATP-ILO-1", serialFrom: "1", serialTo: "50" });
    const res = await si("iloilo", { actionType: "create", branchCode: "ILO", serialNo: "7", invoiceDate: "2025-04-24", buyerName: "Iloilo Grocery", lines: FREIGHT, issue: true });
    expect([res.status, res.body.message]).toEqual([409, "Branch ILO has no registered name or TIN in the master data; an invoice cannot go out without the seller's particulars."]);
  });
});

describe("the gap report and a used-up booklet", () => {
  it("0501-0510 after issuing 0501-0503 and cancelling 0502: ISSUED, CANCELLED, ISSUED, then UNUSED", async () => {
    const made = [];
    for (const serial of ["0501", "0502", "0503"]) made.push((await write(serial, { issue: true })).body.data);
    await si("cashier", { actionType: "cancel", id: made[1].id, dateModified: made[1].dateModified, reason: "Spoiled" });
    const { body } = await call("cashier", "GET", "/BaseManualSI/gapReport?branchCode=DVO&from=0501&to=0510");
    expect(body.data.map((r: any) => [r.serial, r.state])).toEqual([
      ["0501", "ISSUED"], ["0502", "CANCELLED"], ["0503", "ISSUED"],
      ["0504", "UNUSED"], ["0505", "UNUSED"], ["0506", "UNUSED"], ["0507", "UNUSED"], ["0508", "UNUSED"], ["0509", "UNUSED"], ["0510", "UNUSED"],
    ]);
  });

  it("moves a booklet to EXHAUSTED when its last serial is used", async () => {
    const small = await booklet("cashier", { atpNo: "ATP-DVO-2025-09", serialFrom: "2001", serialTo: "2002" });
    expect(small.body.data).toMatchObject({ bookletStatus: "ACTIVE", unused: 2, nextSerial: "2001" });
    await write("2001", { issue: true });
    await write("2002", { issue: true });
    const [row] = (await call("cashier", "GET", "/AtpBooklets/load?branchCode=DVO&status=EXHAUSTED")).body.data.filter((b: any) => b.atpNo === "ATP-DVO-2025-09");
    expect(row).toMatchObject({ bookletStatus: "EXHAUSTED", issued: 2, unused: 0, nextSerial: null });
  });
});

describe("the list and the printout", () => {
  it("lists 20 at a time by default (skip 0, take 20), each branch its own", async () => {
    await booklet("ceb", { branchCode: "CEB", atpNo: "ATP-CEB-1", serialFrom: "1", serialTo: "40" });
    for (let serial = 1; serial <= 21; serial++) {
      const res = await si("ceb", { actionType: "create", branchCode: "CEB", serialNo: serial, invoiceDate: "2025-05-02", buyerName: `Buyer ${serial}`, lines: FREIGHT });
      expect(res.status).toBe(200);
    }
    const page = await si("ceb", { actionType: "list" });
    expect([page.body.data.length, page.body.total]).toEqual([20, 21]);
    const theirs = (await si("cashier", { actionType: "list", search: "0750" })).body.data[0];
    const peek = await call("ceb", "GET", `/BaseManualSI/get/${theirs.id}`);
    expect([peek.status, peek.body.message]).toEqual([404, `Manual SI ${theirs.id} was not found.`]);
  });

  it("prints on 14-inch legal paper", async () => {
    const made = (await write("0700", { issue: true })).body.data;
    const res = await t.call("GET", `/api/BaseManualSI/print/${made.id}`, { token: tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="SI-DVO-0700.pdf"');
    const text = new TextDecoder("latin1").decode(new Uint8Array(await res.arrayBuffer()));
    // 8.5 by 14 inches: 612 by 1008 points.
    expect([...text.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))])).toEqual([[612, 1008]]);
  });

  it("answers a malformed call with 400 and the field", async () => {
    for (const body of [{}, { actionType: "sell" }, { actionType: "create", branchCode: "DVO", serialNo: "07a0", invoiceDate: "2025-04-24", lines: FREIGHT }, { actionType: "list", take: 0 }]) {
      const res = await t.call("POST", "/api/BaseManualSI", { token: tokens.cashier, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      await expectErrorBody(res);
    }
  });
});

describe("two cashiers on one serial", () => {
  it("gives the serial to one of them; the other is told it is used", async () => {
    const answers = await Promise.all(["cashier", "approver"].map((who) => write("0800", { buyerName: `Buyer of ${who}` }, who)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe("Serial 0800 of branch DVO is already used (manual SI 0800 is Draft).");
  });
});
