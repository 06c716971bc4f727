import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { bookings, voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { issueCts } from "../cts/service.ts";
import { issueCtsBody } from "../cts/schemas.ts";
import { createWaybill, updateWaybill } from "../waybills/service.ts";
import { captureTallyLine, createTallySheet, finalizeTallySheet, sheetByNum } from "../tally-sheets/service.ts";
import { tallyEntryBody } from "../tally-sheets/schemas.ts";
import { createRelease, releaseLoadList, updateRelease } from "./service.ts";

const HOUR = 3_600_000;

/** The voyage of the demo line that is being loaded, leaving in three days (api/modules/voyages/demo.ts). */
const LOADING_VOYAGE_REF = "DEMO-LOADING";
/** The line's empty 20' van at the second Manila yard that goes on the open voyage as an empty (db/seed/demo.ts). */
const EMPTY_VAN = "LDGU2010040";
/** The vans the loading voyage's bookings take out (db/seed/demo.ts). */
const LOADING_VANS = ["LDGU2010122", "LDGU2010138", "LDGU2010143"];

/**
 * The loading part of the demo line, made by the outbound yard through the services staff use:
 *
 * - on the open voyage, the bookings whose waybills the outbound demo made go on a release that is released; the
 *   Cebu tally sheet counts their vans and an empty van of the line, and its final tally loads the bookings (At
 *   Vessel Loaded);
 * - on the voyage leaving in three days, the bookings the bookings demo made for it get their vans out and their
 *   waybills; two of them are on an open release and one van is already counted on the Cebu sheet, the third
 *   (for Davao) still waits for the list.
 */
export async function seedDemoLoading(db: Db, { people, now, linkBase }: DemoContext): Promise<Record<string, number>> {
  const { yard } = people;
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  const entry = (n: number) => `demo-entry-${String(n).padStart(4, "0")}`;

  // The open voyage: the waybills the outbound demo made, in the order they were made.
  const open = await db.select({ voyageNum: waybills.voyageNum, wayBillRef: waybills.wayBillRef }).from(waybills)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .where(and(eq(voyageSchedules.voyageRef, "DEMO-OPEN"), eq(waybills.status, "Draft"))).orderBy(asc(waybills.id));
  if (open.length === 0) return { releases: 0 };
  const [{ voyageNum: openVoyage }] = open;
  let release = (await createRelease(db, yard, { voyageNum: openVoyage, remarks: "Stuffed at the shipper's, sealed at the gate" })).data;
  release = (await updateRelease(db, yard, release.releaseId, {
    dateModified: release.dateModified, entries: open.map((w) => ({ wayBillRef: w.wayBillRef, status: "add" })),
  })).data;
  await releaseLoadList(db, yard, release.releaseId, { dateModified: release.dateModified });
  const sheet = (await createTallySheet(db, yard, { voyageNum: openVoyage, destinationBranchCode: "CEB", timeStarted: at(-3 * HOUR), remarks: "Berth 4, gang 2" })).data;
  for (const [i, w] of open.entries()) {
    await captureTallyLine(db, yard, sheet.tallySheetNum, tallyEntryBody.parse({
      entryId: entry(1 + i), wayBillRef: w.wayBillRef, containerType: "FL", truckingCode: "TRK-001", plateNum: "NBC 1235", driver: "Efren Bautista",
      cyPullOutCode: "MNL-CY1", timeTallied: at(-2 * HOUR + i * 10 * 60_000),
    }));
  }
  const counted = open.length;
  await captureTallyLine(db, yard, sheet.tallySheetNum, tallyEntryBody.parse({
    entryId: entry(counted + 1), containerVanNum: EMPTY_VAN, containerType: "MT", truckingCode: "TRK-001", plateNum: "NDA 7781", driver: "Rodel Mendoza",
    cyPullOutCode: "MNL-CY2", remarks: "Empty repositioned to Cebu", timeTallied: at(-75 * 60_000),
  }));
  const ready = await sheetByNum(db, sheet.tallySheetNum, yard);
  await finalizeTallySheet(db, yard, sheet.tallySheetNum, { dateModified: ready.dateModified, timeFinished: at(-HOUR) }, { linkBase });

  // The voyage being loaded: its bookings' vans go out, their waybills are made, and the loading begins.
  const waiting = await db.select({ bookingRef: bookings.bookingRef, destination: bookings.destinationBranchCode, voyageNum: bookings.voyageNum })
    .from(bookings).innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, bookings.voyageNum))
    .where(and(eq(voyageSchedules.voyageRef, LOADING_VOYAGE_REF), eq(bookings.status, "ATW Issued"))).orderBy(asc(bookings.id));
  const made: { wayBillRef: string; destination: string }[] = [];
  for (const [i, b] of waiting.slice(0, LOADING_VANS.length).entries()) {
    await issueCts(db, yard, issueCtsBody.parse({
      bookingRef: b.bookingRef, containerVanNum: LOADING_VANS[i], truckingCode: "TRK-002", plateNum: "DAB 4412", driver: "Arnel Castillo",
      toParty: "Shipper", vanStatus: "Empty",
    }));
    const waybill = (await createWaybill(db, yard, { bookingRef: b.bookingRef })).data;
    await updateWaybill(db, yard, waybill.wayBillRef, { dateModified: waybill.dateModified, sealNum: `MNL-05${String(20 + i).padStart(5, "0")}` });
    made.push({ wayBillRef: waybill.wayBillRef, destination: b.destination });
  }
  if (made.length === 0) return { releases: 1, tallySheets: 1, tallySheetLines: counted + 1, transferSlips: 0, waybills: 0 };
  const [voyageNum] = waiting.map((b) => b.voyageNum);
  const toCebu = made.filter((m) => m.destination === "CEB");
  let next = (await createRelease(db, yard, { voyageNum, remarks: "" })).data;
  next = (await updateRelease(db, yard, next.releaseId, { dateModified: next.dateModified, entries: toCebu.map((m) => ({ wayBillRef: m.wayBillRef, status: "add" })) })).data;
  const cebu = (await createTallySheet(db, yard, { voyageNum, destinationBranchCode: "CEB", timeStarted: at(-HOUR), remarks: "" })).data;
  if (toCebu[0]) {
    await captureTallyLine(db, yard, cebu.tallySheetNum, tallyEntryBody.parse({
      entryId: entry(counted + 2), wayBillRef: toCebu[0].wayBillRef, containerType: "FL", truckingCode: "TRK-002", plateNum: "DAB 4412", driver: "Arnel Castillo",
      cyPullOutCode: "MNL-CY1", timeTallied: at(-30 * 60_000),
    }));
  }
  return { releases: 2, tallySheets: 2, tallySheetLines: counted + 1 + (toCebu[0] ? 1 : 0), transferSlips: made.length, waybills: made.length };
}
