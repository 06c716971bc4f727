import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manilaYear } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, customers, postings, statusHistory } from "../../db/schema/index.ts";
import { type AccountingWorld, I10K, I112K, PAYERS, seedAccountingWorld, W1, writeInvoice } from "../support/accounting.ts";
import { expectErrorBody, makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Collections at DAT (001 §7 Collections; domain notes §8): a cashier settles a payer's invoices, less what the payer
 * withholds, on a receipt numbered gapless per branch; the hand-computed cases of the issue, the partial payments of
 * the notes, the excess setting, other charges, the spec's delete (a cancellation), the posting written with each,
 * branch scope, and the Form 2307 the customer owes. The invoices are written into the tables as CRO accounting
 * issues them.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: AccountingWorld;
const year = manilaYear(new Date());

const json = (res: Response) => res.json() as Promise<any>;

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

const collect = (body: Record<string, unknown>, who = "cashier") =>
  call(who, "POST", "/Collections/create", { branchCode: "DVO", collectionDate: "2025-05-02", paymentMethod: "CASH", ...body });

const invoice = (payer: { code: string | null; company: string }, totals = I112K, extra: Record<string, unknown> = {}) =>
  writeInvoice(handle.db, { branchCode: "DVO", payer, totals, ...extra });

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedAccountingWorld(handle.db, t);
}, 120_000);
afterAll(() => handle?.close());

describe("a collection with the tax the payer withholds (the issue's hand-computed cases)", () => {
  it("a private payer withholds 2% of 112,000.00 net of VAT: 2,000.00, and pays 110,000.00 on receipt CR-DVO-…-000001", async () => {
    const inv = await invoice(PAYERS.private);
    const { status, body } = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "112000.00" }] });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe("Collection Successfully Created");
    expect(body.data).toMatchObject({
      receiptNo: `CR-DVO-${year}-000001`, status: "Issued", branchCode: "DVO", customerCode: PAYERS.private.code, payerName: PAYERS.private.company,
      collectionDate: "2025-05-02", paymentMethod: "CASH", withholding: "PRIVATE",
      appliedTotal: "112000.00", ewtTotal: "2000.00", wvatTotal: "0.00", otherTotal: "0.00", amountReceived: "110000.00", excessAmount: "0.00",
      cheque: null, postingStatus: "PENDING",
    });
    expect(body.data.lines).toEqual([{
      invoiceId: inv.id, invoiceNo: inv.invoiceNo, wayBillRef: null, voyageNum: null, applied: "112000.00",
      ewtAtc: "WC120", ewtRate: "2.00", ewtBase: "100000.00", ewtAmount: "2000.00", wvatAtc: "", wvatBase: "0.00", wvatAmount: "0.00", cash: "110000.00",
    }]);
    // Its posting to BASE went into the outbox with the receipt, keyed by document and revision.
    const [posting] = await handle.db.select().from(postings).where(eq(postings.docId, body.data.id));
    expect([posting.docType, posting.idempotencyKey, posting.reference, posting.status, posting.documentDate]).toEqual([
      "COLLECTION_RECEIPT", `COLLECTION_RECEIPT:${body.data.id}:r1`, `CR-DVO-${year}-000001`, "PENDING", "2025-05-02",
    ]);
    expect(posting.totals).toEqual({ gross: "112000.00", vat: "0.00", ewt: "2000.00", wvat: "0.00", cash: "110000.00" });
    expect((posting.payload as any).journal).toEqual([
      { account: "CASH_ON_HAND", debit: "110000.00", credit: "0.00" },
      { account: "CWT_RECEIVABLE_PENDING_2307", debit: "2000.00", credit: "0.00" },
      { account: "ACCOUNTS_RECEIVABLE", debit: "0.00", credit: "112000.00" },
    ]);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "COLLECTION_RECORDED"), eq(auditLog.target, `collection:CR-DVO-${year}-000001`)));
    expect(audit.actor).toBe("acct-cashier");
    expect((audit.detail as any).before).toBeNull();
    expect((audit.detail as any).after).toMatchObject({ applied: "112000.00", ewt: "2000.00", wvat: "0.00", amountReceived: "110000.00" });
  });

  it("a government payer also withholds 5% VAT on the VATable net: 5,000.00, and pays 105,000.00", async () => {
    const inv = await invoice(PAYERS.government);
    const { status, body } = await collect({ customerCode: PAYERS.government.code, lines: [{ invoiceId: inv.id, applied: "112000.00" }] });
    expect(status).toBe(201);
    expect([body.data.withholding, body.data.ewtTotal, body.data.wvatTotal, body.data.amountReceived]).toEqual(["GOVERNMENT", "2000.00", "5000.00", "105000.00"]);
    expect(body.data.lines[0]).toMatchObject({ ewtAtc: "WC120", ewtAmount: "2000.00", wvatAtc: "WV020", wvatBase: "100000.00", wvatAmount: "5000.00", cash: "105000.00" });
  });

  it("a top withholding agent records WC160; a payer who does not withhold pays the whole", async () => {
    const top = await invoice(PAYERS.top, I10K);
    expect((await collect({ customerCode: PAYERS.top.code, lines: [{ invoiceId: top.id, applied: "10000.00" }] })).body.data.lines[0])
      .toMatchObject({ ewtAtc: "WC160", ewtBase: "8928.57", ewtAmount: "178.57", cash: "9821.43" });
    const none = await invoice(PAYERS.none, I10K);
    const paid = (await collect({ customerCode: PAYERS.none.code, lines: [{ invoiceId: none.id, applied: "10000.00" }] })).body.data;
    expect([paid.withholding, paid.ewtTotal, paid.amountReceived, paid.lines[0].ewtAtc]).toEqual(["NONE", "0.00", "10000.00", ""]);
  });
});

