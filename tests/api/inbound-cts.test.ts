import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, cargoReleaseOrders, companyPolicies, containerYards, holidays, inboundCts, notifications } from "../../db/schema/index.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * The inbound CTS (001 §3, §4 stage 8) and the cargo delivery receipt on waybills of a Manila to Cebu voyage on
 * account of the consignee (paid as far as accounting is concerned): discharged on Tue 15 Apr 2025 (stage 6),
 * released (stage 7) and cleared at a Cebu yard. The van leaves on Fri 25 Apr 2025 10:00: storage and demurrage,
 * free through 22 April, stop there after three days, and detention starts: five free days at Cebu skipping Sunday
 * 27 April and Labor Day, so the last free day is Fri 2 May.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
/** W1 is trucked out and received; W2 trucked out and cancelled; W3 released but not cleared; W4 discharged, not released. */
let W1: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W2: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W3: { wayBillRef: string; bookingRef: string; containerVanNum: string };
let W4: { wayBillRef: string; bookingRef: string; containerVanNum: string };
const tokens: Record<string, string> = {};
const year = new Date().getFullYear();
const TIME_OUT = "2025-04-25T10:00:00+08:00";

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
const issue = (who: string, wayBillRef: string, over: Record<string, unknown> = {}) =>
  as(who, "POST", "/InBound/cts/create", { wayBillRef, truckingCode: "TRK2", plateNum: "GAB 3390", driver: "Rey Cabahug", dateTimeOut: TIME_OUT, ...over });

async function stagesOf(bookingRef: string) {
  return (await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, bookingRef)))
    .map((r) => r.stage).sort((a, b) => a - b);
}

async function release(who: string, wayBillRef: string, clear: boolean) {
  const made = await as(who, "POST", "/InBound/cro/create", { wayBillRef });
  expect(made.status).toBe(201);
  const cro = (await json(made)).data;
  // Released the day before the van left (the order is made today; its history is set back to April 2025).
  await handle.db.update(cargoReleaseOrders).set({ dateReleased: manila("2025-04-24") }).where(eq(cargoReleaseOrders.cargoReleaseOrderId, cro.cargorReleaseOrderId));
  if (clear) {
    const read = (await json(await as(who, "GET", `/InBound/cro/get/${cro.cargorReleaseOrderId}`))).data;
    const cleared = await as(who, "PUT", `/InBound/cro/clear/${cro.cargorReleaseOrderId}`, { dateModified: read.dateModified, cyPullOutCode: "CEBCY1" });
    expect(cleared.status).toBe(200);
  }
  return cro.cargorReleaseOrderId as string;
}

