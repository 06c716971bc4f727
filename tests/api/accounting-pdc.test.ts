import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { postings, statusHistory } from "../../db/schema/index.ts";
import { type AccountingWorld, I10K, PAYERS, seedAccountingWorld, seedHolidays2025, W1, writeInvoice } from "../support/accounting.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Post-dated cheques (001 §7 PdcClearing; domain notes §9) on the 2025 calendar of Proclamation 727: every vector
 * of the notes (early deposit, holiday week, weekend, Christmas, stale dates, the bounce of W1), clearing with its
 * posting, replacing a cheque, and a collection cancelled with its cheque still in hand.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: AccountingWorld;

const json = (res: Response) => res.json() as Promise<any>;
async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

let chequeSerial = 0;

/** A collection of `totals` by post-dated cheque, received on `received` and dated `chequeDate`; answers it and its cheque. */
async function pdcCollection(o: { chequeDate: string; received: string; totals?: typeof I10K; payer?: { code: string; company: string }; isManagersCheque?: boolean }) {
  const payer = o.payer ?? PAYERS.private;
  const totals = o.totals ?? I10K;
  const inv = await writeInvoice(handle.db, { branchCode: "DVO", payer, totals });
  const made = await call("cashier", "POST", "/Collections/create", {
    branchCode: "DVO", customerCode: payer.code, collectionDate: o.received, paymentMethod: "PDC", bank: "BPI", chequeNo: `PDC-${++chequeSerial}`,
    chequeDate: o.chequeDate, isManagersCheque: o.isManagersCheque ?? false, lines: [{ invoiceId: inv.id, applied: totals.total }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { invoice: inv, collection: made.body.data, cheque: made.body.data.cheque };
}

async function chequeRow(id: number) {
  for (const filter of ["OUTSTANDING", "CLEARED", "BOUNCED", "REPLACED", "CANCELLED"]) {
    const found = (await call("cashier", "GET", `/PdcClearing/load?filter=${filter}&take=200`)).body.data.find((c: any) => c.id === id);
    if (found) return found;
  }
  throw new Error(`cheque ${id} not listed`);
}

const deposit = async (id: number, depositDate: string) =>
  await call("cashier", "PUT", `/PdcClearing/deposit/${id}`, { depositDate, dateModified: (await chequeRow(id)).dateModified });
const clear = async (id: number, clearedDate: string) =>
  await call("cashier", "PUT", `/PdcClearing/clear/${id}`, { clearedDate, dateModified: (await chequeRow(id)).dateModified });

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedAccountingWorld(handle.db, t);
  await seedHolidays2025(handle.db);
}, 120_000);
afterAll(() => handle?.close());

describe("depositing", () => {
  it("refuses a cheque dated 2025-04-15 deposited on 2025-04-14, and takes it on its date", async () => {
    const { cheque } = await pdcCollection({ chequeDate: "2025-04-15", received: "2025-04-10" });
    expect(cheque).toMatchObject({ status: "RECEIVED", chequeDate: "2025-04-15", amount: "9821.43", depositDate: null });
    const early = await deposit(cheque.id, "2025-04-14");
    expect([early.status, early.body.errors.depositDate]).toEqual([400, ["A cheque dated 2025-04-15 cannot be deposited before its date; deposit it on 2025-04-15 or later."]]);
    const ok = await deposit(cheque.id, "2025-04-15");
    expect([ok.status, ok.body.message, ok.body.data.status, ok.body.data.depositDate, ok.body.warnings]).toEqual([200, "Deposited Successfully", "DEPOSITED", "2025-04-15", []]);
  });

  it("a cheque dated 2025-01-10 is refused from 2025-07-09 (day 180), taken with a warning on 2025-07-08 (day 179)", async () => {
    const stale = await pdcCollection({ chequeDate: "2025-01-10", received: "2025-01-08" });
    const blocked = await deposit(stale.cheque.id, "2025-07-09");
    expect([blocked.status, blocked.body.message]).toEqual([400, "The cheque dated 2025-01-10 is stale from 2025-07-09 (180 days after its date); the last day it could be deposited was 2025-07-08."]);
    const listed = await chequeRow(stale.cheque.id);
    expect([listed.staleness, listed.lastDeposit]).toEqual(["STALE", "2025-07-08"]);
    const lastDay = await deposit(stale.cheque.id, "2025-07-08");
    expect([lastDay.status, lastDay.body.warnings]).toEqual([200, ["The cheque dated 2025-01-10 goes stale soon: the last day to deposit it is 2025-07-08."]]);
  });

  it("never holds a manager's cheque stale", async () => {
    const { cheque } = await pdcCollection({ chequeDate: "2025-01-10", received: "2025-01-08", isManagersCheque: true });
    const late = await deposit(cheque.id, "2025-07-09");
    expect([late.status, late.body.data.staleness, late.body.data.lastDeposit]).toEqual([200, "FRESH", null]);
  });

  it("refuses a deposit before the cheque was received, after today, or on a stale dateModified", async () => {
    const { cheque } = await pdcCollection({ chequeDate: "2025-03-01", received: "2025-03-05" });
    const before = await deposit(cheque.id, "2025-03-04");
    expect(before.body.errors.depositDate).toEqual(["The cheque was received on 2025-03-05; it cannot have been deposited before that."]);
    const ahead = await deposit(cheque.id, "2199-01-01");
    expect(ahead.body.errors.depositDate).toEqual(["The deposit date 2199-01-01 is after today; record a deposit once it is made."]);
    const stale = await call("cashier", "PUT", `/PdcClearing/deposit/${cheque.id}`, { depositDate: "2025-03-06", dateModified: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);
  });
});

describe("clearing (PdcClearing: clear)", () => {
  it("a deposit on Wednesday 16 April 2025 clears no earlier than Monday 21 April, with its posting to BASE", async () => {
    const { cheque, collection } = await pdcCollection({ chequeDate: "2025-04-16", received: "2025-04-14" });
    await deposit(cheque.id, "2025-04-16");
    expect((await chequeRow(cheque.id)).earliestClearing).toBe("2025-04-21");
    const early = await clear(cheque.id, "2025-04-18");
    expect([early.status, early.body.errors.clearedDate]).toEqual([400, ["A cheque deposited on 2025-04-16 clears no earlier than the next banking day, 2025-04-21."]]);
    const ok = await clear(cheque.id, "2025-04-21");
    expect([ok.status, ok.body.message, ok.body.data.status, ok.body.data.clearedDate]).toEqual([200, "Cleared Successfully", "CLEARED", "2025-04-21"]);
    const [posting] = await handle.db.select().from(postings).where(and(eq(postings.docType, "PDC_CLEARING"), eq(postings.docId, cheque.id)));
    expect([posting.idempotencyKey, posting.reference, posting.documentDate, posting.status]).toEqual([
      `PDC_CLEARING:${cheque.id}:r1`, `${collection.receiptNo}/CHQ-${cheque.chequeNo}`, "2025-04-21", "PENDING",
    ]);
    expect(posting.totals).toEqual({ gross: "9821.43", vat: "0.00", ewt: "0.00", wvat: "0.00", cash: "9821.43" });
    const again = await clear(cheque.id, "2025-04-22");
    expect(again.status).toBe(409);
  });

  it("a deposit on Friday 11 April clears from Monday 14 April; on Tuesday 23 December, from Friday 26 December", async () => {
    const weekend = await pdcCollection({ chequeDate: "2025-04-11", received: "2025-04-11" });
    await deposit(weekend.cheque.id, "2025-04-11");
    expect((await chequeRow(weekend.cheque.id)).earliestClearing).toBe("2025-04-14");
    expect((await clear(weekend.cheque.id, "2025-04-14")).status).toBe(200);
    const christmas = await pdcCollection({ chequeDate: "2025-12-22", received: "2025-12-20" });
    await deposit(christmas.cheque.id, "2025-12-23");
    expect((await chequeRow(christmas.cheque.id)).earliestClearing).toBe("2025-12-26");
    const onChristmasEve = await clear(christmas.cheque.id, "2025-12-24");
    expect(onChristmasEve.body.message).toBe("A cheque deposited on 2025-12-23 clears no earlier than the next banking day, 2025-12-26.");
    expect((await clear(christmas.cheque.id, "2025-12-26")).status).toBe(200);
  });

  it("does not clear a cheque that was never deposited", async () => {
    const { cheque } = await pdcCollection({ chequeDate: "2025-05-05", received: "2025-05-02" });
    const res = await clear(cheque.id, "2025-05-07");
    expect([res.status, res.body.message]).toEqual([409, `Cheque ${cheque.chequeNo} is RECEIVED; deposit it before it is cleared.`]);
  });
});

describe("a bounced cheque (domain notes §9)", () => {
  it("W1 paid by PDC (45,983.06 with EWT 837.69) bounces: the collection is reversed, never deleted, and W1 owes 46,820.75 again", async () => {
    const { invoice, collection, cheque } = await pdcCollection({ chequeDate: "2025-04-24", received: "2025-04-24", totals: W1 });
    expect([collection.amountReceived, collection.ewtTotal, cheque.amount]).toEqual(["45983.06", "837.69", "45983.06"]);
    const open = async () =>
      (await call("cashier", "GET", `/Collections/openInvoices?branchCode=DVO&customerCode=${PAYERS.private.code}`)).body.data.find((r: any) => r.invoiceId === invoice.id);
    expect(await open()).toBeUndefined();
    await deposit(cheque.id, "2025-04-25");
    const row = await chequeRow(cheque.id);
    const noReason = await call("cashier", "PUT", `/PdcClearing/bounce/${cheque.id}`, { dateModified: row.dateModified });
    expect(noReason.status).toBe(400);
    const bounced = await call("cashier", "PUT", `/PdcClearing/bounce/${cheque.id}`, { reason: "Drawn against insufficient funds", dateModified: row.dateModified });
    expect([bounced.status, bounced.body.message]).toEqual([200, `Cheque ${cheque.chequeNo} bounced: receipt ${collection.receiptNo} is reversed and its invoices are open again.`]);
    expect([bounced.body.data.status, bounced.body.data.bounceReason, bounced.body.data.collectionStatus]).toEqual(["BOUNCED", "Drawn against insufficient funds", "Reversed"]);
    const receipt = (await call("cashier", "GET", `/Collections/get/${collection.id}`)).body.data;
    expect([receipt.receiptNo, receipt.status, receipt.cancelReason]).toEqual([collection.receiptNo, "Reversed", `Cheque ${cheque.chequeNo} of BPI bounced: Drawn against insufficient funds`]);
    expect((await open()).balance).toBe("46820.75");
    const [reversal] = await handle.db.select().from(postings).where(eq(postings.idempotencyKey, `REVERSAL:COLLECTION_RECEIPT:${collection.id}:r1`));
    expect([reversal.docType, (reversal.payload as any).cause, reversal.totals]).toEqual([
      "REVERSAL", "BOUNCED", { gross: "46820.75", vat: "0.00", ewt: "837.69", wvat: "0.00", cash: "45983.06" },
    ]);
    const history = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "post-dated-cheque"), eq(statusHistory.recordId, cheque.id)));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([["deposit", "RECEIVED", "DEPOSITED"], ["bounce", "DEPOSITED", "BOUNCED"]]);
  });
});