describe("partial payments (domain notes §8)", () => {
  it("W1 private: 20,000.00 withholds 357.83 (cash 19,642.17); the balance of 26,820.75 withholds the rest, 479.86", async () => {
    const inv = await invoice(PAYERS.private, W1);
    const first = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "20000.00" }] });
    expect([first.body.data.ewtTotal, first.body.data.amountReceived]).toEqual(["357.83", "19642.17"]);
    const open = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&customerCode=${PAYERS.private.code}`);
    const row = open.body.data.find((r: any) => r.invoiceId === inv.id);
    expect([row.total, row.balance, row.earlier]).toEqual([
      "46820.75", "26820.75", { applied: "20000.00", ewtBase: "17891.47", ewt: "357.83", wvatBase: "0.00", wvat: "0.00" },
    ]);
    const cwt = await call("cashier", "POST", "/Collections/calculateCWT", {
      branchCode: "DVO", customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "26820.75" }],
    });
    expect(cwt.body.data.lines[0]).toMatchObject({ ewtAmount: "479.86", cash: "26340.89", balanceAfter: "0.00" });
    const last = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "26820.75" }] });
    expect([last.body.data.ewtTotal, last.body.data.amountReceived, last.body.data.lines[0].ewtBase]).toEqual(["479.86", "26340.89", "23993.13"]);
    const after = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&customerCode=${PAYERS.private.code}`);
    expect(after.body.data.map((r: any) => r.invoiceId)).not.toContain(inv.id);
  });

  it("10,000.00 paid as 4,000.00 and 6,000.00 withholds 71.43 and then 107.14", async () => {
    const inv = await invoice(PAYERS.private, I10K);
    const first = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "4000.00" }] });
    const last = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "6000.00" }] });
    expect([first.body.data.ewtTotal, last.body.data.ewtTotal]).toEqual(["71.43", "107.14"]);
  });

  it("settles several invoices on one receipt, each with its own share", async () => {
    const a = await invoice(PAYERS.private, I112K);
    const b = await invoice(PAYERS.private, I10K);
    const { body } = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: a.id, applied: "112000.00" }, { invoiceId: b.id, applied: "4000.00" }] });
    expect(body.data.lines.map((l: any) => [l.invoiceNo, l.ewtAmount, l.cash])).toEqual([[a.invoiceNo, "2000.00", "110000.00"], [b.invoiceNo, "71.43", "3928.57"]]);
    expect([body.data.appliedTotal, body.data.ewtTotal, body.data.amountReceived]).toEqual(["116000.00", "2071.43", "113928.57"]);
  });
});

