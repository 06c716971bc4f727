import { eq } from "drizzle-orm";
import { formatCentavos, toCentavos } from "../../api/shared/money.ts";
import type { Db } from "../../db/client.ts";
import { branches, customers, holidays, invoiceLines, invoices } from "../../db/schema/index.ts";
import { createRole, createUser, ensureBranch, type Grant, signIn, type TestApp } from "./app.ts";
import { HOLIDAYS_2025 } from "./holidays-2025.ts";

/**
 * What the collection, cheque and manual-invoice tests stand on: branches with the seller's particulars, payers of
 * each withholding setting, cashiers of their branches, and invoices written straight into the tables the way the
 * invoice generation of CRO accounting issues them (VATable sales net of VAT, the VAT apart, the total; a series
 * number per branch). When that generation is in place, a test may make its invoices through it instead and keep
 * the rest of this world.
 */

export const PASSWORD = "acct-password-123";

/** Test data of the domain notes: DVO (Davao) collects the W1 invoices; CEB is another branch. */
export const SELLERS = {
  DVO: { name: "Davao", registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00003", address: "Sasa Wharf, Davao City" },
  CEB: { name: "Cebu", registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00002", address: "Pier 4, Cebu City" },
  MNL: { name: "Manila", registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00000", address: "Pier 2, North Harbor, Tondo, Manila" },
} as const;

/** Payers of each withholding setting (master data: customers.withholding). */
export const PAYERS = {
  private: { code: "ACC-PRV", company: "Mindanao Fresh Produce Inc.", withholding: "PRIVATE", isTopWithholdingAgent: false, vatRegistered: true, tin: "222-333-444-00000" },
  top: { code: "ACC-TOP", company: "Davao Big Mall Corp.", withholding: "PRIVATE", isTopWithholdingAgent: true, vatRegistered: true, tin: "222-333-555-00000" },
  government: { code: "ACC-GOV", company: "Davao City Water District", withholding: "GOVERNMENT", isTopWithholdingAgent: false, vatRegistered: false, tin: "000-111-222-00000" },
  none: { code: "ACC-NON", company: "Sasa Sari-Sari Store", withholding: "NONE", isTopWithholdingAgent: false, vatRegistered: false, tin: "" },
} as const;

export interface AccountingWorld {
  tokens: Record<string, string>;
  call: (who: string, method: string, path: string, body?: unknown) => Promise<Response>;
}

/**
 * Branches DVO, CEB and MNL with their particulars, the payers, and people: `cashier` at DVO, `ceb` at CEB (both
 * CRO accounting), `approver` at DVO (with the accounting approver flag), `outsider` at DVO without the menu.
 * More people by `people` (their grants; branch DVO unless given as `branch:XXX`).
 */
export async function seedAccountingWorld(db: Db, t: TestApp, people: Record<string, Grant[]> = {}): Promise<AccountingWorld> {
  for (const [code, seller] of Object.entries(SELLERS)) {
    await ensureBranch(db, code, seller.name);
    await db.update(branches).set({ registeredName: seller.registeredName, businessStyle: seller.businessStyle, tin: seller.tin, address: seller.address })
      .where(eq(branches.code, code));
  }
  await db.insert(customers).values(Object.values(PAYERS).map((p) => ({
    code: p.code, company: p.company, customerContactEmail: `${p.code.toLowerCase()}@example.test`, customerType: "BOTH", address: "Davao City",
    withholding: p.withholding, isTopWithholdingAgent: p.isTopWithholdingAgent, vatRegistered: p.vatRegistered, tin: p.tin,
  }))).onConflictDoNothing();
  const everyone: Record<string, { grants: Grant[]; branch: string }> = {
    cashier: { grants: ["CROACCOUNTING"], branch: "DVO" },
    ceb: { grants: ["CROACCOUNTING"], branch: "CEB" },
    approver: { grants: ["CROACCOUNTING", "ACCOUNTING_APPROVER"], branch: "DVO" },
    outsider: { grants: ["OUTBOUND"], branch: "DVO" },
    ...Object.fromEntries(Object.entries(people).map(([who, grants]) => [who, { grants, branch: "DVO" }])),
  };
  const tokens: Record<string, string> = {};
  for (const [who, p] of Object.entries(everyone)) {
    const userId = `acct-${who}`;
    await createUser(db, { userId, password: PASSWORD, roleKey: (await createRole(db, p.grants)).id, branches: [p.branch] });
    tokens[who] = await signIn(t, userId, PASSWORD);
  }
  return {
    tokens,
    call: (who, method, path, body) => t.call(method, `/api${path}`, { token: tokens[who], body }),
  };
}

/** The 2025 national holidays of the domain notes' PDC vectors, in the calendar master. */
export async function seedHolidays2025(db: Db): Promise<void> {
  await db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null }))).onConflictDoNothing();
}

