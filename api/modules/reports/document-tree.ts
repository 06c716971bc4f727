import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  bookings,
  cargoDeliveryReceipts,
  cargoReleaseOrders,
  customers,
  inboundCts,
  loadListEntries,
  loadListReleases,
  outboundCts,
  salesQuotations,
  tallySheetLines,
  tallySheets,
  unloadListEntries,
  unloadListReleases,
  vanIns,
  waybills,
} from "../../../db/schema/index.ts";
import { type BranchScope, findInScope } from "../../shared/branch-scope.ts";
import { PAGES, pathTo } from "../../shared/page-paths.ts";
import { DOCUMENT_KINDS, type DocumentKind, type DocumentNode, type DocumentTree } from "./schemas.ts";

/**
 * The document tree of a booking (001 §7): every document its cargo made, in the order the chain makes them,
 * quotation → booking → CTS → waybill → load list → tally → unload list → CRO → delivery receipt → van-in, each
 * with the page that shows it; at the destination the unloading tally and the inbound transfer slip stand beside
 * the unload list and the release order. A kind of document the cargo has not reached yet is named under `missing`
 * instead. A booking of another branch answers 404 as one that does not exist.
 */

const labelOf = (kind: DocumentKind) => DOCUMENT_KINDS.find((k) => k.kind === kind)!.label;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const search = (path: string, text: string) => `${path}?search=${encodeURIComponent(text)}`;

