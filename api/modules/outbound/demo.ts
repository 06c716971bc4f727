import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { bookings, voyageSchedules } from "../../../db/schema/index.ts";
import type { DemoContext } from "../manifest.ts";
import { issueCts } from "./cts/service.ts";
import { issueCtsBody } from "./cts/schemas.ts";
import { seedDemoLoading } from "./load-lists/demo.ts";
import { createWaybill, updateWaybill } from "./waybills/service.ts";
import { seedDemoStowage } from "./stowage/demo.ts";
import { seedDemoDispatch } from "./dispatch/demo.ts";

/** The van of the freight-collect booking, an empty 20' van at the first Manila yard (db/seed/demo.ts). */
const COLLECT_VAN = "LDGU2010159";

/**
 * The outbound part of the demo line, on the bookings whose withdrawal (ATW) the bookings demo issued: the first
 * waits for its van; the second's van has left on a transfer slip, dented on the roof and loose at the door; the
 * third's van left too, came back stuffed, got its waybill (charges split between Manila and Cebu, the cargo going
 * with a permit, so the lane's permit fee is billed) and is loaded on the vessel by its load list and final tally
 * (load-lists/demo.ts, which also loads the voyage leaving in three days); the fourth, freight collect, goes the
 * same way beside it, its consignee to pay at Cebu. Then the yard's pick-up lists of the
 * voyage's door bookings (dispatch/demo.ts).
 */
export async function seedDemoOutbound(db: Db, ctx: DemoContext): Promise<Record<string, number>> {
  const { yard } = ctx.people;
  const waiting = await db.select({ bookingRef: bookings.bookingRef, id: bookings.id, consignee: bookings.consigneeName }).from(bookings)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
    .where(and(eq(voyageSchedules.voyageRef, "DEMO-OPEN"), eq(bookings.status, "ATW Issued")))
    .orderBy(asc(bookings.id));
  if (waiting.length < 4) return { transferSlips: 0 };
  const [, damaged, loaded, collect] = waiting;
  await issueCts(db, yard, issueCtsBody.parse({
    bookingRef: damaged.bookingRef, containerVanNum: "LDGU2010014", truckingCode: "TRK-001", plateNum: "NBC 1234", driver: "Rodel Mendoza",
    toParty: "Shipper", vanStatus: "Damaged", damages: [{ vanPart: "Roof Panel", damageType: "Dented" }, { vanPart: "Door Assembly", damageType: "Loose" }],
    vanLocator: "Row 3, bay 7", vanLocatorAmount: "350.00", remarks: "Shipper to note the dent on the roof before stuffing",
  }));
  await issueCts(db, yard, issueCtsBody.parse({
    bookingRef: loaded.bookingRef, containerVanNum: "LDGU2010020", truckingCode: "TRK-001", plateNum: "NBC 1235", driver: "Efren Bautista",
    toParty: "Shipper", vanStatus: "Empty", vanLocator: "Row 3, bay 8", vanLocatorAmount: "350.00",
  }));
  const waybill = (await createWaybill(db, yard, { bookingRef: loaded.bookingRef })).data;
  await updateWaybill(db, yard, waybill.wayBillRef, {
    dateModified: waybill.dateModified, isSplitCharge: true, sealNum: "MNL-0456712", isStuffing: true, isWithPermit: true,
    placeIssuedAddress: "Pier 2, North Harbor, Tondo, Manila",
  });
  // The freight-collect booking: its van went out, came back stuffed and sealed; billed whole at Cebu.
  await issueCts(db, yard, issueCtsBody.parse({
    bookingRef: collect.bookingRef, containerVanNum: COLLECT_VAN, truckingCode: "TRK-001", plateNum: "NBC 1236", driver: "Efren Bautista",
    toParty: "Shipper", vanStatus: "Empty",
  }));
  const collectWaybill = (await createWaybill(db, yard, { bookingRef: collect.bookingRef })).data;
  await updateWaybill(db, yard, collectWaybill.wayBillRef, { dateModified: collectWaybill.dateModified, sealNum: "MNL-0456713", isStuffing: true });
  // Loaded through the load list and the tally sheet, with the voyage being loaded beside it; then stowed.
  const loading = await seedDemoLoading(db, ctx);
  const stowage = await seedDemoStowage(db, ctx);
  const dispatch = await seedDemoDispatch(db, ctx);
  return { ...loading, transferSlips: 3 + (loading.transferSlips ?? 0), waybills: 2 + (loading.waybills ?? 0), ...stowage, ...dispatch };
}
