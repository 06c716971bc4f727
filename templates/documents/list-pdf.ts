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
  // The table plugin asks for the font list as it styles each cell, and jsPDF builds the list anew every time
  // (about a sixth of a long list's build, and as much garbage). No font is added during a build: one list does.
  const fonts = doc.getFontList();
  doc.getFontList = () => fonts;

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

  /*
   * A long list keeps the garbage collector busy with what it has already printed: the table plugin keeps a
   * styled model of every cell to the end, and jsPDF keeps each page as thousands of operator strings. Both are
   * let go once printed (see releaseDrawnRows and compactPage): for 10,000 rows the collector's time fell from
   * about 0.46 s to 0.16 s of a 2 s build and the live heap from 84 to 60 MB. The bytes of the file are the same.
   */
  let lastDrawnRow = -1;
  let released = 0;
  const endPage = (data: { table: { body: { cells: unknown }[] } }) => {
    drawHeader();
    released = releaseDrawnRows(data.table.body, released, lastDrawnRow);
    // The page before this one is finished: nothing more is drawn on it but its footer, which is appended.
    const page = doc.getCurrentPageInfo().pageNumber;
    if (page > 1) compactPage(doc, page - 1);
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
    didDrawCell: (data) => {
      // The rest of a row split over two pages is a row of its own, numbered -1.
      if (data.section === "body" && data.row.index >= 0) lastDrawnRow = data.row.index;
    },
    didDrawPage: endPage,
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

/**
 * Lets go of the cells of body rows `from` to `to` (printed: the plugin looks at a row only while printing it; a
 * row split over two pages goes on as a row of its own). Answers the first row still held.
 */
function releaseDrawnRows(body: { cells: unknown }[], from: number, to: number): number {
  for (let i = from; i <= to && i < body.length; i++) body[i].cells = {};
  return Math.max(from, to + 1);
}

/**
 * jsPDF keeps a page as the list of its drawing operators, one string each, and writes them joined by line
 * breaks. Joined early, a finished page is one string instead of thousands: the same bytes in the file, and no
 * hundreds of thousands of small strings for the garbage collector to go over again and again.
 */
function compactPage(doc: jsPDF, page: number): void {
  const operators = (doc.internal as unknown as { pages: string[][] }).pages[page];
  if (!operators || operators.length < 2) return;
  const joined = operators.join("\n");
  operators.length = 0;
  operators.push(joined);
}
