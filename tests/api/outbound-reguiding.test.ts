import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  auditLog, bookingBatches, bookingProgress, bookings, loadListEntries, outboundCts, routes, statusHistory, stowagePlacements, vessels, voyageReguides,
  voyageSchedules, voyageStowagePlans, waybills,
} from "../../db/schema/index.ts";
import { createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { PORT_LANE } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, onLoadList, openYard, tallied, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * Reguiding (001 §7 OutBound, §8; issue 22 item 8): a voyage's vessel changed, and bookings with their waybills
 * transferred to another voyage from the same origin, each in one transaction with its history row, its audit
 * and the cargo stages kept right. A refusal changes nothing, read back row by row.
 *
 * Voyage A (the world's, Manila to Cebu) carries: b1, confirmed with no van yet; b2, whose waybill is on the load
 * list; b3, whose waybill is a draft; b4, loaded by the final tally. Voyage B also goes Manila to Cebu, C goes
 * Manila to Davao only, and D leaves from Cebu.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
const v: Record<"A" | "B" | "C" | "D", string> = { A: "", B: "", C: "", D: "" };
let b1: string;
let b2: string;
let b3: string;
let b4: string;
let wb: Record<string, string> = {};
let release: string;
let finalSheet: string;
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
async function call(who: string, method: string, path: string, body?: unknown) {
  const res = who in tokens ? await t.call(method, `/api${path}`, { token: tokens[who], body }) : await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

async function newVoyage(voyageRef: string, routeCode: string, destination: string, days: number): Promise<string> {
  const etd = new Date(Date.now() + days * 86_400_000);
  const res = await w.call("staff", "POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef, vesselCode: "LADY", routeCode, estimatedTimeDeparture: etd.toISOString(),
    destinations: [{ destinationBranchCode: destination, estimatedTimeArrival: new Date(etd.getTime() + 86_400_000).toISOString() }],
  });
  expect(res.status, voyageRef).toBe(201);
  return (await json(res)).data.voyageNum;
}

const manilaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const voyageRow = async (voyageNum: string) => (await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageNum, voyageNum)))[0];

/** What a transfer touches of each booking, read from the tables. */
async function cargoRows(refs: string[]) {
  const [b, wbs, slips, entries, stages] = await Promise.all([
    handle.db.select().from(bookings).where(inArray(bookings.bookingRef, refs)).orderBy(asc(bookings.bookingRef)),
    handle.db.select().from(waybills).where(inArray(waybills.bookingRef, refs)).orderBy(asc(waybills.bookingRef)),
    handle.db.select().from(outboundCts).where(inArray(outboundCts.bookingRef, refs)).orderBy(asc(outboundCts.bookingRef)),
    handle.db.select().from(loadListEntries).orderBy(asc(loadListEntries.id)),
    handle.db.select().from(bookingProgress).where(inArray(bookingProgress.bookingRef, refs)).orderBy(asc(bookingProgress.bookingRef), asc(bookingProgress.stage)),
  ]);
  return {
    bookings: b.map((r) => [r.bookingRef, r.voyageNum, r.status, r.dateModified.toISOString()]),
    waybills: wbs.map((r) => [r.wayBillRef, r.voyageNum, r.status, r.releaseTag]),
    slips: slips.map((r) => [r.ctsNum, r.voyageNum]),
    entries: entries.map((e) => [e.wayBillRef, e.releaseId, e.dateRemoved]),
    stages: stages.map((s) => [s.bookingRef, s.stage]),
  };
}