describe("what a collection cannot do", () => {
  it("refuses to apply more than is open on an invoice, and anything to one already settled", async () => {
    const inv = await invoice(PAYERS.private, I10K);
    const over = await w.call("cashier", "POST", "/Collections/create", {
      branchCode: "DVO", collectionDate: "2025-05-02", paymentMethod: "CASH", customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "12000.00" }],
    });
    expect(over.status).toBe(400);
    expect(await expectErrorBody(over)).toEqual({
      message: `Invoice ${inv.invoiceNo} has 10,000.00 open; 12,000.00 cannot be applied to it.`,
      errors: { "": [], "lines.0.applied": [`Invoice ${inv.invoiceNo} has 10,000.00 open; 12,000.00 cannot be applied to it.`] },
    });
    await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }] });
    const again = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "1.00" }] });
    expect([again.status, again.body.message]).toEqual([409, `Invoice ${inv.invoiceNo} is already settled in full.`]);
  });

  it("refuses an excess unless the setting keeps it as the customer's credit", async () => {
    const inv = await invoice(PAYERS.none, I10K);
    const line = [{ invoiceId: inv.id, applied: "10000.00" }];
    const refused = await collect({ customerCode: PAYERS.none.code, lines: line, amountReceived: "10500.00" });
    expect([refused.status, refused.body.message]).toEqual([400, "10,500.00 received is 500.00 more than is due; apply it to open invoices, or keep the excess as the customer's credit."]);
    const short = await collect({ customerCode: PAYERS.none.code, lines: line, amountReceived: "9000.00" });
    expect([short.status, short.body.message]).toEqual([400, "9,000.00 received is less than the 10,000.00 these invoices and charges come to; apply less to the invoices."]);
    const kept = await collect({ customerCode: PAYERS.none.code, lines: line, amountReceived: "10500.00", excessHandling: "CREDIT" });
    expect(kept.status).toBe(201);
    expect([kept.body.data.amountReceived, kept.body.data.excessAmount, kept.body.data.excessHandling]).toEqual(["10500.00", "500.00", "CREDIT"]);
    const setting = await call("cashier", "GET", `/Collections/excessPaymentSetting?customerCode=${PAYERS.none.code}`);
    expect(setting.body.data).toEqual({
      default: "REFUSE",
      options: [{ value: "REFUSE", label: "Refuse: take no more than is due" }, { value: "CREDIT", label: "Keep the excess as the customer's credit" }],
      credit: "500.00",
    });
  });

  it("takes other charges to an other-income account or a charge's GL account, and refuses any other account", async () => {
    const accounts = await call("cashier", "GET", "/Collections/otherIncomeAccounts");
    expect(accounts.body.data.map((a: any) => a.code)).toEqual(["4600-MISC", "4600-DOCS", "4600-PEN", "4600-SCRAP"]);
    const inv = await invoice(PAYERS.none, I10K);
    const { status, body } = await collect({
      customerCode: PAYERS.none.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }],
      otherCharges: [{ accountCode: "4600-DOCS", description: "Certified true copy of the waybill", amount: "250.00" }],
    });
    expect(status).toBe(201);
    expect([body.data.otherTotal, body.data.amountReceived, body.data.otherCharges]).toEqual([
      "250.00", "10250.00", [{ accountCode: "4600-DOCS", description: "Certified true copy of the waybill", amount: "250.00" }],
    ]);
    const wrong = await collect({
      customerCode: PAYERS.none.code, lines: [{ invoiceId: (await invoice(PAYERS.none, I10K)).id, applied: "10000.00" }],
      otherCharges: [{ accountCode: "1000-CASH", description: "Anything", amount: "5.00" }],
    });
    expect([wrong.status, wrong.body.errors]).toEqual([400, { "": [], "otherCharges.0.accountCode": ["1000-CASH is not an other-income account."] }]);
  });

  it("refuses another payer's invoice, and answers another branch's invoice as one that does not exist", async () => {
    const theirs = await invoice(PAYERS.government, I10K);
    const wrongPayer = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: theirs.id, applied: "100.00" }] });
    expect([wrongPayer.status, wrongPayer.body.message]).toEqual([400, `Invoice ${theirs.invoiceNo} is billed to ${PAYERS.government.company}, not to ${PAYERS.private.company}.`]);
    const cebu = await writeInvoice(handle.db, { branchCode: "CEB", payer: PAYERS.private, totals: I10K });
    const other = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: cebu.id, applied: "100.00" }] });
    const missing = await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: 999999, applied: "100.00" }] });
    expect([other.status, other.body.message]).toEqual([404, `Invoice ${cebu.id} was not found.`]);
    expect([missing.status, missing.body.message]).toEqual([404, "Invoice 999999 was not found."]);
    const branch = await collect({ branchCode: "CEB", customerCode: PAYERS.private.code, lines: [{ invoiceId: cebu.id, applied: "100.00" }] });
    expect([branch.status, branch.body.errors.branchCode]).toEqual([400, ["You do not work for branch CEB."]]);
  });

  it("checks how the money came: a cash collection has no cheque, a cheque dated later is a PDC, a collection is not dated ahead", async () => {
    const inv = await invoice(PAYERS.none, I10K);
    const lines = [{ invoiceId: inv.id, applied: "10000.00" }];
    const cash = await collect({ customerCode: PAYERS.none.code, lines, bank: "BDO" });
    expect(cash.body.message).toBe("A cash collection has no bank, cheque number or cheque date.");
    const cheque = await collect({ customerCode: PAYERS.none.code, lines, paymentMethod: "CHEQUE", bank: "BDO", chequeNo: "100200", chequeDate: "2025-05-09" });
    expect([cheque.status, cheque.body.errors.chequeDate]).toEqual([400, ["A cheque dated 2025-05-09 is post-dated; record it as a PDC."]]);
    const noBank = await collect({ customerCode: PAYERS.none.code, lines, paymentMethod: "PDC", chequeNo: "100200", chequeDate: "2025-05-09" });
    expect(noBank.body.errors.bank).toEqual(["Name the bank of the cheque."]);
    const ahead = await collect({ customerCode: PAYERS.none.code, lines, collectionDate: "2199-01-01" });
    expect(ahead.body.errors.collectionDate).toEqual(["A collection cannot be dated after today."]);
    const ok = await collect({ customerCode: PAYERS.none.code, lines, paymentMethod: "CHEQUE", bank: "BDO", chequeNo: "100200", chequeDate: "2025-05-01" });
    expect([ok.status, ok.body.data.paymentMethod, ok.body.data.cheque]).toEqual([201, "CHEQUE", null]);
  });

  it("refuses a rate above 15% of the base and warns of one other than the payer's setting", async () => {
    const inv = await invoice(PAYERS.private, I112K);
    const lines = [{ invoiceId: inv.id, applied: "112000.00" }];
    const high = await collect({ customerCode: PAYERS.private.code, lines, ewtRate: "16" });
    expect([high.status, high.body.errors.ewtRate]).toEqual([400, ["An EWT of 16% is above 15% of its base: check the rate the customer withheld."]]);
    const cwt = await call("cashier", "POST", "/Collections/calculateCWT", { branchCode: "DVO", customerCode: PAYERS.private.code, lines, ewtRate: "1" });
    expect(cwt.body.data).toMatchObject({
      withholding: "PRIVATE", ewtRate: "1.00", wvatRate: "0.00",
      totals: { applied: "112000.00", ewt: "1000.00", wvat: "0.00", cash: "111000.00" },
      warnings: ["The customer's setting (Private: 2% EWT) withholds 2% EWT, not 1%."],
    });
    const made = await collect({ customerCode: PAYERS.private.code, lines, ewtRate: "1" });
    expect([made.status, made.body.data.ewtTotal, made.body.data.lines[0].ewtRate]).toEqual([201, "1000.00", "1.00"]);
  });

  it("answers malformed input with 400 and the field, never a 5xx, and records nothing", async () => {
    const before = await handle.db.select().from(postings);
    for (const body of [
      {},
      { customerCode: PAYERS.private.code, lines: [] },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: "x", applied: "1" }] },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: 1, applied: "-5" }] },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: 1, applied: "1.234" }] },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: 1, applied: "1" }], paymentMethod: "GOLD" },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: 1, applied: "1" }], collectionDate: "2025-02-30" },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: 1, applied: "1" }, { invoiceId: 1, applied: "1" }] },
      { customerCode: PAYERS.private.code, lines: [{ invoiceId: 1, applied: "1" }], ewtRate: "two" },
      { customerCode: "NOBODY", lines: [{ invoiceId: 1, applied: "1" }] },
    ]) {
      const res = await w.call("cashier", "POST", "/Collections/create", { branchCode: "DVO", collectionDate: "2025-05-02", paymentMethod: "CASH", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await expectErrorBody(res);
      expect(Object.keys(error.errors).length, JSON.stringify(error)).toBeGreaterThan(1);
    }
    expect(await handle.db.select().from(postings)).toHaveLength(before.length);
  });

  it("is closed to staff without CRO accounting", async () => {
    const res = await w.call("outsider", "GET", "/Collections/load");
    expect(res.status).toBe(403);
  });
});

