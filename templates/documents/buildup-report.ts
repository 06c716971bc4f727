import { jsPDF } from "jspdf";
import { autoTable } from "jspdf-autotable";
import { manilaDate, manilaTimestamp } from "../../api/shared/dates.ts";
import { formatAmount, sumAmounts } from "../../api/shared/money.ts";
import type { VoyageCargoLine, VoyageReport } from "../exports/voyage-reports.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { pdfFileName } from "./sales-quotation.ts";
import { drawCopyWatermark } from "./watermark.ts";

/**
 * The build-up report (001 §9 printable documents): every waybill of a voyage, destination by destination in
 * calling order, with what it carries and its van, on A4 landscape. Each destination closes with its count,
 * TEU and tons, the report with the voyage's. Built from one plain value, in a document worker or in process.
 */

export interface BuildupReportDocument extends VoyageReport {
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "VOY-MNL-2026-000001" gives "Buildup-VOY-MNL-2026-000001.pdf". */
export const BUILDUP_REPORT_NAME = (voyageNum: string): string => pdfFileName(`Buildup-${voyageNum}`);

const MARGIN = 12;
/** 001 §9: on a landscape page, new content moves to the next page near 195 mm. */
const LANDSCAPE_CONTENT_LIMIT = 195;
const HEADER_BOTTOM = 24;

type Doc = jsPDF & { lastAutoTable?: { finalY?: number } };

/** Weights to three decimals as people read them: "12.500" stays, "1250" gets its thousands comma. */
function tons(value: string): string {
  const [whole, fraction = ""] = (value || "0").split(".");
  return `${Number(whole).toLocaleString("en-US")}.${fraction.padEnd(3, "0").slice(0, 3)}`;
}

function thousandths(text: string): bigint {
  const [whole, fraction = ""] = (text.trim() || "0").split(".");
  return BigInt(whole || "0") * 1000n + BigInt(fraction.padEnd(3, "0").slice(0, 3));
}

function tonsOf(lines: VoyageCargoLine[]): string {
  const digits = lines.reduce((s, l) => s + thousandths(l.cargoWeight), 0n).toString().padStart(4, "0");
  return tons(`${digits.slice(0, -3)}.${digits.slice(-3)}`);
}

const HEAD = ["No.", "Waybill", "Booking", "Shipper", "Consignee", "Type", "Van No.", "Size", "Seal No.", "Goods", "Qty", "TEU", "Tons", "Mode", "Pay", "Status"];

function summary(lines: VoyageCargoLine[]): string {
  const teu = lines.reduce((s, l) => s + l.quantiyTeu, 0);
  return `${lines.length} waybill${lines.length === 1 ? "" : "s"}, ${teu} TEU, ${tonsOf(lines)} tons`;
}

export function buildBuildupReportPdf(report: BuildupReportDocument): Uint8Array {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" }) as Doc;
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const h = report.header;
  doc.setProperties({ title: `Build-up report ${h.voyageNum}`, creator: COMPANY_NAME });

  // The voyage, once, under the page heading of the first page.
  let y = HEADER_BOTTOM + 6;
  doc.setFont("helvetica", "normal");
  doc.setFontSize(10);
  doc.setTextColor(20);
  const facts: [string, string][] = [
    ["Voyage", `${h.voyageNum} (${h.voyageRef})`],
    ["Vessel", h.vessel],
    ["Route", `${h.routes}: ${h.origin} to ${h.destinations.map((d) => d.branchName).join(", ")}`],
    ["ETD", manilaDate(h.estimatedTimeDeparture)],
    ["Final tally", h.finalTally ? manilaTimestamp(h.finalTally) : "not made yet"],
    ["Remarks", h.remarks || "-"],
  ];
  const half = Math.ceil(facts.length / 2);
  facts.forEach(([label, value], i) => {
    const x = i < half ? MARGIN : width / 2;
    const row = y + (i % half) * 5.5;
    doc.setFont("helvetica", "bold");
    doc.text(`${label}:`, x, row);
    doc.setFont("helvetica", "normal");
    doc.text(value, x + 24, row, { maxWidth: width / 2 - 40 });
  });
  y += half * 5.5 + 2;

  const calls = h.destinations.map((d) => ({ ...d, lines: report.lines.filter((l) => l.destinationBranchCode === d.branchCode) }));
  const elsewhere = report.lines.filter((l) => !h.destinations.some((d) => d.branchCode === l.destinationBranchCode));
  if (elsewhere.length) calls.push({ branchCode: "", branchName: "Other destinations", estimatedTimeArrival: "", lines: elsewhere });

  for (const call of calls) {
    if (y + 22 > LANDSCAPE_CONTENT_LIMIT) {
      doc.addPage();
      y = HEADER_BOTTOM + 6;
    }
    doc.setFont("helvetica", "bold");
    doc.setFontSize(11);
    doc.setTextColor(20);
    const eta = call.estimatedTimeArrival ? `, ETA ${manilaDate(call.estimatedTimeArrival)}` : "";
    doc.text(`To ${call.branchName}${call.branchCode ? ` (${call.branchCode})` : ""}${eta}`, MARGIN, y + 2);
    autoTable(doc, {
      head: [HEAD],
      body: call.lines.length
        ? call.lines.map((l, i) => [
          String(i + 1), l.wayBillRef, l.bookingRef, l.shipper, l.consignee, l.cargoType,
          l.tandemVanNumber ? `${l.vanNumber} / ${l.tandemVanNumber}` : l.vanNumber, l.size, l.sealNum, l.goods,
          String(l.quantity), String(l.quantiyTeu), tons(l.cargoWeight), l.modeOfDelivery, l.modeOfPayment, l.waybillStatus,
        ])
        : [[{ content: "No waybill for this destination.", colSpan: HEAD.length }]],
      foot: [[{ content: summary(call.lines), colSpan: HEAD.length }]],
      startY: y + 5,
      margin: { top: HEADER_BOTTOM + 4, left: MARGIN, right: MARGIN, bottom: height - LANDSCAPE_CONTENT_LIMIT },
      showHead: "everyPage",
      showFoot: "lastPage",
      // Black on white, ruled: the report goes to the pier's printers, and a COPY across it stays readable.
      theme: "grid",
      styles: { font: "helvetica", fontSize: 7.5, cellPadding: 1.2, overflow: "linebreak", textColor: 20, lineColor: 120, lineWidth: 0.15 },
      headStyles: { fillColor: 255, textColor: 20, fontStyle: "bold", lineWidth: { top: 0.15, bottom: 0.5, left: 0.15, right: 0.15 } },
      footStyles: { fillColor: 255, textColor: 20, fontStyle: "bold" },
      columnStyles: { 0: { halign: "right" }, 10: { halign: "right" }, 11: { halign: "right" }, 12: { halign: "right" } },
    });
    y = (doc.lastAutoTable?.finalY ?? y) + 8;
  }
  // The total's line sits on its baseline: it fits as long as that is within the page's content.
  if (y > LANDSCAPE_CONTENT_LIMIT) {
    doc.addPage();
    y = HEADER_BOTTOM + 6;
  }
  doc.setFont("helvetica", "bold");
  doc.setFontSize(10);
  doc.text(`Voyage total: ${summary(report.lines)}; declared value ${formatAmount(sumAmounts(report.lines.map((l) => l.declaredValue || "0")))}`, MARGIN, y);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont("helvetica", "bold");
    doc.setFontSize(14);
    doc.setTextColor(20);
    doc.text(COMPANY_NAME, MARGIN, 13);
    doc.text("BUILD-UP REPORT", width - MARGIN, 13, { align: "right" });
    doc.setFont("helvetica", "normal");
    doc.setFontSize(9);
    doc.setTextColor(60);
    doc.text(`${h.voyageNum} · ${h.vessel}`, width - MARGIN, 19, { align: "right" });
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 21, width - MARGIN, 21);
    doc.setFontSize(8);
    doc.text(`Printed ${manilaTimestamp(report.generatedAt)} (Manila time)`, MARGIN, height - 7);
    doc.text(`Page ${page} of ${pages}`, width - MARGIN, height - 7, { align: "right" });
  }
  if (report.copy) drawCopyWatermark(doc);
  return new Uint8Array(doc.output("arraybuffer"));
}
