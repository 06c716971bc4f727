import { documentDate } from "./cargo-booking-slip.ts";
import { signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { pdfFileName } from "./sales-quotation.ts";
import { formatBusinessDate } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";

/**
 * The cargo release order (CRO, 001 §3, §9): the paper that lets a paid waybill's cargo leave the destination yard
 * for its consignee, with the release order note on the storage fee. Built from one plain value, in a document
 * worker or in process.
 */

export interface CargoReleaseOrderDocument {
  cargorReleaseOrderId: string;
  /** "Created" or "Cleared". */
  status: string;
  /** When the order was made (an ISO timestamp, printed as a Manila date). */
  dateReleased: string;
  branchName: string;
  wayBillRef: string;
  bookingRef: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  originName: string;
  shipperName: string;
  consigneeName: string;
  containerVanNum: string;
  sealNum: string;
  size: string;
  goods: string;
  modeOfPayment: string;
  /** Accounting's answer when the order was made. */
  paidReason: string;
  /** The release order note: "Storage fee of 900.00 per TEU per day ...". */
  note: string;
  storageTeu: string;
  /** A business date, or null before the free days are known. */
  storageDueDate: string | null;
  /** What a further day of storage and demurrage costs, decimal text. */
  storagePerDay: string | null;
  storageAmount: string;
  remarks: string;
  releasedBy: string;
  cleared: boolean;
  clearedBy: string;
  cyPullOutName: string;
  dateCleared: string | null;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "CRO-CEB-2026-000001" gives "CRO-CEB-2026-000001.pdf". */
export const CARGO_RELEASE_ORDER_NAME = (id: string): string => pdfFileName(id);

/** Builds the release order of one waybill; answers the bytes of a PDF file. */
export function buildCargoReleaseOrderPdf(view: CargoReleaseOrderDocument): Uint8Array {
  const { flow, finish } = startDocument({
    title: "Cargo Release Order", subject: "Cargo release order", reference: view.cargorReleaseOrderId, generatedAt: view.generatedAt, copy: view.copy,
  });

  const pair = (left: [string, string][], right: [string, string][], labelWidth = 34) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["CRO No.", view.cargorReleaseOrderId],
    ["Date released", documentDate(view.dateReleased)],
    ["Branch", view.branchName],
    ["Status", view.status],
  ], [
    ["Waybill", view.wayBillRef],
    ["Booking Ref", view.bookingRef],
    ["Voyage", view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum],
    ["Vessel", view.vesselName],
    ["Origin", view.originName],
  ]);

  flow.heading("Cargo");
  pair([
    ["Shipper", view.shipperName],
    ["Consignee", view.consigneeName],
    ["Goods", view.goods],
  ], [
    ["Van No.", view.containerVanNum],
    ["Size", view.size ? `${view.size} ft` : ""],
    ["Seal No.", view.sealNum],
    ["Payment", view.modeOfPayment],
  ]);

  flow.heading("Payment");
  flow.paragraph(view.paidReason);

  flow.heading("Storage");
  pair([
    ["Storage due", view.storageDueDate ? formatBusinessDate(view.storageDueDate) : "-"],
    ["TEU", view.storageTeu],
  ], [
    ["Storage so far", `PHP ${formatAmount(view.storageAmount)}`],
    ["Each further day", view.storagePerDay === null ? "-" : `PHP ${formatAmount(view.storagePerDay)}`],
  ]);
  flow.paragraph(`Note: ${view.note}`);
  if (view.remarks.trim() !== "") flow.paragraph(`Remarks: ${view.remarks}`);

  if (view.cleared) {
    flow.heading("Clearance");
    pair([
      ["Cleared by", view.clearedBy],
      ["Date cleared", view.dateCleared ? documentDate(view.dateCleared) : ""],
    ], [
      ["CY pull-out", view.cyPullOutName],
    ]);
  }

  signatureRow(flow, [["Released by", view.releasedBy], ["Received by (consignee)", ""], ["Yard checker", view.cleared ? view.clearedBy : ""]], 8);

  return finish();
}
