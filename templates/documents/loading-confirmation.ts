import { jsPDF } from "jspdf";
import { formatManilaDateTime, manilaTimestamp } from "../../api/shared/dates.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { drawLogo } from "./logo.ts";
import { pdfFileName } from "./sales-quotation.ts";
import { drawCopyWatermark } from "./watermark.ts";

/**
 * The loading confirmation a shipper receives once its cargo is counted onto the vessel (001 §9): A4
 * landscape, and it opens straight into the print dialog. The layout is the one 001 §9 gives, to the
 * millimetre: the coordinates below are its figures.
 */

export interface LoadingConfirmationLine {
  bookingRef: string;
  wayBillRef: string;
  /** How much and what: "1 x 20' van" and the goods with their packing. */
  cargo: string;
  goods: string;
  sealNum: string;
  containerVanNum: string;
  /** DTD, PTD, PTP or DTP, printed with its name. */
  modeOfDelivery: string;
  /** P, C, AO or AD, printed with its name. */
  modeOfPayment: string;
  destination: string;
  /** ISO timestamp of the vessel's arrival at the destination, printed in Manila time; null when not scheduled. */
  eta: string | null;
  remarks: string;
  consignee: string;
  consigneeEmail: string;
}

export interface LoadingConfirmationDocument {
  transactionRef: string;
  /** The voyage's number, and its reference for the trip as printed on documents. */
  voyageNum: string;
  voyageRef: string;
  vessel: string;
  /** ISO timestamp, printed in Manila time. */
  etd: string;
  origin: string;
  shipper: string;
  lines: LoadingConfirmationLine[];
  generatedAt: Date;
  /** Printed by staff who are not DAT: every page carries COPY. The shipper's own copy never does. */
  copy: boolean;
}

/** "LC-MNL-2026-000001" gives "LC-MNL-2026-000001.pdf". */
export const LOADING_CONFIRMATION_NAME = (transactionRef: string): string => pdfFileName(transactionRef);

// 001 §9, loading confirmation: the page, the logo, the columns, the row's rule and where a page ends.
export const PAGE_CENTRE_X = 297 / 2;
export const LOGO = { x: 210, y: 8, width: 55, height: 25 } as const;
export const NO_X = 10;
export const CUSTOMER_X = 20;
export const DETAIL_X = [100, 150, 200] as const;
export const RULE_END_X = 270;
/** A row that would reach below this starts a new page, with the header and the column titles again. */
export const PAGE_BREAK_Y = 195;

const COMPANY_Y = 15;
const TITLE_Y = 23;
const HEADER_FIELDS_Y = 33;
const HEADER_LINE_GAP = 6;
const COLUMN_TITLES_Y = 62;
const FIRST_ROW_Y = 70;
const LINE = 4.2;
const ROW_GAP = 3;
const DETAIL_WIDTH = [48, 48, RULE_END_X - DETAIL_X[2]] as const;
const CUSTOMER_WIDTH = DETAIL_X[0] - CUSTOMER_X - 4;

const SERVICE_MODES: Record<string, string> = { DTD: "Door to door", PTD: "Pier to door", PTP: "Pier to pier", DTP: "Door to pier" };
const PAYMENT_MODES: Record<string, string> = { P: "Prepaid", C: "Collect", AO: "Account origin", AD: "Account destination" };
const named = (code: string, names: Record<string, string>) => (names[code] ? `${code} ${names[code]}` : code);

function header(doc: jsPDF, view: LoadingConfirmationDocument): void {
  doc.setTextColor(20);
  doc.setFont("helvetica", "bold");
  doc.setFontSize(16);
  doc.text(COMPANY_NAME, PAGE_CENTRE_X, COMPANY_Y, { align: "center" });
  doc.setFontSize(13);
  doc.text("LOADING CONFIRMATION", PAGE_CENTRE_X, TITLE_Y, { align: "center" });
  drawLogo(doc, LOGO.x, LOGO.y, LOGO.width, LOGO.height);
  const voyage = view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum;
  const fields: [string, string][] = [
    ["Voyage Sequence", voyage],
    ["Vessel", view.vessel],
    ["ETD", formatManilaDateTime(view.etd)],
    ["Transaction Ref", view.transactionRef],
  ];
  doc.setFontSize(10);
  fields.forEach(([label, value], i) => {
    const y = HEADER_FIELDS_Y + i * HEADER_LINE_GAP;
    doc.setFont("helvetica", "bold");
    doc.text(`${label}:`, CUSTOMER_X, y);
    doc.setFont("helvetica", "normal");
    doc.text(value || "-", CUSTOMER_X + 32, y);
  });
}