export async function documentTreeOf(db: Db, scope: BranchScope, bookingRef: string): Promise<DocumentTree> {
  const booking = await findInScope(db, bookings, bookings.branchCode, scope, eq(bookings.bookingRef, bookingRef.toUpperCase()),
    `Booking ${bookingRef} was not found.`);
  const nodes: DocumentNode[] = [];
  const node = (kind: DocumentKind, n: Omit<DocumentNode, "kind" | "label">) => nodes.push({ kind, label: labelOf(kind), ...n });

  if (booking.sqRefNum) {
    const [quotation] = await db.select().from(salesQuotations).where(eq(salesQuotations.sqRefNum, booking.sqRefNum));
    if (quotation) {
      node("quotation", {
        reference: quotation.sqRefNum, status: quotation.status, date: iso(quotation.dateCreated),
        link: pathTo(PAGES.sqRead, { sqRefNum: quotation.sqRefNum }), detail: `Lane ${booking.sqdocNum ?? ""}`.trim(),
      });
    }
  }
  node("booking", {
    reference: booking.bookingRef, status: booking.status, date: iso(booking.dateCreated),
    link: pathTo(PAGES.bookingBatch, { voyageNum: booking.voyageNum, bookingBatchRef: booking.bookingBatchRef }),
    detail: `Voyage ${booking.voyageNum}, batch ${booking.bookingBatchRef}`,
  });

  const slips = await db.select().from(outboundCts).where(eq(outboundCts.bookingRef, booking.bookingRef)).orderBy(asc(outboundCts.dateIssued));
  for (const slip of slips) {
    node("cts", {
      reference: slip.ctsNum, status: slip.status, date: iso(slip.dateIssued), link: search(PAGES.outboundCts, slip.ctsNum),
      detail: `Van ${slip.containerVanNum}`,
    });
  }

  // A tandem waybill carries two bookings: it belongs to the tree of either.
  const bills = await db.select().from(waybills)
    .where(or(eq(waybills.bookingRef, booking.bookingRef), eq(waybills.tandemBookingRef, booking.bookingRef)))
    .orderBy(asc(waybills.datePrepared));
  for (const bill of bills) {
    node("waybill", {
      reference: bill.wayBillRef, status: bill.status, date: iso(bill.datePrepared), link: search(PAGES.waybills, bill.wayBillRef),
      detail: `${bill.branchCode} → ${bill.destinationBranchCode}`,
    });
  }
  const refs = bills.map((b) => b.wayBillRef);

  if (refs.length > 0) {
    // The release the waybill is on now (one taken off a release is no longer on its list).
    const releases = await db.select({ release: loadListReleases, entry: loadListEntries }).from(loadListEntries)
      .innerJoin(loadListReleases, eq(loadListReleases.releaseId, loadListEntries.releaseId))
      .where(and(inArray(loadListEntries.wayBillRef, refs), isNull(loadListEntries.dateRemoved)))
      .orderBy(asc(loadListEntries.dateAdded));
    for (const { release, entry } of releases) {
      node("loadList", {
        reference: release.releaseId, status: release.releaseType, date: iso(entry.dateAdded),
        link: pathTo(PAGES.loadListEntry, { voyageNum: release.voyageNum, releaseId: release.releaseId }),
        detail: `Waybill ${entry.wayBillRef} on voyage ${release.voyageNum}`,
      });
    }

    const counted = await db.select({ sheet: tallySheets, line: tallySheetLines }).from(tallySheetLines)
      .innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
      .where(and(inArray(tallySheetLines.wayBillRef, refs), isNull(tallySheetLines.dateRemoved), eq(tallySheets.tallySheetType, "Loading")))
      .orderBy(asc(tallySheetLines.timeTallied));
    for (const { sheet, line } of counted) {
      node("tally", {
        reference: sheet.tallySheetNum, status: sheet.status, date: iso(line.timeTallied),
        link: pathTo(PAGES.loadingTallySheet, { voyageNum: sheet.voyageNum }),
        detail: `Van ${line.containerVanNum} counted`,
      });
    }

    // At the destination: the unload release it is on now, the van counted off the vessel, the release order, the
    // van trucked out to the consignee, the delivery receipt and the van back.
    const unloading = await db.select({ release: unloadListReleases, entry: unloadListEntries }).from(unloadListEntries)
      .innerJoin(unloadListReleases, eq(unloadListReleases.releaseId, unloadListEntries.releaseId))
      .where(and(inArray(unloadListEntries.wayBillRef, refs), isNull(unloadListEntries.dateRemoved)))
      .orderBy(asc(unloadListEntries.dateAdded));
    for (const { release, entry } of unloading) {
      node("unloadList", {
        reference: release.releaseId, status: release.releaseType, date: iso(entry.dateAdded),
        link: pathTo(PAGES.unloadList, { voyageNum: release.voyageNum }),
        detail: `Waybill ${entry.wayBillRef} at ${release.branchCode}`,
      });
    }
    const unloaded = await db.select({ sheet: tallySheets, line: tallySheetLines }).from(tallySheetLines)
      .innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
      .where(and(inArray(tallySheetLines.wayBillRef, refs), isNull(tallySheetLines.dateRemoved), eq(tallySheets.tallySheetType, "Unloading")))
      .orderBy(asc(tallySheetLines.timeTallied));
    for (const { sheet, line } of unloaded) {
      node("tally", {
        reference: sheet.tallySheetNum, status: sheet.status, date: iso(line.timeTallied),
        link: pathTo(PAGES.unloadingTallySheet, { voyageNum: sheet.voyageNum }),
        detail: `Van ${line.containerVanNum} counted off the vessel at ${sheet.branchCode}`,
      });
    }
    const [orders, vansOut, receipts, returns] = await Promise.all([
      db.select().from(cargoReleaseOrders).where(inArray(cargoReleaseOrders.wayBillRef, refs)).orderBy(asc(cargoReleaseOrders.dateReleased)),
      db.select().from(inboundCts).where(inArray(inboundCts.wayBillRef, refs)).orderBy(asc(inboundCts.dateIssued)),
      db.select().from(cargoDeliveryReceipts).where(inArray(cargoDeliveryReceipts.wayBillRef, refs)).orderBy(asc(cargoDeliveryReceipts.dateReleased)),
      db.select().from(vanIns).where(inArray(vanIns.wayBillRef, refs)).orderBy(asc(vanIns.dateReturned)),
    ]);
    for (const order of orders) {
      node("cro", {
        reference: order.cargoReleaseOrderId, status: order.status, date: iso(order.dateReleased),
        link: search(PAGES.cargoReleaseOrders, order.cargoReleaseOrderId), detail: `Waybill ${order.wayBillRef} released at ${order.branchCode}`,
      });
    }
    for (const slip of vansOut) {
      node("cts", {
        reference: slip.ctsNum, status: slip.status, date: iso(slip.dateIssued), link: search(PAGES.inboundCts, slip.ctsNum),
        detail: `Van ${slip.containerVanNum} out to the consignee`,
      });
    }
    for (const receipt of receipts) {
      node("deliveryReceipt", {
        reference: receipt.cargoDeliveryReceiptId, status: "Received", date: iso(receipt.dateReleased),
        link: search(PAGES.inboundCts, receipt.ctsNum), detail: `Received by ${receipt.receivedBy}`,
      });
    }
    for (const back of returns) {
      node("vanIn", {
        reference: back.vanInId, status: "Returned", date: iso(back.dateReturned), link: search(PAGES.vanIn, back.vanInId),
        detail: `Van ${back.tandemCodeIds.join(" / ")} back at ${back.cyCode}`,
      });
    }
  }

  const [shipper] = await db.select({ company: customers.company }).from(customers).where(eq(customers.code, booking.customerCode));
  const present = new Set(nodes.map((n) => n.kind));
  return {
    bookingRef: booking.bookingRef,
    voyageNum: booking.voyageNum,
    customerCode: booking.customerCode,
    customerName: shipper?.company ?? booking.customerCode,
    data: nodes,
    missing: DOCUMENT_KINDS.filter((k) => !present.has(k.kind)).map((k) => k.label),
  };
}
