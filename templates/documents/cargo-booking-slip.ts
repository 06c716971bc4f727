import type { DeliveryMode, PaymentMode } from "../../api/modules/bookings/rules.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { formatQuantity, MARGIN, PageFlow, pdfFileName } from "./sales-quotation.ts";

/**
 * The cargo booking slip (001 §9, printable documents): the shipper's copy of one booking, with the voyage,
 * the cargo, the service it bought and what it costs. The service fills the view; this file only lays it out.
 */

/** One priced charge; the booking's own charge rows fit as they are. */
export interface BookingSlipCharge {
  chargeCode: string;
  chargeName: string;
  /** A rate unit id (perTeu, perBag, perTon) or a label; ids are printed as their labels. */
  rateUnit: string;
  quantity: string;
  rate: string;
  amount: string;
}

export interface BookingSlipDocument {
  bookingRef: string;
  bookingBatchRef: string;
  /** A date, or an ISO timestamp printed in Manila time. */
  bookingDate: string;
  status: string;
  shipperName: string;
  consigneeName: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  /** A date, or an ISO timestamp printed in Manila time. */
  estimatedTimeDeparture: string;
  originBranchName: string;
  destinationName: string;
  /** DTD, PTD, PTP or DTP. */
  modeOfDelivery: string;
  /** P, C, AO or AD. */
  modeOfPayment: string;
  pickUpDate: string | null;
  pickUpTime: string;
  /** Addresses on one line each, as the booking's address helper writes them. */
  pickUpAddress: string;
  deliveryAddress: string;
  commodity: string;
  goods: string;
  packaging: string;
  quantity: number;
  quantityTeu: number;
  /** Tons, as a decimal string. */
  cargoWeight: string;
  declaredValue: string;
  containerVanNum: string;
  isShipperOwned: boolean;
  truckerName: string;
  plateNum: string;
  remarks: string;
  serviceRemarks: string;
  charges: BookingSlipCharge[];
  total: string;
  generatedAt: Date;
}

/** "BK-MNL-2026-000123" gives "BookingSlip-BK-MNL-2026-000123.pdf", apart from the same booking's ATW. */
export const CARGO_BOOKING_SLIP_NAME = (bookingRef: string): string => pdfFileName(`BookingSlip-${bookingRef}`);

// The labels are kept here rather than imported: templates take nothing but types from the API, and the
// Record over the API's mode types makes a new mode fail the type check until it has a label.
const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  DTD: "Door to door",
  PTD: "Pier to door",
  PTP: "Pier to pier",
  DTP: "Door to pier",
};
const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  P: "Prepaid",
  C: "Collect",
  AO: "Account Origin",
  AD: "Account Destination",
};
const RATE_UNIT_LABELS: Record<string, string> = { perTeu: "Per TEU", perBag: "Per BAG", perTon: "Per TON" };

function codeWithLabel(code: string, labels: Record<string, string>): string {
  const label = labels[code.trim()];
  return label ? `${code.trim()} ${label}` : code;
}

/** "DTD" as "DTD Door to door": staff know the codes, shippers and truckers read the words. */
export const deliveryModeText = (code: string): string => codeWithLabel(code, DELIVERY_MODE_LABELS);
/** "P" as "P Prepaid". */
export const paymentModeText = (code: string): string => codeWithLabel(code, PAYMENT_MODE_LABELS);

/**
 * Business dates come as "2026-03-02" and print as they are; timestamps print as Manila wall time, so a
 * booking made just after midnight in Manila does not show the day before. Empty stays empty.
 */
export function documentDate(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return text;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : manilaTimestamp(at);
}

/** Weights carry up to three decimals (tons); money rounding would lose the last one. */
export function formatWeight(value: string): string {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  const whole = formatQuantity(match[1] || "0");
  return fraction ? `${whole}.${fraction}` : whole;
}

const orDash = (value: string) => (value.trim() === "" ? "-" : value);

const TOP = 32;

