import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCollections } from "../../api/modules/accounting/collections/demo.ts";
import { waybillSidePaid } from "../../api/modules/accounting/index.ts";
import { callerOfUser } from "../../api/modules/auth/index.ts";
import { firstStart } from "../../api/modules/index.ts";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { collectionLines, collections, manualSalesInvoices, postDatedCheques, postings, users, waybillCharges, waybills } from "../../db/schema/index.ts";
import { writeInvoice } from "../support/accounting.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The cashier's part of the demo line. On the first start it records the Manila ATP booklet and a manual SI, and
 * collects what invoices there are: none until CRO accounting issues them. Given invoices (written here into the
 * tables, for the demo waybill's two sides and one more), it collects the first in cash, the next by a PDC still
 * waiting for its date, and the last by a PDC deposited and cleared, each with its posting.
 */

let handle: DatabaseHandle;
let line: Record<string, number>;

beforeAll(async () => {
  handle = await openTestDatabase();
  const seeded = await firstStart(handle.db, { adminPassword: "demo-admin-password-1", linkBase: "http://localhost:8000" });
  line = seeded!.line;
}, 90_000);
afterAll(() => handle?.close());

describe("the demo line's collections, cheques and manual SI", () => {
  it("records the booklet and an issued manual SI, and no collection while there is no invoice", async () => {
    expect(line).toMatchObject({ collections: 0, postDatedCheques: 0, atpBooklets: 1, manualSalesInvoices: 1 });
    const [si] = await handle.db.select().from(manualSalesInvoices);
    expect([si.branchCode, si.serialNo, si.status, si.issuedBy, si.vatableSales, si.vatAmount, si.exemptSales, si.total])
      .toEqual(["MNL", 1, "Issued", "demo.cashier", "16517.86", "1982.14", "500.00", "19000.00"]);
    const [posting] = await handle.db.select().from(postings).where(eq(postings.docType, "MANUAL_SI"));
    expect([posting.idempotencyKey, posting.reference]).toEqual([`MANUAL_SI:${si.id}:r1`, "MNL-SI-0001"]);
  });

  it("collects the invoices it finds: one in cash, one by a PDC waiting, one by a PDC cleared", async () => {
    const [waybill] = await handle.db.select().from(waybills).orderBy(asc(waybills.id));
    const sides = await handle.db.select({ availableTo: waybillCharges.availableTo }).from(waybillCharges).where(eq(waybillCharges.wayBillRef, waybill.wayBillRef));
    expect(new Set(sides.map((s) => s.availableTo))).toEqual(new Set(["P", "C"]));
    const payer = { code: waybill.customerCode, company: "Demo payer" };
    const origin = await writeInvoice(handle.db, {
      branchCode: "MNL", payer, wayBillRef: waybill.wayBillRef, voyageNum: waybill.voyageNum, billedSide: "P", invoiceDate: manilaToday(),
      totals: { vatableSales: "16517.86", vatAmount: "1982.14", total: "18500.00" },
    });
    const destination = await writeInvoice(handle.db, {
      branchCode: "CEB", payer, wayBillRef: waybill.wayBillRef, voyageNum: waybill.voyageNum, billedSide: "C", invoiceDate: manilaToday(),
      totals: { vatableSales: "875.00", vatAmount: "105.00", total: "980.00" },
    });
    const other = await writeInvoice(handle.db, { branchCode: "MNL", payer, invoiceDate: manilaToday(), totals: { vatableSales: "8928.57", vatAmount: "1071.43", total: "10000.00" } });
    expect((await waybillSidePaid(handle.db, waybill.wayBillRef, "origin")).paid).toBe(false);

    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userId, "demo.cashier"));
    const cashier = await callerOfUser(handle.db, user.id);
    const made = await seedDemoCollections(handle.db, { people: { cashier } as never, now: new Date(), linkBase: "http://localhost:8000" });
    expect(made).toEqual({ collections: 3, postDatedCheques: 2 });

    const receipts = await handle.db.select().from(collections).orderBy(asc(collections.id));
    expect(receipts.map((r) => [r.branchCode, r.paymentMethod, r.status, r.issuedBy])).toEqual([
      ["MNL", "CASH", "Issued", "demo.cashier"], ["CEB", "PDC", "Issued", "demo.cashier"], ["MNL", "PDC", "Issued", "demo.cashier"],
    ]);
    const cheques = await handle.db.select().from(postDatedCheques).orderBy(asc(postDatedCheques.id));
    const today = manilaToday();
    expect(cheques.map((c) => [c.chequeNo, c.status, c.chequeDate])).toEqual([
      ["DEMO-PDC-0001", "RECEIVED", addCalendarDays(today, 14)], ["DEMO-PDC-0002", "CLEARED", addCalendarDays(today, -7)],
    ]);
    expect(cheques[1].clearedDate! > cheques[1].depositDate!).toBe(true);
    expect(cheques[1].clearedDate! <= today).toBe(true);
    // The waybill's origin is collected; its destination waits for a cheque dated two weeks ahead.
    expect(await waybillSidePaid(handle.db, waybill.wayBillRef, "origin")).toMatchObject({ paid: true, reason: "Collected in full." });
    expect((await waybillSidePaid(handle.db, waybill.wayBillRef, "destination")).paid).toBe(false);
    const docs = await handle.db.select({ docType: postings.docType, reference: postings.reference }).from(postings).orderBy(asc(postings.id));
    expect(docs.map((d) => d.docType)).toEqual(["MANUAL_SI", "COLLECTION_RECEIPT", "COLLECTION_RECEIPT", "COLLECTION_RECEIPT", "PDC_CLEARING"]);
    const settled = await handle.db.select({ collectionId: collectionLines.collectionId, invoiceId: collectionLines.invoiceId, applied: collectionLines.applied })
      .from(collectionLines).orderBy(asc(collectionLines.id));
    expect(settled).toEqual([
      { collectionId: receipts[0].id, invoiceId: origin.id, applied: "18500.00" },
      { collectionId: receipts[1].id, invoiceId: destination.id, applied: "980.00" },
      { collectionId: receipts[2].id, invoiceId: other.id, applied: "10000.00" },
    ]);
  });
});
