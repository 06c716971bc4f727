import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueWaybillInvoice } from "../../api/modules/accounting/invoices/service.ts";
import { callerOfUser } from "../../api/modules/auth/index.ts";
import { manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, branches, charges, collectionLines, collections, croAccountings, customers, invoices, postings, users, waybills } from "../../db/schema/index.ts";
import { type AccountingWorld, BUYERS, seedAccountingWorld, SELLERS } from "../support/accounting-world.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { normaliseOcr, renderPdf, watermarkText } from "../support/pdf-image.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

/**
 * CRO accounting and the waybill invoices (issue 23; 001 §7 CRO accounting; domain notes §6, §7): the record of a
 * voyage's billing at a branch and side, invoices generated one per waybill and payment side with the particulars
 * an invoice must carry and the VAT worked out once, numbered gapless per branch, cancelled with a reason and
 * reversed, printed, and what the voyages list shows a cashier.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: AccountingWorld;
const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
const json = (res: Response) => res.json() as Promise<any>;

/** Waybill W1 of domain notes §7 on the prepaid side: 001 freight, 004 arrastre, 005 wharfage, storage, demurrage, an exempt and a zero-rated line. */
const W1 = [
  { chargeCode: "001", chargeValue: "37000.00", availableTo: "P", part: "FREIGHT", quantity: "2", rate: "18500.00" },
  { chargeCode: "004", chargeValue: "2350.75", availableTo: "P", part: "PORT_DESTINATION" },
  { chargeCode: "005", chargeValue: "1120.00", availableTo: "P", part: "PORT_DESTINATION" },
  { chargeCode: "STO", chargeValue: "3600.00", availableTo: "P", part: "STORAGE", quantity: "4", rate: "900.00" },
  { chargeCode: "DEM", chargeValue: "2000.00", availableTo: "P", part: "DEMURRAGE" },
  { chargeCode: "EXM", chargeValue: "500.00", availableTo: "P", part: "OTHER" },
  { chargeCode: "ZRO", chargeValue: "250.00", availableTo: "P", part: "OTHER" },
];

async function openCro(who: string, body: Record<string, unknown>) {
  const res = await w.call(who, "POST", "/CROAccounting", body);
  return { status: res.status, body: await json(res) };
}

async function generate(id: number, body: Record<string, unknown> = {}, who = "cashier") {
  const res = await w.call(who, "POST", `/CROAccounting/generateWaybillInvoice/${id}`, body);
  return { status: res.status, body: await json(res) };
}

