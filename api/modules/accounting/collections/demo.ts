import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { invoices } from "../../../../db/schema/index.ts";
import { addCalendarDays, manilaToday } from "../../../shared/dates.ts";
import { formatCentavos, toCentavos } from "../../../shared/money.ts";
import type { DemoContext } from "../../manifest.ts";
import { nextBankingDay } from "../pdc/rules.ts";
import { chequeById, clearCheque, depositCheque, nationalHolidays } from "../pdc/service.ts";
import { calculateCwt, createCollection } from "./service.ts";
import { earlierPaymentsOf } from "./settlement.ts";
import { createCollectionBody } from "./schemas.ts";

/** The cheques of the demo, so a second run of the line (a fresh database) prints the same numbers. */
const DEMO_BANK = "Bank of the Philippine Islands";
/** What the customer's cheque of last week paid over its invoice, kept as its credit and spent on the next receipt. */
const DEMO_EXCESS = 100_000n;

/**
 * The cashier's part of the demo line, on the invoices CRO accounting issued before it (the invoices' part of the
 * line comes first): the first open invoice collected in cash; the next by a post-dated cheque of last week, written
 * for 1,000.00 more than was due, the excess kept as the customer's credit, and the cheque deposited and cleared;
 * the next by a post-dated cheque still waiting for its date, less that credit when it is the same customer's. It
 * takes what there is: with no invoices it records nothing.
 */
export async function seedDemoCollections(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const cashier = people.cashier;
  const branches = cashier.allBranches ? undefined : [...cashier.branchCodes];
  const candidates = await db.select().from(invoices)
    .where(and(ne(invoices.status, "Cancelled"), isNotNull(invoices.customerCode), branches ? inArray(invoices.branchCode, branches) : undefined))
    .orderBy(asc(invoices.id));
  const earlier = await earlierPaymentsOf(db, candidates.map((i) => i.id));
  const open = candidates.filter((i) => toCentavos(i.total) > (earlier.get(i.id)?.applied ?? 0n)).slice(0, 3);
  const today = manilaToday(now);
  let collections = 0;
  let cheques = 0;
  let creditOf: { customerCode: string; amount: bigint } | null = null;
  for (const [n, invoice] of open.entries()) {
    const balance = toCentavos(invoice.total) - (earlier.get(invoice.id)?.applied ?? 0n);
    const applied = `${balance / 100n}.${String(balance % 100n).padStart(2, "0")}`;
    const base = { branchCode: invoice.branchCode, customerCode: invoice.customerCode!, lines: [{ invoiceId: invoice.id, applied }], remarks: "Demo collection" };
    if (n === 0) {
      await createCollection(db, cashier, createCollectionBody.parse({ ...base, collectionDate: today, paymentMethod: "CASH" }));
    } else if (n === 1) {
      // Received and dated last week for 1,000.00 over what was due, deposited that day, cleared on the next banking day.
      const due = toCentavos((await calculateCwt(db, cashier, base)).data.totals.cash);
      const calendar = await nationalHolidays(db, addCalendarDays(today, -30), addCalendarDays(today, 30));
      const deposited = addCalendarDays(today, -7);
      const made = (await createCollection(db, cashier, createCollectionBody.parse({
        ...base, collectionDate: deposited, paymentMethod: "PDC", bank: DEMO_BANK, chequeNo: "DEMO-PDC-0001", chequeDate: deposited,
        amountReceived: formatCentavos(due + DEMO_EXCESS), excessHandling: "CREDIT",
      }))).data;
      const received = await chequeById(db, made.cheque!.id, cashier);
      const atBank = (await depositCheque(db, cashier, received.id, { depositDate: deposited, dateModified: received.dateModified })).data;
      await clearCheque(db, cashier, atBank.id, { clearedDate: nextBankingDay(deposited, calendar), dateModified: atBank.dateModified });
      creditOf = { customerCode: base.customerCode, amount: DEMO_EXCESS };
      cheques += 1;
    } else {
      // Dated a fortnight ahead: it waits in PDC clearing. The credit kept last week pays part of the invoice.
      const kept = creditOf?.customerCode === base.customerCode ? creditOf.amount : 0n;
      const due = kept > 0n ? toCentavos((await calculateCwt(db, cashier, base)).data.totals.cash) : 0n;
      const spend = kept < due ? kept : due;
      await createCollection(db, cashier, createCollectionBody.parse({
        ...base, collectionDate: today, paymentMethod: "PDC", bank: DEMO_BANK, chequeNo: "DEMO-PDC-0002", chequeDate: addCalendarDays(today, 14),
        ...(spend > 0n ? { creditApplied: formatCentavos(spend) } : {}),
      }));
      cheques += 1;
    }
    collections += 1;
  }
  return { collections, postDatedCheques: cheques };
}

/**
 * A consignee of the demo line pays at the counter, in cash: the cashier collects every open invoice of the waybill
 * billed at its destination (the collect side), with the consignee as a walk-in payer when it is not a registered
 * customer. The inbound part of the line calls it once the arrival notice has told the consignee what is due; it
 * answers the receipts recorded.
 */
export async function seedDemoCounterPayment(db: Db, { people, now }: DemoContext, wayBillRef: string): Promise<number> {
  const cashier = people.cashier;
  const billed = await db.select().from(invoices)
    .where(and(eq(invoices.wayBillRef, wayBillRef), ne(invoices.status, "Cancelled"))).orderBy(asc(invoices.id));
  const earlier = await earlierPaymentsOf(db, billed.map((i) => i.id));
  let receipts = 0;
  for (const invoice of billed) {
    if (!(cashier.allBranches || cashier.branchCodes.includes(invoice.branchCode))) continue;
    const balance = toCentavos(invoice.total) - (earlier.get(invoice.id)?.applied ?? 0n);
    if (balance <= 0n) continue;
    const applied = `${balance / 100n}.${String(balance % 100n).padStart(2, "0")}`;
    await createCollection(db, cashier, createCollectionBody.parse({
      branchCode: invoice.branchCode, ...(invoice.customerCode ? { customerCode: invoice.customerCode } : {}),
      collectionDate: manilaToday(now), paymentMethod: "CASH", lines: [{ invoiceId: invoice.id, applied }], remarks: "Paid at the counter on the arrival notice",
    }));
    receipts += 1;
  }
  return receipts;
}
