import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";

export const COMPANY_NAME = "Lading";

export interface ListPdfColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

export interface ListPdfSpec<T> {
  title: string;
  subtitle?: string;
  columns: ListPdfColumn<T>[];
  rows: T[];
  orientation: "landscape" | "portrait";
}

const MARGIN = 14;
const HEADER_BOTTOM = 30;
const FOOTER_GAP = 8;

function cellText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/** A titled A4 table that runs over as many pages as it needs; answers the bytes of a PDF file. */
export function buildListPdf<T>(spec: ListPdfSpec<T>): Uint8Array {
  const doc = new jsPDF({ orientation: spec.orientation, unit: "mm", format: "a4" });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  doc.setProperties({ title: spec.title, creator: COMPANY_NAME });

  const drawHeader = () => {
    doc.setFont("helvetica", "bold");
    doc.setFontSize(14);
    doc.setTextColor(20);
    doc.text(COMPANY_NAME, MARGIN, 14);
    doc.setFontSize(12);
    doc.text(spec.title, pageWidth - MARGIN, 14, { align: "right" });
    if (spec.subtitle) {
      doc.setFont("helvetica", "normal");
      doc.setFontSize(9);
      doc.setTextColor(90);
      doc.text(spec.subtitle, pageWidth - MARGIN, 20, { align: "right" });
    }
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 24, pageWidth - MARGIN, 24);
  };

  autoTable(doc, {
    head: [spec.columns.map((c) => c.header)],
    body: spec.rows.map((row) => spec.columns.map((c) => cellText(c.value(row)))),
    startY: HEADER_BOTTOM,
    margin: { top: HEADER_BOTTOM, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_GAP },
    showHead: "everyPage",
    theme: "striped",
    styles: { font: "helvetica", fontSize: 8, cellPadding: 1.5, overflow: "linebreak" },
    headStyles: { fillColor: [32, 64, 96], textColor: 255, fontStyle: "bold" },
    didDrawPage: drawHeader,
  });
  if (spec.rows.length === 0) {
    // Without this line an empty list reads like a printing fault.
    const finalY = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? HEADER_BOTTOM;
    doc.setFont("helvetica", "italic");
    doc.setFontSize(9);
    doc.setTextColor(90);
    doc.text("No records.", MARGIN, finalY + 6);
  }

  // The total is known only once the table has been laid out, so the footers are written last.
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont("helvetica", "normal");
    doc.setFontSize(8);
    doc.setTextColor(90);
    doc.text(`Page ${page} of ${pages}`, pageWidth / 2, pageHeight - MARGIN / 2 - 2, { align: "center" });
  }
  return new Uint8Array(doc.output("arraybuffer"));
}