/** A fresh voyage with its origin CRO accounting at Manila. */
async function originCro(ref: string) {
  const voyageNum = await w.voyage(ref);
  const made = await openCro("cashier", { voyageNum, branchCode: "MNL", side: "Origin" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { voyageNum, cro: made.body.data };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedAccountingWorld(handle.db, t, {
    cebu: { grants: ["CROACCOUNTING"], branches: ["CEB"] },
    clerk: { grants: ["OUTBOUND"], branches: ["MNL"] },
    outsider: { grants: ["VOYAGE"], branches: ["MNL"] },
  });
}, 120_000);
afterAll(() => handle?.close());

describe("the CRO accounting record", () => {
  it("opens a voyage's billing at its origin, numbered from the branch's CRA series, Draft, once per branch and side", async () => {
    const voyageNum = await w.voyage("V-CRA");
    const made = await openCro("cashier", { voyageNum, branchCode: "mnl", side: "Origin", remarks: "Prepaid side" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe("CRO accounting created successfully");
    expect(made.body.data).toMatchObject({
      croAcctgNum: expect.stringMatching(new RegExp(`^CRA-MNL-${year}-\\d{6}$`)), status: "Draft", voyageNum, branchCode: "MNL", branchName: "Manila",
      side: "Origin", remarks: "Prepaid side", invoiceCount: 0, invoiced: "0.00", collected: "0.00", open: "0.00", waiting: 0, vesselName: "MV Accounting Star",
      invoices: [],
    });
    const again = await openCro("cashier", { voyageNum, branchCode: "MNL", side: "Origin" });
    expect([again.status, again.body.message]).toEqual([409, `Voyage ${voyageNum} already has its Origin CRO accounting at MNL: ${made.body.data.croAcctgNum}.`]);
    // Davao is where the voyage goes: it bills the destination side, and Manila does not.
    const wrongSide = await openCro("cashier", { voyageNum, branchCode: "MNL", side: "Destination" });
    expect([wrongSide.status, wrongSide.body.errors.branchCode]).toEqual([400, [`Voyage ${voyageNum} does not call at MNL: only its destinations bill the destination side.`]]);
    const notMine = await openCro("cebu", { voyageNum, branchCode: "DVO", side: "Destination" });
    expect([notMine.status, notMine.body.errors.branchCode]).toEqual([400, ["You do not work for branch DVO."]]);
    const badSide = await openCro("cashier", { voyageNum, branchCode: "DVO", side: "Both" });
    expect([badSide.status, badSide.body.errors.side]).toEqual([400, ["side must be Origin or Destination"]]);
    const destination = await openCro("cashier", { voyageNum, branchCode: "DVO", side: "Destination" });
    expect(destination.body.data.croAcctgNum).toMatch(new RegExp(`^CRA-DVO-${year}-\\d{6}$`));
  });

  it("answers another branch's record exactly as one that does not exist", async () => {
    const { cro } = await originCro("V-SCOPE");
    const mine = await w.call("cebu", "GET", `/CROAccounting/get/${cro.id}`);
    const none = await w.call("cebu", "GET", "/CROAccounting/get/999999");
    expect([mine.status, none.status]).toEqual([404, 404]);
    expect((await json(mine)).message).toBe(`CRO accounting ${cro.id} was not found.`);
    expect((await json(none)).message).toBe("CRO accounting 999999 was not found.");
    expect((await w.call("outsider", "GET", `/CROAccounting/get/${cro.id}`)).status).toBe(403);
  });

  it("changes remarks only with the dateModified read, and deletes only a Draft record without invoices", async () => {
    const { cro } = await originCro("V-EDIT");
    const stale = await w.call("cashier", "PUT", `/CROAccounting/update/${cro.id}`, { dateModified: "2020-01-01T00:00:00.000Z", remarks: "late" });
    expect([stale.status, (await json(stale)).message]).toEqual([409, "This CRO accounting was changed by someone else after you opened it. Reload it and try again."]);
    const saved = await w.call("cashier", "PUT", `/CROAccounting/update/${cro.id}`, { dateModified: cro.dateModified, remarks: "Checked" });
    expect((await json(saved)).data.remarks).toBe("Checked");
    const gone = await w.call("cashier", "DELETE", "/CROAccounting/delete", [cro.id]);
    expect([gone.status, (await json(gone)).message]).toEqual([200, "CRO accounting deleted successfully"]);
    expect((await handle.db.select().from(croAccountings).where(eq(croAccountings.id, cro.id))).length).toBe(0);

    const billed = await originCro("V-KEEP");
    await w.waybill([{ chargeCode: "001", chargeValue: "500.00", availableTo: "P" }], { voyageNum: billed.voyageNum });
    expect((await generate(billed.cro.id)).status).toBe(200);
    const kept = await w.call("cashier", "DELETE", "/CROAccounting/delete", { ids: [billed.cro.id] });
    const body = await json(kept);
    expect([kept.status, body.message]).toEqual([409, expect.stringMatching(new RegExp(`^CRO accounting ${billed.cro.croAcctgNum} has issued invoice SI-MNL-${year}-\\d{6}; a record with invoices is never deleted\\.$`))]);
  });

  it("moves Draft to Posted and back by its workflow, audited, and generates nothing while Posted", async () => {
    const { cro } = await originCro("V-POST");
    const posted = await w.call("cashier", "PUT", `/CROAccounting/updateStatus/${cro.id}`, { action: "post", dateModified: cro.dateModified });
    const body = await json(posted);
    expect([posted.status, body.message, body.data.status]).toEqual([200, "CRO accounting posted successfully", "Posted"]);
    expect((await generate(cro.id)).body.message).toBe(`CRO accounting ${cro.croAcctgNum} is Posted; reopen it to generate more invoices.`);
    const reopened = await w.call("cashier", "PUT", `/CROAccounting/updateStatus/${cro.id}`, { action: "reopen", dateModified: body.data.dateModified });
    expect((await json(reopened)).data.status).toBe("Draft");
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `cro-accounting:${cro.croAcctgNum}`)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, (a.detail as any).before.status, (a.detail as any).after.status])).toEqual([
      ["STATUS_CHANGED", "Draft", "Posted"], ["STATUS_CHANGED", "Posted", "Draft"],
    ]);
  });
});

