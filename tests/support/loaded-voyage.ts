import { and, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import type { Db } from "../../db/client.ts";
import { bookings, cargoTypes, containerVans, containerYards, customers, tallySheetLines, tallySheets, voyageSchedules, waybills } from "../../db/schema/index.ts";
import { type BookingWorld, PTP_BOOKING } from "./bookings.ts";
import { PORT_LANE } from "./sq-pricing.ts";

/**
 * A voyage's cargo as far as the stowage plan and the loading confirmations need it: bookings through the real
 * calls up to their waybills (batch, confirmation, ATW, transfer slip, waybill), then counted onto the vessel by a
 * loading tally sheet written straight into its tables, as the tally sheet screen of the load-list work will write
 * it, and, for a final tally, the bookings and waybills moved to their loaded statuses and the voyage's final-tally
 * date set.
 */

const json = (res: Response) => res.json() as Promise<any>;

export interface LoadedCargo {
  bookingRef: string;
  wayBillRef: string;
  containerVanNum: string;
}

/** Everything a file of tests shares: the world, its yard and a counter for van numbers and sheet numbers. */
export interface LoadingWorld {
  db: Db;
  w: BookingWorld;
  /** Who issues slips and waybills: a world person with the OUTBOUND menu. */
  clerk: string;
  serial: number;
}

export async function loadingWorld(db: Db, w: BookingWorld, clerk: string, serialStart: number): Promise<LoadingWorld> {
  await db.insert(containerYards).values({ code: "LDCY1", name: "Manila Pier 4 CY", branchCode: "MNL" }).onConflictDoNothing();
  await db.insert(cargoTypes).values({ code: "BKDRY", name: "Dry containerized" }).onConflictDoNothing();
  return { db, w, clerk, serial: serialStart };
}

/** A fresh valid van number of the line, empty at the Manila yard. */
export async function newVan(lw: LoadingWorld): Promise<string> {
  const first = `LADU${String(lw.serial++).padStart(6, "0")}`;
  const code = `${first}${containerCheckDigit(first)}`;
  await lw.db.insert(containerVans).values({ code, size: "20", vanType: "DRY", condition: "Empty", cyCode: "LDCY1" });
  return code;
}

/** A voyage of the world's route and vessel, leaving in `days` days. */
export async function newVoyage(lw: LoadingWorld, voyageRef: string, days = 12): Promise<string> {
  const etd = new Date(Date.now() + days * 86_400_000);
  const res = await lw.w.call("staff", "POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef, vesselCode: "LADY", routeCode: "MNL-CEB", estimatedTimeDeparture: etd.toISOString(),
    destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: new Date(etd.getTime() + 86_400_000).toISOString() }],
  });
  expect(res.status, "voyage").toBe(201);
  return (await json(res)).data.voyageNum;
}

/**
 * A second shipper with its own quotation through the approval chain (a port-to-port lane to Cebu), so a voyage
 * can carry the cargo of two shippers. Answers the customer's code.
 */
