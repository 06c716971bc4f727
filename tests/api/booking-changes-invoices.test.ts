import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, branches, customers, invoices, postings, waybills } from "../../db/schema/index.ts";
import { manilaToday } from "../../api/shared/dates.ts";
import { createRole, createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingChangeWorld, DAVAO, seedBookingChangeWorld } from "../support/booking-changes.ts";
import { BOOK } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * A booking change approved on a waybill already invoiced (issue 25, domain notes §6 and §10): the invoice is never
 * edited. In the approving transaction it is cancelled (its number kept, the reason naming the change, who and when),
 * a REVERSAL of its posting is queued, and an invoice is issued from the re-priced waybill with the branch's next SI
 * number, whether the invoice was still unposted or its CRO accounting record posted. An invoice a collection
 * settles holds the approval back (409) until the receipt is cancelled. The waybills are Manila's, prepaid, moved
 * from Cebu to Davao: 12,500.00 + 1,120.00 + 980.00 before, 15,000.00 + 1,120.00 + 1,050.00 after.
 */

let handle: DatabaseHandle;
let t: TestApp;
let bw: BookingChangeWorld;
const WHY = "The consignee moved the delivery to their Davao warehouse";
const BEFORE = "14600.00";
const AFTER = (Number(DAVAO.freightPerTeu) + Number(BOOK.arrastreOrigin) + Number(DAVAO.arrastre)).toFixed(2);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  bw = await seedBookingChangeWorld(handle.db, t, 871000);
  await handle.db.update(branches).set({ registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00000", address: "Pier 4, Manila" })
    .where(eq(branches.code, "MNL"));
  await handle.db.update(customers).set({ tin: "222-333-444-00000" }).where(eq(customers.code, "PHT"));
  const role = await createRole(handle.db, ["CROACCOUNTING"]);
  await createUser(handle.db, { userId: "bc-cashier", password: "bc-password-12345", roleKey: role.id, branches: ["MNL"] });
  bw.tokens.cashier = await signIn(t, "bc-cashier", "bc-password-12345");
}, 240_000);
afterAll(() => handle?.close());

async function expectOk(res: { status: number; body: any }, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
}
const move = (who: string, r: { revisionId: string; dateModified: string }, action: string, remarks = "") =>
  bw.call(who, "PUT", "/BookingRevisions/updateRevisionStatusV1", { revisionId: r.revisionId, action, dateModified: r.dateModified, remarks });

/** A Davao change of the booking, taken to the accounting approver's step. */
async function toDavaoWaitingForAccounting(bookingRef: string) {
  let r = await expectOk(await bw.call("clerk", "POST", "/BookingRevisions/createRevisionV1", { bookingRef, remarks: WHY, proposed: { destinationBranchCode: "DVO" } }), 201);
  for (const [who, action] of [["clerk", "submit"], ["endorser", "endorse"], ["management", "approve"]]) r = await expectOk(await move(who, r, action));
  expect(r.status).toBe("Management Approved");
  return r;
}

/** The voyage's Manila origin billing, made once, and the waybill's prepaid invoice generated under it. */
let croId: number | null = null;
async function invoiced(wayBillRef: string) {
  if (croId === null) {
    croId = (await expectOk(await bw.call("cashier", "POST", "/CROAccounting", { voyageNum: bw.w.voyageNum, branchCode: "MNL", side: "Origin" }), 201)).id;
  }
  const made = await expectOk(await bw.call("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${croId}`, { wayBillRefs: [wayBillRef] }));
  expect(made.map((i: any) => [i.wayBillRef, i.billedSide, i.total, i.status])).toEqual([[wayBillRef, "P", BEFORE, "Issued"]]);
  return made[0] as { id: number; invoiceNo: string; total: string };
}
const invoicesOf = (wayBillRef: string) => handle.db.select().from(invoices).where(eq(invoices.wayBillRef, wayBillRef)).orderBy(asc(invoices.id));
const postingKeysOf = async (...ids: number[]) =>
  (await handle.db.select({ key: postings.idempotencyKey, gross: postings.totals }).from(postings).orderBy(asc(postings.id)))
    .filter((p) => ids.some((id) => p.key.endsWith(`INVOICE:${id}:r1`)))
    .map((p) => [p.key, (p.gross as { gross: string }).gross]);
const numberAfter = (invoiceNo: string) => invoiceNo.replace(/\d{6}$/, (n) => String(Number(n) + 1).padStart(6, "0"));

describe("an invoice not yet posted", () => {
  it("is cancelled with the change named and issued again from the re-priced waybill under the next number", async () => {
    const [ready] = await bw.withWaybills(1);
    const first = await invoiced(ready.wayBillRef);
    const now = await toDavaoWaitingForAccounting(ready.bookingRef);
    const done = await expectOk(await move("accounting", now, "accountingApprove"));
    expect(done.status).toBe("approved");

    const [old, replacement] = await invoicesOf(ready.wayBillRef);
    expect([old.invoiceNo, old.status, old.total, old.cancelReason, old.cancelledBy]).toEqual([
      first.invoiceNo, "Cancelled", BEFORE, `Booking change ${done.revisionId} approved: ${WHY}`, "bc-accounting",
    ]);
    expect(old.dateCancelled).not.toBeNull();
    expect([replacement.invoiceNo, replacement.status, replacement.total, replacement.billedSide, replacement.croAccountingId]).toEqual([
      numberAfter(first.invoiceNo), "Issued", AFTER, "P", croId,
    ]);
    const [waybill] = await handle.db.select().from(waybills).where(eq(waybills.wayBillRef, ready.wayBillRef));
    expect(waybill.destinationBranchCode).toBe("DVO");
    // BASE learns of both numbers: the first, its reversal, and the new invoice.
    expect(await postingKeysOf(old.id, replacement.id)).toEqual([
      [`INVOICE:${old.id}:r1`, BEFORE], [`REVERSAL:INVOICE:${old.id}:r1`, `-${BEFORE}`], [`INVOICE:${replacement.id}:r1`, AFTER],
    ]);
    const corrected = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "INVOICE_CORRECTED"), eq(auditLog.target, `invoice:${old.invoiceNo}`)));
    expect(corrected.map((a) => [a.actor, (a.detail as any).posted, (a.detail as any).after])).toEqual([["bc-accounting", false, replacement.invoiceNo]]);
    // Nothing is left to invoice: the side is billed by the new number.
    const again = await bw.call("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${croId}`, { wayBillRefs: [ready.wayBillRef] });
    expect([again.status, again.body.message]).toEqual([200, "No more Waybill Data"]);
  });
});

