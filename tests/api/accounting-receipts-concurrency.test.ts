import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection } from "../../api/modules/accounting/collections/service.ts";
import { type Caller, callerOfUser } from "../../api/modules/auth/index.ts";
import { manilaYear } from "../../api/shared/dates.ts";
import type { DatabaseHandle, Db } from "../../db/client.ts";
import { collections, postings, users } from "../../db/schema/index.ts";
import { type AccountingWorld, I10K, PAYERS, seedAccountingWorld, writeInvoice } from "../support/accounting.ts";
import { makeTestApp, type TestApp } from "../support/app.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

/**
 * Collection Receipts numbered under load (domain notes §8; the issue's "must show"): 200 collections at one
 * branch at once, a fifth of them rolled back after they took their number, leave receipts that are unique and
 * gapless; two cashiers settling the same invoice at once cannot both take it. On PGlite (one connection) the
 * requests run one after another; on PostgreSQL they race for the series row and the invoices' locks.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: AccountingWorld;
let cashier: Caller;

/** A failure after the receipt was written, inside the same transaction: everything it did goes back. */
class RolledBack extends Error {}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedAccountingWorld(handle.db, t);
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userId, "acct-cashier"));
  cashier = await callerOfUser(handle.db, user.id);
}, 120_000);
afterAll(() => handle?.close());

describe(`receipt numbers under load (${backend})`, () => {
  it("200 collections at once with 40 rolled back leave 160 receipts, unique and gapless, each with its posting", async () => {
    const invoices = [];
    for (let i = 0; i < 200; i++) invoices.push(await writeInvoice(handle.db, { branchCode: "DVO", payer: PAYERS.private, totals: I10K }));
    const outcomes = await Promise.allSettled(invoices.map((inv, i) =>
      handle.db.transaction(async (tx) => {
        const made = await createCollection(tx as unknown as Db, cashier, {
          branchCode: "DVO", customerCode: PAYERS.private.code, collectionDate: "2025-05-02", paymentMethod: "CASH", bank: "", chequeNo: "",
          isManagersCheque: false, lines: [{ invoiceId: inv.id, applied: "10000.00" }], otherCharges: [], excessHandling: "REFUSE", remarks: `Burst ${i}`,
        });
        if (i % 5 === 0) throw new RolledBack(made.data.receiptNo);
        return made.data.receiptNo;
      })
    ));
    const failed = outcomes.filter((o) => o.status === "rejected");
    expect(failed.every((o) => (o as PromiseRejectedResult).reason instanceof RolledBack)).toBe(true);
    expect(failed).toHaveLength(40);
    const receipts = outcomes.filter((o) => o.status === "fulfilled").map((o) => (o as PromiseFulfilledResult<string>).value);
    expect(receipts).toHaveLength(160);
    expect(new Set(receipts).size).toBe(160);
    const year = manilaYear(new Date());
    for (const receipt of receipts) expect(receipt).toMatch(new RegExp(`^CR-DVO-${year}-\\d{6}$`));
    const numbers = receipts.map((r) => Number(r.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 160 }, (_, i) => i + 1));
    // The database holds exactly those, each with its one posting.
    const stored = await handle.db.select({ id: collections.id, receiptNo: collections.receiptNo }).from(collections);
    expect(stored.map((s) => s.receiptNo).sort()).toEqual([...receipts].sort());
    const posted = await handle.db.select({ reference: postings.reference }).from(postings).where(inArray(postings.docId, stored.map((s) => s.id)));
    expect(posted.map((p) => p.reference).sort()).toEqual([...receipts].sort());
  }, 180_000);

  it("lets only one of two cashiers settle the same invoice in full at the same moment", async () => {
    const inv = await writeInvoice(handle.db, { branchCode: "DVO", payer: PAYERS.private, totals: I10K });
    const body = { branchCode: "DVO", customerCode: PAYERS.private.code, collectionDate: "2025-05-02", paymentMethod: "CASH", lines: [{ invoiceId: inv.id, applied: "10000.00" }] };
    const answers = await Promise.all([w.call("cashier", "POST", "/Collections/create", body), w.call("approver", "POST", "/Collections/create", body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = await answers.find((r) => r.status === 409)!.json() as { message: string };
    expect(refused.message).toBe(`Invoice ${inv.invoiceNo} is already settled in full.`);
  });

  it("records one cheque once, however many cashiers enter it at the same moment", async () => {
    const made = [];
    for (let i = 0; i < 2; i++) made.push(await writeInvoice(handle.db, { branchCode: "DVO", payer: PAYERS.private, totals: I10K }));
    const answers = await Promise.all(made.map((inv, i) =>
      w.call(i === 0 ? "cashier" : "approver", "POST", "/Collections/create", {
        branchCode: "DVO", customerCode: PAYERS.private.code, collectionDate: "2025-05-02", paymentMethod: "PDC", bank: "BPI", chequeNo: "RACE-1",
        chequeDate: "2025-06-02", lines: [{ invoiceId: inv.id, applied: "10000.00" }],
      })
    ));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
