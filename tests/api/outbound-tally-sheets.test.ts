import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, bookingProgress, bookings, notifications, statusHistory, tallySheetLines, voyageSchedules, waybills } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { PORT_LANE } from "../support/sq-pricing.ts";
import { draftWaybills, LOADING_YARD, lineVan, loadingWorld, type LoadingWorld, type ReadyWaybill } from "../support/loading.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Loading tally sheets (001 §3, §4, issue 22 part 2 and 3): one per voyage and port of call; each van counted once,
 * with the device's entryId so an entry sent twice lands once; an entry that no longer fits answered as a
 * conflict with its reason; the final tally moving the counted waybills and bookings (stage 4); its undo only with
 * the tally sheet undo role and a reason kept in the history and the audit log.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
let l: LoadingWorld;
let cebuToken: string;
const year = new Date().getFullYear();
const json = (res: Response) => res.json() as Promise<any>;

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = who === "cebu" ? await t.call(method, `/api${path}`, { token: cebuToken, body }) : await w.call(who, method, path, body);
  return { status: res.status, body: await json(res) };
}

/** Waybills on a fresh release of the world's voyage. */
async function onList(n: number): Promise<ReadyWaybill[]> {
  const ready = await draftWaybills(l, n);
  const release = (await call("yard", "POST", "/OutBound/loadList/create", { voyageNum: w.voyageNum })).body.data;
  const put = await call("yard", "PUT", `/OutBound/loadList/update/${release.releaseId}`, {
    dateModified: release.dateModified, entries: ready.map((r) => ({ wayBillRef: r.wayBillRef, status: "add" })),
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return ready;
}

let sheet: { tallySheetNum: string; dateModified: string };

async function readSheet() {
  const read = await call("yard", "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`);
  expect(read.status).toBe(200);
  return read.body.data;
}

const entry = (over: Record<string, unknown>) => ({
  entryId: randomUUID(), containerType: "FL", truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", cyPullOutCode: LOADING_YARD,
  sealNum: "SEAL-001", timeTallied: new Date().toISOString(), ...over,
});

const count = (body: Record<string, unknown>, who = "yard", num = sheet.tallySheetNum) => call(who, "POST", `/OutBound/tallySheet/line/${num}`, body);

async function stagesOf(bookingRef: string) {
  const rows = await handle.db.select({ stage: bookingProgress.stage }).from(bookingProgress).where(eq(bookingProgress.bookingRef, bookingRef));
  return rows.map((r) => r.stage).sort();
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"], clerk2: ["OUTBOUND"], undo: ["OUTBOUND", "TALLY_SHEET_UNDO"] });
  l = await loadingWorld(handle.db, w, "yard", 620000);
  await createUser(handle.db, { userId: "ts-cebu", password: "ts-cebu-password-1", menus: ["OUTBOUND"], branches: ["CEB"] });
  cebuToken = await signIn(t, "ts-cebu", "ts-cebu-password-1");
}, 120_000);
afterAll(() => handle?.close());

describe("opening a loading tally sheet", () => {
  it("opens one per voyage and port of call, numbered from the origin's TS series, and tells the followers", async () => {
    const made = await call("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    sheet = made.body.data;
    expect(made.body.data).toMatchObject({
      tallySheetNum: `TS-MNL-${year}-000001`, tallySheetType: "Loading", status: "Open", voyageNum: w.voyageNum, branchCode: "MNL",
      destinationBranchCode: "CEB", timeFinished: null, dateFinalized: null, lines: [],
    });
    expect(made.body.data.timeStarted).not.toBeNull();
    const again = await call("clerk2", "POST", "/OutBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "ceb" });
    expect([again.status, again.body.message]).toEqual([409, `Voyage ${w.voyageNum} already has loading tally sheet ${sheet.tallySheetNum} for CEB.`]);
    const elsewhere = await call("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "DVO" });
    expect([elsewhere.status, elsewhere.body.errors.destinationBranchCode]).toEqual([400, [`Voyage ${w.voyageNum} does not call at DVO.`]]);
    const theirs = await call("cebu", "POST", "/OutBound/tallySheet/create", { voyageNum: w.voyageNum, destinationBranchCode: "CEB" });
    expect([theirs.status, theirs.body.errors.voyageNum]).toEqual([400, [`Voyage ${w.voyageNum} leaves from branch MNL, which is not one of your branches.`]]);
    const unknown = await call("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: "VOY-MNL-2099-000404", destinationBranchCode: "CEB" });
    expect([unknown.status, unknown.body.errors.voyageNum]).toEqual([400, ["Voyage VOY-MNL-2099-000404 was not found."]]);
    const told = await handle.db.select().from(notifications).where(eq(notifications.title, "Loading Tally Sheet"));
    expect(told.map((n) => n.userId).sort()).toEqual(["bk-clerk2", "bk-undo", "ts-cebu"]);
    expect(told[0].message).toBe(`Tally sheet ${sheet.tallySheetNum} of voyage V-201S (${w.voyageNum}) to CEB: counting started.`);
    expect(told[0].url).toBe(`/outbound/tallySheet/${w.voyageNum}`);
  });
});

describe("counting vans", () => {
  it("counts a full van of a waybill on the load list (stage 3), and the same entry sent twice lands once", async () => {
    const [a] = await onList(1);
    const body = entry({ wayBillRef: a.wayBillRef, timeTallied: "2026-11-27T01:30:00.000Z" });
    const first = await count(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(`Van ${a.containerVanNum} counted`);
    expect(first.body.data).toMatchObject({
      entryId: body.entryId, wayBillRef: a.wayBillRef, bookingRef: a.bookingRef, containerVanNum: a.containerVanNum, containerType: "FL", size: "20",
      sealNum: "SEAL-001", truckingCode: "TRK1", truckerName: "Northline Haulers", plateNum: "ABC 1234", driver: "Ramon Cruz",
      cyPullOutCode: LOADING_YARD, cyPullOutName: "Manila North Harbor CY", timeTallied: "2026-11-27T01:30:00.000Z", userCreated: "bk-yard",
    });
    expect(await stagesOf(a.bookingRef)).toEqual([0, 1, 2, 3]);
    const [stage3] = await handle.db.select().from(bookingProgress).where(and(eq(bookingProgress.bookingRef, a.bookingRef), eq(bookingProgress.stage, 3)));
    expect(stage3.reachedAt.toISOString()).toBe("2026-11-27T01:30:00.000Z");

    // The device did not hear the answer and sends the entry again, even from another clerk's session: one line.
    const second = await count(body, "clerk2");
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ data: first.body.data, message: "This entry was counted already" });
    const lines = await handle.db.select().from(tallySheetLines).where(eq(tallySheetLines.entryId, body.entryId));
    expect(lines).toHaveLength(1);
    expect((await readSheet()).lines.map((x: any) => x.entryId)).toEqual([body.entryId]);

    // Two devices sending one entry at the same moment (a retry racing the first try): still one line.
    const [b] = await onList(1);
    const racing = entry({ wayBillRef: b.wayBillRef });
    const answers = await Promise.all([count(racing), count(racing, "clerk2")]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 201]);
    expect(answers[0].body.data.id).toBe(answers[1].body.data.id);
    expect(await handle.db.select().from(tallySheetLines).where(eq(tallySheetLines.entryId, racing.entryId))).toHaveLength(1);
  });

  it("answers an entry that conflicts with a change made meanwhile as a conflict, with the reason, and counts nothing", async () => {
    const [a, b] = await onList(2);
    const mine = await count(entry({ wayBillRef: a.wayBillRef }));
    expect(mine.status).toBe(201);
    // Another device counted the same van while this one was offline.
    const twice = await count(entry({ wayBillRef: a.wayBillRef }), "clerk2");
    expect(twice).toEqual({
      status: 409,
      body: {
        message: `Van ${a.containerVanNum} is already counted on tally sheet ${sheet.tallySheetNum}, by User bk-yard at ${manilaTimestamp(mine.body.data.timeTallied)}.`,
        errors: { "": [], containerVanNum: [`Van ${a.containerVanNum} is already counted on tally sheet ${sheet.tallySheetNum}, by User bk-yard at ${manilaTimestamp(mine.body.data.timeTallied)}.`] },
      },
    });
    // The waybill was taken off the load list meanwhile.
    const release = (await handle.db.select({ releaseTag: waybills.releaseTag }).from(waybills).where(eq(waybills.wayBillRef, b.wayBillRef)))[0].releaseTag;
    const read = (await call("yard", "GET", `/OutBound/loadList/read/${release}`)).body.data;
    const off = await call("yard", "PUT", `/OutBound/loadList/update/${release}`, { dateModified: read.dateModified, entries: [{ wayBillRef: b.wayBillRef, status: "cancel" }] });
    expect(off.status).toBe(200);
    const late = await count(entry({ wayBillRef: b.wayBillRef }));
    expect([late.status, late.body.message]).toEqual([409, `Waybill ${b.wayBillRef} is no longer on the load list of voyage ${w.voyageNum} (it is Draft); its van was not counted.`]);
    expect(late.body.errors.wayBillRef).toEqual([late.body.message]);
    // A waybill whose van is counted stays on the list.
    const keep = await call("yard", "PUT", `/OutBound/loadList/update/${release}`, { dateModified: off.body.data.dateModified, entries: [{ wayBillRef: a.wayBillRef, status: "cancel" }] });
    expect([keep.status, keep.body.message]).toEqual([409, `Waybill ${a.wayBillRef} stays on the load list: its van ${a.containerVanNum} is counted on tally sheet ${sheet.tallySheetNum}. Take the van off the sheet first.`]);
    const lines = await handle.db.select().from(tallySheetLines).where(inArray(tallySheetLines.wayBillRef, [a.wayBillRef, b.wayBillRef]));
    expect(lines.map((x) => x.wayBillRef)).toEqual([a.wayBillRef]);
  });

  it("refuses an entry that cannot be right whatever happened meanwhile, with a 400 naming the field", async () => {
    const [a] = await onList(1);
    const refusal = async (body: Record<string, unknown>) => {
      const res = await count(entry(body));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return [res.body.message, Object.keys(res.body.errors).filter((k) => k !== "")];
    };
    expect(await refusal({ wayBillRef: undefined, containerVanNum: a.containerVanNum })).toEqual(["A full van is counted with its waybill; name the waybill.", ["wayBillRef"]]);
    expect(await refusal({ wayBillRef: a.wayBillRef, containerType: "MT" })).toEqual([`The van of waybill ${a.wayBillRef} is counted as a full van (FL).`, ["containerType"]]);
    expect(await refusal({ wayBillRef: a.wayBillRef, containerVanNum: "LADU0000000" })).toEqual([`Van LADU0000000 is not the van of waybill ${a.wayBillRef}, which is ${a.containerVanNum}.`, ["containerVanNum"]]);
    expect(await refusal({ wayBillRef: "WB-MNL-2099-000001" })).toEqual([`Waybill WB-MNL-2099-000001 is not a waybill of voyage ${w.voyageNum}.`, ["wayBillRef"]]);
    expect(await refusal({ containerType: "MT", containerVanNum: "MSKU1234565" })).toEqual(["Van MSKU1234565 is not a van of the line; an empty van on the sheet is one of the line's own.", ["containerVanNum"]]);
    expect(await refusal({ wayBillRef: a.wayBillRef, truckingCode: "NOPE" })).toEqual(["Trucker NOPE is not an active trucker.", ["truckingCode"]]);
    expect(await refusal({ wayBillRef: a.wayBillRef, cyPullOutCode: "CEBCY" })).toEqual(["Container yard CEBCY is not an active yard of branch MNL.", ["cyPullOutCode"]]);
    expect(await refusal({ wayBillRef: a.wayBillRef, entryId: "x" })).toEqual(["Please correct the invalid fields.", ["entryId"]]);
    expect(await refusal({ wayBillRef: a.wayBillRef, timeTallied: "now" })).toEqual(["Please correct the invalid fields.", ["timeTallied"]]);
    // A waybill for another port of call is not counted on the Cebu sheet.
    await handle.db.update(waybills).set({ destinationBranchCode: "MNL" }).where(eq(waybills.wayBillRef, a.wayBillRef));
    expect(await refusal({ wayBillRef: a.wayBillRef })).toEqual([`Waybill ${a.wayBillRef} goes to MNL; tally sheet ${sheet.tallySheetNum} counts the cargo for CEB.`, ["wayBillRef"]]);
    await handle.db.update(waybills).set({ destinationBranchCode: "CEB" }).where(eq(waybills.wayBillRef, a.wayBillRef));
    expect(await handle.db.select().from(tallySheetLines).where(eq(tallySheetLines.wayBillRef, a.wayBillRef))).toEqual([]);
  });

  it("counts an empty van of the line without a waybill, and takes a van back off the sheet (stage 3 withdrawn)", async () => {
    const empty = await lineVan(l);
    const counted = await count(entry({ containerType: "MT", containerVanNum: empty.toLowerCase(), sealNum: "" }));
    expect(counted.status, JSON.stringify(counted.body)).toBe(201);
    expect(counted.body.data).toMatchObject({ containerVanNum: empty, containerType: "MT", wayBillRef: null, bookingRef: null, size: "20" });
    const [a] = await onList(1);
    const full = await count(entry({ wayBillRef: a.wayBillRef }));
    const back = await call("yard", "PUT", `/OutBound/tallySheet/removeLine/${sheet.tallySheetNum}`, { entryId: full.body.data.entryId });
    expect([back.status, back.body.message]).toEqual([200, `Van ${a.containerVanNum} taken off the tally sheet`]);
    expect(back.body.data.lines.map((x: any) => x.containerVanNum)).not.toContain(a.containerVanNum);
    expect(await stagesOf(a.bookingRef)).toEqual([0, 1, 2]);
    const [kept] = await handle.db.select().from(tallySheetLines).where(eq(tallySheetLines.entryId, full.body.data.entryId));
    expect(kept.removedBy).toBe("bk-yard");
    // Taken back, the van may be counted again under a new entry.
    expect((await count(entry({ wayBillRef: a.wayBillRef }))).status).toBe(201);
  });

  it("keeps the sheet's times in order and takes back only a van that is on it", async () => {
    const read = await readSheet();
    const backwards = await call("yard", "PUT", `/OutBound/tallySheet/update/${sheet.tallySheetNum}`, {
      dateModified: read.dateModified, timeStarted: "2026-11-27T08:00:00.000Z", timeFinished: "2026-11-27T07:00:00.000Z",
    });
    expect([backwards.status, backwards.body.errors.timeFinished]).toEqual([400, ["The time finished comes after the time started."]]);
    const times = await call("yard", "PUT", `/OutBound/tallySheet/update/${sheet.tallySheetNum}`, {
      dateModified: read.dateModified, timeStarted: "2026-11-27T06:00:00.000Z", remarks: "Berth 4",
    });
    expect(times.status, JSON.stringify(times.body)).toBe(200);
    expect([times.body.data.timeStarted, times.body.data.remarks, times.body.message]).toEqual(["2026-11-27T06:00:00.000Z", "Berth 4", "Tally sheet updated successfully"]);
    const stale = await call("yard", "PUT", `/OutBound/tallySheet/update/${sheet.tallySheetNum}`, { dateModified: read.dateModified, remarks: "Berth 5" });
    expect(stale.status).toBe(409);
    const nothing = await call("yard", "PUT", `/OutBound/tallySheet/removeLine/${sheet.tallySheetNum}`, { entryId: "not-counted-here" });
    expect(nothing).toEqual({ status: 404, body: { message: `Entry not-counted-here is not counted on tally sheet ${sheet.tallySheetNum}.`, errors: { "": [] } } });
  });

  it("gives the tally screen the sheets, the waybills on the list, and the origin's truckers and yards", async () => {
    const view = (await call("yard", "GET", `/OutBound/tallySheet/voyage/${w.voyageNum}`)).body.data;
    expect(view.voyage.voyageNum).toBe(w.voyageNum);
    expect(view.sheets.map((s: any) => s.tallySheetNum)).toEqual([sheet.tallySheetNum]);
    const listed = await handle.db.select({ ref: waybills.wayBillRef }).from(waybills)
      .where(and(eq(waybills.voyageNum, w.voyageNum), eq(waybills.status, "On Load List"))).orderBy(asc(waybills.wayBillRef));
    expect(view.onList.map((x: any) => x.wayBillRef)).toEqual(listed.map((x) => x.ref));
    expect(view.truckers).toEqual([{ code: "TRK1", name: "Northline Haulers", plateNum: "ABC 1234" }]);
    expect(view.yards.map((y: any) => y.code)).toContain(LOADING_YARD);
  });
});

describe("a tandem waybill", () => {
  it("records stage 2 for both its bookings, counts each of its two vans for its own booking, refuses the final tally while one van is not counted, then loads both", async () => {
    // A door-to-pier tandem lane from Quezon City (tests/support/sq-pricing.ts), two bookings on it, one waybill.
    const sq = (await call("ae", "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "BKDRY" })).body.data;
    expect((await call("ae", "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", {
      sqRefNum: sq.sqRefNum, documents: [{ ...PORT_LANE, serviceModeCode: "DTP", originAreaCode: "QC", isTandem: true }],
    })).status).toBe(201);
    for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
      expect((await call(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${sq.id}`, { action, remarks: "" })).status).toBe(200);
    }
    const lane = (await call("ae", "GET", `/SalesQuotations/read/${sq.sqRefNum}`)).body.data.lanes[0].sqdocNum;
    const booking = {
      ...PTP_BOOKING, modeOfDelivery: "DTP", isTandem: true, sqdocNum: lane, pickUpAreaCode: "QC",
      pickUpAddress: { street: "12 Mindanao Ave", barangay: "Bahay Toro", city: "Quezon City", province: "Metro Manila", zipCode: "1106" },
    };
    const batch = (await call("staff", "POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: [booking, booking] })).body.data;
    expect((await call("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef })).status).toBe(200);
    const [main, partner] = batch.bookings.map((b: any) => b.bookingRef) as string[];
    expect((await call("staff", "POST", "/Bookings/issueATW", { bookingRefs: [main, partner], truckingCode: "TRK1" })).status).toBe(200);
    const vans: string[] = [];
    for (const ref of [main, partner]) {
      vans.push(await lineVan(l));
      expect((await call("yard", "POST", "/OutBound/cts/create", {
        bookingRef: ref, containerVanNum: vans.at(-1), truckingCode: "TRK1", plateNum: "ABC 1234", driver: "Ramon Cruz", toParty: "Shipper", vanStatus: "Empty",
      })).status).toBe(201);
    }
    const made = await call("yard", "POST", "/OutBound/waybill/create", { bookingRef: main, tandemBookingRef: partner });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const wb = made.body.data.wayBillRef as string;

    // Its own voyage and sheet, so the sheet of the tests above stays as it is.
    const voyage = (await call("staff", "POST", "/VoyageSchedules/createcheduleV1", {
      voyageRef: "V-TANDEM", vesselCode: "LADY", routeCode: "MNL-CEB", estimatedTimeDeparture: new Date(Date.now() + 11 * 86_400_000).toISOString(),
      destinations: [{ destinationBranchCode: "CEB", estimatedTimeArrival: new Date(Date.now() + 12 * 86_400_000).toISOString() }],
    })).body.data.voyageNum as string;
    await handle.db.update(waybills).set({ voyageNum: voyage }).where(eq(waybills.wayBillRef, wb));
    await handle.db.update(bookings).set({ voyageNum: voyage }).where(inArray(bookings.bookingRef, [main, partner]));
    const release = (await call("yard", "POST", "/OutBound/loadList/create", { voyageNum: voyage })).body.data;
    const put = await call("yard", "PUT", `/OutBound/loadList/update/${release.releaseId}`, { dateModified: release.dateModified, entries: [{ wayBillRef: wb, status: "add" }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.waybills.map((x: any) => [x.containerVanNum, x.tandemContainerVanNum])).toEqual([[vans[0], vans[1]]]);
    expect([await stagesOf(main), await stagesOf(partner)]).toEqual([[0, 1, 2], [0, 1, 2]]);

    const view = (await call("yard", "GET", `/OutBound/tallySheet/voyage/${voyage}`)).body.data;
    expect(view.onList.map((c: any) => [c.wayBillRef, c.containerVanNum, c.bookingRef])).toEqual([[wb, vans[0], main], [wb, vans[1], partner]]);
    const tandemSheet = (await call("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: voyage, destinationBranchCode: "CEB" })).body.data;
    const second = await count(entry({ wayBillRef: wb, containerVanNum: vans[1] }), "yard", tandemSheet.tallySheetNum);
    expect([second.status, second.body.data.bookingRef, second.body.data.containerVanNum]).toEqual([201, partner, vans[1]]);
    expect([await stagesOf(main), await stagesOf(partner)]).toEqual([[0, 1, 2], [0, 1, 2, 3]]);
    const stranger = await count(entry({ wayBillRef: wb, containerVanNum: "LADU0000000" }), "yard", tandemSheet.tallySheetNum);
    expect(stranger.body.message).toBe(`Van LADU0000000 is not the van of waybill ${wb}, which is ${vans[0]} and ${vans[1]}.`);
    // One van of the two counted: the final tally would load the whole waybill, so it is refused, naming the van
    // still to count, and nothing moves.
    const half = (await call("yard", "GET", `/OutBound/tallySheet/read/${tandemSheet.tallySheetNum}`)).body.data;
    const early = await call("yard", "PUT", `/OutBound/tallySheet/final/${tandemSheet.tallySheetNum}`, { dateModified: half.dateModified });
    const why = `Van ${vans[0]} of tandem waybill ${wb} (booking ${main}) is not counted on tally sheet ${tandemSheet.tallySheetNum}: ` +
      `count it, or take van ${vans[1]} back off the sheet, before the final tally.`;
    expect(early).toEqual({ status: 409, body: { message: why, errors: { "": [], tallySheetNum: [why] } } });
    expect((await call("yard", "GET", `/OutBound/tallySheet/read/${tandemSheet.tallySheetNum}`)).body.data.status).toBe("Open");
    expect((await handle.db.select({ status: waybills.status }).from(waybills).where(eq(waybills.wayBillRef, wb)))[0].status).toBe("On Load List");
    expect([await stagesOf(main), await stagesOf(partner)]).toEqual([[0, 1, 2], [0, 1, 2, 3]]);

    const first = await count(entry({ wayBillRef: wb }), "yard", tandemSheet.tallySheetNum);
    expect([first.status, first.body.data.bookingRef, first.body.data.containerVanNum]).toEqual([201, main, vans[0]]);

    const read = (await call("yard", "GET", `/OutBound/tallySheet/read/${tandemSheet.tallySheetNum}`)).body.data;
    const final = await call("yard", "PUT", `/OutBound/tallySheet/final/${tandemSheet.tallySheetNum}`, { dateModified: read.dateModified });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    const states = await handle.db.select({ ref: bookings.bookingRef, status: bookings.status }).from(bookings).where(inArray(bookings.bookingRef, [main, partner]));
    expect(states.map((b) => b.status)).toEqual(["At Vessel Loaded", "At Vessel Loaded"]);
    expect((await handle.db.select({ status: waybills.status }).from(waybills).where(eq(waybills.wayBillRef, wb)))[0].status).toBe("Loaded");
    expect([await stagesOf(main), await stagesOf(partner)]).toEqual([[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]);
  });
});

describe("the final tally and its undo", () => {
  let counted: ReadyWaybill[] = [];

  it("locks the sheet, loads the counted waybills and bookings (At Vessel Loaded, stage 4) and dates the voyage's final tally", async () => {
    const before = await readSheet();
    counted = await onList(2);
    for (const r of counted) expect((await count(entry({ wayBillRef: r.wayBillRef }))).status).toBe(201);
    // Made from the sheet as read before those two vans came: refused.
    const stale = await call("yard", "PUT", `/OutBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: before.dateModified });
    expect([stale.status, stale.body.message]).toEqual([409, `Tally sheet ${sheet.tallySheetNum} was changed after you opened it (a van may have been counted meanwhile). Reload it and try again.`]);

    const read = await readSheet();
    const lineRefs = read.lines.map((x: any) => x.wayBillRef).filter(Boolean) as string[];
    const finalTally = await call("yard", "PUT", `/OutBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: read.dateModified });
    expect(finalTally.status, JSON.stringify(finalTally.body)).toBe(200);
    expect(finalTally.body.message).toBe("Final tally sheet made successfully");
    expect(finalTally.body.data).toMatchObject({ status: "Final", finalizedBy: "bk-yard" });
    const { dateFinalized, timeFinished } = finalTally.body.data;
    expect(timeFinished).toBe(dateFinalized);
    const moved = await handle.db.select({ ref: waybills.wayBillRef, status: waybills.status, booking: bookings.status, bookingRef: bookings.bookingRef }).from(waybills)
      .innerJoin(bookings, eq(bookings.bookingRef, waybills.bookingRef)).where(inArray(waybills.wayBillRef, lineRefs));
    expect(moved.map((m) => [m.status, m.booking])).toEqual(lineRefs.map(() => ["Loaded", "At Vessel Loaded"]));
    for (const m of moved) expect(await stagesOf(m.bookingRef)).toEqual([0, 1, 2, 3, 4]);
    const tracking = await json(await t.call("GET", `/api/Bookings/shipmentTracking/${counted[0].bookingRef}`));
    expect(tracking.data.stages.slice(2, 5).map((s: any) => [s.label, s.reachedAt === null])).toEqual([
      ["LoadList Created", false], ["Tallysheet Created", false], ["At Vessel Loaded", false],
    ]);
    expect(tracking.data.stages[4].reachedAt).toBe(dateFinalized);
    const [voyage] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageNum, w.voyageNum));
    expect(voyage.finalTallyAt?.toISOString()).toBe(dateFinalized);
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.title, "Loading Tally Sheet"), eq(notifications.userId, "ts-cebu")))
      .orderBy(asc(notifications.id));
    expect(told.at(-1)!.message).toBe(
      `Tally sheet ${sheet.tallySheetNum} of voyage V-201S (${w.voyageNum}) to CEB: final tally made, ${read.lines.length} vans counted, ${lineRefs.length} bookings at vessel loaded.`,
    );
    // Final, the sheet counts nothing more: an entry captured offline before it was made final is a conflict.
    const [c] = await onList(1);
    const late = await count(entry({ wayBillRef: c.wayBillRef }));
    expect([late.status, late.body.message]).toEqual([409, `Tally sheet ${sheet.tallySheetNum} was made final at ${manilaTimestamp(dateFinalized)}; the van of waybill ${c.wayBillRef} was not counted.`]);
    // One that had landed before answers its line still.
    const landed = read.lines[0];
    const again = await count(entry({ entryId: landed.entryId, wayBillRef: landed.wayBillRef, containerType: landed.containerType, containerVanNum: landed.containerVanNum }));
    expect([again.status, again.body.data.id]).toEqual([200, landed.id]);
  });

  it("refuses the undo to a user without the tally sheet undo role, with the reason why", async () => {
    const read = await readSheet();
    const refused = await call("clerk2", "PUT", `/OutBound/tallySheet/undo/${sheet.tallySheetNum}`, { dateModified: read.dateModified, reason: "Van shut out" });
    expect(refused).toEqual({ status: 403, body: { message: "Your role does not have the Tally sheet undo permission.", errors: { "": [] } } });
    expect((await readSheet()).status).toBe("Final");
    const noReason = await call("undo", "PUT", `/OutBound/tallySheet/undo/${sheet.tallySheetNum}`, { dateModified: read.dateModified, reason: " " });
    expect([noReason.status, noReason.body.errors.reason]).toEqual([400, ["reason is required"]]);
  });

  it("with the role, reopens the sheet and moves everything back, the reason kept in the history and the audit log", async () => {
    const read = await readSheet();
    const reason = "Van LADU shut out: the vessel left it on the pier";
    const undone = await call("undo", "PUT", `/OutBound/tallySheet/undo/${sheet.tallySheetNum}`, { dateModified: read.dateModified, reason });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.message).toBe("Final tally undone");
    expect(undone.body.data).toMatchObject({ status: "Open", dateFinalized: null, finalizedBy: null });
    const refs = read.lines.map((x: any) => x.wayBillRef).filter(Boolean) as string[];
    const back = await handle.db.select({ id: waybills.id, status: waybills.status, bookingId: bookings.id, booking: bookings.status, bookingRef: bookings.bookingRef })
      .from(waybills).innerJoin(bookings, eq(bookings.bookingRef, waybills.bookingRef)).where(inArray(waybills.wayBillRef, refs));
    expect(back.map((b) => [b.status, b.booking])).toEqual(refs.map(() => ["On Load List", "Outbound CTS Issued"]));
    for (const b of back) expect(await stagesOf(b.bookingRef)).toEqual([0, 1, 2, 3]);
    const history = await handle.db.select().from(statusHistory).where(eq(statusHistory.action, "reopen"));
    expect(history.map((h) => [h.entity, h.fromStatus, h.toStatus, h.actor, h.remarks])).toEqual([["tally-sheet", "Final", "Open", "bk-undo", reason]]);
    const undoLoads = await handle.db.select().from(statusHistory).where(eq(statusHistory.action, "undoLoad")).orderBy(asc(statusHistory.id));
    expect(undoLoads.map((h) => [h.entity, h.remarks])).toEqual([...refs.map(() => ["waybill", reason]), ...refs.map(() => ["booking", reason])]);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.target, `tally-sheet:${sheet.tallySheetNum}`)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actor, a.detail])).toEqual([
      ["STATUS_CHANGED", "bk-yard", { recordId: undone.body.data.id, action: "finalize", before: { status: "Open" }, after: { status: "Final" } }],
      ["STATUS_CHANGED", "bk-undo", { recordId: undone.body.data.id, action: "reopen", before: { status: "Final" }, after: { status: "Open" }, remarks: reason }],
    ]);
    const [voyage] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageNum, w.voyageNum));
    expect(voyage.finalTallyAt).toBeNull();
    // Open again, it counts again and may be made final again.
    const again = await readSheet();
    const finalAgain = await call("yard", "PUT", `/OutBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: again.dateModified });
    expect(finalAgain.status).toBe(200);
  });

  it("answers another branch's sheet exactly as one that does not exist", async () => {
    const theirs = await call("cebu", "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`);
    expect(theirs).toEqual({ status: 404, body: { message: `Tally sheet ${sheet.tallySheetNum} was not found.`, errors: { "": [] } } });
    expect(await call("cebu", "GET", `/OutBound/tallySheet/read/TS-MNL-${year}-999999`)).toEqual({
      status: 404, body: { message: `Tally sheet TS-MNL-${year}-999999 was not found.`, errors: { "": [] } },
    });
    expect(await count(entry({ containerType: "MT", containerVanNum: "LADU0000000" }), "cebu")).toEqual(theirs);
    expect((await call("cebu", "GET", `/OutBound/tallySheet/voyage/${w.voyageNum}`)).status).toBe(404);
    expect((await call("cebu", "GET", `/OutBound/tallySheet/print/${sheet.tallySheetNum}`)).status).toBe(404);
    const pdf = await w.call("yard", "GET", `/OutBound/tallySheet/print/${sheet.tallySheetNum}`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
  });
});
