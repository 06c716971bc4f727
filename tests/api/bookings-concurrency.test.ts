import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/tracking.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { bookings, statusHistory } from "../../db/schema/index.ts";
import { expectErrorBody, makeTestApp, type TestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Bookings under load and in public: staff racing each other, a burst of new bookings that must still be
 * numbered without gaps, and the pages anyone may open without signing in (tracking, the trucker's letters).
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;

const json = (res: Response) => res.json() as Promise<any>;
const api = (method: string, path: string, body?: unknown, who = "staff") => w.call(who, method, path, body);
/** A public call without a session, from one network address. */
const visit = (path: string, address = "203.0.113.1") => t.call("GET", `/api${path}`, { headers: { "x-forwarded-for": address } });

async function openBatch(list: object[] = [PTP_BOOKING]) {
  const res = await api("POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", bookings: list });
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  // A second member of the booking staff, to race the first.
  w = await seedBookingWorld(handle.db, t, { staff2: ["VOYAGE"] });
}, 60_000);
afterAll(() => handle?.close());

// ---------------------------------------------------------------------------------------------------------

describe("staff at the same time", () => {
  it("lets only one of two staff confirm a batch, and records each booking's confirmation once", async () => {
    for (let round = 0; round < 3; round++) {
      const batch = await openBatch([PTP_BOOKING, DTD_BOOKING, PTP_BOOKING]);
      const answers = await Promise.all([
        api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef }, "staff"),
        api("POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef }, "staff2"),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[0].status === 200 ? "bk-staff" : "bk-staff2";
      await expectErrorBody(answers.find((r) => r.status === 409)!);
      const ids = batch.bookings.map((b: any) => b.id);
      const history = await handle.db.select().from(statusHistory)
        .where(and(eq(statusHistory.entity, "booking"), inArray(statusHistory.recordId, ids)));
      for (const id of ids) {
        expect(history.filter((h) => h.recordId === id).map((h) => [h.action, h.actor])).toEqual([["confirm", winner]]);
      }
      const rows = await handle.db.select().from(bookings).where(inArray(bookings.id, ids));
      expect(rows.map((r) => [r.status, r.confirmedBy])).toEqual(ids.map(() => ["Confirmed", winner]));
    }
  });

  it("numbers 200 bookings made at once without a duplicate or a gap", async () => {
    const batches = await Promise.all(Array.from({ length: 4 }, () => openBatch([])));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      api("POST", "/Bookings/create", { ...PTP_BOOKING, goods: `Burst ${i}`, bookingBatchRef: batches[i % 4].bookingBatchRef })
    ));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    const refs: string[] = await Promise.all(answers.map(async (r) => (await json(r)).data.bookingRef));
    expect(new Set(refs).size).toBe(200);
    for (const ref of refs) expect(ref).toMatch(/^BK-MNL-\d{4}-\d{6}$/);
    const numbers = refs.map((r) => Number(r.slice(-6))).sort((a, b) => a - b);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i], `after ${numbers[i - 1]}`).toBe(numbers[i - 1] + 1);
    for (const batch of batches) {
      const read = (await json(await api("GET", `/Bookings/batch/${batch.bookingBatchRef}`))).data;
      expect(read.bookings).toHaveLength(50);
      expect(read.bookings.every((b: any) => b.total === "14600.00")).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("shipment tracking", () => {
  it("shows the route, the vessel and the steps reached, and nothing private", async () => {
    const batch = await openBatch([{ ...DTD_BOOKING, consigneeName: "Lapu Lapu Foods Inc.", consigneeEmail: "receiving@lapulapu.example" }]);
    const [b] = batch.bookings;
    const first = await visit(`/Bookings/shipmentTracking/${b.bookingRef}`, "203.0.113.10");
    expect(first.status).toBe(200);
    const view = (await json(first)).data;
    expect(view).toMatchObject({ bookingRef: b.bookingRef, origin: "Manila", destination: "Cebu", vessel: "MV Lady of Manila", voyage: w.voyageNum });
    expect(view.steps.map((s: any) => s.label)).toEqual(["Booked", "Confirmed", "ATW Issued"]);
    expect(view.steps[0].reachedAt).toEqual(expect.any(String));
    expect(view.steps.slice(1).map((s: any) => s.reachedAt)).toEqual([null, null]);
    expect(view.stages.map((s: any) => [s.index, s.label, s.reachedAt])).toEqual([
      [0, "Outbound CTS Issued", null],
      [1, "WayBill Issued", null],
      [2, "LoadList Created", null],
      [3, "Tallysheet Created", null],
      [4, "At Vessel Loaded", null],
      [5, "UnLoadList Created", null],
      [6, "Unloaded TallySheet Created", null],
      [7, "CRO Created", null],
      [8, "Inbound CTS Issued", null],
      [9, "Van-In", null],
    ]);

    await api("POST", "/Bookings/confirm", { bookingRefs: [b.bookingRef] });
    await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef], truckingCode: "TRK1" });
    const stageAt = new Date("2030-02-03T04:05:06.000Z");
    await recordCargoStage(handle.db, b.bookingRef, 0, stageAt);
    // Reached again later: the first time is the one kept.
    await recordCargoStage(handle.db, b.bookingRef, 0, new Date("2030-02-04T00:00:00.000Z"));
    // Looked up as typed, in any case.
    const later = await visit(`/Bookings/shipmentTracking/${b.bookingRef.toLowerCase()}`, "203.0.113.10");
    const text = await later.text();
    const after = JSON.parse(text).data;
    const stored = (await json(await api("GET", `/Bookings/get/${b.bookingRef}`))).data;
    expect(after.steps.map((s: any) => s.reachedAt)).toEqual([after.steps[0].reachedAt, stored.dateConfirmed, stored.dateAtwIssued]);
    expect(after.steps.every((s: any) => s.reachedAt !== null)).toBe(true);
    expect(after.stages[0].reachedAt).toBe(stageAt.toISOString());
    expect(after.stages.slice(1).every((s: any) => s.reachedAt === null)).toBe(true);
    for (const secret of ["Lapu Lapu", "lapulapu", "Pacific Harbor", "Mindanao Ave", "Cortes", "Quezon City", "Mandaue City", "14600", "23450", "250.00", "Northline", "ABC 1234"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers an unknown reference with 404", async () => {
    const res = await visit("/Bookings/shipmentTracking/BK-MNL-1999-000999", "203.0.113.11");
    expect(res.status).toBe(404);
    expect((await expectErrorBody(res)).message).toBe("No booking found with reference BK-MNL-1999-000999.");
  });

  it("allows 30 lookups a minute from one address, and the others still get through", async () => {
    const [b] = (await openBatch()).bookings;
    const suffix = 100 + Math.floor(Math.random() * 100);
    const busy = `203.0.113.${suffix}`;
    for (let i = 0; i < 30; i++) expect((await visit(`/Bookings/shipmentTracking/${b.bookingRef}`, busy)).status, `lookup ${i + 1}`).toBe(200);
    const blocked = await visit(`/Bookings/shipmentTracking/${b.bookingRef}`, busy);
    expect(blocked.status).toBe(429);
    expect((await expectErrorBody(blocked)).message).toBe("Too many tracking lookups from your network. Wait a minute and try again.");
    expect((await visit(`/Bookings/shipmentTracking/${b.bookingRef}`, `203.0.113.${suffix + 100}`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("the trucker's pages", () => {
  const NO_BOOKING = "This link does not name a booking.";

  it("opens the pick-up request once confirmed and the authorization letter once the ATW is issued", async () => {
    const [b] = (await openBatch([DTD_BOOKING])).bookings;
    const letter = () => visit(`/Bookings/authorizationLetter/${b.publicId}`);
    const request = () => visit(`/Bookings/pickUpRequest/${b.publicId}`);
    for (const res of [await letter(), await request()]) {
      expect(res.status).toBe(404);
      expect((await expectErrorBody(res)).message).toBe(NO_BOOKING);
    }

    await api("POST", "/Bookings/confirm", { bookingRefs: [b.bookingRef] });
    const asked = await request();
    expect(asked.status).toBe(200);
    expect((await json(asked)).data).toMatchObject({
      bookingRef: b.bookingRef,
      status: "Confirmed",
      shipperName: "Pacific Harbor Trading",
      pickUpAddress: "12 Mindanao Ave, Bahay Toro, Quezon City, Metro Manila, 1106",
      destinationName: "Cebu",
      truckerName: "",
    });
    expect((await letter()).status).toBe(404);
    // No printable authority before it is issued.
    const early = await visit(`/Bookings/authorizationLetter/${b.publicId}/pdf`);
    expect(early.status).not.toBe(200);
    expect(early.headers.get("content-type")).not.toBe("application/pdf");

    await api("POST", "/Bookings/issueATW", { bookingRefs: [b.bookingRef], truckingCode: "TRK1" });
    const issued = await letter();
    expect(issued.status).toBe(200);
    expect((await json(issued)).data).toMatchObject({
      bookingRef: b.bookingRef,
      status: "ATW Issued",
      truckerName: "Northline Haulers",
      plateNum: "ABC 1234",
      dateAtwIssued: expect.any(String),
    });
    expect((await request()).status).toBe(200);

    const pdf = await visit(`/Bookings/authorizationLetter/${b.publicId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`inline; filename="ATW-${b.bookingRef}.pdf"`);
    expect(new TextDecoder("latin1").decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("answers a guessed id and an expired booking's id with 404", async () => {
    for (const id of [randomBytes(16).toString("base64url"), randomBytes(32).toString("base64url")]) {
      for (const path of [`/Bookings/authorizationLetter/${id}`, `/Bookings/pickUpRequest/${id}`, `/Bookings/authorizationLetter/${id}/pdf`]) {
        const res = await visit(path);
        expect(res.status, path).toBe(404);
        expect((await expectErrorBody(res)).message).toBe(NO_BOOKING);
      }
    }
    const batch = await openBatch([PTP_BOOKING, PTP_BOOKING]);
    const [gone] = batch.bookings;
    await api("POST", "/Bookings/expire", { bookingRefs: [gone.bookingRef] });
    expect((await visit(`/Bookings/pickUpRequest/${gone.publicId}`)).status).toBe(404);
  });
});
