import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { formatQuantity, pdfFileName } from "./sales-quotation.ts";
import { drawCopyWatermark } from "./watermark.ts";

/**
 * The manual sales invoice (001 §9: a 14-inch legal layout; domain notes §6, §11): the invoice written on a serial
 * of an Authority-to-Print booklet, with every item an invoice must carry, the VAT split once for the document, and
 * the booklet's ATP particulars at its foot. Nothing is printed as "valid until": ATP stock no longer expires.
 */

export interface ManualSiLine {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  amount: string;
  /** VATABLE, EXEMPT or ZERO_RATED: the last two are marked on their line. */
  taxClass: string;
}

export interface ManualSalesInvoiceDocument {
  serial: string;
  /** Draft, Issued or Cancelled. */
  status: string;
  invoiceDate: string;
  seller: { registeredName: string; businessStyle: string; tin: string; address: string };
  buyer: { name: string; address: string; tin: string };
  wayBillRef: string;
  lines: ManualSiLine[];
  vatableSales: string;
  vatAmount: string;
  exemptSales: string;
  zeroRatedSales: string;
  total: string;
  remarks: string;
  cancelReason: string;
  atp: { atpNo: string; atpDate: string; printerName: string; printerAccreditationNo: string; serialFrom: string; serialTo: string };
  issuedBy: string;
  generatedAt: Date;
  copy: boolean;
}

export const MANUAL_SALES_INVOICE_NAME = (branchCode: string, serial: string): string => pdfFileName(`SI-${branchCode}-${serial}`);

const MARGIN = 15;
const LINE = 4.8;

const MARKS: Record<string, string> = { EXEMPT: "VAT-exempt sale", ZERO_RATED: "Zero-rated sale" };

type Doc = jsPDF & { lastAutoTable?: { finalY?: number } };