describe("the spec's delete: cancelling with a reason while not posted", () => {
  it("cancels the receipt, which keeps its number; the invoice is open again; the reversal goes to the outbox", async () => {
    const inv = await invoice(PAYERS.private, I10K);
    const made = (await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }] })).body.data;
    const stale = await call("cashier", "DELETE", "/Collections/delete", { id: made.id, reason: "Wrong payer", dateModified: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);
    const noReason = await call("cashier", "DELETE", "/Collections/delete", { id: made.id, dateModified: made.dateModified });
    expect([noReason.status, noReason.body.errors.reason]).toEqual([400, ["reason is required"]]);
    const { status, body } = await call("cashier", "DELETE", "/Collections/delete", { id: made.id, reason: "Keyed against the wrong invoice", dateModified: made.dateModified });
    expect(status).toBe(200);
    expect(body.message).toBe("Collection Deleted Successfully.");
    expect(body.data).toMatchObject({ receiptNo: made.receiptNo, status: "Cancelled", cancelReason: "Keyed against the wrong invoice", cancelledBy: "acct-cashier" });
    const reversal = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `REVERSAL:COLLECTION_RECEIPT:${made.id}:r1`));
    expect(reversal.map((p) => [p.docType, p.reversesKey, p.status, (p.payload as any).cause])).toEqual([["REVERSAL", `COLLECTION_RECEIPT:${made.id}:r1`, "PENDING", "CANCELLED"]]);
    const history = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "collection"), eq(statusHistory.recordId, made.id)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.remarks])).toEqual([["cancel", "Issued", "Cancelled", "Keyed against the wrong invoice"]]);
    const open = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&customerCode=${PAYERS.private.code}`);
    expect(open.body.data.find((r: any) => r.invoiceId === inv.id).balance).toBe("10000.00");
    const again = await call("cashier", "DELETE", "/Collections/delete", { id: made.id, reason: "Twice", dateModified: body.data.dateModified });
    expect(again.status).toBe(409);
  });

  it("refuses to cancel a receipt posted to BASE; an accounting approver reverses it instead", async () => {
    const inv = await invoice(PAYERS.private, I10K);
    const made = (await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }] })).body.data;
    const early = await call("approver", "PUT", `/Collections/reverse/${made.id}`, { reason: "Too early", dateModified: made.dateModified });
    expect([early.status, early.body.message]).toEqual([409, `Receipt ${made.receiptNo} is not posted to BASE yet; cancel it instead.`]);
    // BASE confirmed it (the relay's work).
    await handle.db.update(postings).set({ status: "CONFIRMED", externalRef: "BASE-88" }).where(eq(postings.idempotencyKey, `COLLECTION_RECEIPT:${made.id}:r1`));
    const cancel = await call("cashier", "DELETE", "/Collections/delete", { id: made.id, reason: "Too late", dateModified: made.dateModified });
    expect([cancel.status, cancel.body.message]).toEqual([409, `Receipt ${made.receiptNo} is posted to BASE; it can no longer be cancelled. Accounting reverses it instead.`]);
    expect((await call("cashier", "PUT", `/Collections/reverse/${made.id}`, { reason: "x", dateModified: made.dateModified })).status).toBe(403);
    const reversed = await call("approver", "PUT", `/Collections/reverse/${made.id}`, { reason: "Collected twice", dateModified: made.dateModified });
    expect([reversed.status, reversed.body.message, reversed.body.data.status]).toEqual([200, "Collection reversed successfully", "Reversed"]);
    const [row] = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `REVERSAL:COLLECTION_RECEIPT:${made.id}:r1`));
    expect([(row.payload as any).cause, row.status]).toEqual(["REVERSED", "PENDING"]);
  });

  it("voids the credit a cancelled receipt kept", async () => {
    const customer = { code: "ACC-CRD", company: "Credit Test Trading" };
    await handle.db.insert(customers).values({ ...customer, customerContactEmail: "crd@example.test", customerType: "BOTH" });
    const inv = await invoice(customer, I10K);
    const made = (await collect({ customerCode: customer.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }], amountReceived: "10100.00", excessHandling: "CREDIT" })).body.data;
    const credit = async () => (await call("cashier", "GET", `/Collections/excessPaymentSetting?customerCode=${customer.code}`)).body.data.credit;
    expect(await credit()).toBe("100.00");
    await call("cashier", "DELETE", "/Collections/delete", { id: made.id, reason: "Wrong amount", dateModified: made.dateModified });
    expect(await credit()).toBe("0.00");
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CUSTOMER_CREDIT_VOIDED"), eq(auditLog.target, `customer:${customer.code}`)));
    expect((audit.detail as any)).toMatchObject({ before: { amount: "100.00" }, after: { amount: "0.00" } });
  });
});

describe("spending a customer's credit", () => {
  const customer = { code: "ACC-SPD", company: "Credit Spending Corp." };
  const credit = async () => (await call("cashier", "GET", `/Collections/excessPaymentSetting?customerCode=${customer.code}`)).body.data.credit;
  let keeping: any;
  let spending: any;
  let first: { id: number; invoiceNo: string };
  let second: { id: number; invoiceNo: string };

  beforeAll(async () => {
    await handle.db.insert(customers).values({ ...customer, customerContactEmail: "spd@example.test", customerType: "BOTH" });
    first = await invoice(customer, I10K);
    second = await invoice(customer, I10K);
    // 13,000.00 for a 10,000.00 invoice: 3,000.00 kept as the customer's credit.
    keeping = (await collect({ customerCode: customer.code, lines: [{ invoiceId: first.id, applied: "10000.00" }], amountReceived: "13000.00", excessHandling: "CREDIT" })).body.data;
  });

  it("settles an invoice with 2,000.00 of it and 8,000.00 in cash, leaving 1,000.00, with a journal that balances", async () => {
    expect(await credit()).toBe("3000.00");
    const made = await collect({ customerCode: customer.code, lines: [{ invoiceId: second.id, applied: "10000.00" }], creditApplied: "2000.00" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    spending = made.body.data;
    expect([spending.appliedTotal, spending.creditApplied, spending.amountReceived, spending.excessAmount]).toEqual(["10000.00", "2000.00", "8000.00", "0.00"]);
    expect(await credit()).toBe("1000.00");
    const [posting] = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `COLLECTION_RECEIPT:${spending.id}:r1`));
    expect((posting.payload as any).journal).toEqual([
      { account: "CASH_ON_HAND", debit: "8000.00", credit: "0.00" },
      { account: "CUSTOMER_CREDIT", debit: "2000.00", credit: "0.00" },
      { account: "ACCOUNTS_RECEIVABLE", debit: "0.00", credit: "10000.00" },
    ]);
    expect([(posting.payload as any).creditApplied, (posting.totals as any).cash]).toEqual(["2000.00", "8000.00"]);
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CUSTOMER_CREDIT_USED"), eq(auditLog.target, `customer:${customer.code}`)));
    expect(audit.detail).toEqual({ receiptNo: spending.receiptNo, before: { amount: "3000.00" }, after: { amount: "1000.00" } });
    const open = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&customerCode=${customer.code}`);
    expect(open.body.data.map((r: any) => r.invoiceId)).not.toContain(second.id);
  });

  it("refuses more credit than the customer has, or than is due, and a shortfall counts the credit; nothing is written", async () => {
    const third = await invoice(customer, I10K);
    const receipts = (await handle.db.select().from(postings)).length;
    const more = await collect({ customerCode: customer.code, lines: [{ invoiceId: third.id, applied: "10000.00" }], creditApplied: "1500.00" });
    expect([more.status, more.body.errors.creditApplied]).toEqual([400, [`1,500.00 of credit cannot be applied: ${customer.company} has 1,000.00.`]]);
    const over = await collect({ customerCode: customer.code, lines: [{ invoiceId: third.id, applied: "600.00" }], creditApplied: "1000.00" });
    expect([over.status, over.body.errors.creditApplied]).toEqual([400, ["1,000.00 of credit is more than the 600.00 these invoices and charges come to."]]);
    const short = await collect({ customerCode: customer.code, lines: [{ invoiceId: third.id, applied: "10000.00" }], creditApplied: "1000.00", amountReceived: "8000.00" });
    expect([short.status, short.body.errors.amountReceived]).toEqual([
      400, ["8,000.00 received with 1,000.00 of credit is less than the 10,000.00 these invoices and charges come to; apply less to the invoices."],
    ]);
    expect((await handle.db.select().from(postings)).length).toBe(receipts);
    expect(await credit()).toBe("1000.00");
  });

  it("keeps the receipt that kept the credit from being cancelled while its credit is spent", async () => {
    const refused = await call("cashier", "DELETE", "/Collections/delete", { id: keeping.id, reason: "Wrong amount", dateModified: keeping.dateModified });
    expect([refused.status, refused.body.message]).toEqual([409, `The credit receipt ${keeping.receiptNo} kept has been used; it cannot be taken back.`]);
  });

  it("gives the credit back when the receipt that spent it is cancelled; then the first can be cancelled too", async () => {
    const cancelled = await call("cashier", "DELETE", "/Collections/delete", { id: spending.id, reason: "Paid twice", dateModified: spending.dateModified });
    expect([cancelled.status, cancelled.body.data.status]).toEqual([200, "Cancelled"]);
    expect(await credit()).toBe("3000.00");
    const [audit] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "CUSTOMER_CREDIT_RETURNED"), eq(auditLog.target, `customer:${customer.code}`)));
    expect(audit.detail).toEqual({ receiptNo: spending.receiptNo, reason: "Paid twice", before: { amount: "0.00" }, after: { amount: "2000.00" } });
    // Spent again, the credit split earlier is taken whole: 3,000.00 in two parts.
    const again = await collect({ customerCode: customer.code, lines: [{ invoiceId: second.id, applied: "10000.00" }], creditApplied: "3000.00" });
    expect([again.status, again.body.data.amountReceived, await credit()]).toEqual([201, "7000.00", "0.00"]);
    const back = await call("cashier", "DELETE", "/Collections/delete", { id: again.body.data.id, reason: "Keyed twice", dateModified: again.body.data.dateModified });
    expect([back.status, await credit()]).toEqual([200, "3000.00"]);
    const first = await call("cashier", "DELETE", "/Collections/delete", { id: keeping.id, reason: "Wrong amount", dateModified: keeping.dateModified });
    expect([first.status, await credit()]).toEqual([200, "0.00"]);
  });
});