let croW1 = "";

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await openYard(handle.db);
  await handle.db.insert(containerYards).values({ code: "CEBCY1", name: "Cebu Pier 4 CY", branchCode: "CEB" });
  await handle.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
  await handle.db.insert(companyPolicies).values([
    { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
    { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
    { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
    { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
  ]);
  const onAccount = await bookingsWithVansOut(handle.db, w, 4, w.voyageNum, { ...PTP_BOOKING, modeOfPayment: "AD" });
  [W1, W2, W3, W4] = await waybillsOf(w, onAccount.refs);
  for (const x of [W1, W2, W3, W4]) await recordCargoStage(handle.db, x.bookingRef, 6, manila("2025-04-15"));

  for (const [who, branch] of [["ceb", "CEB"], ["ceb2", "CEB"], ["mnl", "MNL"]] as const) {
    await createUser(handle.db, { userId: `icts-${who}`, password: "icts-password-123", menus: ["INBOUND"], branches: [branch] });
    tokens[who] = await signIn(t, `icts-${who}`, "icts-password-123");
  }
  croW1 = await release("ceb", W1.wayBillRef, true);
  await release("ceb", W2.wayBillRef, true);
  await release("ceb", W3.wayBillRef, false);
}, 180_000);
afterAll(() => handle?.close());

describe("an inbound CTS is issued only for a released, cleared waybill of the branch", () => {
  it("offers the released waybills with whether their order is cleared", async () => {
    const res = await as("ceb", "GET", "/InBound/cts/candidates");
    expect(res.status).toBe(200);
    expect((await json(res)).data.map((r: any) => [r.wayBillRef, r.cleared, r.cyPullOutName])).toEqual([
      [W1.wayBillRef, true, "Cebu Pier 4 CY"], [W2.wayBillRef, true, "Cebu Pier 4 CY"], [W3.wayBillRef, false, null],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect((await json(await as("mnl", "GET", "/InBound/cts/candidates"))).data).toEqual([]);
  });

  it("refuses a waybill with no release order, one whose order is not cleared, another branch's, a trucker of another branch and bad input", async () => {
    const noCro = await issue("ceb", W4.wayBillRef);
    expect(noCro.status).toBe(400);
    expect((await expectErrorBody(noCro)).message).toBe(`Waybill ${W4.wayBillRef} has no cargo release order; its van leaves the yard once its cargo is released.`);
    const notCleared = await issue("ceb", W3.wayBillRef);
    expect(notCleared.status).toBe(400);
    expect((await expectErrorBody(notCleared)).message).toContain(`of waybill ${W3.wayBillRef} is not cleared yet`);
    const elsewhere = await issue("mnl", W1.wayBillRef);
    expect(elsewhere.status).toBe(404);
    expect((await expectErrorBody(elsewhere)).message).toBe(`Waybill ${W1.wayBillRef} was not found.`);
    const manilaTrucker = await issue("ceb", W1.wayBillRef, { truckingCode: "TRK1" });
    expect(manilaTrucker.status).toBe(400);
    expect((await expectErrorBody(manilaTrucker)).message).toBe("Trucker Northline Haulers is not authorised at branch CEB.");
    const future = await issue("ceb", W1.wayBillRef, { dateTimeOut: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.status).toBe(400);
    expect((await expectErrorBody(future)).errors.dateTimeOut).toEqual(["dateTimeOut cannot be in the future."]);
    const early = await issue("ceb", W1.wayBillRef, { dateTimeOut: "2025-04-20T10:00:00+08:00" });
    expect(early.status).toBe(400);
    const blank = await as("ceb", "POST", "/InBound/cts/create", { wayBillRef: W1.wayBillRef });
    expect(blank.status).toBe(400);
    expect((await expectErrorBody(blank)).errors).toMatchObject({ truckingCode: ["truckingCode is required"], plateNum: ["plateNum is required"] });
    expect(await handle.db.select().from(inboundCts)).toEqual([]);
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6, 7]);
  });

  it("issues it from the order's CY pull-out, numbered from the branch's series, with stage 8 at the time out, audited and told to the branch", async () => {
    const res = await issue("ceb", W1.wayBillRef, { remarks: "To the Mandaue warehouse" });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Inbound CTS issued successfully");
    expect(body.data).toMatchObject({
      ctsNum: `ICTS-CEB-${year}-000001`, status: "Issued", wayBillRef: W1.wayBillRef, bookingRef: W1.bookingRef, branchCode: "CEB",
      originBranchCode: "MNL", cargoReleaseOrderId: croW1, containerVanNum: W1.containerVanNum, truckingCode: "TRK2", truckerName: "Cebu Movers",
      plateNum: "GAB 3390", driver: "Rey Cabahug", fromCyCode: "CEBCY1", fromCyName: "Cebu Pier 4 CY", remarks: "To the Mandaue warehouse",
      dateTimeOut: "2025-04-25T02:00:00.000Z", issuedBy: "icts-ceb", issuedByName: "User icts-ceb", cargoDeliveryReceiptId: null,
    });
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6, 7, 8]);
    const [stage8] = await handle.db.select().from(bookingProgress).where(and(eq(bookingProgress.bookingRef, W1.bookingRef), eq(bookingProgress.stage, 8)));
    expect(stage8.reachedAt.toISOString()).toBe("2025-04-25T02:00:00.000Z");
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, "INBOUND_CTS_ISSUED"));
    expect(audits.map((a) => [a.actor, a.target])).toEqual([["icts-ceb", `inbound-cts:ICTS-CEB-${year}-000001`]]);
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Inbound CTS"));
    expect(told.map((n) => [n.userId, n.url])).toEqual([["icts-ceb2", "/inbound/cts"]]);
    expect(told[0].message).toContain(`Inbound CTS ICTS-CEB-${year}-000001 issued: the van of waybill ${W1.wayBillRef} left`);
  });

  it("refuses it twice for the same waybill", async () => {
    const again = await issue("ceb2", W1.wayBillRef);
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toBe(`Waybill ${W1.wayBillRef} is already out on inbound transfer slip ICTS-CEB-${year}-000001.`);
    expect(await handle.db.select().from(inboundCts)).toHaveLength(1);
  });
});

