import type { jsPDF } from "jspdf";
import { documentDate } from "./cargo-booking-slip.ts";
import { startDocument } from "./heading.ts";
import { MARGIN, PageFlow, pdfFileName } from "./sales-quotation.ts";
import type { DamagePart } from "../../api/shared/reference-lists.ts";
import { formatAmount } from "../../api/shared/money.ts";

/**
 * The outbound cargo transfer slip (CTS): the paper the trucker carries when an empty van leaves the yard for the
 * shipper (or the consignee). Built from one plain value, in a document worker or in process.
 */

/** One damage of a van: which part and what is wrong with it (001 §9 reference lists). */
export interface SlipDamage {
  vanPart: string;
  damageType: string;
}

export interface CargoTransferSlipDocument {
  ctsNum: string;
  /** "Issued" or "Cancelled"; a cancelled slip is printed with CANCELLED across it. */
  status: string;
  /** When the slip was issued (an ISO timestamp, printed in Manila time). */
  dateIssued: string;
  branchName: string;
  bookingRef: string;
  voyageNum: string;
  voyageRef: string;
  vesselName: string;
  shipperName: string;
  consigneeName: string;
  destinationName: string;
  containerVanNum: string;
  /** "20" or "40" (feet) and the van type (Dry, Reefer...); empty for a shipper's van of unknown size. */
  size: string;
  vanType: string;
  isShipperOwned: boolean;
  /**
   * Why a shipper's van whose number fails the ISO 6346 check was let through, and by whom; null when the number
   * is valid. Printed under the van number so the yard sees it was accepted on purpose.
   */
  numberOverride: { reason: string; by: string } | null;
  truckerName: string;
  plateNum: string;
  driver: string;
  fromCyName: string;
  /** Where the van goes: to the shipper (stuffing at origin) or to the consignee. */
  toParty: "Shipper" | "Consignee";
  toName: string;
  /** A van condition of the reference list, or "Damaged": then the damage diagram and the parts list are printed. */
  vanStatus: string;
  damages: SlipDamage[];
  vanLocator: string;
  /** Decimal text ("350.00"), printed with thousands separators. */
  vanLocatorAmount: string;
  remarks: string;
  issuedBy: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
  /**
   * The inbound slip (001 §4 stage 8): the laden van of a released waybill leaving the destination's yard for the
   * consignee. Absent on the outbound slip. The header names the waybill, its release order and the origin, and the
   * van's time out.
   */
  inbound?: { wayBillRef: string; cargoReleaseOrderId: string; originName: string; dateTimeOut: string };
}

/** "CTS-MNL-2026-000001" gives "CTS-MNL-2026-000001.pdf". */
export const CARGO_TRANSFER_SLIP_NAME = (ctsNum: string): string => pdfFileName(ctsNum);

// ---------------------------------------------------------------------------------------------------------
// The damage diagram: a van drawn from above, from its left side, from below and from both ends. Each part of
// the reference list has a number on the drawing and one or more boxes that are marked when it is damaged.

type ViewName = "roof" | "side" | "underside" | "front" | "door";

/** A box in one view, in fractions of that view's width and height. */
interface Region {
  view: ViewName;
  x: number;
  y: number;
  w: number;
  h: number;
}

interface PartDrawing {
  regions: Region[];
  /** Where the part's number sits, in fractions of the view. */
  label: { view: ViewName; x: number; y: number };
}