describe("generating the waybill invoices", () => {
  it("issues W1's prepaid invoice with the VAT worked out once: 41,134.60 VATable sales, 4,936.15 VAT, total 46,820.75", async () => {
    const { voyageNum, cro } = await originCro("V-W1");
    const wb = await w.waybill(W1, { voyageNum });
    const { status, body } = await generate(cro.id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("1 invoice generated successfully");
    const [invoice] = body.data;
    expect(invoice).toMatchObject({
      invoiceNo: expect.stringMatching(new RegExp(`^SI-MNL-${year}-\\d{6}$`)), status: "Issued", branchCode: "MNL", croAccountingId: cro.id, wayBillRef: wb,
      voyageNum, billedSide: "P", invoiceDate: manilaToday(), customerCode: "PHT", buyerName: BUYERS.PHT.company, buyerAddress: BUYERS.PHT.address,
      buyerTin: BUYERS.PHT.tin, buyerVatRegistered: true, seller: SELLERS.MNL,
      vatableSales: "41134.60", vatAmount: "4936.15", exemptSales: "500.00", zeroRatedSales: "250.00", total: "46820.75",
      collected: "0.00", open: "46820.75",
    });
    expect(invoice.lines).toEqual([
      { chargeCode: "001", description: "Ocean freight", quantity: "2", unit: "Per TEU", unitPrice: "18500.00", amount: "37000.00", taxClass: "VATABLE" },
      { chargeCode: "004", description: "Arrastre", quantity: "1", unit: "Per TEU", unitPrice: "2350.75", amount: "2350.75", taxClass: "VATABLE" },
      { chargeCode: "005", description: "Wharfage", quantity: "1", unit: "Per TEU", unitPrice: "1120.00", amount: "1120.00", taxClass: "VATABLE" },
      { chargeCode: "STO", description: "Storage", quantity: "4", unit: "Per TEU", unitPrice: "900.00", amount: "3600.00", taxClass: "VATABLE" },
      { chargeCode: "DEM", description: "Demurrage", quantity: "1", unit: "Per TEU", unitPrice: "2000.00", amount: "2000.00", taxClass: "VATABLE" },
      { chargeCode: "EXM", description: "Exempt test charge", quantity: "1", unit: "Per TEU", unitPrice: "500.00", amount: "500.00", taxClass: "EXEMPT" },
      { chargeCode: "ZRO", description: "Zero-rated test charge", quantity: "1", unit: "Per TEU", unitPrice: "250.00", amount: "250.00", taxClass: "ZERO_RATED" },
    ]);
    // Its posting is in the outbox, written with it, under its key.
    expect(invoice.posting).toEqual({ idempotencyKey: `INVOICE:${invoice.id}:r1`, status: "PENDING", lastError: null });
    const [posting] = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `INVOICE:${invoice.id}:r1`));
    expect([posting.reference, posting.voyageNum, posting.documentDate, posting.totals]).toEqual([
      invoice.invoiceNo, voyageNum, manilaToday(), { gross: "46820.75", vat: "4936.15", ewt: "0.00", wvat: "0.00", cash: "0.00" },
    ]);
    // The money is audited as issued.
    const [issued] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "INVOICE_ISSUED"), eq(auditLog.target, `invoice:${invoice.invoiceNo}`)));
    expect((issued.detail as any).after).toMatchObject({ total: "46820.75", vatAmount: "4936.15", buyer: BUYERS.PHT.company });
    // Nothing is left: 001 §8.
    expect(await generate(cro.id)).toEqual({ status: 200, body: { data: [], refused: [], message: "No more Waybill Data" } });
  });

  it("keeps arrastre and wharfage the port bills directly off the invoice: W1 then totals 43,350.00 with 4,564.29 VAT", async () => {
    await handle.db.update(charges).set({ passThrough: true }).where(sql`${charges.code} in ('004', '005')`);
    try {
      const { voyageNum, cro } = await originCro("V-W1PT");
      await w.waybill(W1, { voyageNum });
      const [invoice] = (await generate(cro.id)).body.data;
      expect(invoice.lines.map((l: any) => l.chargeCode)).toEqual(["001", "STO", "DEM", "EXM", "ZRO"]);
      expect([invoice.vatableSales, invoice.vatAmount, invoice.exemptSales, invoice.zeroRatedSales, invoice.total])
        .toEqual(["38035.71", "4564.29", "500.00", "250.00", "43350.00"]);
    } finally {
      await handle.db.update(charges).set({ passThrough: false }).where(sql`${charges.code} in ('004', '005')`);
    }
  });

  it("bills a split waybill at both ends: the prepaid lines at Manila to the shipper, the collect lines at Davao to the consignee", async () => {
    const { voyageNum, cro } = await originCro("V-SPLIT");
    const wb = await w.waybill([
      { chargeCode: "001", chargeValue: "112000.00", availableTo: "P" },
      { chargeCode: "004", chargeValue: "10000.00", availableTo: "C" },
    ], { voyageNum, consigneeCode: "DFP" });
    const named = await w.waybill([{ chargeCode: "004", chargeValue: "980.00", availableTo: "C" }], { voyageNum, consigneeName: "Juan dela Cruz" });
    const origin = (await generate(cro.id)).body.data;
    expect(origin.map((i: any) => [i.wayBillRef, i.billedSide, i.buyerName, i.vatableSales, i.vatAmount, i.total])).toEqual([
      [wb, "P", BUYERS.PHT.company, "100000.00", "12000.00", "112000.00"],
    ]);
    const destination = await openCro("cashier", { voyageNum, branchCode: "DVO", side: "Destination" });
    const issued = (await generate(destination.body.data.id)).body.data;
    expect(issued.map((i: any) => [i.wayBillRef, i.billedSide, i.branchCode, i.buyerName, i.buyerTin, i.buyerVatRegistered, i.vatableSales, i.vatAmount, i.total, i.seller.tin])).toEqual([
      [wb, "C", "DVO", BUYERS.DFP.company, BUYERS.DFP.tin, true, "8928.57", "1071.43", "10000.00", SELLERS.DVO.tin],
      [named, "C", "DVO", "Juan dela Cruz", "", false, "875.00", "105.00", "980.00", SELLERS.DVO.tin],
    ]);
    expect(issued[0].invoiceNo).toMatch(new RegExp(`^SI-DVO-${year}-\\d{6}$`));
    // The waybill by payment side, as the CRO accounting reads it.
    const sides = (await json(await w.call("cashier", "GET", `/CROAccounting/getWaybill/${wb}`))).data.sides;
    expect(sides.map((s: any) => [s.mode, s.side, s.billingBranch, s.amount, s.invoice.invoiceNo])).toEqual([
      ["P", "Origin", "MNL", "112000.00", origin[0].invoiceNo], ["C", "Destination", "DVO", "10000.00", issued[0].invoiceNo],
    ]);
    // Cebu's cashier does not see a waybill of Manila and Davao.
    expect((await w.call("cebu", "GET", `/CROAccounting/getWaybill/${wb}`)).status).toBe(404);
  });

  it("needs a VAT-registered buyer's TIN at 1,000.00 or more, and not at 999.99 or for a buyer that is not VAT-registered", async () => {
    const { voyageNum, cro } = await originCro("V-TIN");
    const under = await w.waybill([{ chargeCode: "001", chargeValue: "999.99", availableTo: "P" }], { voyageNum, customerCode: "NOTIN" });
    const at = await w.waybill([{ chargeCode: "001", chargeValue: "1000.00", availableTo: "P" }], { voyageNum, customerCode: "NOTIN" });
    const shop = await w.waybill([{ chargeCode: "001", chargeValue: "50000.00", availableTo: "P" }], { voyageNum, customerCode: "SARI" });
    const { status, body } = await generate(cro.id);
    expect(status).toBe(200);
    const message = `${at}: ${BUYERS.NOTIN.company} is VAT-registered and is billed 1,000.00, so its TIN must be on the invoice; fill it in under Master Data > Customers.`;
    expect(body.refused).toEqual([{ wayBillRef: at, mode: "P", message }]);
    expect(body.message).toBe("2 invoices generated; 1 waybill side could not be invoiced.");
    expect(body.data.map((i: any) => [i.wayBillRef, i.buyerTin, i.total])).toEqual([[under, "", "999.99"], [shop, "", "50000.00"]]);
    // Only the refused one is left, and alone it is a 400 that issues nothing.
    const again = await generate(cro.id);
    expect([again.status, again.body.message, again.body.errors.wayBillRefs]).toEqual([400, `No invoice was issued. ${message}`, [message]]);
    // With the TIN filled in, it goes.
    await handle.db.update(customers).set({ tin: "010-010-418-000" }).where(eq(customers.code, "NOTIN"));
    const fixed = await generate(cro.id);
    expect(fixed.body.data.map((i: any) => [i.wayBillRef, i.buyerTin])).toEqual([[at, "010-010-418-000"]]);
    await handle.db.update(customers).set({ tin: "" }).where(eq(customers.code, "NOTIN"));
  });

  it("refuses every invoice of a branch whose seller's particulars are missing, and issues nothing", async () => {
    const { voyageNum, cro } = await originCro("V-SELLER");
    await w.waybill([{ chargeCode: "001", chargeValue: "800.00", availableTo: "P" }], { voyageNum });
    await handle.db.update(branches).set({ businessStyle: "", tin: "" }).where(eq(branches.code, "MNL"));
    try {
      const { status, body } = await generate(cro.id);
      const text = "Branch MNL has no business style, TIN with branch code; an invoice cannot be issued without the seller's particulars. Fill them in under Master Data > Branches.";
      expect([status, body.message, body.errors.branchCode]).toEqual([400, text, [text]]);
      expect((await handle.db.select().from(invoices).where(eq(invoices.croAccountingId, cro.id))).length).toBe(0);
    } finally {
      await handle.db.update(branches).set(SELLERS.MNL).where(eq(branches.code, "MNL"));
    }
  });

  it("freezes the buyer and seller as issued: a later change of master data does not touch the invoice", async () => {
    const { voyageNum, cro } = await originCro("V-FROZEN");
    await w.waybill([{ chargeCode: "001", chargeValue: "2000.00", availableTo: "P" }], { voyageNum });
    const [invoice] = (await generate(cro.id)).body.data;
    await handle.db.update(customers).set({ company: "Pacific Harbor Trading (renamed)" }).where(eq(customers.code, "PHT"));
    await handle.db.update(branches).set({ address: "Somewhere else" }).where(eq(branches.code, "MNL"));
    const read = (await json(await w.call("cashier", "GET", `/CROAccounting/invoice/${invoice.invoiceNo}`))).data;
    expect([read.buyerName, read.seller.address]).toEqual([BUYERS.PHT.company, SELLERS.MNL.address]);
    await handle.db.update(customers).set({ company: BUYERS.PHT.company }).where(eq(customers.code, "PHT"));
    await handle.db.update(branches).set({ address: SELLERS.MNL.address }).where(eq(branches.code, "MNL"));
    // The database itself refuses to edit or delete an issued invoice.
    await expect(handle.db.update(invoices).set({ total: "1.00" }).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    await expect(handle.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
  });

  it("refuses to change an invoiced waybill's charges until its invoice is cancelled", async () => {
    const { voyageNum, cro } = await originCro("V-GUARD");
    // Two TEU at 2,500.00, as the waybill's own quantity prices it again on every save.
    const wb = await w.waybill([{ chargeCode: "001", chargeValue: "5000.00", availableTo: "P", part: "FREIGHT", quantity: "2", rate: "2500.00" }], { voyageNum });
    const [invoice] = (await generate(cro.id)).body.data;
    const [record] = await handle.db.select().from(waybills).where(eq(waybills.wayBillRef, wb));
    const change = await w.call("clerk", "PUT", `/OutBound/waybill/update/${wb}`, {
      dateModified: record.dateModified.toISOString(), charges: [{ chargeCode: "001", part: "FREIGHT", rateUnit: "perTeu", rate: "3000.00" }],
    });
    expect([change.status, (await json(change)).message]).toEqual([409, `Waybill ${wb} is invoiced (${invoice.invoiceNo}); its charges change only once that invoice is cancelled.`]);
    // A change that moves no money (its seal) is still made.
    const sealed = await w.call("clerk", "PUT", `/OutBound/waybill/update/${wb}`, { dateModified: record.dateModified.toISOString(), sealNum: "S-77" });
    expect(sealed.status).toBe(200);
  });
});