/** Builds the invoice on legal paper (8.5 by 14 inches), portrait; answers the bytes of a PDF file. */
export function buildManualSalesInvoicePdf(view: ManualSalesInvoiceDocument): Uint8Array {
  const doc = new jsPDF({ orientation: "portrait", unit: "mm", format: "legal" }) as Doc;
  doc.setProperties({ title: `Sales Invoice ${view.serial}`, subject: "Manual sales invoice", creator: COMPANY_NAME });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const right = width - MARGIN;
  const content = width - 2 * MARGIN;
  const font = (style: "normal" | "bold" | "italic", size: number, gray = 20) => {
    doc.setFont("helvetica", style);
    doc.setFontSize(size);
    doc.setTextColor(gray);
  };

  // The seller, as registered, and its VAT registration with its TIN.
  let y = 18;
  font("bold", 14);
  doc.text(view.seller.registeredName, MARGIN, y);
  y += 6;
  font("normal", 10, 40);
  for (const line of [view.seller.businessStyle, view.seller.address, `VAT Reg. TIN: ${view.seller.tin}`].filter((l) => l.trim() !== "")) {
    doc.text(line, MARGIN, y);
    y += LINE;
  }
  // The word and the serial, large at the right.
  font("bold", 22, 10);
  doc.text("SALES INVOICE", right, 20, { align: "right" });
  font("bold", 16, 10);
  doc.text(`No. ${view.serial}`, right, 29, { align: "right" });
  y = Math.max(y, 34) + 2;
  doc.setDrawColor(60);
  doc.setLineWidth(0.4);
  doc.line(MARGIN, y, right, y);
  y += 7;

  if (view.status !== "Issued") {
    const text = view.status === "Draft" ? "DRAFT - NOT ISSUED" : `CANCELLED (SPOILED)${view.cancelReason ? `: ${view.cancelReason}` : ""}`;
    doc.setFillColor(253, 236, 234);
    doc.setDrawColor(180, 40, 30);
    doc.rect(MARGIN, y - 5, content, 8, "FD");
    font("bold", 11);
    doc.setTextColor(150, 20, 10);
    doc.text(doc.splitTextToSize(text, content - 6)[0] as string, width / 2, y + 0.6, { align: "center" });
    y += 9;
  }

  // The buyer and the date.
  const field = (label: string, value: string, x: number, labelWidth: number, valueWidth: number) => {
    font("bold", 10);
    doc.text(label, x, y);
    font("normal", 10);
    const lines = doc.splitTextToSize(value.trim() === "" ? " " : value, valueWidth) as string[];
    doc.text(lines, x + labelWidth, y);
    return lines.length;
  };
  const half = content / 2;
  let rows = Math.max(field("Sold to", view.buyer.name, MARGIN, 22, half + 20), field("Date", view.invoiceDate, MARGIN + half + 46, 14, half - 60));
  y += rows * LINE + 1.5;
  rows = field("Address", view.buyer.address, MARGIN, 22, content - 22);
  y += rows * LINE + 1.5;
  rows = Math.max(field("TIN", view.buyer.tin, MARGIN, 22, half - 22), field("Waybill", view.wayBillRef, MARGIN + half, 22, half - 22));
  y += rows * LINE + 4;

  autoTable(doc, {
    startY: y,
    theme: "grid",
    margin: { left: MARGIN, right: MARGIN, top: 20, bottom: 60 },
    styles: { font: "helvetica", fontSize: 10, cellPadding: 1.6, textColor: 20, lineColor: 150, lineWidth: 0.15 },
    headStyles: { fillColor: [235, 235, 235], textColor: 10, fontStyle: "bold" },
    head: [["Description", "Qty", "Unit", "Unit price", "Amount"]],
    body: view.lines.map((l) => [
      MARKS[l.taxClass] ? `${l.description} (${MARKS[l.taxClass]})` : l.description,
      formatQuantity(l.quantity), l.unit, formatAmount(l.unitPrice), formatAmount(l.amount),
    ]),
    columnStyles: { 1: { halign: "right", cellWidth: 18 }, 2: { cellWidth: 18 }, 3: { halign: "right", cellWidth: 30 }, 4: { halign: "right", cellWidth: 32 } },
    didParseCell: (data) => {
      if (data.section === "head" && [1, 3, 4].includes(data.column.index)) data.cell.styles.halign = "right";
    },
  });
  y = (doc.lastAutoTable?.finalY ?? y) + 6;

  // The breakdown of the total, VAT as an item of its own.
  const figures: [string, string, boolean][] = [
    ["VATable sales", view.vatableSales, false],
    ["VAT (12%)", view.vatAmount, false],
    ["VAT-exempt sales", view.exemptSales, false],
    ["Zero-rated sales", view.zeroRatedSales, false],
    ["TOTAL AMOUNT DUE", view.total, true],
  ];
  if (y + figures.length * 6 + 40 > height - 20) {
    doc.addPage();
    y = 20;
  }
  const labelX = MARGIN + half;
  for (const [label, amount, bold] of figures) {
    if (bold) {
      doc.setDrawColor(60);
      doc.setLineWidth(0.3);
      doc.line(labelX, y - 4, right, y - 4);
    }
    font(bold ? "bold" : "normal", bold ? 12 : 10);
    doc.text(label, labelX, y);
    doc.text(formatAmount(amount), right, y, { align: "right" });
    y += bold ? 7 : 5.6;
  }
  if (view.remarks.trim() !== "") {
    font("normal", 9, 50);
    const lines = doc.splitTextToSize(`Remarks: ${view.remarks}`, content) as string[];
    doc.text(lines, MARGIN, y + 2);
    y += lines.length * 4.2 + 2;
  }

  // Signature, and the booklet's particulars at the foot of the last page.
  const foot = height - 38;
  doc.setDrawColor(40);
  doc.setLineWidth(0.3);
  doc.line(right - 70, foot - 10, right, foot - 10);
  font("normal", 10);
  if (view.issuedBy.trim() !== "") doc.text(view.issuedBy, right - 35, foot - 12, { align: "center" });
  font("normal", 9, 70);
  doc.text("Authorized signature", right - 35, foot - 5.5, { align: "center" });
  doc.setDrawColor(170);
  doc.setLineWidth(0.2);
  doc.line(MARGIN, foot, right, foot);
  font("normal", 8.5, 60);
  const atp = [
    `ATP No. ${view.atp.atpNo}, issued ${view.atp.atpDate}; serials ${view.atp.serialFrom} to ${view.atp.serialTo}`,
    `Printer: ${view.atp.printerName}, accreditation no. ${view.atp.printerAccreditationNo}`,
  ];
  doc.text(atp, MARGIN, foot + 5);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    font("normal", 8.5, 90);
    doc.text(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, MARGIN, height - 10);
    doc.text(`Page ${page} of ${pages}`, right, height - 10, { align: "right" });
  }
  if (view.copy) drawCopyWatermark(doc);
  return new Uint8Array(doc.output("arraybuffer"));
}
