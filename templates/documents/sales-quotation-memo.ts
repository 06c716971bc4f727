import { COMPANY_NAME } from "./list-pdf.ts";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { MARGIN, PageFlow, pdfFileName } from "./sales-quotation.ts";

/**
 * The quotation memorandum (001 §3, release notes "SQ memorandum"): a branch's cover note that sends a batch
 * of quotations on, listing each one, with room for the preparer and the manager to sign.
 */

export interface QuotationMemoLine {
  sqRefNum: string;
  customerName: string;
  accountExecutive: string;
  sqDate: string;
  validUntil: string;
  lanes: string;
  total: string;
}

export interface QuotationMemo {
  memoRef: string;
  memoDate: string;
  branchName: string;
  preparedBy: string;
  subject: string;
  body: string;
  quotations: QuotationMemoLine[];
  generatedAt: Date;
}

/** "MEMO-MNL-2026-000001" gives "MEMO-MNL-2026-000001.pdf". */
export const QUOTATION_MEMO_NAME = (memoRef: string): string => pdfFileName(memoRef);

const FIRST_PAGE_TOP = 32;
const NEXT_PAGE_TOP = 24;

/** Builds the memorandum; answers the bytes of a PDF file. */
export function buildQuotationMemoPdf(view: QuotationMemo): Uint8Array {
  // Later pages need only a slim running head, so their content starts higher than the first page's.
  const flow = new PageFlow(NEXT_PAGE_TOP);
  flow.y = FIRST_PAGE_TOP;
  const { doc } = flow;
  doc.setProperties({ title: `Memorandum ${view.memoRef}`, subject: view.subject, creator: COMPANY_NAME });

  flow.font("bold", 14);
  doc.text(COMPANY_NAME, flow.width / 2, 15, { align: "center" });
  flow.font("bold", 16);
  doc.text("MEMORANDUM", flow.width / 2, 24, { align: "center" });

  flow.y = flow.fields(MARGIN, flow.y, 26, flow.contentWidth - 26, [
    ["Memo No.", view.memoRef],
    ["Date", view.memoDate],
    ["From", view.preparedBy],
    ["Branch", view.branchName],
    ["Subject", view.subject],
  ], 11);
  doc.setDrawColor(120);
  doc.setLineWidth(0.4);
  doc.line(MARGIN, flow.y, flow.width - MARGIN, flow.y);
  flow.y += 7;

  flow.paragraph(view.body, 11);
  flow.y += 4;

  if (view.quotations.length === 0) {
    flow.paragraph("No quotations are attached to this memorandum.", 10);
  } else {
    flow.table({
      head: [["No.", "SQ reference", "Customer", "Account exec.", "SQ date", "Valid until", "Lanes", "Total (PHP)"]],
      body: view.quotations.map((q, i) => [
        String(i + 1), q.sqRefNum, q.customerName, q.accountExecutive, q.sqDate, q.validUntil, q.lanes, formatAmount(q.total),
      ]),
      columnStyles: {
        0: { cellWidth: 9, halign: "right" },
        1: { cellWidth: 38 },
        4: { cellWidth: 20 },
        5: { cellWidth: 20 },
        7: { cellWidth: 24, halign: "right" },
      },
    });
  }

  flow.signatures([["Prepared by", view.preparedBy], ["Noted by", ""]], { gapBefore: 8 });

  const pages = doc.getNumberOfPages();
  for (let page = 2; page <= pages; page++) {
    doc.setPage(page);
    flow.font("bold", 10, 60);
    doc.text(`MEMORANDUM ${view.memoRef} (continued)`, MARGIN, 15);
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 18, flow.width - MARGIN, 18);
  }
  flow.footers(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, view.memoRef);
  return flow.bytes();
}