/** An invoice's totals as issued: VATable sales net of VAT, the VAT, exempt and zero-rated sales, and the total. */
export interface InvoiceTotals {
  vatableSales: string;
  vatAmount: string;
  exemptSales?: string;
  zeroRatedSales?: string;
  total: string;
}

/** W1 of the domain notes (§7): 46,820.75 with every line on the invoice. */
export const W1: InvoiceTotals = { vatableSales: "41134.60", vatAmount: "4936.15", exemptSales: "500.00", zeroRatedSales: "250.00", total: "46820.75" };
export const I112K: InvoiceTotals = { vatableSales: "100000.00", vatAmount: "12000.00", total: "112000.00" };
export const I10K: InvoiceTotals = { vatableSales: "8928.57", vatAmount: "1071.43", total: "10000.00" };

let invoiceCounter = 0;

/**
 * Writes an issued invoice of `payer` at `branchCode` straight into the tables, with one line per tax class it
 * has. Answers its id and number.
 */
export async function writeInvoice(
  db: Db,
  o: {
    branchCode: string;
    /** code null: a consignee who is not a registered customer. */
    payer: { code: string | null; company: string };
    totals: InvoiceTotals;
    invoiceDate?: string;
    wayBillRef?: string | null;
    voyageNum?: string | null;
    billedSide?: string;
    status?: string;
    invoiceNo?: string;
  },
): Promise<{ id: number; invoiceNo: string }> {
  const seller = SELLERS[o.branchCode as keyof typeof SELLERS] ?? SELLERS.DVO;
  const invoiceNo = o.invoiceNo ?? `SI-${o.branchCode}-T${String(++invoiceCounter).padStart(6, "0")}`;
  const exempt = o.totals.exemptSales ?? "0.00";
  const zero = o.totals.zeroRatedSales ?? "0.00";
  const [row] = await db.insert(invoices).values({
    invoiceNo, status: o.status ?? "Issued", branchCode: o.branchCode, wayBillRef: o.wayBillRef ?? null, voyageNum: o.voyageNum ?? null,
    billedSide: o.billedSide ?? "C", invoiceDate: o.invoiceDate ?? "2025-04-24", customerCode: o.payer.code, buyerName: o.payer.company,
    buyerAddress: "Davao City", seller: { registeredName: seller.registeredName, businessStyle: seller.businessStyle, tin: seller.tin, address: seller.address },
    vatableSales: o.totals.vatableSales, vatAmount: o.totals.vatAmount, exemptSales: exempt, zeroRatedSales: zero, total: o.totals.total,
    dateIssued: new Date(), issuedBy: "acct-invoicing",
  }).returning({ id: invoices.id });
  const vatableInclusive = formatCentavos(toCentavos(o.totals.vatableSales) + toCentavos(o.totals.vatAmount));
  const lines = [
    { taxClass: "VATABLE", amount: vatableInclusive },
    { taxClass: "EXEMPT", amount: exempt },
    { taxClass: "ZERO_RATED", amount: zero },
  ].filter((l) => toCentavos(l.amount) > 0n);
  await db.insert(invoiceLines).values(lines.map((l, i) => ({
    invoiceId: row.id, chargeCode: "001", description: `Freight (${l.taxClass.toLowerCase()})`, quantity: "1", unit: "lot",
    unitPrice: l.amount, amount: l.amount, taxClass: l.taxClass, seq: i + 1,
  })));
  return { id: row.id, invoiceNo };
}
