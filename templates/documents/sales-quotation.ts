import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { formatAmount, groupThousands } from "../../api/shared/money.ts";
import { COMPANY_NAME } from "./list-pdf.ts";

/**
 * The sales quotation printout (001 §9): what the customer receives once finance has approved a quotation,
 * and what staff print to check one before that. The service fills the view; this file only lays it out.
 */

export interface QuotationPrintoutCharge {
  chargeCode: string;
  chargeName: string;
  chargePart: string;
  rateUnitLabel: string;
  quantity: string;
  standardRate: string;
  requestedRate: string;
  amount: string;
}

export interface QuotationPrintoutLane {
  sqdocNum: string;
  origin: string;
  destination: string;
  termsAndConditions: string;
  charges: QuotationPrintoutCharge[];
  total: string;
}

export interface QuotationPrintoutTerm {
  policyCode: string;
  description: string;
  standardValue: string;
  requestedValue: string;
  appliedValue: string;
}

export interface QuotationPrintoutStep {
  action: string;
  toStatus: string;
  actor: string;
  date: string;
  remarks: string;
}

export interface QuotationPrintout {
  sqRefNum: string;
  sqDate: string;
  validUntil: string;
  status: string;
  amendedSqRef: string | null;
  branchName: string;
  customerName: string;
  customerAddress: string;
  accountExecutive: string;
  cargoType: string;
  lanes: QuotationPrintoutLane[];
  terms: QuotationPrintoutTerm[];
  approvals: QuotationPrintoutStep[];
  generatedAt: Date;
}

/**
 * The value the printout states for a shipper-owned container (SOC), in pesos. It was 2000 until the
 * business raised it (001 §9, policy codes); keep it a decimal string so it never passes through a float.
 */
export const SOC_VALUE = "6000.00";

/** The only status at which the printout is a valid offer; every other one carries a banner. */
export const APPROVED_STATUS = "FA Approved";

/** Statuses of a quotation that was approved once but no longer stands. */
const SUPERSEDED_STATUSES = new Set(["Expired", "Amended", "Deactivated", "Archived"]);

/** A reference number as a safe file name: "SQ-MNL-2026-000001" gives "SQ-MNL-2026-000001.pdf". */
export function pdfFileName(reference: string): string {
  const safe = reference.trim().replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "");
  return `${safe || "document"}.pdf`;
}

export const QUOTATION_PRINTOUT_NAME = (sqRefNum: string): string => pdfFileName(sqRefNum);

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Counts read best as they are ("2", "1,200"); a fractional one gets two decimals like money. */
export function formatQuantity(value: string): string {
  const raw = value.trim().replace(/,/g, "");
  const match = DECIMAL.exec(raw);
  if (raw === "") return "0";
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return value;
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  if (fraction === "") return `${match[1]}${groupThousands((match[2] || "0").replace(/^0+(?=\d)/, ""))}`;
  return formatAmount(raw);
}

