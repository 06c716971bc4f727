import { COMPANY_NAME } from "./list-pdf.ts";
import { MARGIN, PageFlow } from "./sales-quotation.ts";
import { drawCopyWatermark } from "./watermark.ts";
import { manilaTimestamp } from "../../api/shared/dates.ts";

/**
 * The heading most A4 printouts share (the slips, the receipts, the release order, the waybill, the invoice): the
 * company and the document's title with its number under them over a rule on every page, the print time and the
 * number in the footers, COPY across a copy, and the PDF's own title and subject.
 */

export interface DocumentHeading {
  /** "Cargo Release Order": the PDF's title with the number after it, and the page heading in capitals. */
  title: string;
  /** The PDF's subject: "Cargo release order". */
  subject: string;
  /** The document's number, in the PDF's title, under the page heading and in the footers. */
  reference: string;
  generatedAt: Date;
  /** Printed by someone who is not DAT staff: every page carries the watermark COPY. */
  copy: boolean;
  /** A warning band under the heading of every page (a cancelled slip, a voided receipt); the body starts below it. */
  banner?: string;
}

/** The body starts under the heading's rule, and lower by the band's room when a banner is printed. */
const BODY_TOP = 32;
const BANNER_ROOM = 10;
const BANNER_Y = 28;

/**
 * Starts a document under `heading`: the page flow to draw the body on, and `finish`, which answers the bytes of
 * the PDF file once the body is drawn.
 */
export function startDocument(heading: DocumentHeading): { flow: PageFlow; finish: () => Uint8Array } {
  const flow = new PageFlow(heading.banner === undefined ? BODY_TOP : BODY_TOP + BANNER_ROOM);
  flow.doc.setProperties({ title: `${heading.title} ${heading.reference}`, subject: heading.subject, creator: COMPANY_NAME });
  const finish = () => {
    finishPages(flow, heading);
    return flow.bytes();
  };
  return { flow, finish };
}

/**
 * The heading on every page, put on last so that the pages the body's tables added carry it too, the footers with
 * the print time, and COPY across every page of a copy.
 */
function finishPages(flow: PageFlow, heading: DocumentHeading): void {
  const { doc } = flow;
  for (let page = 1; page <= doc.getNumberOfPages(); page++) {
    doc.setPage(page);
    flow.font("bold", 14);
    doc.text(COMPANY_NAME, MARGIN, 15);
    doc.text(heading.title.toUpperCase(), flow.width - MARGIN, 15, { align: "right" });
    flow.font("normal", 10, 60);
    doc.text(heading.reference, flow.width - MARGIN, 21, { align: "right" });
    doc.setDrawColor(160);
    doc.setLineWidth(0.3);
    doc.line(MARGIN, 25, flow.width - MARGIN, 25);
    if (heading.banner !== undefined) flow.banner(heading.banner, BANNER_Y);
  }
  flow.footers(`Printed ${manilaTimestamp(heading.generatedAt)} (Manila time)`, heading.reference);
  if (heading.copy) drawCopyWatermark(doc);
}
