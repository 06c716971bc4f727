import { deliveryModeText, documentDate } from "./cargo-booking-slip.ts";
import { COMPANY_NAME } from "./list-pdf.ts";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { formatQuantity, MARGIN, PageFlow, pdfFileName } from "./sales-quotation.ts";

/**
 * The authority to withdraw (ATW, 001 §9): the letter a trucker shows at the container yard to draw an empty
 * van, and at the shipper's door to collect the cargo of one booking. The fields are those of the trucker's
 * page (the booking's trucker view), plus who issued it and when it was printed.
 */

export interface AtwDocument {
  bookingRef: string;
  /** When the ATW was issued (a date or an ISO timestamp); null while the booking has none. */
  dateAtwIssued: string | null;
  shipperName: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  originBranchName: string;
  destinationName: string;
  /** DTD, PTD, PTP or DTP. */
  modeOfDelivery: string;
  truckerName: string;
  plateNum: string;
  trailerNum: string;
  helperName: string;
  /** Empty until a van is assigned. */
  containerVanNum: string;
  pickUpDate: string | null;
  pickUpTime: string;
  pickUpAddress: string;
  goods: string;
  packaging: string;
  quantity: number;
  quantityTeu: number;
  serviceRemarks: string;
  /** The name printed under "Issued by"; empty leaves the line blank to sign by hand. */
  issuedBy: string;
  generatedAt: Date;
}

/** "BK-MNL-2026-000123" gives "ATW-BK-MNL-2026-000123.pdf". */
export const AUTHORITY_TO_WITHDRAW_NAME = (bookingRef: string): string => pdfFileName(`ATW-${bookingRef}`);

const TOP = 44;
const NOT_ISSUED = "NOT YET ISSUED - NOT VALID FOR WITHDRAWAL";

/** Builds the ATW of one booking; answers the bytes of a PDF file. */
export function buildAuthorityToWithdrawPdf(view: AtwDocument): Uint8Array {
  const issued = documentDate(view.dateAtwIssued);
  const banner = issued === "" ? NOT_ISSUED : null;
  const flow = new PageFlow(banner ? TOP + 10 : TOP);
  const { doc } = flow;
  doc.setProperties({ title: `Authority to Withdraw ${view.bookingRef}`, subject: "Authority to withdraw", creator: COMPANY_NAME });

  const pair = (left: [string, string][], right: [string, string][], labelWidth = 30) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["Shipper", view.shipperName],
    ["Voyage", view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum],
    ["Vessel", view.vesselName],
  ], [
    ["Origin", view.originBranchName],
    ["Destination", view.destinationName],
    ["Mode of delivery", deliveryModeText(view.modeOfDelivery)],
  ], 34);

  flow.y += 2;
  flow.paragraph(
    `This authorises the trucker below to withdraw an empty container van for booking ${view.bookingRef} `
      + "and to pick up its cargo at the address stated. It is valid only for the truck and container van named here.",
    10,
  );
  flow.y += 1;

  flow.heading("Trucker");
  pair([
    ["Trucker", view.truckerName],
    ["Plate No.", view.plateNum],
    ["Trailer No.", view.trailerNum],
  ], [
    ["Helper", view.helperName],
    ["Container van", view.containerVanNum.trim() === "" ? "To be assigned" : view.containerVanNum],
  ], 32);

  flow.heading("Pick-up");
  flow.ensure(16);
  flow.y = flow.fields(MARGIN, flow.y, 30, flow.contentWidth - 30, [
    ["Date", view.pickUpDate ?? ""],
    ["Time", view.pickUpTime],
    ["Address", view.pickUpAddress],
  ]) + 1;

  flow.heading("Cargo");
  pair([
    ["Goods", view.goods],
    ["Packaging", view.packaging],
  ], [
    ["Quantity", formatQuantity(String(view.quantity))],
    ["TEU", formatQuantity(String(view.quantityTeu))],
  ]);
  flow.ensure(10);
  flow.y = flow.fields(MARGIN, flow.y, 32, flow.contentWidth - 32, [["Service remarks", view.serviceRemarks]]) + 1;

  // Both signatures stay together: the yard checks one against the other.
  flow.signatures([["Issued by", view.issuedBy], ["Received by trucker", ""]], { gapBefore: 10, emptyHint: "Signature over printed name" });

  // The heading goes on last so that every page carries the reference the yard checks against.
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    flow.font("bold", 14);
    doc.text(COMPANY_NAME, flow.width / 2, 15, { align: "center" });
    flow.font("bold", 16);
    doc.text("AUTHORITY TO WITHDRAW", flow.width / 2, 24, { align: "center" });
    flow.font("bold", 11);
    doc.text(`Booking Ref: ${view.bookingRef}`, MARGIN, 34);
    doc.text(`Date issued: ${issued || "-"}`, flow.width - MARGIN, 34, { align: "right" });
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 38, flow.width - MARGIN, 38);
    if (banner) flow.banner(banner, 41);
  }
  flow.footers(`Printed ${manilaTimestamp(view.generatedAt)} (Manila time)`, view.bookingRef);
  return flow.bytes();
}