/** The bookings' dateModified as the transfer dialog read them. */
async function asRead(refs: string[]) {
  const rows = await handle.db.select().from(bookings).where(inArray(bookings.bookingRef, refs));
  return refs.map((ref) => ({ bookingRef: ref, dateModified: rows.find((r) => r.bookingRef === ref)!.dateModified.toISOString() }));
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await openYard(handle.db);
  await ensureBranch(handle.db, "DVO", "Davao");
  await handle.db.insert(routes).values([
    { code: "MNL-DVO", name: "Manila - Davao", originBranchCode: "MNL", destinationBranchCodes: ["DVO"] },
    { code: "CEB-MNL", name: "Cebu - Manila", originBranchCode: "CEB", destinationBranchCodes: ["MNL"] },
  ]);
  await handle.db.insert(vessels).values([
    { code: "STAR", name: "MV Star of Cebu", vesselType: "Container" },
    { code: "OLD", name: "MV Old Timer", vesselType: "Container", isActive: false },
  ]);
  await createUser(handle.db, { userId: "rg-cebu", password: "rg-password-1", menus: ["OUTBOUND"], branches: ["CEB"] });
  tokens.cebu = await signIn(t, "rg-cebu", "rg-password-1");

  v.A = w.voyageNum;
  v.B = await newVoyage("V-301S", "MNL-CEB", "CEB", 12);
  v.C = await newVoyage("V-401S", "MNL-DVO", "DVO", 12);
  v.D = await newVoyage("V-501N", "CEB-MNL", "MNL", 12);

  // b1 alone in its batch, confirmed; b2 to b4 in another, their vans out and their waybills issued.
  const opened = await w.call("staff", "POST", "/Bookings/batch", { voyageNum: v.A, customerCode: "PHT", remarks: "", bookings: [PTP_BOOKING] });
  const single = (await json(opened)).data;
  expect((await w.call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: single.bookingBatchRef })).status).toBe(200);
  b1 = single.bookings[0].bookingRef;
  const { refs } = await bookingsWithVansOut(handle.db, w, 3);
  [b2, b3, b4] = refs;
  const bills = await waybillsOf(w, refs);
  wb = Object.fromEntries(bills.map((b) => [b.bookingRef, b.wayBillRef]));
  release = await onLoadList(handle.db, v.A, [wb[b2], wb[b4]]);
  finalSheet = await tallied(handle.db, v.A, [{ wayBillRef: wb[b4], bookingRef: b4, containerVanNum: bills[2].containerVanNum }], { final: true });
}, 180_000);
afterAll(() => handle?.close());