/** Builds the slip of one booking; answers the bytes of a PDF file. */
export function buildCargoBookingSlipPdf(view: BookingSlipDocument): Uint8Array {
  const flow = new PageFlow(TOP);
  const { doc } = flow;
  doc.setProperties({ title: `Cargo Booking Slip ${view.bookingRef}`, subject: "Cargo booking slip", creator: COMPANY_NAME });

  const pair = (left: [string, string][], right: [string, string][], labelWidth = 30) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["Booking Ref", view.bookingRef],
    ["Batch Ref", view.bookingBatchRef],
    ["Booking date", documentDate(view.bookingDate)],
    ["Status", view.status],
  ], [
    ["Shipper", view.shipperName],
    ["Consignee", view.consigneeName],
  ]);

  flow.heading("Voyage and service");
  pair([
    ["Voyage", view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum],
    ["Vessel", view.vesselName],
    ["ETD", documentDate(view.estimatedTimeDeparture)],
  ], [
    ["Origin", view.originBranchName],
    ["Destination", view.destinationName],
    ["Mode of delivery", deliveryModeText(view.modeOfDelivery)],
    ["Mode of payment", paymentModeText(view.modeOfPayment)],
  ], 34);

  flow.heading("Pick-up and delivery");
  flow.ensure(20);
  flow.y = flow.fields(MARGIN, flow.y, 30, flow.contentWidth - 30, [
    ["Pick-up", [view.pickUpDate ?? "", view.pickUpTime].filter((p) => p.trim() !== "").join(" ")],
    ["Pick-up at", view.pickUpAddress],
    ["Deliver to", view.deliveryAddress],
  ]) + 1;

  flow.heading("Cargo");
  const van = view.containerVanNum.trim() === "" ? "To be assigned" : view.containerVanNum;
  pair([
    ["Commodity", view.commodity],
    ["Goods", view.goods],
    ["Packaging", view.packaging],
    ["Quantity", formatQuantity(String(view.quantity))],
    ["TEU", formatQuantity(String(view.quantityTeu))],
    ["Weight (tons)", formatWeight(view.cargoWeight)],
  ], [
    ["Declared value", `PHP ${formatAmount(view.declaredValue)}`],
    ["Container van", van],
    ["Shipper owned", view.isShipperOwned ? "Yes" : "No"],
    ["Trucker", view.truckerName],
    ["Plate No.", view.plateNum],
  ], 32);

  flow.ensure(20);
  flow.y = flow.fields(MARGIN, flow.y, 32, flow.contentWidth - 32, [
    ["Remarks", orDash(view.remarks)],
    ["Service remarks", orDash(view.serviceRemarks)],
  ]) + 1;

  flow.heading("Charges");
  flow.table({
    head: [["Code", "Charge", "Unit", "Qty", "Rate", "Amount"]],
    body: view.charges.map((c) => [
      c.chargeCode,
      c.chargeName,
      RATE_UNIT_LABELS[c.rateUnit] ?? c.rateUnit,
      formatQuantity(c.quantity),
      formatAmount(c.rate),
      formatAmount(c.amount),
    ]),
    foot: [[{ content: "TOTAL (PHP)", colSpan: 5, styles: { halign: "right" } }, formatAmount(view.total)]],
    columnStyles: {
      0: { cellWidth: 16 },
      2: { cellWidth: 22 },
      3: { cellWidth: 16, halign: "right" },
      4: { cellWidth: 28, halign: "right" },
      5: { cellWidth: 30, halign: "right" },
    },
  });
  if (view.charges.length === 0) {
    flow.font("italic", 9, 90);
    doc.text("Not yet priced.", MARGIN, flow.y);
    flow.y += 5;
  }

  // Written last so that pages added by the table carry the heading too.
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    flow.font("bold", 14);
    doc.text(COMPANY_NAME, MARGIN, 15);
    doc.text("CARGO BOOKING SLIP", flow.width - MARGIN, 15, { align: "right" });
    flow.font("normal", 10, 60);
    doc.text(view.bookingRef, flow.width - MARGIN, 21, { align: "right" });
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 25, flow.width - MARGIN, 25);
  }
  flow.footers(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, view.bookingRef);
  return flow.bytes();
}
