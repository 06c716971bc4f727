import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waybillSidePaid } from "../../api/modules/accounting/index.ts";
import { firstStart } from "../../api/modules/index.ts";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import { toCentavos } from "../../api/shared/money.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { collectionLines, collections, croAccountings, customerCredits, invoices, manualSalesInvoices, postDatedCheques, postings } from "../../db/schema/index.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The accounting part of the demo line on a first start: CRO accounting bills the open voyage's split waybill on
 * both sides (Manila's prepaid side posted, Cebu's collect side in a Draft record) and the prepaid waybills of the
 * voyage being loaded; then the cashier collects the first open invoice of a registered payer in cash, the next
 * by a post-dated cheque of last week for 1,000.00 more, kept as credit, deposited and cleared, and the next by one
 * still waiting for its date, less that credit; and records the Manila ATP booklet with one manual SI. Every
 * document writes its posting.
 */

let handle: DatabaseHandle;
let line: Record<string, number>;

beforeAll(async () => {
  handle = await openTestDatabase();
  const seeded = await firstStart(handle.db, { adminPassword: "demo-admin-password-1", linkBase: "http://localhost:8000" });
  line = seeded!.line;
}, 90_000);
afterAll(() => handle?.close());

describe("the demo line's invoices, collections, cheques and manual SI", () => {
  it("bills the open voyage's split waybill on both sides, its freight-collect one at Cebu, and the loading voyage's prepaid waybills", async () => {
    expect(line).toMatchObject({ croAccountings: 3, invoices: 6 });
    const records = await handle.db.select().from(croAccountings).orderBy(asc(croAccountings.id));
    expect(records.map((r) => [r.branchCode, r.side, r.status])).toEqual([["MNL", "Origin", "Posted"], ["CEB", "Destination", "Draft"], ["MNL", "Origin", "Draft"]]);
    const issued = await handle.db.select().from(invoices).orderBy(asc(invoices.id));
    expect(issued.map((i) => [i.invoiceNo, i.status, i.billedSide])).toEqual([
      ["SI-MNL-2026-000001", "Issued", "P"], ["SI-CEB-2026-000001", "Issued", "C"], ["SI-CEB-2026-000002", "Issued", "C"],
      ["SI-MNL-2026-000002", "Issued", "P"], ["SI-MNL-2026-000003", "Issued", "P"], ["SI-MNL-2026-000004", "Issued", "P"],
    ].map(([no, status, side]) => [no.replace("2026", String(new Date().getFullYear())), status, side]));
  });

  it("collects three invoices: one in cash, one by a PDC cleared, one by a PDC waiting; the consignee pays at the Cebu counter later", async () => {
    expect(line).toMatchObject({ collections: 3, postDatedCheques: 2, counterPayments: 1 });
    const receipts = await handle.db.select().from(collections).orderBy(asc(collections.id));
    expect(receipts.map((r) => [r.branchCode, r.customerCode, r.paymentMethod, r.status, r.issuedBy])).toEqual([
      ["MNL", "CUS-001", "CASH", "Issued", "demo.cashier"], ["MNL", "CUS-004", "PDC", "Issued", "demo.cashier"], ["MNL", "CUS-004", "PDC", "Issued", "demo.cashier"],
      ["CEB", null, "CASH", "Issued", "demo.cashier"],
    ]);
    const issued = await handle.db.select().from(invoices).orderBy(asc(invoices.id));
    const settled = await handle.db.select({ collectionId: collectionLines.collectionId, invoiceId: collectionLines.invoiceId, applied: collectionLines.applied })
      .from(collectionLines).orderBy(asc(collectionLines.id));
    // The Cebu invoices' buyers are unregistered consignees: the cashier's round leaves them. The split waybill's
    // consignee pays at the counter once the cargo is discharged and the arrival notice sent (the inbound part of the
    // line); the freight-collect waybill's has not paid yet.
    expect(settled).toEqual([
      { collectionId: receipts[0].id, invoiceId: issued[0].id, applied: issued[0].total },
      { collectionId: receipts[1].id, invoiceId: issued[3].id, applied: issued[3].total },
      { collectionId: receipts[2].id, invoiceId: issued[4].id, applied: issued[4].total },
      { collectionId: receipts[3].id, invoiceId: issued[1].id, applied: issued[1].total },
    ]);
    const today = manilaToday();
    const cheques = await handle.db.select().from(postDatedCheques).orderBy(asc(postDatedCheques.id));
    expect(cheques.map((c) => [c.chequeNo, c.status, c.chequeDate])).toEqual([
      ["DEMO-PDC-0001", "CLEARED", addCalendarDays(today, -7)], ["DEMO-PDC-0002", "RECEIVED", addCalendarDays(today, 14)],
    ]);
    expect(cheques[0].clearedDate! > cheques[0].depositDate!).toBe(true);
    expect(cheques[0].clearedDate! <= today).toBe(true);
    // The open voyage's waybill: its origin collected in cash, its destination at the counter.
    expect(await waybillSidePaid(handle.db, issued[0].wayBillRef!, "origin")).toMatchObject({ paid: true, reason: "Collected in full." });
    expect(await waybillSidePaid(handle.db, issued[0].wayBillRef!, "destination")).toMatchObject({ paid: true, reason: "Collected in full." });
    // The freight-collect waybill owes its whole bill at Cebu.
    expect((await waybillSidePaid(handle.db, issued[2].wayBillRef!, "destination")).paid).toBe(false);
    // A waybill paid by a cheque whose cheque cleared is paid; one still waiting for its date is not.
    expect((await waybillSidePaid(handle.db, issued[3].wayBillRef!, "origin")).paid).toBe(true);
    expect((await waybillSidePaid(handle.db, issued[4].wayBillRef!, "origin")).paid).toBe(false);
  });

  it("keeps 1,000.00 the cleared cheque paid over its invoice as the customer's credit, and spends it on the waiting cheque's receipt", async () => {
    const receipts = await handle.db.select().from(collections).orderBy(asc(collections.id));
    const [cleared, waiting] = [receipts[1], receipts[2]];
    const due = (r: typeof cleared) => toCentavos(r.appliedTotal) - toCentavos(r.ewtTotal) - toCentavos(r.wvatTotal);
    expect([cleared.excessAmount, cleared.excessHandling, cleared.creditApplied]).toEqual(["1000.00", "CREDIT", "0.00"]);
    expect(toCentavos(cleared.amountReceived)).toBe(due(cleared) + 100_000n);
    expect([waiting.creditApplied, waiting.excessAmount]).toEqual(["1000.00", "0.00"]);
    expect(toCentavos(waiting.amountReceived)).toBe(due(waiting) - 100_000n);
    const cheques = await handle.db.select().from(postDatedCheques).orderBy(asc(postDatedCheques.id));
    expect(cheques.map((c) => c.amount)).toEqual([cleared.amountReceived, waiting.amountReceived]);
    const credits = await handle.db.select().from(customerCredits).orderBy(asc(customerCredits.id));
    expect(credits.map((c) => [c.customerCode, c.amount, c.sourceCollectionId, c.usedByCollectionId])).toEqual([["CUS-004", "1000.00", cleared.id, waiting.id]]);
  });

  it("records the booklet and an issued manual SI, and a posting for every document", async () => {
    expect(line).toMatchObject({ atpBooklets: 1, manualSalesInvoices: 1 });
    const [si] = await handle.db.select().from(manualSalesInvoices);
    expect([si.branchCode, si.serialNo, si.status, si.issuedBy, si.vatableSales, si.vatAmount, si.exemptSales, si.total])
      .toEqual(["MNL", 1, "Issued", "demo.cashier", "16517.86", "1982.14", "500.00", "19000.00"]);
    const docs = await handle.db.select({ key: postings.idempotencyKey }).from(postings).orderBy(asc(postings.id));
    expect(docs.map((d) => d.key.replace(/:\d+:/, ":n:"))).toEqual([
      "INVOICE:n:r1", "INVOICE:n:r1", "INVOICE:n:r1", "INVOICE:n:r1", "INVOICE:n:r1", "INVOICE:n:r1",
      "COLLECTION_RECEIPT:n:r1", "COLLECTION_RECEIPT:n:r1", "PDC_CLEARING:n:r1", "COLLECTION_RECEIPT:n:r1", "MANUAL_SI:n:r1",
      "COLLECTION_RECEIPT:n:r1",
    ]);
    const [posting] = await handle.db.select().from(postings).where(eq(postings.docType, "MANUAL_SI"));
    expect([posting.idempotencyKey, posting.reference]).toEqual([`MANUAL_SI:${si.id}:r1`, "MNL-SI-0001"]);
  });
});
