import type { jsPDF } from "jspdf";
import { COMPANY_NAME } from "./list-pdf.ts";

/**
 * The company's mark on a printout, drawn with the PDF's own shapes: the same container on a hull as the web
 * app's mark (web/src/components/Logo.tsx), in a square as high as the box, and the name beside it. Drawn
 * rather than placed as a picture, so it needs no image file and prints sharp at any size.
 */
export function drawLogo(doc: jsPDF, x: number, y: number, width: number, height: number): void {
  const side = Math.min(height, width);
  const unit = side / 32;
  const at = (u: number) => u * unit;
  doc.saveGraphicsState();
  doc.setFillColor(45, 114, 210);
  doc.roundedRect(x, y, side, side, at(6), at(6), "F");
  doc.setFillColor(255, 255, 255);
  doc.roundedRect(x + at(8), y + at(8), at(7), at(7), at(1), at(1), "F");
  doc.setFillColor(214, 228, 248);
  doc.roundedRect(x + at(17), y + at(8), at(7), at(7), at(1), at(1), "F");
  // The hull: a band narrowing to its keel.
  doc.setFillColor(255, 255, 255);
  doc.triangle(x + at(4), y + at(18), x + at(28), y + at(18), x + at(24.5), y + at(25), "F");
  doc.triangle(x + at(4), y + at(18), x + at(24.5), y + at(25), x + at(7.5), y + at(25), "F");
  const textLeft = x + side + 3;
  const room = x + width - textLeft;
  if (room > 8) {
    doc.setFont("helvetica", "bold");
    doc.setTextColor(45, 114, 210);
    doc.setFontSize(Math.min(22, height * 0.8));
    doc.text(COMPANY_NAME, textLeft, y + height * 0.55, { maxWidth: room });
    doc.setFont("helvetica", "normal");
    doc.setTextColor(95, 107, 124);
    doc.setFontSize(Math.min(7, height * 0.26));
    doc.text("Sea freight and trucking", textLeft, y + height * 0.82, { maxWidth: room });
  }
  doc.restoreGraphicsState();
}
