import { documentDate } from "./cargo-booking-slip.ts";
import { signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { pdfFileName } from "./sales-quotation.ts";

/**
 * The cargo delivery receipt (CDR, 001 §3, §9): the consignee's acknowledgement that the cargo of a waybill trucked
 * out on an inbound CTS was received, with the note that a damage claim is due within 24 hours. Built from one plain
 * value, in a document worker or in process.
 */

export interface CargoDeliveryReceiptDocument {
  cargoDeliveryReceiptId: string;
  /** When the consignee received the cargo (an ISO timestamp, printed in Manila time). */
  dateReleased: string;
  branchName: string;
  wayBillRef: string;
  bookingRef: string;
  ctsNum: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  shipperName: string;
  consigneeName: string;
  /** The consignee's delivery area. */
  consigneeAreaName: string;
  containerVanNum: string;
  sealNum: string;
  goods: string;
  truckerName: string;
  plateNum: string;
  driver: string;
  receivedBy: string;
  remarks: string;
  /** "Any damage claim must be filed within 24 hours ...". */
  note: string;
  issuedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "CDR-CEB-2026-000001" gives "CDR-CEB-2026-000001.pdf". */
export const CARGO_DELIVERY_RECEIPT_NAME = (id: string): string => pdfFileName(id);

/** Builds the delivery receipt of one waybill; answers the bytes of a PDF file. */
export function buildCargoDeliveryReceiptPdf(view: CargoDeliveryReceiptDocument): Uint8Array {
  const { flow, finish } = startDocument({
    title: "Cargo Delivery Receipt", subject: "Cargo delivery receipt", reference: view.cargoDeliveryReceiptId, generatedAt: view.generatedAt, copy: view.copy,
  });

  const pair = (left: [string, string][], right: [string, string][], labelWidth = 34) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["CDR No.", view.cargoDeliveryReceiptId],
    ["Date released", documentDate(view.dateReleased)],
    ["Branch", view.branchName],
    ["CTS No.", view.ctsNum],
  ], [
    ["Waybill", view.wayBillRef],
    ["Booking Ref", view.bookingRef],
    ["Voyage", view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum],
    ["Vessel", view.vesselName],
  ]);

  flow.heading("Cargo");
  pair([
    ["Shipper", view.shipperName],
    ["Consignee", view.consigneeName],
    ["Delivery area", view.consigneeAreaName || "-"],
    ["Goods", view.goods],
  ], [
    ["Van No.", view.containerVanNum],
    ["Seal No.", view.sealNum],
    ["Trucker", view.truckerName],
    ["Plate No.", view.plateNum],
    ["Driver", view.driver],
  ]);
  if (view.remarks.trim() !== "") flow.paragraph(`Remarks: ${view.remarks}`);

  flow.heading("Damage claims");
  flow.paragraph(view.note);

  signatureRow(flow, [["Released by", view.issuedBy], ["Received by (consignee)", view.receivedBy], ["Driver", view.driver]], 8);

  return finish();
}
