import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, customers } from "../../../../db/schema/index.ts";
import { addCalendarDays, manilaToday } from "../../../shared/dates.ts";
import type { DemoContext } from "../../manifest.ts";
import { createBookletBody, manualSiBody, type ManualSiCreate } from "./schemas.ts";
import { createBooklet, createManualSi } from "./service.ts";

/**
 * The seller's particulars the demo's Manila branch prints on its invoices, where the branch master has none yet
 * (test data: the registered name and TIN of a real installation come from its certificate of registration).
 */
const DEMO_SELLER = { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "000-123-456-00000" };

/**
 * The manual sales invoices of the demo line: the Manila booklet received from the accredited printer, and one
 * invoice written on its first serial and issued, as the cashier does when the system was down.
 */
export async function seedDemoManualInvoices(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const cashier = people.cashier;
  const today = manilaToday(now);
  await db.update(branches).set(DEMO_SELLER).where(and(eq(branches.code, "MNL"), eq(branches.registeredName, "")));
  await createBooklet(db, cashier, createBookletBody.parse({
    branchCode: "MNL", atpNo: "OCN-1AU0001234567", atpDate: addCalendarDays(today, -60), printerName: "Tondo Accredited Printers Inc.",
    printerAccreditationNo: "034MP20240000000123", serialFrom: "0001", serialTo: "0500", serialDigits: 4, dateReceived: addCalendarDays(today, -45),
  }));
  const [buyer] = await db.select().from(customers).where(eq(customers.code, "CUS-004"));
  if (!buyer) return { atpBooklets: 1, manualSalesInvoices: 0 };
  await createManualSi(db, cashier, manualSiBody.parse({
    actionType: "create", branchCode: "MNL", serialNo: "0001", invoiceDate: addCalendarDays(today, -3), customerCode: buyer.code, issue: true,
    lines: [
      { description: "Freight, 1 x 20' Manila to Cebu, written while the system was down", quantity: "1", unit: "van", unitPrice: "18500.00" },
      { description: "Permit fee", quantity: "1", unit: "lot", unitPrice: "500.00", taxClass: "EXEMPT" },
    ],
    remarks: "Entered from the booklet",
  }) as ManualSiCreate);
  return { atpBooklets: 1, manualSalesInvoices: 1 };
}