describe("replacing and cancelling", () => {
  it("replaces a cheque not yet deposited with another for the same collection and amount", async () => {
    // Received today, dated a month ahead; the customer brings one dated six weeks ahead instead.
    const today = manilaToday();
    const { cheque, collection } = await pdcCollection({ chequeDate: addCalendarDays(today, 30), received: today });
    const row = await chequeRow(cheque.id);
    const stale = await call("cashier", "PUT", `/PdcClearing/replace/${cheque.id}`, {
      bank: "Metrobank", chequeNo: "MB-777", chequeDate: addCalendarDays(today, -200), reason: "An old cheque", dateModified: row.dateModified,
    });
    expect([stale.status, stale.body.errors.chequeDate]).toEqual([400, [`A cheque dated ${addCalendarDays(today, -200)} is already stale; it cannot replace another.`]]);
    const replaced = await call("cashier", "PUT", `/PdcClearing/replace/${cheque.id}`, {
      bank: "Metrobank", chequeNo: "MB-778", chequeDate: addCalendarDays(today, 45), reason: "Customer asked to move the date", dateModified: row.dateModified,
    });
    expect([replaced.status, replaced.body.message]).toEqual([200, "Cheque replaced successfully"]);
    expect(replaced.body.data).toMatchObject({
      status: "RECEIVED", bank: "Metrobank", chequeNo: "MB-778", chequeDate: addCalendarDays(today, 45), amount: "9821.43", collectionId: collection.id,
    });
    expect((await chequeRow(cheque.id))).toMatchObject({ status: "REPLACED", replacedById: replaced.body.data.id });
    expect((await call("cashier", "GET", `/Collections/get/${collection.id}`)).body.data.cheque).toMatchObject({ chequeNo: "MB-778", status: "RECEIVED" });
  });

  it("cancels a collection's cheque with it while in hand; once deposited the collection stays", async () => {
    const inHand = await pdcCollection({ chequeDate: "2025-09-15", received: "2025-09-01" });
    const cancelled = await call("cashier", "DELETE", "/Collections/delete", { id: inHand.collection.id, reason: "Customer took the cheque back", dateModified: inHand.collection.dateModified });
    expect(cancelled.status).toBe(200);
    expect((await chequeRow(inHand.cheque.id)).status).toBe("CANCELLED");
    const banked = await pdcCollection({ chequeDate: "2025-09-15", received: "2025-09-01" });
    await deposit(banked.cheque.id, "2025-09-15");
    const refused = await call("cashier", "DELETE", "/Collections/delete", { id: banked.collection.id, reason: "Too late", dateModified: banked.collection.dateModified });
    expect([refused.status, refused.body.message]).toEqual([409, `Its cheque ${banked.cheque.chequeNo} is DEPOSITED; a deposited cheque clears or bounces, and the receipt stays until then.`]);
  });

  it("refuses the same cheque twice", async () => {
    const inv = await writeInvoice(handle.db, { branchCode: "DVO", payer: PAYERS.private, totals: I10K });
    const body = {
      branchCode: "DVO", customerCode: PAYERS.private.code, collectionDate: "2025-10-01", paymentMethod: "PDC", bank: "BPI", chequeNo: "PDC-1",
      chequeDate: "2025-10-15", lines: [{ invoiceId: inv.id, applied: "1000.00" }],
    };
    const again = await call("cashier", "POST", "/Collections/create", body);
    expect([again.status, again.body.message.startsWith("Cheque PDC-1 of BPI is already recorded, on receipt CR-DVO-")]).toEqual([409, true]);
  });
});