describe("the van-out on the free-time clocks", () => {
  it("ends storage and demurrage at the time out and starts detention, as the free-time read shows", async () => {
    const res = await as("ceb", "GET", `/InBound/demurrage/${W1.wayBillRef}?date=2025-05-10`);
    expect(res.status).toBe(200);
    const view = (await json(res)).data;
    expect(view.events).toMatchObject({ finalTally: expect.stringMatching(/^2025-04-15/), vanOut: expect.stringMatching(/^2025-04-25/), vanIn: null });
    const charge = (type: string) => view.charges.find((c: any) => c.chargeType === type && c.side === "destination");
    expect([charge("STO").state, charge("STO").snapshot.endEvent.date, charge("STO").snapshot.days, charge("STO").snapshot.amount])
      .toEqual(["ENDED", "2025-04-25", 3, "2700.00"]);
    expect([charge("DEM").state, charge("DEM").snapshot.endEvent.date, charge("DEM").snapshot.days]).toEqual(["ENDED", "2025-04-25", 3]);
    const det = charge("DET");
    expect([det.state, det.snapshot.startEvent.date, det.snapshot.lastFreeDay, det.snapshot.days, det.snapshot.amount])
      .toEqual(["CHARGING", "2025-04-25", "2025-05-02", 8, "8000.00"]);
    // Before the van left, detention had not started and storage was still running.
    const before = (await json(await as("ceb", "GET", `/InBound/demurrage/${W1.wayBillRef}?date=2025-04-24`))).data;
    expect(before.charges.find((c: any) => c.chargeType === "DET").state).toBe("NOT_STARTED");
    expect(before.charges.find((c: any) => c.chargeType === "STO").state).toBe("CHARGING");
  });
});

describe("the cargo delivery receipt", () => {
  it("is refused while the waybill has no inbound CTS", async () => {
    const res = await as("ceb", "POST", "/InBound/deliveryReceipt/create", { wayBillRef: W3.wayBillRef, receivedBy: "Lorna Gabisan" });
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).message).toBe(`Waybill ${W3.wayBillRef} has no inbound CTS issued; the cargo is received once its van has left the yard.`);
  });

  it("is made once, with the date released, the consignee's area and the damage-claim note, and shows on the slip", async () => {
    const res = await as("ceb", "POST", "/InBound/deliveryReceipt/create", {
      wayBillRef: W1.wayBillRef, receivedBy: "Lorna Gabisan", consigneeAreaName: "Mandaue City", dateReleased: "2025-04-25T15:30:00+08:00",
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe("Cargo delivery receipt created successfully");
    expect(body.data).toMatchObject({
      cargoDeliveryReceiptId: `CDR-CEB-${year}-000001`, wayBillRef: W1.wayBillRef, ctsNum: `ICTS-CEB-${year}-000001`, consigneeAreaName: "Mandaue City",
      receivedBy: "Lorna Gabisan", dateReleased: "2025-04-25T07:30:00.000Z", truckerName: "Cebu Movers",
      note: "Any damage claim must be filed within 24 hours of receipt of the cargo; no claim is accepted after that.",
    });
    const again = await as("ceb2", "POST", "/InBound/deliveryReceipt/create", { wayBillRef: W1.wayBillRef, receivedBy: "Someone" });
    expect(again.status).toBe(409);
    expect((await expectErrorBody(again)).message).toBe(`Waybill ${W1.wayBillRef} already has cargo delivery receipt CDR-CEB-${year}-000001.`);
    const slip = (await json(await as("ceb", "GET", `/InBound/cts/get/ICTS-CEB-${year}-000001`))).data;
    expect(slip.cargoDeliveryReceiptId).toBe(`CDR-CEB-${year}-000001`);
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.action, "CARGO_DELIVERY_RECEIPT_CREATED"))).map((a) => a.target))
      .toEqual([`cargo-delivery-receipt:CDR-CEB-${year}-000001`]);
    expect((await as("mnl", "GET", `/InBound/deliveryReceipt/get/CDR-CEB-${year}-000001`)).status).toBe(404);
  });

  it("keeps the slip of delivered cargo from being cancelled", async () => {
    const slip = (await json(await as("ceb", "GET", `/InBound/cts/get/ICTS-CEB-${year}-000001`))).data;
    const res = await as("ceb", "PUT", `/InBound/cts/cancel/${slip.ctsNum}`, { dateModified: slip.dateModified, reason: "Wrong van" });
    expect(res.status).toBe(409);
    expect(await stagesOf(W1.bookingRef)).toEqual([0, 1, 6, 7, 8]);
  });
});