// Kept here rather than imported (templates load no code of the API); the Record over the reference list's part
// type makes a part added to the list fail the type check until it has its place on the drawing. The order is
// the numbering of the drawing: the roof, the side from top to bottom, the two ends, then the underside.
const PART_DRAWINGS: Record<DamagePart, PartDrawing> = {
  "Roof Panel": { regions: [{ view: "roof", x: 0.03, y: 0.14, w: 0.94, h: 0.72 }], label: { view: "roof", x: 0.5, y: 0.5 } },
  "Top Side Rail": { regions: [{ view: "side", x: 0.06, y: 0, w: 0.88, h: 0.08 }], label: { view: "side", x: 0.3, y: 0.04 } },
  "Sidewall Panel": { regions: [{ view: "side", x: 0.06, y: 0.08, w: 0.88, h: 0.82 }], label: { view: "side", x: 0.3, y: 0.52 } },
  "Joint Strip": { regions: [{ view: "side", x: 0.485, y: 0.08, w: 0.03, h: 0.82 }], label: { view: "side", x: 0.5, y: 0.7 } },
  "Ventilator": { regions: [{ view: "side", x: 0.1, y: 0.13, w: 0.07, h: 0.12 }], label: { view: "side", x: 0.135, y: 0.36 } },
  "Marking Panel": { regions: [{ view: "side", x: 0.7, y: 0.14, w: 0.18, h: 0.22 }], label: { view: "side", x: 0.79, y: 0.25 } },
  "Bottom Side Rail": { regions: [{ view: "side", x: 0.06, y: 0.9, w: 0.88, h: 0.1 }], label: { view: "side", x: 0.2, y: 0.95 } },
  "Forklift Pocket": {
    regions: [{ view: "side", x: 0.34, y: 0.88, w: 0.07, h: 0.1 }, { view: "side", x: 0.59, y: 0.88, w: 0.07, h: 0.1 }],
    label: { view: "side", x: 0.375, y: 0.78 },
  },
  "Front End Frame": { regions: [{ view: "side", x: 0, y: 0, w: 0.06, h: 1 }], label: { view: "side", x: 0.03, y: 0.5 } },
  "Rear End Frame": { regions: [{ view: "side", x: 0.94, y: 0, w: 0.06, h: 1 }], label: { view: "side", x: 0.97, y: 0.5 } },
  "Endwall Panel": { regions: [{ view: "front", x: 0.14, y: 0.08, w: 0.72, h: 0.84 }], label: { view: "front", x: 0.5, y: 0.5 } },
  "Door Assembly": { regions: [{ view: "door", x: 0.14, y: 0.08, w: 0.72, h: 0.78 }], label: { view: "door", x: 0.5, y: 0.45 } },
  "Threshold Plate": { regions: [{ view: "door", x: 0.14, y: 0.86, w: 0.72, h: 0.08 }], label: { view: "door", x: 0.5, y: 0.9 } },
  "Cross Member": { regions: [{ view: "underside", x: 0.02, y: 0.12, w: 0.96, h: 0.76 }], label: { view: "underside", x: 0.5, y: 0.5 } },
};

const DRAWN_PARTS = Object.keys(PART_DRAWINGS) as DamagePart[];
const partKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
const PART_BY_KEY = new Map(DRAWN_PARTS.map((part) => [partKey(part), part]));

/** A damaged part's place on the drawing, or undefined for a name the drawing does not know. */
function drawnPart(name: string): DamagePart | undefined {
  return PART_BY_KEY.get(partKey(name));
}

/** The number of a part on the drawing (1 to 14), or "" for a part not drawn. */
export function partNumber(name: string): string {
  const part = drawnPart(name);
  return part ? String(DRAWN_PARTS.indexOf(part) + 1) : "";
}

interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** From the top of the first caption to below the underside view. */
export const DIAGRAM_HEIGHT = 65;
const MARK: [number, number, number] = [200, 30, 30];
const INK: [number, number, number] = [40, 40, 40];

