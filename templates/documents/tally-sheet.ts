import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { pdfFileName } from "./sales-quotation.ts";

/**
 * The printed tally sheet (001 §9): the vans counted onto the vessel (or off it), with the truck that brought
 * each one and the yard it came from, on A4 landscape pages headed by the sheet and its voyage. Built from one
 * plain value, in a document worker or in process.
 */

export interface TallySheetLineView {
  containerVanNum: string;
  /** FL for a full van; anything else is an empty. */
  containerType: string;
  size: string;
  sealNum: string;
  wayBillRef: string;
  bookingRef: string;
  truckerName: string;
  plateNum: string;
  driver: string;
  cyPullOutName: string;
  /** ISO timestamp, printed in Manila time. */
  timeTallied: string;
  remarks: string;
}

export interface TallySheetDocument {
  tallySheetNum: string;
  /** "Loading" or "Unloading". */
  tallySheetType: string;
  /** "Open" or "Final". */
  status: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  branchName: string;
  destinationName: string;
  timeStarted: string | null;
  timeFinished: string | null;
  /** When the final tally was made and by whom; null while the sheet is open. */
  finalized: { at: string; by: string } | null;
  remarks: string;
  lines: TallySheetLineView[];
  printedBy: string;
  generatedAt: Date;
}

/** "TS-MNL-2026-000002" gives "TS-MNL-2026-000002.pdf". */
export const TALLY_SHEET_NAME = (tallySheetNum: string): string => pdfFileName(tallySheetNum);

const MARGIN = 12;
const HEADER_BOTTOM = 40;

/** The count by kind and length printed under the table: "2 x 20 FULL, 1 x 40 FULL, 1 x 20 EMPTY". */
export function tallySummary(lines: readonly Pick<TallySheetLineView, "containerType" | "size">[]): string {
  const groups = new Map<string, number>();
  const kinds = (l: Pick<TallySheetLineView, "containerType">) => (l.containerType === "FL" ? "FULL" : "EMPTY");
  for (const l of lines) groups.set(`${kinds(l)} ${l.size}`, (groups.get(`${kinds(l)} ${l.size}`) ?? 0) + 1);
  const order = (key: string) => (key.startsWith("FULL") ? 0 : 1) * 1000 + Number(key.split(" ")[1] ?? 0);
  return [...groups.entries()].sort((a, b) => order(a[0]) - order(b[0]))
    .map(([key, n]) => `${n} x ${key.split(" ")[1]} ${key.split(" ")[0]}`).join(", ");
}

const when = (value: string | null) => (value ? manilaTimestamp(value) : "-");

export function buildTallySheetPdf(view: TallySheetDocument): Uint8Array {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  doc.setProperties({ title: `Tally Sheet ${view.tallySheetNum}`, subject: `${view.tallySheetType} Tally Sheet`, creator: COMPANY_NAME });

  const heading = () => {
    doc.setTextColor(20);
    doc.setFont("helvetica", "bold");
    doc.setFontSize(14);
    doc.text(COMPANY_NAME, MARGIN, 13);
    doc.setFontSize(16);
    doc.text(`${view.tallySheetType.toUpperCase()} TALLY SHEET`, width / 2, 13, { align: "center" });
    doc.setFontSize(11);
    doc.text(view.tallySheetNum, width - MARGIN, 13, { align: "right" });
    doc.setFontSize(9);
    doc.setFont("helvetica", "normal");
    const left = [
      `Voyage: ${view.voyageRef} (${view.voyageNum})`,
      `Vessel: ${view.vesselName}`,
      `Tallied at: ${view.branchName}   Destination: ${view.destinationName}`,
    ];
    const right = [
      `Time started: ${when(view.timeStarted)}   Time finished: ${when(view.timeFinished)}`,
      view.finalized ? `FINAL TALLY: ${manilaTimestamp(view.finalized.at)} by ${view.finalized.by}` : "Status: Open (not final)",
      `Printed by ${view.printedBy}, ${manilaTimestamp(view.generatedAt)}`,
    ];
    left.forEach((line, i) => doc.text(line, MARGIN, 21 + i * 5));
    right.forEach((line, i) => doc.text(line, width - MARGIN, 21 + i * 5, { align: "right" }));
    doc.setDrawColor(120);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, HEADER_BOTTOM - 4, width - MARGIN, HEADER_BOTTOM - 4);
  };

  autoTable(doc, {
    head: [["No.", "Van No.", "Type", "Size", "Seal No.", "Waybill", "Booking", "Trucker", "Plate No.", "Driver", "CY Pull-out", "Time Tallied", "Remarks"]],
    body: view.lines.map((l, i) => [
      String(i + 1), l.containerVanNum, l.containerType, l.size, l.sealNum, l.wayBillRef, l.bookingRef, l.truckerName, l.plateNum, l.driver,
      l.cyPullOutName, manilaTimestamp(l.timeTallied), l.remarks,
    ]),
    startY: HEADER_BOTTOM,
    margin: { top: HEADER_BOTTOM, left: MARGIN, right: MARGIN, bottom: MARGIN + 6 },
    showHead: "everyPage",
    theme: "grid",
    styles: { font: "helvetica", fontSize: 7.5, cellPadding: 1.2, overflow: "linebreak", textColor: 20 },
    headStyles: { fillColor: [32, 64, 96], textColor: 255, fontStyle: "bold" },
    columnStyles: { 0: { halign: "right" } },
    didDrawPage: heading,
  });

  const finalY = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? HEADER_BOTTOM;
  let y = finalY + 7;
  const closing = [
    view.lines.length === 0 ? "No van is counted on this sheet." : `Counted: ${view.lines.length} van${view.lines.length === 1 ? "" : "s"} (${tallySummary(view.lines)})`,
    ...(view.remarks ? [`Remarks: ${view.remarks}`] : []),
  ];
  if (y + closing.length * 5 + 14 > height - MARGIN) {
    doc.addPage();
    heading();
    y = HEADER_BOTTOM + 4;
  }
  doc.setFont("helvetica", "bold");
  doc.setFontSize(9);
  doc.setTextColor(20);
  closing.forEach((line, i) => doc.text(line, MARGIN, y + i * 5));
  // Where the checker and the vessel's officer sign the count.
  const signY = y + closing.length * 5 + 12;
  doc.setFont("helvetica", "normal");
  doc.setDrawColor(60);
  for (const [x, label] of [[MARGIN, "Tally clerk"], [width / 2 - 35, "Checked by"], [width - MARGIN - 70, "Vessel officer"]] as const) {
    doc.line(x, signY, x + 70, signY);
    doc.text(label, x, signY + 4);
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont("helvetica", "normal");
    doc.setFontSize(8);
    doc.setTextColor(90);
    doc.text(`Page ${page} of ${pages}`, width / 2, height - MARGIN / 2, { align: "center" });
  }
  return new Uint8Array(doc.output("arraybuffer"));
}
