import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { pdfFileName } from "./sales-quotation.ts";

/**
 * The printed load list and unload list (001 §9): the waybills a voyage takes from its origin (load) or discharges
 * at one port of call (unload), one release or every release that stands, on A4 landscape pages with the voyage
 * heading every page. One builder for both directions: the inbound unload list prints with `list: "unload"`.
 * Built from one plain value, in a document worker or in process.
 */

/** One waybill on the list, as printed. */
export interface LoadListLine {
  wayBillRef: string;
  bookingRef: string;
  releaseId: string;
  shipperName: string;
  consigneeName: string;
  destination: string;
  containerVanNum: string;
  /** "20", "40" or "45" (feet). */
  size: string;
  sealNum: string;
  goods: string;
  quantity: number;
  quantityTeu: number;
  /** Tons, decimal text ("12.500"). */
  cargoWeight: string;
  /** DTD, PTD, PTP or DTP. */
  modeOfDelivery: string;
  /** P, C, AO or AD. */
  modeOfPayment: string;
  status: string;
}

export interface LoadListDocument {
  /** Which list: the origin's load list (the default) or a port of call's unload list. */
  list?: "load" | "unload";
  /** An unload list's port of call, by name. */
  port?: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  routeCode: string;
  originName: string;
  /** The ports of call in calling order, by name. */
  destinations: string[];
  /** ISO timestamp, printed in Manila time. */
  estimatedTimeDeparture: string;
  /** The release printed, with its type; null for the voyage's whole list. */
  release: { releaseId: string; releaseType: string } | null;
  lines: LoadListLine[];
  printedBy: string;
  generatedAt: Date;
}

/** The list's name as printed: "Load List" or "Unload List". */
const listName = (view: Pick<LoadListDocument, "list">) => (view.list === "unload" ? "Unload List" : "Load List");

/**
 * "RL-MNL-2026-000003" gives "Load_List_RL-MNL-2026-000003.pdf", "UL-CEB-2026-000001" "Unload_List_UL-CEB-2026-000001.pdf";
 * a voyage's whole list is named after the voyage.
 */
export const LOAD_LIST_PDF_NAME = (view: Pick<LoadListDocument, "voyageNum" | "release" | "list">): string =>
  pdfFileName(`${listName(view).replace(" ", "_")}_${view.release?.releaseId ?? view.voyageNum}`);

const MARGIN = 12;
const HEADER_BOTTOM = 38;

/** Tons as read: "12.500" is 12.5, "1,250" keeps its thousands. */
export function tons(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return n.toLocaleString("en-US", { maximumFractionDigits: 3 });
}

/** The sums printed under the table. */
export function loadListTotals(lines: readonly LoadListLine[]): { waybills: number; teu: number; tons: string } {
  // Thousandths of a ton, summed as integers so 0.1 + 0.2 stays 0.3.
  const thousandths = lines.reduce((sum, l) => sum + Math.round(Number(l.cargoWeight) * 1000), 0);
  return { waybills: lines.length, teu: lines.reduce((sum, l) => sum + l.quantityTeu, 0), tons: tons(String(thousandths / 1000)) };
}

export function buildLoadListPdf(view: LoadListDocument): Uint8Array {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const name = listName(view);
  doc.setProperties({ title: `${name} ${view.release?.releaseId ?? view.voyageNum}`, subject: name, creator: COMPANY_NAME });

  const heading = () => {
    doc.setTextColor(20);
    doc.setFont("helvetica", "bold");
    doc.setFontSize(14);
    doc.text(COMPANY_NAME, MARGIN, 13);
    doc.setFontSize(16);
    doc.text(name.toUpperCase(), width / 2, 13, { align: "center" });
    doc.setFontSize(9);
    doc.setFont("helvetica", "normal");
    const left = [
      `Voyage: ${view.voyageRef} (${view.voyageNum})${view.list === "unload" ? `, discharged at ${view.port ?? ""}` : ""}`,
      `Vessel: ${view.vesselName}`,
      `Route: ${view.routeCode}, ${[view.originName, ...view.destinations].join(" to ")}`,
    ];
    const right = [
      `ETD: ${manilaTimestamp(view.estimatedTimeDeparture)}`,
      view.release ? `Release: ${view.release.releaseId} (${view.release.releaseType})` : `Releases: every release ${view.list === "unload" ? "at the port" : "of the voyage"}`,
      `Printed by ${view.printedBy}, ${manilaTimestamp(view.generatedAt)}`,
    ];
    left.forEach((line, i) => doc.text(line, MARGIN, 21 + i * 5));
    right.forEach((line, i) => doc.text(line, width - MARGIN, 21 + i * 5, { align: "right" }));
    doc.setDrawColor(120);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, HEADER_BOTTOM - 3, width - MARGIN, HEADER_BOTTOM - 3);
  };

  autoTable(doc, {
    head: [["No.", "Waybill", "Booking", "Shipper", "Consignee", "Destination", "Van No.", "Size", "Seal No.", "Goods", "Qty", "TEU", "Tons", "Mode", "Release"]],
    body: view.lines.map((l, i) => [
      String(i + 1), l.wayBillRef, l.bookingRef, l.shipperName, l.consigneeName, l.destination, l.containerVanNum, l.size, l.sealNum, l.goods,
      l.quantity.toLocaleString("en-US"), String(l.quantityTeu), tons(l.cargoWeight), `${l.modeOfDelivery} / ${l.modeOfPayment}`, l.releaseId,
    ]),
    startY: HEADER_BOTTOM,
    margin: { top: HEADER_BOTTOM, left: MARGIN, right: MARGIN, bottom: MARGIN + 6 },
    showHead: "everyPage",
    theme: "grid",
    styles: { font: "helvetica", fontSize: 7.5, cellPadding: 1.2, overflow: "linebreak", textColor: 20 },
    headStyles: { fillColor: [32, 64, 96], textColor: 255, fontStyle: "bold" },
    // The references, the van, the seal and the modes keep to one line; names, places and goods share the rest.
    columnStyles: {
      0: { halign: "right", cellWidth: 7 }, 1: { cellWidth: 30 }, 2: { cellWidth: 30 }, 6: { cellWidth: 21 }, 7: { cellWidth: 8 }, 8: { cellWidth: 20 },
      10: { halign: "right", cellWidth: 11 }, 11: { halign: "right", cellWidth: 8 }, 12: { halign: "right", cellWidth: 12 }, 13: { cellWidth: 14 }, 14: { cellWidth: 30 },
    },
    didDrawPage: heading,
  });

  const totals = loadListTotals(view.lines);
  const finalY = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? HEADER_BOTTOM;
  let y = finalY + 7;
  if (y > height - MARGIN - 8) {
    doc.addPage();
    heading();
    y = HEADER_BOTTOM + 4;
  }
  doc.setFont("helvetica", "bold");
  doc.setFontSize(9);
  doc.setTextColor(20);
  doc.text(
    view.lines.length === 0
      ? `No waybill is on this ${name.toLowerCase()}.`
      : `Total: ${totals.waybills} waybill${totals.waybills === 1 ? "" : "s"}, ${totals.teu} TEU, ${totals.tons} tons`,
    MARGIN,
    y,
  );

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