/** Draws the van, marks the damaged parts, and answers the parts that could not be placed on it. */
export function drawDamageDiagram(doc: jsPDF, left: number, top: number, damaged: string[]): string[] {
  const views: Record<ViewName, Frame> = {
    roof: { x: left, y: top + 4, w: 86, h: 9 },
    side: { x: left, y: top + 18, w: 86, h: 28 },
    underside: { x: left, y: top + 51, w: 86, h: 9 },
    front: { x: left + 93, y: top + 18, w: 22, h: 28 },
    door: { x: left + 121, y: top + 18, w: 22, h: 28 },
  };
  const captions: Record<ViewName, string> = {
    roof: "Roof, from above",
    side: "Left side (front end at left)",
    underside: "Underside",
    front: "Front end",
    door: "Door end",
  };
  const at = (view: ViewName, fx: number, fy: number): [number, number] => {
    const f = views[view];
    return [f.x + fx * f.w, f.y + fy * f.h];
  };
  const box = (r: Region): Frame => {
    const f = views[r.view];
    return { x: f.x + r.x * f.w, y: f.y + r.y * f.h, w: r.w * f.w, h: r.h * f.h };
  };
  const light = () => {
    doc.setDrawColor(150);
    doc.setLineWidth(0.15);
  };
  const strong = () => {
    doc.setDrawColor(40);
    doc.setLineWidth(0.35);
  };

  // Outlines and captions.
  for (const name of Object.keys(views) as ViewName[]) {
    const f = views[name];
    doc.setFont("helvetica", "normal");
    doc.setFontSize(7);
    doc.setTextColor(90);
    doc.text(captions[name], f.x, f.y - 1.2);
    strong();
    doc.rect(f.x, f.y, f.w, f.h);
  }

  // Roof: corrugation across the van.
  light();
  const roof = views.roof;
  for (let x = roof.x + 4; x < roof.x + roof.w - 2; x += 3) doc.line(x, roof.y + 1.2, x, roof.y + roof.h - 1.2);

  // Side: corner posts, rails, corrugated wall, the joint strip, ventilator, marking panel and forklift pockets.
  const side = views.side;
  for (let x = side.x + 0.06 * side.w + 2.5; x < side.x + 0.94 * side.w - 1; x += 2.5) {
    doc.line(x, side.y + 0.08 * side.h, x, side.y + 0.9 * side.h);
  }
  strong();
  doc.line(...at("side", 0.06, 0), ...at("side", 0.06, 1));
  doc.line(...at("side", 0.94, 0), ...at("side", 0.94, 1));
  doc.line(...at("side", 0.06, 0.08), ...at("side", 0.94, 0.08));
  doc.line(...at("side", 0.06, 0.9), ...at("side", 0.94, 0.9));
  doc.line(...at("side", 0.485, 0.08), ...at("side", 0.485, 0.9));
  doc.line(...at("side", 0.515, 0.08), ...at("side", 0.515, 0.9));
  for (const part of ["Ventilator", "Marking Panel", "Forklift Pocket"] as const) {
    for (const r of PART_DRAWINGS[part].regions) {
      const b = box(r);
      doc.setFillColor(255, 255, 255);
      doc.rect(b.x, b.y, b.w, b.h, "FD");
    }
  }
  light();
  const vent = box(PART_DRAWINGS.Ventilator.regions[0]);
  for (let y = vent.y + 0.8; y < vent.y + vent.h - 0.3; y += 0.8) doc.line(vent.x + 0.5, y, vent.x + vent.w - 0.5, y);

  // Underside: the cross members under the floor.
  const under = views.underside;
  for (let x = under.x + 3; x < under.x + under.w - 1; x += 3) doc.line(x, under.y + 1, x, under.y + under.h - 1);
  strong();
  doc.line(under.x, under.y + 1, under.x + under.w, under.y + 1);
  doc.line(under.x, under.y + under.h - 1, under.x + under.w, under.y + under.h - 1);

  // Front end: the frame around a corrugated end wall.
  const endwall = box(PART_DRAWINGS["Endwall Panel"].regions[0]);
  doc.rect(endwall.x, endwall.y, endwall.w, endwall.h);
  light();
  for (let y = endwall.y + 2; y < endwall.y + endwall.h - 1; y += 2) doc.line(endwall.x, y, endwall.x + endwall.w, y);

  // Door end: two doors, their locking bars and the threshold plate at the sill.
  strong();
  const doors = box(PART_DRAWINGS["Door Assembly"].regions[0]);
  const sill = box(PART_DRAWINGS["Threshold Plate"].regions[0]);
  doc.rect(doors.x, doors.y, doors.w, doors.h);
  doc.line(doors.x + doors.w / 2, doors.y, doors.x + doors.w / 2, doors.y + doors.h);
  doc.rect(sill.x, sill.y, sill.w, sill.h);
  light();
  for (const fx of [0.2, 0.4, 0.6, 0.8]) doc.line(doors.x + fx * doors.w, doors.y + 1, doors.x + fx * doors.w, doors.y + doors.h - 1);

  // The damaged parts: a heavy outline and a cross on each of their boxes.
  const marked = new Set<DamagePart>();
  const unplaced: string[] = [];
  for (const name of damaged) {
    const part = drawnPart(name);
    if (!part) {
      if (!unplaced.includes(name.trim())) unplaced.push(name.trim());
      continue;
    }
    marked.add(part);
  }
  doc.setDrawColor(...MARK);
  doc.setLineWidth(0.8);
  for (const part of marked) {
    for (const r of PART_DRAWINGS[part].regions) {
      const b = box(r);
      doc.rect(b.x, b.y, b.w, b.h);
      doc.line(b.x, b.y, b.x + b.w, b.y + b.h);
      doc.line(b.x, b.y + b.h, b.x + b.w, b.y);
    }
  }

  // The numbers, white discs over the drawing (red for a damaged part), and the legend beside it.
  DRAWN_PARTS.forEach((part, i) => {
    const { view, x, y } = PART_DRAWINGS[part].label;
    const [cx, cy] = at(view, x, y);
    const hit = marked.has(part);
    doc.setLineWidth(0.2);
    doc.setDrawColor(...(hit ? MARK : INK));
    if (hit) doc.setFillColor(...MARK);
    else doc.setFillColor(255, 255, 255);
    doc.circle(cx, cy, 1.9, "FD");
    doc.setFont("helvetica", "bold");
    doc.setFontSize(6.5);
    if (hit) doc.setTextColor(255);
    else doc.setTextColor(20);
    doc.text(String(i + 1), cx, cy + 0.8, { align: "center" });
  });
  const legendX = left + 150;
  DRAWN_PARTS.forEach((part, i) => {
    const hit = marked.has(part);
    doc.setFont("helvetica", hit ? "bold" : "normal");
    doc.setFontSize(7.5);
    if (hit) doc.setTextColor(...MARK);
    else doc.setTextColor(40);
    const y = top + 4 + i * 4;
    doc.text(`${i + 1}`, legendX + 3, y, { align: "right" });
    doc.text(part, legendX + 5, y);
  });
  return unplaced;
}