function columnTitles(doc: jsPDF): void {
  doc.setFont("helvetica", "bold");
  doc.setFontSize(10);
  doc.setTextColor(20);
  doc.text("No.", NO_X, COLUMN_TITLES_Y);
  doc.text("Customer", CUSTOMER_X, COLUMN_TITLES_Y);
  doc.text("Details", DETAIL_X[0], COLUMN_TITLES_Y);
  doc.setDrawColor(40);
  doc.setLineWidth(0.4);
  doc.line(NO_X, COLUMN_TITLES_Y + 2, RULE_END_X, COLUMN_TITLES_Y + 2);
}

/** The text of one row, column by column, each already wrapped to its width. */
function rowText(doc: jsPDF, view: LoadingConfirmationDocument, line: LoadingConfirmationLine): string[][] {
  const wrap = (text: string, width: number) => doc.splitTextToSize(text, width) as string[];
  const eta = line.eta ? formatManilaDateTime(line.eta) : "-";
  const or = (value: string) => value.trim() || "-";
  doc.setFont("helvetica", "normal");
  doc.setFontSize(8.5);
  return [
    [
      ...wrap(view.shipper, CUSTOMER_WIDTH),
      ...wrap(`Consignee: ${or(line.consignee)}`, CUSTOMER_WIDTH),
      ...(line.consigneeEmail ? wrap(line.consigneeEmail, CUSTOMER_WIDTH) : []),
    ],
    [
      ...wrap([line.cargo, line.goods].filter((p) => p.trim()).join(" ") || "-", DETAIL_WIDTH[0]),
      ...wrap(`Booking Ref: ${line.bookingRef}`, DETAIL_WIDTH[0]),
      ...wrap(`Waybill: ${or(line.wayBillRef)}`, DETAIL_WIDTH[0]),
    ],
    [
      ...wrap(`Seal #: ${or(line.sealNum)}`, DETAIL_WIDTH[1]),
      ...wrap(`Van #: ${or(line.containerVanNum)}`, DETAIL_WIDTH[1]),
      ...wrap(`Service Mode: ${named(line.modeOfDelivery, SERVICE_MODES)}`, DETAIL_WIDTH[1]),
      ...wrap(`Mode of Payment: ${named(line.modeOfPayment, PAYMENT_MODES)}`, DETAIL_WIDTH[1]),
    ],
    [
      ...wrap(`Destination: ${or(line.destination)}`, DETAIL_WIDTH[2]),
      ...wrap(`ETA: ${eta}`, DETAIL_WIDTH[2]),
      ...wrap(`Remarks: ${or(line.remarks)}`, DETAIL_WIDTH[2]),
    ],
  ];
}

/** Builds the loading confirmation of one shipper on one voyage; answers the bytes of a PDF file. */
export function buildLoadingConfirmationPdf(view: LoadingConfirmationDocument): Uint8Array {
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4" });
  const height = doc.internal.pageSize.getHeight();
  doc.setProperties({ title: `Loading Confirmation ${view.transactionRef}`, subject: "Loading confirmation", creator: COMPANY_NAME });

  header(doc, view);
  columnTitles(doc);
  let y = FIRST_ROW_Y;
  view.lines.forEach((line, index) => {
    const columns = rowText(doc, view, line);
    const rowHeight = Math.max(...columns.map((c) => c.length)) * LINE;
    if (y + rowHeight > PAGE_BREAK_Y) {
      doc.addPage();
      header(doc, view);
      columnTitles(doc);
      y = FIRST_ROW_Y;
    }
    doc.setTextColor(20);
    doc.setFont("helvetica", "bold");
    doc.setFontSize(8.5);
    doc.text(String(index + 1), NO_X, y);
    const xs = [CUSTOMER_X, ...DETAIL_X];
    columns.forEach((texts, c) => {
      texts.forEach((text, i) => {
        // The shipper's name leads the customer column in bold; the rest is plain.
        doc.setFont("helvetica", c === 0 && i === 0 ? "bold" : "normal");
        doc.text(text, xs[c], y + i * LINE);
      });
    });
    const ruleY = y + rowHeight - LINE + 1.8;
    doc.setDrawColor(120);
    doc.setLineWidth(0.2);
    doc.line(NO_X, ruleY, RULE_END_X, ruleY);
    y = ruleY + ROW_GAP + LINE;
  });
  if (view.lines.length === 0) {
    doc.setFont("helvetica", "italic");
    doc.setFontSize(9);
    doc.setTextColor(90);
    doc.text("No cargo of this shipper is loaded on this voyage.", CUSTOMER_X, FIRST_ROW_Y);
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont("helvetica", "normal");
    doc.setFontSize(8);
    doc.setTextColor(90);
    doc.text(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, NO_X, height - 7);
    doc.text(`Page ${page} of ${pages}`, PAGE_CENTRE_X, height - 7, { align: "center" });
    doc.text(view.transactionRef, RULE_END_X, height - 7, { align: "right" });
  }
  if (view.copy) drawCopyWatermark(doc);
  // It opens in the print dialog (001 §9): the file asks the viewer to print when it is opened.
  doc.autoPrint();
  return new Uint8Array(doc.output("arraybuffer"));
}
