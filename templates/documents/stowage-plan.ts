import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { formatManilaDateTime, manilaTimestamp } from "../../api/shared/dates.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { pdfFileName } from "./sales-quotation.ts";
import { drawCopyWatermark } from "./watermark.ts";

/**
 * The stowage plan of a voyage (001 §9 printable documents): A4 landscape, the grid of slots as the vessel's
 * plan draws it with the number of the van in each, then the cargo stowed at locations named in words.
 */

export interface StowageDocumentSlot {
  row: number;
  column: number;
  width: number;
  height: number;
  position: string;
  /** The van in the slot; empty for a free slot. */
  containerVanNum: string;
}

export interface StowageDocumentLocation {
  containerVanNum: string;
  wayBillRef: string;
  cargoLocation: string;
}

export interface StowagePlanDocument {
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  originBranchName: string;
  /** ISO timestamps, printed in Manila time. */
  estimatedTimeDeparture: string;
  finalTallyAt: string | null;
  planName: string;
  rows: number;
  columns: number;
  slots: StowageDocumentSlot[];
  locations: StowageDocumentLocation[];
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries COPY. */
  copy: boolean;
}

/** "MNL-CEB-2026-0042" gives "Stowage_MNL-CEB-2026-0042.pdf". */
export const STOWAGE_PLAN_NAME = (voyageNum: string): string => pdfFileName(`Stowage_${voyageNum}`);

const MARGIN = 10;
/** Where the grid starts below the heading, and the lowest it may reach before the footer. */
const GRID_TOP = 42;
const GRID_BOTTOM = 190;
/** The grid's rulers: column numbers above it, row numbers to its left. */
const RULER = 6;
/** A cell is never drawn wider or taller than this, so a small grid keeps the proportions of a bay. */
const MAX_CELL_WIDTH = 34;
const MAX_CELL_HEIGHT = 16;

