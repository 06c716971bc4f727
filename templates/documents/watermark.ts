import { GState, type jsPDF } from "jspdf";

/**
 * A large, light word drawn corner to corner across every page of a document ("COPY" on a slip printed by
 * someone outside the line, later the waybill copies). It is drawn see-through over whatever is on the page,
 * so a figure under it still reads; call it once the pages are complete, since it marks the pages there are.
 */
export function drawCopyWatermark(doc: jsPDF, word = "COPY"): void {
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  // Along the diagonal from the lower left corner to the upper right one.
  const angle = (Math.atan2(height, width) * 180) / Math.PI;
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.saveGraphicsState();
    doc.setGState(new GState({ opacity: 0.22, "stroke-opacity": 0.22 }));
    doc.setFont("helvetica", "bold");
    doc.setFontSize(150);
    doc.setTextColor(110);
    // jsPDF turns text about its own start point; start it so that the word's middle falls on the page's middle.
    const length = doc.getTextWidth(word);
    const radians = (angle * Math.PI) / 180;
    const ascent = (150 * 0.3528) * 0.35;
    const x = width / 2 - (length / 2) * Math.cos(radians) + ascent * Math.sin(radians);
    const y = height / 2 + (length / 2) * Math.sin(radians) + ascent * Math.cos(radians);
    doc.text(word, x, y, { angle });
    doc.restoreGraphicsState();
  }
}