describe("a vessel change", () => {
  it("offers the active vessels other than the voyage's own", async () => {
    const res = await call("yard", "GET", "/Vessels/getVesselForVesselChange?vesselCode=LADY");
    expect(res.body.data.map((x: any) => x.code)).toEqual(["STAR"]);
  });

  it("puts the voyage on the new vessel, drops its empty stowage plan, and records the change", async () => {
    await handle.db.insert(voyageStowagePlans).values({ voyageNum: v.B, rows: 4, columns: 6 });
    const before = await voyageRow(v.B);
    const res = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", {
      voyageNum: v.B, vesselCode: "star", dateModified: before.dateModified.toISOString(), reason: "MV Lady of Manila in dry dock",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Voyage Changed Vessel Successfully.");
    expect(res.body.data).toMatchObject({ voyageNum: v.B, vesselCode: "STAR", vesselName: "MV Star of Cebu" });
    expect((await voyageRow(v.B)).vesselCode).toBe("STAR");
    expect(await handle.db.select().from(voyageStowagePlans).where(eq(voyageStowagePlans.voyageNum, v.B))).toEqual([]);
    const history = await call("yard", "GET", `/OutBound/reguiding/history/${v.B}`);
    expect(history.body.data.map((r: any) => [r.kind, r.voyageNum, r.fromVesselCode, r.toVesselCode, r.reason, r.userCreated])).toEqual([
      ["Vessel change", v.B, "LADY", "STAR", "MV Lady of Manila in dry dock", "bk-yard"],
    ]);
    const audit = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "VOYAGE_VESSEL_CHANGED"), eq(auditLog.target, `voyage:${v.B}`)));
    expect(audit.map((a) => [a.actor, a.detail])).toEqual([
      ["bk-yard", { before: { vesselCode: "LADY" }, after: { vesselCode: "STAR" }, reason: "MV Lady of Manila in dry dock" }],
    ]);
    // The voyage's documents name the new vessel.
    expect((await call("yard", "GET", `/OutBound/voyageReports/summary/${v.B}`)).body.data.header.vessel).toBe("MV Star of Cebu");
  });

  it("is refused on a stale read, for an inactive or the same vessel, after the final tally and with vans stowed, changing nothing", async () => {
    const b = await voyageRow(v.B);
    const stale = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.B, vesselCode: "LADY", dateModified: "2020-01-01T00:00:00.000Z" });
    expect([stale.status, stale.body.message]).toEqual([409, `Voyage ${v.B} was changed by someone else after you opened it. Reload it and try again.`]);
    const inactive = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.B, vesselCode: "OLD", dateModified: b.dateModified.toISOString() });
    expect([inactive.status, inactive.body.errors.vesselCode]).toEqual([400, ["Vessel OLD is not an active vessel."]]);
    const same = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.B, vesselCode: "STAR", dateModified: b.dateModified.toISOString() });
    expect([same.status, same.body.errors.vesselCode]).toEqual([400, [`Voyage ${v.B} already sails on MV Star of Cebu.`]]);

    const a = await voyageRow(v.A);
    const loaded = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.A, vesselCode: "STAR", dateModified: a.dateModified.toISOString() });
    expect(loaded.status).toBe(409);
    expect(loaded.body.message).toMatch(new RegExp(`^Voyage ${v.A} was loaded on MV Lady of Manila by its final tally on \\d{4}-\\d{2}-\\d{2}; its vessel can no longer change\\.$`));

    await handle.db.insert(voyageStowagePlans).values({ voyageNum: v.C, rows: 4, columns: 6 });
    await handle.db.insert(stowagePlacements).values({ voyageNum: v.C, slotRow: 1, slotColumn: 1, slotPosition: "010182", containerVanNum: "LDGU2010037" });
    const c = await voyageRow(v.C);
    const stowed = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.C, vesselCode: "STAR", dateModified: c.dateModified.toISOString() });
    expect([stowed.status, stowed.body.message]).toEqual([409, `The stowage plan of voyage ${v.C} already places cargo on MV Lady of Manila; clear the plan before changing the vessel.`]);

    expect([(await voyageRow(v.A)).vesselCode, (await voyageRow(v.B)).vesselCode, (await voyageRow(v.C)).vesselCode]).toEqual(["LADY", "STAR", "LADY"]);
    expect((await voyageRow(v.B)).dateModified).toEqual(b.dateModified);
    expect(await handle.db.select().from(voyageStowagePlans).where(eq(voyageStowagePlans.voyageNum, v.C))).toHaveLength(1);
    expect(await handle.db.select().from(voyageReguides)).toHaveLength(1);
  });

  it("answers a voyage of another branch as one that does not exist, and malformed input with the field named", async () => {
    const a = await voyageRow(v.A);
    const foreign = await call("cebu", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.A, vesselCode: "STAR", dateModified: a.dateModified.toISOString() });
    expect([foreign.status, foreign.body.message]).toEqual([404, `Voyage ${v.A} was not found.`]);
    const bad = await call("yard", "PUT", "/OutBound/reguiding/changeVessel", { voyageNum: v.A, vesselCode: "", dateModified: "yesterday" });
    expect(bad.status).toBe(400);
    expect([bad.body.errors.vesselCode, bad.body.errors.dateModified]).toEqual([["vesselCode is required"], ["dateModified must be the ISO timestamp you loaded"]]);
  });
});

