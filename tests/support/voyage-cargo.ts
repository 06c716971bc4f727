import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { bookingTarget, bookingWorkflow, recordCargoStage } from "../../api/modules/bookings/index.ts";
import { waybillWorkflow } from "../../api/modules/outbound/waybills/rules.ts";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { nextNumber } from "../../api/shared/numbering.ts";
import { transition, type WorkflowActor } from "../../api/shared/workflow.ts";
import type { Db } from "../../db/client.ts";
import { bookings, containerVans, containerYards, loadListEntries, loadListReleases, tallySheetLines, tallySheets, voyageSchedules, waybills } from "../../db/schema/index.ts";
import { type BookingWorld, PTP_BOOKING } from "./bookings.ts";

/**
 * Cargo on a voyage of the booking world, for the tests of the voyage's documents, dispatch lists and
 * reguiding: bookings whose vans are out, their waybills, and what the load list and the pier's tally make of
 * them. The load list and the tally sheets are another part's screens; here their rows are written as those
 * screens write them (records in their tables, statuses moved through the workflows, cargo stages 2 to 4).
 */

const json = (res: Response) => res.json() as Promise<any>;
let vanSerial = 700000;

/** The yard of the Manila branch the vans stand at. */
export const YARD = "VCCY1";

/** The Manila yard the vans of these tests stand at; call once per database. */
export async function openYard(db: Db): Promise<void> {
  await db.insert(containerYards).values({ code: YARD, name: "Manila South Harbor CY", branchCode: "MNL" }).onConflictDoNothing();
}

/** A fresh valid van number of the line, empty at the Manila yard. */
export async function newVan(db: Db, size = "20"): Promise<string> {
  const first = `LADU${String(vanSerial++).padStart(6, "0")}`;
  const code = `${first}${containerCheckDigit(first)}`;
  await db.insert(containerVans).values({ code, size, vanType: "DRY", condition: "Empty", cyCode: YARD });
  return code;
}