describe("cancelling an invoice", () => {
  it("keeps its number with the reason, who and when, reverses its posting, and the next invoice takes the next number", async () => {
    const { voyageNum, cro } = await originCro("V-CANCEL");
    const wb = await w.waybill([{ chargeCode: "001", chargeValue: "10000.00", availableTo: "P" }], { voyageNum });
    const [invoice] = (await generate(cro.id)).body.data;
    const noReason = await w.call("cashier", "PUT", `/CROAccounting/invoice/cancel/${invoice.invoiceNo}`, { dateModified: invoice.dateModified, reason: " " });
    expect([noReason.status, (await json(noReason)).errors.reason]).toEqual([400, ["reason is required"]]);
    const stale = await w.call("cashier", "PUT", `/CROAccounting/invoice/cancel/${invoice.invoiceNo}`, { dateModified: "2020-01-01T00:00:00.000Z", reason: "x" });
    expect(stale.status).toBe(409);
    const other = await w.call("cebu", "PUT", `/CROAccounting/invoice/cancel/${invoice.invoiceNo}`, { dateModified: invoice.dateModified, reason: "x" });
    expect([other.status, (await json(other)).message]).toEqual([404, `Invoice ${invoice.invoiceNo} was not found.`]);

    const res = await w.call("cashier", "PUT", `/CROAccounting/invoice/cancel/${invoice.invoiceNo}`, { dateModified: invoice.dateModified, reason: "Billed to the wrong shipper" });
    const body = await json(res);
    expect([res.status, body.message]).toEqual([200, "Invoice cancelled"]);
    expect(body.data).toMatchObject({
      invoiceNo: invoice.invoiceNo, status: "Cancelled", cancelReason: "Billed to the wrong shipper", cancelledBy: expect.stringMatching(/-cashier$/),
      total: "10000.00", open: "0.00", posting: { idempotencyKey: `REVERSAL:INVOICE:${invoice.id}:r1`, status: "PENDING", lastError: null },
    });
    expect(body.data.dateCancelled).not.toBeNull();
    const [reversal] = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `REVERSAL:INVOICE:${invoice.id}:r1`));
    expect([reversal.docType, reversal.reversesKey, reversal.reference, reversal.totals]).toEqual([
      "REVERSAL", `INVOICE:${invoice.id}:r1`, invoice.invoiceNo, { gross: "-10000.00", vat: "-1071.43", ewt: "0.00", wvat: "0.00", cash: "0.00" },
    ]);
    const history = await handle.db.select().from(auditLog).where(eq(auditLog.target, `invoice:${invoice.invoiceNo}`)).orderBy(asc(auditLog.id));
    expect(history.map((a) => a.action)).toEqual(["INVOICE_ISSUED", "STATUS_CHANGED"]);
    expect((history[1].detail as any)).toMatchObject({ before: { status: "Issued" }, after: { status: "Cancelled" }, remarks: "Billed to the wrong shipper" });
    const twice = await w.call("cashier", "PUT", `/CROAccounting/invoice/cancel/${invoice.invoiceNo}`, { dateModified: body.data.dateModified, reason: "again" });
    expect([twice.status, (await json(twice)).message]).toEqual([409, `Invoice ${invoice.invoiceNo} is Cancelled; only an issued invoice is cancelled.`]);

    // The waybill's side waits again and is billed under the next number.
    const [again] = (await generate(cro.id)).body.data;
    expect(again.wayBillRef).toBe(wb);
    expect(Number(again.invoiceNo.slice(-6))).toBe(Number(invoice.invoiceNo.slice(-6)) + 1);
  });

  it("is refused while a collection has settled the invoice", async () => {
    const { voyageNum, cro } = await originCro("V-PAID");
    await w.waybill([{ chargeCode: "001", chargeValue: "11200.00", availableTo: "P" }], { voyageNum });
    const [invoice] = (await generate(cro.id)).body.data;
    // A collection (engineer B's part) as its tables hold one: 5,000.00 applied to the invoice.
    const [collection] = await handle.db.insert(collections).values({
      receiptNo: `CR-MNL-${year}-990001`, status: "Issued", branchCode: "MNL", customerCode: "PHT", payerName: BUYERS.PHT.company, collectionDate: manilaToday(),
      paymentMethod: "CASH", withholding: "NONE", appliedTotal: "5000.00", ewtTotal: "0.00", wvatTotal: "0.00", amountReceived: "5000.00",
      dateIssued: new Date(), issuedBy: "test",
    }).returning();
    await handle.db.insert(collectionLines).values({ collectionId: collection.id, invoiceId: invoice.id, applied: "5000.00" });
    const read = (await json(await w.call("cashier", "GET", `/CROAccounting/invoice/${invoice.invoiceNo}`))).data;
    expect([read.collected, read.open]).toEqual(["5000.00", "6200.00"]);
    const res = await w.call("cashier", "PUT", `/CROAccounting/invoice/cancel/${invoice.invoiceNo}`, { dateModified: invoice.dateModified, reason: "x" });
    expect([res.status, (await json(res)).message]).toEqual([409, `Invoice ${invoice.invoiceNo} is settled by collection CR-MNL-${year}-990001; cancel that collection before the invoice.`]);

    // The voyages list shows what the side billed, invoiced, collected and still has open.
    const list = await json(await w.call("cashier", "GET", `/CROAccounting/listVoyages?search=V-PAID`));
    expect(list.data.map((r: any) => [r.voyageNum, r.branchCode, r.side, r.waybills, r.billed, r.invoiced, r.collected, r.open, r.waiting, r.croAccounting.id])).toEqual([
      [voyageNum, "MNL", "Origin", 1, "11200.00", "11200.00", "5000.00", "6200.00", 0, cro.id],
    ]);
    const day = await json(await w.call("cashier", "GET", "/CROAccounting/dailyTotals"));
    const manila = day.data.find((d: any) => d.branchCode === "MNL");
    expect(manila.collected).toEqual({ count: 1, total: "5000.00" });
    expect(manila.issued.count).toBeGreaterThan(0);
  });
});