describe("a voyage transfer", () => {
  it("lists the voyage's bookings with why each cannot move, and the voyages they may go to", async () => {
    const list = await call("yard", "GET", `/OutBound/reguiding/bookings/${v.A}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: any) => [b.bookingRef, b.status, b.wayBillRef, b.waybillStatus, b.releaseId, b.blocked])).toEqual([
      [b1, "Confirmed", null, null, null, null],
      [b2, "Outbound CTS Issued", wb[b2], "On Load List", release, null],
      [b3, "Outbound CTS Issued", wb[b3], "Draft", null, null],
      [b4, "At Vessel Loaded", wb[b4], "Loaded", release, `Booking ${b4} is already loaded (final tally ${finalSheet}); loaded cargo sails with its voyage.`],
    ]);
    const targets = await call("yard", "GET", `/OutBound/reguiding/targets/${v.A}`);
    expect(targets.body.data.map((x: any) => [x.voyageNum, x.vesselName, x.destinationBranchCodes])).toEqual([
      [v.B, "MV Star of Cebu", ["CEB"]], [v.C, "MV Lady of Manila", ["DVO"]],
    ].sort((p, q) => String(p[0]).localeCompare(String(q[0]))));
    expect((await call("cebu", "GET", `/OutBound/reguiding/bookings/${v.A}`)).status).toBe(404);
  });

  it("moves nothing when one booking of several is already loaded", async () => {
    const before = await cargoRows([b2, b3, b4]);
    const res = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.A, toVoyageNum: v.B, bookings: await asRead([b2, b3, b4]) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Nothing was transferred. Booking ${b4} is already loaded (final tally ${finalSheet}); loaded cargo sails with its voyage.`);
    expect(res.body.errors.bookings).toEqual([`Booking ${b4} is already loaded (final tally ${finalSheet}); loaded cargo sails with its voyage.`]);
    expect(await cargoRows([b2, b3, b4])).toEqual(before);
    expect(before.waybills.map((x) => [x[1], x[2]])).toEqual([[v.A, "On Load List"], [v.A, "Draft"], [v.A, "Loaded"]]);
    expect(before.stages).toEqual([[b2, 0], [b2, 1], [b2, 2], [b3, 0], [b3, 1], [b4, 0], [b4, 1], [b4, 2], [b4, 3], [b4, 4]]);
    expect(await handle.db.select().from(voyageReguides).where(eq(voyageReguides.kind, "Voyage transfer"))).toEqual([]);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.action, "VOYAGE_TRANSFERRED"))).toEqual([]);
  });

  it("moves nothing to a voyage that does not call at the bookings' destination, nor to one from another origin", async () => {
    const before = await cargoRows([b1, b2]);
    const res = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.A, toVoyageNum: v.C, bookings: await asRead([b1, b2]) });
    expect(res.status).toBe(400);
    expect(res.body.errors.bookings).toEqual([
      `Booking ${b1} goes to CEB, where voyage ${v.C} does not call (DVO).`,
      `Booking ${b2} goes to CEB, where voyage ${v.C} does not call (DVO).`,
    ]);
    const elsewhere = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.A, toVoyageNum: v.D, bookings: await asRead([b1]) });
    expect([elsewhere.status, elsewhere.body.errors.toVoyageNum]).toEqual([400, [`Voyage ${v.D} leaves from CEB; cargo of voyage ${v.A} moves only to a voyage from MNL.`]]);
    const itself = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.A, toVoyageNum: v.A, bookings: await asRead([b1]) });
    expect([itself.status, itself.body.errors.toVoyageNum]).toEqual([400, ["Choose another voyage: the bookings are on this one already."]]);
    const stale = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", {
      voyageNum: v.A, toVoyageNum: v.B, bookings: [{ bookingRef: b1, dateModified: "2020-01-01T00:00:00.000Z" }],
    });
    expect([stale.status, stale.body.message]).toEqual([409, `Booking ${b1} changed after you opened the list. Reload it and try again; nothing was transferred.`]);
    const stranger = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.B, toVoyageNum: v.C, bookings: await asRead([b1]) });
    expect([stranger.status, stranger.body.errors.bookings]).toEqual([400, [`Booking ${b1} is not on voyage ${v.B}.`]]);
    const foreign = await call("cebu", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.A, toVoyageNum: v.B, bookings: await asRead([b1]) });
    expect([foreign.status, foreign.body.message]).toEqual([404, `Voyage ${v.A} was not found.`]);
    const empty = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.A, toVoyageNum: v.B, bookings: [] });
    expect([empty.status, empty.body.errors.bookings]).toEqual([400, ["Choose at least one booking to transfer"]]);
    expect(await cargoRows([b1, b2])).toEqual(before);
  });

  it("moves bookings, slips and waybills to the new voyage, takes the waybill off the load list and withdraws its stage 2", async () => {
    const res = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", {
      voyageNum: v.A, toVoyageNum: v.B, bookings: await asRead([b1, b2, b3]), reason: "Shut out: vessel full",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: "Voyage Transfered Successfully.",
      data: { voyageNum: v.A, toVoyageNum: v.B, bookingRefs: [b1, b2, b3], wayBillRefs: [wb[b2], wb[b3]], batchesMoved: [expect.any(String)] },
    });
    const after = await cargoRows([b1, b2, b3, b4]);
    expect(after.bookings.map((x) => [x[0], x[1], x[2]])).toEqual([
      [b1, v.B, "Confirmed"], [b2, v.B, "Outbound CTS Issued"], [b3, v.B, "Outbound CTS Issued"], [b4, v.A, "At Vessel Loaded"],
    ]);
    expect(after.waybills).toEqual([[wb[b2], v.B, "Draft", ""], [wb[b3], v.B, "Draft", ""], [wb[b4], v.A, "Loaded", release]]);
    expect(after.slips.map((x) => x[1])).toEqual([v.B, v.B, v.A]);
    // b2's entry on the release is kept, marked taken off; b4's stays on.
    expect(after.entries.map((e) => [e[0], e[1], e[2] !== null])).toEqual([[wb[b2], release, true], [wb[b4], release, false]]);
    expect(after.stages).toEqual([[b2, 0], [b2, 1], [b3, 0], [b3, 1], [b4, 0], [b4, 1], [b4, 2], [b4, 3], [b4, 4]]);
    // b1's batch went with it; the other batch keeps b4 on voyage A.
    const batches = await handle.db.select().from(bookingBatches).where(inArray(bookingBatches.bookingBatchRef, (await handle.db.select({ r: bookings.bookingBatchRef }).from(bookings).where(inArray(bookings.bookingRef, [b1, b4]))).map((x) => x.r)));
    expect(batches.map((b) => b.voyageNum).sort()).toEqual([v.A, v.B].sort());
    expect(res.body.data.batchesMoved).toEqual(batches.filter((b) => b.voyageNum === v.B).map((b) => b.bookingBatchRef));

    const waybillHistory = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "waybill"), eq(statusHistory.action, "removeFromLoadList")));
    expect(waybillHistory.map((h) => [h.fromStatus, h.toStatus, h.actor, h.remarks])).toEqual([["On Load List", "Draft", "bk-yard", `Transferred to voyage ${v.B}`]]);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, "VOYAGE_TRANSFERRED")).orderBy(asc(auditLog.target));
    expect(audit.map((a) => [a.target, (a.detail as any).before, (a.detail as any).after, (a.detail as any).wayBillRef ?? null, (a.detail as any).leftRelease ?? null])).toEqual([
      [`booking:${b1}`, { voyageNum: v.A }, { voyageNum: v.B }, null, null],
      [`booking:${b2}`, { voyageNum: v.A }, { voyageNum: v.B }, wb[b2], release],
      [`booking:${b3}`, { voyageNum: v.A }, { voyageNum: v.B }, wb[b3], null],
    ]);
    for (const voyageNum of [v.A, v.B]) {
      const history = await call("yard", "GET", `/OutBound/reguiding/history/${voyageNum}`);
      expect(history.body.data.filter((r: any) => r.kind === "Voyage transfer").map((r: any) => [r.voyageNum, r.toVoyageNum, r.bookingRefs, r.wayBillRefs, r.reason]))
        .toEqual([[v.A, v.B, [b1, b2, b3], [wb[b2], wb[b3]], "Shut out: vessel full"]]);
    }
    // Tracking no longer shows b2 on a load list.
    const tracking = await json(await t.call("GET", `/api/Bookings/shipmentTracking/${b2}`));
    expect(tracking.data.stages.slice(0, 3).map((s: any) => [s.label, s.reachedAt !== null])).toEqual([
      ["Outbound CTS Issued", true], ["WayBill Issued", true], ["LoadList Created", false],
    ]);
  });

  it("keeps a van counted on a tally sheet where it is", async () => {
    const [slip] = await handle.db.select().from(outboundCts).where(eq(outboundCts.bookingRef, b3));
    const sheet = await tallied(handle.db, v.B, [{ wayBillRef: wb[b3], bookingRef: b3, containerVanNum: slip.containerVanNum }], { final: false });
    const before = await cargoRows([b3]);
    const res = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.B, toVoyageNum: v.C, bookings: await asRead([b3]) });
    expect([res.status, res.body.message]).toEqual([409, `Nothing was transferred. Booking ${b3}'s van is counted on tally sheet ${sheet}; take it off the sheet before transferring it.`]);
    expect(await cargoRows([b3])).toEqual(before);
    const foreign = await t.call("GET", `/api/OutBound/reguiding/history/${v.B}`, { token: tokens.cebu });
    expect(foreign.status).toBe(404);
    expect((await expectErrorBody(foreign)).message).toBe(`Voyage ${v.B} was not found.`);
  });
});

