import { documentDate } from "./cargo-booking-slip.ts";
import { DIAGRAM_HEIGHT, drawDamageDiagram, partNumber, signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { MARGIN, pdfFileName } from "./sales-quotation.ts";
import { formatBusinessDate } from "../../api/shared/dates.ts";
import { formatAmount } from "../../api/shared/money.ts";

/**
 * The van-in clearance (001 §9): the paper that clears a waybill's empty van (a tandem's two) back at the yard, with
 * the damage found and the detention settled on the return day. Built from one plain value, in a document worker
 * or in process.
 */

export interface VanInClearanceDocument {
  vanInId: string;
  branchName: string;
  wayBillRef: string;
  bookingRef: string;
  tandemBookingRef: string;
  voyageNum: string;
  shipperName: string;
  consigneeName: string;
  size: string;
  /** The van numbers that came back. */
  tandemCodeIds: string[];
  /** When the van went out on the inbound CTS (an ISO timestamp), or null. */
  vanOut: string | null;
  /** When it came back (an ISO timestamp, printed in Manila time). */
  dateReturned: string;
  cyName: string;
  damages: { containerVanNum: string; vanPart: string; damageType: string }[];
  remarks: string;
  /** A business date, or null when detention could not be worked out. */
  detentionLastFreeDay: string | null;
  detentionDays: number;
  /** Decimal text. */
  detentionAmount: string;
  /** Why detention could not be worked out (a policy missing), or null. */
  detentionProblem: string | null;
  receivedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "VI-CEB-2026-000001" gives "VI-CEB-2026-000001.pdf". */
export const VAN_IN_CLEARANCE_NAME = (vanInId: string): string => pdfFileName(vanInId);

/** Builds the clearance of one van-in; answers the bytes of a PDF file. */
export function buildVanInClearancePdf(view: VanInClearanceDocument): Uint8Array {
  const { flow, finish } = startDocument({
    title: "Van-In Clearance", subject: "Van-in clearance", reference: view.vanInId, generatedAt: view.generatedAt, copy: view.copy,
  });
  const { doc } = flow;

  const pair = (left: [string, string][], right: [string, string][], labelWidth = 34) => flow.fieldColumns(left, right, labelWidth);

  pair([
    ["Van-In No.", view.vanInId],
    ["Date returned", documentDate(view.dateReturned)],
    ["Returned to", view.cyName],
    ["Branch", view.branchName],
  ], [
    ["Waybill", view.wayBillRef],
    ["Booking Ref", view.bookingRef],
    ...(view.tandemBookingRef ? [["Tandem booking", view.tandemBookingRef] as [string, string]] : []),
    ["Voyage", view.voyageNum],
    ["Shipper", view.shipperName],
    ["Consignee", view.consigneeName],
  ]);

  flow.heading("Container van");
  pair([
    [view.tandemCodeIds.length > 1 ? "Vans (tandem)" : "Van No.", view.tandemCodeIds.join(" / ")],
    ["Size", view.size ? `${view.size} ft` : ""],
  ], [
    ["Van out", view.vanOut ? documentDate(view.vanOut) : "-"],
  ]);

  flow.heading("Detention");
  if (view.detentionProblem) {
    flow.paragraph(`Detention could not be worked out: ${view.detentionProblem}`);
  } else {
    pair([
      ["Last free day", view.detentionLastFreeDay ? formatBusinessDate(view.detentionLastFreeDay) : "-"],
      ["Detention days", String(view.detentionDays)],
    ], [
      ["Detention", `PHP ${formatAmount(view.detentionAmount)}`],
    ]);
  }

  flow.heading("Damage");
  if (view.damages.length === 0) {
    flow.paragraph("No damage found on return.");
  } else {
    flow.ensure(DIAGRAM_HEIGHT + 2);
    drawDamageDiagram(doc, MARGIN, flow.y, view.damages.map((d) => d.vanPart));
    flow.y += DIAGRAM_HEIGHT;
    flow.table({
      head: [["No.", "Van", "Part", "Damage"]],
      body: view.damages.map((d) => [partNumber(d.vanPart), d.containerVanNum, d.vanPart, d.damageType]),
      columnStyles: { 0: { cellWidth: 14, halign: "center" }, 1: { cellWidth: 40 }, 2: { cellWidth: 64 } },
    });
  }
  if (view.remarks.trim() !== "") flow.paragraph(`Remarks: ${view.remarks}`);

  signatureRow(flow, [["Received by", view.receivedBy], ["Trucker / driver", ""], ["Yard checker", ""]], 8);

  return finish();
}
