import { expect } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import type { Db } from "../../db/client.ts";
import { containerVans, containerYards } from "../../db/schema/index.ts";
import { type BookingWorld, PTP_BOOKING } from "./bookings.ts";

/**
 * What a loading test starts from, made through the real calls on a booking world (tests/support/bookings.ts):
 * bookings confirmed with their ATW, each van out on a transfer slip, and a Draft waybill for each, ready for a
 * load list. The vans are the line's, at yard LDCY1 of Manila, numbered from `serial` so files never share one.
 */

const json = (res: Response) => res.json() as Promise<any>;

export interface LoadingWorld {
  world: BookingWorld;
  db: Db;
  /** Who makes the slips and waybills: a user of the world holding OUTBOUND. */
  clerk: string;
  next: number;
}

export const LOADING_YARD = "LDCY1";

export async function loadingWorld(db: Db, world: BookingWorld, clerk: string, serial: number): Promise<LoadingWorld> {
  await db.insert(containerYards).values({ code: LOADING_YARD, name: "Manila North Harbor CY", branchCode: "MNL" }).onConflictDoNothing();
  return { world, db, clerk, next: serial };
}

/** A fresh valid number of the line's, as an empty 20' van at the Manila yard. */
export async function lineVan(l: LoadingWorld, condition = "Empty"): Promise<string> {
  const first = `LADU${String(l.next++).padStart(6, "0")}`;
  const code = `${first}${containerCheckDigit(first)}`;
  await l.db.insert(containerVans).values({ code, size: "20", vanType: "DRY", condition, cyCode: LOADING_YARD });
  return code;
}

export interface ReadyWaybill {
  bookingRef: string;
  wayBillRef: string;
  containerVanNum: string;
}

/** `n` bookings to Cebu on the world's voyage, each with its van out and its Draft waybill. */
export async function draftWaybills(l: LoadingWorld, n: number, booking: Record<string, unknown> = PTP_BOOKING): Promise<ReadyWaybill[]> {
  const { world: w, clerk } = l;
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: Array(n).fill(booking) });
  expect(opened.status).toBe(201);
  const batch = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  const refs = batch.bookings.map((b: any) => b.bookingRef) as string[];
  expect((await w.call("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK1" })).status).toBe(200);
  const ready: ReadyWaybill[] = [];
  for (const bookingRef of refs) {
    const containerVanNum = await lineVan(l);
    const cts = await w.call(clerk, "POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum, truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", toParty: "Shipper", vanStatus: "Empty",
    });
    expect(cts.status, JSON.stringify(await cts.clone().json())).toBe(201);
    const made = await w.call(clerk, "POST", "/OutBound/waybill/create", { bookingRef });
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    ready.push({ bookingRef, wayBillRef: (await json(made)).data.wayBillRef, containerVanNum });
  }
  return ready;
}