/** `n` bookings of one batch on `voyageNum`, confirmed, their ATW issued and each van out on a transfer slip. */
export async function bookingsWithVansOut(db: Db, w: BookingWorld, n: number, voyageNum = w.voyageNum, booking: Record<string, unknown> = PTP_BOOKING) {
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum, customerCode: "PHT", remarks: "", bookings: Array(n).fill(booking) });
  expect(opened.status, JSON.stringify(await opened.clone().json())).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  const refs = batch.bookings.map((b: any) => b.bookingRef) as string[];
  expect((await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK1" })).status).toBe(200);
  for (const ref of refs) {
    const cts = await w.call("yard", "POST", "/OutBound/cts/create", {
      bookingRef: ref, containerVanNum: await newVan(db), truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", toParty: "Shipper", vanStatus: "Empty",
    });
    expect(cts.status, JSON.stringify(await cts.clone().json())).toBe(201);
  }
  return { bookingBatchRef: batch.bookingBatchRef as string, refs };
}

/** The waybill of each booking, issued through the waybill call with a seal number. */
export async function waybillsOf(w: BookingWorld, refs: string[]): Promise<{ wayBillRef: string; bookingRef: string; containerVanNum: string }[]> {
  const out = [];
  for (const [i, bookingRef] of refs.entries()) {
    const made = await w.call("yard", "POST", "/OutBound/waybill/create", { bookingRef });
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    const wb = (await json(made)).data;
    const sealed = await w.call("yard", "PUT", `/OutBound/waybill/update/${wb.wayBillRef}`, { dateModified: wb.dateModified, sealNum: `SEAL-${i + 1}` });
    expect(sealed.status).toBe(200);
    out.push({ wayBillRef: wb.wayBillRef as string, bookingRef, containerVanNum: wb.containerVanNum as string });
  }
  return out;
}

/** The outbound clerk the loading steps are taken as. */
export const LOADER: WorkflowActor = { userId: "bk-yard", menus: new Set(["OUTBOUND"]), capabilities: new Set() };

/** Puts waybills on a new release of the voyage's load list, as the load list screen does. Answers the release. */
export async function onLoadList(db: Db, voyageNum: string, wayBillRefs: string[]): Promise<string> {
  const now = new Date();
  return await db.transaction(async (tx) => {
    const releaseId = await nextNumber(tx, { series: "RL", branchCode: "MNL", on: now });
    await tx.insert(loadListReleases).values({ releaseId, releaseType: "Partial Release", voyageNum, branchCode: "MNL", userCreated: LOADER.userId });
    for (const ref of wayBillRefs) {
      const [wb] = await tx.select().from(waybills).where(eq(waybills.wayBillRef, ref));
      await tx.insert(loadListEntries).values({ releaseId, wayBillRef: ref, dateAdded: now, addedBy: LOADER.userId });
      await recordCargoStage(tx, wb.bookingRef, 2, now);
      await transition(tx, waybillWorkflow, waybillTarget, { id: wb.id, action: "addToLoadList", actor: LOADER, set: { releaseType: "Partial Release", releaseTag: releaseId } });
    }
    return releaseId;
  });
}

const waybillTarget = { table: waybills, id: waybills.id, status: waybills.status, dateModified: waybills.dateModified, label: waybills.wayBillRef };

export interface CountedVan {
  wayBillRef?: string;
  bookingRef?: string;
  containerVanNum: string;
  size?: string;
  sealNum?: string;
}

/**
 * The pier's loading tally of the voyage for one destination: each van counted (full with its waybill, or empty
 * without one). With `final`, the tally is made final as the final tally does it: the counted waybills and
 * bookings are loaded through their workflows and the voyage's final-tally date is set.
 */
export async function tallied(db: Db, voyageNum: string, vans: CountedVan[], options: { final: boolean; at?: Date; destination?: string }) {
  const at = options.at ?? new Date();
  return await db.transaction(async (tx) => {
    const tallySheetNum = await nextNumber(tx, { series: "TS", branchCode: "MNL", on: at });
    const [sheet] = await tx.insert(tallySheets).values({
      tallySheetNum, tallySheetType: "Loading", status: options.final ? "Final" : "Open", voyageNum, branchCode: "MNL",
      destinationBranchCode: options.destination ?? "CEB", timeStarted: at, timeFinished: options.final ? at : null,
      dateFinalized: options.final ? at : null, finalizedBy: options.final ? LOADER.userId : null, userCreated: LOADER.userId,
    }).returning();
    for (const [i, van] of vans.entries()) {
      await tx.insert(tallySheetLines).values({
        tallySheetId: sheet.id, entryId: `entry-${tallySheetNum}-${i}`, wayBillRef: van.wayBillRef ?? null, bookingRef: van.bookingRef ?? null,
        containerVanNum: van.containerVanNum, containerType: van.wayBillRef ? "FL" : "MT", size: van.size ?? "20", sealNum: van.sealNum ?? "",
        truckingCode: "TRK1", plateNum: "ABC 1235", driver: "Efren Bautista", cyPullOutCode: YARD, timeTallied: new Date(at.getTime() + i * 60_000),
        userCreated: LOADER.userId,
      });
      if (!van.wayBillRef) continue;
      const [wb] = await tx.select().from(waybills).where(eq(waybills.wayBillRef, van.wayBillRef));
      await recordCargoStage(tx, wb.bookingRef, 3, at);
      if (!options.final) continue;
      await recordCargoStage(tx, wb.bookingRef, 4, at);
      await transition(tx, waybillWorkflow, waybillTarget, { id: wb.id, action: "load", actor: LOADER });
      const [booking] = await tx.select().from(bookings).where(eq(bookings.bookingRef, wb.bookingRef));
      await transition(tx, bookingWorkflow, bookingTarget, { id: booking.id, action: "load", actor: LOADER });
    }
    if (options.final) await tx.update(voyageSchedules).set({ finalTallyAt: at }).where(eq(voyageSchedules.voyageNum, voyageNum));
    return tallySheetNum;
  });
}