describe("an invoice already posted", () => {
  it("has a reversal of its posting queued, then the new invoice, under its posted CRO accounting", async () => {
    const [ready] = await bw.withWaybills(1);
    const first = await invoiced(ready.wayBillRef);
    const posted = await bw.call("cashier", "PUT", `/CROAccounting/postCRO/${croId}`);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const now = await toDavaoWaitingForAccounting(ready.bookingRef);
    expect((await expectOk(await move("accounting", now, "accountingApprove"))).status).toBe("approved");

    const [old, replacement] = await invoicesOf(ready.wayBillRef);
    expect([old.status, replacement.status, replacement.total, replacement.invoiceNo]).toEqual(["Cancelled", "Issued", AFTER, numberAfter(first.invoiceNo)]);
    expect(await postingKeysOf(old.id, replacement.id)).toEqual([
      [`INVOICE:${old.id}:r1`, BEFORE], [`REVERSAL:INVOICE:${old.id}:r1`, `-${BEFORE}`], [`INVOICE:${replacement.id}:r1`, AFTER],
    ]);
    const corrected = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "INVOICE_CORRECTED"), eq(auditLog.target, `invoice:${old.invoiceNo}`)));
    expect(corrected.map((a) => (a.detail as any).posted)).toEqual([true]);
    // Reopened, the record generates nothing more for the waybill.
    const reopened = await bw.call("cashier", "GET", `/CROAccounting/get/${croId}`);
    const reopen = await bw.call("cashier", "PUT", `/CROAccounting/updateStatus/${croId}`, { action: "reopen", dateModified: reopened.body.data.dateModified });
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    const again = await bw.call("cashier", "POST", `/CROAccounting/generateWaybillInvoice/${croId}`, { wayBillRefs: [ready.wayBillRef] });
    expect([again.status, again.body.message]).toEqual([200, "No more Waybill Data"]);
  });
});

describe("an invoice a collection settles", () => {
  it("holds the approval back until the receipt is cancelled, and nothing is written meanwhile", async () => {
    const [ready] = await bw.withWaybills(1);
    const first = await invoiced(ready.wayBillRef);
    const receipt = await expectOk(await bw.call("cashier", "POST", "/Collections/create", {
      branchCode: "MNL", collectionDate: manilaToday(), paymentMethod: "CASH", customerCode: "PHT", lines: [{ invoiceId: first.id, applied: "1000.00" }],
    }), 201);
    const now = await toDavaoWaitingForAccounting(ready.bookingRef);
    const refused = await move("accounting", now, "accountingApprove");
    expect([refused.status, refused.body.message]).toEqual([
      409, `Invoice ${first.invoiceNo} of waybill ${ready.wayBillRef} is settled by collection ${receipt.receiptNo}; cancel that collection before booking change ${now.revisionId} is approved.`,
    ]);
    expect((await invoicesOf(ready.wayBillRef)).map((i) => [i.invoiceNo, i.status])).toEqual([[first.invoiceNo, "Issued"]]);
    const [waybill] = await handle.db.select().from(waybills).where(eq(waybills.wayBillRef, ready.wayBillRef));
    expect(waybill.destinationBranchCode).toBe("CEB");
    const still = await bw.call("accounting", "GET", `/BookingRevisions/getRevisionId/${now.revisionId}`);
    expect(still.body.data.status).toBe("Management Approved");

    // The receipt cancelled, the same approval goes through.
    const deleted = await bw.call("cashier", "DELETE", "/Collections/delete", { id: receipt.id, dateModified: receipt.dateModified, reason: "Re-billed after the booking change" });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await expectOk(await move("accounting", still.body.data, "accountingApprove"))).status).toBe("approved");
    expect((await invoicesOf(ready.wayBillRef)).map((i) => [i.status, i.total])).toEqual([["Cancelled", BEFORE], ["Issued", AFTER]]);
  });
});
