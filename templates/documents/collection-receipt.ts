import { formatAmount } from "../../api/shared/money.ts";
import { documentDate } from "./cargo-booking-slip.ts";
import { signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { MARGIN, pdfFileName } from "./sales-quotation.ts";

/**
 * The Collection Receipt (domain notes §8): what a payer handed over, the invoices it settles and the tax the payer
 * withheld on each. It is not an invoice and says so: the buyer claims input VAT on the invoice alone.
 */

export interface ReceiptLine {
  invoiceNo: string;
  wayBillRef: string;
  /** Decimal text: what the line settles of the invoice, what was withheld, and the cash for it. */
  applied: string;
  ewtAtc: string;
  /** Percent, "2.00". */
  ewtRate: string;
  ewtBase: string;
  ewtAmount: string;
  wvatAtc: string;
  wvatAmount: string;
  cash: string;
}

export interface ReceiptOtherCharge {
  accountCode: string;
  description: string;
  amount: string;
}

export interface CollectionReceiptDocument {
  receiptNo: string;
  /** Issued, Cancelled or Reversed. */
  status: string;
  collectionDate: string;
  /** The branch that issues it, as its master gives it; the registered name falls back to the branch's name. */
  seller: { name: string; businessStyle: string; tin: string; address: string };
  payer: { code: string; name: string; address: string; tin: string };
  /** "Cash", "Cheque" or "Post-dated cheque". */
  paymentMethod: string;
  bank: string;
  chequeNo: string;
  chequeDate: string;
  lines: ReceiptLine[];
  otherCharges: ReceiptOtherCharge[];
  /** creditApplied: the customer's credit spent on the receipt, settling beside the money received. */
  totals: { applied: string; ewt: string; wvat: string; other: string; creditApplied: string; received: string; excess: string };
  /** Kept as the customer's credit, when there was an excess. */
  excessKept: boolean;
  remarks: string;
  cancelReason: string;
  issuedBy: string;
  generatedAt: Date;
  copy: boolean;
}

/** Printed in full on every receipt, and the reason a receipt is never taken for an invoice. */
export const NOT_FOR_INPUT_TAX = "THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX";

export const COLLECTION_RECEIPT_NAME = (receiptNo: string): string => pdfFileName(receiptNo);

const orDash = (value: string) => (value.trim() === "" ? "-" : value);

/** "2.00" as "2%"; no rate as "-". */
function rateText(rate: string, atc: string): string {
  if (!atc) return "-";
  const trimmed = rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate;
  return `${atc} ${trimmed}%`;
}

/** Builds the receipt, A4 portrait; answers the bytes of a PDF file. */
export function buildCollectionReceiptPdf(view: CollectionReceiptDocument): Uint8Array {
  const voided = view.status !== "Issued";
  const { flow, finish } = startDocument({
    title: "Collection Receipt", subject: "Collection receipt", reference: view.receiptNo, generatedAt: view.generatedAt, copy: view.copy,
    banner: voided ? `${view.status.toUpperCase()} - THIS RECEIPT SETTLES NOTHING` : undefined,
  });
  const { doc } = flow;
  const half = flow.contentWidth / 2;
  const pair = (left: [string, string][], right: [string, string][], labelWidth = 30) => flow.fieldColumns(left, right, labelWidth);

  // The branch that received the money, as the payer's books will name it.
  flow.font("bold", 11);
  doc.text(view.seller.name, MARGIN, flow.y);
  flow.y += 5;
  flow.font("normal", 9, 50);
  for (const line of [view.seller.businessStyle, view.seller.address, view.seller.tin ? `TIN ${view.seller.tin}` : ""].filter((l) => l.trim() !== "")) {
    doc.text(line, MARGIN, flow.y);
    flow.y += 4.2;
  }
  flow.y += 2;

  pair([
    ["Receipt No.", view.receiptNo],
    ["Date", documentDate(view.collectionDate)],
    ["Status", view.status],
  ], [
    ["Payment", view.paymentMethod],
    ["Bank", orDash(view.bank)],
    ["Cheque No.", orDash(view.chequeNo)],
    ["Cheque date", view.chequeDate ? documentDate(view.chequeDate) : "-"],
  ]);

  flow.heading("Received from");
  pair([
    ["Name", view.payer.name],
    ["Address", orDash(view.payer.address)],
  ], [
    ["Customer", view.payer.code],
    ["TIN", orDash(view.payer.tin)],
  ]);

  flow.ensure(30);
  flow.heading("Invoices settled");
  flow.table({
    head: [["Invoice No.", "Waybill", "Applied", "EWT", "Base", "EWT amount", "VAT withheld", "Cash"]],
    body: view.lines.map((l) => [
      l.invoiceNo, orDash(l.wayBillRef), formatAmount(l.applied), rateText(l.ewtRate, l.ewtAtc), formatAmount(l.ewtBase),
      formatAmount(l.ewtAmount), l.wvatAtc ? `${l.wvatAtc} ${formatAmount(l.wvatAmount)}` : formatAmount(l.wvatAmount), formatAmount(l.cash),
    ]),
    columnStyles: {
      2: { halign: "right" },
      4: { halign: "right" },
      5: { halign: "right" },
      6: { halign: "right" },
      7: { halign: "right" },
    },
  });

  if (view.otherCharges.length > 0) {
    flow.ensure(25);
    flow.heading("Other charges");
    flow.table({
      head: [["Account", "Description", "Amount"]],
      body: view.otherCharges.map((o) => [o.accountCode, o.description, formatAmount(o.amount)]),
      columnStyles: { 0: { cellWidth: 34 }, 2: { cellWidth: 34, halign: "right" } },
    });
  }

  // The figures, one under the other, the amount received in bold.
  flow.ensure(48);
  const labelX = MARGIN + half;
  const amountX = MARGIN + flow.contentWidth;
  const rows: [string, string, boolean][] = [
    ["Applied to invoices", view.totals.applied, false],
    ["Less EWT withheld", view.totals.ewt, false],
    ["Less VAT withheld", view.totals.wvat, false],
    ["Other charges", view.totals.other, false],
  ];
  if (view.totals.creditApplied !== "0.00") rows.push(["Less credit applied", view.totals.creditApplied, false]);
  rows.push(["Amount received (PHP)", view.totals.received, true]);
  if (view.excessKept) rows.push(["Kept as customer's credit", view.totals.excess, false]);
  for (const [label, amount, bold] of rows) {
    if (bold) {
      doc.setDrawColor(120);
      doc.setLineWidth(0.3);
      doc.line(labelX, flow.y - 3.8, amountX, flow.y - 3.8);
    }
    flow.font(bold ? "bold" : "normal", 10);
    doc.text(label, labelX, flow.y);
    doc.text(formatAmount(amount), amountX, flow.y, { align: "right" });
    flow.y += 5.4;
  }

  if (view.remarks.trim() !== "") {
    flow.ensure(10);
    flow.y = flow.fields(MARGIN, flow.y + 2, 30, flow.contentWidth - 30, [["Remarks", view.remarks]]) + 1;
  }
  if (voided && view.cancelReason.trim() !== "") {
    flow.ensure(10);
    flow.y = flow.fields(MARGIN, flow.y + 2, 30, flow.contentWidth - 30, [["Reason", view.cancelReason]]) + 1;
  }

  // The notice stands alone, large and boxed, where no one can miss it.
  flow.ensure(16);
  flow.y += 4;
  doc.setDrawColor(40);
  doc.setLineWidth(0.5);
  doc.rect(MARGIN, flow.y, flow.contentWidth, 11);
  flow.font("bold", 12, 10);
  doc.text(NOT_FOR_INPUT_TAX, flow.width / 2, flow.y + 7.3, { align: "center" });
  flow.y += 15;

  signatureRow(flow, [["Received by", view.issuedBy], ["Payer", ""]], 6);

  return finish();
}
