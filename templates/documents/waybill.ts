import { jsPDF } from "jspdf";
import { deliveryModeText, documentDate, formatWeight, paymentModeText } from "./cargo-booking-slip.ts";
import { signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { formatQuantity, MARGIN, PageFlow, pdfFileName } from "./sales-quotation.ts";
import { drawCopyWatermark } from "./watermark.ts";
import type { ChargePart } from "../../api/shared/reference-lists.ts";
import { formatAmount } from "../../api/shared/money.ts";

/**
 * The waybill (001 §3 Waybill), the line's contract of carriage, and the trucker's waybill that travels with the
 * van. Built from one plain value each, in a document worker or in process.
 */

/** One charge line as printed: grouped by its part, billed by the side `availableTo` names. */
export interface WaybillChargeLine {
  chargeCode: string;
  /** FREIGHT, PORT_ORIGIN, PORT_DESTINATION, TRUCKING_ORIGIN, TRUCKING_DESTINATION, or OTHER. */
  part: string;
  /** What the line is for, as printed: "Freight, per TEU, 1 x 18,500.00". */
  particulars: string;
  /** Decimal text, VAT included ("18500.00"). */
  chargeValue: string;
  /** The payment side that bills it: "Prepaid", "Collect", "Account Origin" or "Account Destination". */
  availableTo: string;
}

/** A company policy line of the quotation the waybill was priced at (free days, insurance rate...). */
export interface WaybillTermLine {
  policyCode: string;
  policyName: string;
  value: string;
}

export interface WaybillDocument {
  wayBillRef: string;
  bookingRef: string;
  /** Draft while the waybill is not on a load list. */
  waybillStatus: string;
  datePrepared: string;
  placeIssuedAddress: string;
  originBranchName: string;
  destinationBranchName: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  shipperName: string;
  shipperAddress: string;
  consigneeName: string;
  consigneeAddress: string;
  goods: string;
  packaging: string;
  quantity: number;
  quantityTeu: number;
  /** Tons, decimal text. */
  cargoWeight: string;
  /** Cubic metres, decimal text. */
  cargoVolume: string;
  declaredValue: string;
  containerVanNum: string;
  /** A tandem's second booking and its 20' van on the same trailer; "" on a waybill of one van. */
  tandemBookingRef: string;
  tandemContainerVanNum: string;
  sealNum: string;
  size: string;
  /** DTD, PTD, PTP or DTP, printed with its name. */
  modeOfDelivery: string;
  /** P, C, AO or AD, printed with its name. */
  modeOfPayment: string;
  isSplitCharge: boolean;
  isTandem: boolean;
  isDangerousCargo: boolean;
  /** Of dangerous cargo: its IMDG class ("2.1") and four-digit UN number ("1075"). */
  imdgClass: string;
  unNumber: string;
  truckerName: string;
  plateNum: string;
  driver: string;
  /** The remarks by delivery mode (001 §9), with Backload and Tandem appended. */
  remarks: string;
  charges: WaybillChargeLine[];
  /** Totals by payment side, decimal text. */
  totals: { prepaid: string; collect: string; accountOrigin: string; accountDestination: string; total: string };
  /** VAT worked out once for the whole waybill from its VATable lines (domain notes §7). */
  vat: { vatableInclusive: string; vatableNet: string; vat: string; exempt: string };
  insurancePremium: string;
  terms: WaybillTermLine[];
  preparedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** The trucker's waybill comes in two paper layouts (001 §9 Truckers Waybill). */
export type TruckerWaybillLayout = "legal" | "letter";

/** "WB-MNL-2026-000001" gives "WB-MNL-2026-000001.pdf". */
export const WAYBILL_NAME = (wayBillRef: string): string => pdfFileName(wayBillRef);
/** "WB-MNL-2026-000001" gives "WB-MNL-2026-000001-trucker.pdf", apart from the waybill itself. */
export const TRUCKER_WAYBILL_NAME = (wayBillRef: string): string => pdfFileName(`${wayBillRef}-trucker`);

// The part names are kept here rather than imported (templates load no code of the API); the Record over the
// reference list's parts makes a new part fail the type check until it has its name and place on the waybill.
// The order is the order the parts are printed in.
const PART_NAMES: Record<ChargePart | "OTHER", string> = {
  FREIGHT: "Freight",
  PORT_ORIGIN: "Port charges at origin",
  PORT_DESTINATION: "Port charges at destination",
  TRUCKING_ORIGIN: "Trucking at origin",
  TRUCKING_DESTINATION: "Trucking at destination",
  OTHER: "Other charges",
};
const PART_ORDER = Object.keys(PART_NAMES);

/** A part the list does not know ("STORAGE_FEE") still reads as words: "Storage fee". */
function partName(part: string): string {
  const key = part.trim().toUpperCase();
  if (key in PART_NAMES) return PART_NAMES[key as keyof typeof PART_NAMES];
  const words = key.replace(/_+/g, " ").toLowerCase();
  return words === "" ? PART_NAMES.OTHER : words.charAt(0).toUpperCase() + words.slice(1);
}

/** The charge lines by part, the known parts in their order and any other after them; a part keeps its lines' order. */
function chargeGroups(charges: WaybillChargeLine[]): [part: string, lines: WaybillChargeLine[]][] {
  const groups = new Map<string, WaybillChargeLine[]>();
  for (const line of charges) {
    const key = line.part.trim().toUpperCase() || "OTHER";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(line);
  }
  const rank = (key: string) => (PART_ORDER.includes(key) ? PART_ORDER.indexOf(key) : PART_ORDER.length);
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** The waybill's flags that are set, in words. */
function cargoFlags(view: WaybillDocument): string {
  const flags = [
    view.isSplitCharge ? "Split charge" : "",
    view.isTandem ? "Tandem" : "",
    view.isDangerousCargo ? "Dangerous cargo" : "",
  ].filter((f) => f !== "");
  return flags.length === 0 ? "-" : flags.join(", ");
}

/** "40" as "40 ft"; a size given in words stays as it is. */
const vanSize = (size: string) => (/^\d+$/.test(size.trim()) ? `${size.trim()} ft` : size.trim());
const voyageText = (view: WaybillDocument) => (view.voyageRef.trim() ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum);
const orDash = (value: string) => (value.trim() === "" ? "-" : value);
/** What dangerous cargo is, as the IMDG Code names it: "IMDG class 3, UN 1203". */
const dangerousText = (view: WaybillDocument) => `IMDG class ${orDash(view.imdgClass)}, UN ${orDash(view.unNumber)}`;

/**
 * A titled column of amounts: the label at the left, the figure right-aligned at the column's end; the last
 * row (a total) set in bold over a rule when `total` is set. Answers the y below it.
 */
function amountColumn(flow: PageFlow, x: number, y: number, width: number, title: string, rows: [string, string][], total: boolean): number {
  const { doc } = flow;
  flow.font("bold", 10);
  doc.text(title, x, y);
  y += 5.5;
  rows.forEach(([label, amount], i) => {
    const last = total && i === rows.length - 1;
    if (last) {
      doc.setDrawColor(120);
      doc.setLineWidth(0.3);
      doc.line(x, y - 3.8, x + width, y - 3.8);
    }
    flow.font(last ? "bold" : "normal", 10);
    doc.text(label, x, y);
    doc.text(formatAmount(amount), x + width, y, { align: "right" });
    y += 5.2;
  });
  return y;
}

/** Builds the waybill of one shipment, A4 portrait; answers the bytes of a PDF file. */
export function buildWaybillPdf(view: WaybillDocument): Uint8Array {
  const { flow, finish } = startDocument({ title: "Waybill", subject: "Waybill", reference: view.wayBillRef, generatedAt: view.generatedAt, copy: view.copy });
  const { doc } = flow;

  const half = flow.contentWidth / 2;
  const pair = (left: [string, string][], right: [string, string][], labelWidth = 32) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["Waybill No.", view.wayBillRef],
    ["Status", view.waybillStatus],
    ["Date prepared", documentDate(view.datePrepared)],
    ["Place issued", view.placeIssuedAddress],
  ], [
    ["Booking Ref", view.bookingRef],
    ...(view.tandemBookingRef ? [["Tandem booking", view.tandemBookingRef] as [string, string]] : []),
    ["Voyage", voyageText(view)],
    ["Vessel", view.vesselName],
    ["Origin", view.originBranchName],
    ["Destination", view.destinationBranchName],
  ]);

  flow.heading("Parties");
  pair([
    ["Shipper", view.shipperName],
    ["Address", view.shipperAddress],
  ], [
    ["Consignee", view.consigneeName],
    ["Address", view.consigneeAddress],
  ]);

  flow.heading("Cargo");
  pair([
    ["Goods", view.goods],
    ["Packaging", view.packaging],
    ["Quantity", formatQuantity(String(view.quantity))],
    ["TEU", formatQuantity(String(view.quantityTeu))],
    ["Weight (tons)", formatWeight(view.cargoWeight)],
    ["Volume (cu. m)", formatWeight(view.cargoVolume)],
    ["Declared value", `PHP ${formatAmount(view.declaredValue)}`],
    ...(view.isDangerousCargo ? [["IMDG class", orDash(view.imdgClass)], ["UN No.", view.unNumber ? `UN ${view.unNumber}` : "-"]] as [string, string][] : []),
  ], [
    ["Van No.", view.containerVanNum],
    ...(view.tandemContainerVanNum ? [["Tandem van", view.tandemContainerVanNum] as [string, string]] : []),
    ["Seal No.", view.sealNum],
    ["Size", vanSize(view.size)],
    ["Delivery", deliveryModeText(view.modeOfDelivery)],
    ["Payment", paymentModeText(view.modeOfPayment)],
    ["Flags", cargoFlags(view)],
  ]);

  flow.heading("Trucking");
  pair([
    ["Trucker", view.truckerName],
    ["Plate No.", view.plateNum],
  ], [
    ["Driver", view.driver],
  ]);
  flow.ensure(10);
  flow.y = flow.fields(MARGIN, flow.y, 32, flow.contentWidth - 32, [["Remarks", orDash(view.remarks)]]) + 1;

  // A heading stays with the first rows of its table.
  flow.ensure(35);
  flow.heading("Charges");
  // A part's name in bold across the table, over its lines. Not shaded: the COPY watermark is to stay the largest
  // patch of one light shade on a page, which is how a copy is told from its image (tests/support/pdf-image.ts).
  const groupRow = (part: string) => [{ content: partName(part), colSpan: 4, styles: { fontStyle: "bold" as const } }];
  flow.table({
    head: [["Code", "Particulars", "Bill to", "Amount"]],
    body: chargeGroups(view.charges).flatMap(([part, lines]) => [
      groupRow(part),
      ...lines.map((c) => [c.chargeCode, c.particulars, c.availableTo, formatAmount(c.chargeValue)]),
    ]),
    columnStyles: {
      0: { cellWidth: 16 },
      2: { cellWidth: 38 },
      3: { cellWidth: 30, halign: "right" },
    },
  });
  if (view.charges.length === 0) {
    flow.font("italic", 9, 90);
    doc.text("No charges.", MARGIN, flow.y);
    flow.y += 5;
  }

  // Totals by payment side at the left, the VAT of the waybill at the right, in PHP.
  flow.y += 2;
  flow.ensure(36);
  const columnWidth = half - 8;
  const totalsEnd = amountColumn(flow, MARGIN, flow.y, columnWidth, "Totals by payment side (PHP)", [
    ["Prepaid", view.totals.prepaid],
    ["Collect", view.totals.collect],
    ["Account Origin", view.totals.accountOrigin],
    ["Account Destination", view.totals.accountDestination],
    ["Total", view.totals.total],
  ], true);
  const vatEnd = amountColumn(flow, MARGIN + half, flow.y, columnWidth, "VAT (PHP)", [
    ["VATable sales (incl. VAT)", view.vat.vatableInclusive],
    ["VATable net", view.vat.vatableNet],
    ["VAT 12%", view.vat.vat],
    ["VAT-exempt", view.vat.exempt],
  ], false);
  flow.y = Math.max(totalsEnd, vatEnd) + 1;
  flow.ensure(8);
  flow.y = flow.fields(MARGIN, flow.y, 40, flow.contentWidth - 40, [["Insurance premium", `PHP ${formatAmount(view.insurancePremium)}`]]) + 1;

  flow.ensure(30);
  flow.heading("Terms");
  if (view.terms.length === 0) {
    flow.paragraph("Standard terms apply.", 10);
  } else {
    flow.table({
      head: [["Policy", "Name", "Value"]],
      body: view.terms.map((t) => [t.policyCode, t.policyName, t.value]),
      columnStyles: { 0: { cellWidth: 24 }, 2: { cellWidth: 40, halign: "right" } },
    });
  }

  signatureRow(flow, [["Prepared by", view.preparedBy], ["Shipper", view.shipperName], ["Carrier's agent", ""]], 8);

  return finish();
}

// ---------------------------------------------------------------------------------------------------------
// The trucker's waybill: a plain typewriter-like page the driver carries with the van, with what the truck and
// the checkers at both ends need, and no money.

interface TruckerPage {
  format: "legal" | "letter";
  /** Line spacing, mm. */
  spacing: number;
  /** Where the header's first line starts, from the top of the page. */
  headerAt: number;
  /** Where the footer's last line ends, from the bottom of the page. */
  footerAt: number;
  margins: { top: number; bottom: number; left: number; right: number };
  maxWidth: number;
}

// 001 §9. The letter layout names only its spacing, side margins and width: the header, the footer and the top
// margin are the legal layout's.
const TRUCKER_PAGES: Record<TruckerWaybillLayout, TruckerPage> = {
  legal: { format: "legal", spacing: 4, headerAt: 5, footerAt: 10, margins: { top: 15, bottom: 0, left: 20, right: 20 }, maxWidth: 175.9 },
  letter: { format: "letter", spacing: 5, headerAt: 5, footerAt: 10, margins: { top: 15, bottom: 0, left: 10, right: 10 }, maxWidth: 175.9 },
};

const TRUCKER_FONT_SIZE = 10;
/** Label column of the body, in characters of the monospaced font. */
const TRUCKER_LABEL = 14;

/** Builds the trucker's waybill on legal or letter paper; answers the bytes of a PDF file. */
export function buildTruckerWaybillPdf(view: WaybillDocument, layout: TruckerWaybillLayout): Uint8Array {
  const page = TRUCKER_PAGES[layout];
  const doc = new jsPDF({ orientation: "portrait", unit: "mm", format: page.format });
  doc.setProperties({ title: "Truckers Waybill", subject: "WB Trucker", creator: COMPANY_NAME });
  const height = doc.internal.pageSize.getHeight();
  const left = page.margins.left;
  const right = left + page.maxWidth;
  const { spacing } = page;
  // Lines are placed by their top, so the header starts at `headerAt` and the body at the top margin.
  const write = (text: string | string[], x: number, y: number, align: "left" | "right" | "center" = "left") =>
    doc.text(text, x, y, { baseline: "top", align, lineHeightFactor: spacing / (TRUCKER_FONT_SIZE * 0.3528) });
  const font = (style: "normal" | "bold") => {
    doc.setFont("courier", style);
    doc.setFontSize(TRUCKER_FONT_SIZE);
    doc.setTextColor(0);
  };

  // The footer: room to sign, the names known, the rules and what each signature stands for.
  const signers: [label: string[], name: string][] = [
    [["Driver"], view.driver],
    [["Checker"], ""],
    [["Consignee", "Received in good order"], ""],
  ];
  const footerLines = 1 + Math.max(...signers.map(([label]) => label.length));
  const footerTop = height - page.footerAt - page.margins.bottom - footerLines * spacing;
  const signingRoom = 12;
  const bodyLimit = footerTop - signingRoom - spacing;

  let y = page.margins.top;
  const ensure = (lines: number) => {
    if (y + lines * spacing > bodyLimit) {
      doc.addPage();
      y = page.margins.top;
    }
  };
  font("normal");
  const valueWidth = page.maxWidth - doc.getTextWidth(" ".repeat(TRUCKER_LABEL + 1));
  const field = (label: string, value: string) => {
    font("normal");
    const lines = doc.splitTextToSize(orDash(value), valueWidth) as string[];
    lines.forEach((line, i) => {
      ensure(1);
      write(`${(i === 0 ? `${label}:` : "").padEnd(TRUCKER_LABEL)} ${line}`, left, y);
      y += spacing;
    });
  };
  const gap = () => {
    y += spacing;
  };

  field("Voyage", voyageText(view));
  field("Vessel", view.vesselName);
  field("Origin", view.originBranchName);
  field("Destination", view.destinationBranchName);
  gap();
  field("Shipper", view.shipperName);
  field("Consignee", view.consigneeName);
  field("Address", view.consigneeAddress);
  gap();
  field("Goods", view.goods);
  field("Quantity", formatQuantity(String(view.quantity)));
  field("Van No.", view.containerVanNum);
  if (view.tandemContainerVanNum) field("Tandem van", view.tandemContainerVanNum);
  field("Seal No.", view.sealNum);
  field("Size", vanSize(view.size));
  if (view.isDangerousCargo) field("Dangerous", dangerousText(view));
  gap();
  field("Trucker", view.truckerName);
  field("Plate No.", view.plateNum);
  field("Driver", view.driver);
  gap();
  field("Remarks", view.remarks);

  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    font("bold");
    write(COMPANY_NAME, left, page.headerAt);
    write("TRUCKERS WAYBILL", right, page.headerAt, "right");
    font("normal");
    write(`Waybill No.: ${view.wayBillRef}`, left, page.headerAt + spacing);
    write(`Date: ${documentDate(view.datePrepared)}`, right, page.headerAt + spacing, "right");
    doc.setDrawColor(0);
    doc.setLineWidth(0.3);
    doc.line(left, page.margins.top - 1, right, page.margins.top - 1);
  }

  // The signatures close the last page.
  doc.setPage(pages);
  const blockGap = 6;
  const blockWidth = (page.maxWidth - blockGap * (signers.length - 1)) / signers.length;
  signers.forEach(([label, name], i) => {
    const x = left + i * (blockWidth + blockGap);
    font("normal");
    if (name.trim() !== "") write(doc.splitTextToSize(name, blockWidth)[0] as string, x + blockWidth / 2, footerTop - spacing, "center");
    doc.setLineWidth(0.3);
    doc.line(x, footerTop, x + blockWidth, footerTop);
    write(label, x, footerTop + spacing * 0.5);
  });
  if (view.copy) drawCopyWatermark(doc);
  return new Uint8Array(doc.output("arraybuffer"));
}