describe("the invoice printout", () => {
  it("says Invoice large, the seller's VAT registration and TIN, the buyer, each line and the VAT apart, with the exempt and zero-rated marks", async () => {
    const { voyageNum, cro } = await originCro("V-PDF");
    await w.waybill(W1, { voyageNum });
    const [invoice] = (await generate(cro.id)).body.data;
    const res = await w.call("cashier", "GET", `/CROAccounting/invoice/print/${invoice.invoiceNo}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${invoice.invoiceNo}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const pdf = await renderPdf(bytes, { pageSegmentation: 4 });
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const text = squeeze(pdf.pages.map((p) => p.text ?? "").join(" "));
    for (const expected of [
      "INVOICE", invoice.invoiceNo, SELLERS.MNL.registeredName, `VAT Reg. TIN: ${SELLERS.MNL.tin}`, BUYERS.PHT.company, BUYERS.PHT.tin,
      "VATable sales 41,134.60", "VAT (12%) 4,936.15", "VAT-exempt sales 500.00", "Zero-rated sales 250.00", "TOTAL AMOUNT DUE (PHP) 46,820.75",
      "(VAT-exempt sale)", "(zero-rated sale)", "37,000.00", "18,500.00",
    ]) {
      expect(text, expected).toContain(squeeze(expected));
    }
    // A cashier who is not DAT staff prints a copy.
    expect(await watermarkText(bytes, 1)).toBe("copy");
  }, 120_000);
});

describe("many invoices at once", () => {
  it("numbers 200 invoices issued at once on one branch, a fifth of them rolled back, without a gap or a repeat", async () => {
    const { voyageNum, cro } = await originCro("V-MANY");
    const refs: string[] = [];
    for (let i = 0; i < 200; i++) refs.push(await w.waybill([{ chargeCode: "001", chargeValue: `${100 + i}.00`, availableTo: "P" }], { voyageNum }));
    const [cashier] = await handle.db.select({ id: users.id }).from(users).where(sql`${users.userId} like '%-cashier'`).limit(1);
    const caller = await callerOfUser(handle.db, cashier.id);
    const record = (await handle.db.select().from(croAccountings).where(eq(croAccountings.id, cro.id)))[0];
    const rolledBack = new Error("rolled back on purpose");
    const outcomes = await Promise.allSettled(refs.map((wayBillRef, i) =>
      handle.db.transaction(async (tx) => {
        await issueWaybillInvoice(tx, caller, { cro: record, wayBillRef, mode: "P", now: new Date() });
        if (i % 5 === 0) throw rolledBack;
      })
    ));
    const failures = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason);
    expect(failures.length).toBe(40);
    expect(failures.every((f) => f === rolledBack)).toBe(true);
    const numbers = (await handle.db.select({ invoiceNo: invoices.invoiceNo }).from(invoices).where(eq(invoices.croAccountingId, cro.id)))
      .map((r) => Number(r.invoiceNo.slice(-6))).sort((a, b) => a - b);
    expect(numbers.length).toBe(160);
    expect(new Set(numbers).size).toBe(160);
    expect(numbers).toEqual(Array.from({ length: 160 }, (_, i) => numbers[0] + i));
    // Each committed invoice wrote its posting, and no rolled-back one did.
    const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(postings)
      .innerJoin(invoices, eq(invoices.id, postings.docId)).where(and(eq(postings.docType, "INVOICE"), eq(invoices.croAccountingId, cro.id)));
    expect(n).toBe(160);
  }, backend === "postgres" ? 300_000 : 120_000);
});
