import { buildListPdf } from "./list-pdf.ts";
import { pdfFileName } from "./sales-quotation.ts";
import { formatManilaDateTime } from "../../api/shared/dates.ts";

/**
 * The vessel arrival notice (001 §3 vessel arrival line, §9 printable documents): the cargo a voyage brings to one
 * port of call, one line per waybill, A4 landscape. The vessel and voyage of every line are the voyage's, printed
 * once in the heading. Built from one plain value, in a document worker or in process.
 */

export interface VesselArrivalNoticeLine {
  vessel: string;
  voyage: string;
  bookingRef: string;
  wayBillRef: string;
  shipper: string;
  consigneeName: string;
  origin: string;
  destination: string;
  /** ISO timestamp, printed as Manila time; null while no departure is recorded. */
  actualTimeDeparture: string | null;
  cargo: string;
  sealNum: string;
  goods: string;
  remarks: string;
}

export interface VesselArrivalNoticeDocument {
  voyageNum: string;
  voyageRef: string;
  vessel: string;
  origin: string;
  destinationBranchCode: string;
  destination: string;
  actualTimeDeparture: string | null;
  arrivalDate: string | null;
  lines: VesselArrivalNoticeLine[];
}

/** "VOY-MNL-2026-000003" at CEB gives "VAN-VOY-MNL-2026-000003-CEB.pdf". */
export const VESSEL_ARRIVAL_NOTICE_NAME = (voyageNum: string, destinationBranchCode: string): string =>
  pdfFileName(`VAN-${voyageNum}-${destinationBranchCode}`);

const when = (iso: string | null) => (iso ? formatManilaDateTime(iso) : "-");

/** Builds the vessel arrival notice of a voyage at a port of call; answers the bytes of a PDF file. */
export function buildVesselArrivalNoticePdf(view: VesselArrivalNoticeDocument): Uint8Array {
  const voyage = view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum;
  return buildListPdf<{ line: VesselArrivalNoticeLine; no: number }>({
    title: "VESSEL ARRIVAL NOTICE",
    subtitle: `${view.vessel}, voyage ${voyage}, ${view.origin} to ${view.destination}; ATD ${when(view.actualTimeDeparture)}; arrival ${when(view.arrivalDate)}; ` +
      `${view.lines.length} waybill${view.lines.length === 1 ? "" : "s"}`,
    orientation: "landscape",
    rows: view.lines.map((line, i) => ({ line, no: i + 1 })),
    columns: [
      { header: "No.", value: (r) => r.no },
      { header: "Booking Ref", value: (r) => r.line.bookingRef },
      { header: "Waybill", value: (r) => r.line.wayBillRef },
      { header: "Shipper", value: (r) => r.line.shipper },
      { header: "Consignee", value: (r) => r.line.consigneeName },
      { header: "Origin", value: (r) => r.line.origin },
      { header: "Destination", value: (r) => r.line.destination },
      { header: "ATD", value: (r) => when(r.line.actualTimeDeparture) },
      { header: "Cargo", value: (r) => r.line.cargo },
      { header: "Seal No.", value: (r) => r.line.sealNum },
      { header: "Goods", value: (r) => r.line.goods },
      { header: "Remarks", value: (r) => r.line.remarks },
    ],
  });
}