describe("reading", () => {
  it("answers a receipt of another branch exactly as one that does not exist", async () => {
    const inv = await invoice(PAYERS.private, I10K);
    const made = (await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }] })).body.data;
    const theirs = await w.call("ceb", "GET", `/Collections/get/${made.id}`);
    const none = await w.call("ceb", "GET", "/Collections/get/999999");
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).message).toBe(`Collection ${made.id} was not found.`);
    expect((await json(none)).message).toBe("Collection 999999 was not found.");
    expect((await call("ceb", "GET", "/Collections/load")).body).toEqual({ data: [], total: 0, message: "No more data to load" });
  });

  it("changes only a receipt's remarks, with the dateModified read", async () => {
    const inv = await invoice(PAYERS.private, I10K);
    const made = (await collect({ customerCode: PAYERS.private.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }] })).body.data;
    const saved = await call("cashier", "PUT", `/Collections/update/${made.id}`, { remarks: "Paid at the Sasa window", dateModified: made.dateModified });
    expect([saved.status, saved.body.message, saved.body.data.remarks, saved.body.data.amountReceived]).toEqual([200, "Collection updated successfully", "Paid at the Sasa window", "9821.43"]);
    const stale = await call("cashier", "PUT", `/Collections/update/${made.id}`, { remarks: "Late", dateModified: made.dateModified });
    expect(stale.status).toBe(409);
  });

  it("says which number the next receipt will take, without taking it", async () => {
    const first = await call("cashier", "GET", "/Collections/generateReceiptNumber?branchCode=DVO");
    const again = await call("cashier", "GET", "/Collections/generateReceiptNumber?branchCode=DVO");
    expect(first.body.data).toEqual(again.body.data);
    const inv = await invoice(PAYERS.none, I10K);
    const made = (await collect({ customerCode: PAYERS.none.code, lines: [{ invoiceId: inv.id, applied: "10000.00" }] })).body.data;
    expect(made.receiptNo).toBe(first.body.data.receiptNo);
    expect(first.body.data.reserved).toBe(false);
    const ceb = await call("ceb", "GET", "/Collections/generateReceiptNumber?branchCode=CEB");
    expect(ceb.body.data.receiptNo).toBe(`CR-CEB-${year}-000001`);
  });

  it("gives the day's totals a cashier reconciles: cash, cheques, PDCs, EWT and VAT withheld, less what was cancelled", async () => {
    const day = "2025-06-16";
    const made = [];
    for (const [payer, totals, extra] of [
      [PAYERS.private, I112K, {}],
      [PAYERS.government, I112K, { paymentMethod: "CHEQUE", bank: "LANDBANK", chequeNo: "556677", chequeDate: "2025-06-16" }],
      [PAYERS.private, I10K, { paymentMethod: "PDC", bank: "BPI", chequeNo: "PDC-0616", chequeDate: "2025-07-15" }],
      [PAYERS.none, I10K, {}],
    ] as const) {
      const inv = await invoice(payer, totals);
      made.push((await collect({ customerCode: payer.code, collectionDate: day, lines: [{ invoiceId: inv.id, applied: totals.total }], ...extra })).body.data);
    }
    await call("cashier", "DELETE", "/Collections/delete", { id: made[3].id, reason: "Duplicate", dateModified: made[3].dateModified });
    const totals = await call("cashier", "GET", `/Collections/dayTotals?collectionDate=${day}&branchCode=DVO`);
    expect(totals.body.data).toEqual({
      collectionDate: day, receipts: 3,
      cash: { count: 1, amount: "110000.00" }, cheques: { count: 1, amount: "105000.00" }, pdcs: { count: 1, amount: "9821.43" },
      applied: "234000.00", ewt: "4178.57", wvat: "5000.00", other: "0.00", excess: "0.00", creditApplied: "0.00", received: "224821.43", cancelled: 1,
    });
    const listed = await call("cashier", "GET", `/Collections/load?collectionDate=${day}&status=Issued`);
    expect(listed.body.data.map((c: any) => c.receiptNo).sort()).toEqual(made.slice(0, 3).map((c) => c.receiptNo).sort());
  });
});

