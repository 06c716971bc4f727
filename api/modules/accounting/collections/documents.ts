import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, customers, users } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { PAYMENT_METHOD_NAMES } from "./rules.ts";
import { collectionById } from "./service.ts";

/**
 * The printed Collection Receipt. Staff who are not DAT (documentation) staff print a copy, as with every printout
 * of the line: COPY across each page.
 */
export async function collectionReceiptFile(db: Db, caller: Caller, id: number): Promise<DownloadFile> {
  const receipt = await collectionById(db, id, caller);
  const [[branch], [payer], [issuer]] = await Promise.all([
    db.select().from(branches).where(eq(branches.code, receipt.branchCode)),
    receipt.customerCode ? db.select().from(customers).where(eq(customers.code, receipt.customerCode)) : Promise.resolve([]),
    db.select({ name: users.name }).from(users).where(eq(users.userId, receipt.issuedBy)),
  ]);
  return await buildDocument("collectionReceipt", {
    receiptNo: receipt.receiptNo,
    status: receipt.status,
    collectionDate: receipt.collectionDate,
    seller: {
      name: branch?.registeredName || `Lading - ${branch?.name ?? receipt.branchCode}`,
      businessStyle: branch?.businessStyle ?? "",
      tin: branch?.tin ?? "",
      address: branch?.address ?? "",
    },
    payer: { code: receipt.customerCode ?? "", name: receipt.payerName, address: payer?.address ?? "", tin: payer?.tin ?? "" },
    paymentMethod: PAYMENT_METHOD_NAMES[receipt.paymentMethod],
    bank: receipt.bank,
    chequeNo: receipt.chequeNo,
    chequeDate: receipt.chequeDate ?? "",
    lines: receipt.lines.map((l) => ({
      invoiceNo: l.invoiceNo, wayBillRef: l.wayBillRef ?? "", applied: l.applied, ewtAtc: l.ewtAtc, ewtRate: l.ewtRate, ewtBase: l.ewtBase,
      ewtAmount: l.ewtAmount, wvatAtc: l.wvatAtc, wvatAmount: l.wvatAmount, cash: l.cash,
    })),
    otherCharges: receipt.otherCharges,
    totals: {
      applied: receipt.appliedTotal, ewt: receipt.ewtTotal, wvat: receipt.wvatTotal, other: receipt.otherTotal,
      creditApplied: receipt.creditApplied, received: receipt.amountReceived, excess: receipt.excessAmount,
    },
    excessKept: receipt.excessHandling === "CREDIT" && receipt.excessAmount !== "0.00",
    remarks: receipt.remarks,
    cancelReason: receipt.cancelReason ?? "",
    issuedBy: issuer?.name || receipt.issuedBy,
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
