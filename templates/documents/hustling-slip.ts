import { documentDate } from "./cargo-booking-slip.ts";
import { signatureRow } from "./cargo-transfer-slip.ts";
import { startDocument } from "./heading.ts";
import { MARGIN, pdfFileName } from "./sales-quotation.ts";

/**
 * The cargo transfer (hustling) slip (001 §3, §9): the paper the hauler carries when the line's vans are moved at a
 * branch for a voyage, from a yard to another vessel or to a port and into another yard. Its header, its container
 * lines and the name of the user who issued it. Built from one plain value, in a document worker or in process.
 */

/** One van of the slip (001 §3 container lines). */
export interface HustlingSlipLine {
  containerVanNum: string;
  containerType: string;
  /** "20" or "40" (feet). */
  size: string;
  plateNum: string;
  driver: string;
  detailsRemarks: string;
}

export interface HustlingSlipDocument {
  branchName: string;
  hustlingCstNum: string;
  voyageNum: string;
  voyageRef: string;
  /** The voyage's vessel: the one the vans are hustled for. */
  hustVessel: string;
  /** "To Vessel" or "To Port". */
  toReference: string;
  /** To Vessel: the voyage and the vessel the vans go to. */
  hustVoyageNum: string;
  tovesselName: string;
  /** To Port: the port the vans go to. */
  toPortName: string;
  /** ISO timestamps, printed in Manila time. */
  dateTimeIn: string;
  dateTimeOut: string;
  fromCyName: string;
  toCyName: string;
  truckerName: string;
  remarks: string;
  lines: HustlingSlipLine[];
  /** The name of the user who issued the hustling. */
  issuedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
}

/** "HUS-MNL-2026-000001" gives "HUS-MNL-2026-000001.pdf". */
export const HUSTLING_SLIP_NAME = (hustlingCstNum: string): string => pdfFileName(hustlingCstNum);

const LABEL_WIDTH = 30;

/** "20" and "DRY" as "20 ft"; a size already in feet or unknown is printed as it is. */
const feet = (size: string) => (/^\d+$/.test(size.trim()) ? `${size.trim()} ft` : size.trim());

/** Builds the slip of one hustling; answers the bytes of a PDF file. */
export function buildHustlingSlipPdf(view: HustlingSlipDocument): Uint8Array {
  const { flow, finish } = startDocument({
    title: "Cargo Transfer Slip (Hustling)", subject: "Cargo transfer slip (hustling)", reference: view.hustlingCstNum, generatedAt: view.generatedAt, copy: view.copy,
  });

  const half = flow.contentWidth / 2;
  const toVessel = view.toReference.trim().toLowerCase() === "to vessel";
  const left: [string, string][] = [
    ["Hustling No.", view.hustlingCstNum],
    ["Branch", view.branchName],
    ["Voyage", view.voyageNum],
    ["Voyage ref.", view.voyageRef],
    ["Vessel", view.hustVessel],
    ["Trucker", view.truckerName],
  ];
  const right: [string, string][] = toVessel
    ? [["To", view.toReference], ["To vessel", view.tovesselName], ["To voyage", view.hustVoyageNum]]
    : [["To", view.toReference], ["To port", view.toPortName]];
  right.push(["From CY", view.fromCyName], ["To CY", view.toCyName], ["Time in", documentDate(view.dateTimeIn)], ["Time out", documentDate(view.dateTimeOut)]);
  flow.ensure(6 * Math.max(left.length, right.length));
  const leftEnd = flow.fields(MARGIN, flow.y, LABEL_WIDTH, half - LABEL_WIDTH - 4, left);
  const rightEnd = flow.fields(MARGIN + half, flow.y, LABEL_WIDTH - 6, half - LABEL_WIDTH + 6, right);
  flow.y = Math.max(leftEnd, rightEnd) + 1;
  flow.ensure(10);
  flow.y = flow.fields(MARGIN, flow.y, LABEL_WIDTH, flow.contentWidth - LABEL_WIDTH, [["Remarks", view.remarks.trim() === "" ? "-" : view.remarks]]) + 1;

  flow.heading(`Container vans (${view.lines.length})`);
  flow.table({
    head: [["No.", "Container Van No.", "Type", "Size", "Plate No.", "Driver", "Remarks"]],
    body: view.lines.map((l, i) => [String(i + 1), l.containerVanNum, l.containerType, feet(l.size), l.plateNum, l.driver, l.detailsRemarks]),
    columnStyles: {
      0: { cellWidth: 10, halign: "center" },
      1: { cellWidth: 34 },
      2: { cellWidth: 20 },
      3: { cellWidth: 14 },
      4: { cellWidth: 24 },
      5: { cellWidth: 34 },
    },
  });

  signatureRow(flow, [["Issued by", view.issuedBy], ["Trucker / driver", ""], ["Yard checker", ""]], 6);

  return finish();
}
