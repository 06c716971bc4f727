import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waybillSidePaid } from "../../api/modules/accounting/index.ts";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { containerVans, containerYards, customers, invoices } from "../../db/schema/index.ts";
import { PASSWORD, seedAccountingWorld, writeInvoice } from "../support/accounting.ts";
import { createRole, createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Whether a waybill's side is paid for its release (domain notes §5.5, §9): the question this module's index
 * answers for the inbound release. Real waybills of a Manila to Cebu voyage, their invoices written into the
 * tables as CRO accounting issues them, and collections made by a Cebu cashier: a collect waybill not invoiced,
 * partly collected, paid by a post-dated cheque that is only deposited and then cleared, one whose cheque bounces,
 * and a waybill on account.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let cashier: string;
let vanSerial = 700000;

const json = (res: Response) => res.json() as Promise<any>;
const asCashier = async (method: string, path: string, body?: unknown) => {
  const res = await t.call(method, `/api${path}`, { token: cashier, body });
  return { status: res.status, body: await json(res) };
};

async function newVan(): Promise<string> {
  const first = `LADU${String(vanSerial++).padStart(6, "0")}`;
  const code = `${first}${containerCheckDigit(first)}`;
  await handle.db.insert(containerVans).values({ code, size: "20", vanType: "DRY", condition: "Empty", cyCode: "PDCY1" });
  return code;
}

/** A waybill of a Manila to Cebu booking paid the way `modeOfPayment` says, made through the real calls. */
async function waybillPaying(modeOfPayment: string) {
  const opened = await w.call("staff", "POST", "/Bookings/batch", {
    voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [{ ...PTP_BOOKING, modeOfPayment }],
  });
  const batch = (await json(opened)).data;
  await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  const ref = batch.bookings[0].bookingRef;
  await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: [ref], truckingCode: "TRK1" });
  const cts = await w.call("yard", "POST", "/OutBound/cts/create", {
    bookingRef: ref, containerVanNum: await newVan(), truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", toParty: "Shipper", vanStatus: "Empty",
  });
  expect(cts.status).toBe(201);
  const made = await w.call("yard", "POST", "/OutBound/waybill/create", { bookingRef: ref });
  expect(made.status).toBe(201);
  return (await json(made)).data;
}

/** The destination's invoice of a collect waybill, as CRO accounting at Cebu issues it: its VAT as the waybill worked it out. */
const invoiceOf = (waybill: any, billedSide = "C") =>
  writeInvoice(handle.db, {
    branchCode: "CEB", payer: { code: "PHT", company: "Pacific Harbor Trading" }, wayBillRef: waybill.wayBillRef, voyageNum: waybill.voyageNum, billedSide,
    totals: { vatableSales: waybill.totals.vat.vatableNet, vatAmount: waybill.totals.vat.vat, exemptSales: waybill.totals.vat.exempt, total: waybill.totals.total },
  });

const collectAt = (invoiceId: number, applied: string, extra: Record<string, unknown> = {}) =>
  asCashier("POST", "/Collections/create", {
    branchCode: "CEB", customerCode: "PHT", collectionDate: "2025-05-05", paymentMethod: "CASH", lines: [{ invoiceId, applied }], ...extra,
  });

const destination = (waybill: any) => waybillSidePaid(handle.db, waybill.wayBillRef, "destination");

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await seedAccountingWorld(handle.db, t);
  await handle.db.insert(containerYards).values({ code: "PDCY1", name: "Manila Pier CY", branchCode: "MNL" });
  await handle.db.update(customers).set({ withholding: "NONE" }).where(eq(customers.code, "PHT"));
  await createUser(handle.db, { userId: "paid-cashier", password: PASSWORD, roleKey: (await createRole(handle.db, ["CROACCOUNTING"])).id, branches: ["CEB"] });
  cashier = await signIn(t, "paid-cashier", PASSWORD);
}, 180_000);
afterAll(() => handle?.close());

