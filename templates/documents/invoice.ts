import { documentDate } from "./cargo-booking-slip.ts";
import { signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { MARGIN, pdfFileName } from "./sales-quotation.ts";
import { formatAmount } from "../../api/shared/money.ts";

/**
 * The Invoice of cargo-release accounting (domain notes §6, EOPT): the word "Invoice" set large, the seller's
 * registered particulars with its VAT registration and TIN, the number and date, the buyer, the lines with their
 * quantity and unit price, and the total with the VAT shown apart (VATable sales, VAT, VAT-exempt and zero-rated
 * sales). Exempt and zero-rated lines say so. Built from one plain value, in a document worker or in process.
 */

export interface InvoiceDocumentLine {
  chargeCode: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
  /** VATABLE, EXEMPT or ZERO_RATED. */
  taxClass: string;
}

export interface InvoiceDocument {
  invoiceNo: string;
  /** Issued or Cancelled. */
  status: string;
  invoiceDate: string;
  seller: { registeredName: string; businessStyle: string; tin: string; address: string };
  buyer: { name: string; address: string; tin: string };
  wayBillRef: string;
  voyageNum: string;
  croAcctgNum: string;
  /** The payment side billed, in words: "Prepaid". */
  billedSide: string;
  lines: InvoiceDocumentLine[];
  vatableSales: string;
  vatAmount: string;
  exemptSales: string;
  zeroRatedSales: string;
  total: string;
  issuedBy: string;
  cancelReason: string | null;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "SI-MNL-2026-000001" gives "SI-MNL-2026-000001.pdf". */
export const INVOICE_NAME = (invoiceNo: string): string => pdfFileName(invoiceNo);

/** What a line that is not VATable says beside its amount (domain notes §6, item 7). */
export const TAX_MARKS: Record<string, string> = { EXEMPT: "VAT-exempt sale", ZERO_RATED: "zero-rated sale" };

/** Builds one invoice, A4 portrait; answers the bytes of a PDF file. */
export function buildInvoicePdf(view: InvoiceDocument): Uint8Array {
  const { flow, finish } = startDocument({ title: "Invoice", subject: "Invoice", reference: view.invoiceNo, generatedAt: view.generatedAt, copy: view.copy });
  const { doc } = flow;
  const right = flow.width - MARGIN;

  // The seller at the left, the word Invoice and its number large at the right.
  flow.font("bold", 12);
  doc.text(view.seller.registeredName, MARGIN, flow.y);
  flow.font("normal", 10);
  doc.text(doc.splitTextToSize(`${view.seller.businessStyle}\n${view.seller.address}`, 100) as string[], MARGIN, flow.y + 5.5);
  flow.font("bold", 10);
  doc.text(`VAT Reg. TIN: ${view.seller.tin}`, MARGIN, flow.y + 17);
  flow.font("bold", 26);
  doc.text("INVOICE", right, flow.y + 4, { align: "right" });
  flow.font("bold", 13);
  doc.text(`No. ${view.invoiceNo}`, right, flow.y + 12, { align: "right" });
  flow.font("normal", 10);
  doc.text(`Date: ${documentDate(view.invoiceDate)}`, right, flow.y + 18, { align: "right" });
  flow.y += 26;

  if (view.status === "Cancelled") {
    flow.banner(`CANCELLED${view.cancelReason ? ` - ${view.cancelReason}` : ""}`.slice(0, 90), flow.y);
    flow.y += 12;
  }

  const half = flow.contentWidth / 2;
  flow.ensure(30);
  const soldTo = flow.fields(MARGIN, flow.y, 24, half - 28, [
    ["Sold to", view.buyer.name],
    ["Address", view.buyer.address],
    // A buyer without a TIN on record leaves the space blank, as the form does.
    ["TIN", view.buyer.tin || " "],
  ]);
  const refs = flow.fields(MARGIN + half, flow.y, 30, half - 30, [
    ["Waybill No.", view.wayBillRef],
    ["Voyage", view.voyageNum],
    ["CRO accounting", view.croAcctgNum],
    ["Billed", view.billedSide],
  ]);
  flow.y = Math.max(soldTo, refs) + 2;

  flow.heading("Particulars");
  flow.table({
    head: [["Code", "Description", "Qty", "Unit", "Unit price", "Amount"]],
    body: view.lines.map((l) => [
      l.chargeCode,
      TAX_MARKS[l.taxClass] ? `${l.description}\n(${TAX_MARKS[l.taxClass]})` : l.description,
      l.quantity,
      l.unit,
      formatAmount(l.unitPrice),
      formatAmount(l.amount),
    ]),
    columnStyles: {
      0: { cellWidth: 16 },
      2: { cellWidth: 18, halign: "right" },
      3: { cellWidth: 22 },
      4: { cellWidth: 28, halign: "right" },
      5: { cellWidth: 30, halign: "right" },
    },
  });

  // The VAT as its own item: the breakdown at the right, the total under it.
  flow.ensure(42);
  const labelX = MARGIN + half;
  const rows: [string, string, boolean][] = [
    ["VATable sales", view.vatableSales, false],
    ["VAT (12%)", view.vatAmount, false],
    ["VAT-exempt sales", view.exemptSales, false],
    ["Zero-rated sales", view.zeroRatedSales, false],
    ["TOTAL AMOUNT DUE (PHP)", view.total, true],
  ];
  for (const [label, amount, total] of rows) {
    if (total) {
      doc.setDrawColor(60);
      doc.setLineWidth(0.4);
      doc.line(labelX, flow.y - 4, right, flow.y - 4);
    }
    flow.font(total ? "bold" : "normal", total ? 12 : 10);
    doc.text(label, labelX, flow.y);
    doc.text(formatAmount(amount), right, flow.y, { align: "right" });
    flow.y += total ? 7 : 5.5;
  }

  signatureRow(flow, [["Issued by", view.issuedBy], ["Received by", ""]], 8);

  return finish();
}
