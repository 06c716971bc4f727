import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { croAccountings, users } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { InvoiceDocument } from "../../../../templates/documents/invoice.ts";
import type { Caller } from "../../auth/index.ts";
import { invoiceByNo } from "./service.ts";

const SIDE_NAMES: Record<string, string> = { P: "Prepaid", C: "Collect", AO: "Account Origin", AD: "Account Destination" };

/** What the invoice printout shows, as issued: the particulars frozen on it, not the master data of today. */
async function invoiceDocument(db: Db, caller: Caller, invoiceNo: string): Promise<InvoiceDocument> {
  const invoice = await invoiceByNo(db, invoiceNo, caller);
  const [[cro], [issuer]] = await Promise.all([
    invoice.croAccountingId
      ? db.select({ croAcctgNum: croAccountings.croAcctgNum }).from(croAccountings).where(eq(croAccountings.id, invoice.croAccountingId))
      : Promise.resolve([]),
    db.select({ name: users.name }).from(users).where(eq(users.userId, invoice.issuedBy)),
  ]);
  return {
    invoiceNo: invoice.invoiceNo,
    status: invoice.status,
    invoiceDate: invoice.invoiceDate,
    seller: invoice.seller,
    buyer: { name: invoice.buyerName, address: invoice.buyerAddress, tin: invoice.buyerTin },
    wayBillRef: invoice.wayBillRef ?? "",
    voyageNum: invoice.voyageNum ?? "",
    croAcctgNum: cro?.croAcctgNum ?? "",
    billedSide: SIDE_NAMES[invoice.billedSide] ?? invoice.billedSide,
    lines: invoice.lines,
    vatableSales: invoice.vatableSales,
    vatAmount: invoice.vatAmount,
    exemptSales: invoice.exemptSales,
    zeroRatedSales: invoice.zeroRatedSales,
    total: invoice.total,
    issuedBy: issuer?.name || invoice.issuedBy,
    cancelReason: invoice.cancelReason,
    generatedAt: new Date(),
    copy: !caller.isDat,
  };
}

/** The invoice printout (A4 portrait). */
export async function invoicePdf(db: Db, caller: Caller, invoiceNo: string): Promise<DownloadFile> {
  return await buildDocument("invoice", await invoiceDocument(db, caller, invoiceNo));
}