/** "PORT_DESTINATION" as "Port destination": the printout goes to customers, not to developers. */
function partLabel(part: string): string {
  const words = part.trim().replace(/_+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function bannerText(status: string): string | null {
  if (status === APPROVED_STATUS) return null;
  if (status === "Draft") return "DRAFT - NOT VALID AS AN OFFER";
  if (SUPERSEDED_STATUSES.has(status)) return `NOT VALID - THIS QUOTATION IS ${status.toUpperCase()}`;
  return "NOT APPROVED - NOT VALID AS AN OFFER";
}

// Page geometry in mm. Body text stays at 9 pt or more so that a scan or a fax of the page still reads.
export const MARGIN = 14;
/** 001 §9: on a portrait page, new content moves to the next page near 275 mm. */
export const PORTRAIT_CONTENT_LIMIT = 275;
const LINE = 5;

type Doc = jsPDF & { lastAutoTable?: { finalY?: number } };

/** Shared page furniture of the two quotation documents: a cursor that turns the page when it must. */
export class PageFlow {
  readonly doc: Doc;
  readonly width: number;
  readonly height: number;
  y: number;

  constructor(readonly top: number) {
    this.doc = new jsPDF({ orientation: "portrait", unit: "mm", format: "a4" }) as Doc;
    this.width = this.doc.internal.pageSize.getWidth();
    this.height = this.doc.internal.pageSize.getHeight();
    this.y = top;
  }

  get contentWidth(): number {
    return this.width - 2 * MARGIN;
  }

  /** Starts a new page unless `needed` mm still fit above the limit. */
  ensure(needed: number): void {
    if (this.y + needed > PORTRAIT_CONTENT_LIMIT) {
      this.doc.addPage();
      this.y = this.top;
    }
  }

  font(style: "normal" | "bold" | "italic", size: number, gray = 20): void {
    this.doc.setFont("helvetica", style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(gray);
  }

  heading(text: string, size = 11): void {
    this.ensure(LINE * 3);
    this.y += 2;
    this.font("bold", size);
    this.doc.text(text, MARGIN, this.y);
    this.y += LINE;
  }

  /** A wrapped paragraph that may run over a page turn line by line. */
  paragraph(text: string, size = 10, indent = 0): void {
    this.font("normal", size);
    const lineHeight = size * 0.3528 * 1.35;
    for (const block of text.split(/\r?\n/)) {
      const lines = block.trim() === "" ? [""] : (this.doc.splitTextToSize(block, this.contentWidth - indent) as string[]);
      for (const line of lines) {
        this.ensure(lineHeight);
        this.doc.text(line, MARGIN + indent, this.y);
        this.y += lineHeight;
      }
    }
  }

  /** Label and value pairs in a column starting at `x`; answers the y below the last one. */
  /**
   * Two columns of label and value pairs side by side across the page, kept together on one page, the flow going
   * on under the longer column: the facts block most documents open with.
   */
  fieldColumns(leftPairs: [string, string][], rightPairs: [string, string][], labelWidth: number): void {
    const half = this.contentWidth / 2;
    this.ensure(6 * Math.max(leftPairs.length, rightPairs.length));
    const leftEnd = this.fields(MARGIN, this.y, labelWidth, half - labelWidth - 4, leftPairs);
    const rightEnd = this.fields(MARGIN + half, this.y, labelWidth, half - labelWidth, rightPairs);
    this.y = Math.max(leftEnd, rightEnd) + 1;
  }

  fields(x: number, y: number, labelWidth: number, valueWidth: number, pairs: [string, string][], size = 10): number {
    const lineHeight = size * 0.3528 * 1.35;
    for (const [label, value] of pairs) {
      this.font("bold", size);
      this.doc.text(label, x, y);
      this.font("normal", size);
      const lines = this.doc.splitTextToSize(value === "" ? "-" : value, valueWidth) as string[];
      this.doc.text(lines, x + labelWidth, y);
      y += lineHeight * lines.length + 1;
    }
    return y;
  }

  /** An autoTable placed at the cursor; the cursor ends below it. */
  table(options: Omit<Parameters<typeof autoTable>[1], "startY" | "margin">): void {
    this.ensure(20);
    autoTable(this.doc, {
      theme: "grid",
      showHead: "everyPage",
      showFoot: "lastPage",
      rowPageBreak: "avoid",
      ...options,
      startY: this.y,
      margin: { top: this.top, left: MARGIN, right: MARGIN, bottom: this.height - PORTRAIT_CONTENT_LIMIT },
      styles: { font: "helvetica", fontSize: 9, cellPadding: 1.4, overflow: "linebreak", textColor: 20, lineColor: 170, lineWidth: 0.1, ...options.styles },
      headStyles: { fillColor: [32, 64, 96], textColor: 255, fontStyle: "bold", ...options.headStyles },
      footStyles: { fillColor: [230, 235, 240], textColor: 20, fontStyle: "bold", ...options.footStyles },
      didParseCell: (data) => {
        // A figure's heading sits over the figure: column alignment is otherwise applied to the body only.
        const align = (options.columnStyles?.[data.column.index] as { halign?: "left" | "center" | "right" } | undefined)?.halign;
        if (data.section !== "body" && align) data.cell.styles.halign = align;
        options.didParseCell?.(data);
      },
    });
    this.y = (this.doc.lastAutoTable?.finalY ?? this.y) + 4;
  }

  /**
   * A warning band across the page at `y` (an unapproved quotation, an ATW not issued): a band rather than a
   * diagonal watermark, since it cannot hide a figure and it survives photocopying.
   */
  banner(text: string, y: number): void {
    this.doc.setFillColor(253, 236, 234);
    this.doc.setDrawColor(180, 40, 30);
    this.doc.rect(MARGIN, y, this.contentWidth, 8, "FD");
    this.doc.setFont("helvetica", "bold");
    this.doc.setFontSize(11);
    this.doc.setTextColor(150, 20, 10);
    this.doc.text(text, this.width / 2, y + 5.6, { align: "center" });
  }

  /**
   * Two signature blocks side by side, kept on one page together: label, room to sign, the line, and the
   * printed name under it (or `emptyHint` in grey where no name is known yet).
   */
  signatures(blocks: [label: string, name: string][], options: { gapBefore: number; emptyHint?: string }): void {
    this.ensure(options.gapBefore + 26);
    this.y += options.gapBefore;
    const columnWidth = (this.contentWidth - 20) / 2;
    blocks.forEach(([label, name], i) => {
      const x = MARGIN + i * (columnWidth + 20);
      this.font("bold", 10);
      this.doc.text(label, x, this.y);
      this.doc.setDrawColor(40);
      this.doc.setLineWidth(0.3);
      this.doc.line(x, this.y + 16, x + columnWidth, this.y + 16);
      if (name.trim() !== "") {
        this.font("normal", 10);
        this.doc.text(name, x + columnWidth / 2, this.y + 21, { align: "center" });
      } else if (options.emptyHint) {
        this.font("normal", 9, 70);
        this.doc.text(options.emptyHint, x + columnWidth / 2, this.y + 21, { align: "center" });
      }
    });
    this.y += 26;
  }

  /** "Page x of y" and the print time on every page; written last, when the page count is known. */
  footers(left: string, right: string): void {
    const pages = this.doc.getNumberOfPages();
    for (let page = 1; page <= pages; page++) {
      this.doc.setPage(page);
      this.doc.setDrawColor(170);
      this.doc.setLineWidth(0.2);
      this.doc.line(MARGIN, this.height - 14, this.width - MARGIN, this.height - 14);
      this.font("normal", 9, 70);
      this.doc.text(left, MARGIN, this.height - 9);
      this.doc.text(`Page ${page} of ${pages}`, this.width / 2, this.height - 9, { align: "center" });
      this.doc.text(right, this.width - MARGIN, this.height - 9, { align: "right" });
    }
  }

  bytes(): Uint8Array {
    return new Uint8Array(this.doc.output("arraybuffer"));
  }
}

/** Builds the printout of one quotation; answers the bytes of a PDF file. */
export function buildQuotationPrintoutPdf(view: QuotationPrintout): Uint8Array {
  const banner = bannerText(view.status);
  const flow = new PageFlow(banner ? 42 : 32);
  const { doc } = flow;
  doc.setProperties({ title: `Sales Quotation ${view.sqRefNum}`, subject: "Sales quotation", creator: COMPANY_NAME });

  // Who and what: reference data on the left, the customer on the right.
  const half = flow.contentWidth / 2;
  const leftEnd = flow.fields(MARGIN, flow.y, 27, half - 31, [
    ["Reference", view.sqRefNum],
    ["Date", view.sqDate],
    ["Valid until", view.validUntil],
    ["Status", view.status],
    ...(view.amendedSqRef ? [["Amends", view.amendedSqRef] as [string, string]] : []),
  ]);
  const rightEnd = flow.fields(MARGIN + half, flow.y, 30, half - 30, [
    ["Customer", view.customerName],
    ["Address", view.customerAddress],
    ["Account exec.", view.accountExecutive],
    ["Branch", view.branchName],
    ["Cargo type", view.cargoType],
  ]);
  flow.y = Math.max(leftEnd, rightEnd) + 1;

  view.lanes.forEach((lane, index) => {
    // Keep a lane heading with at least the first rows of its table.
    flow.ensure(35);
    flow.heading(`Lane ${index + 1}: ${lane.origin} to ${lane.destination}`);
    flow.font("normal", 9, 70);
    flow.doc.text(`Document ${lane.sqdocNum}`, MARGIN, flow.y - 0.5);
    flow.y += 3;
    flow.table({
      head: [["Charge", "Part", "Unit", "Qty", "Standard rate", "Requested rate", "Amount"]],
      body: lane.charges.map((c) => [
        `${c.chargeCode} ${c.chargeName}`.trim(),
        partLabel(c.chargePart),
        c.rateUnitLabel,
        formatQuantity(c.quantity),
        formatAmount(c.standardRate),
        formatAmount(c.requestedRate),
        formatAmount(c.amount),
      ]),
      foot: [[{ content: `Lane ${index + 1} total (PHP)`, colSpan: 6, styles: { halign: "right" } }, formatAmount(lane.total)]],
      columnStyles: {
        1: { cellWidth: 26 },
        2: { cellWidth: 18 },
        3: { cellWidth: 12, halign: "right" },
        4: { cellWidth: 24, halign: "right" },
        5: { cellWidth: 24, halign: "right" },
        6: { cellWidth: 26, halign: "right" },
      },
    });
    if (lane.charges.length === 0) {
      flow.font("italic", 9, 90);
      flow.doc.text("No charges on this lane.", MARGIN, flow.y);
      flow.y += LINE;
    }
    if (lane.termsAndConditions.trim() !== "") {
      flow.ensure(12);
      flow.font("bold", 9);
      flow.doc.text("Terms and conditions", MARGIN, flow.y);
      flow.y += 4.5;
      flow.paragraph(lane.termsAndConditions, 9);
      flow.y += 2;
    }
  });

  flow.heading("Terms");
  if (view.terms.length === 0) {
    flow.paragraph("Standard terms apply.", 10);
  } else {
    flow.table({
      head: [["Policy", "Description", "Standard", "Requested", "Applied"]],
      body: view.terms.map((t) => [t.policyCode, t.description, t.standardValue, t.requestedValue, t.appliedValue]),
      columnStyles: {
        0: { cellWidth: 20 },
        2: { cellWidth: 24, halign: "right" },
        3: { cellWidth: 24, halign: "right" },
        4: { cellWidth: 24, halign: "right" },
      },
    });
  }
  flow.ensure(10);
  flow.font("bold", 10);
  flow.doc.text(`Shipper-owned container (SOC) value: PHP ${formatAmount(SOC_VALUE)}`, MARGIN, flow.y + 1);
  flow.y += LINE + 3;

  flow.heading("Approval trail");
  if (view.approvals.length === 0) {
    flow.paragraph("Not yet submitted for approval.", 10);
  } else {
    flow.table({
      head: [["Action", "Status", "By", "Date", "Remarks"]],
      body: view.approvals.map((s) => [s.action, s.toStatus, s.actor, s.date, s.remarks]),
      columnStyles: { 0: { cellWidth: 28 }, 1: { cellWidth: 28 }, 2: { cellWidth: 30 }, 3: { cellWidth: 34 } },
    });
  }

  // The header goes on last so that pages added by autoTable carry it too.
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    flow.font("bold", 14);
    doc.text(COMPANY_NAME, MARGIN, 15);
    flow.font("bold", 14);
    doc.text("SALES QUOTATION", flow.width - MARGIN, 15, { align: "right" });
    flow.font("normal", 10, 60);
    doc.text(view.sqRefNum, flow.width - MARGIN, 21, { align: "right" });
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 25, flow.width - MARGIN, 25);
    if (banner) flow.banner(banner, 28);
  }
  flow.footers(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, view.sqRefNum);
  return flow.bytes();
}
