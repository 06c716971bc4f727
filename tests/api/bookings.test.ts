import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { expireOverdue } from "../../api/modules/bookings/service.ts";
import { manilaDate, manilaToday } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { areas, bookingBatches, bookingCharges, bookings, companyPolicies, statusHistory, truckingRates } from "../../db/schema/index.ts";
import { expectErrorBody, makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { DOOR_LANE } from "../support/sq-pricing.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Bookings as the booking staff use them: opening batches, what each booking costs and prints, the rules of
 * 001 §5 (each refusal leaves every booking table as it was), the status moves, the lists and documents, and
 * the expiry of bookings nobody confirmed in time.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let voyage: { id: number; voyageNum: string; estimatedTimeDeparture: string };
/** The lanes of a second quotation of PHT: door to pier from a back-load area, and a tandem from Quezon City. */
let extraLanes: { backload: string; tandem: string };

const json = (res: Response) => res.json() as Promise<any>;
const api = (method: string, path: string, body?: unknown, who = "staff") => w.call(who, method, path, body);
const manilaDay = (offsetDays = 0) => manilaDate(new Date(Date.now() + offsetDays * 86_400_000));
const refNumber = (ref: string) => Number(ref.slice(-6));

async function openBatch(list: object[] = [PTP_BOOKING], remarks = "") {
  const res = await api("POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks, bookings: list });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).data;
}
const addBooking = (bookingBatchRef: string, booking: object) => api("POST", "/Bookings/create", { ...booking, bookingBatchRef });
const readBooking = async (ref: string) => (await json(await api("GET", `/Bookings/get/${ref}`))).data;
const readBatch = async (ref: string) => (await json(await api("GET", `/Bookings/batch/${ref}`))).data;
/** Charge lines as a person checks them on the slip: code, part, quantity, rate, amount, where it came from. */
const lines = (b: any) =>
  b.charges.map((c: any) => [c.chargeCode, c.chargePart, Number(c.quantity), c.rate, c.amount, c.source]).sort((x: any, y: any) =>
    `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)
  );

/** Every row of the booking tables and the status history: a refused call must leave all of it untouched. */
async function state() {
  const db = handle.db;
  const [b, c, batches, history] = await Promise.all([
    db.select().from(bookings).orderBy(asc(bookings.id)),
    db.select().from(bookingCharges).orderBy(asc(bookingCharges.id)),
    db.select().from(bookingBatches).orderBy(asc(bookingBatches.id)),
    db.select().from(statusHistory).orderBy(asc(statusHistory.id)),
  ]);
  return { bookings: b, charges: c, batches, history };
}

const historyOf = (entity: string, id: number) =>
  handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, entity), eq(statusHistory.recordId, id))).orderBy(asc(statusHistory.id));

/** A quotation of PHT taken through the whole approval chain, with these lanes; answers their sqdocNums. */
async function approvedQuotation(documents: object[]): Promise<string[]> {
  const created = await api("POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }, "ae");
  expect(created.status).toBe(201);
  const quotation = (await json(created)).data;
  const lanes = await api("POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: quotation.sqRefNum, documents }, "ae");
  expect(lanes.status, JSON.stringify(await lanes.clone().json())).toBe(201);
  for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
    const res = await api("PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${quotation.id}`, { action, remarks: "" }, who);
    expect(res.status, `${who} ${action}`).toBe(200);
  }
  const read = (await json(await api("GET", `/SalesQuotations/read/${quotation.sqRefNum}`, undefined, "ae"))).data;
  return read.lanes.map((l: any) => l.sqdocNum);
}

/** Door to pier from the back-load area VAL: priced per TEU, per bag and per ton. */
const VAL_DTP_BOOKING = {
  ...PTP_BOOKING,
  modeOfDelivery: "DTP",
  pickUpAddress: { street: "8 McArthur Hwy", barangay: "Malinta", city: "Valenzuela", province: "Metro Manila", zipCode: "1440" },
  pickUpAreaCode: "VAL",
};

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t);
  voyage = (await json(await api("GET", `/VoyageSchedules/getVoyageV1/${w.voyageNum}`))).data;
  // A back-load pick-up area at Manila, with its trucking rates, for the BACKLOAD remark.
  await handle.db.insert(areas).values({ code: "VAL", name: "Valenzuela", branchCode: "MNL", portCode: "PMNL", province: "Metro Manila", city: "Valenzuela", isBackLoad: true });
  await handle.db.insert(truckingRates).values({
    chargeCode: "006", areaCode: "VAL", portCode: "PMNL", branchCode: "MNL", dateEffective: "2026-01-01", stdRateWvat: "3000.00", backloadRateWvat: "2600.00",
  });
  const lanes = await approvedQuotation([
    // Freight granted below the standard 12,500.00; counted in bags and tons too.
    {
      serviceModeCode: "DTP", originPortCode: "PMNL", destinationPortCode: "PCEB", originAreaCode: "VAL", teu: 1, bags: 100, tons: "2",
      requestedRates: [{ chargeCode: "001", chargePart: "FREIGHT", requestedRate: "11000.00" }],
    },
    { serviceModeCode: "DTP", originPortCode: "PMNL", destinationPortCode: "PCEB", originAreaCode: "QC", teu: 1, isTandem: true },
  ]);
  extraLanes = { backload: lanes[0], tandem: lanes[1] };
}, 60_000);
afterAll(() => handle?.close());

// ---------------------------------------------------------------------------------------------------------

