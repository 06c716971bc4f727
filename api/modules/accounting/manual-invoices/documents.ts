import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { atpBooklets, branches, users } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import { AppError } from "../../../shared/errors.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { formatSerial } from "./rules.ts";
import { manualSiById } from "./service.ts";

/**
 * The manual SI printed on 14-inch legal paper (001 §9). It carries every item an invoice must (domain notes §6), so
 * printing fails while the branch lacks its registered name or TIN; staff who are not DAT staff print a copy.
 */
export async function manualSalesInvoiceFile(db: Db, caller: Caller, id: number): Promise<DownloadFile> {
  const si = await manualSiById(db, id, caller);
  const [[branch], [booklet], [issuer]] = await Promise.all([
    db.select().from(branches).where(eq(branches.code, si.branchCode)),
    db.select().from(atpBooklets).where(eq(atpBooklets.id, si.atpBookletId)),
    db.select({ name: users.name }).from(users).where(eq(users.userId, si.issuedBy ?? "")),
  ]);
  if (!branch?.registeredName || !branch.tin) {
    throw new AppError("CONFLICT", `Branch ${si.branchCode} has no registered name or TIN in the master data; an invoice cannot be printed without the seller's particulars.`);
  }
  return await buildDocument("manualSalesInvoice", {
    branchCode: si.branchCode,
    view: {
      serial: si.serial,
      status: si.status,
      invoiceDate: si.invoiceDate,
      seller: { registeredName: branch.registeredName, businessStyle: branch.businessStyle, tin: branch.tin, address: branch.address },
      buyer: { name: si.buyerName, address: si.buyerAddress, tin: si.buyerTin },
      wayBillRef: si.wayBillRef ?? "",
      lines: si.lines,
      vatableSales: si.vatableSales,
      vatAmount: si.vatAmount,
      exemptSales: si.exemptSales,
      zeroRatedSales: si.zeroRatedSales,
      total: si.total,
      remarks: si.remarks,
      cancelReason: si.cancelReason ?? "",
      atp: {
        atpNo: booklet.atpNo, atpDate: booklet.atpDate, printerName: booklet.printerName, printerAccreditationNo: booklet.printerAccreditationNo,
        serialFrom: formatSerial(booklet.serialFrom, booklet.serialDigits), serialTo: formatSerial(booklet.serialTo, booklet.serialDigits),
      },
      issuedBy: issuer?.name || si.issuedBy || "",
      generatedAt: new Date(),
      copy: !caller.isDat,
    },
  });
}