// ---------------------------------------------------------------------------------------------------------

const CANCELLED = "CANCELLED - THIS SLIP IS VOID";

const isCancelled = (status: string) => status.trim().toLowerCase() === "cancelled";
const isDamaged = (vanStatus: string) => vanStatus.trim().toLowerCase() === "damaged";

/** "40" and "Dry" as "40 ft Dry"; a shipper's van of unknown size is its type alone. */
function sizeAndType(size: string, vanType: string): string {
  const feet = size.trim() === "" ? "" : `${size.trim()} ft`;
  return [feet, vanType.trim()].filter((p) => p !== "").join(" ");
}

/** Signature blocks side by side, kept on one page: label, room to sign, the line and the printed name under it. */
export function signatureRow(flow: PageFlow, blocks: [label: string, name: string][], gapBefore: number): void {
  const { doc } = flow;
  flow.ensure(gapBefore + 26);
  flow.y += gapBefore;
  const gap = 10;
  const columnWidth = (flow.contentWidth - gap * (blocks.length - 1)) / blocks.length;
  blocks.forEach(([label, name], i) => {
    const x = MARGIN + i * (columnWidth + gap);
    flow.font("bold", 10);
    doc.text(label, x, flow.y);
    doc.setDrawColor(40);
    doc.setLineWidth(0.3);
    doc.line(x, flow.y + 16, x + columnWidth, flow.y + 16);
    if (name.trim() !== "") {
      flow.font("normal", 10);
      doc.text(doc.splitTextToSize(name, columnWidth) as string[], x + columnWidth / 2, flow.y + 21, { align: "center" });
    } else {
      flow.font("normal", 9, 70);
      doc.text("Signature over printed name", x + columnWidth / 2, flow.y + 21, { align: "center" });
    }
  });
  flow.y += 26;
}