describe("the payers of a branch", () => {
  it("lists the customers with open invoices there, with their setting, what they owe and their credit", async () => {
    const payer = { code: "ACC-PAY", company: "Open Balance Trading" };
    await handle.db.insert(customers).values({ ...payer, customerContactEmail: "pay@example.test", customerType: "BOTH", withholding: "GOVERNMENT" });
    const small = await invoice(payer, I10K);
    const big = await invoice(payer, I112K);
    await collect({ customerCode: payer.code, lines: [{ invoiceId: small.id, applied: "4000.00" }] });
    const listed = async () => (await call("cashier", "GET", `/Collections/payers?branchCode=DVO&search=${payer.code}`)).body.data;
    expect(await listed()).toEqual([{
      customerCode: payer.code, company: payer.company, address: "", tin: "", withholding: "GOVERNMENT", isTopWithholdingAgent: false,
      openInvoices: 2, openBalance: "118000.00", credit: "0.00",
    }]);
    await collect({ customerCode: payer.code, lines: [{ invoiceId: big.id, applied: "112000.00" }] });
    expect((await listed()).map((p: any) => [p.openInvoices, p.openBalance])).toEqual([[1, "6000.00"]]);
    const elsewhere = await call("ceb", "GET", "/Collections/payers?branchCode=DVO");
    expect([elsewhere.status, elsewhere.body.errors.branchCode]).toEqual([400, ["You do not work for branch DVO."]]);
  });

  it("records a current cheque once", async () => {
    const first = await invoice(PAYERS.none, I10K);
    const second = await invoice(PAYERS.none, I10K);
    const cheque = { paymentMethod: "CHEQUE", bank: "Landbank", chequeNo: "LB-4411", chequeDate: "2025-05-02" };
    expect((await collect({ customerCode: PAYERS.none.code, lines: [{ invoiceId: first.id, applied: "10000.00" }], ...cheque })).status).toBe(201);
    const again = await collect({ customerCode: PAYERS.none.code, lines: [{ invoiceId: second.id, applied: "10000.00" }], ...cheque });
    expect([again.status, again.body.message.startsWith("Cheque LB-4411 of Landbank is already recorded, on receipt CR-DVO-")]).toEqual([409, true]);
  });
});