export async function secondShipper(lw: LoadingWorld, code: string, company: string, email: string): Promise<string> {
  await lw.db.insert(customers).values({ code, company, customerContactEmail: email, customerType: "BOTH" });
  const sq = await lw.w.call("ae", "POST", "/SalesQuotations", { customerCode: code, cargoTypeCode: "BKDRY" });
  expect(sq.status, "quotation").toBe(201);
  const quotation = (await json(sq)).data;
  expect((await lw.w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: quotation.sqRefNum, documents: [PORT_LANE] })).status).toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    expect((await lw.w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${quotation.id}`, { action, remarks: "" })).status, `${who} ${action}`).toBe(200);
  }
  return code;
}

/** `n` port-to-port bookings of a shipper on a voyage, each with its van out on a slip and its waybill made. */
export async function cargoWithWaybills(lw: LoadingWorld, voyageNum: string, n: number, customerCode = "PHT", booking: Record<string, unknown> = {}): Promise<LoadedCargo[]> {
  const { w, clerk } = lw;
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum, customerCode, remarks: "", bookings: Array(n).fill({ ...PTP_BOOKING, ...booking }) });
  expect(opened.status, JSON.stringify(await opened.clone().json())).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  const refs = batch.bookings.map((b: any) => b.bookingRef) as string[];
  expect((await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK1" })).status).toBe(200);
  const cargo: LoadedCargo[] = [];
  for (const bookingRef of refs) {
    const containerVanNum = await newVan(lw);
    const cts = await w.call(clerk, "POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum, truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", toParty: "Shipper", vanStatus: "Empty",
    });
    expect(cts.status, JSON.stringify(await cts.clone().json())).toBe(201);
    const made = await w.call(clerk, "POST", "/OutBound/waybill/create", { bookingRef });
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    cargo.push({ bookingRef, wayBillRef: (await json(made)).data.wayBillRef, containerVanNum });
  }
  return cargo;
}

/**
 * Counts vans onto the vessel on the voyage's loading tally sheet to Cebu (made when missing) and, with `final`,
 * makes the final tally: the sheet Final, the waybills Loaded, the bookings At Vessel Loaded, the voyage's
 * final-tally date set. Answers the sheet's number.
 */
export async function tallyOnto(lw: LoadingWorld, voyageNum: string, cargo: readonly LoadedCargo[], o: { final?: boolean; seal?: (i: number) => string } = {}): Promise<string> {
  const { db } = lw;
  const now = new Date();
  let [sheet] = await db.select().from(tallySheets)
    .where(and(eq(tallySheets.voyageNum, voyageNum), eq(tallySheets.tallySheetType, "Loading"), eq(tallySheets.destinationBranchCode, "CEB")));
  if (!sheet) {
    [sheet] = await db.insert(tallySheets).values({
      tallySheetNum: `TS-MNL-TEST-${String(lw.serial++).padStart(6, "0")}`, tallySheetType: "Loading", status: "Open", voyageNum,
      branchCode: "MNL", destinationBranchCode: "CEB", timeStarted: now,
    }).returning();
  }
  if (cargo.length > 0) {
    await db.insert(tallySheetLines).values(cargo.map((c, i) => ({
      tallySheetId: sheet.id, entryId: `entry-${sheet.id}-${c.containerVanNum}`, wayBillRef: c.wayBillRef, bookingRef: c.bookingRef,
      containerVanNum: c.containerVanNum, containerType: "FL", size: "20", sealNum: o.seal?.(i) ?? `SEAL-${c.containerVanNum.slice(-4)}`,
      truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", timeTallied: new Date(now.getTime() + i),
    })));
    for (const [i, c] of cargo.entries()) {
      await db.update(waybills).set({ sealNum: o.seal?.(i) ?? `SEAL-${c.containerVanNum.slice(-4)}` }).where(eq(waybills.wayBillRef, c.wayBillRef));
    }
  }
  if (o.final) {
    const counted = await db.select({ wayBillRef: tallySheetLines.wayBillRef, bookingRef: tallySheetLines.bookingRef }).from(tallySheetLines)
      .where(eq(tallySheetLines.tallySheetId, sheet.id));
    await db.update(tallySheets).set({ status: "Final", timeFinished: now, dateFinalized: now, finalizedBy: "bk-yard" }).where(eq(tallySheets.id, sheet.id));
    await db.update(waybills).set({ status: "Loaded" }).where(inArray(waybills.wayBillRef, counted.map((c) => c.wayBillRef!)));
    await db.update(bookings).set({ status: "At Vessel Loaded" }).where(inArray(bookings.bookingRef, counted.map((c) => c.bookingRef!)));
    await db.update(voyageSchedules).set({ finalTallyAt: now }).where(eq(voyageSchedules.voyageNum, voyageNum));
  }
  return sheet.tallySheetNum;
}