describe("the cheque list (PdcClearing: load)", () => {
  it("lists the outstanding cheques by due date, each branch its own", async () => {
    const listed = (await call("cashier", "GET", "/PdcClearing/load?take=200")).body.data;
    expect(listed.every((c: any) => c.status === "RECEIVED" || c.status === "DEPOSITED")).toBe(true);
    const dates = listed.map((c: any) => c.chequeDate);
    expect(dates).toEqual([...dates].sort());
    expect(listed.length).toBeGreaterThan(2);
    const cebu = await call("ceb", "GET", "/PdcClearing/load");
    expect(cebu.body).toEqual({ data: [], total: 0, message: "No more data to load" });
    const theirs = await call("ceb", "PUT", `/PdcClearing/deposit/${listed[0].id}`, { depositDate: "2025-12-01", dateModified: listed[0].dateModified });
    expect([theirs.status, theirs.body.message]).toEqual([404, `Cheque ${listed[0].id} was not found.`]);
    const cleared = (await call("cashier", "GET", "/PdcClearing/load?filter=CLEARED")).body.data;
    expect(cleared.map((c: any) => c.clearedDate).sort()).toEqual(["2025-04-14", "2025-04-21", "2025-12-26"]);
    const bad = await call("cashier", "GET", "/PdcClearing/load?filter=LOST");
    expect(bad.status).toBe(400);
  });
});