describe("Form 2307 (domain notes §8)", () => {
  it("expects 2,178.57 by 2025-07-20 for Q2 2025's 2,000.00 and 178.57; a form of 2,000.00 leaves 178.57 pending", async () => {
    const payer = { code: "ACC-2307", company: "Quarterly Payer Corp." };
    await handle.db.insert(customers).values({ ...payer, customerContactEmail: "q@example.test", customerType: "BOTH", withholding: "PRIVATE" });
    const big = await invoice(payer, I112K);
    const small = await invoice(payer, I10K);
    await collect({ customerCode: payer.code, collectionDate: "2025-04-30", lines: [{ invoiceId: big.id, applied: "112000.00" }] });
    await collect({ customerCode: payer.code, collectionDate: "2025-06-30", lines: [{ invoiceId: small.id, applied: "10000.00" }] });
    const listed = await call("cashier", "GET", `/Collections/form2307?year=2025&quarter=2&customerCode=${payer.code}`);
    expect(listed.body.data).toEqual([{
      id: null, branchCode: "DVO", customerCode: payer.code, company: payer.company, year: 2025, quarter: 2, receipts: 2,
      expectedEwt: "2178.57", expectedWvat: "0.00", expected: "2178.57", received: null, dateReceived: null, periodOnForm: "",
      pending: "2178.57", dueDate: "2025-07-20", status: "MISSING", dateModified: null,
    }]);
    const received = await call("cashier", "PUT", "/Collections/form2307/receive", {
      branchCode: "DVO", customerCode: payer.code, year: 2025, quarter: 2, amount: "2000.00", dateReceived: "2025-07-18", periodOnForm: "April to June 2025",
    });
    expect([received.status, received.body.message]).toEqual([200, "Form 2307 recorded successfully"]);
    expect(received.body.data).toMatchObject({ expected: "2178.57", received: "2000.00", dateReceived: "2025-07-18", pending: "178.57", status: "RECEIVED", periodOnForm: "April to June 2025" });
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.action, "FORM_2307_RECEIVED"));
    expect(audit.detail).toEqual({ before: null, after: { receivedAmount: "2000.00", dateReceived: "2025-07-18", periodOnForm: "April to June 2025", remarks: "" } });
    // Correcting what was recorded carries the dateModified read; without it, or with an older one, it is refused.
    const form = { branchCode: "DVO", customerCode: payer.code, year: 2025, quarter: 2, amount: "2178.57", dateReceived: "2025-07-18" };
    const blind = await call("cashier", "PUT", "/Collections/form2307/receive", form);
    expect([blind.status, blind.body.message]).toEqual([409, `The Form 2307 of ${payer.company} for Q2 2025 was recorded by someone else after you opened it. Reload it and try again.`]);
    const corrected = await call("cashier", "PUT", "/Collections/form2307/receive", { ...form, dateModified: received.body.data.dateModified });
    expect([corrected.status, corrected.body.data.received, corrected.body.data.pending]).toEqual([200, "2178.57", "0.00"]);
    const stale = await call("cashier", "PUT", "/Collections/form2307/receive", { ...form, dateModified: received.body.data.dateModified });
    expect(stale.status).toBe(409);
    const missing = await call("cashier", "GET", "/Collections/form2307?year=2025&quarter=2&status=MISSING");
    expect(missing.body.data.map((r: any) => r.customerCode)).not.toContain(payer.code);
    const elsewhere = await call("ceb", "GET", `/Collections/form2307?year=2025&quarter=2&customerCode=${payer.code}`);
    expect(elsewhere.body.data).toEqual([]);
  });
});