describe("opening a batch", () => {
  it("numbers the batch and its bookings from the Manila BB and BK series, as Drafts", async () => {
    const batch = await openBatch([PTP_BOOKING, DTD_BOOKING], "First lot");
    expect(batch).toMatchObject({ status: "Draft", branchCode: "MNL", customerCode: "PHT", customerName: "Pacific Harbor Trading", bookingCount: 2, remarks: "First lot" });
    expect(batch.bookingBatchRef).toMatch(/^BB-MNL-\d{4}-\d{6}$/);
    const refs = batch.bookings.map((b: any) => b.bookingRef);
    for (const ref of refs) expect(ref).toMatch(/^BK-MNL-\d{4}-\d{6}$/);
    expect(refNumber(refs[1])).toBe(refNumber(refs[0]) + 1);
    expect(batch.bookings.map((b: any) => [b.status, b.modeOfDelivery, b.bookingBatchRef])).toEqual([
      ["Draft", "PTP", batch.bookingBatchRef],
      ["Draft", "DTD", batch.bookingBatchRef],
    ]);
    // The next batch takes the next number, and a booking added later the next BK number.
    const next = await openBatch([]);
    expect(refNumber(next.bookingBatchRef)).toBe(refNumber(batch.bookingBatchRef) + 1);
    const added = await addBooking(next.bookingBatchRef, PTP_BOOKING);
    expect(added.status).toBe(201);
    expect(refNumber((await json(added)).data.bookingRef)).toBe(refNumber(refs[1]) + 1);
    expect((await readBatch(next.bookingBatchRef)).bookings).toHaveLength(1);
  });

  it("prices a port-to-port booking at the lane's rates times its TEU", async () => {
    const batch = await openBatch([PTP_BOOKING, { ...PTP_BOOKING, quantityTeu: 2 }]);
    const [one, two] = batch.bookings;
    expect(one).toMatchObject({ sqRefNum: w.sqRefNum, sqdocNum: w.lanes.ptp, insurancePremium: "0.00" });
    // 12,500.00 freight + 1,120.00 arrastre at Manila + 980.00 arrastre at Cebu.
    expect(lines(one)).toEqual([
      ["001", "FREIGHT", 1, "12500.00", "12500.00", "SQ"],
      ["004", "PORT_DESTINATION", 1, "980.00", "980.00", "SQ"],
      ["004", "PORT_ORIGIN", 1, "1120.00", "1120.00", "SQ"],
    ]);
    expect(one.total).toBe("14600.00");
    expect(lines(two)).toEqual([
      ["001", "FREIGHT", 2, "12500.00", "25000.00", "SQ"],
      ["004", "PORT_DESTINATION", 2, "980.00", "1960.00", "SQ"],
      ["004", "PORT_ORIGIN", 2, "1120.00", "2240.00", "SQ"],
    ]);
    expect(two.total).toBe("29200.00");
    // The charges are stored as shown.
    const stored = await handle.db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, two.bookingRef));
    expect(stored.map((c) => c.amount).sort()).toEqual(["1960.00", "2240.00", "25000.00"]);
  });

  it("prices a door-to-door booking with trucking at both ends and the insurance premium", async () => {
    const batch = await openBatch([DTD_BOOKING, { ...DTD_BOOKING, quantityTeu: 2 }]);
    const [one, two] = batch.bookings;
    expect(one.sqdocNum).toBe(w.lanes.dtd);
    // Trucking 4,500.00 from Quezon City; Mandaue is a back-load area, so 4,100.00 there. Insurance:
    // 100,000.00 insured per TEU × 0.0025 = 250.00.
    expect(lines(one)).toEqual([
      ["001", "FREIGHT", 1, "12500.00", "12500.00", "SQ"],
      ["004", "PORT_DESTINATION", 1, "980.00", "980.00", "SQ"],
      ["004", "PORT_ORIGIN", 1, "1120.00", "1120.00", "SQ"],
      ["006", "TRUCKING_DESTINATION", 1, "4100.00", "4100.00", "SQ"],
      ["006", "TRUCKING_ORIGIN", 1, "4500.00", "4500.00", "SQ"],
      ["INS", "FREIGHT", 1, "250.00", "250.00", "SQ"],
    ]);
    expect(one.insurancePremium).toBe("250.00");
    expect(one.total).toBe("23450.00");
    expect(two.insurancePremium).toBe("500.00");
    expect(two.total).toBe("46900.00");
  });

  it("prices per bag and per ton where the lane is quoted so, at the rate the customer was granted", async () => {
    const batch = await openBatch([VAL_DTP_BOOKING]);
    const [b] = batch.bookings;
    expect(b.sqdocNum).toBe(extraLanes.backload);
    // 400 bags × 35.75 wharfage, 12.5 tons × 1,850.50 freight, the granted 11,000.00 per TEU freight and the
    // 2,600.00 back-load trucking from Valenzuela.
    expect(lines(b)).toEqual([
      ["001", "FREIGHT", 1, "11000.00", "11000.00", "SQ"],
      ["003", "FREIGHT", 12.5, "1850.50", "23131.25", "SQ"],
      ["004", "PORT_DESTINATION", 1, "980.00", "980.00", "SQ"],
      ["004", "PORT_ORIGIN", 1, "1120.00", "1120.00", "SQ"],
      ["005", "PORT_DESTINATION", 400, "35.75", "14300.00", "SQ"],
      ["006", "TRUCKING_ORIGIN", 1, "2600.00", "2600.00", "SQ"],
    ]);
    expect(b.total).toBe("53131.25");
  });

  it("adds a charge from the charge master on top of the lane's", async () => {
    const batch = await openBatch([{ ...PTP_BOOKING, additionalCharges: [{ chargeCode: "017", amount: "1500" }] }]);
    const [b] = batch.bookings;
    expect(b.charges.find((c: any) => c.chargeCode === "017")).toMatchObject({ chargeName: "Open van fee", amount: "1500.00", source: "ADDED" });
    expect(b.total).toBe("16100.00");
  });

  it("writes the service remarks of the mode and the handling chosen", async () => {
    const batch = await openBatch([
      PTP_BOOKING,
      { ...PTP_BOOKING, originHandling: "VAN OUT", destinationHandling: "VAN OUT" },
      { ...DTD_BOOKING, originHandling: "GROUNDING", destinationHandling: "MANO" },
      VAL_DTP_BOOKING,
      { ...DTD_BOOKING, modeOfDelivery: "DTP", deliveryAddress: undefined, deliveryAreaCode: undefined, isTandem: true },
    ]);
    expect(batch.bookings.map((b: any) => b.serviceRemarks)).toEqual([
      "STUFFING AT ORIGIN / STRIPPING AT DESTINATION",
      "VAN OUT AT ORIGIN / VAN OUT AT DESTINATION",
      // Quezon City is no back-load area; the back-load delivery area does not count.
      "GROUNDING AT ORIGIN / MANO AT DESTINATION",
      // Picked up in Valenzuela, a back-load area.
      "STUFFING MANO AT ORIGIN / BACKLOAD",
      "STUFFING MANO AT ORIGIN / TANDEM",
    ]);
    const tandem = batch.bookings[4];
    expect(tandem.sqdocNum).toBe(extraLanes.tandem);
    // The tandem trucking rate of Quezon City.
    expect(tandem.charges.find((c: any) => c.chargeCode === "006").amount).toBe("3800.00");
    expect(tandem.total).toBe("18400.00");
  });

  it("shows on the form's live price the same charges and remarks the saved booking gets", async () => {
    const res = await api("POST", "/Bookings/price", { ...VAL_DTP_BOOKING, voyageNum: w.voyageNum, customerCode: "PHT" });
    expect(res.status).toBe(200);
    const preview = (await json(res)).data;
    const [saved] = (await openBatch([VAL_DTP_BOOKING])).bookings;
    expect(preview).toMatchObject({ sqdocNum: saved.sqdocNum, total: saved.total, insurancePremium: saved.insurancePremium });
    expect(lines(preview)).toEqual(lines(saved));
    // Valenzuela is a back-load area: the staff must see BACKLOAD before saving, as the slip will print it.
    expect(preview.serviceRemarks).toBe(saved.serviceRemarks);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("the booking rules of 001 §5", () => {
  let batchRef: string;
  beforeAll(async () => {
    batchRef = (await openBatch([])).bookingBatchRef;
  });

  /** Sends a booking that must be refused and checks the answer and that nothing was written. */
  async function refused(send: () => Promise<Response>, status: number) {
    const before = await state();
    const res = await send();
    expect(res.status).toBe(status);
    const body = await expectErrorBody(res);
    expect(await state()).toEqual(before);
    return body;
  }

  it("requires a destination, with no default", async () => {
    for (const destinationBranchCode of [undefined, "", "   "]) {
      const body = await refused(() => api("POST", "/Bookings/batch", {
        voyageNum: w.voyageNum, customerCode: "PHT", bookings: [{ ...PTP_BOOKING, destinationBranchCode }],
      }), 400);
      expect(body.errors["bookings.0.destinationBranchCode"]).toEqual(["Destination is required"]);
    }
    const body = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, destinationBranchCode: undefined }), 400);
    expect(body.errors.destinationBranchCode).toEqual(["Destination is required"]);
  });

  it("refuses a destination the voyage does not call at", async () => {
    const body = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, destinationBranchCode: "MNL" }), 400);
    expect(body.message).toBe(`Destination MNL is not a port of call of voyage ${w.voyageNum} (CEB).`);
    expect(body.errors.destinationBranchCode).toEqual([body.message]);
    // In a new batch the booking is named by its place, and no batch is opened.
    const inBatch = await refused(() => api("POST", "/Bookings/batch", {
      voyageNum: w.voyageNum, customerCode: "PHT", bookings: [PTP_BOOKING, { ...PTP_BOOKING, destinationBranchCode: "ILO" }],
    }), 400);
    expect(inBatch.message).toBe(`Booking 2: Destination ILO is not a port of call of voyage ${w.voyageNum} (CEB).`);
    expect(inBatch.errors["bookings.1.destinationBranchCode"]).toBeDefined();
  });

  it("refuses a pick-up or delivery address typed as blank spaces only", async () => {
    const spaces = { street: "   ", barangay: " ", city: "  ", province: " ", zipCode: "    " };
    const pickUp = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, pickUpAddress: spaces }), 400);
    expect(pickUp.message).toBe("The pick-up address is only blank spaces; type the address or leave it empty.");
    expect(pickUp.errors.pickUpAddress).toEqual([pickUp.message]);
    const delivery = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, deliveryAddress: spaces }), 400);
    expect(delivery.message).toBe("The delivery address is only blank spaces; type the address or leave it empty.");
    expect(delivery.errors.deliveryAddress).toEqual([delivery.message]);
  });

  it("requires the container number of a shipper-owned container", async () => {
    for (const containerVanNum of [undefined, "", "   "]) {
      const body = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, isShipperOwned: true, containerVanNum }), 400);
      expect(body.errors.containerVanNum).toEqual(["A shipper-owned container needs its container number."]);
    }
    const saved = await addBooking(batchRef, { ...PTP_BOOKING, isShipperOwned: true, containerVanNum: "LDGU 204817-3" });
    expect(saved.status).toBe(201);
    expect((await json(saved)).data).toMatchObject({ isShipperOwned: true, containerVanNum: "LDGU 204817-3" });
  });

  it("refuses a charge already on the lane or added twice", async () => {
    const onLane = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, additionalCharges: [{ chargeCode: "001", amount: "500" }] }), 400);
    expect(onLane.message).toContain("Charge 001 (Ocean freight) is already on this booking");
    expect(onLane.errors.additionalCharges).toEqual([onLane.message]);
    const twice = await refused(() => addBooking(batchRef, {
      ...PTP_BOOKING,
      additionalCharges: [{ chargeCode: "017", amount: "1500" }, { chargeCode: "017", amount: "900" }],
    }), 400);
    expect(twice.message).toContain("Charge 017 (Open van fee) is already on this booking");
    const unknown = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, additionalCharges: [{ chargeCode: "999", amount: "10" }] }), 400);
    expect(unknown.errors.additionalCharges[0]).toContain("Charge 999 is not an active charge");
  });

  it("will not confirm a door booking without its pick-up address and area, naming the booking", async () => {
    const batch = await openBatch([PTP_BOOKING, { ...DTD_BOOKING, pickUpAddress: undefined, pickUpAreaCode: undefined }]);
    const door = batch.bookings[1].bookingRef;
    const whole = await refused(() => api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef }), 400);
    expect(whole.message).toBe(`${door}: DTD picks up at the door: the pick-up address (city and province at least) is required.`);
    expect(whole.errors[`${door}.pickUpAddress`]).toEqual([whole.message]);
    expect(whole.errors[`${door}.pickUpAreaCode`]).toEqual([`${door}: DTD picks up at the door: the pick-up area is required.`]);
    const chosen = await refused(() => api("POST", "/Bookings/confirm", { bookingRefs: batch.bookings.map((b: any) => b.bookingRef) }), 400);
    expect(chosen.message).toBe(whole.message);
    // Nothing moved: the port booking of the same batch is not confirmed either.
    expect((await readBatch(batch.bookingBatchRef)).bookings.map((b: any) => b.status)).toEqual(["Draft", "Draft"]);
    // Once the address and area are given, it confirms.
    const fixed = await api("PUT", `/Bookings/update/${door}`, DTD_BOOKING);
    expect(fixed.status).toBe(200);
    expect((await api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
  });

  it("keeps the old booking and waybill references when given and saves without them", async () => {
    const without = await addBooking(batchRef, PTP_BOOKING);
    expect(without.status).toBe(201);
    expect((await json(without)).data).toMatchObject({ oldBookingRef: "", oldWaybillRef: "" });
    const withRefs = await addBooking(batchRef, { ...PTP_BOOKING, oldBookingRef: "OLD-BK-7781", oldWaybillRef: "OLD-WB-5521" });
    expect(withRefs.status).toBe(201);
    const ref = (await json(withRefs)).data.bookingRef;
    expect(await readBooking(ref)).toMatchObject({ oldBookingRef: "OLD-BK-7781", oldWaybillRef: "OLD-WB-5521" });
  });

  it("refuses handling the mode does not offer at the origin", async () => {
    const body = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, modeOfDelivery: "PTD", originHandling: "STUFFING" }), 400);
    expect(body.message).toBe("PTD handles nothing at the origin; leave the origin handling empty");
    expect(body.errors.originHandling).toEqual([body.message]);
    const wrong = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, originHandling: "MANO" }), 400);
    expect(wrong.errors.originHandling).toEqual(["PTP at the origin is one of STUFFING, VAN OUT"]);
  });

  it("names the destination handling field when the destination handling is the one refused", async () => {
    const body = await refused(() => addBooking(batchRef, { ...PTP_BOOKING, destinationHandling: "GROUNDING" }), 400);
    expect(body.message).toBe("PTP at the destination is one of STRIPPING, VAN OUT");
    // The form marks the field it is told: the origin handling was fine.
    expect(body.errors.destinationHandling).toEqual([body.message]);
    expect(body.errors.originHandling).toBeUndefined();
  });

  it("refuses a booking no approved quotation lane prices", async () => {
    const tandem = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, isTandem: true }), 400);
    expect(tandem.message).toBe("No approved quotation of PHT prices a tandem DTD from Manila to CEB. Ask the account executive for a quotation of this lane.");
    expect(tandem.errors.sqdocNum).toEqual([tandem.message]);
    // A lane of another mode cannot be forced on it either.
    const forced = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, sqdocNum: w.lanes.ptp }), 400);
    expect(forced.errors.sqdocNum[0]).toContain(`Quotation lane ${w.lanes.ptp} does not price this booking`);
  });

  it("refuses an unknown area and an area of the wrong branch", async () => {
    const unknown = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, pickUpAreaCode: "NOWHERE" }), 400);
    expect(unknown.errors.pickUpAreaCode).toEqual(["Area NOWHERE is not an active area."]);
    const pickUp = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, pickUpAreaCode: "MANDAUE" }), 400);
    expect(pickUp.errors.pickUpAreaCode).toEqual(["Area MANDAUE belongs to branch CEB; the pick-up area must be one of branch MNL."]);
    const delivery = await refused(() => addBooking(batchRef, { ...DTD_BOOKING, deliveryAreaCode: "QC" }), 400);
    expect(delivery.errors.deliveryAreaCode).toEqual(["Area QC belongs to branch MNL; the delivery area must be one of branch CEB."]);
  });

  it("refuses an update made on a stale copy", async () => {
    const b = (await json(await addBooking(batchRef, PTP_BOOKING))).data;
    const first = await api("PUT", `/Bookings/update/${b.bookingRef}`, { ...PTP_BOOKING, goods: "Rice", dateModified: b.dateModified });
    expect(first.status).toBe(200);
    expect((await json(first)).message).toBe("Booking updated successfully");
    const body = await refused(
      () => api("PUT", `/Bookings/update/${b.bookingRef}`, { ...PTP_BOOKING, goods: "Sugar", quantityTeu: 3, dateModified: b.dateModified }),
      409,
    );
    expect(body.message).toBe(`Booking ${b.bookingRef} was changed by someone else since you opened it. Reload it and make your change again.`);
    expect(await readBooking(b.bookingRef)).toMatchObject({ goods: "Rice", quantityTeu: 1, total: "14600.00" });
  });

  it("refuses to change a confirmed booking", async () => {
    const b = (await json(await addBooking(batchRef, PTP_BOOKING))).data;
    expect((await api("POST", "/Bookings/confirm", { bookingRefs: [b.bookingRef] })).status).toBe(200);
    const body = await refused(() => api("PUT", `/Bookings/update/${b.bookingRef}`, { ...PTP_BOOKING, goods: "Sugar" }), 409);
    expect(body.message).toBe(`Booking ${b.bookingRef} is Confirmed; only a Draft or Sent booking can be changed.`);
  });

  it("deletes a draft booking with its charges but not a confirmed one", async () => {
    const draft = (await json(await addBooking(batchRef, PTP_BOOKING))).data;
    const gone = await api("DELETE", `/Bookings/delete/${draft.bookingRef}`);
    expect(gone.status).toBe(200);
    expect((await json(gone)).message).toBe("Booking deleted successfully");
    expect((await api("GET", `/Bookings/get/${draft.bookingRef}`)).status).toBe(404);
    expect(await handle.db.select().from(bookingCharges).where(eq(bookingCharges.bookingRef, draft.bookingRef))).toEqual([]);

    const kept = (await json(await addBooking(batchRef, PTP_BOOKING))).data;
    await api("POST", "/Bookings/confirm", { bookingRefs: [kept.bookingRef] });
    const body = await refused(() => api("DELETE", `/Bookings/delete/${kept.bookingRef}`), 409);
    expect(body.message).toBe(`Booking ${kept.bookingRef} is Confirmed; only a Draft or Sent booking can be changed.`);
  });

  it("changes several bookings all together or not at all", async () => {
    const a = (await json(await addBooking(batchRef, PTP_BOOKING))).data;
    const b = (await json(await addBooking(batchRef, DTD_BOOKING))).data;
    const body = await refused(() => api("PUT", "/Bookings/multipleUpdate", [
      { bookingRef: a.bookingRef, updateBooking: { ...PTP_BOOKING, goods: "Changed A", quantityTeu: 2 } },
      { bookingRef: b.bookingRef, updateBooking: { ...DTD_BOOKING, goods: "Changed B", pickUpAreaCode: "MANDAUE" } },
    ]), 400);
    expect(body.message).toBe(`${b.bookingRef}: Area MANDAUE belongs to branch CEB; the pick-up area must be one of branch MNL.`);
    expect(body.errors["1.updateBooking.pickUpAreaCode"]).toEqual(["Area MANDAUE belongs to branch CEB; the pick-up area must be one of branch MNL."]);
    expect((await readBooking(a.bookingRef)).goods).toBe("Canned goods");

    const both = await api("PUT", "/Bookings/multipleUpdate", [
      { bookingRef: a.bookingRef, updateBooking: { ...PTP_BOOKING, goods: "Changed A", quantityTeu: 2 } },
      { bookingRef: b.bookingRef, updateBooking: { ...DTD_BOOKING, goods: "Changed B" } },
    ]);
    expect(both.status).toBe(200);
    expect((await json(both)).message).toBe("Bookings updated successfully");
    expect(await readBooking(a.bookingRef)).toMatchObject({ goods: "Changed A", total: "29200.00" });
    expect((await readBooking(b.bookingRef)).goods).toBe("Changed B");
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("statuses", () => {
  it("confirms chosen bookings, and the batch once none is left waiting", async () => {
    const batch = await openBatch([PTP_BOOKING, PTP_BOOKING]);
    const [a, b] = batch.bookings.map((x: any) => x.bookingRef);
    const first = await api("POST", "/Bookings/confirm", { bookingRefs: [a] });
    expect(first.status).toBe(200);
    expect((await json(first)).message).toBe("Confirmed successfully.");
    expect(await readBooking(a)).toMatchObject({ status: "Confirmed", dateConfirmed: expect.any(String) });
    expect((await readBatch(batch.bookingBatchRef)).status).toBe("Draft");
    await api("POST", "/Bookings/confirm", { bookingRefs: [b] });
    expect((await readBatch(batch.bookingBatchRef)).status).toBe("Confirmed");
    // Confirming again is refused, naming the booking.
    const again = await api("POST", "/Bookings/confirm", { bookingRefs: [a] });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toContain(`${a} is Confirmed`);
  });

  it("confirms a whole batch", async () => {
    const batch = await openBatch([PTP_BOOKING, DTD_BOOKING]);
    const res = await api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Bookings confirmed successfully");
    expect(body.data.status).toBe("Confirmed");
    expect(body.data.bookings.map((b: any) => b.status)).toEqual(["Confirmed", "Confirmed"]);
    expect((await api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(409);
    const history = await historyOf("booking-batch", batch.id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor])).toEqual([["confirm", "Draft", "Confirmed", "bk-staff"]]);
  });

  it("issues the ATW only for a confirmed booking and only to a trucker authorised at the branch", async () => {
    const batch = await openBatch([DTD_BOOKING]);
    const [b] = batch.bookings;
    const early = await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef], truckingCode: "TRK1" });
    expect(early.status).toBe(409);
    expect((await expectErrorBody(early)).message).toBe(`Only a booking that is Confirmed can be moved to ATW Issued: ${b.bookingRef} is Draft.`);
    await api("POST", "/Bookings/confirm", { bookingRefs: [b.bookingRef] });

    const before = await state();
    const cebuOnly = await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef], truckingCode: "TRK2" });
    expect(cebuOnly.status).toBe(400);
    const refusal = await expectErrorBody(cebuOnly);
    expect(refusal.message).toBe("Trucker Cebu Movers is not authorised to withdraw at branch MNL.");
    expect(refusal.errors.truckingCode).toEqual([refusal.message]);
    const none = await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef] });
    expect(none.status).toBe(400);
    expect((await expectErrorBody(none)).errors.truckingCode).toEqual(["Trucker is required"]);
    expect(await state()).toEqual(before);

    const issued = await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef], truckingCode: "TRK1" });
    expect(issued.status).toBe(200);
    const body = await json(issued);
    expect(body.message).toBe("ATW issued successfully");
    expect(body.data[0]).toMatchObject({ status: "ATW Issued", truckingCode: "TRK1", truckerName: "Northline Haulers", plateNum: "ABC 1234", dateAtwIssued: expect.any(String) });
    const history = await historyOf("booking", b.id);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor])).toEqual([
      ["confirm", "Draft", "Confirmed", "bk-staff"],
      ["issueAtw", "Confirmed", "ATW Issued", "bk-staff"],
    ]);
  });

  it("expires a booking by hand and renews it by cloning into a new draft", async () => {
    const batch = await openBatch([PTP_BOOKING, { ...PTP_BOOKING, goods: "Copra" }]);
    const old = batch.bookings[1];
    const expired = await api("POST", "/Bookings/expire", { bookingRefs: [old.bookingRef] });
    expect(expired.status).toBe(200);
    expect((await json(expired)).message).toBe("Booking expired successfully");
    expect((await readBooking(old.bookingRef)).status).toBe("Expired");
    // One booking still waits, so the batch is still open.
    expect((await readBatch(batch.bookingBatchRef)).status).toBe("Draft");

    const cloned = await api("POST", "/Bookings/clone", { bookingRefs: [old.bookingRef] });
    expect(cloned.status).toBe(200);
    const body = await json(cloned);
    expect(body.message).toBe("Booking cloned successfully");
    const [copy] = body.data;
    expect(copy.bookingRef).not.toBe(old.bookingRef);
    expect(copy).toMatchObject({ status: "Draft", clonedFrom: old.bookingRef, bookingBatchRef: batch.bookingBatchRef, goods: "Copra", total: "14600.00" });
    expect((await readBooking(old.bookingRef)).status).toBe("Cloned");
    expect((await historyOf("booking", old.id)).map((h) => [h.action, h.toStatus])).toEqual([["expire", "Expired"], ["clone", "Cloned"]]);
    // A booking that is not expired cannot be marked renewed a second time.
    expect((await api("POST", "/Bookings/expire", { bookingRefs: [old.bookingRef] })).status).toBe(409);
  });

  it("clones an expired batch into a new draft batch", async () => {
    const batch = await openBatch([PTP_BOOKING, DTD_BOOKING]);
    await api("POST", "/Bookings/expire", { bookingRefs: batch.bookings.map((b: any) => b.bookingRef) });
    expect((await readBatch(batch.bookingBatchRef)).status).toBe("Expired");
    const res = await api("POST", "/Bookings/cloneBatch", { bookingBatchRef: batch.bookingBatchRef });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Booking batch cloned successfully");
    expect(body.data.bookingBatchRef).not.toBe(batch.bookingBatchRef);
    expect(body.data).toMatchObject({ status: "Draft", clonedFrom: batch.bookingBatchRef, bookingCount: 2 });
    expect(body.data.bookings.map((b: any) => [b.status, b.modeOfDelivery, b.clonedFrom, b.total])).toEqual([
      ["Draft", "PTP", batch.bookings[0].bookingRef, "14600.00"],
      ["Draft", "DTD", batch.bookings[1].bookingRef, "23450.00"],
    ]);
    expect((await readBatch(batch.bookingBatchRef)).status).toBe("Cloned");
    expect((await historyOf("booking-batch", batch.id)).map((h) => [h.action, h.toStatus])).toEqual([["expire", "Expired"], ["clone", "Cloned"]]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("a voyage with bookings", () => {
  it("cannot be deleted, only deactivated", async () => {
    const res = await api("DELETE", "/VoyageSchedules/delete", { ids: [voyage.id] });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe(`Voyage ${w.voyageNum} has bookings; it cannot be deleted. Deactivate it instead.`);
    expect((await api("GET", `/VoyageSchedules/getVoyageV1/${w.voyageNum}`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("lists", () => {
  let door: any;
  beforeAll(async () => {
    // Enough bookings to fill more than one page.
    await openBatch(Array.from({ length: 52 }, (_, i) => ({ ...PTP_BOOKING, goods: `Page filler ${i}` })));
    const batch = await openBatch([
      { ...DTD_BOOKING, goods: "Tiles for pick-up", pickUpDate: manilaDay(3), pickUpTime: "08:30" },
      { ...DTD_BOOKING, goods: "Late tiles", pickUpDate: manilaDay(20) },
    ], "Pick-up lot");
    door = batch.bookings[0];
    await api("POST", "/Bookings/confirm", { bookingRefs: [door.bookingRef] });
  });

  it("loads 50 bookings a page, newest first, and says when a page is empty", async () => {
    const total = (await handle.db.select().from(bookings)).length;
    const res = await api("POST", "/Bookings/load", {});
    expect(res.status).toBe(200);
    const page = await json(res);
    expect(page.data).toHaveLength(50);
    expect(page.total).toBe(total);
    const ids = page.data.map((b: any) => b.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const past = await json(await api("POST", "/Bookings/load", { skip: total + 10 }));
    expect(past).toMatchObject({ data: [], message: "No more data to load" });
  });

  it("filters by status, mode of delivery and a search", async () => {
    const confirmed = await json(await api("POST", "/Bookings/load", { status: "Confirmed", take: 200 }));
    expect(confirmed.data.length).toBeGreaterThan(0);
    expect(new Set(confirmed.data.map((b: any) => b.status))).toEqual(new Set(["Confirmed"]));
    expect(confirmed.data.map((b: any) => b.bookingRef)).toContain(door.bookingRef);
    const dtd = await json(await api("POST", "/Bookings/load", { modeOfDelivery: "DTD", take: 200 }));
    expect(new Set(dtd.data.map((b: any) => b.modeOfDelivery))).toEqual(new Set(["DTD"]));
    const found = await json(await api("POST", "/Bookings/load", { search: "tiles for pick" }));
    expect(found.data.map((b: any) => b.bookingRef)).toEqual([door.bookingRef]);
    expect(found.total).toBe(1);
    expect((await api("POST", "/Bookings/load", { status: "Lost" })).status).toBe(400);
  });

  it("loads a voyage's batches", async () => {
    const res = await json(await api("POST", "/Bookings/batches/load", { voyageNum: w.voyageNum }));
    const lot = res.data.find((b: any) => b.remarks === "Pick-up lot");
    expect(lot).toMatchObject({ bookingCount: 2, customerName: "Pacific Harbor Trading", status: "Draft" });
    const searched = await json(await api("POST", "/Bookings/batches/load", { voyageNum: w.voyageNum, search: lot.bookingBatchRef }));
    expect(searched.data.map((b: any) => b.bookingBatchRef)).toEqual([lot.bookingBatchRef]);
    const past = await json(await api("POST", "/Bookings/batches/load", { voyageNum: w.voyageNum, skip: 500 }));
    expect(past.message).toBe("No more data to load");
  });

  it("lists the door pick-ups of a branch between two dates", async () => {
    const res = await json(await api("POST", "/Bookings/pickUpList", { branchCode: "MNL", dateFrom: manilaDay(0), dateTo: manilaDay(7) }));
    expect(res.data).toEqual([{
      bookingRef: door.bookingRef,
      bookingDate: door.bookingDate,
      pickUpDate: manilaDay(3),
      pickUpTime: "08:30",
      customer: "Pacific Harbor Trading",
      destination: "Cebu",
      address: "12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106",
      modeOfDelivery: "DTD",
      truckerName: "",
      plateNum: "",
      status: "Confirmed",
      remarks: "",
    }]);
    expect(await json(await api("POST", "/Bookings/pickUpList", { branchCode: "CEB", dateFrom: manilaDay(0), dateTo: manilaDay(7) })))
      .toMatchObject({ data: [], message: "No more data to load" });
    expect((await api("POST", "/Bookings/pickUpList", { branchCode: "MNL", dateFrom: manilaDay(7), dateTo: manilaDay(0) })).status).toBe(400);
  });

  it("lists the confirmed door deliveries bound for a branch by booking date", async () => {
    const res = await json(await api("POST", "/Bookings/inboundDeliveryList", { branchCode: "CEB", dateFrom: manilaDay(-1), dateTo: manilaDay(1) }));
    const refs = res.data.map((l: any) => l.bookingRef);
    expect(refs).toContain(door.bookingRef);
    // Drafts are not yet on their way.
    expect(res.data.every((l: any) => !["Draft", "Sent"].includes(l.status))).toBe(true);
    expect(res.data.find((l: any) => l.bookingRef === door.bookingRef).address).toBe("5 A.C. Cortes Ave, Ibabao, Mandaue City, Cebu, 6014");
    expect((await json(await api("POST", "/Bookings/inboundDeliveryList", { branchCode: "MNL", dateFrom: manilaDay(-1), dateTo: manilaDay(1) }))).data).toEqual([]);
  });

  it("downloads the pick-up list as PickUpList.xlsx", async () => {
    const res = await api("POST", "/Bookings/pickUpList/download", { branchCode: "MNL", dateFrom: manilaDay(0), dateTo: manilaDay(7) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="PickUpList.xlsx"');
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" });
    expect(rows[1]).toEqual([
      "No.", "Booking Ref", "Booking Date", "Pick-up Date", "Pick-up Time", "Customer", "Destination", "Address",
      "Mode of Delivery", "Trucker", "Plate No.", "Status", "Remarks",
    ]);
    expect(rows.slice(2)).toEqual([[
      1, door.bookingRef, door.bookingDate, manilaDay(3), "08:30", "Pacific Harbor Trading", "Cebu",
      "12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106", "DTD", "", "", "Confirmed", "",
    ]]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("printed documents", () => {
  const squeeze = (text: string | null) => normaliseOcr(text ?? "").replace(/ /g, "");
  const readPdf = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await renderPdf(new Uint8Array(await res.arrayBuffer()));
    return pdf.pages.map((p) => squeeze(p.text)).join(" ");
  };

  it("prints the authority to withdraw once it is issued, with the booking and the trucker", async () => {
    const [b] = (await openBatch([DTD_BOOKING])).bookings;
    await api("POST", "/Bookings/confirm", { bookingRefs: [b.bookingRef] });
    const early = await api("GET", `/Bookings/atw/${b.bookingRef}`);
    expect(early.status).toBe(409);
    expect((await expectErrorBody(early)).message).toBe(`The ATW of booking ${b.bookingRef} is not issued yet; the booking is Confirmed.`);
    await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef], truckingCode: "TRK1" });
    const text = await readPdf(await api("GET", `/Bookings/atw/${b.bookingRef}`));
    for (const expected of ["authority to withdraw", b.bookingRef, "northline haulers", "abc 1234"]) {
      expect(text).toContain(squeeze(expected));
    }
  });

  it("prints the cargo booking slip with its charges and total", async () => {
    const [b] = (await openBatch([PTP_BOOKING])).bookings;
    const text = await readPdf(await api("GET", `/Bookings/bookingSlip/${b.bookingRef}`));
    for (const expected of ["cargo booking slip", b.bookingRef, "12,500.00", "1,120.00", "14,600.00"]) {
      expect(text).toContain(squeeze(expected));
    }
    expect((await api("GET", "/Bookings/bookingSlip/BK-MNL-1999-000001")).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("who may book", () => {
  it("refuses the booking calls to a user without the VOYAGE menu", async () => {
    const before = await state();
    const res = await api("POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", bookings: [PTP_BOOKING] }, "ae");
    expect(res.status).toBe(403);
    await expectErrorBody(res);
    expect((await t.call("POST", "/api/Bookings/batch", { body: { voyageNum: w.voyageNum, customerCode: "PHT" } })).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------

// Last: the voyage-departure run expires every booking still waiting.
describe("expiry of bookings nobody confirmed in time", () => {
  it("names the overdue bookings on a dry run, then expires them and a batch left with none", async () => {
    const whole = await openBatch([PTP_BOOKING, PTP_BOOKING]);
    const half = await openBatch([PTP_BOOKING, PTP_BOOKING]);
    const overdue = [...whole.bookings, half.bookings[0]];
    await handle.db.update(bookings).set({ pickUpDate: manilaDay(-2) }).where(inArray(bookings.id, overdue.map((b: any) => b.id)));
    const refs = overdue.map((b: any) => b.bookingRef);

    const before = await state();
    const dry = await api("POST", "/Bookings/expireBooking", { dryRun: true });
    expect(dry.status).toBe(200);
    expect(await json(dry)).toEqual({ data: { expired: refs, dryRun: true }, message: "3 booking(s) would expire." });
    expect(await state()).toEqual(before);

    const run = await api("POST", "/Bookings/expireBooking", {});
    expect(await json(run)).toEqual({ data: { expired: refs, dryRun: false }, message: "3 booking(s) expired." });
    for (const ref of refs) expect((await readBooking(ref)).status).toBe("Expired");
    expect((await readBooking(half.bookings[1].bookingRef)).status).toBe("Draft");
    expect((await readBatch(whole.bookingBatchRef)).status).toBe("Expired");
    expect((await readBatch(half.bookingBatchRef)).status).toBe("Draft");
    // Run from the screen, the expiry is written to the staff member who ran it; the nightly job writes "system".
    expect((await historyOf("booking", overdue[0].id)).map((h) => [h.action, h.actor])).toEqual([["expire", "bk-staff"]]);
    // Nothing is left to expire.
    expect((await json(await api("POST", "/Bookings/expireBooking", { dryRun: true }))).data.expired).toEqual([]);
  });

  it("expires every waiting booking once the voyage has left, and nothing confirmed", async () => {
    const all = () => handle.db.select({ ref: bookings.bookingRef, status: bookings.status }).from(bookings).orderBy(asc(bookings.id));
    const before = await all();
    const waiting = before.filter((b) => b.status === "Draft" || b.status === "Sent").map((b) => b.ref);
    expect(waiting.length).toBeGreaterThan(50);
    const afterEtd = new Date(new Date(voyage.estimatedTimeDeparture).getTime() + 3_600_000);
    const result = await expireOverdue(handle.db, { dryRun: false, now: afterEtd });
    expect(result.data.expired).toEqual(waiting);
    const after = await all();
    expect(after.filter((b) => b.status === "Draft" || b.status === "Sent")).toEqual([]);
    for (const [i, b] of before.entries()) {
      expect(after[i].status).toBe(waiting.includes(b.ref) ? "Expired" : b.status);
    }
  });
});

describe("insurance rounded once", () => {
  it("charges C0004 123,456.78 × 3 TEU × C0005 0.0027 = 999.999918 as 1,000.00 on the live price and the saved booking", async () => {
    // Policies in force from today, for a quotation made today; the lanes quoted earlier keep their premium.
    await handle.db.insert(companyPolicies).values([
      { code: "C0004", description: "Insured value per 20-foot van", defaultValueDecimal: "123456.78", dateEffective: manilaToday() },
      { code: "C0005", description: "Insurance rate", defaultValueDecimal: "0.0027", dateEffective: manilaToday() },
    ]);
    const [sqdocNum] = await approvedQuotation([{ ...DOOR_LANE, teu: 3, withInsurance: true }]);
    const booking = { ...DTD_BOOKING, quantityTeu: 3, sqdocNum };
    const res = await api("POST", "/Bookings/price", { ...booking, voyageNum: w.voyageNum, customerCode: "PHT" });
    expect(res.status).toBe(200);
    const preview = (await json(res)).data;
    // The rate is the one-TEU premium (333.333306 -> 333.33); the amount is rounded once on all three TEU,
    // not 333.33 × 3 = 999.99.
    expect(lines(preview).find((l: any) => l[0] === "INS")).toEqual(["INS", "FREIGHT", 3, "333.33", "1000.00", "SQ"]);
    expect(preview.insurancePremium).toBe("1000.00");
    // Freight 37,500.00, arrastre 3,360.00 and 2,940.00, trucking 13,500.00 and 12,300.00, insurance 1,000.00.
    expect(preview.total).toBe("70600.00");
    const [saved] = (await openBatch([booking])).bookings;
    expect(lines(saved)).toEqual(lines(preview));
    expect([saved.insurancePremium, saved.total]).toEqual(["1000.00", "70600.00"]);
    // A lane quoted under the earlier policies keeps its own premium: 250.00 per TEU.
    const [older] = (await openBatch([{ ...DTD_BOOKING, quantityTeu: 3, sqdocNum: w.lanes.dtd }])).bookings;
    expect(older.insurancePremium).toBe("750.00");
  });
});