describe("a tandem waybill", () => {
  it("moves with both its bookings or not at all, leaving its load list once", async () => {
    // A tandem lane of the customer's, and two of its bookings whose 20' vans go on one trailer.
    const sq = (await json(await w.call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" }))).data;
    await w.call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", {
      sqRefNum: sq.sqRefNum, documents: [{ ...PORT_LANE, serviceModeCode: "DTP", originAreaCode: "QC", isTandem: true }],
    });
    for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
      expect((await w.call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${sq.id}`, { action, remarks: "" })).status).toBe(200);
    }
    const lane = (await json(await w.call("ae", "GET", `/SalesQuotations/read/${sq.sqRefNum}`))).data.lanes[0].sqdocNum;
    const tandem = {
      ...PTP_BOOKING, modeOfDelivery: "DTP", isTandem: true, sqdocNum: lane, pickUpAreaCode: "QC",
      pickUpAddress: { street: "12 Mindanao Ave", barangay: "Bahay Toro", city: "Quezon City", province: "Metro Manila", zipCode: "1106" },
    };
    const { refs: [main, partner] } = await bookingsWithVansOut(handle.db, w, 2, v.B, tandem);
    const made = await w.call("yard", "POST", "/OutBound/waybill/create", { bookingRef: main, tandemBookingRef: partner });
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    const tandemRef = (await json(made)).data.wayBillRef as string;
    const tandemRelease = await onLoadList(handle.db, v.B, [tandemRef]);
    const targets = (await call("yard", "GET", `/OutBound/reguiding/bookings/${v.B}`)).body.data.filter((b: any) => [main, partner].includes(b.bookingRef));
    expect(targets.map((b: any) => [b.bookingRef, b.wayBillRef, b.releaseId, b.blocked])).toEqual([[main, tandemRef, tandemRelease, null], [partner, tandemRef, tandemRelease, null]]);

    const before = await cargoRows([main, partner]);
    const alone = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.B, toVoyageNum: v.A, bookings: await asRead([main]) });
    expect([alone.status, alone.body.errors.toVoyageNum]).toEqual([400, [`Voyage ${v.A} was closed by its final tally on ${manilaDay((await voyageRow(v.A)).finalTallyAt!)}.`]]);
    const e = await newVoyage("V-601S", "MNL-CEB", "CEB", 14);
    const half = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.B, toVoyageNum: e, bookings: await asRead([main]) });
    expect([half.status, half.body.errors.bookings]).toEqual([400, [`Booking ${main} shares tandem waybill ${tandemRef} with booking ${partner}; transfer both together.`]]);
    expect(await cargoRows([main, partner])).toEqual(before);

    const both = await call("yard", "PUT", "/OutBound/reguiding/transferVoyage", { voyageNum: v.B, toVoyageNum: e, bookings: await asRead([main, partner]) });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.data.wayBillRefs).toEqual([tandemRef]);
    const after = await cargoRows([main, partner]);
    expect(after.bookings.map((x) => x[1])).toEqual([e, e]);
    expect(after.waybills).toEqual([[tandemRef, e, "Draft", ""]]);
    expect(after.slips.map((x) => x[1])).toEqual([e, e]);
    expect(after.stages).toEqual([[main, 0], [main, 1], [partner, 0], [partner, 1]]);
    expect(after.entries.filter((x) => x[0] === tandemRef).map((x) => x[2] !== null)).toEqual([true]);
    const moves = await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "waybill"), eq(statusHistory.action, "removeFromLoadList")));
    expect(moves.filter((h) => h.remarks === `Transferred to voyage ${e}`)).toHaveLength(1);
  });
});