describe("a collect waybill's destination side", () => {
  it("is not paid until its invoice is collected in full; a deposited PDC is not paid, a cleared one is", async () => {
    const waybill = await waybillPaying("C");
    // Port to port at 1 TEU, every line collected at Cebu: 14,600.00 (13,035.71 + 1,564.29).
    expect([waybill.totals.collect, waybill.totals.total, waybill.totals.vat.vatableNet, waybill.totals.vat.vat]).toEqual(["14600.00", "14600.00", "13035.71", "1564.29"]);
    expect(await waybillSidePaid(handle.db, waybill.wayBillRef, "origin")).toEqual({ side: "origin", paid: true, reason: "Nothing is billed on this side.", invoices: [] });
    expect(await destination(waybill)).toEqual({
      side: "destination", paid: false, reason: `Not invoiced yet: the destination charges of ${waybill.wayBillRef} have no invoice.`, invoices: [],
    });
    const inv = await invoiceOf(waybill);
    expect((await collectAt(inv.id, "4600.00")).status).toBe(201);
    expect(await destination(waybill)).toEqual({
      side: "destination", paid: false, reason: `10,000.00 is open on invoice ${inv.invoiceNo}.`,
      invoices: [{ invoiceNo: inv.invoiceNo, billedSide: "C", total: "14600.00", settled: "4600.00", awaitingClearing: "0.00", balance: "10000.00" }],
    });
    const pdc = await collectAt(inv.id, "10000.00", { paymentMethod: "PDC", bank: "BDO", chequeNo: "CEB-5501", chequeDate: "2025-05-06" });
    expect(pdc.status).toBe(201);
    const cheque = pdc.body.data.cheque;
    const waiting = await destination(waybill);
    expect([waiting.paid, waiting.reason]).toEqual([false, `A post-dated cheque for 10,000.00 on invoice ${inv.invoiceNo} has not cleared.`]);
    const deposited = await asCashier("PUT", `/PdcClearing/deposit/${cheque.id}`, { depositDate: "2025-05-06", dateModified: pdc.body.data.dateModified });
    expect(deposited.body.data.status).toBe("DEPOSITED");
    expect((await destination(waybill)).paid).toBe(false);
    const cleared = await asCashier("PUT", `/PdcClearing/clear/${cheque.id}`, { clearedDate: "2025-05-07", dateModified: deposited.body.data.dateModified });
    expect([cleared.status, cleared.body.message]).toEqual([200, "Cleared Successfully"]);
    expect(await destination(waybill)).toEqual({
      side: "destination", paid: true, reason: "Collected in full.",
      invoices: [{ invoiceNo: inv.invoiceNo, billedSide: "C", total: "14600.00", settled: "14600.00", awaitingClearing: "0.00", balance: "0.00" }],
    });
    // The cashier's screen asks the same question by the waybill's reference.
    const seen = await asCashier("GET", `/Collections/getWayBillRef/${waybill.wayBillRef}`);
    expect([seen.body.data.destination.paid, seen.body.data.origin.paid, seen.body.data.invoices.map((i: any) => [i.invoiceNo, i.balance])])
      .toEqual([true, true, [[inv.invoiceNo, "0.00"]]]);
  });

  it("is open again when the cheque that paid it bounces", async () => {
    const waybill = await waybillPaying("C");
    const inv = await invoiceOf(waybill);
    const pdc = await collectAt(inv.id, "14600.00", { paymentMethod: "PDC", bank: "BDO", chequeNo: "CEB-5502", chequeDate: "2025-05-06" });
    const cheque = pdc.body.data.cheque;
    const deposited = await asCashier("PUT", `/PdcClearing/deposit/${cheque.id}`, { depositDate: "2025-05-06", dateModified: pdc.body.data.dateModified });
    await asCashier("PUT", `/PdcClearing/bounce/${cheque.id}`, { reason: "Account closed", dateModified: deposited.body.data.dateModified });
    expect(await destination(waybill)).toMatchObject({ paid: false, reason: `14,600.00 is open on invoice ${inv.invoiceNo}.` });
  });

  it("paid in cash at once is paid; a cancelled invoice is no invoice", async () => {
    const waybill = await waybillPaying("C");
    const cancelled = await invoiceOf(waybill);
    await handle.db.update(invoices).set({ status: "Cancelled" }).where(eq(invoices.id, cancelled.id));
    expect((await destination(waybill)).reason).toBe(`Not invoiced yet: the destination charges of ${waybill.wayBillRef} have no invoice.`);
    const inv = await invoiceOf(waybill);
    await collectAt(inv.id, "14600.00");
    expect((await destination(waybill)).paid).toBe(true);
  });
});

describe("other waybills", () => {
  it("a waybill on account goes through at its destination; a prepaid one has nothing to pay there", async () => {
    const onAccount = await waybillPaying("AD");
    expect(await destination(onAccount)).toEqual({ side: "destination", paid: true, reason: "On account: the customer is billed on its account.", invoices: [] });
    const prepaid = await waybillPaying("P");
    expect(await destination(prepaid)).toEqual({ side: "destination", paid: true, reason: "Nothing is billed on this side.", invoices: [] });
    expect((await waybillSidePaid(handle.db, prepaid.wayBillRef, "origin")).reason).toBe(`Not invoiced yet: the origin charges of ${prepaid.wayBillRef} have no invoice.`);
  });

  it("is looked up from the origin or the destination only; elsewhere the waybill does not exist", async () => {
    const waybill = await waybillPaying("C");
    await createUser(handle.db, { userId: "paid-davao", password: PASSWORD, roleKey: (await createRole(handle.db, ["CROACCOUNTING"])).id, branches: ["DVO"] });
    const davao = await signIn(t, "paid-davao", PASSWORD);
    const res = await t.call("GET", `/api/Collections/getWayBillRef/${waybill.wayBillRef}`, { token: davao });
    expect([res.status, (await json(res)).message]).toEqual([404, `Waybill ${waybill.wayBillRef} was not found.`]);
    await expect(waybillSidePaid(handle.db, "WB-NONE-1", "destination")).rejects.toThrow("Waybill WB-NONE-1 was not found.");
  });
});