/** Builds the slip of one van's move out of the yard; answers the bytes of a PDF file. */
export function buildCargoTransferSlipPdf(view: CargoTransferSlipDocument): Uint8Array {
  const inbound = view.inbound;
  const { flow, finish } = startDocument({
    title: `${inbound ? "Inbound " : ""}Cargo Transfer Slip`, subject: inbound ? "Inbound cargo transfer slip" : "Cargo transfer slip", reference: view.ctsNum,
    generatedAt: view.generatedAt, copy: view.copy, banner: isCancelled(view.status) ? CANCELLED : undefined,
  });
  const { doc } = flow;

  // One label width for the whole slip, wide enough for "Locator amount", so the values line up in two columns.
  const pair = (left: [string, string][], right: [string, string][], labelWidth = 32) => flow.fieldColumns(left, right, labelWidth);

  const voyage = view.voyageRef ? `${view.voyageNum} (${view.voyageRef})` : view.voyageNum;
  if (inbound) {
    pair([
      ["CTS No.", view.ctsNum],
      ["Date issued", documentDate(view.dateIssued)],
      ["Time out", documentDate(inbound.dateTimeOut)],
      ["Branch", view.branchName],
      ["Status", view.status],
    ], [
      ["Waybill", inbound.wayBillRef],
      ["CRO No.", inbound.cargoReleaseOrderId],
      ["Booking Ref", view.bookingRef],
      ["Voyage", voyage],
      ["Vessel", view.vesselName],
      ["Shipper", view.shipperName],
      ["Consignee", view.consigneeName],
      ["Origin", inbound.originName],
    ]);
  } else {
    pair([
      ["CTS No.", view.ctsNum],
      ["Date issued", documentDate(view.dateIssued)],
      ["Branch", view.branchName],
      ["Status", view.status],
    ], [
      ["Booking Ref", view.bookingRef],
      ["Voyage", voyage],
      ["Vessel", view.vesselName],
      ["Shipper", view.shipperName],
      ["Consignee", view.consigneeName],
      ["Destination", view.destinationName],
    ]);
  }

  flow.heading("Container van");
  const vanLeft: [string, string][] = [
    ["Van No.", view.containerVanNum],
    ["Size / type", sizeAndType(view.size, view.vanType)],
  ];
  if (view.isShipperOwned) vanLeft.push(["Owner", "Shipper-owned"]);
  pair(vanLeft, [
    ["Van status", view.vanStatus],
    ["Van locator", view.vanLocator],
    ["Locator amount", `PHP ${formatAmount(view.vanLocatorAmount)}`],
  ]);
  if (view.numberOverride) {
    // Under the van's fields, so the yard sees that a number failing its check digit was let through on purpose.
    const note = `Number accepted without a valid check digit: ${view.numberOverride.reason} (${view.numberOverride.by})`;
    flow.font("italic", 9, 20);
    doc.setTextColor(150, 20, 10);
    const lines = doc.splitTextToSize(note, flow.contentWidth) as string[];
    flow.ensure(lines.length * 4.2 + 1);
    doc.text(lines, MARGIN, flow.y + 0.5);
    flow.y += lines.length * 4.2 + 1;
  }

  flow.heading("Trucking");
  pair([
    ["Trucker", view.truckerName],
    ["Plate No.", view.plateNum],
    ["Driver", view.driver],
  ], [
    ["From CY", view.fromCyName],
    [`To ${view.toParty}`, view.toName],
  ]);
  flow.ensure(10);
  flow.y = flow.fields(MARGIN, flow.y, 32, flow.contentWidth - 32, [["Remarks", view.remarks.trim() === "" ? "-" : view.remarks]]) + 1;

  if (isDamaged(view.vanStatus)) {
    flow.heading("Damage");
    flow.ensure(DIAGRAM_HEIGHT + 2);
    const unplaced = drawDamageDiagram(doc, MARGIN, flow.y, view.damages.map((d) => d.vanPart));
    flow.y += DIAGRAM_HEIGHT;
    if (unplaced.length > 0) {
      flow.font("italic", 9, 70);
      const lines = doc.splitTextToSize(`Not shown on the diagram: ${unplaced.join(", ")}`, flow.contentWidth) as string[];
      doc.text(lines, MARGIN, flow.y);
      flow.y += lines.length * 4.2 + 1;
    }
    if (view.damages.length === 0) {
      flow.font("italic", 9, 90);
      doc.text("No damage recorded.", MARGIN, flow.y);
      flow.y += 5;
    } else {
      flow.table({
        head: [["No.", "Part", "Damage"]],
        body: view.damages.map((d) => [partNumber(d.vanPart), d.vanPart, d.damageType]),
        columnStyles: { 0: { cellWidth: 14, halign: "center" }, 1: { cellWidth: 84 } },
      });
    }
  }

  signatureRow(flow, [["Issued by", view.issuedBy], ["Trucker / driver", view.driver], ["Yard checker", ""]], 8);

  return finish();
}