function heading(doc: jsPDF, view: StowagePlanDocument, width: number): void {
  doc.setFont("helvetica", "bold");
  doc.setFontSize(14);
  doc.setTextColor(20);
  doc.text(COMPANY_NAME, MARGIN, 14);
  doc.text("STOWAGE PLAN", width - MARGIN, 14, { align: "right" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(10);
  doc.setTextColor(50);
  const voyage = view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum;
  doc.text(`Voyage: ${voyage}    Vessel: ${view.vesselName}    Origin: ${view.originBranchName}`, MARGIN, 22);
  const tally = view.finalTallyAt ? formatManilaDateTime(view.finalTallyAt) : "not final yet";
  doc.text(`ETD: ${formatManilaDateTime(view.estimatedTimeDeparture)}    Final tally: ${tally}    Plan: ${view.planName || "-"}`, MARGIN, 28);
  doc.setDrawColor(160);
  doc.setLineWidth(0.3);
  doc.line(MARGIN, 32, width - MARGIN, 32);
}

/** Where the grid sits on the page: its top-left corner and the size of one cell, in millimetres. */
export interface GridLayout {
  left: number;
  top: number;
  cellWidth: number;
  cellHeight: number;
}

/** The grid's place on an A4 landscape page: as large as fits between the heading and the footer. */
export function gridLayout(view: Pick<StowagePlanDocument, "rows" | "columns">, pageWidth = 297): GridLayout {
  const rows = Math.max(1, view.rows);
  const columns = Math.max(1, view.columns);
  return {
    left: MARGIN + RULER,
    top: GRID_TOP + RULER,
    cellWidth: Math.min(MAX_CELL_WIDTH, (pageWidth - 2 * MARGIN - RULER) / columns),
    cellHeight: Math.min(MAX_CELL_HEIGHT, (GRID_BOTTOM - GRID_TOP - RULER) / rows),
  };
}

/** The box a slot is drawn in, in millimetres from the page's top-left corner. */
export function slotBox(layout: GridLayout, slot: Pick<StowageDocumentSlot, "row" | "column" | "width" | "height">) {
  return {
    x: layout.left + (slot.column - 1) * layout.cellWidth + 0.6,
    y: layout.top + (slot.row - 1) * layout.cellHeight + 0.6,
    width: slot.width * layout.cellWidth - 1.2,
    height: slot.height * layout.cellHeight - 1.2,
  };
}

/** The grid: each slot a box with its position in small type and its van's number in bold. */
function drawGrid(doc: jsPDF, view: StowagePlanDocument, width: number): number {
  const rows = Math.max(1, view.rows);
  const columns = Math.max(1, view.columns);
  const layout = gridLayout(view, width);
  const { left, top, cellWidth, cellHeight } = layout;

  doc.setFont("helvetica", "normal");
  doc.setFontSize(7);
  doc.setTextColor(110);
  for (let c = 1; c <= columns; c++) doc.text(String(c), left + (c - 0.5) * cellWidth, top - 1.5, { align: "center" });
  for (let r = 1; r <= rows; r++) doc.text(String(r), left - 1.5, top + (r - 0.5) * cellHeight + 1, { align: "right" });
  doc.setDrawColor(215);
  doc.setLineWidth(0.1);
  for (let r = 0; r <= rows; r++) doc.line(left, top + r * cellHeight, left + columns * cellWidth, top + r * cellHeight);
  for (let c = 0; c <= columns; c++) doc.line(left + c * cellWidth, top, left + c * cellWidth, top + rows * cellHeight);

  // Type sized to the cell: a van number (11 characters) fits a cell of a 40-foot slot or a 20-foot one.
  const vanSize = Math.max(5, Math.min(10, cellHeight * 1.1, (cellWidth * 2.6) / 11 * 1.1));
  const positionSize = Math.max(4.5, Math.min(7, vanSize * 0.75));
  for (const slot of view.slots) {
    const { x, y, width: w, height: h } = slotBox(layout, slot);
    const full = slot.containerVanNum !== "";
    doc.setDrawColor(full ? 30 : 150);
    doc.setLineWidth(full ? 0.4 : 0.2);
    if (full) doc.setFillColor(232, 240, 252);
    doc.rect(x, y, w, h, full ? "FD" : "S");
    doc.setFont("helvetica", "normal");
    doc.setFontSize(positionSize);
    doc.setTextColor(90);
    doc.text(slot.position, x + w / 2, y + positionSize * 0.3528 + 0.6, { align: "center" });
    if (full) {
      doc.setFont("helvetica", "bold");
      doc.setFontSize(vanSize);
      doc.setTextColor(10);
      doc.text(slot.containerVanNum, x + w / 2, y + h / 2 + (vanSize * 0.3528) / 2 + 1, { align: "center", maxWidth: w });
    }
  }
  return top + rows * cellHeight;
}

/** Builds the stowage plan of one voyage; answers the bytes of a PDF file. */
export function buildStowagePlanPdf(view: StowagePlanDocument): Uint8Array {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  doc.setProperties({ title: `Stowage Plan ${view.voyageNum}`, subject: "Stowage plan", creator: COMPANY_NAME });

  heading(doc, view, width);
  const placed = view.slots.filter((s) => s.containerVanNum !== "").length;
  doc.setFont("helvetica", "normal");
  doc.setFontSize(9);
  doc.setTextColor(60);
  doc.text(`${placed} of ${view.slots.length} slots hold a van.`, MARGIN, GRID_TOP - 2);
  const gridEnd = drawGrid(doc, view, width);

  // The cargo locations follow the grid, on the same page when they fit.
  let startY = gridEnd + 10;
  if (startY > height - 40) {
    doc.addPage();
    heading(doc, view, width);
    startY = GRID_TOP;
  }
  doc.setFont("helvetica", "bold");
  doc.setFontSize(11);
  doc.setTextColor(20);
  doc.text("Cargo locations", MARGIN, startY);
  if (view.locations.length === 0) {
    doc.setFont("helvetica", "italic");
    doc.setFontSize(9);
    doc.setTextColor(90);
    doc.text("No cargo is stowed outside the slots.", MARGIN, startY + 6);
  } else {
    autoTable(doc, {
      head: [["No.", "Van", "Waybill", "Location"]],
      body: view.locations.map((l, i) => [String(i + 1), l.containerVanNum || "-", l.wayBillRef || "-", l.cargoLocation]),
      startY: startY + 3,
      margin: { top: 38, left: MARGIN, right: MARGIN, bottom: 16 },
      theme: "grid",
      styles: { font: "helvetica", fontSize: 9, cellPadding: 1.5 },
      headStyles: { fillColor: [32, 64, 96], textColor: 255 },
      columnStyles: { 0: { cellWidth: 12 }, 1: { cellWidth: 40 }, 2: { cellWidth: 50 } },
      didDrawPage: (data) => {
        if (data.pageNumber > 1) heading(doc, view, width);
      },
    });
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont("helvetica", "normal");
    doc.setFontSize(8);
    doc.setTextColor(90);
    doc.text(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, MARGIN, height - 7);
    doc.text(`Page ${page} of ${pages}`, width / 2, height - 7, { align: "center" });
    doc.text(view.voyageNum, width - MARGIN, height - 7, { align: "right" });
  }
  if (view.copy) drawCopyWatermark(doc);
  return new Uint8Array(doc.output("arraybuffer"));
}