describe("a consignee who is not a registered customer", () => {
  const walkIn = { code: null, company: "Tibungco Rice Dealers" };

  it("finds the consignee's invoice by its number and collects it in cash, the receipt naming the consignee", async () => {
    const inv = await invoice(walkIn, I10K);
    const short = await call("cashier", "GET", "/Collections/openInvoices?branchCode=DVO&search=Ti");
    expect([short.status, short.body.errors.search]).toEqual([
      400, ["Choose the payer, or give at least 3 characters of the invoice, waybill or consignee to find the invoice"],
    ]);
    const found = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&search=${inv.invoiceNo}`);
    expect(found.body.data.map((r: any) => [r.invoiceNo, r.customerCode, r.buyerName, r.balance])).toEqual([[inv.invoiceNo, null, walkIn.company, "10000.00"]]);
    // A registered customer's invoice is not found this way: the cashier chooses the customer.
    const registered = await invoice(PAYERS.none, I10K);
    const notListed = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&search=${registered.invoiceNo}`);
    expect(notListed.body.data).toEqual([]);
    const made = await collect({ lines: [{ invoiceId: inv.id, applied: "10000.00" }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      customerCode: null, payerName: walkIn.company, withholding: "NONE", appliedTotal: "10000.00", ewtTotal: "0.00", amountReceived: "10000.00",
    });
    const after = await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&search=${inv.invoiceNo}`);
    expect(after.body.data).toEqual([]);
  });

  it("refuses tax withheld, a post-dated cheque, an excess kept as credit, and a registered customer's invoice, writing nothing", async () => {
    const inv = await invoice(walkIn, I10K);
    const registered = await invoice(PAYERS.none, I10K);
    const before = (await handle.db.select().from(postings)).length;
    const withheld = await collect({ ewtRate: "2", lines: [{ invoiceId: inv.id, applied: "10000.00" }] });
    expect([withheld.status, withheld.body.errors.ewtRate]).toEqual([
      400, ["Tax withheld is recorded for registered customers only (their Form 2307 is tracked): add the payer to the customers first."],
    ]);
    const pdc = await collect({
      paymentMethod: "PDC", bank: "BPI", chequeNo: "WALK-1", chequeDate: "2025-05-20", lines: [{ invoiceId: inv.id, applied: "10000.00" }],
    });
    expect([pdc.status, pdc.body.errors.paymentMethod]).toEqual([
      400, ["A post-dated cheque is taken from a registered customer only: add the payer to the customers first."],
    ]);
    const credit = await collect({ amountReceived: "10500.00", excessHandling: "CREDIT", lines: [{ invoiceId: inv.id, applied: "10000.00" }] });
    expect([credit.status, credit.body.errors.amountReceived]).toEqual([
      400, ["10,500.00 received is 500.00 more than is due; a payer who is not a registered customer keeps no credit."],
    ]);
    const spent = await collect({ creditApplied: "100.00", lines: [{ invoiceId: inv.id, applied: "10000.00" }] });
    expect([spent.status, spent.body.errors.creditApplied]).toEqual([400, ["A payer who is not a registered customer has no credit to apply."]]);
    const mixed = await collect({ lines: [{ invoiceId: registered.id, applied: "10000.00" }] });
    expect([mixed.status, mixed.body.errors.customerCode]).toEqual([
      400, [`Invoice ${registered.invoiceNo} is billed to customer ${PAYERS.none.code}: choose that customer as the payer.`],
    ]);
    const other = await invoice({ code: null, company: "Bunawan Feeds" }, I10K);
    const two = await collect({ lines: [{ invoiceId: inv.id, applied: "10000.00" }, { invoiceId: other.id, applied: "10000.00" }] });
    expect([two.status, two.body.errors["lines.1.invoiceId"]]).toEqual([400, [`Invoice ${other.invoiceNo} is billed to Bunawan Feeds, not to ${walkIn.company}.`]]);
    expect((await handle.db.select().from(postings)).length).toBe(before);
  });
});