describe("cancelling an inbound CTS", () => {
  it("withdraws stage 8 with the reason, audited; the waybill can go out again", async () => {
    const made = (await json(await issue("ceb", W2.wayBillRef))).data;
    expect(made.ctsNum).toBe(`ICTS-CEB-${year}-000002`);
    expect(await stagesOf(W2.bookingRef)).toEqual([0, 1, 6, 7, 8]);
    const noReason = await as("ceb", "PUT", `/InBound/cts/cancel/${made.ctsNum}`, { dateModified: made.dateModified });
    expect(noReason.status).toBe(400);
    const stale = await as("ceb", "PUT", `/InBound/cts/cancel/${made.ctsNum}`, { dateModified: "2025-01-01T00:00:00.000Z", reason: "Wrong trucker" });
    expect(stale.status).toBe(409);
    const res = await as("ceb2", "PUT", `/InBound/cts/cancel/${made.ctsNum}`, { dateModified: made.dateModified, reason: "Wrong trucker" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe("Inbound CTS cancelled successfully");
    expect(body.data).toMatchObject({ status: "Cancelled", cancelledBy: "icts-ceb2", cancelReason: "Wrong trucker" });
    expect(await stagesOf(W2.bookingRef)).toEqual([0, 1, 6, 7]);
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.action, "INBOUND_CTS_CANCELLED"))).map((a) => [a.actor, a.target]))
      .toEqual([["icts-ceb2", `inbound-cts:${made.ctsNum}`]]);
    const twice = await as("ceb2", "PUT", `/InBound/cts/cancel/${made.ctsNum}`, { dateModified: body.data.dateModified, reason: "Again" });
    expect(twice.status).toBe(409);
    // The free-time read sees the van in the yard again.
    const view = (await json(await as("ceb", "GET", `/InBound/demurrage/${W2.wayBillRef}?date=2025-05-10`))).data;
    expect(view.events.vanOut).toBeNull();
    // Out again on a new slip.
    expect((await issue("ceb", W2.wayBillRef)).status).toBe(201);
  });

  it("is refused once the van has come back (van-in, stage 9)", async () => {
    const slip = (await json(await as("ceb", "POST", "/InBound/cts/load", { search: W2.wayBillRef, status: "Issued" }))).data[0];
    await recordCargoStage(handle.db, W2.bookingRef, 9, manila("2025-05-05"));
    const res = await as("ceb", "PUT", `/InBound/cts/cancel/${slip.ctsNum}`, { dateModified: slip.dateModified, reason: "Too late" });
    expect(res.status).toBe(409);
    expect((await expectErrorBody(res)).message).toBe(`The van of inbound transfer slip ${slip.ctsNum} has come back (van-in); the slip cannot be cancelled.`);
    expect(await stagesOf(W2.bookingRef)).toEqual([0, 1, 6, 7, 8, 9]);
  });
});

describe("the list and the printouts", () => {
  it("lists the branch's slips newest first, 20 a page, by status and search; none for another branch", async () => {
    const all = await json(await as("ceb", "POST", "/InBound/cts/load", {}));
    expect(all.total).toBe(3);
    expect(all.data.map((r: any) => r.ctsNum)).toEqual([`ICTS-CEB-${year}-000003`, `ICTS-CEB-${year}-000002`, `ICTS-CEB-${year}-000001`]);
    const cancelled = await json(await as("ceb", "POST", "/InBound/cts/load", { status: "Cancelled" }));
    expect(cancelled.data.map((r: any) => r.ctsNum)).toEqual([`ICTS-CEB-${year}-000002`]);
    const none = await json(await as("mnl", "POST", "/InBound/cts/load", {}));
    expect([none.total, none.data, none.message]).toEqual([0, [], "No more data to load"]);
    expect((await as("ceb", "POST", "/InBound/cts/load", { take: 0 })).status).toBe(400);
    const receipts = await json(await as("ceb", "POST", "/InBound/deliveryReceipt/load", {}));
    expect(receipts.data.map((r: any) => r.cargoDeliveryReceiptId)).toEqual([`CDR-CEB-${year}-000001`]);
  });

  it("prints the slip and the receipt as PDFs named after their numbers", async () => {
    for (const [path, name] of [[`/InBound/cts/print/ICTS-CEB-${year}-000001`, `ICTS-CEB-${year}-000001.pdf`],
      [`/InBound/deliveryReceipt/print/CDR-CEB-${year}-000001`, `CDR-CEB-${year}-000001.pdf`]]) {
      const res = await as("ceb", "GET", path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`inline; filename="${name}"`);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect((await as("mnl", "GET", `/InBound/cts/print/ICTS-CEB-${year}-000001`)).status).toBe(404);
  });
});
